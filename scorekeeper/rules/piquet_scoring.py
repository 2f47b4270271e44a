"""Scoring one Piquet deal (RULES.md B3-B6) as an ordered list of events.

The events come in the order of B8 (Saunt): carte blanche; elder's good
combinations and repique; elder's lead point (and a pique reached on it);
younger's good combinations and repique; then trick by trick, with cards
or capot after the twelfth trick. A Saunt game cuts the list where a
player reaches the target; a Rubicon partie counts all of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Generic, TypeVar

from .errors import ErrorCollector
from .phrases import N_, Phrase, phrase
from .piquet_combinations import Declarations

T = TypeVar("T")
TRICKS: Final = 12
EQUAL: Final = "equal"
CARTE_BLANCHE_POINTS: Final = 10
REPIQUE_POINTS: Final = 60
PIQUE_POINTS: Final = 30
BONUS_THRESHOLD: Final = 30
CARDS_POINTS: Final = 10
CAPOT_POINTS: Final = 40
CLASSES: Final = ("point", "sequences", "sets")


class Role(StrEnum):
    """Elder (the non-dealer, who leads first) or younger (the dealer)."""

    ELDER = "elder"
    YOUNGER = "younger"

    @property
    def opponent(self) -> Role:
        """The other role."""
        return Role.YOUNGER if self is Role.ELDER else Role.ELDER


@dataclass(frozen=True)
class ByRole(Generic[T]):
    """One value for elder and one for younger."""

    elder: T
    younger: T

    def __getitem__(self, role: Role) -> T:
        return self.elder if role is Role.ELDER else self.younger

    @classmethod
    def build(cls, make: Callable[[Role], T]) -> ByRole[T]:
        """Call *make* for elder, then for younger."""
        return cls(make(Role.ELDER), make(Role.YOUNGER))


@dataclass(frozen=True)
class TrickTotal:
    """What a player announced after the play: tricks won and trick points."""

    won: int
    points: int


@dataclass(frozen=True)
class ClassResult:
    """One class compared: who is good (a Role, "equal" or None) and what they scored."""

    good: Role | str | None
    points: int
    explanation: Phrase


class Field(StrEnum):
    """Where points go in a player's deal line (the API's field names)."""

    CARTE_BLANCHE = "carte_blanche"
    POINT = "point"
    SEQUENCES = "sequences"
    SETS = "sets"
    REPIQUE = "repique"
    PIQUE = "pique"
    TRICKS = "tricks"
    CARDS = "cards"
    CAPOT = "capot"


@dataclass(frozen=True)
class Event:
    """Points scored by one player at one moment of the deal."""

    role: Role
    field: Field
    points: int


@dataclass(frozen=True)
class DealScore:
    """A whole deal scored: the classes, the events in order, and what happened.

    ``ordered_events`` counts the leading events whose order is known: all
    of them with trick winners; with trick totals only those up to younger's
    announcements (the trick points then come as one event per player).
    """

    classes: dict[str, ClassResult]
    events: tuple[Event, ...]
    explanation: tuple[Phrase, ...]
    running_trick_points: tuple[tuple[int, int], ...]
    tricks_played: int
    ordered_events: int
    cards_line: Phrase | None  # who scored for cards (or nobody), once all 12 tricks are in


class PiqueChance(StrEnum):
    """Whether trick totals settle the pique: it cannot, must, or may have happened."""

    IMPOSSIBLE = "impossible"
    CERTAIN = "certain"
    POSSIBLE = "possible"


_BEATS: Final = {
    Role.ELDER: N_("Elder's %(best)s beats younger's %(other)s: elder scores %(points)s."),
    Role.YOUNGER: N_("Younger's %(best)s beats elder's %(other)s: younger scores %(points)s."),
}
_UNCHALLENGED: Final = {
    Role.ELDER: N_("Elder's %(best)s is good (younger declared none): elder scores %(points)s."),
    Role.YOUNGER: N_("Younger's %(best)s is good (elder declared none): younger scores %(points)s."),
}
_NOBODY: Final = {
    "point": N_("Nobody declared a point."),
    "sequences": N_("Nobody declared a sequence."),
    "sets": N_("Nobody declared a set."),
}
_CARTE_BLANCHE: Final = {
    Role.ELDER: N_("Elder has carte blanche: +10."),
    Role.YOUNGER: N_("Younger has carte blanche: +10."),
}
_REPIQUE: Final = {
    Role.ELDER: N_("Elder reaches %(points)s before younger scores: repique, +60."),
    Role.YOUNGER: N_("Younger reaches %(points)s before elder scores: repique, +60."),
}
_POINTS_RANGE: Final = {
    (Role.ELDER, False): N_("These trick totals cannot happen: with %(won)s tricks, elder scores %(low)s to %(high)s."),
    (Role.ELDER, True): N_("These trick totals cannot happen: with %(won)s tricks, elder scores exactly %(low)s."),
    (Role.YOUNGER, False): N_(
        "These trick totals cannot happen: with %(won)s tricks, younger scores %(low)s to %(high)s."),
    (Role.YOUNGER, True): N_("These trick totals cannot happen: with %(won)s tricks, younger scores exactly %(low)s."),
}
_CARDS: Final = {
    Role.ELDER: N_("Elder wins %(won)s tricks: cards, +10."),
    Role.YOUNGER: N_("Younger wins %(won)s tricks: cards, +10."),
}
_CAPOT: Final = {
    Role.ELDER: N_("Elder wins every trick: capot, +40."),
    Role.YOUNGER: N_("Younger wins every trick: capot, +40."),
}


def compare_classes(declared: ByRole[Declarations]) -> dict[str, ClassResult]:
    """Point, sequences and sets compared (B4), keyed in that order."""
    return {
        "point": _compare(
            "point",
            ByRole.build(lambda r: [declared[r].point] if declared[r].point else []),
            lambda best, held: [best.cards],
        ),
        "sequences": _compare("sequences", ByRole.build(lambda r: list(declared[r].sequences)),
                              lambda best, held: [s.points for s in held]),
        "sets": _compare("sets", ByRole.build(lambda r: list(declared[r].sets)),
                         lambda best, held: [s.points for s in held]),
    }


def _compare(name: str, held: ByRole[list], scores: Callable) -> ClassResult:
    best = ByRole.build(lambda r: max(held[r], key=lambda c: c.key, default=None))
    if best.elder is None and best.younger is None:
        return ClassResult(None, 0, phrase(_NOBODY[name]))
    if best.elder is not None and best.younger is not None and best.elder.key == best.younger.key:
        return ClassResult(EQUAL, 0, phrase(N_("Elder's %(best)s equals younger's %(other)s: nobody scores."),
                                            best=best.elder.label, other=best.younger.label))
    good = Role.ELDER if best.younger is None or (
        best.elder is not None and best.elder.key > best.younger.key) else Role.YOUNGER
    ordered = sorted(held[good], key=lambda c: c.key, reverse=True)
    parts = scores(best[good], ordered)
    shown = " + ".join(str(p) for p in parts)
    if best[good.opponent] is None:
        explanation = phrase(_UNCHALLENGED[good], best=best[good].label, points=shown)
    else:
        explanation = phrase(_BEATS[good], best=best[good].label, other=best[good.opponent].label, points=shown)
    return ClassResult(good, sum(parts), explanation)


def combination_points(carte_blanche: Role | None, classes: dict[str, ClassResult]) -> ByRole[dict[Field, int]]:
    """Each player's carte blanche, point, sequences, sets and repique points (B3-B5)."""
    earned = ByRole.build(lambda r: {Field.CARTE_BLANCHE: CARTE_BLANCHE_POINTS if carte_blanche is r else 0})
    steps = [(carte_blanche, CARTE_BLANCHE_POINTS)] if carte_blanche else []
    for name in CLASSES:
        good = classes[name].good
        if isinstance(good, Role):
            earned[good][Field(name)] = classes[name].points
            steps.append((good, classes[name].points))
    running = {Role.ELDER: 0, Role.YOUNGER: 0}
    for role, points in steps:
        running[role] += points
        if running[role] >= BONUS_THRESHOLD and running[role.opponent] == 0:
            earned[role][Field.REPIQUE] = REPIQUE_POINTS
            break
    return earned


def trick_increments(winners: Sequence[Role]) -> list[int]:
    """Points for each trick: 1 if the winner led it, 2 if the opponent did (B6)."""
    leaders = [Role.ELDER, *winners[:-1]]
    return [1 if winner is leader else 2 for winner, leader in zip(winners, leaders)]


def check_trick_totals(totals: ByRole[TrickTotal], errors: ErrorCollector) -> None:
    """Add an error (field ``trick_totals``) when announced totals cannot happen (B6)."""
    won = totals.elder.won + totals.younger.won
    if won != TRICKS:
        errors.add("trick_totals", phrase(
            N_("These trick totals cannot happen: the tricks won add up to %(won)s, not 12."), won=won))
        return
    n_e, n_y = totals.elder.won, totals.younger.won
    elder_range = (1 + n_e, 1 + n_e + min(n_e, n_y))
    younger_range = (n_y + min(1, n_y), n_y + min(n_y, n_e + 1))
    for role, (low, high) in ((Role.ELDER, elder_range), (Role.YOUNGER, younger_range)):
        if not low <= totals[role].points <= high:
            errors.add("trick_totals", phrase(_POINTS_RANGE[role, low == high], won=totals[role].won, low=low,
                                              high=high))
            return
    captures = totals.elder.points - 1 - n_e
    allowed = [n_y + c for c in (captures, captures + 1) if younger_range[0] <= n_y + c <= younger_range[1]]
    if totals.younger.points not in allowed:
        errors.add("trick_totals", phrase(
            N_("These trick totals cannot happen: when elder scores %(elder)s, younger scores %(allowed)s."),
            elder=totals.elder.points, allowed=" / ".join(str(points) for points in allowed)))


def pique_chance(earned: ByRole[dict[Field, int]], totals: ByRole[TrickTotal]) -> PiqueChance:
    """Whether consistent trick totals settle the pique (B5), given the combination points.

    Elder can pique only when younger scored no combination points and
    elder has no repique. Elder's points before younger's first trick are
    1 (the lead) plus 1 per trick of elder's opening run; that run can be
    anything from 0 (younger wins trick 1) to elder's tricks minus elder's
    captures, or all 12 when younger wins nothing. Cards and capot do not
    count toward the pique.
    """
    if sum(earned.younger.values()) or earned.elder.get(Field.REPIQUE):
        return PiqueChance.IMPOSSIBLE
    start = sum(earned.elder.values()) + 1
    if totals.younger.won == 0:
        longest = shortest = TRICKS
    else:
        shortest, longest = 0, totals.elder.won - (totals.elder.points - 1 - totals.elder.won)
    if start + shortest >= BONUS_THRESHOLD:
        return PiqueChance.CERTAIN
    return PiqueChance.POSSIBLE if start + longest >= BONUS_THRESHOLD else PiqueChance.IMPOSSIBLE


def score_deal(
    carte_blanche: Role | None,
    declared: ByRole[Declarations],
    tricks: Sequence[Role],
    trick_totals: ByRole[TrickTotal] | None,
    pique: bool | None,
) -> DealScore:
    """Score a whole deal from what was entered (already validated).

    With trick winners the order of play is known and the pique is derived;
    with trick totals the trick points come as one event per player and
    *pique* is used when the totals leave it open (`pique_chance`).
    """
    classes = compare_classes(declared)
    earned = combination_points(carte_blanche, classes)
    events: list[Event] = []
    if carte_blanche:
        events.append(Event(carte_blanche, Field.CARTE_BLANCHE, CARTE_BLANCHE_POINTS))

    def announce(role: Role) -> None:
        for field in (Field.POINT, Field.SEQUENCES, Field.SETS, Field.REPIQUE):
            if earned[role].get(field):
                events.append(Event(role, field, earned[role][field]))

    can_pique = not sum(earned.younger.values()) and not earned.elder.get(Field.REPIQUE)
    elder_running = sum(earned.elder.values()) + 1
    piqued = can_pique and elder_running >= BONUS_THRESHOLD
    announce(Role.ELDER)
    events.append(Event(Role.ELDER, Field.TRICKS, 1))
    if piqued:
        events.append(Event(Role.ELDER, Field.PIQUE, PIQUE_POINTS))
    announce(Role.YOUNGER)
    running = [(1, 0)]
    if trick_totals is None:
        won = ByRole.build(lambda r: sum(1 for w in tricks if w is r))
        for winner, points in zip(tricks, trick_increments(tricks)):
            events.append(Event(winner, Field.TRICKS, points))
            can_pique = can_pique and winner is Role.ELDER
            elder_running += points if winner is Role.ELDER else 0
            if can_pique and not piqued and elder_running >= BONUS_THRESHOLD:
                piqued = True
                events.append(Event(Role.ELDER, Field.PIQUE, PIQUE_POINTS))
            elder, younger = running[-1]
            running.append((elder + points, younger) if winner is Role.ELDER else (elder, younger + points))
        running = running[1:]
        played = len(tricks)
    else:
        ordered = len(events)
        won = ByRole.build(lambda r: trick_totals[r].won)
        events += [Event(Role.ELDER, Field.TRICKS, trick_totals.elder.points - 1),
                   Event(Role.YOUNGER, Field.TRICKS, trick_totals.younger.points)]
        chance = pique_chance(earned, trick_totals)
        if not piqued and (chance is PiqueChance.CERTAIN or (chance is PiqueChance.POSSIBLE and pique)):
            piqued = True
            events.insert(-1, Event(Role.ELDER, Field.PIQUE, PIQUE_POINTS))
        running, played = [], TRICKS
    cards_line = None
    if played == TRICKS:
        events_after, cards_line = _cards(won)
        events += events_after
    lines = deal_lines(carte_blanche, classes, events, cards_line)
    return DealScore(classes, tuple(events), tuple(lines), tuple(running), played,
                     len(events) if trick_totals is None else ordered, cards_line)


def deal_lines(carte_blanche: Role | None, classes: dict[str, ClassResult], events: Sequence[Event],
               cards_line: Phrase | None) -> list[Phrase]:
    """Explanation lines for what *events* scored: combinations, trick points, pique, cards.

    A Saunt deal cut at the winning moment passes only the events counted,
    so nothing that came after it is explained.
    """
    scored = {(event.role, event.field) for event in events}
    earned = combination_points(carte_blanche, classes)
    lines = []
    if carte_blanche and (carte_blanche, Field.CARTE_BLANCHE) in scored:
        lines.append(phrase(_CARTE_BLANCHE[carte_blanche]))
    lines += [result.explanation for name, result in classes.items()
              if not isinstance(result.good, Role) or (result.good, Field(name)) in scored]
    lines += [phrase(_REPIQUE[role], points=_repique_reached(carte_blanche, classes, role))
              for role in Role if earned[role].get(Field.REPIQUE) and (role, Field.REPIQUE) in scored]
    if any(event.field is Field.TRICKS for event in events):
        trick_points = ByRole.build(lambda r: sum(e.points for e in events if e.role is r and e.field is Field.TRICKS))
        lines.append(phrase(N_("Trick points: elder %(elder)s, younger %(younger)s."),
                            elder=trick_points.elder, younger=trick_points.younger))
    if (Role.ELDER, Field.PIQUE) in scored:
        lines.append(phrase(N_("Elder reaches 30 before younger scores anything: pique, +30.")))
    if cards_line is not None:
        lines.append(cards_line)
    return lines


def _cards(won: ByRole[int]) -> tuple[list[Event], Phrase]:
    for role in Role:
        if won[role] == TRICKS:
            return [Event(role, Field.CAPOT, CAPOT_POINTS)], phrase(_CAPOT[role])
        if won[role] > won[role.opponent]:
            return [Event(role, Field.CARDS, CARDS_POINTS)], phrase(_CARDS[role], won=won[role])
    return [], phrase(N_("Each player wins 6 tricks: nobody scores for cards."))


def combination_lines(carte_blanche: Role | None, classes: dict[str, ClassResult],
                      earned: ByRole[dict[Field, int]]) -> list[Phrase]:
    """Explanation lines for carte blanche, the three classes and any repique."""
    lines = [phrase(_CARTE_BLANCHE[carte_blanche])] if carte_blanche else []
    lines += [result.explanation for result in classes.values()]
    lines += [phrase(_REPIQUE[role], points=_repique_reached(carte_blanche, classes, role))
              for role in Role if earned[role].get(Field.REPIQUE)]
    return lines


def _repique_reached(carte_blanche: Role | None, classes: dict[str, ClassResult], role: Role) -> int:
    """The combination points with which *role* reached 30 (for the explanation)."""
    total = CARTE_BLANCHE_POINTS if carte_blanche is role else 0
    for name in CLASSES:
        if classes[name].good is role:
            total += classes[name].points
        if total >= BONUS_THRESHOLD:
            break
    return total
