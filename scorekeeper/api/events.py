"""The club nights' JSON API at /api/v1/events (docs/api.md, "Club nights")."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, make_response, request, url_for

from ..games import GAMES
from ..games.schemas import INTEGER, NAME, NAMES, STRING, array, choice, integer, nullable, obj, ref, request_obj
from ..models import Event, token_matches
from ..rules.errors import FieldError, RuleError
from ..rules.phrases import N_, phrase
from ..store import events, ladder_chances, ladders
from ..store.event_views import event_view, keep_part, view_of, viewed
from ..store.idempotency import exactly_once
from ..web.limits import creation_limit, edit_token_attempts, seating_limit
from ..web.links import absolute_url
from .openapi import Reply, describe, link, named
from .requests import error_response, object_body, rule_error

bp = Blueprint("events_api", __name__, url_prefix="/api/v1/events")
bp.register_error_handler(RuleError, rule_error)

FIGURE = {"type": "number", "description": "Rounded to one decimal."}
TABLE = named("EventTable", obj({
    "round": INTEGER, "table": INTEGER, "game": {**STRING, "description": "The table's game id (an ordinary game)."},
    "url": STRING, "players": NAMES, "status": choice(("in_progress", "finished")), "winner": nullable(STRING),
    "confirmed_by": nullable(NAME), "corrected_at": nullable({**STRING, "format": "date-time"}),
    "edit_token": {**STRING, "description": "The table's edit token: only for the organiser."},
    "edit_url": {**STRING, "description": "The table's edit link: only for the organiser."},
    "chances": {"type": "object", "additionalProperties": {"type": "number", "minimum": 0, "maximum": 1},
                "description": "A ladder's club night: each side's probability of winning the table."},
}, optional=("edit_token", "edit_url", "chances")))
EVENT_FIELDS = {
    "id": STRING, "name": STRING, "game": choice(GAMES.keys()), "players": NAMES, "rounds": integer(1, 20),
    "round": integer(0), "hands_per_round": nullable(integer(1)), "settings": {"type": "object"},
    "round_minutes": nullable({**integer(1, 240), "description": "The round clock's minutes per round, if any."}),
    "round_deadline": nullable({**STRING, "format": "date-time",
                                "description": "When the round seated last ends by the round clock (UTC)."}),
    "status": choice(("seating", "in_play", "finished")), "version": integer(0), "url": STRING,
    "tables": array(TABLE), "byes": array(obj({"round": INTEGER, "player": NAME})),
    "standings": array(obj({"place": integer(1), "player": NAME, "match_points": FIGURE, "margin": FIGURE,
                            "tables": integer(0), "byes": integer(0)})),
}
EVENT = named("Event", obj(EVENT_FIELDS))
CREATED_EVENT = named("CreatedEvent", obj({**EVENT_FIELDS, "edit_token": {
    **STRING, "description": "The organiser's token, shown only this once."}}))
NEW_EVENT = named("NewEvent", request_obj({
    "name": STRING, "game": choice(GAMES.keys()), "players": array(NAME, minItems=2, maxItems=120),
    "rounds": integer(1, 20), "hands_per_round": integer(1, 100), "settings": {"type": "object"},
    "round_minutes": {**integer(1, 240), "description": "A round clock: each round's deadline is this many minutes "
                                                         "after it is seated (optional)."},
    "ladder": {**STRING, "description": "A ladder's id: the club night joins it (needs the ladder keeper's token)."},
}))
# Named, so that a generated client's model is `Confirmation` and not a name made of the path.
CONFIRMATION = named("Confirmation", request_obj({"player": {**NAME, "description": "The player confirming: of "
                                                          "another side than the table's winner's."}}))
EXAMPLE = {"name": "Thursday club", "game": "dummy-spades",
           "players": ["Ann", "Ben", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"],
           "rounds": 3, "hands_per_round": 8, "settings": {"target": 300}}


def read_event(event_id: str) -> dict[str, Any]:
    return link("get-events-event_id", "Read the club night.", path_event_id=event_id)


@bp.errorhandler(404)
def not_found(_error: Exception) -> Response:
    """The club night's 404, naming the table where the address names one."""
    if "round_number" in (request.view_args or {}):
        return error_response(404, [FieldError("request", phrase(N_("There is no such club night or table.")))])
    return error_response(404, [FieldError("request", phrase(N_("There is no such club night.")))])


def bearer_token() -> str:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


PRIVATE = ("edit_token_hash", "ladder", "byes_counted", "bye_points")
PRIVATE_TABLE = ("scores", "confirmers", "edit_hash", "worked")


def event_object(view: dict[str, Any], organiser_token: str | None = None) -> dict[str, Any]:
    """The event object of docs/api.md from the event's view; tables' edit tokens and links only for the organiser."""
    payload = {key: value for key, value in view.items() if key not in PRIVATE}
    payload["url"] = absolute_url("events.show_event", event_id=view["id"])
    # Every table's address starts alike: built once (a url_for a table cost a third of a 30-table answer).
    game_url = absolute_url("views.show_game", game_id="_").removesuffix("_")
    payload["tables"] = [table_object(table, organiser_token, game_url) for table in view["tables"]]
    return with_chances(payload) if view.get("ladder") else payload


def with_chances(payload: dict[str, Any]) -> dict[str, Any]:
    """A ladder's club night: each table carries each side's chances from the ratings before its round."""
    evening = ladder_chances.evening_of_ladder(payload["id"])
    assert evening is not None
    skills = ladder_chances.skills_before_rounds(evening)
    for table in payload["tables"]:
        table["chances"] = ladder_chances.table_chances(skills[table["round"]], table["players"])
    return payload


def table_object(table: dict[str, Any], organiser_token: str | None, game_url: str) -> dict[str, Any]:
    """A table of the event object; `game_url` is a game's address without its id (public ids need no quoting)."""
    payload = {key: value for key, value in table.items() if key not in PRIVATE_TABLE}
    payload["url"] = game_url + table["game"]
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
    payload = event_object(view, organiser)
    response = make_response(jsonify(payload), status)
    if any("chances" in table for table in payload["tables"]):
        response.add_etag()  # the chances follow the ladder's earlier tables too, not only this club night
    else:
        response.set_etag(str(view["version"]))
    return response


@bp.post("")
@describe("Create a club night", body=NEW_EVENT, idempotent=True, tag="events", examples={"club": EXAMPLE},
          replies={201: Reply("The event object, the organiser's token (shown only this once) and its page's url.",
                              CREATED_EVENT, ("Location",), links={
                                  "ReadEvent": read_event("$response.body#/id"),
                                  "SeatRound": link("post-events-event_id-rounds", "Seat its first round.",
                                                    path_event_id="$response.body#/id",
                                                    header_Authorization="Bearer {$response.body#/edit_token}")}),
                   403: Reply("A club night joining a ladder (`ladder`) needs the ladder keeper's token (the ladder's "
                              "`edit_token`), sent as "
                              "`Authorization: Bearer <token>`: it is missing or wrong.", ref("Error"))})
@creation_limit
def create_event() -> Response:
    body = object_body()
    found = ladders.keepers_ladder(body["ladder"], bearer_token()) if body.get("ladder") is not None else None
    if isinstance(found, FieldError):
        return error_response(403 if found.field == "request" else 422, [found])
    ladder = found

    def write() -> Response:
        if ladder is not None:
            ladders.join(ladder, body.get("game"))
        created = events.create_event(body)
        created.event.ladder_id = ladder.id if ladder is not None else None
        payload = event_object(view_of(events.load_event(created.event.public_id)))
        payload["edit_token"] = created.edit_token
        location = url_for("events_api.show_event", event_id=created.event.public_id)
        return make_response(jsonify(payload), 201, {"Location": location})

    return exactly_once(request.path, write, creates=True)


@bp.get("/<event_id>")
@describe("Read a club night: its tables, byes and standings", tag="events", replies={
    200: Reply("The event object (tables' edit tokens only for the organiser).", EVENT, ("ETag",)),
    304: Reply("The event has not changed since the ETag of If-None-Match."),
})
def show_event(event_id: str) -> Response:
    response = answer(event_view(event_id)) if bearer_token() else public_answer(event_id)
    response.headers["Cache-Control"] = "no-cache"
    response.make_conditional(request)
    return response


def public_answer(event_id: str) -> Response:
    """The event object every reader without a token gets, kept whole for the event's version: a club night of 30
    tables answers as fast as one of 3. It is kept for the address its links start with (web/links.py: only
    the server's own addresses)."""
    part = "api-object " + absolute_url("events.show_event", event_id=event_id)
    kept = viewed(event_id, part)
    text = kept.parts[part]
    if text is None:
        text = jsonify(event_object(kept.view)).get_data(as_text=True)
        if kept.in_ladder:
            # A ladder's club night is never kept whole: its chances follow the ladder's earlier tables too.
            response = current_app.response_class(text, mimetype="application/json")
            response.add_etag()
            return response
        keep_part(kept, part, text)
    response = current_app.response_class(text, mimetype="application/json")
    response.set_etag(str(kept.version))
    return response


@bp.post("/<event_id>/rounds")
@describe("Seat the next round (organiser)", token="the club night's organiser token (its `edit_token`)",
          idempotent=True, tag="events", replies={
    201: Reply("The event object, with the next round seated.", EVENT, ("ETag",), links={
        "ReadEvent": read_event("$request.path.event_id"),
        "Confirm": link("post-events-event_id-tables-round_number-number-confirm",
                        "Confirm the round's first table (once it is finished), with the organiser's token.",
                        path_event_id="$request.path.event_id", path_round_number="$response.body#/round",
                        path_number="$response.body#/tables/0/table",
                        header_Authorization="$request.header.Authorization")}),
    409: Reply("A table of the current round is still playing: nothing changed.", ref("Error")),
})
@seating_limit(lambda: events.tables_a_round((request.view_args or {})["event_id"]))
@edit_token_attempts
def seat_round(event_id: str) -> Response:
    event = organiser_event(event_id)
    if isinstance(event, Response):
        return event
    return exactly_once(event.public_id, lambda: answer(view_of(events.seat_next_round(event, bearer_token())), 201))


@bp.post("/<event_id>/tables/<int:round_number>/<int:number>/confirm")
@describe("Confirm a finished table's result (a player of a side not placed first)",
          token="the table's edit token (the `edit_token` of its game) or the club night's organiser token",
          idempotent=True, tag="events", body=CONFIRMATION,
          replies={200: Reply("The event object, the table confirmed.", EVENT, ("ETag",)),
                   404: Reply("There is no such club night or table.", ref("Error"))})
@edit_token_attempts
def confirm(event_id: str, round_number: int, number: int) -> Response:
    """A player of a side not placed first confirms the table's result (the table's or organiser's token)."""
    event = events.event_or_404(event_id, lock=True)
    body = object_body()

    def write() -> Response:
        events.confirm(event, round_number, number, body.get("player"), bearer_token())
        return answer(view_of(events.load_event(event.public_id)))

    return exactly_once(event.public_id, write)
