"""The API's JSON shapes (API.md), built from the engine's results."""

from __future__ import annotations

from typing import Any

from flask import url_for

from .i18n import say
from .models import Game
from .rules import spades


def game_object(game: Game, engine: Any, *, with_hands: bool = True) -> dict[str, Any]:
    """The game object of API.md; `with_hands=False` leaves out the hand list."""
    payload: dict[str, Any] = {
        "id": game.public_id,
        "game": game.kind,
        "players": list(game.player_names),
        "first_dealer": game.first_dealer,
        "settings": dict(game.settings),
        "totals": {name: {"score": s.score, "bags": s.bags} for name, s in engine.totals().items()},
        "status": "finished" if engine.is_over() else "in_progress",
        "winner": engine.winner(),
        "next_dealer": None if engine.is_over() else engine.next_dealer(),
        "after_end": list(engine.after_end),
        "url": url_for("views.show_game", game_id=game.public_id, _external=True),
    }
    if game.dummy_after is not None:
        payload["dummy_after"] = game.dummy_after
    if with_hands:
        payload["hands"] = [hand_result(result) for result in engine.hands]
    return payload


def hand_result(result: spades.HandResult) -> dict[str, Any]:
    """One scored Dummy Spades hand, with the entry and its explanation."""
    return {
        "number": result.number,
        "dealer": result.dealer,
        "bidding_order": list(result.bidding_order),
        "leader": result.leader,
        "declarer": result.declarer,
        "defenders": list(result.defenders),
        "nils": [
            {
                "bidder": nil.bidder,
                "hand": nil.hand,
                "applies": nil.applies,
                "made": nil.made,
                "points": nil.points,
                "reason": say(nil.reason),
            }
            for nil in result.nils
        ],
        "players": {
            p.player: {
                "role": p.role,
                "bid": p.bid,
                "team_tricks": p.team_tricks,
                "made": p.made,
                "contract_points": p.contract_points,
                "nil_points": p.nil_points,
                "bags_added": p.bags_added,
                "bag_penalty": p.bag_penalty,
                "delta": p.delta,
                "score": p.score,
                "bags": p.bags,
                "explanation": [say(line) for line in result.explain(p.player)],
            }
            for p in result.players
        },
        "entry": spades.hand_to_dict(result.entry),
        "explanation": [say(line) for line in result.explanation],
    }
