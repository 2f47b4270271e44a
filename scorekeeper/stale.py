"""An entry form typed for a hand that is no longer the next one.

Several phones may record the same game. The entry form says which hand it
was opened for; when another phone records (or undoes) a hand meanwhile,
the form is out of date: saving it would store one hand's cards as another.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _

from .games import GAMES
from .models import Game


@dataclass(frozen=True)
class StaleEntry:
    """What happened, the refusal to save, and the way on; `number` is the next hand now."""

    number: int
    happened: str
    refusal: str
    start_next: str


def stale_entry(game: Game, number: int | None) -> StaleEntry | None:
    """Why a form for hand `number` is out of date, or None (also when the form did not say)."""
    expected = len(game.hands) + 1
    if number is None or number == expected:
        return None
    words = GAMES.of(game).words
    if number < expected:
        happened = _(words.recorded_meanwhile, number=number)
    else:
        happened = _(words.undone_meanwhile, number=number - 1)
    refusal = _(words.nothing_saved, number=expected)
    start_next = _(words.start_next, number=expected)
    return StaleEntry(expected, happened, f"{happened} {refusal}", start_next)
