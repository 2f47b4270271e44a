"""The club nights' JSON API at /api/v1/events (API.md, "Club nights")."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import Blueprint, Response, jsonify, make_response, request, url_for

from ..models import Event
from ..rules.errors import FieldError, RuleError
from ..rules.phrases import N_, phrase
from ..store import events
from ..store.events import EventState, PlayedTable, figure
from ..store.idempotency import exactly_once
from ..web.links import absolute_url
from .requests import error_response, object_body, rule_error

bp = Blueprint("events_api", __name__, url_prefix="/api/v1/events")
bp.register_error_handler(RuleError, rule_error)


def bearer_token() -> str:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def stamp(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def table_object(state: EventState, played: PlayedTable, organiser_token: str | None) -> dict[str, Any]:
    game = played.game
    payload: dict[str, Any] = {
        "round": played.row.round, "table": played.row.number, "game": game.public_id,
        "url": absolute_url("views.show_game", game_id=game.public_id), "players": list(game.player_names),
        "status": "finished" if played.is_finished else "in_progress", "winner": played.engine.winner(),
        "confirmed_by": played.confirmed_by, "corrected_at": stamp(played.row.corrected_at),
    }
    if organiser_token is not None:
        token = events.table_token(organiser_token, game.public_id)
        payload["edit_token"] = token
        payload["edit_url"] = absolute_url("views.join", game_id=game.public_id, token=token)
    return payload


def event_object(state: EventState, organiser_token: str | None = None) -> dict[str, Any]:
    """The event object of API.md; tables' edit tokens only for the organiser."""
    event = state.event
    return {
        "id": event.public_id, "name": event.name, "game": event.kind, "players": list(event.players),
        "rounds": event.rounds, "round": state.round, "hands_per_round": event.hands_per_round,
        "settings": event.settings, "status": state.status, "version": state.version,
        "url": absolute_url("events.show_event", event_id=event.public_id),
        "tables": [table_object(state, played, organiser_token) for played in state.tables],
        "byes": [{"round": bye.round, "player": bye.player} for bye in state.byes],
        "standings": [
            {"place": line.place, "player": line.player, "match_points": figure(line.match_points),
             "margin": figure(line.margin), "tables": line.tables, "byes": line.byes}
            for line in state.standings
        ],
    }


def forbidden() -> Response:
    return error_response(403, [FieldError("request", phrase(
        N_("This needs the event's organiser token: send “Authorization: Bearer <edit_token>”.")))])


def organiser_event(event_id: str) -> Event | Response:
    """The event, locked, if the request carries the organiser's token; else a 403 answer."""
    event = events.event_or_404(event_id, lock=True)
    return event if event.has_edit_token(bearer_token()) else forbidden()


def answer(state: EventState, status: int = 200) -> Response:
    token = bearer_token()
    organiser = token if state.event.has_edit_token(token) else None
    response = make_response(jsonify(event_object(state, organiser)), status)
    response.set_etag(str(state.version))
    return response


@bp.post("")
def create_event() -> Response:
    def write() -> Response:
        created = events.create_event(object_body())
        payload = event_object(events.load_event(created.event.public_id))
        payload["edit_token"] = created.edit_token
        location = url_for("events_api.show_event", event_id=created.event.public_id)
        return make_response(jsonify(payload), 201, {"Location": location})

    return exactly_once(request.path, write)


@bp.get("/<event_id>")
def show_event(event_id: str) -> Response:
    state = events.load_event(event_id)
    response = answer(state)
    response.headers["Cache-Control"] = "no-cache"
    response.make_conditional(request)
    return response


@bp.post("/<event_id>/rounds")
def seat_round(event_id: str) -> Response:
    event = organiser_event(event_id)
    if isinstance(event, Response):
        return event
    return exactly_once(event.public_id, lambda: answer(events.seat_next_round(event, bearer_token()), 201))


@bp.post("/<event_id>/tables/<int:round_number>/<int:number>/confirm")
def confirm(event_id: str, round_number: int, number: int) -> Response:
    """A player of another side than the winner's confirms the table's result (the table's or organiser's token)."""
    event = events.event_or_404(event_id, lock=True)
    body = object_body()

    def write() -> Response:
        events.confirm(event, round_number, number, body.get("player"), bearer_token())
        return answer(events.load_event(event.public_id))

    return exactly_once(event.public_id, write)
