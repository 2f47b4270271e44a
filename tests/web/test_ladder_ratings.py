"""A ladder's ratings as properties (docs/api.md "Ladders"): rated with openskill's PlackettLuce, in order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scorekeeper.store.ratings import Match, rate

NAMES = ("Ann", "Ben", "Cid", "Dan", "Eve")


@st.composite
def matches(draw, evenings=3):
    """Tables of three players among five, each with places (ties allowed), in the ladder's order."""
    found = []
    for evening in range(evenings):
        for number in range(1, draw(st.integers(0, 3)) + 1):
            players = draw(st.permutations(NAMES))[:3]
            places = tuple(draw(st.lists(st.integers(1, 3), min_size=3, max_size=3)))
            found.append(Match(evening, 1, number, tuple((name,) for name in players), places))
    return found


def skills(ratings):
    return {key: (round(skill.mu, 9), round(skill.sigma, 9)) for key, skill in ratings.skills.items()}


@given(matches(), st.randoms(use_true_random=False))
def test_the_order_of_the_players_at_a_table_does_not_matter(found, random):
    shuffled = []
    for match in found:
        order = list(range(len(match.sides)))
        random.shuffle(order)
        shuffled.append(Match(match.evening, match.round, match.table, tuple(match.sides[i] for i in order),
                              tuple(match.places[i] for i in order)))
    assert skills(rate(shuffled, 3)) == skills(rate(found, 3))


@given(matches(), st.sampled_from([(1, 1, 2), (1, 1, 3), (2, 2, 1), (1, 1, 1)]))
def test_a_draw_between_equals_leaves_their_mu_equal(found, places):
    # Two newcomers are equals; whatever came before for the others, sharing a place leaves them equal.
    table = Match(3, 1, 1, (("Newa",), ("Newb",), ("Ann",)), places)
    after = rate([*found, table], 4)
    assert after.skills["newa"].mu == pytest.approx(after.skills["newb"].mu)
    assert after.skills["newa"].sigma == pytest.approx(after.skills["newb"].sigma)


@given(matches(), st.sampled_from(NAMES), st.sampled_from(NAMES))
def test_a_win_over_a_higher_rated_player_moves_the_rating_up(found, winner, loser):
    before = rate(found, 3)
    if winner == loser or before.skill(winner).rating >= before.skill(loser).rating:
        return
    after = rate([*found, Match(3, 1, 1, ((winner,), (loser,)), (1, 2))], 4)
    assert after.skill(winner).rating > before.skill(winner).rating
    assert after.skill(loser).rating < before.skill(loser).rating


def test_names_are_one_person_ignoring_case_and_the_first_spelling_is_shown():
    ratings = rate([Match(0, 1, 1, (("ann",), ("Ben",)), (1, 2)), Match(1, 1, 1, (("ANN",), ("ben",)), (1, 2))], 2)
    assert ratings.names == {"ann": "ann", "ben": "Ben"}
    model = PlackettLuce()
    ann, ben = model.rating(), model.rating()
    [[ann], [ben]] = model.rate([[ann], [ben]], ranks=[1, 2])
    [[ann], [ben]] = model.rate([[ann], [ben]], ranks=[1, 2])
    assert (ratings.skills["ann"].mu, ratings.skills["ann"].sigma) == (ann.mu, ann.sigma)
    assert ratings.skills["ann"].rating == pytest.approx(ann.ordinal())


def test_change_is_since_the_ladders_last_evening_and_zero_without_a_table_in_it():
    first = Match(0, 1, 1, (("Ann",), ("Ben",)), (1, 2))
    second = Match(1, 1, 1, (("Ann",), ("Cid",)), (2, 1))
    ratings = rate([first, second], 2)
    after_first = rate([first], 1)
    assert ratings.change("ann") == pytest.approx(ratings.skills["ann"].rating - after_first.skills["ann"].rating)
    assert ratings.change("cid") == pytest.approx(ratings.skills["cid"].rating - PlackettLuce().rating().ordinal())
    assert ratings.change("ben") == 0.0
    assert rate([first], 2).change("ann") == 0.0  # a last evening with no table finished yet
