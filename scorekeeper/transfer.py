"""A game carried out of the app and back: the CSV download, and the import of the JSON game object.

The import reads only what was entered (players, first dealer, settings
and whatever else the game's setup holds, each hand's `entry`) and lets the rules engine check every
entry before anything is stored; scores are replayed, never read.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from . import records
from .games import GAMES, GameKind
from .games.base import Engine, Setup
from .models import Game
from .rules.errors import ErrorCollector, FieldError, RuleError
from .rules.phrases import N_, phrase


def csv_text(game: Game, engine: Engine) -> str:
    """The game as CSV: a header, then one row per scored hand (or deal) per player, in seating order."""
    kind = GAMES.of(game)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(kind.csv_columns)
    writer.writerows(kind.csv_rows(engine))
    return out.getvalue()


def import_game(data: object) -> records.Created:
    """Store a new game from an exported game object (API.md "The game object").

    :raises RuleError: listing what is wrong; nothing is stored then.
    """
    kind, game, hands = _read_shape(data)
    setup = kind.read_setup(game)
    entries = _replayed_entries(kind, setup, hands)
    return records.create_game(game, hands=[kind.entry_to_dict(entry) for entry in entries])


def _read_shape(data: object) -> tuple[GameKind, dict[str, Any], list[Any]]:
    """The game's kind, the game object and its hand list, or the reason the file is not a game."""
    if not isinstance(data, dict):
        raise RuleError.single(
            "body", phrase(N_("This is not a Scorekeeper game: the file must hold one game object."))
        )
    kind = GAMES.find(data.get("game"))
    if kind is None:
        choices = ", ".join(f"“{name}”" for name in GAMES)
        raise RuleError.single("game", phrase(N_("The game must be one of %(choices)s."), choices=choices))
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise RuleError.single("hands", phrase(N_("The game has no list of hands.")))
    return kind, data, hands


def _replayed_entries(kind: GameKind, setup: Setup, hands: list[Any]) -> list[Any]:
    """Every hand's entry, parsed and then scored in order by the engine; errors name the hand."""
    errors = ErrorCollector()
    entries = []
    for index, hand in enumerate(hands):
        label = phrase(kind.words.numbered, number=index + 1)
        entry = hand.get("entry") if isinstance(hand, dict) else None
        if not isinstance(entry, dict):
            errors.add(f"hands[{index}].entry", phrase(N_("%(hand)s has no entry."), hand=label))
            continue
        try:
            entries.append(kind.parse_entry(setup.table, entry))
        except RuleError as error:
            errors.errors.extend(_in_hand(error, index, label))
    errors.raise_if_any()
    engine = kind.replay(setup, [])
    for index, entry in enumerate(entries):
        try:
            engine.add(entry)
        except RuleError as error:
            raise RuleError(_in_hand(error, index, phrase(kind.words.numbered, number=index + 1))) from None
    return entries


def _in_hand(error: RuleError, index: int, label: Any) -> list[FieldError]:
    """The engine's errors about one entry, placed in the hand list and saying which hand."""
    return [
        FieldError(
            f"hands[{index}]" if e.field == "game" else f"hands[{index}].entry.{e.field}",
            phrase(N_("%(hand)s: %(message)s"), hand=label, message=e.message),
        )
        for e in error.errors
    ]
