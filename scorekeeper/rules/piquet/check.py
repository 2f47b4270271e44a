"""The stateless declaration checker: two real hands, every combination found and compared.

The hands are the post-exchange cards, so carte blanche (a property of the
dealt hand) is not inferred from them: it is scored only when given, and
then the holder's cards may hold only as many kings, queens and jacks as
the exchange can bring in (B9). ``CheckedHand.blank`` merely says whether
these 12 cards hold no K, Q or J.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..cards import Card, Rank
from ..errors import ErrorCollector
from ..phrases import Phrase
from .combinations import CardSet, Declarations, Point, Sequence, find_combinations
from .entry import read_carte_blanche, read_hands
from .scoring import combination_lines, combination_points, compare_classes
from .validation import check_blank_cards
from .values import ByRole, ClassResult, Field, Role


@dataclass(frozen=True)
class CheckedHand:
    """The combinations found in one hand and what they score against the other hand."""

    point: Point | None
    sequences: tuple[Sequence, ...]
    sets: tuple[CardSet, ...]
    combination_points: int
    repique: int
    blank: bool


@dataclass(frozen=True)
class CheckResult:
    """Both hands checked: the classes compared, each hand's findings, explanation lines."""

    classes: dict[str, ClassResult]
    elder: CheckedHand
    younger: CheckedHand
    explanation: tuple[Phrase, ...]


def check_hands(elder: object, younger: object, carte_blanche: object = None) -> CheckResult:
    """Find and compare every combination in two 12-card hands.

    Fields: ``elder``, ``elder[3]``, ``younger``, ``younger[0]``, ``carte_blanche``.
    A carte blanche given for a hand holding a K, Q or J is accepted when
    the exchange can have brought them in: at most 5 for elder, 7 for younger.

    :raises MalformedInput: wrong count, unknown or repeated card, hands sharing a card,
        too many kings, queens and jacks for carte blanche.
    """
    errors = ErrorCollector()
    read = read_hands(elder, younger, "", errors)
    blank_holder = read_carte_blanche(carte_blanche, errors)
    if read is not None and blank_holder is not None:
        check_blank_cards(read[blank_holder], blank_holder, errors)
    errors.raise_if_any()
    assert read is not None  # else an error was raised
    hands = read
    found = ByRole.build(lambda role: find_combinations(hands[role]))
    classes = compare_classes(found)
    earned = combination_points(blank_holder, classes)

    def checked(role: Role) -> CheckedHand:
        points = earned[role]
        return CheckedHand(
            found[role].point, found[role].sequences, found[role].sets,
            sum(points.values()) - points.get(Field.REPIQUE, 0), points.get(Field.REPIQUE, 0),
            not any(card.rank in (Rank.KING, Rank.QUEEN, Rank.JACK) for card in hands[role]),
        )

    return CheckResult(classes, checked(Role.ELDER), checked(Role.YOUNGER),
                       tuple(combination_lines(blank_holder, classes, earned)))


def declarations_from_cards(cards: Iterable[Card]) -> Declarations:
    """What a player holding *cards* announces, sinking nothing (suits left out, as entered by hand)."""
    found = find_combinations(cards)
    return Declarations(
        found.point and Point(found.point.cards, found.point.value),
        tuple(Sequence(s.length, s.top) for s in found.sequences),
        found.sets,
    )
