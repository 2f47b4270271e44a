"""rules/events/confirming.py: who confirms a table's result is never one of its leaders, unless all lead."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.events import FinishedTable, Side, confirmers, leading_sides


@given(st.lists(st.integers(-200, 200), min_size=2, max_size=4))
def test_the_confirmers_are_every_player_outside_the_leaders_or_everyone_when_all_lead(scores):
    table = FinishedTable(tuple(Side((f"P{index}",), score) for index, score in enumerate(scores)))
    top = max(scores)
    leaders = {f"P{index}" for index, score in enumerate(scores) if score == top}
    assert {f"P{index}" for index in leading_sides(table)} == leaders
    everyone = {f"P{index}" for index in range(len(scores))}
    assert set(confirmers(table)) == (everyone if leaders == everyone else everyone - leaders)


def test_a_tie_for_first_leaves_the_third_player_to_confirm():
    table = FinishedTable((Side(("Ann",), 50), Side(("Ben",), 50), Side(("Cid",), 30)))
    assert confirmers(table) == ("Cid",)
