"""The play of a Piquet deal: trick points, announced totals, pique from totals, cards and capot (B5-B6)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from enum import StrEnum
from functools import cache
from itertools import product
from typing import Final

from ..errors import ErrorCollector
from ..phrases import N_, Phrase, phrase
from .values import (
    BONUS_THRESHOLD,
    CAPOT_POINTS,
    CARDS_POINTS,
    ROLE_NAMES,
    TRICKS,
    ByRole,
    Event,
    Field,
    PlayerName,
    Role,
    TrickTotal,
)


class PiqueChance(StrEnum):
    """Whether trick totals settle the pique: it cannot, must, or may have happened."""

    IMPOSSIBLE = "impossible"
    CERTAIN = "certain"
    POSSIBLE = "possible"


_POINTS_RANGE: Final = {
    (Role.ELDER, False): N_("These trick totals cannot happen: with %(won)s tricks, elder scores %(low)s to %(high)s."),
    (Role.ELDER, True): N_("These trick totals cannot happen: with %(won)s tricks, elder scores exactly %(low)s."),
    (Role.YOUNGER, False): N_(
        "These trick totals cannot happen: with %(won)s tricks, younger scores %(low)s to %(high)s."),
    (Role.YOUNGER, True): N_("These trick totals cannot happen: with %(won)s tricks, younger scores exactly %(low)s."),
}
_CARDS: Final = N_("%(player)s wins %(won)s tricks: cards, +10.")
_CAPOT: Final = N_("%(player)s wins every trick: capot, +40.")


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
    elder has no repique. Then elder piques when the combinations, the lead
    and the tricks elder wins before younger wins one reach 30. Every order
    of play the totals allow is looked at (`opening_runs`): the pique is
    certain when it happens in all of them, impossible when in none. Cards
    and capot do not count toward the pique.
    """
    if sum(earned.younger.values()) or earned.elder.get(Field.REPIQUE):
        return PiqueChance.IMPOSSIBLE
    before_play = sum(earned.elder.values()) + 1
    outcomes = {before_play + run >= BONUS_THRESHOLD for run in opening_runs(totals)}
    if outcomes == {True}:
        return PiqueChance.CERTAIN
    return PiqueChance.POSSIBLE if outcomes == {True, False} else PiqueChance.IMPOSSIBLE


def opening_runs(totals: ByRole[TrickTotal]) -> frozenset[int]:
    """How many tricks elder wins before younger wins one, in each order of play that gives *totals*.

    Each of elder's tricks in that opening run is worth 1 (elder led it);
    12 is a capot. Empty when no order of play gives these totals.
    """
    return _opening_runs_by_totals().get(totals, frozenset())


@cache
def _opening_runs_by_totals() -> dict[ByRole[TrickTotal], frozenset[int]]:
    """Every one of the 2^12 orders of play (the winner of each trick; the winner leads next), by its totals."""
    runs: dict[ByRole[TrickTotal], set[int]] = defaultdict(set)
    for winners in product(Role, repeat=TRICKS):
        points = trick_increments(winners)
        totals = ByRole.build(lambda role: TrickTotal(
            winners.count(role),
            (1 if role is Role.ELDER else 0) + sum(p for winner, p in zip(winners, points) if winner is role)))
        runs[totals].add(winners.index(Role.YOUNGER) if Role.YOUNGER in winners else TRICKS)
    return {totals: frozenset(found) for totals, found in runs.items()}


def cards_outcome(won: ByRole[int], names: ByRole[PlayerName] = ROLE_NAMES) -> tuple[list[Event], Phrase]:
    """Who scores for cards (10) or capot (40) from the tricks won, and the line that says so."""
    for role in Role:
        if won[role] == TRICKS:
            return [Event(role, Field.CAPOT, CAPOT_POINTS)], phrase(_CAPOT, player=names[role])
        if won[role] > won[role.opponent]:
            return [Event(role, Field.CARDS, CARDS_POINTS)], phrase(_CARDS, player=names[role], won=won[role])
    return [], phrase(N_("Each player wins 6 tricks: nobody scores for cards."))
