"""The ladders' JSON API at /api/v1/ladders (docs/api.md, "Ladders")."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, make_response, request, url_for

from ..games import GAMES
from ..games.schemas import NAME, STRING, array, choice, integer, obj, request_obj
from ..rules.errors import FieldError, RuleError
from ..rules.phrases import N_, phrase
from ..store import ladders
from ..store.idempotency import exactly_once
from ..web.limits import creation_limit
from ..web.links import absolute_url
from .openapi import Reply, describe, link, named
from .requests import error_response, object_body, rule_error

bp = Blueprint("ladders_api", __name__, url_prefix="/api/v1/ladders")
bp.register_error_handler(RuleError, rule_error)

FIGURE = {"type": "number", "description": "Rounded to two decimals."}
LADDER_FIELDS = {
    "id": STRING, "name": STRING, "game": choice(GAMES.keys()), "version": integer(0), "url": STRING,
    "model": obj({"name": STRING, "mu": {"type": "number"}, "sigma": {"type": "number"}}),
    "events": array(STRING),
    "ratings": array(obj({"place": integer(1), "player": NAME, "rating": FIGURE, "mu": FIGURE, "sigma": FIGURE,
                          "tables": integer(1), "change": FIGURE})),
}
LADDER = named("Ladder", obj(LADDER_FIELDS))
CREATED_LADDER = named("CreatedLadder", obj({**LADDER_FIELDS, "edit_token": {
    **STRING, "description": "The ladder keeper's token, shown only this once: club nights join the ladder with it."}}))
NEW_LADDER = named("NewLadder", request_obj({"name": STRING, "game": choice(GAMES.keys())}))
PUBLIC = ("id", "name", "game", "version", "model", "events", "ratings")


@bp.errorhandler(404)
def not_found(_error: Exception) -> Response:
    return error_response(404, [FieldError("request", phrase(N_("There is no such ladder.")))])


def ladder_object(view: dict[str, Any]) -> dict[str, Any]:
    return {**{key: view[key] for key in PUBLIC}, "url": absolute_url("ladders.show_ladder", ladder_id=view["id"])}


@bp.post("")
@describe("Create a ladder: ratings across club nights", body=NEW_LADDER, idempotent=True, tag="ladders",
          examples={"club": {"name": "Thursday club", "game": "dummy-spades"}},
          replies={201: Reply("The ladder object, the keeper's token (shown only this once) and its page's url.",
                              CREATED_LADDER, ("Location",), links={"ReadLadder": link(
                                  "get-ladders-ladder_id", "Read the ladder.", path_ladder_id="$response.body#/id")})})
@creation_limit
def create_ladder() -> Response:
    def write() -> Response:
        created = ladders.create_ladder(object_body())
        payload = ladder_object(ladders.view_of(ladders.load_ladder(created.ladder.public_id)))
        payload["edit_token"] = created.edit_token
        location = url_for("ladders_api.show_ladder", ladder_id=created.ladder.public_id)
        return make_response(jsonify(payload), 201, {"Location": location})

    return exactly_once(request.path, write, creates=True)


@bp.get("/<ladder_id>")
@describe("Read a ladder: its club nights and every player's rating", tag="ladders", replies={
    200: Reply("The ladder object.", LADDER, ("ETag",)),
    304: Reply("The ladder has not changed since the ETag of If-None-Match."),
})
def show_ladder(ladder_id: str) -> Response:
    view = ladders.ladder_view(ladder_id)
    response = make_response(jsonify(ladder_object(view)))
    response.set_etag(str(view["version"]))
    response.headers["Cache-Control"] = "no-cache"
    response.make_conditional(request)
    return response
