"""Dummy Hand Spades' own page part: what the bids decide, shown live as they are typed in one-step entry."""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask.typing import ResponseReturnValue

from ...pages.game_page import editable_game_or_403, stored_hand_or_404
from ...store import records
from .forms import DummySpadesHandForm
from .kind import spades_game

bp = Blueprint("dummy_spades", __name__)


@bp.post("/g/<game_id>/hands/bidding")
def bidding(game_id: str) -> ResponseReturnValue:
    """For htmx while the bids are typed: the declarer, the teams and the nils (Mirror's dummy spades and contracts,
    or why the bids cannot stand), swapped in place (what the page draws when the form comes back, and what "Save
    bids" records). `number`: the hand being edited."""
    game = editable_game_or_403(game_id)
    number = request.args.get("number", type=int)
    if number is not None:
        stored_hand_or_404(game, number)
    engine = spades_game(records.appending_engine(game))
    preview = DummySpadesHandForm(game.player_names).bidding(engine, number or engine.next_number())
    return render_template("dummy_spades/_bidding_live.html", preview=preview, style=engine.settings.style.value)
