"""Which game: each game of the engine by its name (the API's `game`), with how the board replays it from plain JSON
and reads its page's typed form. The board asks this, never a game's name (rules/board.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import dummy_spades, piquet, spades, typed
from .log import Log

Engine = Log[Any, Any, Any]
DEFAULT_DUMMY_AFTER = 2  # the dummy sits after the third player unless the table says otherwise


@dataclass(frozen=True)
class RulesGame:
    """What the board needs of one game.

    `replay` builds its engine from the players, the first dealer, the settings and the entries as JSON (and the whole
    game, for what only one game has); `typed_entry` reads its page's form as the API's hand payload; `typed_inputs`
    maps the engine's error paths to that form's fields (only where the phone marks them as the server's page does).
    """

    replay: Callable[[Mapping[str, Any]], Engine]
    typed_entry: Callable[[Sequence[str], typed.Fields], dict[str, Any]]
    typed_inputs: Callable[[typed.Fields], dict[str, str]] = lambda fields: {}


def _dummy_spades(game: Mapping[str, Any]) -> Engine:
    dummy_after = game.get("dummy_after")
    table = dummy_spades.Table.create(game.get("players"), game.get("first_dealer"),
                                      DEFAULT_DUMMY_AFTER if dummy_after is None else dummy_after)
    return dummy_spades.Game(table, dummy_spades.Settings.parse(game.get("settings")),
                             [dummy_spades.parse_hand(table, entry) for entry in game.get("entries") or []])


def _spades(game: Mapping[str, Any]) -> Engine:
    four = spades.Table.create(game.get("players"), game.get("first_dealer"))
    return spades.Game(four, spades.Settings.parse(game.get("settings")),
                       [spades.parse_hand(four, entry) for entry in game.get("entries") or []])


def _piquet(game: Mapping[str, Any]) -> Engine:
    two = piquet.Table.create(game.get("players"), game.get("first_dealer"))
    return piquet.Game(two, piquet.Settings.parse(game.get("settings")),
                       [piquet.parse_deal(entry) for entry in game.get("entries") or []])


# In the order the API lists them.
RULES_GAMES: dict[str, RulesGame] = {
    "dummy-spades": RulesGame(_dummy_spades, lambda players, fields: typed.dummy_spades_hand(list(players), fields)),
    "spades": RulesGame(_spades, lambda players, fields: typed.spades_hand(list(players), fields)),
    "piquet": RulesGame(_piquet, lambda players, fields: typed.piquet_deal(fields).payload,
                        lambda fields: typed.piquet_deal(fields).fields),
}


def rules_of(kind: object) -> RulesGame | None:
    """The game named `kind` (any JSON value, as the phone sends it), or None when no game has that name."""
    return RULES_GAMES.get(kind) if isinstance(kind, str) else None
