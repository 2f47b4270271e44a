"""Limits on what one client may do, counted in the app's database so that every worker and host shares them.

Flask-Limiter decides; its counters (the `limits` library's storage) live in
the `rate_limit` table (`DatabaseStorage`), on SQLite and PostgreSQL alike:
one row a counter and window, changed by one atomic upsert.

- Making games, every way there is: `CREATION_LIMIT` games per client
  address, one budget for all of them. A new game (the page, the API, one
  started offline and sent later), an import, a rematch and a club night
  count one each (`creation_limit`); seating a club night's round counts
  its tables, and only once seated (`seating_limit`).
- Wrong edit tokens (a wrong Bearer token, a wrong "share edit access"
  link, a wrong organiser's link): `EDIT_TOKEN_FAILURES_PER_GAME` per game
  (or club night) and `EDIT_TOKEN_FAILURES_PER_ADDRESS` per address
  (`edit_token_attempts`). Only refused attempts count, and only they are
  limited: once a limit is spent a wrong token is answered 429 instead of
  403, while the right token (or the cookie that holds it) still works at
  once, from any address. A reader who sends wrong tokens can never lock
  the table out; what keeps a guesser out is the token itself (128 random
  bits), and the limit tells a client that keeps guessing to stop.

Past a limit the answer is `429` with `Retry-After` (app.py draws the page
or the JSON). `LIMITS_ENABLED = False` turns them off (the tests do, except
their own). Behind a reverse proxy, `FORWARDED_FOR_PROXIES` says how many
proxies' `X-Forwarded-For` to believe, so that clients are told apart.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any, TypeVar, cast

from flask import Flask, Response, current_app, has_request_context, request
from flask_babel import gettext as _
from flask_limiter import Limiter
from limits import RateLimitItem, parse_many
from limits.storage import Storage
from sqlalchemy import bindparam, case, delete, select
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.exceptions import HTTPException, TooManyRequests
from werkzeug.middleware.proxy_fix import ProxyFix

from ..database import OnConflict, read_connection
from ..extensions import db
from ..models import RateLimit, table

STORAGE_URI = "scorekeeper-database://"
FORGET_BATCH = 100
COUNTERS = table(RateLimit)

F = TypeVar("F", bound=Callable[..., Any])


class DatabaseStorage(Storage):
    """The `limits` storage in the app's database: each call a short transaction on a connection of its own.

    A request reads each counter once: Flask-Limiter asks for a limit's count several times (once for each
    limit decorator of the view, and again for the response's X-RateLimit headers), so a request keeps the
    windows it read (`_window`) until it counts one itself."""

    STORAGE_SCHEME = ["scorekeeper-database"]

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return SQLAlchemyError

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        """Add `amount` to the counter, which starts again (at `amount`) once its window has ended."""
        now = time.time()
        with db.engine.begin() as connection:
            count = connection.execute(_COUNT.on(connection), {
                "key": key, "count": amount, "expires_at": now + expiry, "now": now}).scalar_one()
            stale = select(COUNTERS.c.key).where(COUNTERS.c.expires_at < now).limit(FORGET_BATCH)
            connection.execute(delete(RateLimit).where(COUNTERS.c.key.in_(stale)))
        _windows_read().pop(key, None)
        return int(count)

    def get(self, key: str) -> int:
        count, expires = _window(key)
        return count if expires > time.time() else 0

    def get_expiry(self, key: str) -> float:
        _, expires = _window(key)
        return expires if expires else time.time()

    def check(self) -> bool:
        try:
            with read_connection() as connection:
                connection.execute(select(1))
        except SQLAlchemyError:
            return False
        return True

    def reset(self) -> int | None:
        with db.engine.begin() as connection:
            return connection.execute(delete(RateLimit)).rowcount

    def clear(self, key: str) -> None:
        with db.engine.begin() as connection:
            connection.execute(delete(RateLimit).where(COUNTERS.c.key == key))
        _windows_read().pop(key, None)


def _count(insert: Callable[..., Any]) -> Any:
    """A counter's new row, or the count added to the row's (the window started again, if it had ended)."""
    statement = insert(COUNTERS)
    ended = COUNTERS.c.expires_at <= bindparam("now")
    return statement.on_conflict_do_update(index_elements=["key"], set_={
        "count": case((ended, statement.excluded["count"]), else_=COUNTERS.c.count + statement.excluded["count"]),
        "expires_at": case((ended, statement.excluded.expires_at), else_=COUNTERS.c.expires_at),
    }).returning(COUNTERS.c.count)


_COUNT = OnConflict(_count)
_WINDOWS = "scorekeeper.rate_limit_windows"  # a key of the request's WSGI environ, which lives as long as it


def _windows_read() -> dict[str, tuple[int, float]]:
    """The counters this request has read, by key (outside a request: none are kept)."""
    return request.environ.setdefault(_WINDOWS, {}) if has_request_context() else {}


def _window(key: str) -> tuple[int, float]:
    """The counter's count and the end of its window (0.0: no counter), read once a request: the first counter
    asked for is read with every other counter the request's limits may ask for, in one query."""
    windows = _windows_read()
    if key not in windows:
        keys = (_request_keys() | {key}) - windows.keys()
        with read_connection() as connection:  # never waits for a writer, even the request's own
            rows = connection.execute(_READ_COUNTERS, {"keys": list(keys)}).all()
        windows.update(dict.fromkeys(keys, (0, 0.0)))
        windows.update((row.key, (int(row.count), float(row.expires_at))) for row in rows)
    return windows[key]


_READ_COUNTERS = select(COUNTERS.c.key, COUNTERS.c.count, COUNTERS.c.expires_at).where(
    COUNTERS.c.key.in_(bindparam("keys", expanding=True)))


def _request_keys() -> set[str]:
    """The keys of the counters of every limit of `LIMITS` for this request (the `limits` library's keys)."""
    return {item.key_for(whose(), scope) for scope, (setting, whose) in LIMITS.items()
            for item in _parsed(current_app.config[setting])}


@lru_cache(maxsize=32)
def _parsed(limits: str) -> list[RateLimitItem]:
    return parse_many(limits)


def client_address() -> str:
    return request.remote_addr or "unknown"


def limits_off() -> bool:
    return not current_app.config["LIMITS_ENABLED"]


def _setting(name: str) -> Callable[[], str]:
    return lambda: str(current_app.config[name])


def _game() -> str:
    """Whose token the request tries: the game's, or the club night's (its organiser's)."""
    args = request.view_args or {}
    return str(args["game_id"]) if "game_id" in args else f"event:{args.get('event_id', '')}"


def _refused(response: Response) -> bool:
    """Whether the edit token was refused (403; a wrong join link or unknown game: 404).

    The request's transaction ends first: on SQLite it may hold the write lock that counting needs.
    """
    if response.status_code not in (403, 404):
        return False
    db.session.rollback()
    return True


LIMITS: dict[str, tuple[str, Callable[[], str]]] = {
    "creation": ("CREATION_LIMIT", client_address),
}
"""Each limit Flask-Limiter checks before a view: its setting and whose counter it is (a client's address)."""

TOKEN_LIMITS: dict[str, tuple[str, Callable[[], str]]] = {
    "edit-token-game": ("EDIT_TOKEN_FAILURES_PER_GAME", _game),
    "edit-token-address": ("EDIT_TOKEN_FAILURES_PER_ADDRESS", client_address),
}
"""The wrong tokens' counters, counted after a refusal (never before a view): setting, and whose counter it is."""


def _shared_limit(scope: str, **options: Any) -> Any:
    setting, whose = LIMITS[scope]
    return limiter.shared_limit(_setting(setting), scope=scope, key_func=whose, exempt_when=limits_off, **options)


limiter = Limiter(key_func=client_address, storage_uri=STORAGE_URI, headers_enabled=True,
                  strategy="fixed-window")

def _too_many_games() -> str:
    return _("Too many games were started from this connection in a short time. Wait a little, then try again.")


_creation = _shared_limit("creation", methods=["POST"], error_message=_too_many_games)


def _too_many_wrong_tokens() -> str:
    return _("Too many wrong edit links or tokens were tried for this game or from this connection. "
             "Wait a little, then try again.")


def _count_wrong_token() -> int:
    """Count a refused token in each of its windows: the seconds until the last spent window ends (0: none is)."""
    wait = 0.0
    for scope, (setting, whose) in TOKEN_LIMITS.items():
        for item in _parsed(current_app.config[setting]):
            if not limiter.limiter.hit(item, whose(), scope):
                reset = limiter.limiter.get_window_stats(item, whose(), scope).reset_time
                wait = max(wait, reset - time.time())
    return math.ceil(wait)


def _guesser_told_to_wait(response: Response) -> Response:
    """The view's refusal, or a 429 once the wrong tokens of this game or address have spent a window."""
    if limits_off() or not _refused(response):
        return response
    wait = _count_wrong_token()
    if not wait:
        return response
    refusal = current_app.make_response(current_app.handle_http_exception(
        TooManyRequests(description=_too_many_wrong_tokens())))
    refusal.headers["Retry-After"] = str(wait)
    return refusal


def creation_limit(view: F) -> F:
    """For every view that creates one game or event (a new game, an import, a rematch, an event)."""
    return cast(F, _creation(view))


def _seated(response: Response) -> bool:
    """Whether the round was seated; the request's transaction ends first, as in `_refused`."""
    if response.status_code not in (201, 303):
        return False
    db.session.rollback()
    return True


def seating_limit(tables: Callable[[], int]) -> Callable[[F], F]:
    """For a view that seats a round: it needs `tables()` games of the creation budget left, and spends them
    once the round is seated (a round still playing, a wrong token: nothing spent)."""
    seating = _shared_limit("creation", methods=["POST"], cost=tables, deduct_when=_seated,
                            error_message=_too_many_games)
    return cast(Callable[[F], F], seating)


def edit_token_attempts(view: F) -> F:
    """For every view that checks a token against the game in its `game_id` (or the club night in its
    `event_id`): the guesser's wrong tokens are limited, never the right one."""
    @wraps(view)
    def limited(*args: Any, **kwargs: Any) -> Response:
        try:
            response = current_app.make_response(view(*args, **kwargs))
        except HTTPException as error:
            response = current_app.make_response(current_app.handle_http_exception(error))
        return _guesser_told_to_wait(response)

    return cast(F, limited)


def _retry_after_only_when_refused(response: Response) -> Response:
    """Flask-Limiter sends Retry-After with every answer under a limit; RFC 9110 gives it a meaning only on a 429
    or a 503, and on a success (a 201) it would tell a client to wait before its next request."""
    if response.status_code not in (429, 503):
        response.headers.pop("Retry-After", None)
    return response


def init_app(app: Flask) -> None:
    proxies = int(app.config["FORWARDED_FOR_PROXIES"])
    if proxies:
        # The proxies trusted for the client's address are trusted for the scheme it used (HTTPS: Secure cookies).
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)  # type: ignore[method-assign]
    limiter.init_app(app)
    # At the head of the list, so it runs after every other hook, Flask-Limiter's header injection included.
    app.after_request_funcs.setdefault(None, []).insert(0, _retry_after_only_when_refused)
    # Every limit is a view's own, checked by its decorator. Flask-Limiter's check before every request looks for
    # limits of the whole app, of which there are none, and cost a live poll a tenth of its time.
    app.before_request_funcs[None].remove(limiter._check_request_limit)
