"""Dummy Hand Spades engine: properties that hold for every game (hypothesis)."""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scorekeeper.rules.dummy_spades import (
    DUMMY,
    Bid,
    Game,
    HandEntry,
    Role,
    Settings,
    Standing,
    Table,
    Variant,
    hand_to_dict,
    parse_hand,
    score_hand,
)
from scorekeeper.rules.errors import MalformedInput

PLAYERS = ("Ann", "Ben", "Cid")
HANDS = (*PLAYERS, DUMMY)

tables = st.builds(Table, st.just(PLAYERS), st.sampled_from(PLAYERS), st.integers(0, 2))
settings = st.builds(
    Settings,
    target=st.integers(1, 400),
    bag_limit=st.integers(0, 12),
    bag_penalty=st.integers(0, 200),
    variant=st.sampled_from(Variant),
)
hand_numbers = st.integers(1, 60)


@st.composite
def tricks(draw):
    """Tricks for the four hands, in the table's order, adding up to 13."""
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    counts = (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2])
    return tuple(zip(HANDS, counts))


@st.composite
def entries(draw):
    """A valid hand entry, the bids in any order, some nils."""
    order = draw(st.permutations(PLAYERS))
    nils = st.lists(st.sampled_from(HANDS), unique=True, max_size=4).map(tuple)
    bids = tuple(Bid(player, draw(st.integers(0, 13)), draw(nils)) for player in order)
    return HandEntry(bids, draw(tricks()))


logs = st.lists(entries(), max_size=12)


def zero():
    return {player: Standing() for player in PLAYERS}


def state(game):
    return game.entries, game.hands, game.after_end, game.totals()


@given(tables, settings, logs)
def test_replaying_from_scratch_equals_the_running_state_after_add(table, rules, log):
    running = Game(table, rules)
    for entry in log:
        if running.is_over():
            break
        running.add(entry)
    scored = len(running.hands)
    assert state(Game(table, rules, log[:scored])) == state(running)
    replayed = Game(table, rules, log)
    assert replayed.hands == running.hands
    assert replayed.entries == tuple(log)
    assert replayed.after_end == tuple(range(scored + 1, len(log) + 1))


@given(tables, settings, logs, entries())
def test_undo_after_add_restores_the_previous_state_exactly(table, rules, log, entry):
    game = Game(table, rules, log)
    assume(not game.is_over())
    before = state(game)
    game.add(entry)
    assert game.undo() == entry
    assert state(game) == before


@given(tables, settings, st.lists(entries(), min_size=1, max_size=12), entries())
def test_replace_equals_replaying_the_edited_log(table, rules, log, entry):
    number = len(log) // 2 + 1
    game = Game(table, rules, log)
    game.replace(number, entry)
    edited = [*log]
    edited[number - 1] = entry
    assert state(game) == state(Game(table, rules, edited))


@given(tables, st.lists(st.integers(0, 13), min_size=4, max_size=4).filter(lambda counts: sum(counts) != 13))
def test_the_four_trick_counts_must_total_13(table, counts):
    payload = hand_to_dict(HandEntry((Bid("Ann", 1), Bid("Ben", 2), Bid("Cid", 3)), tuple(zip(HANDS, counts))))
    with pytest.raises(MalformedInput) as error:
        parse_hand(table, payload)
    assert [(e.field, str(e.message)) for e in error.value.errors] == [
        ("tricks", f"The four hands took {sum(counts)} tricks; they must take exactly 13.")
    ]


@given(tables, entries())
def test_parse_hand_inverts_hand_to_dict(table, entry):
    assert parse_hand(table, hand_to_dict(entry)) == entry


@given(settings)
def test_settings_parse_inverts_to_dict(rules):
    assert Settings.parse(rules.to_dict()) == rules


@given(tables, settings, hand_numbers, entries())
def test_a_declarer_is_always_among_the_highest_bidders_and_the_first_of_them_in_bidding_order(
    table, rules, number, entry
):
    result = score_hand(table, rules, number, entry, zero())
    highest = max(bid.bid for bid in entry.bids)
    assert entry.bid_of(result.declarer).bid == highest
    earlier = result.bidding_order[: result.bidding_order.index(result.declarer)]
    assert all(entry.bid_of(player).bid < highest for player in earlier)
    assert set(result.defenders) == set(PLAYERS) - {result.declarer}


@given(tables, settings, hand_numbers, entries())
def test_each_contract_follows_the_team_tricks(table, rules, number, entry):
    result = score_hand(table, rules, number, entry, zero())
    declarer_tricks = entry.tricks_of(result.declarer) + entry.tricks_of(DUMMY)
    for mine in result.players:
        expected_tricks = declarer_tricks if mine.role is Role.DECLARER else 13 - declarer_tricks
        assert mine.team_tricks == expected_tricks
        assert mine.made == (mine.team_tricks >= mine.bid)
        if mine.made:
            assert (mine.contract_points, mine.bags_added) == (9 * mine.bid + mine.team_tricks, mine.team_tricks - mine.bid)
        else:
            assert (mine.contract_points, mine.bags_added) == (-10 * mine.bid, 0)


@given(tables, settings, hand_numbers, entries())
def test_a_nil_applies_exactly_when_bidder_and_hand_are_on_the_same_team(table, rules, number, entry):
    result = score_hand(table, rules, number, entry, zero())

    def team(hand):
        return Role.DECLARER if hand in (result.declarer, DUMMY) else Role.DEFENDER

    assert len(result.nils) == sum(len(bid.nil) for bid in entry.bids)
    for nil in result.nils:
        assert nil.applies == (team(nil.bidder) == team(nil.hand))
        if nil.applies:
            assert (nil.made, nil.points) == ((True, 100) if entry.tricks_of(nil.hand) == 0 else (False, -100))
        else:
            assert (nil.made, nil.points) == (None, 0)
    for mine in result.players:
        assert mine.nil_points == sum(nil.points for nil in result.nils if nil.bidder == mine.player)


@given(tables, settings, logs)
def test_sum_of_bags_added_equals_team_overtricks_and_penalties_take_the_limit_off(table, rules, log):
    game = Game(table, rules, log)
    for player in PLAYERS:
        mine = [hand.player(player) for hand in game.hands]
        overtricks = sum(max(p.team_tricks - p.bid, 0) for p in mine)
        assert sum(p.bags_added for p in mine) == overtricks
        limits = sum((p.bags_reached - p.bags) // rules.bag_limit for p in mine if rules.bag_limit)
        assert overtricks - game.totals()[player].bags == limits * rules.bag_limit
        assert sum(p.bag_penalty for p in mine) == -limits * rules.bag_penalty
        assert all(0 <= p.bags < rules.bag_limit for p in mine if rules.bag_limit)


@given(tables, settings, logs)
def test_a_running_score_is_the_sum_of_the_hands(table, rules, log):
    game = Game(table, rules, log)
    for player in PLAYERS:
        mine = [hand.player(player) for hand in game.hands]
        assert all(p.delta == p.contract_points + p.nil_points + p.bag_penalty for p in mine)
        assert game.totals()[player].score == sum(p.delta for p in mine)


@given(tables, settings, logs)
def test_the_game_ends_at_the_first_single_highest_score_at_or_above_the_target(table, rules, log):
    game = Game(table, rules, log)
    for number in range(len(game.hands)):
        assert not Game(table, rules, log[:number]).is_over()
    if game.is_over():
        scores = sorted((s.score for s in game.totals().values()), reverse=True)
        assert game.totals()[game.winner()].score == scores[0] >= rules.target > 0
        assert scores[0] > scores[1]
    else:
        assert len(game.hands) == len(log)


@given(tables, hand_numbers)
def test_dealer_rotation_never_gives_the_dummy_the_deal(table, number):
    dealer = table.dealer(number)
    assert dealer in PLAYERS
    assert table.dealer(number + 1) == PLAYERS[(PLAYERS.index(dealer) + 1) % 3]
    order = table.bidding_order(number)
    assert order[-1] == dealer and sorted(order) == sorted(PLAYERS)
    assert table.leader(number) == order[0] != DUMMY
