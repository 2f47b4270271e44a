"""Whether two 12-card hands of one pack can hold what the players declared (docs/rules.md B9).

Declarations entered without cards do not say their suits, so `fits`
places them, the way a player would lay the cards out: each sequence in a
suit, each trio leaving out one suit (a quatorze takes all four), each
point as a suit holding exactly its cards. A suit is a rank mask per player
(bit 0 is the 7, bit 7 the ace). Sequences come first, longest first, since
no two may share a card; sets may share their holder's sequence cards; the
points come last, because nothing else joins a point's suit. Suits are
interchangeable, so states that differ only by the order of the suits are
searched once. Whatever the declarations leave open is filled from the rest
of the pack, and a counting (Hall) condition says whether both hands can
reach 12 cards. A hand may be capped (`Cap`): the holder of a carte blanche
holds few kings, queens and jacks; and the fewest cards of a rank that some
declarations need is the smallest cap on that rank that they still fit.

A declaration may be part of a larger combination (a player may sink), and
the point need not be the longest suit, so real hands are never refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Final

from ..cards import Card, Rank
from .combinations import CardSet, Point, Sequence
from .values import TRICKS, ByRole, Role

HAND_SIZE: Final = TRICKS
SUITS: Final = 4
COURTS_IN_SUIT: Final = sum(1 << (rank - Rank.SEVEN) for rank in (Rank.JACK, Rank.QUEEN, Rank.KING))
WHOLE_PACK: Final = (1 << (8 * SUITS)) - 1
COURTS: Final = sum(COURTS_IN_SUIT << (8 * k) for k in range(SUITS))

Suit = tuple[int, int, bool, bool]  # elder's ranks, younger's ranks, elder's point suit, younger's point suit
Declaration = Point | Sequence | CardSet


@dataclass(frozen=True)
class Cap:
    """A hand holds at most *count* of the cards in *cards* (a card mask: bit 8 * suit + rank - 7)."""

    cards: int = 0
    count: int = 0


NO_CAP: Final = Cap()


def courts_cap(count: int) -> Cap:
    """At most *count* kings, queens and jacks."""
    return Cap(COURTS, count)


def rank_cap(rank: Rank, count: int) -> Cap:
    """At most *count* cards of *rank*."""
    return Cap(sum(_bit(rank) << (8 * k) for k in range(SUITS)), count)


@dataclass(frozen=True)
class Placed:
    """One declaration to place, with its holder."""

    role: Role
    declaration: Declaration


def fits(declared: ByRole[Iterable[Declaration]], caps: ByRole[Cap] = ByRole(NO_CAP, NO_CAP)) -> bool:
    """Whether two disjoint 12-card hands, each within its cap, hold everything in *declared*."""
    steps = sorted((Placed(role, d) for role in Role for d in declared[role]), key=_order)
    failed: set[tuple[int, tuple[Suit, ...]]] = set()

    def search(step: int, suits: tuple[Suit, ...]) -> bool:
        key = (step, tuple(sorted(suits)))
        if key in failed:
            return False
        if step == len(steps):
            found = _fillable(suits, caps)
        else:
            found = any(search(step + 1, option) for option in _options(steps[step], suits)
                        if _within_caps(option, caps))
        if not found:
            failed.add(key)
        return found

    return search(0, ((0, 0, False, False),) * SUITS)


def fewest(declared: Iterable[Declaration], cap: Callable[[int], Cap]) -> int:
    """The fewest cards of a kind a 12-card hand holding *declared* can have: the smallest count *cap* allows."""
    declared = tuple(declared)
    return next(count for count in range(HAND_SIZE + 1) if fits(ByRole(declared, ()), ByRole(cap(count), NO_CAP)))


def courts_in(cards: Iterable[Card]) -> int:
    """How many kings, queens and jacks *cards* hold."""
    return sum(1 for card in cards if card.rank in (Rank.KING, Rank.QUEEN, Rank.JACK))


@cache
def point_masks(cards: int, value: int) -> tuple[int, ...]:
    """The rank masks of *cards* cards of one suit worth *value*."""
    return tuple(
        _mask(ranks) for ranks in combinations(Rank, cards)
        if sum(r.point_value for r in ranks) == value
    )


def _order(placed: Placed) -> tuple[int, int]:
    """Sequences (longest first), then quatorzes, trios, and the points last."""
    declaration = placed.declaration
    if isinstance(declaration, Sequence):
        return (0, -declaration.length)
    if isinstance(declaration, CardSet):
        return (1, -declaration.size)
    return (2, 0)


def _options(placed: Placed, suits: tuple[Suit, ...]) -> list[tuple[Suit, ...]]:
    """Every way of placing one declaration in *suits*."""
    own = 0 if placed.role is Role.ELDER else 1
    other = 1 - own
    declaration = placed.declaration
    if isinstance(declaration, Sequence):
        mask = _mask(declaration.ranks)
        return [_add(suits, {k: mask}, own) for k, suit in enumerate(suits) if not (suit[0] | suit[1]) & mask]
    if isinstance(declaration, CardSet):
        bit = _bit(declaration.rank)
        skipped = [None] if declaration.size == SUITS else range(SUITS)
        return [_add(suits, {k: bit for k in range(SUITS) if k != left_out}, own) for left_out in skipped
                if not any(suits[k][other] & bit for k in range(SUITS) if k != left_out)]
    options = []
    for k, suit in enumerate(suits):
        for mask in point_masks(declaration.cards, declaration.value):
            if suit[own] & ~mask == 0 and suit[other] & mask == 0:
                placed_suit: Suit = (mask, suit[1], True, suit[3]) if own == 0 else (suit[0], mask, suit[2], True)
                options.append((*suits[:k], placed_suit, *suits[k + 1:]))
    return options


def _add(suits: tuple[Suit, ...], masks: dict[int, int], own: int) -> tuple[Suit, ...]:
    """*suits* with *masks* (by suit) added to one player's ranks."""
    def added(k: int, suit: Suit) -> Suit:
        if k not in masks:
            return suit
        if own == 0:
            return (suit[0] | masks[k], suit[1], suit[2], suit[3])
        return (suit[0], suit[1] | masks[k], suit[2], suit[3])
    return tuple(added(k, suit) for k, suit in enumerate(suits))


def _within_caps(suits: tuple[Suit, ...], caps: ByRole[Cap]) -> bool:
    return all(
        _count(held) <= HAND_SIZE and _count(held & caps[role].cards) <= caps[role].count
        for role, held in zip(Role, (_whole(suits, 0), _whole(suits, 1)))
    )


def _fillable(suits: tuple[Suit, ...], caps: ByRole[Cap]) -> bool:
    """Whether the rest of the pack can make both hands up to 12 cards, within their caps.

    A card may go to a player unless the other holds it or it is of the
    player's point suit (which holds exactly the point). Hall's condition on
    every group of "takers" decides. A capped player is two takers, for the
    capped cards and the others, tried with each number of capped cards.
    """
    held = [_whole(suits, own) for own in (0, 1)]
    free = WHOLE_PACK & ~(held[0] | held[1])
    usable = [free & ~_point_suit(suits, own) for own in (0, 1)]
    missing = [HAND_SIZE - _count(held[own]) for own in (0, 1)]

    def splits(own: int, role: Role) -> list[list[tuple[int, int]]]:
        cap = caps[role]
        if not cap.cards:
            return [[(missing[own], usable[own])]]
        room = cap.count - _count(held[own] & cap.cards)
        return [[(taken, usable[own] & cap.cards), (missing[own] - taken, usable[own] & ~cap.cards)]
                for taken in range(min(room, missing[own]) + 1)]

    return any(_hall(elder + younger) for elder in splits(0, Role.ELDER) for younger in splits(1, Role.YOUNGER))


def _hall(takers: list[tuple[int, int]]) -> bool:
    """Whether each taker can get its number of cards from its mask, no card twice."""
    for size in range(1, len(takers) + 1):
        for group in combinations(takers, size):
            union = 0
            for _, mask in group:
                union |= mask
            if sum(wanted for wanted, _ in group) > _count(union):
                return False
    return True


def _whole(suits: tuple[Suit, ...], own: int) -> int:
    """One player's ranks in every suit as one 32-bit card mask."""
    return sum(suit[own] << (8 * k) for k, suit in enumerate(suits))


def _point_suit(suits: tuple[Suit, ...], own: int) -> int:
    return sum(0xFF << (8 * k) for k, suit in enumerate(suits) if suit[2 + own])


def _mask(ranks: Iterable[int]) -> int:
    return sum(1 << (rank - Rank.SEVEN) for rank in ranks)


def _bit(rank: Rank) -> int:
    return 1 << (rank - Rank.SEVEN)


def _count(mask: int) -> int:
    return mask.bit_count()
