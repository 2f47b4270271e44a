"""Reading a game's ``settings`` object from the API where every game reads it alike: whole numbers in their
ranges, on/off switches and one choice among a setting's members, each bad key named (``settings.<key>``).
Standard library only."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import TypeVar

from .errors import ErrorCollector, MalformedInput, is_whole_number
from .phrases import N_, Phrase, phrase

ChoiceT = TypeVar("ChoiceT", bound=StrEnum)
Number = tuple[str, int, int, str]
"""A numeric setting: key, lowest, highest, and the message for a value outside."""

# The numbers both Spades games read alike (A8, C3, C4; a club night's tables end after their hands).
TARGET: Number = ("target", 1, 10000, N_("The target is a whole number from 1 to 10000."))
BAG_LIMIT: Number = ("bag_limit", 0, 100, N_("The bag limit is a whole number from 0 to 100."))
BAG_PENALTY: Number = ("bag_penalty", 0, 1000, N_("The bag penalty is a whole number from 0 to 1000."))
HAND_LIMIT: Number = ("hand_limit", 1, 100, N_("The number of hands is a whole number from 1 to 100."))


def settings_object(data: object) -> Mapping[str, object] | None:
    """The settings given, or None for none at all.

    :raises MalformedInput: on ``settings`` when they are not an object.
    """
    if data is None or isinstance(data, Mapping):
        return data
    raise MalformedInput.single("settings", phrase(N_("The settings must be an object.")))


def read_numbers(data: Mapping[str, object], numbers: tuple[Number, ...], errors: ErrorCollector) -> dict[str, int]:
    """The numeric settings given and in range; each one out of range is an error on its key."""
    values: dict[str, int] = {}
    for key, low, high, message in numbers:
        value = data.get(key)
        if is_whole_number(value, low, high):
            values[key] = value
        elif value is not None:
            errors.add(f"settings.{key}", phrase(message))
    return values


def read_choice(
    data: Mapping[str, object],
    key: str,
    choice: type[ChoiceT],
    errors: ErrorCollector,
    refusal: Callable[[str], Phrase],
) -> ChoiceT | None:
    """The member of `choice` given under `key`, or None when absent; anything else is `refusal(choices)`."""
    value = data.get(key)
    if isinstance(value, str) and value in choice.__members__.values():
        return choice(value)
    if value is not None:
        errors.add(f"settings.{key}", refusal(", ".join(choice)))
    return None
