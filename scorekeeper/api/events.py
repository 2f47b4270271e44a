"""The club nights' JSON API at /api/v1/events (API.md, "Club nights")."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, make_response, request, url_for

from ..models import Event, token_matches
from ..rules.errors import FieldError, RuleError
from ..rules.phrases import N_, phrase
from ..store import events
from ..store.event_views import event_view, view_of
from ..store.idempotency import exactly_once
from ..web.links import absolute_url
from .requests import error_response, object_body, rule_error

bp = Blueprint("events_api", __name__, url_prefix="/api/v1/events")
bp.register_error_handler(RuleError, rule_error)


@bp.errorhandler(404)
def not_found(_error: Exception) -> Response:
    return error_response(404, [FieldError("request", phrase(N_("There is no such event or table.")))])


def bearer_token() -> str:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


PRIVATE = ("edit_token_hash",)
PRIVATE_TABLE = ("scores", "confirmers", "edit_hash")


def event_object(view: dict[str, Any], organiser_token: str | None = None) -> dict[str, Any]:
    """The event object of API.md from the event's view; tables' edit tokens and links only for the organiser."""
    payload = {key: value for key, value in view.items() if key not in PRIVATE}
    payload["url"] = absolute_url("events.show_event", event_id=view["id"])
    payload["tables"] = [table_object(table, organiser_token) for table in view["tables"]]
    return payload


def table_object(table: dict[str, Any], organiser_token: str | None) -> dict[str, Any]:
    payload = {key: value for key, value in table.items() if key not in PRIVATE_TABLE}
    payload["url"] = absolute_url("views.show_game", game_id=table["game"])
    if organiser_token is not None:
        token = events.table_token(organiser_token, table["game"])
        payload["edit_token"] = token
        payload["edit_url"] = absolute_url("views.join", game_id=table["game"], token=token)
    return payload


def forbidden() -> Response:
    return error_response(403, [FieldError("request", phrase(
        N_("This needs the event's organiser token: send “Authorization: Bearer <edit_token>”.")))])


def organiser_event(event_id: str) -> Event | Response:
    """The event, locked, if the request carries the organiser's token; else a 403 answer."""
    event = events.event_or_404(event_id, lock=True)
    return event if event.has_edit_token(bearer_token()) else forbidden()


def answer(view: dict[str, Any], status: int = 200) -> Response:
    token = bearer_token()
    organiser = token if token and token_matches(token, view["edit_token_hash"]) else None
    response = make_response(jsonify(event_object(view, organiser)), status)
    response.set_etag(str(view["version"]))
    return response


@bp.post("")
def create_event() -> Response:
    def write() -> Response:
        created = events.create_event(object_body())
        payload = event_object(view_of(events.load_event(created.event.public_id)))
        payload["edit_token"] = created.edit_token
        location = url_for("events_api.show_event", event_id=created.event.public_id)
        return make_response(jsonify(payload), 201, {"Location": location})

    return exactly_once(request.path, write)


@bp.get("/<event_id>")
def show_event(event_id: str) -> Response:
    response = answer(event_view(event_id))
    response.headers["Cache-Control"] = "no-cache"
    response.make_conditional(request)
    return response


@bp.post("/<event_id>/rounds")
def seat_round(event_id: str) -> Response:
    event = organiser_event(event_id)
    if isinstance(event, Response):
        return event
    return exactly_once(event.public_id, lambda: answer(view_of(events.seat_next_round(event, bearer_token())), 201))


@bp.post("/<event_id>/tables/<int:round_number>/<int:number>/confirm")
def confirm(event_id: str, round_number: int, number: int) -> Response:
    """A player of another side than the winner's confirms the table's result (the table's or organiser's token)."""
    event = events.event_or_404(event_id, lock=True)
    body = object_body()

    def write() -> Response:
        events.confirm(event, round_number, number, body.get("player"), bearer_token())
        return answer(view_of(events.load_event(event.public_id)))

    return exactly_once(event.public_id, write)
