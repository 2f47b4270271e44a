"""Four-player Spades (RULES.md Part C): Partnership, Suicide and Mirror with their house rules.

`table` (partners and the deal), `settings` (variant and house rules), `entry`
(a hand as entered), `scoring` (checking bids and scoring a hand), `results`
(a scored hand in plain words) and `game` (the log of hands and how it ends).
Standard library only.
"""

from .entry import Bid, HandEntry, Nil, hand_to_dict, parse_hand
from .game import Game
from .results import HandResult, NilOutcome, Standing, TeamHand
from .scoring import check_bids, check_blind_margin, check_entry, score_hand
from .settings import Settings, Variant
from .table import TRICKS_PER_DEAL, Table, Team

__all__ = [
    "TRICKS_PER_DEAL", "Bid", "Game", "HandEntry", "HandResult", "Nil", "NilOutcome", "Settings", "Standing",
    "Table", "Team", "TeamHand", "Variant", "check_bids", "check_blind_margin", "check_entry", "hand_to_dict",
    "parse_hand", "score_hand",
]
