"""Four-player Spades (docs/rules.md Part C): Partnership, Suicide and Mirror with their house rules.

`table` (partners and the deal), `settings` (variant and house rules), `entry`
(a hand as entered), `scoring` (checking bids and scoring a hand), `results`
(a scored hand in plain words) and `game` (the log of hands and how it ends).
Standard library only.
"""

from ..hands import Standing
from .entry import BID_IS_NOT_ONE, Bid, HandEntry, Nil, hand_to_dict, parse_hand
from .game import Game
from .results import Bidding, HandResult, NilBid, NilOutcome, TeamBid, TeamHand
from .scoring import check_bids, check_blind_margin, check_entry, decide_bids, score_hand
from .settings import Settings, Variant
from .table import PLAYERS, TRICKS_PER_DEAL, Table, Team

__all__ = [
    "BID_IS_NOT_ONE", "PLAYERS", "TRICKS_PER_DEAL", "Bid", "Bidding", "Game", "HandEntry", "HandResult", "Nil",
    "NilBid", "NilOutcome", "Settings", "Standing", "Table", "Team", "TeamBid", "TeamHand", "Variant", "check_bids",
    "check_blind_margin", "check_entry", "decide_bids", "hand_to_dict", "parse_hand", "score_hand",
]
