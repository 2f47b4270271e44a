"""A game carried out of the app and back: the CSV download, and the import of the JSON game object.

Both files keep every stored hand, those kept unscored after the end of
the game too. The import reads only what was entered (players, first
dealer, settings and whatever else the game's setup holds, each hand's
`entry`) and lets the rules engine check every entry before anything is
stored; scores are replayed, never read.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from ..games import GAMES, GameKind
from ..games.base import Engine, Setup
from ..models import Game
from ..rules.errors import ErrorCollector, FieldError, RuleError
from ..rules.phrases import N_, phrase
from . import records


def csv_text(game: Game, engine: Engine) -> str:
    """The game as CSV: a header, then one row per hand (or deal) per player, in seating order.

    A hand kept after the end of the game has what was entered and no scores.
    """
    kind = GAMES.of(game)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(kind.csv_columns)
    writer.writerows(kind.csv_rows(engine))
    return out.getvalue()


def import_game(data: object) -> records.Created:
    """Store a new game from an exported game object (docs/api.md "The game object").

    :raises RuleError: listing what is wrong; nothing is stored then.
    """
    kind, game, hands, after_end = _read_shape(data)
    setup = kind.read_setup(game)
    entries = _replayed_entries(kind, setup, hands, after_end)
    return records.create_game(game, entries=entries)


def _read_shape(data: object) -> tuple[GameKind, dict[str, Any], list[Any], list[Any]]:
    """The game's kind, the game object, its hand list and the hands kept after its end, or why it is not a game."""
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
    after_end = data.get("hands_after_end")
    if after_end is None:
        after_end = []
    if not isinstance(after_end, list):
        raise RuleError.single("hands_after_end", phrase(N_("The hands kept after the end must be a list.")))
    if len(hands) + len(after_end) > records.max_hands():
        raise RuleError.single("hands", records.hand_limit_phrase(kind))
    return kind, data, hands, after_end


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
