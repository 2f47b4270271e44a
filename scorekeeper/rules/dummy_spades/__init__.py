"""Three-Player "Dummy Hand" Spades (docs/rules.md Part A).

`table` (seats and settings), `entry` (a hand as entered), `styles` (what
Suicide and Mirror ask of the bids), `scoring` (a hand scored and explained),
`preview` (what bids being typed decide) and `game` (the log of hands).
This package re-exports what the rest of the app uses. Standard library only.
"""

from ..hands import Standing
from .entry import Bid, HandEntry, hand_to_dict, parse_hand
from .game import Game
from .preview import BidsPreview, preview_bids
from .scoring import (
    NIL_POINTS,
    Bidding,
    HandResult,
    NilOutcome,
    PlayerHand,
    Role,
    assess_nil,
    decide_bids,
    find_declarer,
    score_hand,
)
from .styles import SUICIDE_LEAST_BID, partners_hand
from .table import DEFAULT_DUMMY_AFTER, DUMMY, PLAYERS, TRICKS_PER_DEAL, Settings, Style, Table, Variant

__all__ = [
    "DEFAULT_DUMMY_AFTER", "DUMMY", "NIL_POINTS", "PLAYERS", "SUICIDE_LEAST_BID", "TRICKS_PER_DEAL", "Bid", "Bidding",
    "BidsPreview", "Game", "HandEntry", "HandResult", "NilOutcome", "PlayerHand", "Role", "Settings", "Standing",
    "Style", "Table", "Variant",
    "assess_nil", "decide_bids", "find_declarer", "hand_to_dict", "parse_hand", "partners_hand", "preview_bids",
    "score_hand",
]
