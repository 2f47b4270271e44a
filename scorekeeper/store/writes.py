"""Changes to a game, one at a time, each moving the game's version exactly once.

A write first locks the game's row (`locked_game`: SELECT ... FOR UPDATE on
PostgreSQL; on SQLite the transaction already holds the write lock, see
database.py), so a second phone's write waits and then sees the first one's
hands. Every change then claims the next version in SQL,
`UPDATE game SET version = version + 1 WHERE id = ? AND version = ?`, which
on its own would already refuse the loser of any race the lock let through.
Whatever the database reports about a race (a unique constraint, a row that
vanished, a lock it waited too long for) reaches the player as a 409.
"""

from __future__ import annotations

from typing import Any, cast

from flask import abort
from sqlalchemy import CursorResult, bindparam, update
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.orm import joinedload, lazyload, undefer
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from ..extensions import db
from ..models import PUBLIC_ID, Game, table, utcnow
from ..rules.errors import RuleError
from ..rules.phrases import N_, phrase

# SQLite: busy, locked. PostgreSQL: serialization failure, deadlock, lock not available.
CONTENTION_SQLITE_CODES = frozenset({5, 6})
CONTENTION_SQLSTATES = frozenset({"40001", "40P01", "55P03"})


class ConcurrentChange(RuleError):
    """Another phone changed the game at the same moment (409)."""

    @classmethod
    def now(cls) -> ConcurrentChange:
        return cls.single("game", phrase(
            N_("Another phone changed this game at the same moment. Check the scores and try again.")))


class StaleVersion(RuleError):
    """The change was meant for another version of the game than the stored one (412)."""

    @classmethod
    def at(cls, version: int) -> StaleVersion:
        return cls.single("If-Match", phrase(
            N_("This game has changed since you read it: it is at version %(version)s now. "
               "Read it again, then decide."), version=version))


class MissingVersion(RuleError):
    """A change of an existing hand that does not say which version of the game it was made on (428)."""

    @classmethod
    def now(cls) -> MissingVersion:
        return cls.single("If-Match", phrase(
            N_("Send If-Match with the version of the game this change was made on (its ETag, e.g. \"7\"): "
               "without it another phone's change could be overwritten. Nothing changed.")))


def locked_game(public_id: str) -> Game:
    """The game to change, its row locked until the transaction ends; 404 when there is none."""
    if not PUBLIC_ID.fullmatch(public_id):
        abort(404)
    try:
        game = db.session.execute(_LOCKED_GAME, {"public_id": public_id}).unique().scalar_one_or_none()
    except OperationalError as error:
        db.session.rollback()
        raise _conflict_or(error) from None
    if game is None:
        abort(404)
    return game


# One query for the game, its seats, running state and players' records (all a save reads); hands load when asked
# for: recording one needs only the running state. Only the game's row is locked (PostgreSQL: FOR UPDATE OF game).
_LOCKED_GAME = (
    db.select(Game).where(Game.public_id == bindparam("public_id")).with_for_update(of=Game)
    .options(joinedload(Game.seats, innerjoin=True), undefer(Game.state), undefer(Game.records),
             lazyload(Game.hands))
    .execution_options(populate_existing=True)
)


CHANGED_GAMES = "changed_games"
"""Under this key the session's `info` holds the games changed in its transaction, with the transaction
(store/player_records.py counts their players' records again just before it commits)."""


def note_changed(game_id: int) -> None:
    """Note that the game changes in the session's transaction: its players' records are counted again."""
    transaction = db.session().get_transaction()
    noted = db.session.info.get(CHANGED_GAMES)
    if noted is None or noted[0] is not transaction:  # the notes of a transaction that ended are dropped
        noted = db.session.info[CHANGED_GAMES] = (transaction, set[int]())
    noted[1].add(game_id)


def changed_games() -> set[int]:
    """The games noted as changed in the session's transaction; the notes are dropped."""
    noted = db.session.info.pop(CHANGED_GAMES, None)
    return noted[1] if noted is not None and noted[0] is db.session().get_transaction() else set()


# Core statements built once: the ORM's bulk update and the statement's construction cost more than running it.
_GAME = table(Game)
_CLAIMS: dict[tuple[str, ...], Any] = {}


def _claim(columns: tuple[str, ...]) -> Any:
    """`UPDATE game SET version = version + 1, changed_at = :now, <columns> WHERE id = :game_id AND version = :seen`,
    built once for each set of columns."""
    statement = _CLAIMS.get(columns)
    if statement is None:
        statement = _CLAIMS[columns] = (
            update(_GAME).where(_GAME.c.id == bindparam("game_id"), _GAME.c.version == bindparam("seen"))
            .values(version=_GAME.c.version + 1, changed_at=bindparam("now"),
                    **{column: bindparam(f"new_{column}") for column in columns}))
    return statement


def claim_version(game: Game, *, writing: dict[str, Any] | None = None) -> None:
    """Move the game to its next version (and its `changed_at` to now), in SQL, before changing anything else.

    `writing`: more columns of the game's row, written in the same UPDATE (a hand appended writes its running state
    and its players' records there: store/records.py). Unless they hold its `records`, the game's players' records
    are counted again before the transaction commits (`note_changed`).

    :raises ConcurrentChange: when another transaction moved it first.
    """
    seen, now, writing = game.version, utcnow(), writing or {}
    columns = tuple(writing)
    try:
        claimed = cast(CursorResult[Any], db.session.execute(_claim(columns), {
            "game_id": game.id, "seen": seen, "now": now, **{f"new_{name}": value for name, value in writing.items()}}))
        moved = claimed.rowcount
    except OperationalError as error:
        db.session.rollback()
        raise _conflict_or(error) from None
    if moved != 1:
        raise ConcurrentChange.now()
    set_committed_value(game, "version", seen + 1)
    set_committed_value(game, "changed_at", now)
    for name, value in writing.items():
        set_committed_value(game, name, value)
    if "records" not in writing:
        note_changed(game.id)


def execute(statement: Any, parameters: dict[str, Any] | None = None) -> None:
    """Run a statement of the change; a race the database noticed becomes ConcurrentChange (rolled back)."""
    _guarded(lambda: db.session.execute(statement, parameters))


def flush() -> None:
    """Send the pending changes; a race the database noticed becomes ConcurrentChange."""
    _guarded(db.session.flush)


def commit() -> None:
    """Commit the request's change; a race the database noticed becomes ConcurrentChange (rolled back)."""
    _guarded(db.session.commit)


def _guarded(step) -> None:
    try:
        step()
    except (IntegrityError, StaleDataError):
        db.session.rollback()
        raise ConcurrentChange.now() from None
    except OperationalError as error:
        db.session.rollback()
        raise _conflict_or(error) from None


def is_contention(error: DBAPIError) -> bool:
    """Whether the database gave up waiting for another transaction (rather than failing)."""
    original = error.orig
    sqlite_code = getattr(original, "sqlite_errorcode", None)  # an extended code: the low byte is the primary
    return ((sqlite_code is not None and (sqlite_code & 0xFF) in CONTENTION_SQLITE_CODES)
            or getattr(original, "sqlstate", None) in CONTENTION_SQLSTATES)


def _conflict_or(error: OperationalError) -> Exception:
    return ConcurrentChange.now() if is_contention(error) else error
