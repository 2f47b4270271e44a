"""What both Spades games share: a hand as bids and tricks, standings with bags and the bag penalty
(RULES.md A6, A7; C1, C3).

Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from . import log


class Bidder(Protocol):
    """A bid names the player who made it."""

    @property
    def player(self) -> str: ...


BidT = TypeVar("BidT", bound=Bidder)


@dataclass(frozen=True)
class Hand(Generic[BidT]):
    """What the table reports for one hand: every bid, and the tricks each hand took.

    No tricks: the hand is being played, its bids recorded as the bidding ended.
    """

    bids: tuple[BidT, ...]
    tricks: tuple[tuple[str, int], ...] = ()

    @property
    def complete(self) -> bool:
        """Whether the tricks are entered (else the hand waits for them)."""
        return bool(self.tricks)

    def tricks_of(self, hand: str) -> int:
        """Tricks one hand took."""
        return dict(self.tricks)[hand]

    def bid_of(self, player: str) -> BidT:
        """The bid a player made."""
        return next(bid for bid in self.bids if bid.player == player)


@dataclass(frozen=True)
class Standing(log.Standing):
    """A running score and bags (a player's in Dummy Hand Spades, a team's in four-player Spades)."""

    bags: int = 0


def bag_penalty(bags_reached: int, limit: int, penalty: int) -> tuple[int, int]:
    """The bag penalty (0 or negative) once bags reach `bags_reached`, and the bags that carry over (A7, C3).

    Every full `limit` reached costs `penalty`; a limit of 0 turns penalties off.

    >>> bag_penalty(12, 10, 100), bag_penalty(22, 10, 100), bag_penalty(9, 10, 100), bag_penalty(22, 0, 100)
    ((-100, 2), (-200, 2), (0, 9), (0, 22))
    """
    limits = bags_reached // limit if limit else 0
    return -penalty * limits, bags_reached - limit * limits
