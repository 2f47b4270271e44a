"""Who confirms a finished table's result at a club night: a player of a side that is not among its leaders.

A table's leaders are the sides with the most match points (several when first place is shared). When every
side shares first place, no side stands apart, and any player of the table confirms.
"""

from __future__ import annotations

from .standings import FinishedTable, table_figures


def leading_sides(table: FinishedTable) -> tuple[int, ...]:
    """The indexes (in `table.sides`) of the sides sharing first place.

    >>> from .standings import Side
    >>> leading_sides(FinishedTable((Side(("Ann",), 50), Side(("Ben",), 50), Side(("Cid",), 30))))
    (0, 1)
    """
    points = [figures.match_points for figures in table_figures(table)]
    top = max(points)
    return tuple(index for index, mine in enumerate(points) if mine == top)


def confirmers(table: FinishedTable) -> tuple[str, ...]:
    """The players who may confirm the result: those of the sides outside the leaders, or anyone when every side
    leads; in the order of the table's sides.

    >>> from .standings import Side
    >>> confirmers(FinishedTable((Side(("Ann",), 50), Side(("Ben",), 50), Side(("Cid",), 30))))
    ('Cid',)
    >>> confirmers(FinishedTable((Side(("Ann", "Cid"), 50), Side(("Ben", "Dan"), 50))))
    ('Ann', 'Cid', 'Ben', 'Dan')
    """
    leaders = leading_sides(table)
    every_side_leads = len(leaders) == len(table.sides)
    return tuple(name for index, side in enumerate(table.sides) if every_side_leads or index not in leaders
                 for name in side.players)
