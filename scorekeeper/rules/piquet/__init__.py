"""Piquet for two (docs/rules.md Part B).

The pieces: `combinations` (point, sequences, sets), `values` (roles,
classes, events), `scoring` (one deal as ordered events), `tricks` (the
play), `entry` (the deal payload), `validation` (what may be declared,
alone and together) with `fit` (whether two hands of one pack can hold the
declarations), `results` (deal lines and settlement), `check` (the
stateless declaration checker) and `game` (the table, and a partie or
game as a log of deals). The pack is in `rules.cards`. This
package re-exports what the web layer needs. Standard library only.
"""

from .check import CheckedHand, CheckResult, check_hands, declarations_from_cards
from .entry import DealEntry, deal_to_dict, is_pique_possible, parse_deal
from .game import EXTRA_DEALS, PARTIE_DEALS, Game, Settings, Table, Variant
from .results import (
    DealResult,
    DeclaredDeal,
    PlayerDeal,
    PlayerDeclarations,
    Settlement,
    add_settlements,
    explain_settlement,
    settle,
)
from .values import ByRole, ClassResult, Role, TrickTotal

__all__ = [
    "EXTRA_DEALS", "PARTIE_DEALS", "ByRole", "CheckResult", "CheckedHand", "ClassResult", "DealEntry",
    "DealResult", "DeclaredDeal", "Game", "PlayerDeal", "PlayerDeclarations", "Role", "Settings", "Settlement",
    "Table", "TrickTotal", "Variant", "add_settlements", "check_hands", "deal_to_dict", "declarations_from_cards",
    "explain_settlement", "is_pique_possible", "parse_deal", "settle",
]
