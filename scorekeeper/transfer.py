"""A game carried out of the app and back: the CSV download, and the import of the JSON game object.

Both files keep every stored hand, those kept unscored after the end of
the game too. The import reads only what was entered (players, settings,
first dealer, dummy seat, each hand's `entry`) and lets the rules engine
check every entry before anything is stored; scores are replayed, never read.
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
    """The game as CSV: a header, then one row per hand (or deal) per player, in seating order.

    A hand kept after the end of the game has what was entered and no scores.
    """
    out = io.StringIO()
    writer = csv.writer(out)
    if isinstance(engine, piquet.Game):
        writer.writerow(PIQUET_COLUMNS)
        writer.writerows(_piquet_rows(engine))
        writer.writerows(_piquet_rows_after_end(engine))
    else:
        writer.writerow(SPADES_COLUMNS)
        writer.writerows(_spades_rows(engine))
        writer.writerows(_spades_rows_after_end(engine))
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


def _spades_rows_after_end(engine: Any) -> Iterator[list[Any]]:
    unscored = [""] * (len(SPADES_COLUMNS) - 7)
    for number in engine.after_end:
        entry = engine.entries[number - 1]
        for bid in entry.bids:
            yield [number, _text(engine.table.dealer(number)), _text(bid.player), "", bid.bid,
                   "; ".join(_text(hand) for hand in bid.nil), entry.tricks_of(bid.player), *unscored]


def _piquet_rows(engine: piquet.Game) -> Iterator[list[Any]]:
    for result in engine.deals:
        for line in result.players:
            yield [result.number, _text(result.dealer), _text(line.player), str(line.role),
                   *(getattr(line, field) for field in PIQUET_POINTS)]


def _piquet_rows_after_end(engine: piquet.Game) -> Iterator[list[Any]]:
    unscored = [""] * len(PIQUET_POINTS)
    for number in engine.after_end:
        elder = engine.table.elder(number)
        for player in engine.table.players:
            yield [number, _text(engine.table.dealer(number)), _text(player),
                   "elder" if player == elder else "younger", *unscored]


def import_game(data: object) -> records.Created:
    """Store a new game from an exported game object (API.md "The game object").

    :raises RuleError: listing what is wrong; nothing is stored then.
    """
    kind, hands, after_end = _read_shape(data)
    setup = kind.read_setup(data)
    entries = _replayed_entries(kind, setup, hands, after_end)
    return records.create_game(data, hands=[kind.entry_to_dict(entry) for entry in entries])


def _read_shape(data: object) -> tuple[GameKind, list[Any], list[Any]]:
    """The game's kind, its hand list and the hands kept after its end, or the reason the file is not a game."""
    if not isinstance(data, dict):
        raise RuleError.single("body", phrase(N_("This is not a Scorekeeper game: the file must hold one game object.")))
    kind = GAMES.find(data.get("game"))
    if kind is None:
        choices = ", ".join(f"“{name}”" for name in GAMES)
        raise RuleError.single("game", phrase(N_("The game must be one of %(choices)s."), choices=choices))
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise RuleError.single("hands", phrase(N_("The game has no list of hands.")))
    after_end = data.get("hands_after_end")
    if after_end is None:
        after_end = []
    if not isinstance(after_end, list):
        raise RuleError.single("hands_after_end", phrase(N_("The hands kept after the end must be a list.")))
    return kind, hands, after_end


def _replayed_entries(kind: GameKind, setup: Setup, hands: list[Any], after_end: list[Any]) -> list[Any]:
    """Every hand's entry, parsed and then scored in order by the engine; errors name the hand.

    The hands kept after the end follow the others: each is scored while the
    game goes on, and kept unscored once it is over.
    """
    listed = [("hands", index, hand) for index, hand in enumerate(hands)]
    listed += [("hands_after_end", index, hand) for index, hand in enumerate(after_end)]
    errors = ErrorCollector()
    entries = []
    for number, (where, index, hand) in enumerate(listed, start=1):
        label = phrase(kind.words.numbered, number=number)
        entry = hand.get("entry") if isinstance(hand, dict) else None
        if not isinstance(entry, dict):
            errors.add(f"{where}[{index}].entry", phrase(N_("%(hand)s has no entry."), hand=label))
            continue
        try:
            entries.append(kind.parse_entry(setup.table, entry))
        except RuleError as error:
            errors.errors.extend(_in_hand(error, f"{where}[{index}]", label))
    errors.raise_if_any()
    engine = kind.replay(setup, [])
    for number, ((where, index, _), entry) in enumerate(zip(listed, entries, strict=True), start=1):
        if where == "hands_after_end" and engine.is_over():
            continue
        try:
            engine.add(entry)
        except RuleError as error:
            raise RuleError(_in_hand(error, f"{where}[{index}]", phrase(kind.words.numbered, number=number))) from None
    return entries


def _in_hand(error: RuleError, place: str, label: Any) -> list[FieldError]:
    """The engine's errors about one entry, placed in its list (`place`, e.g. hands[3]) and saying which hand."""
    return [
        FieldError(
            place if e.field == "game" else f"{place}.entry.{e.field}",
            phrase(N_("%(hand)s: %(message)s"), hand=label, message=e.message),
        )
        for e in error.errors
    ]
