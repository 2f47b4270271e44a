"""A game's settings offer choices (a style, a variant, a bidding variation), each with a name and a one-line
reminder said to the players. Standard library only."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, ClassVar, TypeVar

from .phrases import Phrase

ChoiceT = TypeVar("ChoiceT", bound="Choice")


class Choice(StrEnum):
    """One choice of a setting, as the API writes it; `name_choices` gives a subclass its words."""

    _labels: ClassVar[Mapping[Any, Phrase]]
    _reminders: ClassVar[Mapping[Any, Phrase]]

    @property
    def label(self) -> Phrase:
        """The choice's name, e.g. "Suicide" or "Flip 2"."""
        return self._labels[self]

    @property
    def reminder(self) -> Phrase:
        """One line saying how the game is played with this choice."""
        return self._reminders[self]


def name_choices(choice: type[ChoiceT], labels: Mapping[ChoiceT, Phrase], reminders: Mapping[ChoiceT, Phrase]) -> None:
    """Give every member of `choice` its name and reminder (written after the class: they name its members)."""
    choice._labels = labels
    choice._reminders = reminders
