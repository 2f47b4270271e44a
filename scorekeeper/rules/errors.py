"""Errors the engine raises for input the rules refuse.

Each error names the field it belongs to and says what is wrong in a
sentence a player understands, so forms can show it beside the field and
the API can return it in a 422. One error may carry several field errors,
so a form shows every problem at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Self, TypeGuard

from .phrases import Phrase


@dataclass(frozen=True)
class FieldError:
    """What is wrong with one field, e.g. ``bids[0].bid``."""

    field: str
    message: Phrase


class RuleError(ValueError):
    """Input the rules refuse; carries one or more field errors."""

    def __init__(self, errors: Iterable[FieldError]):
        self.errors = tuple(errors)
        if not self.errors:
            raise TypeError("a RuleError needs at least one FieldError")
        super().__init__("; ".join(f"{e.field}: {e.message}" for e in self.errors))

    @classmethod
    def single(cls, field: str, message: Phrase) -> Self:
        return cls([FieldError(field, message)])


class MalformedInput(RuleError):
    """The input has the wrong shape, type or range."""


class NotAllowed(RuleError):
    """The input is well formed but the rules do not allow it now."""


class EntryWaiting(NotAllowed):
    """A new entry while the last one still waits for its play (complete or undo that one first)."""


class ErrorCollector:
    """Gathers field errors so that every problem is reported at once.

    >>> errors = ErrorCollector()
    >>> errors.add("tricks", Phrase("Tricks must add up to 13."))
    >>> errors.raise_if_any()
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.MalformedInput: tricks: Tricks must add up to 13.
    """

    def __init__(self) -> None:
        self.errors: list[FieldError] = []

    def add(self, field: str, message: Phrase) -> None:
        self.errors.append(FieldError(field, message))

    def __bool__(self) -> bool:
        return bool(self.errors)

    def raise_if_any(self, kind: type[RuleError] = MalformedInput) -> None:
        if self.errors:
            raise kind(self.errors)


def is_whole_number(value: object, low: int, high: int) -> TypeGuard[int]:
    """True for an int (not a bool) from low to high."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
