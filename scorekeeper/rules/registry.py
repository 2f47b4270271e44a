"""Which game: each game of the engine by its name (the API's `game`), with how many players it seats, how the board
replays it from plain JSON, and how its pages' typed forms are read and filled in. The board and the forms ask this,
never a game's name (rules/board.py, games/<game>/forms.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import dummy_spades, piquet, spades, typed
from .log import Log

Engine = Log[Any, Any, Any]


@dataclass(frozen=True)
class RulesGame:
    """What the board needs of one game.

    `player_count` seats it; `replay` builds its engine from the players, the first dealer, the settings and the
    entries as JSON (and the whole game, for what only one game has); `typed_settings` reads its new-game form's own
    fields; `typed_entry` reads its page's entry form as the API's hand payload, and `typed_fields` fills that form
    in for a stored entry; `typed_inputs` maps the engine's error paths to that form's fields (only where the phone
    marks them as the server's page does).
    """

    player_count: int
    replay: Callable[[Mapping[str, Any]], Engine]
    typed_settings: Callable[[typed.Fields], typed.TypedSettings]
    typed_entry: Callable[[Sequence[str], typed.Fields], dict[str, Any]]
    typed_fields: Callable[[Sequence[str], Mapping[str, Any]], dict[str, list[str]]]
    typed_inputs: Callable[[typed.Fields], dict[str, str]] = lambda fields: {}


def _dummy_spades(game: Mapping[str, Any]) -> Engine:
    dummy_after = game.get("dummy_after")
    table = dummy_spades.Table.create(game.get("players"), game.get("first_dealer"),
                                      dummy_spades.DEFAULT_DUMMY_AFTER if dummy_after is None else dummy_after)
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
    "dummy-spades": RulesGame(3, _dummy_spades, typed.dummy_spades_settings, typed.dummy_spades_hand,
                              typed.dummy_spades_fields),
    "spades": RulesGame(4, _spades, typed.spades_settings, typed.spades_hand, typed.spades_fields),
    "piquet": RulesGame(2, _piquet, typed.piquet_settings, lambda players, fields: typed.piquet_deal(fields).payload,
                        lambda players, entry: typed.piquet_fields(entry),
                        lambda fields: typed.piquet_deal(fields).fields),
}


def rules_of(kind: object) -> RulesGame | None:
    """The game named `kind` (any JSON value, as the phone sends it), or None when no game has that name."""
    return RULES_GAMES.get(kind) if isinstance(kind, str) else None


def typed_setup(kind: str, fields: typed.Fields) -> typed.TypedSetup:
    """The new-game form of the game named `kind` (a registered one) read as the API's create payload
    (`typed.new_game`)."""
    game = RULES_GAMES[kind]
    return typed.new_game(kind, game.player_count, game.typed_settings, fields)


def typed_fields(kind: str, players: Sequence[str], entry: Mapping[str, Any]) -> dict[str, list[str]]:
    """The fields the entry form of the game named `kind` (a registered one) would send for a stored entry."""
    return RULES_GAMES[kind].typed_fields(players, entry)
