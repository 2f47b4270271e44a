"""The pique from announced trick totals (docs/rules.md B5, B6): settled by every order of play the totals allow."""

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.cards import Rank
from scorekeeper.rules.errors import ErrorCollector, NotAllowed
from scorekeeper.rules.piquet import ByRole, DealEntry, Game, Role, Settings, Table, TrickTotal, parse_deal
from scorekeeper.rules.piquet.combinations import CardSet, Declarations, Point, Sequence
from scorekeeper.rules.piquet.entry import pique_from_totals
from scorekeeper.rules.piquet.tricks import PiqueChance, check_trick_totals
from scorekeeper.rules.piquet.values import Field

E, Y = "elder", "younger"
TABLE = Table.create(["Ann", "Ben"], "Ben")  # Ann is elder in deal 1
# Elder's 24 in combinations: point of 5 worth 51 (5), quint and quart to the ace (15 + 4).
ELDER_24 = {
    "point": {E: {"cards": 5, "value": 51}},
    "sequences": {E: [{"length": 5, "top": "A"}, {"length": 4, "top": "A"}]},
}


def totals(elder_won, elder_points, younger_won, younger_points):
    return {"trick_totals": {E: {"won": elder_won, "points": elder_points},
                             Y: {"won": younger_won, "points": younger_points}}}


def first_deal(payload):
    """Deal 1 of a new Rubicon partie: Ann's line and Ben's, as dicts of the API's fields."""
    result = Game(TABLE).add(parse_deal(payload))
    return tuple({field: getattr(result.player(name), field) for field in (
        "point", "sequences", "pique", "tricks", "cards", "total")} for name in ("Ann", "Ben"))


def refusal(payload):
    with pytest.raises(NotAllowed) as caught:
        Game(TABLE).add(parse_deal(payload))
    return [(error.field, str(error.message)) for error in caught.value.errors]


def test_audit_example_elder_24_with_5_tricks_for_6_points_against_7_for_8_piques():
    # No capture for elder and one for younger: the only play is elder winning tricks 1 to 5,
    # then younger the other seven. 24 + 1 (lead) + 5 = 30 before younger scores: pique.
    ann, ben = first_deal(ELDER_24 | totals(5, 6, 7, 8))
    assert ann == {"point": 5, "sequences": 19, "pique": 30, "tricks": 6, "cards": 0, "total": 60}
    assert ben == {"point": 0, "sequences": 0, "pique": 0, "tricks": 8, "cards": 10, "total": 18}


def test_audit_example_refuses_no_pique_and_scores_the_same_as_its_only_order_of_play():
    assert refusal(ELDER_24 | totals(5, 6, 7, 8) | {"pique": False}) == [
        ("pique", "Elder reached 30 before younger scored anything, so elder piqued.")]
    assert first_deal(ELDER_24 | totals(5, 6, 7, 8) | {"pique": True}) == first_deal(
        ELDER_24 | {"tricks": [E] * 5 + [Y] * 7})


def test_a_pique_the_totals_rule_out_is_refused_and_none_is_scored():
    # Elder's 7 tricks for 8 points are all won on elder's own lead, before younger's first:
    # 7 tricks before younger scores. With 21 in combinations, 21 + 1 + 7 = 29: never a pique.
    point_16 = {"point": {E: {"cards": 5, "value": 51}}, "sequences": {E: [{"length": 6, "top": "A"}]}}
    assert refusal(point_16 | totals(7, 8, 5, 6) | {"pique": True}) == [
        ("pique", "Elder cannot have piqued in this deal.")]
    ann, _ = first_deal(point_16 | totals(7, 8, 5, 6))
    assert (ann["point"] + ann["sequences"], ann["pique"]) == (21, 0)


def test_open_totals_need_an_answer_and_take_it():
    # One capture each: elder wins 0 to 6 tricks before younger's first: 25 to 31 before younger scores.
    assert refusal(ELDER_24 | totals(7, 9, 5, 6)) == [("pique", "Pique is possible here: say whether elder piqued.")]
    assert first_deal(ELDER_24 | totals(7, 9, 5, 6) | {"pique": True})[0]["pique"] == 30
    assert first_deal(ELDER_24 | totals(7, 9, 5, 6) | {"pique": False})[0]["pique"] == 0


def test_deals_stored_before_the_pique_was_settled_replay_as_the_totals_say():
    stored = parse_deal(ELDER_24 | totals(5, 6, 7, 8) | {"pique": False})  # refused today, saved once
    replayed = Game(TABLE, Settings(), [stored])
    assert replayed.deals[0].player("Ann").pique == 30


# --- every order of play -----------------------------------------------------

ORDERS = list(product(Role, repeat=12))


def totals_of(winners):
    """The totals players announce after this order of play, from the engine's trick-by-trick scoring."""
    events = DealEntry(tricks=winners).score().events
    return ByRole.build(lambda role: TrickTotal(
        winners.count(role), sum(e.points for e in events if e.role is role and e.field is Field.TRICKS)))


ORDERS_BY_TOTALS: dict = {}
for _order in ORDERS:
    ORDERS_BY_TOTALS.setdefault(totals_of(_order), []).append(_order)


def test_the_totals_check_accepts_exactly_the_totals_some_order_of_play_gives():
    accepted = set()
    for elder_won, elder_points, younger_points in product(range(13), range(25), range(25)):
        announced = ByRole(TrickTotal(elder_won, elder_points), TrickTotal(12 - elder_won, younger_points))
        errors = ErrorCollector()
        check_trick_totals(announced, errors)
        if not errors:
            accepted.add(announced)
    assert accepted == set(ORDERS_BY_TOTALS)


# Declarations giving elder 0 to 39 in combinations, younger none or a point, either carte blanche.
elder_declarations = st.builds(
    Declarations,
    st.none() | st.sampled_from([Point(4, 39), Point(5, 51), Point(6, 60), Point(8, 75)]),
    st.lists(st.sampled_from([Sequence(3, Rank.ACE), Sequence(4, Rank.KING), Sequence(5, Rank.ACE),
                              Sequence(6, Rank.ACE)]), max_size=2).map(tuple),
    st.lists(st.sampled_from([CardSet(3, Rank.TEN), CardSet(4, Rank.JACK)]), max_size=1).map(tuple),
)
younger_declarations = st.sampled_from([Declarations(), Declarations(Point(3, 30))])


@given(elder_declarations, younger_declarations, st.sampled_from([None, Role.ELDER, Role.YOUNGER]),
       st.sampled_from(ORDERS))
def test_the_pique_from_totals_agrees_with_every_order_of_play_they_allow(elder, younger, carte_blanche, order):
    declared = ByRole(elder, younger)
    announced = totals_of(order)
    piqued = {any(e.field is Field.PIQUE for e in DealEntry(carte_blanche, declared, tricks=o).score().events)
              for o in ORDERS_BY_TOTALS[announced]}
    expected = {frozenset({True}): PiqueChance.CERTAIN, frozenset({False}): PiqueChance.IMPOSSIBLE}.get(
        frozenset(piqued), PiqueChance.POSSIBLE)
    entry = DealEntry(carte_blanche, declared, trick_totals=announced)
    assert pique_from_totals(entry) is expected
    if expected is not PiqueChance.POSSIBLE:
        pique = sum(e.points for e in entry.score().events if e.field is Field.PIQUE)
        assert pique == (30 if expected is PiqueChance.CERTAIN else 0)
