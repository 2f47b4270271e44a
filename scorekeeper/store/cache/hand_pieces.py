"""Pieces drawn from one hand's result, kept while that result stays what it was: a change re-renders what it
changed, not the whole history.

Every hand row says at which version of the game its result last changed
(`Hand.scored`): recording a hand sets its own, replacing one sets its own
and every later hand's, an undo changes none. A piece of a hand (its line in
the history, its object in the API, its running scores for the chart) is
kept under the hand's number and what it is (with its language and reader),
with that version and the release of the app, and it is read in the same
query as the hand rows, only where both still match: a stale piece is
impossible by construction, as with the renders of renders.py. So after a
hand is recorded, only that hand's pieces are made (from the engine resumed
from the running state); every other is read. After an edit the later
hands' pieces are made again, from the game replayed in one query. A read
that had to replay the game anyway (its running state is of another
version, as after an undo) draws every piece from that replay.

A GET stores the pieces it made once its answer is ready (`write_new`, in
store/cache/after_answer.py's one transaction with its renders); best effort, as
renders are: when the database is busy the next reader makes them again.
Pieces count under RENDER_CACHE_MAX_BYTES with the renders (renders.py),
the earliest kept dropped first.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from flask import g, request
from sqlalchemy import and_, bindparam, select, tuple_

from ...database import OnConflict
from ...extensions import db
from ...games import GAMES
from ...games.base import Engine
from ...models import Game, Hand, Piece, table
from . import after_answer
from .renders import RELEASE, drop_pieces, move_size

_HAND = table(Hand)
_PIECE = table(Piece)
_GAME = table(Game)
NEW_PIECES = "new_pieces"
STORING_METHODS = frozenset({"GET", "HEAD"})
_RELEASE = RELEASE[:16]  # the app's code, templates and translations: pieces of another release are not read

Make = Callable[[Engine, int], str]
"""Draws the piece of hand `number` from an engine that holds that hand's result (or its waiting first step)."""

# Built once each: building a query costs more than running it.
_LOOKUP = (
    select(_HAND.c.number, _HAND.c.scored, _PIECE.c.body)
    .select_from(_HAND.outerjoin(_PIECE, and_(
        _PIECE.c.game_id == _HAND.c.game_id, _PIECE.c.number == _HAND.c.number, _PIECE.c.what == bindparam("what"),
        _PIECE.c.release == bindparam("release"), _PIECE.c.scored == _HAND.c.scored)))
    .where(_HAND.c.game_id == bindparam("game_id"), _HAND.c.number > bindparam("after"),
           _HAND.c.number <= bindparam("upto"))
    .order_by(_HAND.c.number)
)
_ENTRIES = (
    select(_HAND.c.number, _HAND.c.scored, _HAND.c.entry, _GAME.c.version)
    .select_from(_HAND.join(_GAME, _GAME.c.id == _HAND.c.game_id))
    .where(_HAND.c.game_id == bindparam("game_id"))
    .order_by(_HAND.c.number)
)


def last_scored(engine: Engine) -> int:
    """The number of the last scored hand (0 for none)."""
    return engine.next_number() - 1 - len(engine.after_end) - (1 if engine.waiting is not None else 0)


def last_number(engine: Engine) -> int:
    """The last hand that has a piece: the one waiting for its play, else the last scored (0 for none)."""
    return engine.waiting_number() or last_scored(engine)


def hand_of(engine: Engine, number: int) -> Any:
    """Hand `number`'s result, or its first step while it waits for its play; a resumed engine holds only its
    last scored hand's result (`last_scored`) and the waiting one."""
    if number == engine.waiting_number():
        return engine.waiting
    if engine.is_resumed:
        return engine.last_result()
    return engine.results[number - 1]


def kept(game: Game, engine: Engine, what: str, make: Make, *, after: int = 0, upto: int | None = None
         ) -> list[tuple[int, str]]:
    """The pieces `what` of hands after..upto (every hand up to the last with a piece by default), first to last.

    `engine` is the game's engine at the game's version or later. A whole
    engine (the game was replayed: its running state was of another version)
    draws every piece itself, as it already paid for the replay. A resumed one
    holds only its last hands: kept pieces are read in one query with the hand
    rows, a missing one of a hand it holds is made from it (recording a hand
    misses only that hand's), any other from the game replayed in one query.
    """
    last = last_number(engine) if upto is None else upto
    if last <= after:
        return []
    if not engine.is_resumed:
        return [(number, make(engine, number)) for number in range(after + 1, last + 1)]
    rows = db.session.execute(_LOOKUP, {"game_id": game.id, "what": what, "release": _RELEASE, "after": after,
                                        "upto": last}).all()
    missing = [(number, scored) for number, scored, body in rows if body is None]
    if not missing:
        return [(number, body) for number, _, body in rows]
    made = {}
    if _holds(game, engine, missing):
        for number, scored in missing:
            made[number] = _keep(game, number, what, scored, make(engine, number))
    else:
        replayed, scored_at = _replayed(game)
        wanted = {number for number, _ in missing}
        for number in sorted(wanted & set(scored_at)):
            if number <= last_number(replayed):
                made[number] = _keep(game, number, what, scored_at[number], make(replayed, number))
    return [(number, body if body is not None else made[number]) for number, _, body in rows
            if body is not None or number in made]


def _holds(game: Game, engine: Engine, missing: list[tuple[int, int]]) -> bool:
    """Whether the resumed `engine` (at the game's version) holds the results of the `missing` hands as read.

    A hand whose result last changed at or before the engine's version, and is read unchanged since, has the
    same result in the engine; a later one was read after a change the engine does not know of.
    """
    held = {last_scored(engine), engine.waiting_number()}
    return all(scored <= game.version and number in held for number, scored in missing)


def _replayed(game: Game) -> tuple[Engine, dict[int, int]]:
    """The game replayed from its entries, and each hand's scored version, read in one query (once a request)."""
    cache = g.setdefault("replayed_pieces", {})
    if game.id not in cache:
        rows = db.session.execute(_ENTRIES, {"game_id": game.id}).all()
        kind = GAMES.of(game)
        setup = kind.restore(game)
        engine = kind.replay(setup, [kind.parse_entry(setup.table, entry) for _, _, entry, _ in rows])
        cache[game.id] = engine, {number: scored for number, scored, _, _ in rows}
    return cache[game.id]


def _keep(game: Game, number: int, what: str, scored: int, body: str) -> str:
    """Store this piece once the GET's answer is ready (`write_new`); returns it."""
    if request.method in STORING_METHODS:
        g.setdefault(NEW_PIECES, []).append(
            {"game_id": game.id, "number": number, "what": what, "release": _RELEASE, "scored": scored,
             "body": body, "size": len(body.encode())})
        after_answer.later()
    return body


# Leaves a piece another worker stored first, returning the size of each one it did store.
_INSERT_NEW = OnConflict(lambda insert: insert(_PIECE).on_conflict_do_nothing(
    index_elements=["game_id", "number", "what"]).returning(_PIECE.c.size))


def write_new() -> int:
    """Write the pieces this GET made for the next readers, replacing older ones of those hands; in the session's
    transaction, not committed (store/cache/after_answer.py, which moves the cache's size by the bytes returned)."""
    new: list[dict[str, Any]] = g.pop(NEW_PIECES, [])
    if not new:
        return 0
    now = time.time()
    replaced = drop_pieces(tuple_(Piece.game_id, Piece.number, Piece.what).in_(
        [(piece["game_id"], piece["number"], piece["what"]) for piece in new]))
    stored = sum(db.session.execute(_INSERT_NEW.in_session(), [{**piece, "kept_at": now} for piece in new])
                 .scalars())
    return stored - replaced


def forget(game: Game) -> None:
    """Drop every piece of a game being deleted (not committed)."""
    forget_games([game.id])


def forget_games(ids: Any) -> None:
    """Drop every piece of the games being deleted, their ids (a list or a subquery); not committed."""
    move_size(-drop_pieces(Piece.game_id.in_(ids)))
