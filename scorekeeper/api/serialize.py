"""The API's JSON shapes (API.md), built from the engine's results; each game's kind adds its own fields."""

from __future__ import annotations

from typing import Any

from ..games import GAMES
from ..games.base import Engine, standing_object
from ..models import Game
from ..store import records
from ..web.links import absolute_url


def game_object(game: Game, engine: Engine, *, with_hands: bool = True) -> dict[str, Any]:
    """The game object of API.md; `with_hands=False` leaves out the hand list.

    A few queries for a game in a session, however many games it has
    (`records.session_games` and the selectin loads of their seats and
    hands); none outside a session.
    """
    kind = GAMES.of(game)
    payload: dict[str, Any] = {
        "id": game.public_id,
        "game": game.kind,
        "players": list(game.player_names),
        "first_dealer": game.first_dealer,
        "settings": engine.settings.to_dict(),
        "version": game.version,
        "status": "finished" if engine.is_over() else "in_progress",
        "winner": engine.winner(),
        "next_dealer": None if engine.is_over() else engine.next_dealer(),
        "after_end": list(engine.after_end),
        "url": absolute_url("views.show_game", game_id=game.public_id),
        "totals": {name: standing_object(standing) for name, standing in engine.totals().items()},
        **kind.game_fields(engine, records.played_in_session(game, engine)),
    }
    if with_hands:
        payload["hands"] = [hand_object(game, engine, number) for number in range(1, len(engine.results) + 1)]
        if engine.waiting is not None:
            payload["hands"].append(hand_object(game, engine, len(engine.entries)))
        payload["hands_after_end"] = [
            {"number": number, "entry": kind.entry_to_dict(engine.entries[number - 1])} for number in engine.after_end
        ]
    return payload


def hand_object(game: Game, engine: Engine, number: int) -> dict[str, Any]:
    """Hand `number` as the API's hand result: scored (`"complete": true`), or waiting for its play (false)."""
    kind = GAMES.of(game)
    if number == engine.waiting_number():
        return {**kind.waiting_object(engine.waiting), "complete": False}
    last = number == engine.next_number() - 1 and number not in engine.after_end
    result = engine.last_result() if last else engine.results[number - 1]  # a resumed engine has only its last
    return {**kind.result_object(result), "complete": True}
