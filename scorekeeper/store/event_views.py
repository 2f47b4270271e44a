"""What every reader of a club night sees, as plain data kept in the cache of renders under the event's version.

The event object of the API, the event page, the big screen and the
exports are all drawn from this view. It is read with the event's current
version in one query (the version of the event plus its tables' games,
and the view kept for that version); only when the event has changed
since is it made again from the tables' engines (`events.load_event`,
one query more) and kept for the next readers. So an event of 30 tables
answers as fast as one of 3 between changes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache, cached_property
from typing import Any

from flask import abort
from flask_babel import get_locale
from sqlalchemy import bindparam, func, select

from ..database import read_connection
from ..extensions import db
from ..models import PUBLIC_ID, Event, EventTable, Game, Render
from ..rules.events import bye_points
from . import events
from .cache import renders
from .events import EventState, figure

# The event's version: its own and its tables' games', summed (it grows with every change to any of them).
_VERSION = (
    select(Event.version + func.coalesce(func.sum(Game.version), 0))
    .select_from(Event).outerjoin(EventTable, EventTable.event_id == Event.id)
    .outerjoin(Game, Game.id == EventTable.game_id)
    .where(Event.public_id == bindparam("public_id")).group_by(Event.id)
)


def _kept(key: str) -> Any:
    """The render kept under the key bound as `key` for the event's current version, as a column."""
    return (select(Render.body).where(Render.key == bindparam(key), Render.version == _VERSION.scalar_subquery())
            .scalar_subquery())


_NAME = select(Event.name).where(Event.public_id == bindparam("public_id")).scalar_subquery()


@cache
def _kept_with_parts(parts: int) -> Any:
    """The event's version, its name, its view and `parts` renders kept for that version: one statement (built
    once)."""
    return select(_VERSION.scalar_subquery(), _NAME, _kept("key"),
                  *(_kept(f"part_{index}") for index in range(parts)))


def current_version(public_id: str) -> int | None:
    """The event's version from one query of columns on a connection of its own (a poll); None for no such event."""
    if not PUBLIC_ID.fullmatch(public_id):
        return None
    with read_connection() as connection:
        return connection.execute(_VERSION, {"public_id": public_id}).scalar_one_or_none()


@dataclass(frozen=True)
class Viewed:
    """The event's view, and the parts drawn from it alone (templates, in this request's language) that are kept
    for its version: by template, None for one not kept yet (`keep_part` keeps it once drawn)."""

    public_id: str
    version: int
    name: str
    body: str  # the view, as kept: decoded only when asked for (a reader of kept parts alone never needs it)
    parts: dict[str, str | None]
    keys: dict[str, str]

    @cached_property
    def view(self) -> dict[str, Any]:
        return dict(json.loads(self.body))

    @property
    def in_ladder(self) -> bool:
        """Whether the club night joined a ladder: the view's last key (`view_of`), read without decoding the view
        (the big screen never decodes it)."""
        return self.body.endswith('"ladder": true}')


def event_view(public_id: str) -> dict[str, Any]:
    """The event as every reader sees it now: kept, or made and kept; a 404 for no such event."""
    return viewed(public_id).view


def viewed(public_id: str, *parts: str) -> Viewed:
    """The event's view and its `parts`, all read in one query while kept; a 404 for no such event."""
    if not PUBLIC_ID.fullmatch(public_id):
        abort(404)
    key = renders.key_of("event-view", public_id)
    language = str(get_locale())
    keys = {part: renders.key_of("event-part", public_id, part, language) for part in parts}
    values = {"public_id": public_id, "key": key, **{f"part_{i}": keys[part] for i, part in enumerate(parts)}}
    version, name, body, *kept = db.session.execute(_kept_with_parts(len(parts)), values).one()
    if version is None:
        abort(404)
    if body is not None:
        return Viewed(public_id, version, name, body, dict(zip(parts, kept, strict=True)), keys)
    view = view_of(events.load_event(public_id))
    body = json.dumps(view)
    renders.keep(key, public_id, view["version"], body)
    return Viewed(public_id, view["version"], view["name"], body, dict.fromkeys(parts), keys)


def keep_part(viewed: Viewed, part: str, html: str) -> None:
    """Keep a part drawn from this view for the next readers in this language."""
    renders.keep(viewed.keys[part], viewed.public_id, viewed.version, html)


def view_of(state: EventState) -> dict[str, Any]:
    """The event as plain data; `edit_token_hash`, `ladder` (whether it joined one), `byes_counted`, `bye_points`
    and each table's `edit_hash`, `confirmers` and `worked` (its sides' figures with what they come from) stay on
    the server."""
    event = state.event
    tables = []
    for played in state.tables:
        finished = played.is_finished
        tables.append({
            "round": played.row.round, "table": played.row.number, "game": played.game.public_id,
            "players": list(played.game.player_names), "status": "finished" if finished else "in_progress",
            "winner": played.engine.winner(), "confirmed_by": played.confirmed_by,
            "corrected_at": None if played.row.corrected_at is None else played.row.corrected_at.isoformat(),
            "scores": [[name, score] for name, score in played.engine.scores().items()],
            "confirmers": events.confirmers(state.kind, played) if finished else [],
            "worked": events.worked_sides(state.kind, played.engine) if finished else [],
            "edit_hash": played.game.edit_token_hash,
        })
    return {
        "id": event.public_id, "name": event.name, "game": event.kind, "players": list(event.players),
        "rounds": event.rounds, "round": state.round, "hands_per_round": event.hands_per_round,
        "round_minutes": event.round_minutes,
        "round_deadline": None if event.round_deadline is None else in_utc(event.round_deadline).isoformat(),
        "settings": event.settings, "status": state.status, "version": state.version,
        "tables": tables,
        "byes": [{"round": bye.round, "player": bye.player} for bye in state.byes],
        "standings": [
            {"place": line.place, "player": line.player, "match_points": figure(line.match_points),
             "margin": figure(line.margin), "tables": line.tables, "byes": line.byes}
            for line in state.standings
        ],
        "byes_counted": [{"round": bye.round, "player": bye.player} for bye in state.byes_counted],
        "bye_points": figure(bye_points(state.kind.sides_per_table or state.kind.player_count)),
        "edit_token_hash": event.edit_token_hash,
        "ladder": event.ladder_id is not None,
    }



def in_utc(moment: datetime) -> datetime:
    """A stored moment as UTC: SQLite gives back the UTC moments it was given without their zone, and a phone would
    read them as its own time."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
