"""Club-night standings against hand-computed examples (docs/api.md, "Club nights")."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.events import FinishedTable, Side, bye_points, standings, table_figures
from scorekeeper.rules.piquet import settle


def solo(*scores):
    return FinishedTable(tuple(Side((name,), score) for name, score in scores))


def figures(table):
    return [(f.match_points, f.margin) for f in table_figures(table)]


def lines(result):
    return [(s.place, s.player, s.match_points, s.margin, s.tables, s.byes) for s in result]


def test_three_sides_placed_by_score_earn_two_one_and_nothing_and_their_distance_from_the_average():
    # Average (120 + 80 + 40) / 3 = 80.
    assert figures(solo(("Ann", 120), ("Ben", 80), ("Cid", 40))) == [(2, 40), (1, 0), (0, -40)]


def test_two_sides_sharing_first_place_share_the_points_of_first_and_second():
    # Places 1 and 2 earn 2 + 1, shared: 1.5 each; average (100 + 100 + 40) / 3 = 80.
    assert figures(solo(("Ann", 100), ("Ben", 100), ("Cid", 40))) == [
        (Fraction(3, 2), 20), (Fraction(3, 2), 20), (0, -40)]


def test_two_sides_sharing_last_place_share_the_points_of_second_and_third():
    assert figures(solo(("Ann", 90), ("Ben", -10), ("Cid", -10))) == [
        (2, Fraction(200, 3)), (Fraction(1, 2), Fraction(-100, 3)), (Fraction(1, 2), Fraction(-100, 3))]


def test_a_table_level_all_round_gives_everyone_the_average():
    assert figures(solo(("Ann", 50), ("Ben", 50), ("Cid", 50))) == [(1, 0), (1, 0), (1, 0)]


def test_four_player_spades_places_two_teams_and_both_partners_get_the_teams_figures():
    table = FinishedTable((Side(("Ann", "Cid"), 520), Side(("Ben", "Dan"), 310)))
    assert figures(table) == [(1, 105), (0, -105)]
    result = standings(["Ann", "Ben", "Cid", "Dan"], [table], [], sides=2)
    assert lines(result) == [
        (1, "Ann", 1, 105, 1, 0), (1, "Cid", 1, 105, 1, 0), (3, "Ben", 0, -105, 1, 0), (3, "Dan", 0, -105, 1, 0)]


def test_a_rubicon_partie_is_placed_by_its_settlement_not_its_totals():
    # B8: Ann 154, Ben 113 -> Ann scores 100 + 154 - 113 = 141.
    totals = {"Ann": 154, "Ben": 113}
    table = FinishedTable((Side(("Ann",), 154), Side(("Ben",), 113)), settle(totals))
    assert figures(table) == [(1, 141), (0, -141)]


def test_a_rubiconed_loser_gives_away_both_totals_and_the_hundred():
    table = FinishedTable((Side(("Ann",), 93), Side(("Ben",), 154)), settle({"Ann": 93, "Ben": 154}))
    assert figures(table) == [(0, -347), (1, 347)]


def test_a_drawn_partie_shares_the_point_and_moves_no_margin():
    table = FinishedTable((Side(("Ann",), 120), Side(("Ben",), 120)), settle({"Ann": 120, "Ben": 120}))
    assert figures(table) == [(Fraction(1, 2), 0), (Fraction(1, 2), 0)]


def test_a_saunt_game_is_placed_by_its_scores():
    assert figures(solo(("Ann", 104), ("Ben", 80))) == [(1, 12), (0, -12)]


def test_a_bye_earns_a_tables_average_and_no_margin():
    assert bye_points(3) == 1 and bye_points(2) == Fraction(1, 2)
    result = standings(["Ann", "Ben", "Cid", "Dan"], [solo(("Ann", 120), ("Ben", 80), ("Cid", 40))], ["Dan"],
                       sides=3)
    assert lines(result) == [
        (1, "Ann", 2, 40, 1, 0), (2, "Ben", 1, 0, 1, 0), (2, "Dan", 1, 0, 0, 1), (4, "Cid", 0, -40, 1, 0)]


def test_two_rounds_add_up_and_the_order_is_points_then_margin_then_name():
    round_1 = [solo(("Ann", 120), ("Ben", 80), ("Cid", 40)), solo(("Dan", 300), ("Eve", 0), ("Fay", 0))]
    round_2 = [solo(("Ann", 10), ("Dan", 70), ("Eve", 30)), solo(("Ben", 50), ("Cid", 50), ("Fay", 50))]
    result = standings(["Fay", "Eve", "Dan", "Cid", "Ben", "Ann"], round_1 + round_2, [], sides=3)
    # Dan 2 + 2, margin 200 + 33.3; Ann 2 + 0, 40 - 26.7; Ben 1 + 1, 0 + 0; Eve 0.5 + 1, -100 - 6.7;
    # Cid 0 + 1, -40 + 0; Fay 0.5 + 1, -100 + 0.
    assert [(s.place, s.player, s.match_points, s.margin) for s in result] == [
        (1, "Dan", 4, Fraction(700, 3)),
        (2, "Ann", 2, Fraction(40) - Fraction(80, 3)),
        (3, "Ben", 2, 0),
        (4, "Fay", Fraction(3, 2), -100),
        (5, "Eve", Fraction(3, 2), Fraction(-100) - Fraction(20, 3)),
        (6, "Cid", 1, -40),
    ]


def test_nobody_played_yet_everyone_shares_first_place_in_name_order():
    assert lines(standings(["ben", "Ann", "Cid"], [], [], sides=3)) == [
        (1, "Ann", 0, 0, 0, 0), (1, "ben", 0, 0, 0, 0), (1, "Cid", 0, 0, 0, 0)]


@given(st.lists(st.integers(-500, 600), min_size=2, max_size=3))
def test_a_tables_match_points_add_up_to_its_places_and_its_margins_to_nothing(scores):
    table = solo(*((f"P{index}", score) for index, score in enumerate(scores)))
    result = table_figures(table)
    n = len(scores)
    assert sum(f.match_points for f in result) == n * (n - 1) / 2
    assert sum(f.margin for f in result) == 0
    for (a, fa), (b, fb) in product(zip(scores, result), repeat=2):
        assert (a > b) == (fa.match_points > fb.match_points)


@pytest.mark.parametrize("totals", [{"Ann": 154, "Ben": 113}, {"Ann": 20, "Ben": 99}, {"Ann": 7, "Ben": 7}])
def test_a_partie_settled_gives_the_winner_what_the_loser_loses(totals):
    table = FinishedTable(tuple(Side((name,), score) for name, score in totals.items()), settle(totals))
    result = table_figures(table)
    assert sum(f.match_points for f in result) == 1 and sum(f.margin for f in result) == 0
