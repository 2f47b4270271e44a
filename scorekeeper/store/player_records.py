"""Each player's record (their stats page), kept per game and summed per player and game's kind.

Each game's row holds its players' records as they stand (`Game.records`),
written with every change in its transaction, and marks them pending
(`Game.records_pending`) until the players' sums have counted them.

An append (the hot path: every hand saved) replays nothing and reads
nothing more than the game's row: the hand was scored from the running
state, and what it changed in each player's record is what the game's new
end and that hand count, less what its end before counted (`appended`,
games/stats.py); that difference goes on the records read with the game,
written back in the UPDATE that claims the version (`after_append`). Any
other change (an edit, an undo, a new or imported game) replays the game once
before it commits and writes its records again, and its players' sums with
them (`follow`).

The appends' changes reach the players' sums (`PlayerRecord`) when a
player's page is read (`count_pending`): each game appended to since they
were last counted comes off as they counted it (`PlayerGameRecord`) and goes
on as it stands, in a few statements however many games changed, however
many times each. So a save writes no sum, and a player's page reads the games changed
since the last page any reader opened, then one row per game's kind.

A game deleted or purged comes off its players' sums first (`forget`).
`count_again` counts every game from scratch (the migration that made
these tables; again after a rule fix that changes old games' figures).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, delete, event, insert, select, update
from sqlalchemy.orm import Session

from ..database import OnConflict
from ..extensions import db
from ..games import GAMES, GameKind, stats
from ..games.base import Engine
from ..models import Game, Hand, PlayerGameRecord, PlayerRecord, Seat, player_key, table
from ..rules.errors import RuleError
from . import writes

Records = dict[str, tuple[str, dict[str, Any]]]
"""A game's record of each of its players, by player key: (the name as spelt in the game, the record)."""


@dataclass(frozen=True)
class Kept:
    """A player's sum over their games of one kind, as their page reads it."""

    kind: str
    name: str
    latest_game: int
    record: dict[str, Any]


def of_player(name: str) -> list[Kept]:
    """The player's sums, one for each kind of game they played (none for a name nobody played), brought up to
    date first (`count_pending`), in a transaction of their own."""
    if "\x00" in name:  # no name holds one, and PostgreSQL refuses to compare it
        return []
    with db.engine.begin() as connection:
        count_pending(connection)
        rows = connection.execute(select(_SUMS.c.kind, _SUMS.c.name, _SUMS.c.latest_game, _SUMS.c.record)
                                  .where(_SUMS.c.name_key == player_key(name))).all()
    return [Kept(*row) for row in rows]


def game_records(game: Game, entries: Sequence[dict[str, Any]]) -> Records:
    """The record of each player of the game in this game alone, from its stored entries (one replay)."""
    kind = GAMES.of(game)
    setup = kind.restore(game)
    engine = kind.replay(setup, [kind.parse_entry(setup.table, entry) for entry in entries])
    return counted(kind, engine, engine.results)


def counted(kind: GameKind, engine: Engine, hands: Sequence[Any]) -> Records:
    """The record of each player of the engine's game counting its end and only `hands` of its scored hands."""
    return {player_key(name): (name, stats.summary(kind.stats([(engine, name, hands)])))
            for name in engine.table.players}


@dataclass(frozen=True)
class Appended:
    """What appending a hand changed in each of a game's players' records: `before` (the game's end before it,
    no hand) comes off, `after` (the new end and the new hand) goes on."""

    kind: str
    before: Records
    after: Records


def appended(kind: GameKind, engine: Engine, before: Records) -> Appended:
    """What the hand `engine` has just appended changed (`before`: `counted(kind, engine, ())` before it; a hand
    waiting for its play counts in no total, and changes nothing)."""
    result = engine.last_result() if engine.waiting is None else None
    return Appended(kind.name, before, counted(kind, engine, () if result is None else (result,)))


def after_append(game: Game, change: Appended) -> dict[str, Any] | None:
    """The game's row's `records` with what an appended hand changed on them, pending for the players' sums (the
    game as loaded with them, writes.locked_game); None when they do not hold the game's players (then the game
    is counted again before the change commits)."""
    kept = game.records
    if kept.keys() != change.after.keys():
        return None
    if change.after == change.before:
        return {"records": kept, "records_pending": game.records_pending}
    return {"records": {key: [name, stats.add_summaries([stats.subtract_summary(record, change.before[key][1]),
                                                         change.after[key][1]])]
                        for key, (name, record) in kept.items()},
            "records_pending": True}


_GAMES = table(Game)
_SET_RECORDS = (update(_GAMES).where(_GAMES.c.id == bindparam("game_id"))
                .values(records=bindparam("new_records"), records_pending=False))


def follow(game: Game) -> None:
    """Count the game's records as it is stored now (one replay) into its row and into its players' sums (not
    committed): a change other than an append (an edit, an undo, a new or imported game) is rare enough to pay
    for its sums itself, so that a page never finds a backlog of imported games to count."""
    entries = db.session.execute(select(Hand.entry).where(Hand.game_id == game.id).order_by(Hand.number)).scalars()
    records = game_records(game, list(entries))
    connection = db.session.connection()
    connection.execute(_SET_RECORDS, {"game_id": game.id, "new_records": {
        key: [name, record] for key, (name, record) in records.items()}})
    _replace(connection, [(game.id, game.kind, records)])


# The games whose records changed since the players' sums counted them, no longer pending: the UPDATE claims them
# (and takes SQLite's write lock before anything is read: a deferred transaction that read first could not wait),
# locking them in the order of their ids (PostgreSQL), so that two pages counting at once wait rather than deadlock.
_CLAIM_PENDING = (update(_GAMES).where(_GAMES.c.id.in_(
    select(_GAMES.c.id).where(_GAMES.c.records_pending.is_(True)).order_by(_GAMES.c.id).with_for_update()))
    .values(records_pending=False).returning(_GAMES.c.id, _GAMES.c.kind, _GAMES.c.records))


def count_pending(connection: Connection) -> None:
    """Bring the players' sums up to date with every game changed since they were last counted (not committed):
    each game's counted records come off and its own go on, in a few statements however many games changed."""
    pending = connection.execute(_CLAIM_PENDING).all()
    if pending:
        _replace(connection, [(game_id, kind, {key: (name, record) for key, (name, record) in records.items()})
                              for game_id, kind, records in pending])


def forget(game_ids: Iterable[int]) -> None:
    """Take the games off their players' sums, before they are deleted (not committed)."""
    connection = db.session.connection()
    games = connection.execute(select(Game.id, Game.kind).where(Game.id.in_(list(game_ids)))).all()
    if games:
        _replace(connection, [(game_id, kind, {}) for game_id, kind in games])


_NEW_SUMS = OnConflict(lambda insert: insert(PlayerRecord).on_conflict_do_nothing())
_SUMS, _COUNTED = table(PlayerRecord), table(PlayerGameRecord)
_SET_SUM = (update(_SUMS).where(_SUMS.c.name_key == bindparam("key"), _SUMS.c.kind == bindparam("of_kind"))
            .values(name=bindparam("new_name"), latest_game=bindparam("new_latest"), games=bindparam("new_games"),
                    record=bindparam("new_record")))
_DROP_SUM = delete(_SUMS).where(_SUMS.c.name_key == bindparam("key"), _SUMS.c.kind == bindparam("of_kind"))


def _replace(connection: Connection, games: Sequence[tuple[int, str, Records]]) -> None:
    """Put each game's `new` records (game id, kind, records) in place of those its players' sums counted."""
    ids = [game_id for game_id, _kind, _new in games]
    old: dict[int, dict[str, dict[str, Any]]] = defaultdict(dict)
    for game_id, key, record in connection.execute(
            select(_COUNTED.c.game_id, _COUNTED.c.name_key, _COUNTED.c.record).where(_COUNTED.c.game_id.in_(ids))):
        old[game_id][key] = record
    wanted = {(key, kind) for game_id, kind, new in games for key in old[game_id].keys() | new.keys()}
    if not wanted:
        return
    fresh = {(key, kind): (name, game_id) for game_id, kind, new in sorted(games) for key, (name, _r) in new.items()}
    if fresh:  # a player's first game of the kind: a row to add to (two games at once: one inserts, both add)
        connection.execute(_NEW_SUMS.on(connection), [
            {"name_key": key, "kind": kind, "name": name, "latest_game": game_id, "games": 0, "record": {}}
            for (key, kind), (name, game_id) in sorted(fresh.items())])
    keys, kinds = sorted({key for key, _kind in wanted}), sorted({kind for _key, kind in wanted})
    sums = {(row.name_key, row.kind): row for row in connection.execute(
        select(_SUMS).where(_SUMS.c.kind.in_(kinds), _SUMS.c.name_key.in_(keys))
        .order_by(_SUMS.c.name_key, _SUMS.c.kind).with_for_update())
        if (row.name_key, row.kind) in wanted}
    changed: dict[tuple[str, str], dict[str, Any]] = {
        pair: {"key": row.name_key, "of_kind": row.kind, "new_name": row.name, "new_latest": row.latest_game,
               "new_games": row.games, "new_record": row.record} for pair, row in sums.items()}
    added: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for game_id, kind, new in sorted(games):
        for key in sorted(old[game_id].keys() | new.keys()):
            total = changed.get((key, kind))
            if total is None:  # counted in no sum: nothing to take off
                continue
            if key in old[game_id]:
                total["new_record"] = stats.subtract_summary(total["new_record"], old[game_id][key])
                total["new_games"] -= 1
            if key in new:
                name, mine = new[key]
                added[(key, kind)].append(mine)
                if game_id >= total["new_latest"]:
                    total["new_name"], total["new_latest"] = name, game_id
    # Each sum's new records added in one go: one at a time, a sum's lists of scores would be copied once a game.
    for pair, records in added.items():
        total = changed[pair]
        total["new_record"] = stats.add_summaries([total["new_record"], *records] if total["new_games"] else records)
        total["new_games"] += len(records)
    kept = [total for total in changed.values() if total["new_games"]]
    dropped = [total for total in changed.values() if not total["new_games"]]
    if kept:
        connection.execute(_SET_SUM, kept)
    if dropped:
        connection.execute(_DROP_SUM, [{"key": total["key"], "of_kind": total["of_kind"]} for total in dropped])
    connection.execute(delete(_COUNTED).where(_COUNTED.c.game_id.in_(ids)))
    counted = [{"game_id": game_id, "name_key": key, "record": record}
               for game_id, _kind, new in games for key, (_name, record) in new.items()]
    if counted:
        connection.execute(insert(_COUNTED), counted)


@event.listens_for(db.session, "after_flush")
def _note_new_games(session: Session, _context: Any) -> None:
    """A game created in the transaction counts as changed (its first players' records, even with no hand)."""
    for game in session.new:
        if isinstance(game, Game):
            writes.note_changed(game.id)


@event.listens_for(db.session, "before_commit")
def _follow_changed_games(session: Session) -> None:
    """Just before a change commits: each game it changed that did not write its records itself (an append does)
    is counted again (a savepoint's end is not the change's)."""
    if session.in_nested_transaction():
        return
    changed = writes.changed_games()
    if changed:
        session.flush()  # the change's last rows, before its games are read
    for game_id in sorted(changed):
        game = session.get(Game, game_id)
        if game is not None:
            follow(game)


def count_again(connection: Connection) -> None:
    """Count every game's records from scratch, and the players' sums (a migration's step: only the columns
    every version of the schema since has are read), in three queries whatever the number of games."""
    connection.execute(delete(PlayerGameRecord))
    connection.execute(delete(PlayerRecord))
    sums: dict[tuple[str, str], dict[str, Any]] = {}
    games = connection.execute(select(Game.id, Game.kind, Game.first_dealer, Game.settings).order_by(Game.id)).all()
    seats_of: dict[int, list[Seat]] = defaultdict(list)
    for game_id, position, name in connection.execute(select(Seat.game_id, Seat.position, Seat.name)
                                                      .order_by(Seat.game_id, Seat.position)):
        seats_of[game_id].append(Seat(position=position, name=name))
    entries_of: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for game_id, entry in connection.execute(select(Hand.game_id, Hand.entry).order_by(Hand.game_id, Hand.number)):
        entries_of[game_id].append(entry)
    for game_id, kind, first_dealer, settings in games:
        game = Game(id=game_id, kind=kind, first_dealer=first_dealer, settings=settings, seats=seats_of[game_id])
        try:
            records = game_records(game, entries_of[game_id])
        except RuleError:  # a game its own rules refuse (never stored by the app): it shows no record
            continue
        if records:
            connection.execute(insert(PlayerGameRecord).values([
                {"game_id": game_id, "name_key": key, "record": record} for key, (_name, record) in records.items()]))
        for key, (name, record) in records.items():
            total = sums.get((key, kind))
            sums[(key, kind)] = {"name_key": key, "kind": kind, "name": name, "latest_game": game_id,
                                 "games": 1, "record": record} if total is None else {
                **total, "name": name, "latest_game": game_id, "games": total["games"] + 1,
                "record": stats.add_summaries([total["record"], record])}
    if sums:
        connection.execute(insert(PlayerRecord).values(list(sums.values())))
