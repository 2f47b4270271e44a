"""Club nights (docs/api.md, "Club nights"): creating an event, seating its rounds, reading it whole.

Each table is an ordinary game made by `records.create_game`; its edit
token is derived from the organiser's (`table_token`), so the organiser's
token opens every table and no token is stored. Reading an event costs one
query whatever its size (the event with its byes, its tables, their games,
seats and running states); each table's engine resumes from its running
state.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import random
import secrets
from collections import Counter
from dataclasses import dataclass
from datetime import timedelta
from fractions import Fraction
from itertools import groupby
from typing import Any, cast

from flask import abort
from sqlalchemy import CursorResult, bindparam, select, update
from sqlalchemy.orm import joinedload, lazyload, undefer

from ..database import read_connection
from ..extensions import db
from ..games import GAMES, GameKind
from ..games.base import Engine
from ..models import PUBLIC_ID, Event, EventTable, Game, hash_token, table, utcnow
from ..rules.errors import MalformedInput, NotAllowed
from ..rules.events import (
    EventSpec,
    FinishedTable,
    Standing,
    byes_counted,
    draw_round,
    leading_sides,
    pairs_met,
    seat_round,
    standings,
    worked_figures,
)
from ..rules.events import confirmers as rules_confirmers
from ..rules.phrases import N_, Listed, phrase, plural_phrase
from . import records, running_state
from .writes import ConcurrentChange, flush


class RoundsStillPlaying(ConcurrentChange):
    """A table of the current round is still playing: the next round cannot be seated yet (409)."""


def figure(value: Fraction) -> float:
    """A standings figure as the API and the pages give it: rounded to one decimal, never -0.0."""
    return round(float(value), 1) + 0.0


def table_token(organiser_token: str, game_public_id: str) -> str:
    """A table's edit token, derived from the organiser's: whoever holds the organiser's token holds every table's."""
    digest = hmac.new(organiser_token.encode(), game_public_id.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


@dataclass(frozen=True)
class CreatedEvent:
    """A new event and the organiser's token (shown only this once)."""

    event: Event
    edit_token: str


def create_event(data: object) -> CreatedEvent:
    """Validate an event (the API's create payload) and store it, no round seated yet (not committed).

    :raises RuleError: with every problem found; the game's own settings are checked by the game.
    """
    if not isinstance(data, dict):
        raise MalformedInput.single("body", phrase(N_("Send the new event as a JSON object.")))
    kind = GAMES.find(data.get("game"))
    if kind is None:
        choices = ", ".join(f"“{name}”" for name in GAMES)
        raise MalformedInput.single("game", phrase(N_("Choose the game: %(choices)s."), choices=choices))
    spec = EventSpec.parse(data, kind.player_count, kind.counts_hands)
    settings = data.get("settings") or {}
    if not isinstance(settings, dict):
        raise MalformedInput.single("settings", phrase(N_("The settings must be an object.")))
    seats = list(spec.players[:kind.player_count])
    setup = kind.read_setup({"players": seats, "first_dealer": seats[0], "settings": settings})
    token = secrets.token_urlsafe(24)
    event = Event(
        public_id=secrets.token_urlsafe(8), name=spec.name, kind=kind.name, players=list(spec.players),
        rounds=spec.rounds, hands_per_round=spec.hands_per_round, round_minutes=spec.round_minutes,
        settings=setup.settings.to_dict(),
        edit_token_hash=hash_token(token), version=0,
    )
    db.session.add(event)
    flush()
    return CreatedEvent(event, token)


@dataclass(frozen=True)
class PlayedTable:
    """A table of a round with its game and the game's engine (resumed: it knows its totals and end)."""

    row: EventTable
    game: Game
    engine: Engine

    @property
    def is_finished(self) -> bool:
        return self.engine.is_over()

    @property
    def confirmed_by(self) -> str | None:
        """Who confirmed the result as it stands (a later change to the game lapses a confirmation)."""
        return self.row.confirmed_by if self.row.confirmed_version == self.game.version else None


@dataclass(frozen=True)
class Bye:
    """A player sitting out a round."""

    round: int
    player: str


@dataclass(frozen=True)
class EventState:
    """An event read whole: its tables played, its byes, and the standings they make."""

    event: Event
    kind: GameKind
    tables: list[PlayedTable]
    byes: list[Bye]
    standings: list[Standing]
    byes_counted: list[Bye]  # those the standings count (`rules.events.byes_counted`)

    @property
    def round(self) -> int:
        """The last round seated (0 before round 1)."""
        return max([t.row.round for t in self.tables] + [b.round for b in self.byes], default=0)

    @property
    def playing(self) -> list[PlayedTable]:
        """The current round's tables still playing."""
        return [t for t in self.tables if t.row.round == self.round and not t.is_finished]

    @property
    def status(self) -> str:
        if self.playing:
            return "in_play"
        return "finished" if self.round == self.event.rounds else "seating"

    @property
    def version(self) -> int:
        """The event's own version plus its tables' versions: it grows with every change to any of them."""
        return self.event.version + sum(t.game.version for t in self.tables)

    def tables_of(self, round_number: int) -> list[PlayedTable]:
        return [t for t in self.tables if t.row.round == round_number]


def event_or_404(public_id: str, *, lock: bool = False) -> Event:
    """The event's row alone (locked for a change when asked); a 404 when there is none."""
    if not PUBLIC_ID.fullmatch(public_id):
        abort(404)
    query = db.select(Event).filter_by(public_id=public_id)
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    return db.first_or_404(query)


def tables_a_round(public_id: str) -> int:
    """How many tables (games) a round of the event seats: every player but the byes sits at one (1 for an
    unknown event, whose seating makes none but is refused later). Read on a connection of its own: the limit
    asks before the request's transaction and again after it (no write lock taken on SQLite)."""
    with read_connection() as connection:
        row = connection.execute(select(_EVENT.c.kind, _EVENT.c.players).where(_EVENT.c.public_id == public_id)
                                 ).first()
    kind = GAMES.find(row.kind) if row is not None else None
    return max(1, len(row.players) // kind.player_count) if row is not None and kind is not None else 1


# The event, its tables, their games with seats and running states: one query (byes are in the event's row).
_WHOLE_EVENT = (
    db.select(Event).where(Event.public_id == bindparam("public_id"))
    .options(joinedload(Event.tables).joinedload(EventTable.game).options(
        joinedload(Game.seats), undefer(Game.state), lazyload(Game.hands)))
    .execution_options(populate_existing=True)
)


def load_event(public_id: str) -> EventState:
    """The event read whole in one query, whatever its size, with its tables' engines and the standings; 404 if none.

    Each table's engine resumes from its running state (a game without a current one is replayed).
    """
    if not PUBLIC_ID.fullmatch(public_id):
        abort(404)
    event = db.session.execute(_WHOLE_EVENT, {"public_id": public_id}).unique().scalar_one_or_none()
    if event is None:
        abort(404)
    kind = GAMES[event.kind]
    tables = [PlayedTable(row, row.game, running_state.resumed(row.game) or records.replay(row.game))
              for row in event.tables]
    byes = [Bye(int(bye["round"]), str(bye["player"])) for bye in event.byes]
    finished: list[FinishedTable] = [kind.table_sides(t.engine) for t in tables if t.is_finished]
    sides = kind.sides_per_table or kind.player_count
    counted = [Bye(*bye) for bye in byes_counted([(bye.round, bye.player) for bye in byes],
                                                 {t.row.round for t in tables if t.is_finished})]
    ranking = standings(event.players, finished, [bye.player for bye in counted], sides)
    return EventState(event, kind, tables, byes, ranking, counted)


_EVENT = table(Event)
_CLAIM_EVENT = (update(_EVENT).where(_EVENT.c.id == bindparam("event_id"), _EVENT.c.version == bindparam("seen"))
                .values(version=_EVENT.c.version + 1))


def seat_next_round(event: Event, organiser_token: str, rng: random.Random | None = None) -> EventState:
    """Seat the next round (not committed): round 1 drawn, later rounds by standings; each table a new game.

    :raises RoundsStillPlaying: while a table of the current round is playing (409).
    :raises NotAllowed: after the last round (422).
    """
    state = load_event(event.public_id)
    if state.playing:
        raise RoundsStillPlaying.single("round", plural_phrase(
            "Round %(round)s is still playing at table %(tables)s: seat the next round once it has finished.",
            "Round %(round)s is still playing at tables %(tables)s: seat the next round once they have finished.",
            len(state.playing), round=state.round, tables=Listed(tuple(t.row.number for t in state.playing))))
    if state.round >= event.rounds:
        raise NotAllowed.single("round", phrase(
            N_("All %(rounds)s rounds have been seated: the event is over."), rounds=event.rounds))
    kind = state.kind
    byes_so_far = Counter(bye.player for bye in state.byes)
    if state.round == 0:
        seating = draw_round(event.players, kind.player_count, rng or random.SystemRandom(), byes_so_far)
    else:
        ranked = [[line.player for line in group] for _, group in groupby(state.standings, key=lambda s: s.place)]
        met = pairs_met(t.game.player_names for t in state.tables)
        seating = seat_round(ranked, kind.player_count, byes_so_far, met)
    _claim(event)
    number = state.round + 1
    settings = kind.table_settings(event.settings, event.hands_per_round)
    for index, players in enumerate(seating.tables, start=1):
        created = records.create_game({"game": kind.name, "players": list(players), "settings": settings})
        created.game.edit_token_hash = hash_token(table_token(organiser_token, created.game.public_id))
        db.session.add(EventTable(event_id=event.id, round=number, number=index, game=created.game))
    event.byes = [*event.byes, *({"round": number, "player": player} for player in seating.byes)]
    if event.round_minutes is not None:
        event.round_deadline = utcnow().replace(microsecond=0) + timedelta(minutes=event.round_minutes)
    flush()
    return load_event(event.public_id)


def _claim(event: Event) -> None:
    claimed = cast(CursorResult[Any], db.session.execute(_CLAIM_EVENT, {"event_id": event.id, "seen": event.version}))
    if claimed.rowcount != 1:
        raise ConcurrentChange.now()
    event.version += 1
    db.session.expire(event, ["version"])


def is_organiser_of(game: Game, token: str) -> bool:
    """Whether `token` is the organiser's token of the event this game is a table of."""
    return game.has_edit_token(table_token(token, game.public_id))


def confirm(event: Event, round_number: int, number: int, player: object, token: str) -> PlayedTable:
    """A player of a side that did not win confirms a finished table's result (not committed).

    `token` is the table's or the organiser's. :raises NotAllowed: fields ``table``, ``player``.
    """
    state = load_event(event.public_id)
    found = next((t for t in state.tables if (t.row.round, t.row.number) == (round_number, number)), None)
    if found is None:
        abort(404)
    if not (found.game.has_edit_token(token) or event.has_edit_token(token)):
        abort(403)
    if not found.is_finished:
        raise NotAllowed.single("table", phrase(N_("This table is still playing: confirm its result when it ends.")))
    names = {name.casefold(): name for name in found.game.player_names}
    name = names.get(player.strip().casefold()) if isinstance(player, str) else None
    if name is None:
        raise MalformedInput.single("player", phrase(N_("Choose a player of this table.")))
    allowed = confirmers(state.kind, found)
    if name not in allowed:
        if len(leading_sides(state.kind.table_sides(found.engine))) > 1:
            raise NotAllowed.single("player", phrase(
                N_("%(name)s shares first place at this table: a player of another side confirms the result."),
                name=name))
        raise NotAllowed.single("player", phrase(
            N_("%(name)s won at this table: a player of another side confirms the result."), name=name))
    found.row.confirmed_by = name
    found.row.confirmed_version = found.game.version
    _claim(event)
    flush()
    return found


def confirmers(kind: GameKind, played: PlayedTable) -> list[str]:
    """Who may confirm a finished table's result, in seat order: the players of the sides outside its leaders (anyone
    when every side shares first place)."""
    allowed = set(rules_confirmers(kind.table_sides(played.engine)))
    return [name for name in played.game.player_names if name in allowed]


def worked_sides(kind: GameKind, engine: Engine) -> list[dict[str, Any]]:
    """Each side's figures at a finished table and what they come from (the worked lines under the standings)."""
    return [{"players": list(side.players), "place": side.place, "sides": side.sides, "score": side.score,
             "average": None if side.average is None else figure(side.average),
             "match_points": figure(side.match_points), "margin": figure(side.margin)}
            for side in worked_figures(kind.table_sides(engine))]
