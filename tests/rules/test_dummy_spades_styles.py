"""Dummy Hand Spades styles, Suicide and Mirror: the worked examples of docs/rules.md A12, the refusals of A11,
and properties that hold for every hand (hypothesis)."""

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.dummy_spades import (
    DUMMY,
    Bid,
    Game,
    HandEntry,
    Settings,
    Standing,
    Style,
    Table,
    decide_bids,
    hand_to_dict,
    parse_hand,
    partners_hand,
    score_hand,
)
from scorekeeper.rules.errors import NotAllowed, RuleError

from . import test_dummy_spades_properties as three

# Players A, B, C clockwise, dealer A: the bidding order is Ben, Cid, Ann.
TABLE = Table(("Ann", "Ben", "Cid"), "Ann")
SUICIDE = Settings(style=Style.SUICIDE)
MIRROR = Settings(style=Style.MIRROR)
OWN = "own"
PARTNER = "partner"
AT_LEAST_4 = "In Suicide every player bids at least 4."
ONE_NIL = "In Suicide every player names one nil: their own hand or their partner's."
NO_NILS_IN_MIRROR = "In Mirror nils are not declared: every hand without spades is a nil."


def nil_hands(player, nil):
    """The hands a Suicide bidder names: OWN, PARTNER (the three other hands), or a list as given."""
    if nil == OWN:
        return [player]
    if nil == PARTNER:
        return [hand for hand in (*TABLE.players, DUMMY) if hand != player]
    return list(nil)


def entry(bids, tricks=None):
    """A hand entry from {player: bid or (bid, nil)} in bidding order and {hand: tricks}; no tricks: bids only."""
    payload = []
    for player, value in bids.items():
        bid, nil = value if isinstance(value, tuple) else (value, [])
        payload.append({"player": player, "bid": bid, "nil": nil_hands(player, nil)})
    return parse_hand(TABLE, {"bids": payload} if tricks is None else {"bids": payload, "tricks": tricks})


def score(settings, bids, tricks):
    return score_hand(TABLE, settings, 1, entry(bids, tricks), {player: Standing() for player in TABLE.players})


def refusal(settings, bids):
    with pytest.raises(NotAllowed) as error:
        decide_bids(TABLE, settings, 1, entry(bids))
    return [(e.field, str(e.message)) for e in error.value.errors]


def deltas(result):
    return {mine.player: mine.delta for mine in result.players}


def applying(result):
    return [(nil.bidder, nil.hand) for nil in result.nils if nil.applies]


# --- SU-E1 to SU-E3 (Suicide) ---------------------------------------------

SU_E1 = {"Ben": (5, OWN), "Cid": (7, PARTNER), "Ann": (4, PARTNER)}


def test_su_e1_each_bidders_nil_lands_on_their_side():
    result = score(SUICIDE, SU_E1, {"Cid": 7, "dummy": 0, "Ben": 0, "Ann": 6})
    assert (result.declarer, result.defenders) == ("Cid", ("Ben", "Ann"))
    assert applying(result) == [("Ben", "Ben"), ("Cid", DUMMY), ("Ann", "Ben")]
    assert [(nil.bidder, nil.hand) for nil in result.nils if not nil.applies] == [
        ("Cid", "Ann"), ("Cid", "Ben"), ("Ann", "Cid"), ("Ann", DUMMY),
    ]
    assert deltas(result) == {"Ann": 142, "Ben": 151, "Cid": 170}
    assert [(mine.player, mine.contract, mine.bags) for mine in result.players] == [
        ("Ann", 4, 2), ("Ben", 5, 1), ("Cid", 7, 0),
    ]
    assert [str(line) for line in result.explain("Ann")] == [
        "The defenders took 6 of 13 tricks against Ann's bid of 4: made, +40 and 2 bags: +42.",
        "Ann's nil on Ben's hand applies: both defend. Ben took no tricks: +100.",
        "Ann's nil on Cid's hand is void: Cid is declarer.",
        "Ann's nil on the dummy is void: Ann is a defender.",
        "Ann's score for this hand: +142. Total: 142; bags: 2.",
    ]


def test_su_e2_two_nil_hands_on_the_defence():
    bids = {"Ben": (5, PARTNER), "Cid": (8, OWN), "Ann": (4, PARTNER)}
    result = score(SUICIDE, bids, {"Cid": 0, "dummy": 9, "Ben": 2, "Ann": 2})
    assert applying(result) == [("Ben", "Ann"), ("Cid", "Cid"), ("Ann", "Ben")]
    assert deltas(result) == {"Ann": -60, "Ben": -150, "Cid": 181}
    assert result.player("Cid").bags == 1


@pytest.mark.parametrize(
    ("bids", "message"),
    [
        pytest.param({"Ben": 6}, ONE_NIL, id="no nil"),
        pytest.param({"Ben": (5, [DUMMY])}, ONE_NIL, id="nil on the dummy only"),
        pytest.param({"Ben": (5, ["Ben", DUMMY])}, ONE_NIL, id="nil on own hand and the dummy"),
        pytest.param({"Ben": (3, OWN)}, AT_LEAST_4, id="a bid of 3"),
    ],
)
def test_su_e3_refusals_on_the_bid(bids, message):
    assert refusal(SUICIDE, {**bids, "Cid": (7, PARTNER), "Ann": (4, PARTNER)}) == [("bids[0].bid", message)]


def test_suicide_reports_both_rules_on_each_bid_that_breaks_them():
    assert refusal(SUICIDE, {"Ben": (5, OWN), "Cid": 2, "Ann": (4, ["Cid"])}) == [
        ("bids[1].bid", AT_LEAST_4), ("bids[1].bid", ONE_NIL), ("bids[2].bid", ONE_NIL),
    ]


def test_suicide_refuses_at_the_first_step_and_when_the_whole_hand_is_scored():
    game = Game(TABLE, SUICIDE)
    with pytest.raises(NotAllowed):
        game.add(entry({"Ben": (3, OWN), "Cid": (7, PARTNER), "Ann": (4, PARTNER)}))
    with pytest.raises(NotAllowed):
        game.add(entry({"Ben": (3, OWN), "Cid": (7, PARTNER), "Ann": (4, PARTNER)},
                       {"Cid": 7, "dummy": 0, "Ben": 0, "Ann": 6}))
    assert game.entries == ()


def test_suicide_bids_alone_say_where_each_nil_landed():
    waiting = Game(TABLE, SUICIDE).add(entry(SU_E1))
    assert [str(nil.reason) for nil in waiting.nils if nil.applies] == [
        "Ben's nil on their own hand applies: Ben must take no tricks.",
        "Cid's nil on the dummy applies: Cid is declarer. The dummy must take no tricks.",
        "Ann's nil on Ben's hand applies: both defend. Ben must take no tricks.",
    ]
    assert [str(line) for line in waiting.needs] == [
        "Cid and the dummy need 7 of the 13 tricks.",
        "Ben and Ann need 5 of the 13 tricks for Ben's bid and 4 for Ann's.",
    ]


# --- MI-E1 to MI-E5 (Mirror) ----------------------------------------------

MI_E1 = {"Ben": 4, "Cid": 3, "Ann": 2}


def test_mi_e1_contracts_are_the_teams_spades():
    result = score(MIRROR, MI_E1, {"Ben": 5, "dummy": 3, "Cid": 3, "Ann": 2})
    assert (result.declarer, result.dummy_spades, result.nils) == ("Ben", 4, ())
    assert {mine.player: mine.contract for mine in result.players} == {"Ann": 5, "Ben": 8, "Cid": 5}
    assert deltas(result) == {"Ann": 50, "Ben": 80, "Cid": 50}
    assert [str(line) for line in result.explanation] == [
        "Ann deals; Ben bids first and leads.",
        "Ben bid highest (4), so Ben is declarer, partnered with the dummy.",
        "Cid and Ann defend together.",
        "The dummy holds 4 spades: 13 minus the three bids.",
        "Ben declares with the dummy: 4 + 4 spades = 8 tricks to make.",
        "Cid and Ann defend: 3 + 2 spades = 5 tricks to make.",
        "Ben and the dummy took 8 of 13 tricks; the defenders took 5.",
    ]
    assert str(result.explain("Cid")[0]) == (
        "The defenders took 5 of 13 tricks against a contract of 5: made, +50."
    )


def test_mi_e1_overtricks_and_a_set_defence():
    result = score(MIRROR, MI_E1, {"Ben": 6, "dummy": 4, "Cid": 2, "Ann": 1})
    assert deltas(result) == {"Ann": -50, "Ben": 82, "Cid": -50}
    assert result.player("Ben").bags == 2
    assert [str(line) for line in result.explain("Ben")][0] == (
        "Ben and the dummy took 10 of 13 tricks against a contract of 8: made, +80 and 2 bags: +82."
    )
    assert str(result.explain("Ann")[0]) == "The defenders took 3 of 13 tricks against a contract of 5: set, -50."


def test_mi_e2_a_bid_of_0_is_a_nil_on_the_bidders_own_hand():
    result = score(MIRROR, {"Ben": 0, "Cid": 6, "Ann": 5}, {"Cid": 6, "dummy": 2, "Ben": 0, "Ann": 5})
    assert (result.declarer, result.dummy_spades) == ("Cid", 2)
    assert {mine.player: mine.contract for mine in result.players} == {"Ann": 5, "Ben": 5, "Cid": 8}
    assert [(nil.bidder, nil.hand, nil.applies, nil.made, nil.points) for nil in result.nils] == [
        ("Ben", "Ben", True, True, 100),
    ]
    assert deltas(result) == {"Ann": 50, "Ben": 150, "Cid": 80}
    assert str(result.nils[0].reason) == "Ben held no spades: a nil on their own hand. Ben took no tricks: +100."


def test_mi_e3_ties_go_to_the_first_bidder():
    waiting = Game(TABLE, MIRROR).add(entry({"Ben": 4, "Cid": 4, "Ann": 1}))
    assert (waiting.declarer, waiting.dummy_spades) == ("Ben", 4)
    assert {player: waiting.contract_of(player) for player in TABLE.players} == {"Ann": 5, "Ben": 8, "Cid": 5}
    assert [str(line) for line in waiting.needs] == [
        "Ben declares with the dummy: 4 + 4 spades = 8 tricks to make.",
        "Cid and Ann defend: 4 + 1 spades = 5 tricks to make.",
    ]


MI_E4 = {"Ben": 5, "Cid": 4, "Ann": 4}


def test_mi_e4_a_dummy_without_spades_is_the_declarers_nil_made():
    result = score(MIRROR, MI_E4, {"Ben": 5, "dummy": 0, "Cid": 4, "Ann": 4})
    assert result.dummy_spades == 0
    assert [(nil.bidder, nil.hand, nil.applies, nil.points) for nil in result.nils] == [("Ben", DUMMY, True, 100)]
    assert {mine.player: mine.contract for mine in result.players} == {"Ann": 8, "Ben": 5, "Cid": 8}
    assert deltas(result) == {"Ann": 80, "Ben": 150, "Cid": 80}
    assert str(result.nils[0].reason) == (
        "The dummy held no spades: a nil for Ben, the declarer. The dummy took no tricks: +100."
    )


def test_mi_e4_a_dummy_without_spades_is_the_declarers_nil_failed():
    result = score(MIRROR, MI_E4, {"Ben": 4, "dummy": 1, "Cid": 5, "Ann": 3})
    assert deltas(result) == {"Ann": 80, "Ben": -50, "Cid": 80}
    assert [str(line) for line in result.explain("Ben")] == [
        "Ben and the dummy took 5 of 13 tricks against a contract of 5: made, +50.",
        "The dummy held no spades: a nil for Ben, the declarer. The dummy took 1 of 13 tricks: -100.",
        "Ben's score for this hand: -50. Total: -50; bags: 0.",
    ]


def test_mi_e5_bids_over_13_are_refused():
    assert refusal(MIRROR, {"Ben": 5, "Cid": 5, "Ann": 4}) == [
        ("bids", "In Mirror each bid is the spades in that player's hand, so the three bids cannot add up to "
                 "more than 13 (these add up to 14)."),
    ]


def test_mi_e5_a_declared_nil_is_refused():
    assert refusal(MIRROR, {"Ben": (4, [DUMMY]), "Cid": 3, "Ann": 2}) == [("bids[0].bid", NO_NILS_IN_MIRROR)]


def test_mirror_bids_of_13_in_all_leave_the_dummy_without_spades_and_under_13_are_accepted():
    waiting = Game(TABLE, MIRROR).add(entry({"Ben": 13, "Cid": 0, "Ann": 0}))
    assert waiting.contracts == (("Ben", 13), ("Cid", 0), ("Ann", 0))
    assert waiting.dummy_spades == 0
    assert [(nil.bidder, nil.hand, nil.applies) for nil in waiting.nils] == [
        ("Ben", DUMMY, True), ("Cid", "Cid", True), ("Ann", "Ann", True)]
    assert Game(TABLE, MIRROR).add(entry({"Ben": 5, "Cid": 2, "Ann": 2})).dummy_spades == 4


def test_a11_a_mirror_nil_is_never_declared_not_even_on_the_bidders_own_hand():
    assert refusal(MIRROR, {"Ben": (0, ["Ben"]), "Cid": 6, "Ann": 7}) == [("bids[0].bid", NO_NILS_IN_MIRROR)]


def test_a11_a_suicide_nil_on_two_of_the_other_hands_is_refused():
    assert refusal(SUICIDE, {"Ben": (5, [DUMMY, "Cid"]), "Cid": (4, OWN), "Ann": (4, OWN)}) == [
        ("bids[0].bid", ONE_NIL)]


def test_a11_bags_carry_over_in_mirror_as_in_a10_e5():
    # Hand 1 (dealer Ann): the dummy holds 13 - 9 = 4 spades; Cid and Ann defend a contract of 4 and take 12
    # tricks: +40 and 8 bags each.
    game = Game(TABLE, MIRROR)
    game.add(entry({"Ben": 5, "Cid": 2, "Ann": 2}, {"Ben": 1, "dummy": 0, "Cid": 6, "Ann": 6}))
    assert game.totals()["Ann"] == Standing(48, 8)
    # Hand 2 (dealer Ben): the defenders' contract is 2 + 4 = 6 and they take 9: +63, and Ann's bags reach 11.
    result = game.add(entry({"Cid": 2, "Ann": 4, "Ben": 5}, {"Cid": 4, "Ann": 5, "Ben": 3, "dummy": 1}))
    ann = result.player("Ann")
    assert (ann.contract_points, ann.bags_added, ann.bags_reached) == (63, 3, 11)
    assert (ann.bag_penalty, ann.bags, ann.delta, ann.score) == (-100, 1, -37, 11)
    assert [str(line) for line in result.explain("Ann")][1] == "Ann's bags reached 11: -100, 1 bag carries over."


def test_a11_a_mirror_game_ends_at_its_target_as_in_a8():
    game = Game(TABLE, Settings(style=Style.MIRROR, target=100))
    game.add(entry({"Ben": 7, "Cid": 1, "Ann": 1}, {"Ben": 6, "dummy": 5, "Cid": 1, "Ann": 1}))
    assert game.totals() == {"Ann": Standing(20, 0), "Ben": Standing(110, 0), "Cid": Standing(20, 0)}
    assert (game.winner(), game.is_over()) == ("Ben", True)


# --- the setting ------------------------------------------------------------


def test_the_style_is_a_setting_standard_by_default():
    assert Settings.parse({}).style is Style.STANDARD
    assert Settings.parse({"style": "mirror"}) == MIRROR
    assert Settings.parse(SUICIDE.to_dict()) == SUICIDE
    with pytest.raises(RuleError) as error:
        Settings.parse({"style": "Mirror"})
    assert [(e.field, str(e.message)) for e in error.value.errors] == [
        ("settings.style", "Choose a style: standard, suicide, mirror.")
    ]


# --- properties -------------------------------------------------------------

PLAYERS = TABLE.players
tables = three.tables
rules = st.builds(Settings, target=st.integers(1, 400), bag_limit=st.integers(0, 12),
                  bag_penalty=st.integers(0, 200))


@st.composite
def mirror_entries(draw, complete=True):
    """Mirror bids (the spades of three hands, 13 at most in all), in any order; tricks when `complete`."""
    first = draw(st.integers(0, 13))
    second = draw(st.integers(0, 13 - first))
    third = draw(st.integers(0, 13 - first - second))
    order = draw(st.permutations(PLAYERS))
    bids = tuple(Bid(player, spades) for player, spades in zip(order, (first, second, third)))
    return HandEntry(bids, draw(three.tricks()) if complete else ())


@st.composite
def suicide_entries(draw, table=TABLE):
    """Suicide bids of 4 or more, each naming a nil on the bidder's own hand or on their partner's."""
    order = draw(st.permutations(PLAYERS))
    bids = []
    for player in order:
        own = draw(st.booleans())
        nil = (player,) if own else tuple(draw(st.permutations(sorted(partners_hand(table, player)))))
        bids.append(Bid(player, draw(st.integers(4, 13)), nil))
    return HandEntry(tuple(bids), draw(three.tricks()))


any_entries = three.entries()


@given(tables, rules, three.hand_numbers, mirror_entries())
def test_mirror_contracts_always_add_up_to_13(table, settings, number, hand):
    settings = Settings(settings.target, settings.bag_limit, settings.bag_penalty, style=Style.MIRROR)
    result = score_hand(table, settings, number, hand, three.zero())
    contracts = {mine.player: mine.contract for mine in result.players}
    first, second = (contracts[player] for player in result.defenders)
    assert first == second
    assert contracts[result.declarer] + first == 13
    assert result.dummy_spades == 13 - sum(bid.bid for bid in hand.bids)
    spadeless = [player for player in PLAYERS if hand.bid_of(player).bid == 0]
    assert sorted((nil.bidder, nil.hand) for nil in result.nils) == sorted(
        [(player, player) for player in spadeless] + ([(result.declarer, DUMMY)] if result.dummy_spades == 0 else [])
    )


@given(tables, three.hand_numbers, st.one_of(suicide_entries(), any_entries))
def test_every_accepted_suicide_hand_gives_every_bidder_exactly_one_applying_nil(table, number, hand):
    try:
        result = score_hand(table, SUICIDE, number, hand, three.zero())
    except NotAllowed:
        assert any(bid.bid < 4 or set(bid.nil) not in ({bid.player}, partners_hand(table, bid.player))
                   for bid in hand.bids)
        return
    for player in PLAYERS:
        assert len([nil for nil in result.nils if nil.bidder == player and nil.applies]) == 1


def style_logs(style):
    hands = mirror_entries() if style is Style.MIRROR else suicide_entries()
    return st.lists(st.one_of(hands, any_entries), max_size=10)


@pytest.mark.parametrize("style", [Style.SUICIDE, Style.MIRROR])
@given(data=st.data())
def test_replaying_equals_the_running_state_in_both_styles(style, data):
    table = data.draw(tables)
    base = data.draw(rules)
    settings = Settings(base.target, base.bag_limit, base.bag_penalty, style=style)
    log = data.draw(style_logs(style))
    running = Game(table, settings)
    played = []
    for hand in log:
        if running.is_over():
            break
        try:
            running.add(hand)
        except NotAllowed:
            continue
        played.append(hand)
    replayed = Game(table, settings, played)
    assert (replayed.entries, replayed.hands, replayed.totals()) == (running.entries, running.hands, running.totals())
    resumed = Game(table, settings)
    resumed.resume(pickle.loads(pickle.dumps(running.running_state())))
    assert (resumed.totals(), resumed.last_result(), resumed.next_number()) == (
        running.totals(), running.last_result(), running.next_number()
    )


@given(tables, suicide_entries())
def test_a_suicide_hand_reads_back_as_it_was_written(table, hand):
    assert parse_hand(table, hand_to_dict(hand)) == hand


def test_while_the_tricks_are_to_come_a_suicide_nil_on_partners_hand_is_said_only_where_it_applies():
    """Ben declares (5): Ann's and Cid's nils on "partner's hand" land on each other, Ben's on the dummy. Each was
    declared on three hands; only the nil that applies is worth saying, in Suicide. Standard says every nil."""
    bidding = decide_bids(TABLE, SUICIDE, 1, entry({"Ben": (5, PARTNER), "Cid": (4, PARTNER), "Ann": (4, PARTNER)}))
    said = bidding.nils_to_say(Style.SUICIDE)
    assert len(bidding.nils) == 9 and len(said) == 3
    assert all(nil.applies for nil in said)
    assert bidding.nils_to_say(Style.STANDARD) == bidding.nils
