"""Dummy Hand Spades: one hand as entered (bids, nils, tricks), read from and written to the API's shape.

docs/rules.md A3 and A6. Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..errors import ErrorCollector
from ..hands import Hand
from ..names import find_name
from ..phrases import N_, Phrase, phrase
from .table import DUMMY, TRICKS_PER_DEAL, Table, is_whole_number


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


def parse_hand(table: Table, data: object) -> HandEntry:
    """A hand entry from the API payload ``{"bids": [...], "tricks": {...}}``; without tricks, its bids only.

    :raises MalformedInput: listing every problem, with fields such as
        ``bids[1].bid`` or ``tricks.Ann``.
    """
    errors = ErrorCollector()
    if not isinstance(data, Mapping):
        data = {}
    bids = _parse_bids(table, data.get("bids"), errors)
    raw_tricks = data.get("tricks")
    tricks = () if raw_tricks is None else _parse_tricks(table, raw_tricks, errors)
    errors.raise_if_any()
    return HandEntry(bids, tricks)


def _parse_bids(table: Table, raw: object, errors: ErrorCollector) -> tuple[Bid, ...]:
    if not isinstance(raw, list) or len(raw) != 3:
        errors.add("bids", phrase(N_("Enter one bid for each of the three players.")))
    if not isinstance(raw, list):
        return ()
    bids = tuple(bid for index, item in enumerate(raw) if (bid := _parse_bid(table, index, item, errors)))
    named = [find_name(table.players, item.get("player")) for item in raw if isinstance(item, Mapping)]
    for player in table.players:
        if named.count(player) > 1:
            errors.add("bids", phrase(N_("%(player)s has bid twice."), player=player))
        elif named.count(player) == 0 and len(raw) == 3:
            errors.add("bids", phrase(N_("%(player)s has no bid."), player=player))
    return bids


def _parse_bid(table: Table, index: int, item: object, errors: ErrorCollector) -> Bid | None:
    field = f"bids[{index}]"
    if not isinstance(item, Mapping):
        errors.add(field, phrase(N_("Each bid needs a player and a number of tricks.")))
        return None
    player = find_name(table.players, item.get("player"))
    if player is None:
        value = item.get("player")
        if isinstance(value, str) and value.strip():
            message = phrase(N_("“%(name)s” is not a player in this game."), name=value.strip())
        else:
            message = phrase(N_("Choose the player who made this bid."))
        errors.add(f"{field}.player", message)
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
    seen: set[str] = set()
    found: dict[str, int] = {}
    for key, value in raw.items():
        field = f"tricks.{key}"
        hand = _find_hand(table, key)
        if hand is None:
            errors.add(field, _unknown_hand(key))
        elif hand in seen:
            errors.add(field, phrase(N_("The tricks of %(hand)s are entered twice."), hand=_hand_phrase(hand)))
        elif not is_whole_number(value, 0, TRICKS_PER_DEAL):
            errors.add(field, phrase(N_("Tricks are a whole number from 0 to 13.")))
        else:
            found[hand] = value
        if hand is not None:
            seen.add(hand)
    for hand in table.hands():
        if hand not in seen:
            errors.add("tricks", phrase(N_("Enter the tricks of %(hand)s."), hand=_hand_phrase(hand)))
    total = sum(found.values())
    if len(found) == 4 and total != TRICKS_PER_DEAL:
        errors.add(
            "tricks", phrase(N_("The four hands took %(total)s tricks; they must take exactly 13."), total=total)
        )
    return tuple((hand, found[hand]) for hand in table.hands() if hand in found)


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

