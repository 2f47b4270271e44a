"""How each side's figures at a finished table come about, for the worked line under the standings.

"Ann: place 2 of 3 at table 1 → 1 match point; 212 − 190.3 average → margin +21.7": the place and the number
of sides give the match points (n − k, shared on ties), the score and the table's average give the margin. A
Rubicon partie has no average: its margin is the settlement's points won or lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .places import table_places
from .standings import FinishedTable, table_figures


@dataclass(frozen=True)
class WorkedFigures:
    """One side's figures at one table, with what they come from; `average` is None for a Rubicon partie."""

    players: tuple[str, ...]
    place: int
    sides: int
    score: int
    average: Fraction | None
    match_points: Fraction
    margin: Fraction


def worked_figures(table: FinishedTable) -> list[WorkedFigures]:
    """Each side's worked figures, in the order of `table.sides`.

    >>> from .standings import Side
    >>> ann = worked_figures(FinishedTable((Side(("Ann",), 212), Side(("Ben",), 250), Side(("Cid",), 109))))[0]
    >>> (ann.place, ann.sides, ann.average, ann.match_points, ann.margin)
    (2, 3, Fraction(571, 3), Fraction(1, 1), Fraction(65, 3))
    """
    count = len(table.sides)
    average = None if table.settlement is not None else Fraction(sum(side.score for side in table.sides), count)
    return [WorkedFigures(side.players, place, count, side.score, average, figures.match_points, figures.margin)
            for side, place, figures in zip(table.sides, table_places(table), table_figures(table), strict=True)]
