"""Four-player Spades engine: properties that hold for every game (hypothesis)."""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scorekeeper.rules.errors import MalformedInput, NotAllowed
from scorekeeper.rules.spades import (
    Bid,
    Game,
    HandEntry,
    Nil,
    Settings,
    Standing,
    Table,
    Variant,
    hand_to_dict,
    parse_hand,
    score_hand,
)

PLAYERS = ("Ann", "Ben", "Cid", "Dan")
TEAMS = ("Ann & Cid", "Ben & Dan")

tables = st.builds(Table, st.just(PLAYERS), st.sampled_from(PLAYERS))


@st.composite
def settings(draw):
    variant = draw(st.sampled_from(Variant))
    return Settings(
        variant=variant,
        target=draw(st.integers(1, 600)),
        bag_limit=draw(st.integers(0, 12)),
        bag_penalty=draw(st.integers(0, 200)),
        nil_value=draw(st.sampled_from((50, 100))),
        blind_nil=variant is Variant.PARTNERSHIP and draw(st.booleans()),
        blind_margin=draw(st.integers(0, 200)),
        failed_nil_helps=draw(st.booleans()),
        zero_is_nil=draw(st.booleans()),
        mercy=draw(st.booleans()),
        mercy_floor=draw(st.integers(-300, -1)),
    )


@st.composite
def splits(draw):
    """Four counts adding up to 13, in seating order."""
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    return cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]


@st.composite
def bid_values(draw, variant):
    """Four bids, in seating order, that the variant allows (Blind Nil left to the settings)."""
    if variant is Variant.MIRROR:
        return tuple(draw(st.sampled_from((Nil.NIL, 0))) if n == 0 else n for n in draw(splits()))
    if variant is Variant.SUICIDE:
        values: list[int | Nil] = [0, 0, 0, 0]
        for first, second in ((0, 2), (1, 3)):
            nil, bidder = (first, second) if draw(st.booleans()) else (second, first)
            values[nil] = Nil.NIL
            values[bidder] = draw(st.integers(4, 13))
        return tuple(values)
    return tuple(draw(st.one_of(st.integers(0, 13), st.sampled_from(Nil))) for _ in PLAYERS)


@st.composite
def entries(draw, variant):
    """A hand entry for the variant, the bids in any order."""
    values = dict(zip(PLAYERS, draw(bid_values(variant))))
    order = draw(st.permutations(PLAYERS))
    return HandEntry(tuple(Bid(player, values[player]) for player in order), tuple(zip(PLAYERS, draw(splits()))))


@st.composite
def games(draw):
    """A table, its settings and a log of entries for the variant (some may be refused when added)."""
    rules = draw(settings())
    return draw(tables), rules, draw(st.lists(entries(rules.variant), max_size=14))


def play(table, rules, log):
    """Add every entry the game accepts, in order, as a table would; a refused entry changes nothing."""
    game = Game(table, rules)
    for entry in log:
        if game.is_over():
            break
        before = state(game)
        try:
            game.add(entry)
        except NotAllowed:
            assert state(game) == before
    return game


def state(game):
    return game.entries, game.hands, game.after_end, game.totals()


@given(games())
def test_replaying_from_scratch_equals_the_running_state(data):
    table, rules, log = data
    running = play(table, rules, log)
    assert state(Game(table, rules, running.entries)) == state(running)


@given(games())
def test_team_scores_are_the_sum_of_the_deltas_and_bags_are_never_negative(data):
    table, rules, log = data
    game = play(table, rules, log)
    for team in TEAMS:
        mine = [hand.team(team) for hand in game.hands]
        assert all(t.delta == t.contract_points + t.nil_points + t.bag_penalty for t in mine)
        assert game.totals()[team].score == sum(t.delta for t in mine)
        assert all(t.bags >= 0 for t in mine)
        if rules.bag_limit:
            assert all(0 <= t.bags < rules.bag_limit for t in mine)
            limits = sum((t.bags_reached - t.bags) // rules.bag_limit for t in mine)
            assert sum(t.bags_added for t in mine) - game.totals()[team].bags == limits * rules.bag_limit
            assert sum(t.bag_penalty for t in mine) == -limits * rules.bag_penalty
        else:
            assert game.totals()[team].bags == sum(t.bags_added for t in mine)


@given(games())
def test_each_team_scores_its_contract_and_its_nils(data):
    table, rules, log = data
    game = play(table, rules, log)
    for hand in game.hands:
        assert sum(t.tricks for t in hand.teams) == 13
        for mine in hand.teams:
            bids = [hand.entry.bid_of(player) for player in mine.team.players]
            assert mine.contract == sum(bid.number for bid in bids)
            nils = [nil for nil in hand.nils if nil.team == mine.name]
            assert [nil.player for nil in nils] == [
                p for p in hand.bidding_order if p in mine.team.players and hand.entry.bid_of(p).is_nil(
                    zero_is_nil=rules.counts_zero_as_nil())
            ]
            for nil in nils:
                value = rules.nil_value * (2 if nil.blind else 1)
                assert nil.points == (value if hand.entry.tricks_of(nil.player) == 0 else -value)
            assert mine.nil_points == sum(nil.points for nil in nils)
            uncounted = 0 if rules.failed_nil_helps else sum(nil.tricks for nil in nils)
            assert mine.counted == mine.tricks - uncounted
            assert mine.made == (mine.counted >= mine.contract)
            if mine.made:
                assert mine.bags_added == mine.tricks - mine.contract
                assert mine.contract_points == 10 * mine.contract + mine.bags_added
            else:
                assert (mine.contract_points, mine.bags_added) == (-10 * mine.contract, 0)


@given(games())
def test_the_game_ends_at_the_first_hand_that_decides_it(data):
    table, rules, log = data
    game = play(table, rules, log)
    for number in range(len(game.hands)):
        assert not Game(table, rules, game.entries[:number]).is_over()
    if game.is_over():
        scores = sorted((s.score for s in game.totals().values()), reverse=True)
        assert game.totals()[game.winner()].score == scores[0] > scores[1]
        fell = any(score <= rules.mercy_floor for score in scores) and rules.mercy
        assert fell or scores[0] >= rules.target


@given(games(), st.data())
def test_undo_after_add_restores_the_previous_state_exactly(data, draw):
    table, rules, log = data
    game = play(table, rules, log)
    assume(not game.is_over())
    before = state(game)
    entry = draw.draw(entries(rules.variant))
    try:
        game.add(entry)
    except NotAllowed:
        assume(False)
    assert game.undo() == entry
    assert state(game) == before


@given(games(), st.data())
def test_replace_equals_replaying_the_edited_log(data, draw):
    table, rules, log = data
    game = play(table, rules, log)
    assume(game.entries)
    number = draw.draw(st.integers(1, len(game.entries)))
    entry = draw.draw(entries(rules.variant))
    try:
        game.replace(number, entry)
    except NotAllowed:
        assume(False)
    edited = list(game.entries)
    assert edited[number - 1] == entry
    assert state(game) == state(Game(table, rules, edited))


@given(tables, st.lists(st.integers(0, 13), min_size=4, max_size=4))
def test_the_four_trick_counts_must_total_13_and_no_more(table, counts):
    assume(sum(counts) != 13)
    entry = HandEntry(tuple(Bid(player, 3) for player in PLAYERS), tuple(zip(PLAYERS, counts)))
    with pytest.raises(MalformedInput) as error:
        parse_hand(table, hand_to_dict(entry))
    assert [(e.field, str(e.message)) for e in error.value.errors] == [
        ("tricks", f"The four players took {sum(counts)} tricks; they must take exactly 13.")
    ]


@given(tables, st.sampled_from(Variant).flatmap(entries))
def test_parse_hand_inverts_hand_to_dict(table, entry):
    assert parse_hand(table, hand_to_dict(entry)) == entry


@given(settings())
def test_settings_parse_inverts_to_dict(rules):
    assert Settings.parse(rules.to_dict()) == rules


@given(tables, st.integers(1, 80))
def test_the_deal_passes_clockwise_and_the_dealer_bids_last(table, number):
    dealer = table.dealer(number)
    assert table.dealer(number + 1) == PLAYERS[(PLAYERS.index(dealer) + 1) % 4]
    order = table.bidding_order(number)
    assert order[-1] == dealer and sorted(order) == sorted(PLAYERS)
    assert table.leader(number) == order[0]
    assert {table.team_of(order[0]), table.team_of(order[1])} == set(table.teams())
    assert table.team_of(order[0]) == table.team_of(order[2])


@given(tables, settings(), st.integers(1, 40), st.data())
def test_variant_entries_score_from_any_standing(table, rules, number, draw):
    entry = draw.draw(entries(rules.variant))
    before = {team: Standing(draw.draw(st.integers(-500, 500)), draw.draw(st.integers(0, 9))) for team in TEAMS}
    try:
        result = score_hand(table, rules, number, entry, before)
    except NotAllowed as error:
        assert all(e.field.endswith(".bid") and entry.bids[int(e.field[5])].is_blind() for e in error.errors)
        return
    for mine in result.teams:
        assert mine.score == before[mine.name].score + mine.delta
