"""The rules of both games, in the players' words, one page per game with an anchor per rule."""

from __future__ import annotations

from flask import Blueprint, abort, render_template
from flask.typing import ResponseReturnValue

bp = Blueprint("rulebook", __name__, url_prefix="/rules")

GAMES = ("dummy-spades", "piquet")


@bp.get("/<game>")
def show(game: str) -> ResponseReturnValue:
    if game not in GAMES:
        abort(404)
    return render_template(f"rules/{game}.html")
