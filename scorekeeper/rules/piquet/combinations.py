"""Piquet combinations (docs/rules.md B4): the point, sequences and sets.

A combination is either declared (its suit unknown, ``suit=None``) or found
in a hand of cards (its suit known). `find_combinations` finds every
combination in a hand, as a player who sinks nothing would declare them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Final

from ..cards import Card, Rank, Suit
from ..phrases import N_, Phrase, phrase

SEQUENCE_POINTS: Final = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
SEQUENCE_NAMES: Final = {
    3: N_("tierce"), 4: N_("quart"), 5: N_("quint"),
    6: N_("sixieme"), 7: N_("septieme"), 8: N_("huitieme"),
}
SET_POINTS: Final = {3: 3, 4: 14}
SET_NAMES: Final = {3: N_("trio"), 4: N_("quatorze")}
# A message per rank: other languages change the article and preposition with
# the card ("quinte au roi", "quinte à la dame"; "quatorze de rois", "quatorze d'as").
SEQUENCE_LABELS: Final = {
    Rank.ACE: N_("%(name)s to the ace"), Rank.KING: N_("%(name)s to the king"),
    Rank.QUEEN: N_("%(name)s to the queen"), Rank.JACK: N_("%(name)s to the jack"),
    Rank.TEN: N_("%(name)s to the 10"), Rank.NINE: N_("%(name)s to the 9"),
}
SET_LABELS: Final = {
    Rank.ACE: N_("%(name)s of aces"), Rank.KING: N_("%(name)s of kings"), Rank.QUEEN: N_("%(name)s of queens"),
    Rank.JACK: N_("%(name)s of jacks"), Rank.TEN: N_("%(name)s of tens"),
}
LOWEST_SET_RANK: Final = Rank.TEN


@dataclass(frozen=True)
class Point:
    """A player's point: the number of cards in one suit and their value."""

    cards: int
    value: int
    suit: Suit | None = None

    @property
    def key(self) -> tuple[int, int]:
        """Compare points by this: more cards, then higher value."""
        return (self.cards, self.value)

    @property
    def label(self) -> Phrase:
        """E.g. "point of 5 (48)"."""
        return phrase(N_("point of %(cards)s (%(value)s)"), cards=self.cards, value=self.value)


@dataclass(frozen=True)
class Sequence:
    """Three or more consecutive cards of one suit, named by length and top card."""

    length: int
    top: Rank
    suit: Suit | None = None

    @property
    def key(self) -> tuple[int, int]:
        """Compare sequences by this: longer, then higher top card."""
        return (self.length, int(self.top))

    @property
    def name(self) -> str:
        """The rule book's name, e.g. "quart"."""
        return SEQUENCE_NAMES[self.length]

    @property
    def points(self) -> int:
        """What the sequence scores when its holder's best sequence is good."""
        return SEQUENCE_POINTS[self.length]

    @property
    def label(self) -> Phrase:
        """E.g. "quart to the king"."""
        return phrase(SEQUENCE_LABELS[self.top], name=phrase(self.name))

    @property
    def ranks(self) -> range:
        """The ranks the sequence holds, as integers."""
        return range(int(self.top) - self.length + 1, int(self.top) + 1)


@dataclass(frozen=True)
class CardSet:
    """Three or four cards of one rank, tens or higher (a trio or a quatorze)."""

    size: int
    rank: Rank

    @property
    def key(self) -> tuple[int, int]:
        """Compare sets by this: a quatorze beats a trio, then higher rank."""
        return (self.size, int(self.rank))

    @property
    def name(self) -> str:
        """The rule book's name: "trio" or "quatorze"."""
        return SET_NAMES[self.size]

    @property
    def points(self) -> int:
        """What the set scores when its holder's best set is good."""
        return SET_POINTS[self.size]

    @property
    def label(self) -> Phrase:
        """E.g. "quatorze of kings"."""
        return phrase(SET_LABELS[self.rank], name=phrase(self.name))


@dataclass(frozen=True)
class Declarations:
    """What one player declares in a deal; an empty class means declared nothing."""

    point: Point | None = None
    sequences: tuple[Sequence, ...] = ()
    sets: tuple[CardSet, ...] = ()


def find_combinations(cards: Iterable[Card]) -> Declarations:
    """Every combination in a hand, as a player who sinks nothing declares them.

    The point is the best suit (most cards, then highest value; between
    equal suits the first in S, H, D, C order). Sequences are the longest
    runs in each suit, sets every rank from ten up held three or four times.
    """
    hand = set(cards)
    by_suit = {suit: sorted((c.rank for c in hand if c.suit is suit), reverse=True) for suit in Suit}
    points = [
        Point(len(ranks), sum(rank.point_value for rank in ranks), suit)
        for suit, ranks in by_suit.items() if ranks
    ]
    point = max(points, key=lambda p: p.key, default=None)
    sequences: list[Sequence] = []
    for suit, ranks in by_suit.items():
        run: list[Rank] = []
        for rank in [*ranks, None]:
            if rank is not None and run and int(run[-1]) - int(rank) == 1:
                run.append(rank)
                continue
            if len(run) >= 3:
                sequences.append(Sequence(len(run), run[0], suit))
            run = [rank] if rank is not None else []
    sets = [
        CardSet(size, rank)
        for rank in sorted(Rank, reverse=True) if rank >= LOWEST_SET_RANK
        for size in [sum(1 for c in hand if c.rank is rank)] if size >= 3
    ]
    return Declarations(
        point,
        tuple(sorted(sequences, key=lambda s: s.key, reverse=True)),
        tuple(sorted(sets, key=lambda s: s.key, reverse=True)),
    )


@cache
def point_values(cards: int) -> frozenset[int]:
    """Every value that *cards* cards of one suit can make."""
    return frozenset(sum(r.point_value for r in ranks) for ranks in combinations(Rank, cards))
