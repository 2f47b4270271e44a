"""The API's JSON shapes (docs/api.md), built from the engine's results; each game's kind adds its own fields."""

from __future__ import annotations

import json
from typing import Any

from flask_babel import get_locale

from ..games import GAMES
from ..games.base import Engine, standing_object
from ..models import Game
from ..store import records
from ..store.cache import hand_pieces, renders
from ..web.links import absolute_url


def game_object(game: Game, engine: Engine, *, with_hands: bool = True) -> dict[str, Any]:
    """The game object of docs/api.md; `with_hands=False` leaves out the hand list.

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
    hand = hand_pieces.hand_of(engine, number)  # a resumed engine holds only its last scored hand and the waiting one
    if number == engine.waiting_number():
        return {**kind.waiting_object(hand), "complete": False}
    return {**kind.result_object(hand), "complete": True}


URL_PLACEHOLDER = '"url":"\\u0000"'
"""Where a kept game object's `url` goes: the address is this request's, never kept (no name holds a NUL)."""


def as_json(value: Any) -> str:
    """`value` as the API sends it (Flask's JSON: keys sorted, compact, ASCII)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def game_json(game: Game, engine: Engine, language: str) -> str:
    """The game object (`game_object`) as JSON text, with `URL_PLACEHOLDER` for its `url`, its hands each a
    kept piece (store/cache/hand_pieces.py): after a hand is recorded only that hand's object is made, whatever the
    length of the game. `engine` is the game's at its version, resumed or whole."""
    if engine.is_resumed and engine.after_end:  # the entries kept after the end are in a whole engine only
        engine = records.replay(game)
    payload = game_object(game, engine, with_hands=False)
    fields = {key: as_json(value) for key, value in payload.items()}
    fields["url"] = URL_PLACEHOLDER.partition(":")[2]
    hands = hand_pieces.kept(game, engine, f"api {language}",
                        lambda whole, number: as_json(hand_object(game, whole, number)))
    fields["hands"] = "[" + ",".join(body for _, body in hands) + "]"
    kind = GAMES.of(game)
    fields["hands_after_end"] = as_json([{"number": number, "entry": kind.entry_to_dict(engine.entries[number - 1])}
                                         for number in engine.after_end])
    return "{" + ",".join(f"{json.dumps(key)}:{fields[key]}" for key in sorted(fields)) + "}"


def with_url(text: str, url: str) -> str:
    """A kept game object (`game_json`) with this request's `url`."""
    at = text.rfind(URL_PLACEHOLDER)
    return f"{text[:at]}\"url\":{json.dumps(url)}{text[at + len(URL_PLACEHOLDER):]}"


def game_object_now(game: Game, *, store: bool = True) -> str:
    """The game object of the game as stored now, as JSON text, from the cache of renders (where it is kept if
    `store`) and each hand's kept piece (its `url` added for this request: from PUBLIC_URL, or this request's
    host, never kept)."""
    def make() -> str:
        return game_json(game, records.appending_engine(game), str(get_locale()))

    kept = renders.cached("api-game", game, make, with_session=True, store=store)
    return with_url(kept, absolute_url("views.show_game", game_id=game.public_id))
