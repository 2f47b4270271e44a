"""Where each side of a finished table is placed, as a club night's standings place it (docs/api.md, "Ladders").

A ladder rates a table as a match whose sides finish in these places:
first is 1, sides with equal final scores (a Rubicon partie: equal
settlement) share a place, and the next place skips the shared ones.
"""

from __future__ import annotations

from .standings import FinishedTable, table_figures


def table_places(table: FinishedTable) -> tuple[int, ...]:
    """Each side's place, in the order of `table.sides`; a side's place is one more than the sides ahead of it.

    Match points order the sides exactly as the final scores (or the settlement) do, ties included.

    >>> from .standings import Side
    >>> table_places(FinishedTable((Side(("Ann",), 30), Side(("Ben",), 60), Side(("Cid",), 30))))
    (2, 1, 2)
    """
    points = [figures.match_points for figures in table_figures(table)]
    return tuple(1 + sum(1 for other in points if other > mine) for mine in points)
