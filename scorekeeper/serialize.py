"""The API's JSON shapes (API.md), built from the engine's results."""

from __future__ import annotations

from typing import Any

from flask import url_for

from . import records
from .games import GAMES
from .i18n import say
from .models import Game
from .rules import dummy_spades, piquet
from .rules.piquet.entry import deal_to_dict


def game_object(game: Game, engine: Any, *, with_hands: bool = True) -> dict[str, Any]:
    """The game object of API.md; `with_hands=False` leaves out the hand list."""
    payload: dict[str, Any] = {
        "id": game.public_id,
        "game": game.kind,
        "players": list(game.player_names),
        "first_dealer": game.first_dealer,
        "settings": dict(game.settings),
        "version": game.version,
        "status": "finished" if engine.is_over() else "in_progress",
        "winner": engine.winner(),
        "next_dealer": None if engine.is_over() else engine.next_dealer(),
        "after_end": list(engine.after_end),
        "url": url_for("views.show_game", game_id=game.public_id, _external=True),
    }
    if isinstance(engine, piquet.Game):
        payload["totals"] = {name: {"score": score} for name, score in engine.totals().items()}
        payload["settlement"] = settlement_object(engine.settlement())
        payload["session"] = game.session_id
        payload["session_totals"] = session_totals(game, engine)
    else:
        payload["totals"] = {name: {"score": s.score, "bags": s.bags} for name, s in engine.totals().items()}
        payload["dummy_after"] = game.dummy_after
    if with_hands:
        payload["hands"] = [result_object(result) for result in scored(engine)]
        kind = GAMES.of(game)
        payload["hands_after_end"] = [
            {"number": number, "entry": kind.entry_to_dict(engine.entries[number - 1])} for number in engine.after_end
        ]
    return payload


def scored(engine: Any) -> tuple[Any, ...]:
    """The scored hands (Spades) or deals (Piquet) of an engine game."""
    return engine.deals if isinstance(engine, piquet.Game) else engine.hands


def result_object(result: Any) -> dict[str, Any]:
    return deal_result(result) if isinstance(result, piquet.DealResult) else hand_result(result)


def settlement_object(settlement: piquet.Settlement | None) -> dict[str, Any] | None:
    if settlement is None:
        return None
    return {"winner": settlement.winner, "points": settlement.points, "rubiconed": settlement.rubiconed}


def session_totals(game: Game, engine: Any) -> dict[str, int] | None:
    """The session's balance, every settled partie added up (None outside a session).

    A few queries however many parties: `records.session_parties` and the
    selectin loads of their seats and hands.
    """
    return None if game.session_id is None else records.session_summary(game, engine).totals


def classes_object(classes: dict[str, Any]) -> dict[str, Any]:
    """Who is good in each class, and what they scored, with the reason."""
    return {
        name: {"good": result.good and str(result.good), "points": result.points, "explanation": say(result.explanation)}
        for name, result in classes.items()
    }


DEAL_LINE_FIELDS = ("carte_blanche", "point", "sequences", "sets", "repique", "pique", "tricks", "cards", "capot", "total", "score")


def deal_result(result: piquet.DealResult) -> dict[str, Any]:
    """One scored Piquet deal, with the entry and its explanation."""
    return {
        "number": result.number,
        "dealer": result.dealer,
        "elder": result.elder,
        "younger": result.younger,
        "classes": classes_object(result.classes),
        "players": {
            line.player: {"role": str(line.role), **{field: getattr(line, field) for field in DEAL_LINE_FIELDS}}
            for line in result.players
        },
        "ended_game": result.ended_game,
        "running_trick_points": [list(pair) for pair in result.running_trick_points],
        "entry": deal_to_dict(result.entry),
        "explanation": [say(line) for line in result.explanation],
    }


def check_object(result: piquet.CheckResult) -> dict[str, Any]:
    """The declaration checker's answer (API.md "Declaration checker")."""
    return {
        "classes": classes_object(result.classes),
        "elder": checked_hand_object(result.elder),
        "younger": checked_hand_object(result.younger),
        "explanation": [say(line) for line in result.explanation],
    }


def checked_hand_object(hand: piquet.CheckedHand) -> dict[str, Any]:
    """The combinations found in one hand, and what they score against the other hand."""
    point = hand.point
    return {
        "point": point and {"suit": point.suit and str(point.suit), "cards": point.cards, "value": point.value},
        "sequences": [
            {"suit": s.suit and str(s.suit), "length": s.length, "top": s.top.letter, "name": s.name}
            for s in hand.sequences
        ],
        "sets": [{"rank": s.rank.letter, "size": s.size, "name": s.name} for s in hand.sets],
        "combination_points": hand.combination_points,
        "repique": hand.repique,
        "blank": hand.blank,
    }


def hand_result(result: dummy_spades.HandResult) -> dict[str, Any]:
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
        "entry": dummy_spades.hand_to_dict(result.entry),
        "explanation": [say(line) for line in result.explanation],
    }
