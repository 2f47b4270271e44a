"""The JSON API at /api/v1 (API.md). Every error under /api is JSON."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, jsonify, request, url_for
from werkzeug.exceptions import HTTPException

from . import records, transfer
from .config import request_size_limit
from .i18n import say
from .models import Game
from .rules.errors import FieldError, RuleError
from .rules.phrases import N_, phrase
from .rules.piquet import check_hands
from .serialize import check_object, game_object, result_object, scored

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def error_response(status: int, errors: list[FieldError] | tuple[FieldError, ...]) -> Response:
    """The one error shape: {"errors": [{"field": ..., "message": ...}]}."""
    response = jsonify(errors=[{"field": e.field, "message": say(e.message)} for e in errors])
    response.status_code = status
    return response


HTTP_MESSAGES = {
    400: N_("The request body is not valid JSON."),
    403: N_("This needs the game's edit token: send “Authorization: Bearer <edit_token>”."),
    404: N_("There is no such game or hand."),
    405: N_("This address does not accept that method."),
    409: N_("Only the last hand can be removed."),
    413: N_("The request is too large: send at most %(size)s."),
}


def http_error(error: HTTPException) -> Response:
    """JSON for HTTP errors under /api (registered on the app, so 404s of unknown routes count)."""
    template = HTTP_MESSAGES.get(error.code or 500, N_("The request could not be handled."))
    field = "body" if error.code in (400, 413) else "request"
    message = phrase(template, size=request_size_limit()) if error.code == 413 else phrase(template)
    return error_response(error.code or 500, [FieldError(field, message)])


@bp.errorhandler(RuleError)
def rule_error(error: RuleError) -> Response:
    status = 409 if isinstance(error, records.ConcurrentChange) else 422
    return error_response(status, error.errors)


def json_body() -> Any:
    """The parsed JSON body; malformed JSON, or JSON nested too deep to read, is a 400."""
    try:
        data = request.get_json(force=True, silent=True)
    except RecursionError:
        abort(400)
    if data is None and request.get_data(cache=True).strip() != b"null":
        abort(400)
    return data


def object_body() -> dict[str, Any]:
    data = json_body()
    if not isinstance(data, dict):
        raise RuleError.single("body", phrase(N_("Send a JSON object.")))
    return data


def editable_game(game_id: str) -> Game:
    """The game, if the request carries its edit token (403 otherwise)."""
    game = records.game_or_404(game_id)
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not game.has_edit_token(token.strip()):
        abort(403)
    return game


def created_response(created: records.Created) -> tuple[Response, int, dict[str, str]]:
    """201 with the new game, its edit token (shown only this once) and its Location."""
    game = created.game
    payload = game_object(game, records.replay(game))
    payload["edit_token"] = created.edit_token
    return jsonify(payload), 201, {"Location": url_for("api.show_game", game_id=game.public_id)}


@bp.post("/games")
def create_game() -> tuple[Response, int, dict[str, str]]:
    return created_response(records.create_game(object_body()))


@bp.get("/games/<game_id>")
def show_game(game_id: str) -> Response:
    game = records.game_or_404(game_id)
    return jsonify(game_object(game, records.replay(game)))


def hand_response(game: Game, engine: Any, number: int) -> dict[str, Any]:
    payload = result_object(scored(engine)[number - 1])
    payload["game"] = game_object(game, engine, with_hands=False)
    payload["after_end"] = list(engine.after_end)
    return payload


@bp.post("/games/<game_id>/hands")
def add_hand(game_id: str) -> tuple[Response, int, dict[str, str]]:
    game = editable_game(game_id)
    engine = records.add_hand(game, object_body())
    number = len(scored(engine))
    location = url_for("api.show_game", game_id=game.public_id)
    return jsonify(hand_response(game, engine, number)), 201, {"Location": location}


@bp.put("/games/<game_id>/hands/<int:number>")
def replace_hand(game_id: str, number: int) -> Response:
    game = editable_game(game_id)
    try:
        engine = records.replace_hand(game, number, object_body())
    except records.HandNotFound:
        abort(404)
    return jsonify(hand_response(game, engine, number))


@bp.delete("/games/<game_id>/hands/<int:number>")
def remove_hand(game_id: str, number: int) -> tuple[str, int]:
    game = editable_game(game_id)
    try:
        records.remove_last_hand(game, number)
    except records.HandNotFound:
        abort(404)
    except records.NotLastHand:
        abort(409)
    return "", 204


@bp.post("/games/<game_id>/next")
def next_partie(game_id: str) -> tuple[Response, int, dict[str, str]]:
    """Start the next partie of a finished Rubicon partie (201), or return the one already started (200)."""
    game = editable_game(game_id)
    started = records.following_partie(game) is None
    partie = records.next_partie(game)
    location = url_for("api.show_game", game_id=partie.public_id)
    return jsonify(game_object(partie, records.replay(partie))), 201 if started else 200, {"Location": location}


@bp.post("/piquet/check")
def check_declarations() -> Response:
    """The stateless declaration checker: two 12-card hands, every combination found and compared."""
    data = object_body()
    return jsonify(check_object(check_hands(data.get("elder"), data.get("younger"), data.get("carte_blanche"))))


@bp.post("/games/import")
def import_game() -> tuple[Response, int, dict[str, str]]:
    """A new game from an exported game object: 201 with its new edit token, or 422 with every problem."""
    return created_response(transfer.import_game(json_body()))
