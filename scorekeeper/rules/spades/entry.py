"""Four-player Spades: one hand as entered (bids and tricks), read from and written to the API's shape.

docs/rules.md C1 and C2. Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from typing import Final

from ..errors import ErrorCollector, is_whole_number
from ..hand_entry import BidWords, TrickWords, parse_tricks, read_hand
from ..hands import Hand
from ..names import find_name
from ..phrases import N_, Phrase, phrase
from .table import TRICKS_PER_DEAL, Table

BID_IS_NOT_ONE = N_("A bid is a whole number from 0 to 13, “nil” or “blind-nil”.")
"""The API's words for a bid that is not one (the pages say it in a player's words)."""


class Nil(StrEnum):
    """A bid of no tricks, seen (Nil) or declared before looking at the cards (Blind Nil)."""

    NIL = "nil"
    BLIND = "blind-nil"

    @property
    def label(self) -> Phrase:
        """"Nil" or "Blind Nil"."""
        return phrase(N_("Blind Nil")) if self is Nil.BLIND else phrase(N_("Nil"))


@dataclass(frozen=True)
class Bid:
    """One player's bid: a number of tricks, or a Nil."""

    player: str
    value: int | Nil

    @property
    def number(self) -> int:
        """What the bid adds to the team's contract: a Nil counts 0."""
        return 0 if isinstance(self.value, Nil) else self.value

    def is_nil(self, *, zero_is_nil: bool = False) -> bool:
        """True for a Nil or Blind Nil, and for a 0 when "zero is nil" is on."""
        return isinstance(self.value, Nil) or (zero_is_nil and self.value == 0)

    def is_blind(self) -> bool:
        """True for a Blind Nil."""
        return self.value is Nil.BLIND

    @property
    def label(self) -> Phrase | int:
        """How the bid is said: 4, "Nil" or "Blind Nil"."""
        return self.value.label if isinstance(self.value, Nil) else self.value


@dataclass(frozen=True)
class HandEntry(Hand[Bid]):
    """A four-player Spades hand: the four bids and the tricks of each player."""

    def index_of(self, player: str) -> int:
        """Where a player's bid is in the entry (for field names such as ``bids[2].bid``)."""
        return next(index for index, bid in enumerate(self.bids) if bid.player == player)


_BID_WORDS: Final = BidWords(
    phrase(N_("Enter one bid for each of the four players.")),
    phrase(N_("Each bid needs a player and a number of tricks or Nil.")),
)


def parse_hand(table: Table, data: object) -> HandEntry:
    """A hand entry from the API payload ``{"bids": [...], "tricks": {...}}``; without tricks, its bids only.

    >>> table = Table(("Ann", "Ben", "Cid", "Dan"), "Ann")
    >>> parse_hand(table, {"bids": [{"player": "Ben", "bid": "Nil"}, {"player": "Cid", "bid": 4},
    ...     {"player": "Dan", "bid": 3}, {"player": "Ann", "bid": 5}],
    ...     "tricks": {"Ann": 6, "Ben": 0, "Cid": 3, "Dan": 4}}).bid_of("Ben")
    Bid(player='Ben', value=<Nil.NIL: 'nil'>)

    :raises MalformedInput: listing every problem, with fields such as
        ``bids[1].bid`` or ``tricks.Ann``.
    """
    bids, tricks = read_hand(data, table.players, _BID_WORDS, partial(_parse_bid, table), partial(_parse_tricks, table))
    return HandEntry(bids, tricks)


def _parse_bid(
    table: Table, field: str, item: Mapping[str, object], player: str | None, errors: ErrorCollector
) -> Bid | None:
    value = _bid_value(item.get("bid"))
    if value is None:
        errors.add(f"{field}.bid", phrase(BID_IS_NOT_ONE))
    if player is None or value is None:
        return None
    return Bid(player, value)


def _bid_value(raw: object) -> int | Nil | None:
    if is_whole_number(raw, 0, TRICKS_PER_DEAL):
        return raw
    if isinstance(raw, str) and raw.strip().casefold() in Nil.__members__.values():
        return Nil(raw.strip().casefold())
    return None


def _parse_tricks(table: Table, raw: object, errors: ErrorCollector) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, Mapping):
        errors.add("tricks", phrase(N_("Enter the tricks each player took.")))
        return ()
    words = TrickWords(
        hands=table.players,
        find=lambda key: find_name(table.players, key),
        unknown=_unknown_player,
        twice=lambda player: phrase(N_("The tricks of %(player)s are entered twice."), player=player),
        missing=lambda player: phrase(N_("Enter the tricks of %(player)s."), player=player),
        wrong_total=lambda total: phrase(N_("The four players took %(total)s tricks; they must take exactly 13."),
                                         total=total),
    )
    return parse_tricks(words, raw, errors)


def _unknown_player(key: object) -> Phrase:
    if isinstance(key, str) and key.strip():
        return phrase(N_("“%(name)s” is not a player in this game."), name=key.strip())
    return phrase(N_("Name the player who took these tricks."))


def hand_to_dict(entry: HandEntry) -> dict[str, object]:
    """The API payload of a hand entry; the inverse of `parse_hand`."""
    bids = [{"player": bid.player, "bid": str(bid.value) if isinstance(bid.value, Nil) else bid.value}
            for bid in entry.bids]
    if not entry.complete:
        return {"bids": bids}
    return {"bids": bids, "tricks": dict(entry.tricks)}
