"""A club night's standings, from the final scores of its finished tables (docs/api.md, "Club nights").

At a finished table of n sides (players, or the teams of four-player
Spades) the sides are placed by their final scores, a Rubicon partie by
its settlement; the k-th place earns n - k match points and sides sharing
places share their points. A side's margin is its final score minus the
table's average (a Rubicon partie: plus or minus the settlement's points).
A bye earns (n - 1) / 2 and margin 0. Figures are exact fractions here;
the API rounds them to one decimal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..piquet.results import Settlement


@dataclass(frozen=True)
class Side:
    """One side of a table: its players (a team's partners share its figures) and its final score."""

    players: tuple[str, ...]
    score: int


@dataclass(frozen=True)
class FinishedTable:
    """A table whose game has ended: its sides and, for a Rubicon partie, the settlement that places them."""

    sides: tuple[Side, ...]
    settlement: Settlement | None = None


@dataclass(frozen=True)
class TableFigures:
    """What one side earned at one table."""

    match_points: Fraction
    margin: Fraction


@dataclass(frozen=True)
class Standing:
    """A player's line on the leaderboard; `place` is shared by equal match points and margin."""

    place: int
    player: str
    match_points: Fraction
    margin: Fraction
    tables: int
    byes: int


def bye_points(sides: int) -> Fraction:
    """What a bye earns at a game whose tables have *sides* sides: a table's average.

    >>> bye_points(3), bye_points(2)
    (Fraction(1, 1), Fraction(1, 2))
    """
    return Fraction(sides - 1, 2)


def byes_counted(byes: Iterable[tuple[int, str]], finished_rounds: Iterable[int]) -> list[tuple[int, str]]:
    """The byes (round, player) the standings count: those of a round where a table has finished. Counted sooner,
    a bye's average would place its player ahead of everyone still playing the round.

    >>> byes_counted([(1, "Ann"), (2, "Ben")], {1})
    [(1, 'Ann')]
    """
    rounds = set(finished_rounds)
    return [(round_number, player) for round_number, player in byes if round_number in rounds]


def table_figures(table: FinishedTable) -> list[TableFigures]:
    """Each side's match points and margin, in the order of `table.sides`.

    >>> [(f.match_points, f.margin) for f in table_figures(FinishedTable((Side(("Ann",), 60), Side(("Ben",), 30),
    ...                                                                    Side(("Cid",), 30))))]
    [(Fraction(2, 1), Fraction(20, 1)), (Fraction(1, 2), Fraction(-10, 1)), (Fraction(1, 2), Fraction(-10, 1))]
    """
    sides = table.sides
    if table.settlement is not None:
        keys = [_settled(side, table.settlement) for side in sides]
        margins = keys
    else:
        keys = [Fraction(side.score) for side in sides]
        average = Fraction(sum(side.score for side in sides), len(sides))
        margins = [key - average for key in keys]
    return [TableFigures(_shared_points(key, keys), margin) for key, margin in zip(keys, margins, strict=True)]


def _settled(side: Side, settlement: Settlement) -> Fraction:
    """A Rubicon side's figure: the settlement's points won or lost, 0 in a drawn partie."""
    if settlement.winner is None:
        return Fraction(0)
    return Fraction(settlement.points if settlement.winner in side.players else -settlement.points)


def _shared_points(key: Fraction, keys: Sequence[Fraction]) -> Fraction:
    """The match points of a side scoring *key*: places k..k+t-1 shared by t equal sides earn their average."""
    n = len(keys)
    above = sum(1 for other in keys if other > key)
    equal = sum(1 for other in keys if other == key)
    places = range(above + 1, above + equal + 1)
    return Fraction(sum(n - place for place in places), equal)


def standings(players: Iterable[str], tables: Iterable[FinishedTable], byes: Iterable[str],
              sides: int) -> list[Standing]:
    """Everyone's standing: every finished table and every bye (of a game of *sides* sides a table) counted.

    Sorted by match points, then margin (both descending), then name; equal
    match points and margin share a place.
    """
    names = list(players)
    points = {name: Fraction(0) for name in names}
    margins = {name: Fraction(0) for name in names}
    played = dict.fromkeys(names, 0)
    bye_count = dict.fromkeys(names, 0)
    for table in tables:
        for side, figures in zip(table.sides, table_figures(table), strict=True):
            for name in side.players:
                points[name] += figures.match_points
                margins[name] += figures.margin
                played[name] += 1
    for name in byes:
        points[name] += bye_points(sides)
        bye_count[name] += 1
    order = sorted(names, key=lambda name: (-points[name], -margins[name], name.casefold(), name))
    lines: list[Standing] = []
    for index, name in enumerate(order):
        shares = lines and (lines[-1].match_points, lines[-1].margin) == (points[name], margins[name])
        place = lines[-1].place if shares else index + 1
        lines.append(Standing(place, name, points[name], margins[name], played[name], bye_count[name]))
    return lines
