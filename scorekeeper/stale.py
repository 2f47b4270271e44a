"""An entry form typed for a hand that is no longer the next one.

Several phones may record the same game. The entry form says which hand it
was opened for; when another phone records (or undoes) a hand meanwhile,
the form is out of date: saving it would store one hand's cards as another.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _

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
    if game.kind == "piquet":
        happened = (
            _("Another phone recorded deal %(number)s while you were typing.", number=number)
            if number < expected
            else _("Another phone undid deal %(number)s while you were typing.", number=number - 1)
        )
        refusal = _("Nothing was saved: check the deals, then enter deal %(number)s.", number=expected)
        start_next = _("Start deal %(number)s", number=expected)
    else:
        happened = (
            _("Another phone recorded hand %(number)s while you were typing.", number=number)
            if number < expected
            else _("Another phone undid hand %(number)s while you were typing.", number=number - 1)
        )
        refusal = _("Nothing was saved: check the hands, then enter hand %(number)s.", number=expected)
        start_next = _("Start hand %(number)s", number=expected)
    return StaleEntry(expected, happened, f"{happened} {refusal}", start_next)
