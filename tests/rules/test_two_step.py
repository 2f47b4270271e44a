"""A hand in two steps: the bids (or declarations) first, the play later, in every game's engine."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import dummy_spades, piquet, spades
from scorekeeper.rules.cards import Rank
from scorekeeper.rules.errors import EntryWaiting, MalformedInput, NotAllowed
from scorekeeper.rules.piquet.combinations import CardSet, Declarations, Point, Sequence

from . import test_dummy_spades_properties as three
from . import test_piquet_properties as deals
from . import test_spades_properties as four

DUMMY_TABLE = dummy_spades.Table(("Ann", "Ben", "Cid"), "Ann")
API_BIDS = (
    dummy_spades.Bid("Ann", 7),
    dummy_spades.Bid("Ben", 5, ("Cid",)),
    dummy_spades.Bid("Cid", 6, ("Cid", "dummy")),
)
API_TRICKS = (("Ann", 5), ("Ben", 2), ("Cid", 3), ("dummy", 3))


def messages(bidding):
    return [str(line) for line in bidding]


def test_the_bids_alone_decide_declarer_defenders_and_nils_and_change_no_total():
    game = dummy_spades.Game(DUMMY_TABLE, dummy_spades.Settings())

    waiting = game.add(dummy_spades.HandEntry(API_BIDS))

    assert game.waiting is waiting and game.waiting_number() == 1
    assert (waiting.declarer, waiting.defenders, waiting.bidding_order) == ("Ann", ("Ben", "Cid"), ("Ben", "Cid", "Ann"))
    assert [(nil.bidder, nil.hand, nil.applies, nil.made, nil.points) for nil in waiting.nils] == [
        ("Ben", "Cid", True, None, 0), ("Cid", "Cid", True, None, 0), ("Cid", "dummy", False, None, 0),
    ]
    assert messages(nil.reason for nil in waiting.nils) == [
        "Ben's nil on Cid's hand applies: both defend. Cid must take no tricks.",
        "Cid's nil on their own hand applies: Cid must take no tricks.",
        "Cid's nil on the dummy is void: Cid is a defender.",
    ]
    assert messages(waiting.needs) == [
        "Ann and the dummy need 7 of the 13 tricks.",
        "Ben and Cid need 5 of the 13 tricks for Ben's bid and 6 for Cid's.",
    ]
    assert game.results == () and game.totals() == {p: dummy_spades.Standing() for p in DUMMY_TABLE.players}
    assert game.next_number() == 2 and not game.is_over()
    assert (game.current_dealer(), game.next_dealer()) == ("Ann", "Ben")  # Ann's cards are on the table


def test_once_the_waiting_hand_is_complete_the_next_dealer_deals_the_cards_on_the_table():
    game = dummy_spades.Game(DUMMY_TABLE, dummy_spades.Settings())
    assert game.current_dealer() == "Ann"
    game.add(dummy_spades.HandEntry(API_BIDS))

    game.replace(1, dummy_spades.HandEntry(API_BIDS, API_TRICKS))

    assert (game.current_dealer(), game.next_dealer()) == ("Ben", "Ben")


def test_completing_the_waiting_hand_scores_it_as_one_step_would():
    game = dummy_spades.Game(DUMMY_TABLE, dummy_spades.Settings())
    game.add(dummy_spades.HandEntry(API_BIDS))

    game.replace(1, dummy_spades.HandEntry(API_BIDS, API_TRICKS))

    assert game.waiting is None
    assert {p: s.score for p, s in game.totals().items()} == {"Ann": 71, "Ben": -50, "Cid": -160}
    assert game.results == dummy_spades.Game(DUMMY_TABLE, dummy_spades.Settings(),
                                             [dummy_spades.HandEntry(API_BIDS, API_TRICKS)]).results


def test_no_hand_follows_a_waiting_hand_and_only_the_last_can_wait():
    game = dummy_spades.Game(DUMMY_TABLE, dummy_spades.Settings(), [dummy_spades.HandEntry(API_BIDS, API_TRICKS)])
    game.add(dummy_spades.HandEntry(API_BIDS))

    with pytest.raises(EntryWaiting) as waiting:
        game.add(dummy_spades.HandEntry(API_BIDS, API_TRICKS))
    with pytest.raises(NotAllowed) as not_last:
        game.replace(1, dummy_spades.HandEntry(API_BIDS))

    assert [(e.field, str(e.message)) for e in waiting.value.errors] == [
        ("game", "Hand 2 is waiting for its tricks: enter them (or undo the hand) first.")]
    assert [(e.field, str(e.message)) for e in not_last.value.errors] == [
        ("tricks", "Only the last hand can wait for its tricks: enter the tricks of hand 1.")]
    assert game.waiting_number() == 2 and len(game.results) == 1


def test_undoing_the_waiting_hand_leaves_the_game_as_before_it():
    game = dummy_spades.Game(DUMMY_TABLE, dummy_spades.Settings(), [dummy_spades.HandEntry(API_BIDS, API_TRICKS)])
    game.add(dummy_spades.HandEntry(API_BIDS))

    assert game.undo() == dummy_spades.HandEntry(API_BIDS)
    assert game.waiting is None and game.entries == (dummy_spades.HandEntry(API_BIDS, API_TRICKS),)
    assert game.totals()["Ann"].score == 71


def test_an_edit_that_ends_the_game_earlier_keeps_the_waiting_hand_after_the_end():
    table_rules = dummy_spades.Settings(target=50)
    game = dummy_spades.Game(DUMMY_TABLE, table_rules, [dummy_spades.HandEntry(API_BIDS, API_TRICKS)])
    low = (dummy_spades.Bid("Ann", 1), dummy_spades.Bid("Ben", 1), dummy_spades.Bid("Cid", 2))
    game.replace(1, dummy_spades.HandEntry(low, API_TRICKS))
    assert not game.is_over()
    game.add(dummy_spades.HandEntry(API_BIDS))

    game.replace(1, dummy_spades.HandEntry(API_BIDS, API_TRICKS))

    assert game.is_over() and game.after_end == (2,) and game.waiting is None


@settings(max_examples=60)
@given(st.data())
def test_dummy_spades_a_waiting_last_hand_changes_no_total_and_completing_it_equals_one_step(data):
    table, rules = data.draw(three.tables), data.draw(three.settings)
    log, last = data.draw(three.logs), data.draw(three.entries())
    assert_two_steps_equal_one(lambda entries=(): dummy_spades.Game(table, rules, entries), log, last,
                               replace(last, tricks=()))


@settings(max_examples=60)
@given(st.data())
def test_spades_a_waiting_last_hand_changes_no_total_and_completing_it_equals_one_step(data):
    table, rules, log = data.draw(four.games())
    last = data.draw(four.entries(rules.variant))
    assert_two_steps_equal_one(lambda entries=(): spades.Game(table, rules, entries), log, last,
                               replace(last, tricks=()))


@settings(max_examples=30, deadline=None)
@given(st.lists(deals.entries(), max_size=7), deals.entries(),
       st.sampled_from([piquet.Settings(), piquet.Settings(piquet.Variant.SAUNT, 120)]))
def test_piquet_a_waiting_last_deal_changes_no_total_and_completing_it_equals_one_step(log, last, rules):
    assert_two_steps_equal_one(lambda entries=(): piquet.Game(deals.TABLE, rules, entries), log, last,
                               replace(last, tricks=(), without_play=True))


def assert_two_steps_equal_one(new_game, log, whole, first_step):
    """Play `log` as a table would, then `whole` in one step on one game and in two steps on another."""
    game = new_game()
    for entry in log:
        if game.is_over():
            break
        try:
            game.add(entry)
        except NotAllowed:
            pass
    if game.is_over():
        return
    one_step = new_game(game.entries)
    try:
        one_step.add(whole)
    except NotAllowed:
        return
    two_steps = new_game(game.entries)
    before = (two_steps.results, two_steps.totals(), two_steps.winner(), two_steps.is_over())
    two_steps.add(first_step)
    if two_steps.waiting is not None:
        assert (two_steps.results, two_steps.totals(), two_steps.winner(), two_steps.is_over()) == before
        assert two_steps.waiting_number() == len(two_steps.entries) == len(game.entries) + 1
        assert new_game(two_steps.entries).waiting == two_steps.waiting  # it survives a replay
        two_steps.replace(len(two_steps.entries), whole)
    else:  # a Saunt deal its declarations end: complete as it stands
        assert one_step.after_end == () and two_steps.is_over()
        return
    assert two_steps.waiting is None
    assert (two_steps.entries, two_steps.results, two_steps.totals(), two_steps.after_end) == (
        one_step.entries, one_step.results, one_step.totals(), one_step.after_end)


PIQUET_TABLE = piquet.Table.create(["Ann", "Ben"], "Ben")
API_DECLARED = piquet.ByRole(
    Declarations(Point(5, 48), (Sequence(3, Rank.KING),), (CardSet(3, Rank.ACE),)),
    Declarations(Point(5, 45), (Sequence(3, Rank.ACE),), (CardSet(4, Rank.TEN),)),
)


def test_piquet_declarations_alone_wait_for_the_play_with_every_class_decided():
    game = piquet.Game(PIQUET_TABLE)

    waiting = game.add(piquet.DealEntry(declared=API_DECLARED, without_play=True))

    assert (waiting.number, waiting.dealer, waiting.elder, waiting.younger) == (1, "Ben", "Ann", "Ben")
    assert {name: (c.good, c.points) for name, c in waiting.classes.items()} == {
        "point": ("elder", 5), "sequences": ("younger", 3), "sets": ("younger", 14)}
    assert [(p.player, p.role, p.point, p.sequences, p.sets, p.total) for p in waiting.players] == [
        ("Ann", "elder", 5, 0, 0, 5), ("Ben", "younger", 0, 3, 14, 17)]
    assert messages(waiting.explanation) == [
        "Ann's point of 5 (48) beats Ben's point of 5 (45): Ann scores 5.",
        "Ben's tierce to the ace beats Ann's tierce to the king: Ben scores 3.",
        "Ben's quatorze of tens beats Ann's trio of aces: Ben scores 14.",
    ]
    assert game.scores() == {"Ann": 0, "Ben": 0} and game.deals == ()
    with pytest.raises(EntryWaiting) as refused:
        game.add(piquet.DealEntry(declared=API_DECLARED, without_play=True))
    assert str(refused.value.errors[0].message) == (
        "Deal 1 is waiting for its play: enter it (or undo the deal) first.")


def test_a_saunt_deal_whose_declarations_reach_the_target_is_complete_without_its_play():
    game = piquet.Game(PIQUET_TABLE, piquet.Settings(piquet.Variant.SAUNT, 15))

    game.add(piquet.DealEntry(declared=API_DECLARED, without_play=True))

    assert game.waiting is None and game.is_over() and game.winner() == "Ben"
    assert game.scores() == {"Ann": 5, "Ben": 17}, "by heads (docs/rules.md B8) Ben's sets end it: Ann's lead point never"


def test_an_empty_list_of_trick_winners_is_a_play_entered_and_refused_as_before():
    game = piquet.Game(PIQUET_TABLE)

    with pytest.raises(MalformedInput) as refused:
        game.add(piquet.parse_deal({"point": {"elder": {"cards": 5, "value": 48}}, "tricks": []}))

    assert [(e.field, str(e.message)) for e in refused.value.errors] == [("tricks", "Enter exactly 12 trick winners.")]
    assert piquet.deal_to_dict(piquet.parse_deal({"tricks": None}))["carte_blanche"] is None
    assert "tricks" not in piquet.deal_to_dict(piquet.parse_deal({}))


def test_a_saunt_deal_short_of_the_target_waits_for_its_play():
    game = piquet.Game(PIQUET_TABLE, piquet.Settings(piquet.Variant.SAUNT, 100))

    game.add(piquet.DealEntry(declared=API_DECLARED, without_play=True))

    assert game.waiting_number() == 1 and not game.is_over()


FOUR_TABLE = spades.Table(("Ann", "Ben", "Cid", "Dan"), "Ann")
FOUR_BIDS = (spades.Bid("Ben", 3), spades.Bid("Cid", spades.Nil.NIL), spades.Bid("Dan", 4), spades.Bid("Ann", 5))


def test_four_player_bids_alone_give_each_team_its_contract_and_its_nils():
    game = spades.Game(FOUR_TABLE, spades.Settings())

    waiting = game.add(spades.HandEntry(FOUR_BIDS))

    assert [(team.name, team.contract) for team in waiting.teams] == [("Ann & Cid", 5), ("Ben & Dan", 7)]
    assert [(nil.player, nil.team, nil.blind, nil.points) for nil in waiting.nils] == [("Cid", "Ann & Cid", False, 100)]
    assert messages(waiting.needs("Ann & Cid")) == [
        "Ann bid 5 and Cid bid Nil: a contract of 5.",
        "Ann & Cid need 5 of the 13 tricks.",
        "Cid bid Nil: Cid must take no tricks (+100, or -100 if not).",
    ]
    assert messages(waiting.needs("Ben & Dan")) == [
        "Ben bid 3 and Dan bid 4: a contract of 7.",
        "Ben & Dan need 7 of the 13 tricks.",
    ]
    assert {team: standing.score for team, standing in game.totals().items()} == {"Ann & Cid": 0, "Ben & Dan": 0}


def test_four_player_bids_the_variant_refuses_are_refused_at_the_first_step():
    game = spades.Game(FOUR_TABLE, spades.Settings(variant=spades.Variant.MIRROR))

    with pytest.raises(NotAllowed) as refused:
        game.add(spades.HandEntry(FOUR_BIDS[:1] + (spades.Bid("Cid", 2),) + FOUR_BIDS[2:]))

    assert [e.field for e in refused.value.errors] == ["bids"]
    assert game.entries == ()
