"""Club nights (docs/api.md, "Club nights"): many tables of one game, one leaderboard.

`spec` checks what the organiser asks for, `seating` seats a round (drawn,
then by standings), `standings` ranks everyone from the final scores of
the finished tables, `progress` says where the evening stands. Each table is an ordinary game scored by its own
engine; this package only reads those games' final scores. Standard
library only.
"""

from .confirming import confirmers, leading_sides
from .explaining import WorkedFigures, worked_figures
from .progress import Progress, TableProgress, progress
from .seating import Pair, Seating, draw_round, pairs_met, seat_round
from .spec import EventSpec
from .standings import (
    FinishedTable,
    Side,
    Standing,
    TableFigures,
    bye_points,
    byes_counted,
    standings,
    table_figures,
)

__all__ = [
    "EventSpec", "FinishedTable", "Pair", "Progress", "Seating", "Side", "Standing", "TableFigures", "TableProgress",
    "WorkedFigures", "bye_points", "byes_counted", "confirmers", "draw_round", "leading_sides", "pairs_met",
    "progress", "seat_round", "standings", "table_figures", "worked_figures",
]
