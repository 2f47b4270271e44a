"""A write form made for a state of the game that is no longer the stored one.

Several phones may record the same game. Every write form says which hand it
was made for and the game's version then; when another phone records,
changes or undoes a hand meanwhile, the form is out of date: saving it
would store one hand's cards as another, or undo a second hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import request
from flask_babel import gettext as _

from ..games import GAMES
from ..models import Game


@dataclass(frozen=True)
class StaleEntry:
    """What happened, the refusal to save, and the way on; `number` is the next hand now."""

    number: int
    happened: str
    refusal: str
    start_next: str


@dataclass(frozen=True)
class MadeFor:
    """What a posted write form says it was made for; None where it does not say."""

    hand: int | None
    version: int | None

    @classmethod
    def posted(cls) -> MadeFor:
        return cls(request.form.get("hand", type=int), request.form.get("version", type=int))


def stale_entry(game: Game, number: int | None, version: int | None = None, *,
                expected: int | None = None) -> StaleEntry | None:
    """Why a form for hand `number`, made at `version`, is out of date, or None (also when the form did not say).

    `expected` is the hand the entry form is for now: the next one, or the last while it waits for its play.
    """
    expected = expected if expected is not None else len(game.hands) + 1
    if number is None or (number == expected and version in (None, game.version)):
        return None
    words = GAMES.of(game).words
    if number == expected:
        happened = _("Another phone changed this game while you were typing.")
        refusal = _("Nothing was saved: check the scores, then save again.")
    else:
        happened = (_(words.recorded_meanwhile, number=number) if number < expected
                    else _(words.undone_meanwhile, number=number - 1))
        refusal = _(words.nothing_saved, number=expected)
    start_next = _(words.start_next, number=expected)
    return StaleEntry(expected, happened, f"{happened} {refusal}", start_next)


def unversioned_change(game: Game) -> StaleEntry:
    """The refusal of a form that edits or undoes a hand without saying the version it was made on: without it,
    a hand another phone has just changed could be replaced or removed unseen."""
    happened = _("This form does not say which version of the game it was made for.")
    refusal = _("Nothing was changed: check the scores, then try again.")
    expected = len(game.hands) + 1
    return StaleEntry(expected, happened, f"{happened} {refusal}", _(GAMES.of(game).words.start_next, number=expected))
