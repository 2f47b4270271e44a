"""Reading a Spades hand's payload where both Spades games read it alike: the list of bids with one bid per
player, the player each bid names, and the tricks of every hand (docs/rules.md A3, A6; C1, C2).

Each game reads its own bid (Dummy Hand's nils, four-player Spades' Nil and Blind Nil) and says its own words;
this module walks the payload. Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from .errors import ErrorCollector, is_whole_number
from .names import find_name
from .phrases import N_, Phrase, phrase

BidT = TypeVar("BidT")
TRICKS_PER_DEAL = 13


@dataclass(frozen=True)
class BidWords:
    """What a game says when the bids are not one a player, or a bid is not a player and a bid."""

    wrong_count: Phrase
    not_a_bid: Phrase


def read_hand(
    data: object,
    players: tuple[str, ...],
    words: BidWords,
    parse_bid: Callable[[str, Mapping[str, object], str | None, ErrorCollector], BidT | None],
    read_tricks: Callable[[object, ErrorCollector], tuple[tuple[str, int], ...]],
) -> tuple[tuple[BidT, ...], tuple[tuple[str, int], ...]]:
    """A hand's bids and tricks from the API payload; without tricks, its bids only.

    `parse_bid` reads the rest of one bid (field, item, the player it names or None); `read_tricks` the tricks.

    :raises MalformedInput: listing every problem found.
    """
    errors = ErrorCollector()
    if not isinstance(data, Mapping):
        data = {}
    bids = _read_bids(players, data.get("bids"), words, parse_bid, errors)
    raw_tricks = data.get("tricks")
    tricks = () if raw_tricks is None else read_tricks(raw_tricks, errors)
    errors.raise_if_any()
    return bids, tricks


def _read_bids(
    players: tuple[str, ...],
    raw: object,
    words: BidWords,
    parse_bid: Callable[[str, Mapping[str, object], str | None, ErrorCollector], BidT | None],
    errors: ErrorCollector,
) -> tuple[BidT, ...]:
    if not isinstance(raw, list) or len(raw) != len(players):
        errors.add("bids", words.wrong_count)
    if not isinstance(raw, list):
        return ()
    bids = []
    for index, item in enumerate(raw):
        field = f"bids[{index}]"
        if not isinstance(item, Mapping):
            errors.add(field, words.not_a_bid)
        elif (bid := parse_bid(field, item, _bid_player(players, field, item, errors), errors)) is not None:
            bids.append(bid)
    named = [find_name(players, item.get("player")) for item in raw if isinstance(item, Mapping)]
    for player in players:
        if named.count(player) > 1:
            errors.add("bids", phrase(N_("%(player)s has bid twice."), player=player))
        elif named.count(player) == 0 and len(raw) == len(players):
            errors.add("bids", phrase(N_("%(player)s has no bid."), player=player))
    return tuple(bids)


def _bid_player(players: tuple[str, ...], field: str, item: Mapping[str, object], errors: ErrorCollector) -> str | None:
    """The player a bid names, in the table's spelling; None, with a message on `field`.player, for anyone else."""
    player = find_name(players, item.get("player"))
    if player is None:
        value = item.get("player")
        if isinstance(value, str) and value.strip():
            message = phrase(N_("“%(name)s” is not a player in this game."), name=value.strip())
        else:
            message = phrase(N_("Choose the player who made this bid."))
        errors.add(f"{field}.player", message)
    return player


@dataclass(frozen=True)
class TrickWords:
    """How a game reads the hands that take tricks, and says what is wrong with their counts."""

    hands: tuple[str, ...]
    find: Callable[[object], str | None]
    unknown: Callable[[object], Phrase]
    twice: Callable[[str], Phrase]
    missing: Callable[[str], Phrase]
    wrong_total: Callable[[int], Phrase]


def parse_tricks(
    words: TrickWords, raw: Mapping[object, object], errors: ErrorCollector
) -> tuple[tuple[str, int], ...]:
    """Each hand's tricks in the order of `words.hands`: every hand once, 0 to 13 each, 13 in all."""
    seen: set[str] = set()
    found: dict[str, int] = {}
    for key, value in raw.items():
        field = f"tricks.{key}"
        hand = words.find(key)
        if hand is None:
            errors.add(field, words.unknown(key))
        elif hand in seen:
            errors.add(field, words.twice(hand))
        elif not is_whole_number(value, 0, TRICKS_PER_DEAL):
            errors.add(field, phrase(N_("Tricks are a whole number from 0 to 13.")))
        else:
            found[hand] = value
        if hand is not None:
            seen.add(hand)
    for hand in words.hands:
        if hand not in seen:
            errors.add("tricks", words.missing(hand))
    total = sum(found.values())
    if len(found) == len(words.hands) and total != TRICKS_PER_DEAL:
        errors.add("tricks", words.wrong_total(total))
    return tuple((hand, found[hand]) for hand in words.hands if hand in found)
