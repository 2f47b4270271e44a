"""Each player's record (their stats page), kept per player and game's kind, and changed with every game.

Every change to a game claims a version (writes.claim_version), which
notes the game as changed in the transaction, as does creating one; just before the transaction
commits, each of the game's players' records in it (`PlayerGameRecord`)
replaces the one kept before in the player's sum (`PlayerRecord`): the old one comes off, the new one
goes on. So the sums are committed with the change or not at all, and a player's page
reads one row per game's kind, however many games they played.

An append (the hot path: every hand saved) replays nothing: the hand was
scored from the running state, and what it changed in each player's
record is what the game's new end and that hand count, less what its end
before counted (`appended`, games/stats.py); that difference goes on the
game's records and the players' sums, read and written in three
statements. Any other change (an edit, an undo, a new game) replays the
game once and counts it again (`follow`).

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
    """The player's kept sums, one for each kind of game they played (none for a name nobody played), in one
    query."""
    if "\x00" in name:  # no name holds one, and PostgreSQL refuses to compare it
        return []
    rows = db.session.execute(select(PlayerRecord.kind, PlayerRecord.name, PlayerRecord.latest_game,
                                     PlayerRecord.record).where(PlayerRecord.name_key == player_key(name)))
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


def follow(game: Game) -> None:
    """Put the game's records as it is stored now in place of those kept for it (not committed)."""
    entries = db.session.execute(select(Hand.entry).where(Hand.game_id == game.id).order_by(Hand.number)).scalars()
    _replace(game.id, game.kind, game_records(game, list(entries)))


def forget(game_ids: Iterable[int]) -> None:
    """Take the games off their players' sums, before they are deleted (not committed)."""
    for game_id, kind in db.session.execute(select(Game.id, Game.kind).where(Game.id.in_(list(game_ids)))).all():
        _replace(game_id, kind, {})


_NEW_SUMS = OnConflict(lambda insert: insert(PlayerRecord).on_conflict_do_nothing())


def _replace(game_id: int, kind: str, new: Records) -> None:
    old = {key: record for key, record in db.session.execute(
        select(PlayerGameRecord.name_key, PlayerGameRecord.record).where(PlayerGameRecord.game_id == game_id))}
    keys = sorted(old.keys() | new.keys())
    if not keys:
        return
    if new:  # a player's first game of the kind: a row to add to (two games at once: one inserts, both add)
        db.session.execute(_NEW_SUMS.in_session(), [
            {"name_key": key, "kind": kind, "name": name, "latest_game": game_id, "games": 0, "record": {}}
            for key, (name, _record) in sorted(new.items())])
    sums = db.session.execute(select(PlayerRecord).where(PlayerRecord.kind == kind, PlayerRecord.name_key.in_(keys))
                              .order_by(PlayerRecord.name_key).with_for_update()).scalars()
    for total in sums:
        record, games = total.record, total.games
        if total.name_key in old:
            record, games = stats.subtract_summary(record, old[total.name_key]), games - 1
        if total.name_key in new:
            name, mine = new[total.name_key]
            record, games = (stats.add_summaries([record, mine]) if games else mine), games + 1
            if game_id >= total.latest_game:
                total.name, total.latest_game = name, game_id
        if games:
            total.record, total.games = record, games
        else:
            db.session.delete(total)
    db.session.execute(delete(PlayerGameRecord).where(PlayerGameRecord.game_id == game_id))
    if new:
        db.session.execute(insert(PlayerGameRecord).values([
            {"game_id": game_id, "name_key": key, "record": record} for key, (_name, record) in new.items()]))


@event.listens_for(db.session, "after_flush")
def _note_new_games(session: Session, _context: Any) -> None:
    """A game created in the transaction counts as changed (its first players' records, even with no hand)."""
    for game in session.new:
        if isinstance(game, Game):
            writes.note_changed(game.id)


_SUMS, _GAME_RECORDS = table(PlayerRecord), table(PlayerGameRecord)
# The game's records and its players' sums of its kind, the sums locked (PostgreSQL: FOR UPDATE OF player_record).
_KEPT = (select(_SUMS.c.name_key, _SUMS.c.record, _GAME_RECORDS.c.record)
         .join(_GAME_RECORDS, _GAME_RECORDS.c.name_key == _SUMS.c.name_key)
         .where(_GAME_RECORDS.c.game_id == bindparam("game_id"), _SUMS.c.kind == bindparam("of_kind"))
         .order_by(_SUMS.c.name_key).with_for_update(of=_SUMS))
_SET_SUM = (update(_SUMS).where(_SUMS.c.name_key == bindparam("key"), _SUMS.c.kind == bindparam("of_kind"))
            .values(record=bindparam("new_record")))
_SET_GAME_RECORD = (update(_GAME_RECORDS).where(_GAME_RECORDS.c.game_id == bindparam("of_game"),
                                                _GAME_RECORDS.c.name_key == bindparam("key"))
                    .values(record=bindparam("new_record")))


def add_appended(game_id: int, appends: Sequence[Appended]) -> bool:
    """Put what the game's appends changed on its kept records and its players' sums (not committed), in three
    statements; False, changing nothing, when the game's records are not all kept (then `follow` it)."""
    kept = db.session.execute(_KEPT, {"game_id": game_id, "of_kind": appends[0].kind}).all()
    if {key for key, _sum, _record in kept} != appends[0].after.keys():
        return False
    sums, records = {}, {}
    for key, total, record in kept:
        for change in appends:
            total = stats.add_summaries([stats.subtract_summary(total, change.before[key][1]), change.after[key][1]])
            record = stats.add_summaries([stats.subtract_summary(record, change.before[key][1]),
                                          change.after[key][1]])
        sums[key], records[key] = total, record
    db.session.execute(_SET_SUM, [{"key": key, "of_kind": appends[0].kind, "new_record": total}
                                  for key, total in sums.items()])
    db.session.execute(_SET_GAME_RECORD, [{"of_game": game_id, "key": key, "new_record": record}
                                          for key, record in records.items()])
    return True


@event.listens_for(db.session, "before_commit")
def _follow_changed_games(session: Session) -> None:
    """Just before a change commits: each game it changed, its appends put on its players' records, or counted
    again (a savepoint's end is not the change's)."""
    if session.in_nested_transaction():
        return
    changed = writes.changed_games()
    if any(appends is None for appends in changed.values()):
        session.flush()  # the change's last rows, before its games are read
    for game_id, appends in sorted(changed.items()):
        if appends is not None:
            appends = [change for change in appends if change.after != change.before]
            if not appends or add_appended(game_id, appends):
                continue
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
