"""Which club night a game is a table of, read by the game page (a table's phone names its evening).

The game page reads it with the game and its running state, in the query that loads the game
(`game_with_seat_or_404`); a board drawn after a change, whose game was loaded locked, reads it in a query of its
own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import abort, g
from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import aliased, lazyload, undefer

from ..extensions import db
from ..games import GAMES
from ..games.base import Engine
from ..models import PUBLIC_ID, Event, EventTable, Game
from . import events


@dataclass(frozen=True)
class EventSeat:
    """A game's place in its club night: the event, the round and table, and what the evening awaits of it."""

    event_id: str
    name: str
    round: int
    rounds: int
    table: int
    hands: int | None
    hand: int | None  # the hand being played, of `hands` (None when the table plays to its target)
    latest_round: int
    confirmed_by: str | None
    confirmers: tuple[str, ...]
    worked: list[dict[str, Any]]  # each side's figures once the table has finished (`events.worked_sides`)

    @property
    def next_round_seated(self) -> bool:
        return self.latest_round > self.round


_ROUNDS = aliased(EventTable)
_LATEST = select(func.max(_ROUNDS.round)).where(_ROUNDS.event_id == Event.id).correlate(Event).scalar_subquery()

# The table's row, its event and the event's latest round seated: one query.
_SEAT_COLUMNS = (EventTable, Event.public_id, Event.name, Event.rounds, Event.hands_per_round, _LATEST)
_SEAT = (select(*_SEAT_COLUMNS).join(Event, Event.id == EventTable.event_id)
         .where(EventTable.game_id == bindparam("game_id")))
# The game (its hands left to load when asked for) and the same columns, None for a game of its own.
_GAME_WITH_SEAT = (select(Game, *_SEAT_COLUMNS)
                   .outerjoin(EventTable, EventTable.game_id == Game.id)
                   .outerjoin(Event, Event.id == EventTable.event_id)
                   .where(Game.public_id == bindparam("public_id"))
                   .options(lazyload(Game.hands), undefer(Game.state)))  # a page drawn resumes the engine from it
READ_SEATS = "event_seats"  # in `g`: the seat read with each game, by the game's id (None: a game of its own)


def game_with_seat_or_404(public_id: str) -> Game:
    """The game with this public id, without its hands, its club night's seat read in the same query for
    `seat_of`; a 404 when there is none (ids are checked first, as records.game_or_404 does)."""
    found = db.session.execute(_GAME_WITH_SEAT, {"public_id": public_id}).first() if PUBLIC_ID.fullmatch(
        public_id) else None
    if found is None:
        abort(404)
    game, *seat = found
    g.setdefault(READ_SEATS, {})[game.id] = None if seat[0] is None else tuple(seat)
    return game


def seat_of(game: Game, engine: Engine) -> EventSeat | None:
    """The club night `game` is a table of (None for a game of its own), with who may confirm its result now."""
    if game.id is None:
        return None
    read = g.get(READ_SEATS, {})
    found = read[game.id] if game.id in read else db.session.execute(_SEAT, {"game_id": game.id}).first()
    if found is None:
        return None
    row, public_id, name, rounds, hands, latest = found
    played = events.PlayedTable(row, game, engine)
    confirmers = tuple(events.confirmers(GAMES.of(game), played)) if played.is_finished else ()
    hand = min(engine.waiting_number() or engine.next_number(), hands) if hands else None
    worked = events.worked_sides(GAMES.of(game), engine) if played.is_finished else []
    return EventSeat(public_id, name, row.round, rounds, row.number, hands, hand, latest, played.confirmed_by,
                     confirmers, worked)
