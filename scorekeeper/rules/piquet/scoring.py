"""Scoring one Piquet deal (docs/rules.md B3-B6) as an ordered list of events.

The events come in the order of B8 (Saunt), the reckoning by heads of
Cavendish's Law 67: carte blanche; the point, the sequences, the sets,
each head whole for whoever holds it, with a repique after the head that
reaches its 30 (B5); then elder's lead point (and a pique reached on it)
and trick by trick, with cards or capot after the twelfth trick. A Saunt
game cuts the list where a player reaches the target; a Rubicon partie
counts all of it.
"""


from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from ..phrases import N_, ParamValue, Phrase, phrase
from .combinations import Declarations
from .tricks import PiqueChance, cards_outcome, pique_chance, trick_increments
from .values import (
    BONUS_THRESHOLD,
    CARTE_BLANCHE_POINTS,
    CLASSES,
    EQUAL,
    PIQUE_POINTS,
    REPIQUE_POINTS,
    ROLE_NAMES,
    TRICKS,
    ByRole,
    ClassResult,
    DealScore,
    Event,
    Field,
    PlayerName,
    Role,
    TrickTotal,
)

_BEATS: Final = N_("%(player)s's %(best)s beats %(opponent)s's %(other)s: %(player)s scores %(points)s.")
_UNCHALLENGED: Final = N_("%(player)s's %(best)s is good (%(opponent)s declared none): %(player)s scores %(points)s.")
_NOBODY: Final = {
    "point": N_("Nobody declared a point."),
    "sequences": N_("Nobody declared a sequence."),
    "sets": N_("Nobody declared a set."),
}
_CARTE_BLANCHE: Final = N_("%(player)s has carte blanche: +10.")
_REPIQUE: Final = N_("%(player)s reaches %(points)s before %(opponent)s scores: repique, +60.")
_CARTE_BLANCHE_FIRST: Final = N_("Carte blanche takes precedence of all other scores (Hoffmann, Hoyle's Games "
                                 "Modernized): %(player)s scored first, so %(opponent)s has no repique.")


def compare_classes(declared: ByRole[Declarations], names: ByRole[PlayerName] = ROLE_NAMES) -> dict[str, ClassResult]:
    """Point, sequences and sets compared (B4), keyed in that order; the explanations name *names*."""
    return {
        "point": _compare(
            "point",
            ByRole.build(lambda r: [declared[r].point] if declared[r].point else []),
            lambda best, held: [(best.cards, best.label)],
            names,
        ),
        "sequences": _compare("sequences", ByRole.build(lambda r: list(declared[r].sequences)),
                              lambda best, held: [(s.points, s.label) for s in held], names),
        "sets": _compare("sets", ByRole.build(lambda r: list(declared[r].sets)),
                         lambda best, held: [(s.points, s.label) for s in held], names),
    }


def _compare(name: str, held: ByRole[list[Any]], scores: Callable[[Any, list[Any]], list[tuple[int, Phrase]]],
             names: ByRole[PlayerName]) -> ClassResult:
    best = ByRole.build(lambda r: max(held[r], key=lambda c: c.key, default=None))
    if best.elder is None and best.younger is None:
        return ClassResult(None, 0, phrase(_NOBODY[name]))
    if best.elder is not None and best.younger is not None and best.elder.key == best.younger.key:
        return ClassResult(EQUAL, 0, phrase(N_("%(elder)s's %(best)s equals %(younger)s's %(other)s: nobody scores."),
                                            elder=names.elder, younger=names.younger,
                                            best=best.elder.label, other=best.younger.label))
    good = Role.ELDER if best.younger is None or (
        best.elder is not None and best.elder.key > best.younger.key) else Role.YOUNGER
    ordered = sorted(held[good], key=lambda c: c.key, reverse=True)
    best_held = best[good]
    assert best_held is not None  # the good player holds the best of the class
    parts = scores(best_held, ordered)
    other = best[good.opponent]
    who = {"player": names[good], "opponent": names[good.opponent], "best": best_held.label, "points": _itemised(parts)}
    if other is None:
        explanation = phrase(_UNCHALLENGED, **who)
    else:
        explanation = phrase(_BEATS, other=other.label, **who)
    return ClassResult(good, sum(points for points, _ in parts), explanation)


def _itemised(parts: Sequence[tuple[int, Phrase]]) -> ParamValue:
    """What a good class scores: "5" for one combination, "14 for quatorze of aces + 3 for trio of tens" for more."""
    if len(parts) == 1:
        return parts[0][0]
    items = [phrase(N_("%(points)s for %(combination)s"), points=points, combination=label) for points, label in parts]
    said: Phrase = items[-1]
    for item in reversed(items[:-1]):
        said = phrase(N_("%(first)s + %(rest)s"), first=item, rest=said)
    return said


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


def score_deal(
    carte_blanche: Role | None,
    declared: ByRole[Declarations],
    tricks: Sequence[Role],
    trick_totals: ByRole[TrickTotal] | None,
    pique: bool | None,
    names: ByRole[PlayerName] = ROLE_NAMES,
) -> DealScore:
    """Score a whole deal from what was entered (already validated).

    With trick winners the order of play is known and the pique is derived;
    with trick totals the trick points come as one event per player and
    *pique* is used when the totals leave it open (`pique_chance`).
    """
    classes = compare_classes(declared, names)
    earned = combination_points(carte_blanche, classes)
    events: list[Event] = []
    if carte_blanche:
        events.append(Event(carte_blanche, Field.CARTE_BLANCHE, CARTE_BLANCHE_POINTS))

    reached = {role: earned[role][Field.CARTE_BLANCHE] for role in Role}
    for field in (Field.POINT, Field.SEQUENCES, Field.SETS):  # each head is held by one player at most
        for role in Role:
            if earned[role].get(field):
                events.append(Event(role, field, earned[role][field]))
                if (earned[role].get(Field.REPIQUE)
                        and reached[role] < BONUS_THRESHOLD <= reached[role] + earned[role][field]):
                    events.append(Event(role, Field.REPIQUE, REPIQUE_POINTS))
                reached[role] += earned[role][field]

    can_pique = not sum(earned.younger.values()) and not earned.elder.get(Field.REPIQUE)
    elder_running = sum(earned.elder.values()) + 1
    piqued = can_pique and elder_running >= BONUS_THRESHOLD
    events.append(Event(Role.ELDER, Field.TRICKS, 1))
    if piqued:
        events.append(Event(Role.ELDER, Field.PIQUE, PIQUE_POINTS))
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
        events_after, cards_line = cards_outcome(won, names)
        events += events_after
    lines = deal_lines(carte_blanche, classes, events, cards_line, names, by_trick=trick_totals is None)
    return DealScore(classes, tuple(events), tuple(lines), tuple(running), played,
                     len(events) if trick_totals is None else ordered, cards_line)


def deal_lines(carte_blanche: Role | None, classes: dict[str, ClassResult], events: Sequence[Event],
               cards_line: Phrase | None, names: ByRole[PlayerName] = ROLE_NAMES, *,
               by_trick: bool = False) -> list[Phrase]:
    """Explanation lines for what *events* scored: combinations, trick points, pique, cards.

    A Saunt deal cut at the winning moment passes only the events counted,
    so nothing that came after it is explained. With the winner of each
    trick (*by_trick*) the trick points are split as players count them.
    """
    scored = {(event.role, event.field) for event in events}
    earned = combination_points(carte_blanche, classes)
    lines = []
    if carte_blanche and (carte_blanche, Field.CARTE_BLANCHE) in scored:
        lines.append(phrase(_CARTE_BLANCHE, player=names[carte_blanche]))
    lines += [result.explanation for name, result in classes.items()
              if not isinstance(result.good, Role) or (result.good, Field(name)) in scored]
    lines += [_repique_line(carte_blanche, classes, role, names)
              for role in Role if earned[role].get(Field.REPIQUE) and (role, Field.REPIQUE) in scored]
    lines += _carte_blanche_first(carte_blanche, classes, names, scored)
    if any(event.field is Field.TRICKS for event in events):
        if by_trick:
            lines.append(_trick_points_split(events, names))
        else:
            trick_points = ByRole.build(
                lambda r: sum(e.points for e in events if e.role is r and e.field is Field.TRICKS))
            lines.append(phrase(N_("Trick points: %(elder)s %(elder_points)s, %(younger)s %(younger_points)s."),
                                elder=names.elder, elder_points=trick_points.elder,
                                younger=names.younger, younger_points=trick_points.younger))
    if (Role.ELDER, Field.PIQUE) in scored:
        lines.append(phrase(N_("%(elder)s reaches 30 before %(younger)s scores anything: pique, +30."),
                            elder=names.elder, younger=names.younger))
    if cards_line is not None:
        lines.append(cards_line)
    return lines


def _trick_points_split(events: Sequence[Event], names: ByRole[PlayerName]) -> Phrase:
    """The trick points as players count them (B6): 1 a lead (elder's first, then one for each trick won before the
    last, whose winner leads next), 1 a capture (a trick won on the opponent's lead), 1 for the last trick."""
    tricks = [event for event in events if event.field is Field.TRICKS][1:]  # after elder's first lead

    def split(role: Role) -> Phrase:
        won = [index for index, event in enumerate(tricks) if event.role is role]
        last = 1 if TRICKS - 1 in won else 0
        leads = (1 if role is Role.ELDER else 0) + len(won) - last
        captures = sum(1 for event in tricks if event.role is role and event.points == 2)
        return phrase(N_("%(player)s %(points)s (leads %(leads)s, captures %(captures)s, last trick %(last)s)"),
                      player=names[role], points=leads + captures + last, leads=leads, captures=captures, last=last)

    return phrase(N_("Trick points: %(elder)s, %(younger)s."), elder=split(Role.ELDER), younger=split(Role.YOUNGER))


def combination_lines(carte_blanche: Role | None, classes: dict[str, ClassResult],
                      earned: ByRole[dict[Field, int]], names: ByRole[PlayerName] = ROLE_NAMES) -> list[Phrase]:
    """Explanation lines for carte blanche, the three classes and any repique."""
    lines = [phrase(_CARTE_BLANCHE, player=names[carte_blanche])] if carte_blanche else []
    lines += [result.explanation for result in classes.values()]
    lines += [_repique_line(carte_blanche, classes, role, names) for role in Role if earned[role].get(Field.REPIQUE)]
    lines += _carte_blanche_first(carte_blanche, classes, names)
    return lines


def _carte_blanche_first(carte_blanche: Role | None, classes: dict[str, ClassResult], names: ByRole[PlayerName],
                         scored: set[tuple[Role, Field]] | None = None) -> list[Phrase]:
    """The source cited when a carte blanche, counted first, is what denied the opponent's combinations a
    repique (docs/rules.md B3, B5; *scored*: the events a Saunt deal counted before it ended, if cut)."""
    if carte_blanche is None:
        return []
    opponent = carte_blanche.opponent
    if not combination_points(None, classes)[opponent].get(Field.REPIQUE):
        return []
    if scored is not None and not any((opponent, Field(name)) in scored for name in CLASSES):
        return []
    return [phrase(_CARTE_BLANCHE_FIRST, player=names[carte_blanche], opponent=names[opponent])]


def _repique_line(carte_blanche: Role | None, classes: dict[str, ClassResult], role: Role,
                  names: ByRole[PlayerName]) -> Phrase:
    return phrase(_REPIQUE, player=names[role], opponent=names[role.opponent],
                  points=_repique_reached(carte_blanche, classes, role))


def _repique_reached(carte_blanche: Role | None, classes: dict[str, ClassResult], role: Role) -> int:
    """The combination points with which *role* reached 30 (for the explanation)."""
    total = CARTE_BLANCHE_POINTS if carte_blanche is role else 0
    for name in CLASSES:
        if classes[name].good is role:
            total += classes[name].points
        if total >= BONUS_THRESHOLD:
            break
    return total
