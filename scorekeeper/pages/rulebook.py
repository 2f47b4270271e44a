"""The rules of every game, in the players' words, one page per game with an anchor per rule."""

from __future__ import annotations

from flask import Blueprint, abort, render_template
from flask.typing import ResponseReturnValue

from ..games import GAMES

bp = Blueprint("rulebook", __name__, url_prefix="/rules")


@bp.get("/<game>")
def show(game: str) -> ResponseReturnValue:
    kind = GAMES.find(game) or abort(404)
    return render_template(kind.rules_template)
