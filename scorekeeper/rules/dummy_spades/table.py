"""Dummy Hand Spades: the table (seats, dealer, bidding order) and the game's settings.

docs/rules.md A1, A2, A8, A9 and A11 (the style). Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..choices import Choice
from ..errors import ErrorCollector, is_whole_number
from ..hands import Seats
from ..names import seat_players
from ..phrases import N_, phrase
from ..settings_entry import BAG_LIMIT, BAG_PENALTY, HAND_LIMIT, TARGET, read_choice, read_numbers, settings_object

DUMMY: Final = "dummy"
PLAYERS: Final = 3  # the real players; the dummy is a fourth hand
TRICKS_PER_DEAL: Final = 13


class Variant(Choice):
    """The bidding variations of A9; none changes the scoring."""

    NO_PEEKY = "no-peeky", N_("No Peeky"), N_("No Peeky: nobody looks at the dummy's cards before bidding.")
    THREE_PEEKY = (
        "three-peeky", N_("Three Peeky"),
        N_("Three Peeky: before bidding, each player looks privately at 3 dummy cards of their choice."),
    )
    FOUR_PEEKY = (
        "four-peeky", N_("Four Peeky"),
        N_("Four Peeky: before bidding, each player looks privately at 4 dummy cards of their choice."),
    )
    FLIP_1 = (
        "flip-1", N_("Flip 1"),
        N_("Flip 1: before bidding, each player turns 1 dummy card face up; "
           "the rest are turned up after the opening lead."),
    )
    FLIP_2 = (
        "flip-2", N_("Flip 2"),
        N_("Flip 2: before bidding, each player turns 2 dummy cards face up; "
           "the rest are turned up after the opening lead."),
    )
    FLIP_3 = (
        "flip-3", N_("Flip 3"),
        N_("Flip 3: before bidding, each player turns 3 dummy cards face up; "
           "the rest are turned up after the opening lead."),
    )
    FLIP_4 = (
        "flip-4", N_("Flip 4"),
        N_("Flip 4: before bidding, each player turns 4 dummy cards face up; "
           "the rest are turned up after the opening lead."),
    )


class Style(Choice):
    """How the bids are made (A11): Standard (A1-A10), Suicide or Mirror."""

    STANDARD = (
        "standard", N_("Standard"), N_("Standard: each player bids the tricks their team will take, with any nils.")
    )
    SUICIDE = (
        "suicide", N_("Suicide"),
        N_("Suicide: each player bids at least 4 and names one nil, on their own hand or their partner's "
           "(the dummy for the declarer, the other defender for a defender)."),
    )
    MIRROR = (
        "mirror", N_("Mirror"),
        N_("Mirror: each player bids the spades they hold; the dummy holds the rest. A hand without spades is a nil."),
    )


NUMBERS: Final = (TARGET, BAG_LIMIT, BAG_PENALTY, HAND_LIMIT)


@dataclass(frozen=True)
class Settings:
    """The house rules of one game (A8, A9)."""

    target: int = 300
    bag_limit: int = 10
    bag_penalty: int = 100
    variant: Variant = Variant.NO_PEEKY
    style: Style = Style.STANDARD
    hand_limit: int | None = None  # a club night's table ends after that many complete hands

    @classmethod
    def parse(cls, data: object) -> Settings:
        """Settings from the API's optional ``settings`` object; absent or null keys take the default.

        :raises MalformedInput: listing every bad key (fields ``settings.<key>``).
        """
        given = settings_object(data)
        if given is None:
            return cls()
        errors = ErrorCollector()
        values = read_numbers(given, NUMBERS, errors)
        variant = read_choice(given, "variant", Variant, errors,
                              lambda choices: phrase(N_("Choose a bidding variation: %(choices)s."), choices=choices))
        style = read_choice(given, "style", Style, errors,
                            lambda choices: phrase(N_("Choose a style: %(choices)s."), choices=choices))
        errors.raise_if_any()
        return cls(**values, variant=variant or Variant.NO_PEEKY, style=style or Style.STANDARD)

    def to_dict(self) -> dict[str, object]:
        """The API's ``settings`` object; ``hand_limit`` only when the game has one."""
        values: dict[str, object] = {
            "target": self.target,
            "bag_limit": self.bag_limit,
            "bag_penalty": self.bag_penalty,
            "variant": str(self.variant),
            "style": str(self.style),
        }
        if self.hand_limit is not None:
            values["hand_limit"] = self.hand_limit
        return values


DEFAULT_DUMMY_AFTER: Final = 2
"""The dummy sits after the third player unless the table says otherwise."""


@dataclass(frozen=True)
class Table(Seats):
    """Who sits where (A1) and who deals first (A2); the deal and the bids go round the real players."""

    dummy_after: int = DEFAULT_DUMMY_AFTER

    @classmethod
    def create(cls, players: object, first_dealer: object, dummy_after: object = DEFAULT_DUMMY_AFTER) -> Table:
        """A table from raw input; names are trimmed and the dealer is matched in any case.

        :raises MalformedInput: listing every problem (``players``, ``players[i]``,
            ``first_dealer``, ``dummy_after``).
        """
        errors = ErrorCollector()
        names, dealer = seat_players(players, first_dealer, PLAYERS, errors,
                                     phrase(N_("Choose the first dealer from the three players.")))
        if not is_whole_number(dummy_after, 0, 2):
            errors.add("dummy_after", phrase(N_("The dummy sits after player 1, 2 or 3 (dummy_after 0, 1 or 2).")))
        errors.raise_if_any()
        assert dealer is not None and is_whole_number(dummy_after, 0, 2)  # else an error was raised
        return cls(names, dealer, dummy_after)

    def seating(self) -> tuple[str, ...]:
        """All four seats clockwise from the first player, the dummy included."""
        after = self.dummy_after + 1
        return (*self.players[:after], DUMMY, *self.players[after:])

    def hands(self) -> tuple[str, ...]:
        """The four hands of a deal: the real players in seating order, then the dummy."""
        return (*self.players, DUMMY)

