"""Piquet combinations (RULES.md B4): the point, sequences and sets.

A combination is either declared (its suit unknown, ``suit=None``) or found
in a hand of cards (its suit known). `find_combinations` finds every
combination in a hand, as a player who sinks nothing would declare them;
`validate_declarations` checks what one player declared (B9).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Final

from ..cards import Card, Rank, Suit
from ..errors import ErrorCollector
from ..phrases import N_, Phrase, phrase

HAND_SIZE: Final = 12
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


def validate_declarations(declared: Declarations, role: str, errors: ErrorCollector) -> None:
    """Add an error for each impossible declaration of one player (B9).

    Fields follow the deal payload: ``point.<role>.value``,
    ``sequences.<role>[i].top``, ``sets.<role>[i].rank``. Once each
    combination is possible on its own, the declarations must fit together
    in one 12-card hand (see `_fit_in_hand`).
    """
    before = len(errors.errors)
    point = declared.point
    if point is not None:
        if not 3 <= point.cards <= 8:
            errors.add(f"point.{role}.cards", phrase(N_("A point has 3 to 8 cards.")))
        elif point.value not in point_values(point.cards):
            errors.add(f"point.{role}.value", _point_range(point.cards))
    for index, sequence in enumerate(declared.sequences):
        if not 3 <= sequence.length <= 8:
            errors.add(f"sequences.{role}[{index}].length", phrase(N_("A sequence has 3 to 8 cards.")))
        elif int(sequence.top) - sequence.length + 1 < Rank.SEVEN:
            errors.add(f"sequences.{role}[{index}].top", _lowest_top(sequence.length))
    held: dict[Rank, CardSet] = {}
    for index, card_set in enumerate(declared.sets):
        field = f"sets.{role}[{index}]"
        if card_set.size not in SET_POINTS:
            errors.add(f"{field}.size", phrase(N_("A set has 3 or 4 cards.")))
        elif card_set.rank < LOWEST_SET_RANK:
            errors.add(f"{field}.rank", phrase(N_("Sets are of tens or higher.")))
        elif card_set.rank in held and held[card_set.rank].size != card_set.size:
            errors.add(f"{field}.rank", phrase(
                N_("One player cannot hold both a quatorze and a trio of %(rank)s."), rank=card_set.rank.plural))
        elif card_set.rank in held:
            errors.add(f"{field}.rank", phrase(
                N_("The set of %(rank)s is declared twice."), rank=card_set.rank.plural))
        held.setdefault(card_set.rank, card_set)
    if len(errors.errors) > before:
        return
    if not _fit_in_hand(None, declared.sequences, ()):
        errors.add(f"sequences.{role}", phrase(N_("These sequences do not fit in 12 cards.")))
    elif not _fit_in_hand(point, declared.sequences, ()):
        errors.add(f"point.{role}", phrase(N_("This point and these sequences do not fit in 12 cards.")))
    elif not _fit_in_hand(point, declared.sequences, declared.sets):
        errors.add(f"sets.{role}", phrase(N_("These sets do not fit in 12 cards with the other declarations.")))


def _point_range(cards: int) -> Phrase:
    values = point_values(cards)
    if len(values) == 1:
        return phrase(N_("%(cards)s cards of one suit are worth exactly %(value)s."), cards=cards, value=min(values))
    return phrase(N_("%(cards)s cards of one suit are worth %(low)s to %(high)s."),
                  cards=cards, low=min(values), high=max(values))


def _lowest_top(length: int) -> Phrase:
    lowest = Rank(Rank.SEVEN + length - 1)
    if lowest is Rank.ACE:
        return phrase(N_("A %(name)s tops at the ace."), name=phrase(SEQUENCE_NAMES[length]))
    return phrase(N_("A %(name)s tops at the %(rank)s or higher."),
                  name=phrase(SEQUENCE_NAMES[length]), rank=lowest.label)


def _mask(ranks: Iterable[int]) -> int:
    return sum(1 << (rank - Rank.SEVEN) for rank in ranks)


@cache
def _point_masks(cards: int, value: int) -> tuple[int, ...]:
    """The sets of ranks (as bit masks) giving *cards* cards of one suit worth *value*."""
    return tuple(
        _mask(ranks) for ranks in combinations(Rank, cards)
        if sum(r.point_value for r in ranks) == value
    )


def _fit_in_hand(point: Point | None, sequences: tuple[Sequence, ...], sets: tuple[CardSet, ...]) -> bool:
    """Whether one 12-card hand can hold all these combinations together.

    Searches suit assignments: sequences of one suit may not share cards;
    sets may share cards with sequences; a trio leaves out any one suit;
    the point's suit holds exactly its cards, including any sequence or set
    cards placed in it. The point need not be the longest suit and a
    declared combination may be part of a larger one (a player may sink),
    so legitimate declarations are never refused.
    """
    steps = [("sequence", _mask(s.ranks)) for s in sorted(sequences, key=lambda s: -s.length)]
    steps += [(card_set.name, _mask([card_set.rank])) for card_set in sets]
    seen: set[tuple[int, tuple[int, ...]]] = set()

    def size(suits: tuple[int, ...]) -> int:
        return sum(bin(suit).count("1") for suit in suits)

    def search(step: int, suits: tuple[int, ...]) -> bool:
        state = (step, tuple(sorted(suits)))
        if state in seen or size(suits) > HAND_SIZE:
            return False
        seen.add(state)
        if step == len(steps):
            return point is None or any(
                size(suits) - bin(suit).count("1") + point.cards <= HAND_SIZE
                and any(mask & suit == suit for mask in _point_masks(point.cards, point.value))
                for suit in suits
            )
        kind, mask = steps[step]
        if kind == "sequence":
            options = [_put(suits, mask, [k]) for k in range(4) if not suits[k] & mask]
        elif kind == "quatorze":
            options = [_put(suits, mask, range(4))]
        else:
            options = [_put(suits, mask, [i for i in range(4) if i != k]) for k in range(4)]
        return any(search(step + 1, option) for option in options)

    return search(0, (0, 0, 0, 0))


def _put(suits: tuple[int, ...], mask: int, into: Iterable[int]) -> tuple[int, ...]:
    """The suits (rank masks) with *mask* added to the suits numbered *into*."""
    chosen = set(into)
    return tuple(suit | mask if i in chosen else suit for i, suit in enumerate(suits))
