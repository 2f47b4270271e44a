"""Where a finished table places its sides for a ladder: as the club night's standings do (docs/api.md "Ladders")."""

from __future__ import annotations

from scorekeeper.rules.events.places import table_places
from scorekeeper.rules.events.standings import FinishedTable, Side
from scorekeeper.rules.piquet.results import Settlement


def test_equal_final_scores_share_a_place_and_the_next_place_skips_it():
    table = FinishedTable((Side(("Ann",), 71), Side(("Ben",), 50), Side(("Cid",), 71)))
    assert table_places(table) == (1, 3, 1)


def test_four_player_partners_are_one_side():
    table = FinishedTable((Side(("Ann", "Cid"), 120), Side(("Ben", "Dan"), 310)))
    assert table_places(table) == (2, 1)


def test_a_rubicon_partie_is_placed_by_its_settlement_not_its_totals():
    # Ben won the partie (his settlement) although Ann's last total is higher: the settlement places them.
    table = FinishedTable((Side(("Ann",), 140), Side(("Ben",), 120)), Settlement("Ben", 180, False))
    assert table_places(table) == (2, 1)
    drawn = FinishedTable((Side(("Ann",), 140), Side(("Ben",), 120)), Settlement(None, 0, False))
    assert table_places(drawn) == (1, 1)
