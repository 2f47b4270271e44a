"""A game carried out of the app and back: the CSV download, and the import of the JSON game object.

The import reads only what was entered (players, settings, first dealer,
dummy seat, each hand's `entry`) and lets the rules engine check every
entry before anything is stored; scores are replayed, never read.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from typing import Any, Final

from . import records
from .games import GAMES, GameKind
from .games.base import Setup
from .models import Game
from .rules import piquet
from .rules.errors import ErrorCollector, FieldError, RuleError
from .rules.phrases import N_, phrase

SPADES_COLUMNS: Final = (
    "hand", "dealer", "player", "role", "bid", "nil_on", "tricks", "team_tricks", "made",
    "contract_points", "nil_points", "bags_added", "bag_penalty", "delta", "score", "bags",
)
PIQUET_COLUMNS: Final = (
    "deal", "dealer", "player", "role", "carte_blanche", "point", "sequences", "sets", "repique", "pique",
    "tricks", "cards", "capot", "total", "score",
)
PIQUET_POINTS: Final = PIQUET_COLUMNS[4:]
# Spreadsheets run a cell that starts with one of these as a formula.
FORMULA_STARTS: Final = ("=", "+", "-", "@")


def csv_text(game: Game, engine: Any) -> str:
    """The game as CSV: a header, then one row per scored hand (or deal) per player, in seating order."""
    out = io.StringIO()
    writer = csv.writer(out)
    if isinstance(engine, piquet.Game):
        writer.writerow(PIQUET_COLUMNS)
        writer.writerows(_piquet_rows(engine))
    else:
        writer.writerow(SPADES_COLUMNS)
        writer.writerows(_spades_rows(engine))
    return out.getvalue()


def _text(value: str) -> str:
    """A name as a CSV cell that no spreadsheet reads as a formula."""
    return f"'{value}" if value.startswith(FORMULA_STARTS) else value


def _spades_rows(engine: Any) -> Iterator[list[Any]]:
    for result in engine.hands:
        for line in result.players:
            nil_on = [nil.hand for nil in result.nils if nil.bidder == line.player]
            yield [
                result.number, _text(result.dealer), _text(line.player), str(line.role), line.bid,
                "; ".join(_text(hand) for hand in nil_on), result.entry.tricks_of(line.player), line.team_tricks,
                "true" if line.made else "false", line.contract_points, line.nil_points, line.bags_added,
                line.bag_penalty, line.delta, line.score, line.bags,
            ]


def _piquet_rows(engine: piquet.Game) -> Iterator[list[Any]]:
    for result in engine.deals:
        for line in result.players:
            yield [result.number, _text(result.dealer), _text(line.player), str(line.role),
                   *(getattr(line, field) for field in PIQUET_POINTS)]


def import_game(data: object) -> records.Created:
    """Store a new game from an exported game object (API.md "The game object").

    :raises RuleError: listing what is wrong; nothing is stored then.
    """
    kind, hands = _read_shape(data)
    setup = kind.read_setup(data)
    entries = _replayed_entries(kind, setup, hands)
    return records.create_game(data, hands=[kind.entry_to_dict(entry) for entry in entries])


def _read_shape(data: object) -> tuple[GameKind, list[Any]]:
    """The game's kind and its hand list, or the reason the file is not a game."""
    if not isinstance(data, dict):
        raise RuleError.single("body", phrase(N_("This is not a Scorekeeper game: the file must hold one game object.")))
    kind = GAMES.find(data.get("game"))
    if kind is None:
        choices = ", ".join(f"“{name}”" for name in GAMES)
        raise RuleError.single("game", phrase(N_("The game must be one of %(choices)s."), choices=choices))
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise RuleError.single("hands", phrase(N_("The game has no list of hands.")))
    return kind, hands


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
