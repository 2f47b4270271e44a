"""Dummy Hand Spades: one hand as entered (bids, nils, tricks), read from and written to the API's shape.

docs/rules.md A3 and A6. Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Final

from ..errors import ErrorCollector, is_whole_number
from ..hand_entry import BidWords, TrickWords, parse_tricks, read_hand
from ..hands import Hand
from ..names import find_name
from ..phrases import N_, Phrase, phrase
from .table import DUMMY, TRICKS_PER_DEAL, Table


@dataclass(frozen=True)
class Bid:
    """One real player's team bid and the hands they declared nil on."""

    player: str
    bid: int
    nil: tuple[str, ...] = ()


@dataclass(frozen=True)
class HandEntry(Hand[Bid]):
    """A Dummy Hand Spades hand: the three bids, each with its nils, and the tricks of all four hands (DUMMY's too)."""


def _find_hand(table: Table, value: object) -> str | None:
    """The canonical name of a hand given in any case, or None."""
    if isinstance(value, str) and value.strip().casefold() == DUMMY:
        return DUMMY
    return find_name(table.players, value)


def _hand_phrase(hand: str) -> Phrase:
    """How a hand is named in a sentence: "the dummy" or "Ann's hand"."""
    if hand == DUMMY:
        return phrase(N_("the dummy"))
    return phrase(N_("%(player)s's hand"), player=hand)


def _unknown_hand(value: object) -> Phrase:
    if isinstance(value, str) and value.strip():
        return phrase(N_("“%(name)s” is not a hand in this game."), name=value.strip())
    return phrase(N_("Name a player or “dummy”."))


_BID_WORDS: Final = BidWords(
    phrase(N_("Enter one bid for each of the three players.")),
    phrase(N_("Each bid needs a player and a number of tricks.")),
)


def parse_hand(table: Table, data: object) -> HandEntry:
    """A hand entry from the API payload ``{"bids": [...], "tricks": {...}}``, the dummy's tricks under
    ``"dummy"``; without tricks, its bids only.

    :raises MalformedInput: listing every problem, with fields such as ``bids[1].nil`` or ``tricks.dummy``.
    """
    bids, tricks = read_hand(data, table.players, _BID_WORDS, partial(_parse_bid, table), partial(_parse_tricks, table))
    return HandEntry(bids, tricks)


def _parse_bid(
    table: Table, field: str, item: Mapping[str, object], player: str | None, errors: ErrorCollector
) -> Bid | None:
    bid = item.get("bid")
    if not is_whole_number(bid, 0, TRICKS_PER_DEAL):
        errors.add(f"{field}.bid", phrase(N_("A bid is a whole number from 0 to 13.")))
    nil = _parse_nil(table, f"{field}.nil", player, item.get("nil"), errors)
    if player is None or nil is None or not is_whole_number(bid, 0, TRICKS_PER_DEAL):
        return None
    return Bid(player, bid, nil)


def _parse_nil(
    table: Table, field: str, bidder: str | None, raw: object, errors: ErrorCollector
) -> tuple[str, ...] | None:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        errors.add(field, phrase(N_("List the hands declared nil: player names or “dummy”.")))
        return None
    hands: list[str] = []
    valid = True
    for value in raw:
        hand = _find_hand(table, value)
        if hand is None:
            errors.add(field, _unknown_hand(value))
        elif hand in hands and bidder is not None:
            errors.add(
                field,
                phrase(N_("%(bidder)s has declared nil on %(hand)s twice."), bidder=bidder, hand=_hand_phrase(hand)),
            )
        elif hand in hands:
            errors.add(field, phrase(N_("Nil is declared on %(hand)s twice."), hand=_hand_phrase(hand)))
        else:
            hands.append(hand)
            continue
        valid = False
    return tuple(hands) if valid else None


def _parse_tricks(table: Table, raw: object, errors: ErrorCollector) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, Mapping):
        errors.add("tricks", phrase(N_("Enter the tricks each hand took, the dummy included.")))
        return ()
    words = TrickWords(
        hands=table.hands(),
        find=lambda key: _find_hand(table, key),
        unknown=_unknown_hand,
        twice=lambda hand: phrase(N_("The tricks of %(hand)s are entered twice."), hand=_hand_phrase(hand)),
        missing=lambda hand: phrase(N_("Enter the tricks of %(hand)s."), hand=_hand_phrase(hand)),
        wrong_total=lambda total: phrase(N_("The four hands took %(total)s tricks; they must take exactly 13."),
                                         total=total),
    )
    return parse_tricks(words, raw, errors)


def hand_to_dict(entry: HandEntry) -> dict[str, object]:
    """The API payload of a hand entry; the inverse of `parse_hand`."""
    bids = []
    for bid in entry.bids:
        item: dict[str, object] = {"player": bid.player, "bid": bid.bid}
        if bid.nil:
            item["nil"] = list(bid.nil)
        bids.append(item)
    if not entry.complete:
        return {"bids": bids}
    return {"bids": bids, "tricks": dict(entry.tricks)}

