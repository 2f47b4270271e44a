"""rules/events/explaining.py: each side's worked figures agree with the standings' and add up."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.events import FinishedTable, Side, table_figures, worked_figures


@given(st.lists(st.integers(-300, 300), min_size=2, max_size=4))
def test_the_worked_figures_are_the_standings_figures_with_their_place_score_and_average(scores):
    table = FinishedTable(tuple(Side((f"P{index}",), score) for index, score in enumerate(scores)))
    worked = worked_figures(table)
    average = Fraction(sum(scores), len(scores))
    for side, figures, score in zip(worked, table_figures(table), scores, strict=True):
        assert (side.match_points, side.margin) == (figures.match_points, figures.margin)
        assert side.sides == len(scores) and side.score == score and side.average == average
        assert side.margin == score - average
        assert side.place == 1 + sum(1 for other in scores if other > score)
        if scores.count(score) == 1:
            assert side.match_points == len(scores) - side.place


def test_the_issues_example():
    ann, ben, cid = worked_figures(FinishedTable((Side(("Ann",), 212), Side(("Ben",), 250), Side(("Cid",), 109))))
    assert (ann.place, ann.match_points, round(float(ann.average), 1), round(float(ann.margin), 1)) == (2, 1, 190.3,
                                                                                                       21.7)
    assert (ben.place, cid.place) == (1, 3)
