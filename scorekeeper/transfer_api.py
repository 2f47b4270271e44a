"""The import of an exported game through the JSON API (docs/api.md "Import a game")."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, url_for

from . import records, transfer
from .api import json_body, rule_error
from .rules.errors import RuleError
from .serialize import game_object

bp = Blueprint("transfer_api", __name__, url_prefix="/api/v1")
bp.register_error_handler(RuleError, rule_error)


@bp.post("/games/import")
def import_game() -> tuple[Response, int, dict[str, str]]:
    """A new game from a game object: 201 with the game and its new edit token, or 422 with every problem."""
    created = transfer.import_game(json_body())
    game = created.game
    payload = game_object(game, records.replay(game))
    payload["edit_token"] = created.edit_token
    return jsonify(payload), 201, {"Location": url_for("api.show_game", game_id=game.public_id)}
