"""The values a Piquet deal is scored in: roles, classes, fields and events (docs/rules.md B3-B6)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Generic, TypeVar

from ..phrases import N_, Phrase, phrase

T = TypeVar("T", covariant=True)  # a ByRole is read-only: a ByRole of tuples is a ByRole of iterables
TRICKS: Final = 12
EQUAL: Final = "equal"
CARTE_BLANCHE_POINTS: Final = 10
REPIQUE_POINTS: Final = 60
PIQUE_POINTS: Final = 30
BONUS_THRESHOLD: Final = 30
CARDS_POINTS: Final = 10
CAPOT_POINTS: Final = 40
CLASSES: Final = ("point", "sequences", "sets")


class Role(StrEnum):
    """Elder (the non-dealer, who leads first) or younger (the dealer)."""

    ELDER = "elder"
    YOUNGER = "younger"

    @property
    def opponent(self) -> Role:
        """The other role."""
        return Role.YOUNGER if self is Role.ELDER else Role.ELDER


@dataclass(frozen=True)
class ByRole(Generic[T]):
    """One value for elder and one for younger."""

    elder: T
    younger: T

    def __getitem__(self, role: Role) -> T:
        return self.elder if role is Role.ELDER else self.younger

    @classmethod
    def build(cls, make: Callable[[Role], T]) -> ByRole[T]:
        """Call *make* for elder, then for younger."""
        return cls(make(Role.ELDER), make(Role.YOUNGER))


PlayerName = str | Phrase
# Who the explanations name when the players are not known (the declaration checker compares two hands).
ROLE_NAMES: Final[ByRole[PlayerName]] = ByRole(phrase(N_("Elder")), phrase(N_("Younger")))


@dataclass(frozen=True)
class TrickTotal:
    """What a player announced after the play: tricks won and trick points."""

    won: int
    points: int


@dataclass(frozen=True)
class ClassResult:
    """One class compared: who is good (a Role, "equal" or None) and what they scored."""

    good: Role | str | None
    points: int
    explanation: Phrase


class Field(StrEnum):
    """Where points go in a player's deal line (the API's field names)."""

    CARTE_BLANCHE = "carte_blanche"
    POINT = "point"
    SEQUENCES = "sequences"
    SETS = "sets"
    REPIQUE = "repique"
    PIQUE = "pique"
    TRICKS = "tricks"
    CARDS = "cards"
    CAPOT = "capot"


@dataclass(frozen=True)
class Event:
    """Points scored by one player at one moment of the deal."""

    role: Role
    field: Field
    points: int


@dataclass(frozen=True)
class DealScore:
    """A whole deal scored: the classes, the events in order, and what happened.

    ``ordered_events`` counts the leading events whose order is known: all
    of them with trick winners; with trick totals only those up to younger's
    announcements (the trick points then come as one event per player).
    """

    classes: dict[str, ClassResult]
    events: tuple[Event, ...]
    explanation: tuple[Phrase, ...]
    running_trick_points: tuple[tuple[int, int], ...]
    tricks_played: int
    ordered_events: int
    cards_line: Phrase | None  # who scored for cards (or nobody), once all 12 tricks are in
