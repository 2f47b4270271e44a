"""Who may change a game: holders of its edit token.

The creator's browser remembers the token in the signed session cookie,
which is permanent: it lasts PERMANENT_SESSION_LIFETIME (a year) after the
browser's last visit. A "share edit access" link hands the token to other
phones; the creator is shown that link once, to keep, in case this browser
forgets. The plain game link is read-only. Nothing is kept in the process.

Only a page being opened renews the unchanged cookie (`PagesRenewTheCookie`).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, request, session
from flask.sessions import SecureCookieSessionInterface, SessionMixin

from ..models import Game, token_matches
from .htmx import is_fragment_request

# About 50 bytes each in the cookie: 60 games keep it near 3 KB, under the 4 KB browsers accept.
REMEMBERED_GAMES = 60


def _remembered() -> dict[str, str]:
    """Edit tokens by edit key, oldest first.

    Kept in the cookie as a list of pairs: the session's JSON sorts the keys of an object,
    which would lose which games are the most recent.
    """
    kept = session.get("edit_tokens", [])
    return dict(kept.items() if isinstance(kept, dict) else kept)


def remember_token(game: Game, token: str) -> None:
    """Keep the token in this browser (the most recent games only, to keep the cookie small)."""
    remember_key(game.edit_key, token)


def remember_key(edit_key: str, token: str) -> None:
    """Keep a token under `edit_key` (a game's, or a club night's organiser's) in this browser."""
    tokens = _remembered()
    tokens.pop(edit_key, None)
    tokens[edit_key] = token
    session["edit_tokens"] = [list(pair) for pair in list(tokens.items())[-REMEMBERED_GAMES:]]
    session.permanent = True


def remembered_token(edit_key: str) -> str | None:
    """The token this browser keeps under `edit_key`, if any."""
    return _remembered().get(edit_key)


def offer_edit_link(game: Game) -> None:
    """Show this browser the game's edit link, to keep, the next time it opens the game's page."""
    session["keep_edit_link"] = game.public_id


def take_edit_link_offer(game: Game) -> bool:
    """Whether this page view should offer the edit link (once only)."""
    if session.get("keep_edit_link") != game.public_id:
        return False
    del session["keep_edit_link"]
    return can_edit(game)


def token_for(game: Game) -> str | None:
    return _remembered().get(game.edit_key)


def can_edit(game: Game) -> bool:
    return game.has_edit_token(token_for(game))


def holds_token(edit_key: str, edit_token_hash: str) -> bool:
    """`can_edit` from the game's columns alone: the game's edit key and its stored token hash."""
    return token_matches(_remembered().get(edit_key), edit_token_hash)


def remembered_keys() -> list[str]:
    """Edit keys (game or session ids) of the games this browser can edit, most recent first."""
    return list(reversed(_remembered()))


class PagesRenewTheCookie(SecureCookieSessionInterface):
    """A changed session is always sent; an unchanged one is renewed only by a page being opened.

    A renewed cookie is the session as its request found it, so a renewal answered after a "join" link's
    answer would undo the edit rights the link just gave. What is fetched beside a page, at any moment
    (its files, the worker, the manifest, the live poll every two seconds, htmx fragments), never renews it.
    """

    BESIDE_A_PAGE = frozenset({"static", "offline.service_worker", "offline.manifest", "live.changes"})

    def __init__(self) -> None:
        self._serializer: tuple[Any, Any] | None = None

    def get_signing_serializer(self, app: Flask) -> Any:
        """Flask's serializer, built once for the app's keys instead of on every request (it holds no state)."""
        keys = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        if self._serializer is None or self._serializer[0] != keys:
            self._serializer = (keys, super().get_signing_serializer(app))
        return self._serializer[1]

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        if session.modified:
            return True
        return (super().should_set_cookie(app, session) and request.endpoint not in self.BESIDE_A_PAGE
                and not is_fragment_request())


def init_app(app: Flask) -> None:
    app.session_interface = PagesRenewTheCookie()
