"""Ladders (docs/api.md, "Ladders"): creating one, its club nights' matches read in one query, its ratings.

A ladder's version is its own plus its club nights' versions (each the
event's own plus its tables' games'): it grows with every change to any
table of any of its evenings. The ladder's view (plain data for the API
object and the page) is kept in the cache of renders under that version,
so a ladder between changes answers from one query.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from flask import abort
from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import joinedload, lazyload, undefer

from ..extensions import db
from ..games import GAMES, GameKind
from ..models import PUBLIC_ID, Event, EventTable, Game, Ladder, Render, hash_token
from ..rules.errors import ErrorCollector, FieldError, MalformedInput, NotAllowed
from ..rules.events.places import table_places
from ..rules.names import title
from ..rules.phrases import N_, phrase
from . import records, running_state
from .cache import renders
from .ratings import MODEL, Match, Outcome, Ratings, rate
from .writes import flush

MAX_LADDER_NAME = 60


@dataclass(frozen=True)
class CreatedLadder:
    """A new ladder and its keeper's token (shown only this once)."""

    ladder: Ladder
    edit_token: str


def create_ladder(data: object) -> CreatedLadder:
    """Validate a ladder (the API's create payload) and store it (not committed).

    :raises RuleError: fields ``body``, ``name``, ``game``.
    """
    if not isinstance(data, dict):
        raise MalformedInput.single("body", phrase(N_("Send the new ladder as a JSON object.")))
    errors = ErrorCollector()
    name = title(data.get("name"), MAX_LADDER_NAME, errors, missing=phrase(N_("Give the ladder a name.")),
                 malformed=phrase(N_("A ladder's name is up to %(max)s letters, digits, spaces and punctuation."),
                                  max=MAX_LADDER_NAME))
    kind = GAMES.find(data.get("game"))
    if kind is None:
        choices = ", ".join(f"“{game}”" for game in GAMES)
        errors.add("game", phrase(N_("Choose the game: %(choices)s."), choices=choices))
    errors.raise_if_any()
    assert kind is not None
    token = secrets.token_urlsafe(24)
    ladder = Ladder(public_id=secrets.token_urlsafe(8), name=name, kind=kind.name,
                    edit_token_hash=hash_token(token), version=0)
    db.session.add(ladder)
    flush()
    return CreatedLadder(ladder, token)


def ladder_or_404(public_id: str) -> Ladder:
    if not PUBLIC_ID.fullmatch(public_id):
        abort(404)
    return db.first_or_404(db.select(Ladder).filter_by(public_id=public_id))


def keepers_ladder(public_id: object, token: str) -> Ladder | FieldError:
    """The ladder a new club night joins, locked, for its keeper's token; else why not (field ``ladder``: there is
    no such ladder; ``request``: not its keeper's token)."""
    found = (db.session.execute(db.select(Ladder).filter_by(public_id=public_id).with_for_update()).scalar_one_or_none()
             if isinstance(public_id, str) and PUBLIC_ID.fullmatch(public_id) else None)
    if found is None:
        return FieldError("ladder", phrase(N_("There is no such ladder.")))
    if not found.has_edit_token(token):
        return FieldError("request", phrase(
            N_("A club night joins a ladder with the ladder's token: send “Authorization: Bearer <edit_token>”.")))
    return found


def join(ladder: Ladder, game: object) -> None:
    """A new club night of `game` joins the ladder (not committed). :raises NotAllowed: another game than the
    ladder's (field ``game``)."""
    if game != ladder.kind:
        raise NotAllowed.single("game", phrase(
            N_("This ladder rates games of %(game)s: its club nights play that game."), game=ladder.kind))
    ladder.version += 1


# Some club nights with their tables, games, seats and running states: one query.
_EVENTS = (
    db.select(Event).where(Event.id.in_(bindparam("event_ids", expanding=True))).order_by(Event.id)
    .options(joinedload(Event.tables).joinedload(EventTable.game).options(
        joinedload(Game.seats), undefer(Game.state), lazyload(Game.hands)))
)

# The ladder's club nights in order, each with its version (its own plus its tables' games').
_EVENT_VERSIONS = (
    select(Event.id, Event.public_id, Event.version + func.coalesce(func.sum(Game.version), 0))
    .select_from(Event).outerjoin(EventTable, EventTable.event_id == Event.id)
    .outerjoin(Game, Game.id == EventTable.game_id)
    .where(Event.ladder_id == bindparam("ladder_id")).group_by(Event.id).order_by(Event.id)
)

_VERSION = (
    select(Ladder.version
           + select(func.coalesce(func.sum(Event.version), 0)).where(Event.ladder_id == Ladder.id).scalar_subquery()
           + select(func.coalesce(func.sum(Game.version), 0)).select_from(Event)
           .join(EventTable, EventTable.event_id == Event.id).join(Game, Game.id == EventTable.game_id)
           .where(Event.ladder_id == Ladder.id).scalar_subquery())
    .where(Ladder.public_id == bindparam("public_id"))
)


@dataclass(frozen=True)
class LadderState:
    """A ladder read whole: its club nights (public ids, in order) and the ratings of their matches."""

    ladder: Ladder
    events: list[str]
    ratings: Ratings
    version: int


def load_ladder(public_id: str) -> LadderState:
    """The ladder with every finished table of its club nights rated in order; a 404 for none.

    Each club night's placed matches are kept under its version: after a correction only the corrected
    evening's tables are read again; the matches are then rated from the start, as the contract says.
    """
    ladder = ladder_or_404(public_id)
    evenings = db.session.execute(_EVENT_VERSIONS, {"ladder_id": ladder.id}).all()
    keys = {event_id: renders.key_of("ladder-matches", event_public_id) for event_id, event_public_id, _ in evenings}
    kept = {row.key: (row.version, row.body) for row in db.session.execute(
        select(Render.key, Render.version, Render.body).where(Render.key.in_(list(keys.values()))))}
    found: dict[int, list[list[Any]]] = {}
    for event_id, _, version in evenings:
        if kept.get(keys[event_id], (None, ""))[0] == version:
            found[event_id] = json.loads(kept[keys[event_id]][1])
    missing = [event_id for event_id, _, _ in evenings if event_id not in found]
    if missing:
        kind = GAMES[ladder.kind]
        for event in db.session.execute(_EVENTS, {"event_ids": missing}).unique().scalars():
            found[event.id] = _placed_tables(kind, event)
            version = event.version + sum(row.game.version for row in event.tables)
            renders.keep(keys[event.id], event.public_id, version, json.dumps(found[event.id]))
    matches = [Match(index, round_number, number, tuple(tuple(side) for side in sides), tuple(places))
               for index, (event_id, _, _) in enumerate(evenings)
               for round_number, number, sides, places in found[event_id]]
    version = ladder.version + sum(int(event_version) for _, _, event_version in evenings)
    return LadderState(ladder, [event_public_id for _, event_public_id, _ in evenings],
                       rate(matches, len(evenings)), version)


def _placed_tables(kind: GameKind, event: Event) -> list[list[Any]]:
    """The club night's finished tables as placed matches: [round, table, sides (players), places]."""
    placed: list[list[Any]] = []
    for row in event.tables:
        engine = running_state.resumed(row.game) or records.replay(row.game)
        if engine.is_over():
            finished = kind.table_sides(engine)
            placed.append([row.round, row.number, [list(side.players) for side in finished.sides],
                           list(table_places(finished))])
    return placed


def figure(value: float) -> float:
    """A ladder's figure as the API and the page give it: rounded to two decimals, never -0.0."""
    return round(value, 2) + 0.0


def _kept(key: str, public_id: str) -> tuple[int, str | None]:
    """The ladder's version and the render kept under `key` for it (None if none): one query; a 404 for no ladder."""
    if not PUBLIC_ID.fullmatch(public_id):
        abort(404)
    version_now = _VERSION.scalar_subquery()
    row = db.session.execute(
        select(version_now, select(Render.body).where(Render.key == key, Render.version == version_now)
               .scalar_subquery()), {"public_id": public_id}).one()
    if row[0] is None:
        abort(404)
    return int(row[0]), row[1]


def ladder_view(public_id: str) -> dict[str, Any]:
    """The ladder as every reader sees it now: kept for its version, or made and kept; a 404 for none."""
    key = renders.key_of("ladder-view", public_id)
    _version, kept = _kept(key, public_id)
    if kept is not None:
        return dict(json.loads(kept))
    view = view_of(load_ladder(public_id))
    renders.keep(key, public_id, view["version"], json.dumps(view))
    return view


def ladder_part(public_id: str, part: str, language: str) -> tuple[int, str | None]:
    """The ladder's version and a part of its page drawn for it in `language`, if kept (`keep_part`)."""
    return _kept(renders.key_of("ladder-part", public_id, part, language), public_id)


def keep_part(public_id: str, part: str, language: str, version: int, html: str) -> None:
    renders.keep(renders.key_of("ladder-part", public_id, part, language), public_id, version, html)


def view_of(state: LadderState) -> dict[str, Any]:
    """The ladder as plain data: the API object's fields, each player's matches and ratings after each evening."""
    ratings = state.ratings
    ladder = state.ladder
    order = sorted(ratings.skills, key=lambda key: (-figure(ratings.skills[key].rating),
                                                    ratings.names[key].casefold(), ratings.names[key]))
    lines: list[dict[str, Any]] = []
    for index, key in enumerate(order):
        skill = ratings.skills[key]
        shares = lines and lines[-1]["rating"] == figure(skill.rating)
        lines.append({"place": lines[-1]["place"] if shares else index + 1, "player": ratings.names[key],
                      "rating": figure(skill.rating), "mu": figure(skill.mu), "sigma": figure(skill.sigma),
                      "tables": len(ratings.outcomes[key]), "change": figure(ratings.change(key))})
    return {
        "id": ladder.public_id, "name": ladder.name, "game": ladder.kind, "version": state.version,
        "model": {"name": "PlackettLuce", "mu": round(MODEL.mu, 3), "sigma": round(MODEL.sigma, 3)},
        "events": state.events, "ratings": lines,
        "matches": {ratings.names[key]: [_outcome(outcome) for outcome in ratings.outcomes[key]] for key in order},
        "evenings": [[figure(after[key]) if key in after else None for after in ratings.after_evening]
                     for key in order],
    }


def _outcome(outcome: Outcome) -> dict[str, Any]:
    match = outcome.match
    return {"evening": match.evening + 1, "round": match.round, "table": match.table, "place": outcome.place,
            "shared": outcome.shared, "sides": len(match.sides),
            "against": [[o.name, figure(o.rating)] for o in outcome.opponents],
            "change": figure(outcome.change)}


def version_of(ladder: Ladder) -> int:
    """The ladder's version now: its own plus its club nights' (each the event's own plus its tables' games')."""
    return int(db.session.execute(_VERSION, {"public_id": ladder.public_id}).scalar_one())


def evening_count(ladder: Ladder) -> int:
    """How many club nights have joined the ladder."""
    return int(db.session.execute(select(func.count()).where(Event.ladder_id == ladder.id)).scalar_one())
