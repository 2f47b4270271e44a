"""Renders derived from a game's stored entries, kept in the database and shared by every worker and host.

A render (the hands of a game page, its chart, the API's game object) is
kept under a digest of everything it depends on: the release of the app
that made it (its code, templates and translations), what it is, the game, the
game's version (for the API's object of a game in a session, every game's
of the session), the language, and whether the reader may edit. Every
change moves the version, so a render of an older state is never read
again: a stale answer is impossible by construction, and a change made
through one worker shows at once through every other. A render holds
nothing of the request (no host name, CSRF token or form key): those are
drawn around it.

A render missing from the cache is made for the request that needs it,
and a GET stores what it made once its answer is ready (`write_new`, in
store/cache/after_answer.py's one transaction with the hands' pieces it made),
dropping the renders of the game's older versions. Storing is best
effort: while another request holds SQLite's write lock it waits up to
`database.STORE_WAIT_MS` (a few of a save's milliseconds), then is
skipped, and the next reader makes the render again.

Everything kept for readers stays under RENDER_CACHE_MAX_BYTES: the
renders (whole answers and event parts among them) and the hands' pieces
(hand_pieces.py). Past it the oldest are dropped first: the least recently used
renders and the earliest kept pieces, together. Their size is kept in one
row that every write of either moves in the same transaction, so storing
never sums the cache.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask, current_app, g, render_template, request
from flask_babel import get_locale
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup
from sqlalchemy import Connection, bindparam, delete, select, tuple_, update
from sqlalchemy.orm import Session

from ...database import OnConflict
from ...extensions import db
from ...models import Game, Piece, Render, RenderCacheSize, table
from ..running_state import source_digest
from . import after_answer

ROOT = Path(__file__).resolve().parents[3]
RELEASE = hashlib.sha256("".join(
    source_digest(ROOT / folder, pattern) for folder, pattern in
    (("scorekeeper", "*.py"), ("templates", "*.html"), ("translations", "*.po"))).encode()).hexdigest()
"""The code, templates and translations that make renders: renders made by another release are not read."""

NEW_RENDERS = "new_renders"
NEW_ENCODINGS = "new_encodings"
TOUCHED = "touched_renders"
TOUCH_EVERY = 3600.0  # seconds: how finely the cache knows when a render was last read
EVICT_BATCH = 500
STORING_METHODS = frozenset({"GET", "HEAD"})
ENCODINGS = ("br", "gzip")  # the compressed forms kept once asked for, as columns of Render


# Core statements of the hot paths, built once (building one costs more than running it).
_RENDERS, _SIZE = table(Render), table(RenderCacheSize)
_FIND = select(_RENDERS.c.body, _RENDERS.c.used_at).where(_RENDERS.c.key == bindparam("key"))
_DROP_OLDER = (delete(_RENDERS).where(_RENDERS.c.game == bindparam("of_game"), _RENDERS.c.version < bindparam("below"))
               .returning(_RENDERS.c.size))
# Leaves a render another worker stored first, returning the size of each one it did store. A whole answer's key
# holds no version (whole_answers.py): the game's older versions are dropped before. Every row names every column
# (those of the encodings it was not kept in, None).
_INSERT_NEW = OnConflict(lambda insert: insert(_RENDERS).on_conflict_do_nothing(index_elements=["key"])
                        .returning(_RENDERS.c.size))
_NO_ENCODINGS = dict.fromkeys(ENCODINGS)
_TOUCH = (update(_RENDERS).where(_RENDERS.c.key.in_(bindparam("keys", expanding=True)))
          .values(used_at=bindparam("now")))
_MOVE_SIZE = (update(_SIZE).where(_SIZE.c.id == 1).values(bytes=_SIZE.c.bytes + bindparam("moved"))
              .returning(_SIZE.c.bytes))

_SESSION_VERSIONS = select(Game.id, Game.version).where(Game.session_id == bindparam("session_id")).order_by(Game.id)


def session_versions(reader: Connection | Session, session_id: str | None) -> str:
    """Every game's version in the session, in one small query; "" for a game alone."""
    if session_id is None:
        return ""
    rows = reader.execute(_SESSION_VERSIONS, {"session_id": session_id})
    return ",".join(f"{game_id}:{version}" for game_id, version in rows)


def session_state(game: Game) -> str:
    """The game's version, or for a game in a session every game's of the session."""
    if game.session_id is None:
        return str(game.version)
    return session_versions(db.session(), game.session_id)  # the ORM session: it flushes what this request changed


def cached(what: str, game: Game, make: Callable[[], str], *, editable: bool = False,
           with_session: bool = False, store: bool = True) -> str:
    """The render `what` of the game as it is now, for this language and reader: from the cache, or `make()`,
    kept for the next readers unless `store` is false (the whole answer that holds it is kept instead)."""
    state = session_state(game) if with_session else str(game.version)
    key = key_of(what, game.public_id, state, str(get_locale()), "edit" if editable else "view")
    found = db.session.execute(_FIND, {"key": key}).one_or_none()
    if found is None:
        body = make()
        if store:
            keep(key, game.public_id, game.version, body)
        return body
    touch(key, found.used_at)
    return found.body


def keep(key: str, public_id: str, version: int, body: str, **encoded: bytes) -> None:
    """Store this render once the GET's answer is ready (`write_new`), with its compressed forms if any."""
    if request.method in STORING_METHODS:
        size = len(body.encode()) + sum(len(data) for data in encoded.values())
        g.setdefault(NEW_RENDERS, {})[key] = {"game": public_id, "version": version, "body": body, "size": size,
                                             **encoded}
        after_answer.later()


def keep_encoded(key: str, version: int, encoding: str, data: bytes) -> None:
    """Store a kept render's form in another encoding once the GET's answer is ready (`write_new`)."""
    if request.method in STORING_METHODS:
        g.setdefault(NEW_ENCODINGS, {})[key, encoding] = (version, data)
        after_answer.later()


def touch(key: str, used_at: float | None) -> None:
    """Note that a kept render was read: its last use moves, at most once an hour (`write_new`), so a read
    stays a read almost always."""
    if used_at is not None and used_at < time.time() - TOUCH_EVERY and request.method in STORING_METHODS:
        g.setdefault(TOUCHED, set()).add(key)
        after_answer.later()


def key_of(*parts: str) -> str:
    """The cache key of a render that depends on `parts` (and on the release)."""
    return hashlib.sha256("\0".join((RELEASE, *parts)).encode()).hexdigest()


@pass_context
def cached_part(context: Context, template: str, *, by_reader: bool = True) -> Markup:
    """A part of the game's page drawn from every hand (`template`), from the cache of renders; the part draws
    each hand from its kept pieces (hand_pieces.py), so the engine resumed from the running state is enough.

    `by_reader`: whether editors see it otherwise than readers (edit links).
    """
    game, editable = context["game"], context["editable"]

    def make() -> str:
        return render_template(template, **context.get_all())

    return Markup(cached(template, game, make, editable=by_reader and editable))  # noqa: S704  # our own render


def write_new() -> int:
    """Write what this GET rendered (renders, or a kept one's form in another encoding) for the next readers, drop
    the renders of the games' older versions and note which kept ones were read; in the session's transaction, not
    committed (store/cache/after_answer.py, which moves the cache's size by the bytes returned: `settle_size`)."""
    new: dict[str, dict[str, Any]] = g.pop(NEW_RENDERS, {})
    encoded: dict[tuple[str, str], tuple[int, bytes]] = g.pop(NEW_ENCODINGS, {})
    touched: set[str] = g.pop(TOUCHED, set())
    now = time.time()
    moved = 0  # the bytes the cache gains
    for public_id, version in {(values["game"], values["version"]) for values in new.values()}:
        moved -= sum(db.session.execute(_DROP_OLDER, {"of_game": public_id, "below": version}).scalars())
    if new:
        moved += sum(db.session.execute(_INSERT_NEW.in_session(), [
            {**_NO_ENCODINGS, **values, "key": key, "used_at": now} for key, values in new.items()]).scalars())
    for (key, encoding), (version, data) in encoded.items():
        moved += len(data) * len(db.session.execute(_add_encoding(key, version, encoding, data)).all())
    if touched:
        db.session.execute(_TOUCH, {"keys": sorted(touched), "now": now})
    return moved


def settle_size(moved: int) -> None:
    """Move the cache's size by the bytes a GET's writers stored or dropped, once for all of them, and keep the
    cache under its cap; nothing when they moved none."""
    if moved:
        keep_under_cap(move_size(moved))


def _add_encoding(key: str, version: int, encoding: str, data: bytes) -> Any:
    """UPDATE that adds the render's form in `encoding` unless another worker did first, returning the row if it
    did add it."""
    column = getattr(Render, encoding)
    return (update(Render).where(Render.key == key, Render.version == version, column.is_(None))
            .values({column: data, Render.size: Render.size + len(data)}).returning(Render.key)
            .execution_options(synchronize_session=False))


def _drop(*where: Any) -> int:
    """Delete the renders `where` says; the bytes they held."""
    statement = delete(Render).where(*where).returning(Render.size).execution_options(synchronize_session=False)
    return sum(db.session.execute(statement).scalars())


def move_size(moved: int) -> int:
    """Move the cache's size by `moved` bytes, in the transaction that moved them; the size it now holds."""
    return int(db.session.execute(_MOVE_SIZE, {"moved": moved}).scalar_one())


def keep_under_cap(total: int) -> None:
    """Past RENDER_CACHE_MAX_BYTES, drop the oldest renders and pieces until the cache holds at most nine tenths
    of it (so that it is not trimmed again at the next store)."""
    cap = int(current_app.config["RENDER_CACHE_MAX_BYTES"])
    if total <= cap:
        return
    target = cap * 9 // 10
    while total > target:
        renders: list[str] = []
        pieces: list[Any] = []
        left = total
        for _, size, kind, key in _oldest():
            if left <= target:
                break
            (renders if kind == "render" else pieces).append(key)
            left -= size
        if not renders and not pieces:
            return
        dropped = _drop(Render.key.in_(renders)) if renders else 0
        if pieces:
            dropped += drop_pieces(tuple_(Piece.game_id, Piece.number, Piece.what).in_(pieces))
        total = move_size(-dropped)


def _oldest() -> list[tuple[float, int, str, Any]]:
    """The oldest renders (by last use) and pieces (by when kept), a batch of each, oldest first: (when, size,
    kind, key). On PostgreSQL the rows another store is writing are passed over, not waited for: that store may
    be waiting for the size's row, which this one holds (a deadlock)."""
    renders = db.session.execute(select(Render.used_at, Render.size, Render.key).order_by(Render.used_at, Render.key)
                                 .limit(EVICT_BATCH).with_for_update(skip_locked=True)).all()
    pieces = db.session.execute(select(Piece.kept_at, Piece.size, Piece.game_id, Piece.number, Piece.what)
                                .order_by(Piece.kept_at).limit(EVICT_BATCH).with_for_update(skip_locked=True)).all()
    return sorted([(row.used_at, row.size, "render", row.key) for row in renders]
                  + [(row.kept_at, row.size, "piece", (row.game_id, row.number, row.what)) for row in pieces],
                  key=lambda row: row[:1])


def drop_pieces(*where: Any) -> int:
    """Delete the pieces `where` says; the bytes they held (the caller moves the size)."""
    statement = delete(Piece).where(*where).returning(Piece.size).execution_options(synchronize_session=False)
    return sum(db.session.execute(statement).scalars())


def forget(game: Game) -> None:
    """Drop every render of a game being deleted (not committed)."""
    forget_games([game.public_id])


def forget_games(public_ids: Any) -> None:
    """Drop every render of the games being deleted, their public ids (a list or a subquery); not committed."""
    move_size(-_drop(Render.game.in_(public_ids)))


def init_app(app: Flask) -> None:
    app.jinja_env.globals["cached_part"] = cached_part
