"""What every JSON endpoint shares: reading a JSON body, the edit token and If-Match, and the one error shape.
No routes: the API's blueprints (and a game's own, such as Piquet's checker) import from here."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, jsonify, request
from werkzeug.exceptions import HTTPException

from ..config import request_size_limit
from ..models import Game
from ..rules.errors import EntryWaiting, FieldError, RuleError
from ..rules.phrases import N_, phrase
from ..store import corrections, events, writes
from ..web.i18n import say


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
    415: N_("Send the body as JSON, with the header “Content-Type: application/json”."),
    503: N_("The scores cannot be reached for a moment (the server is waiting for its database). Nothing was "
            "changed: try again in a few seconds."),
}


def http_error(error: HTTPException) -> Response:
    """JSON for HTTP errors under /api (registered on the app, so 404s of unknown routes count)."""
    if error.code == 429:  # a limit (web/limits.py), whose message is already in the reader's language
        response = jsonify(errors=[{"field": "request", "message": error.description}])
        response.status_code = 429
        return response
    template = HTTP_MESSAGES.get(error.code or 500, N_("The request could not be handled."))
    field = {400: "body", 413: "body", 415: "Content-Type"}.get(error.code or 500, "request")
    message = phrase(template, size=request_size_limit()) if error.code == 413 else phrase(template)
    return error_response(error.code or 500, [FieldError(field, message)])


def rule_error(error: RuleError) -> Response:
    if isinstance(error, (writes.ConcurrentChange, EntryWaiting)):
        status = 409
    elif isinstance(error, writes.StaleVersion):
        status = 412
    else:
        status = 422
    return error_response(status, error.errors)


WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def json_writes_only() -> None:
    """Before every API view: a write that carries a body must say the body is JSON (`application/json`, or
    `application/*+json`), else 415. What a page of another site may send without asking first (text/plain,
    a form, a body with no type) then never reaches a view."""
    if request.method not in WRITES or request.url_rule is None or not request.path.startswith("/api/"):
        return
    has_body = bool(request.content_length) or "chunked" in request.headers.get("Transfer-Encoding", "").lower()
    if has_body and not request.is_json:
        abort(415)


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
    """The game to change, locked, if the request carries its edit token, or the organiser's of the club night
    whose table it is (a correction); 403 otherwise."""
    game = writes.locked_game(game_id)
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        abort(403)
    if not game.has_edit_token(token.strip()):
        if not events.is_organiser_of(game, token.strip()):
            abort(403)
        corrections.note_correction(game)  # a club night's organiser corrects a table
    return game


def game_etag(game: Game) -> str:
    """The game's version as an entity tag (strong: the version names the game's state exactly)."""
    return str(game.version)


def check_if_match(stored_version: int) -> None:
    """Honour If-Match: a change meant for another version than the stored one is refused (412)."""
    if request.if_match and not (request.if_match.star_tag or request.if_match.contains(str(stored_version))):
        raise writes.StaleVersion.at(stored_version)
