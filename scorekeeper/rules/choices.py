"""A game's settings offer choices (a style, a variant, a bidding variation), each with a name and a one-line
reminder said to the players. Standard library only."""

from __future__ import annotations

from enum import StrEnum
from typing import Self

from .phrases import Phrase, phrase


class Choice(StrEnum):
    """One choice of a setting, as the API writes it, declared with its words: ``SUICIDE = "suicide", N_("Suicide"),
    N_("Suicide: ...")`` (the value, the name, the reminder)."""

    _label: Phrase
    _reminder: Phrase

    def __new__(cls, value: str, label: str, reminder: str) -> Self:
        member = str.__new__(cls, value)
        member._value_ = value
        member._label = phrase(label)
        member._reminder = phrase(reminder)
        return member

    @classmethod
    def of(cls, value: str) -> Self:
        """The member the API writes as `value` (raises ValueError for another)."""
        for member in cls:
            if member.value == value:
                return member
        raise ValueError(value)

    @property
    def label(self) -> Phrase:
        """The choice's name, e.g. "Suicide" or "Flip 2"."""
        return self._label

    @property
    def reminder(self) -> Phrase:
        """One line saying how the game is played with this choice."""
        return self._reminder
