"""Dummy Hand Spades engine: the worked examples of docs/rules.md A10, input checks, the game log."""

import pytest

from scorekeeper.rules.dummy_spades import (
    DUMMY,
    Bid,
    Game,
    HandEntry,
    PlayerHand,
    Role,
    Settings,
    Standing,
    Table,
    Variant,
    hand_to_dict,
    parse_hand,
    score_hand,
)
from scorekeeper.rules.errors import MalformedInput, NotAllowed

TABLE = Table(("Ann", "Ben", "Cid"), "Ann")  # hand 1: Ann deals, Ben and Cid bid first, Ann last


def entry(bids, tricks, table=TABLE):
    """A hand entry from {player: bid or (bid, [nil hands])} and {hand: tricks}."""
    payload = []
    for player, value in bids.items():
        bid, nil = value if isinstance(value, tuple) else (value, [])
        payload.append({"player": player, "bid": bid, "nil": nil})
    return parse_hand(table, {"bids": payload, "tricks": tricks})


def score(bids, tricks, table=TABLE, settings=Settings(), number=1, before=None):
    before = before or {player: Standing() for player in table.players}
    return score_hand(table, settings, number, entry(bids, tricks, table), before)


def fields(error):
    return [(e.field, str(e.message)) for e in error.value.errors]


# --- docs/rules.md A10 worked examples -----------------------------------------

# E1: declarer Cid bids 7; defenders Ben 5 and Ann 6.
E1_BIDS = {"Ben": 5, "Cid": 7, "Ann": 6}


def test_e1_defenders_take_5():
    result = score(E1_BIDS, {"Cid": 4, "dummy": 4, "Ben": 3, "Ann": 2})
    assert result.declarer == "Cid"
    assert result.player("Ben").delta == 50
    assert result.player("Ann").delta == -60
    assert (result.player("Cid").delta, result.player("Cid").bags) == (71, 1)
    assert [str(line) for line in result.explain("Cid")] == [
        "Cid and the dummy took 8 of 13 tricks against Cid's bid of 7: made, +70 and 1 bag: +71.",
        "Cid's score for this hand: +71. Total: 71; bags: 1.",
    ]
    assert str(result.explain("Ann")[0]) == "The defenders took 5 of 13 tricks against Ann's bid of 6: set, -60."


def test_e1_defenders_take_7():
    result = score(E1_BIDS, {"Cid": 3, "dummy": 3, "Ben": 4, "Ann": 3})
    ben, ann, cid = result.player("Ben"), result.player("Ann"), result.player("Cid")
    assert (ben.delta, ben.bags_added) == (52, 2)
    assert (ann.delta, ann.bags_added) == (61, 1)
    assert (cid.delta, cid.bags_added, cid.made) == (-70, 0, False)
    assert str(result.explain("Ben")[0]) == (
        "The defenders took 7 of 13 tricks against Ben's bid of 5: made, +50 and 2 bags: +52."
    )


def test_e2_tie_goes_to_the_first_bidder():
    table = Table(("A", "B", "C"), "A")
    result = score({"B": 6, "C": 7, "A": 7}, {"A": 3, "B": 3, "C": 4, "dummy": 3}, table=table)
    assert result.bidding_order == ("B", "C", "A")
    assert result.declarer == "C"
    assert result.defenders == ("B", "A")
    assert str(result.explanation[1]) == "C and A both bid 7; C bid first, so C is declarer."


@pytest.mark.parametrize(
    ("a_tricks", "made", "points", "reason"),
    [
        (0, True, 100, "B's nil on A's hand applies: both defend. A took no tricks: +100."),
        (1, False, -100, "B's nil on A's hand applies: both defend. A took 1 of 13 tricks: -100."),
    ],
)
def test_e3_nil_on_dummy_void_nil_on_fellow_defender_applies(a_tricks, made, points, reason):
    table = Table(("A", "B", "C"), "A")
    tricks = {"A": a_tricks, "B": 4 - a_tricks, "C": 5, "dummy": 4}
    result = score({"B": (6, ["dummy", "A"]), "C": 8, "A": 3}, tricks, table=table)
    assert result.declarer == "C"
    void, on_a = result.nils
    assert (void.bidder, void.hand, void.applies, void.made, void.points) == ("B", DUMMY, False, None, 0)
    assert str(void.reason) == "B's nil on the dummy is void: B is a defender."
    assert (on_a.hand, on_a.applies, on_a.made, on_a.points) == ("A", True, made, points)
    assert str(on_a.reason) == reason
    assert result.player("B").nil_points == points


@pytest.mark.parametrize(("dummy_tricks", "contract_points", "delta"), [(9, 90, 190), (8, -90, 10)])
def test_e4_declarer_nil_on_own_hand(dummy_tricks, contract_points, delta):
    tricks = {"Ben": 0, "dummy": dummy_tricks, "Cid": 13 - dummy_tricks, "Ann": 0}
    result = score({"Ben": (9, ["Ben"]), "Cid": 2, "Ann": 2}, tricks)
    ben = result.player("Ben")
    assert (ben.role, ben.contract_points, ben.nil_points, ben.delta) == (Role.DECLARER, contract_points, 100, delta)
    assert str(result.nils[0].reason) == "Ben's nil on their own hand applies. Ben took no tricks: +100."


def test_e5_bag_penalty_carries_over():
    game = Game(TABLE, Settings())
    # Hand 1 (order Ben, Cid, Ann): Ben declares 5; Cid and Ann bid 0 and defend 8 tricks: 8 bags each.
    game.add(entry({"Ben": 5, "Cid": 0, "Ann": 0}, {"Ben": 3, "dummy": 2, "Cid": 4, "Ann": 4}))
    assert game.totals()["Ann"] == Standing(8, 8)
    # Hand 2 (order Cid, Ann, Ben): Ann bids 4 and the defenders take 7.
    result = game.add(entry({"Cid": 2, "Ann": 4, "Ben": 5}, {"Cid": 3, "Ann": 4, "Ben": 4, "dummy": 2}))
    ann = result.player("Ann")
    assert (ann.contract_points, ann.bags_added, ann.bags_reached) == (43, 3, 11)
    assert (ann.bag_penalty, ann.bags, ann.delta, ann.score) == (-100, 1, -57, -49)
    assert [str(line) for line in result.explain("Ann")] == [
        "The defenders took 7 of 13 tricks against Ann's bid of 4: made, +40 and 3 bags: +43.",
        "Ann's bags reached 11: -100, 1 bag carries over.",
        "Ann's score for this hand: -57. Total: -49; bags: 1.",
    ]
    assert str(result.explain("Cid")[1]) == "Cid's bags reached 13: -100, 3 bags carry over."


# --- scoring details -------------------------------------------------------


def test_player_lookup_needs_a_real_player():
    result = score(E1_BIDS, {"Cid": 4, "dummy": 4, "Ben": 3, "Ann": 2})
    with pytest.raises(KeyError):
        result.player(DUMMY)


def test_three_way_tie_and_general_explanation():
    result = score({"Ben": 4, "Cid": 4, "Ann": 4}, {"Ben": 5, "dummy": 2, "Cid": 3, "Ann": 3})
    assert [str(line) for line in result.explanation] == [
        "Ann deals; Ben bids first and leads.",
        "Ben, Cid and Ann all bid 4; Ben bid first, so Ben is declarer.",
        "Cid and Ann defend together.",
        "Ben and the dummy took 7 of 13 tricks; the defenders took 6.",
    ]


def test_single_highest_bidder_explanation():
    result = score({"Ben": 4, "Cid": 8, "Ann": 1}, {"Ben": 5, "dummy": 2, "Cid": 3, "Ann": 3})
    assert str(result.explanation[1]) == "Cid bid highest (8), so Cid is declarer, partnered with the dummy."


def test_bid_of_zero_is_made_with_every_team_trick_a_bag():
    result = score({"Ben": 0, "Cid": 6, "Ann": 0}, {"Ben": 2, "dummy": 3, "Cid": 4, "Ann": 4})
    ben = result.player("Ben")
    assert (ben.made, ben.contract_points, ben.bags_added) == (True, 6, 6)


@pytest.mark.parametrize(
    ("bidder_bid", "nil", "expected"),
    [
        # Cid declares (bid 9); Ben and Ann defend.
        ((9, "Cid"), "dummy", "Cid's nil on the dummy applies: Cid is declarer. The dummy took no tricks: +100."),
        ((9, "Cid"), "Ben", "Cid's nil on Ben's hand is void: Cid is declarer and Ben defends."),
        ((1, "Ben"), "Cid", "Ben's nil on Cid's hand is void: Cid is declarer."),
        ((1, "Ben"), "Ben", "Ben's nil on their own hand applies. Ben took 2 of 13 tricks: -100."),
    ],
)
def test_nil_reasons(bidder_bid, nil, expected):
    bid, bidder = bidder_bid
    bids = {"Ben": 1, "Cid": 9, "Ann": 1}
    bids[bidder] = (bid, [nil])
    result = score(bids, {"Ben": 2, "dummy": 0, "Cid": 9, "Ann": 2})
    assert [str(outcome.reason) for outcome in result.nils] == [expected]


def test_void_nil_is_listed_in_the_players_explanation():
    result = score({"Ben": (1, ["dummy"]), "Cid": 9, "Ann": 1}, {"Ben": 2, "dummy": 0, "Cid": 9, "Ann": 2})
    assert str(result.explain("Ben")[1]) == "Ben's nil on the dummy is void: Ben is a defender."


def test_nils_listed_in_bidding_order_then_order_declared():
    result = score(
        {"Ann": (1, ["Cid", "Ann"]), "Ben": 9, "Cid": (1, ["Ann", "Cid"])},
        {"Ben": 9, "dummy": 0, "Cid": 2, "Ann": 2},
    )
    assert [(n.bidder, n.hand) for n in result.nils] == [("Cid", "Ann"), ("Cid", "Cid"), ("Ann", "Cid"), ("Ann", "Ann")]


def test_players_in_seating_order_whatever_the_bid_order():
    result = score({"Cid": 4, "Ann": 4, "Ben": 5}, {"Ben": 5, "dummy": 2, "Cid": 3, "Ann": 3})
    assert [p.player for p in result.players] == ["Ann", "Ben", "Cid"]


def test_a7_nine_bags_and_three_new_make_twelve_minus_100_and_two_remain():
    before = {"Ann": Standing(0, 9), "Ben": Standing(0, 0), "Cid": Standing(0, 0)}
    result = score({"Cid": 2, "Ann": 4, "Ben": 5}, {"Cid": 3, "Ann": 4, "Ben": 4, "dummy": 2}, before=before)
    ann = result.player("Ann")
    assert (ann.bags_added, ann.bags_reached, ann.bag_penalty, ann.bags, ann.delta) == (3, 12, -100, 2, -57)
    assert str(result.explain("Ann")[1]) == "Ann's bags reached 12: -100, 2 bags carry over."


def test_bag_limit_zero_counts_bags_without_penalty():
    settings = Settings(bag_limit=0)
    result = score({"Ben": 0, "Cid": 1, "Ann": 0}, {"Ben": 6, "dummy": 0, "Cid": 1, "Ann": 6}, settings=settings,
                   before={"Ann": Standing(0, 30), "Ben": Standing(0, 0), "Cid": Standing(0, 0)})
    ann = result.player("Ann")
    assert (ann.bags, ann.bag_penalty, ann.has_bag_penalty()) == (42, 0, False)


def test_bag_penalty_repeats_while_over_the_limit():
    settings = Settings(bag_limit=3, bag_penalty=50)
    result = score({"Ben": 0, "Cid": 1, "Ann": 0}, {"Ben": 6, "dummy": 0, "Cid": 1, "Ann": 6}, settings=settings)
    ann = result.player("Ann")
    assert (ann.bags_reached, ann.bag_penalty, ann.bags, ann.delta) == (12, -200, 0, -188)
    assert str(result.explain("Ann")[1]) == "Ann's bags reached 12: -200, no bags carry over."


def test_api_example_hand():
    payload = {
        "bids": [
            {"player": "Ann", "bid": 7},
            {"player": "Ben", "bid": 5, "nil": ["Cid"]},
            {"player": "Cid", "bid": 6, "nil": ["Cid", "dummy"]},
        ],
        "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3},
    }
    table = Table(("Ann", "Ben", "Cid"), "Cid")  # the bidding order is Ann, Ben, Cid
    result = Game(table, Settings()).add(parse_hand(table, payload))
    assert (result.declarer, result.defenders, result.bidding_order) == ("Ann", ("Ben", "Cid"), ("Ann", "Ben", "Cid"))
    assert [(n.bidder, n.hand, n.applies, n.made, n.points) for n in result.nils] == [
        ("Ben", "Cid", True, False, -100),
        ("Cid", "Cid", True, False, -100),
        ("Cid", DUMMY, False, None, 0),
    ]
    assert result.player("Ann") == PlayerHand(
        player="Ann", role=Role.DECLARER, bid=7, contract=7, team_tricks=8, made=True, contract_points=71, nil_points=0,
        bags_added=1, bag_penalty=0, delta=71, score=71, bags=1, bags_reached=1,
    )
    assert hand_to_dict(result.entry) == {"bids": payload["bids"], "tricks": {"Ann": 5, "Ben": 2, "Cid": 3, "dummy": 3}}


# --- table -----------------------------------------------------------------


def test_table_create_trims_and_matches_dealer_in_any_case():
    assert Table.create([" Ann ", "Ben", "Cid"], "cid", 0) == Table(("Ann", "Ben", "Cid"), "Cid", 0)


def test_table_create_reports_every_problem():
    with pytest.raises(MalformedInput) as error:
        Table.create(["Ann", "Ben", "Cid"], "Dan", 3)
    assert fields(error) == [
        ("first_dealer", "Choose the first dealer from the three players."),
        ("dummy_after", "The dummy sits after player 1, 2 or 3 (dummy_after 0, 1 or 2)."),
    ]
    with pytest.raises(MalformedInput) as error:
        Table.create(["Ann", "ann", "Cid"], "Ann", True)
    assert fields(error) == [
        ("players[1]", "Two players cannot both be called “ann”."),
        ("dummy_after", "The dummy sits after player 1, 2 or 3 (dummy_after 0, 1 or 2)."),
    ]


def test_dealer_bidding_order_and_leader_rotate_clockwise():
    assert [TABLE.dealer(n) for n in (1, 2, 3, 4)] == ["Ann", "Ben", "Cid", "Ann"]
    assert TABLE.bidding_order(1) == ("Ben", "Cid", "Ann")
    assert TABLE.bidding_order(2) == ("Cid", "Ann", "Ben")
    assert TABLE.leader(3) == "Ann"


@pytest.mark.parametrize(
    ("dummy_after", "seating"),
    [(0, ("Ann", DUMMY, "Ben", "Cid")), (1, ("Ann", "Ben", DUMMY, "Cid")), (2, ("Ann", "Ben", "Cid", DUMMY))],
)
def test_seating_places_the_dummy(dummy_after, seating):
    assert Table(("Ann", "Ben", "Cid"), "Ann", dummy_after).seating() == seating


# --- settings and variants -------------------------------------------------


def test_settings_defaults_and_round_trip():
    assert Settings.parse(None) == Settings.parse({}) == Settings()
    assert Settings().to_dict() == {"target": 300, "bag_limit": 10, "bag_penalty": 100, "variant": "no-peeky",
                                     "style": "standard"}
    settings = Settings.parse({"target": 500, "bag_limit": 0, "variant": "flip-3"})
    assert settings == Settings(500, 0, 100, Variant.FLIP_3)
    assert Settings.parse(settings.to_dict()) == settings


def test_settings_parse_reports_every_problem():
    with pytest.raises(MalformedInput) as error:
        Settings.parse({"target": 0, "bag_limit": True, "bag_penalty": "100", "variant": "peeky"})
    assert fields(error) == [
        ("settings.target", "The target is a whole number from 1 to 10000."),
        ("settings.bag_limit", "The bag limit is a whole number from 0 to 100."),
        ("settings.bag_penalty", "The bag penalty is a whole number from 0 to 1000."),
        ("settings.variant",
         "Choose a bidding variation: no-peeky, three-peeky, four-peeky, flip-1, flip-2, flip-3, flip-4."),
    ]


def test_settings_must_be_an_object():
    with pytest.raises(MalformedInput) as error:
        Settings.parse([300])
    assert fields(error) == [("settings", "The settings must be an object.")]


def test_variant_labels_and_reminders():
    assert str(Variant.FLIP_2.label) == "Flip 2"
    assert str(Variant.NO_PEEKY.label) == "No Peeky"
    assert str(Variant.FLIP_2.reminder) == (
        "Flip 2: before bidding, each player turns 2 dummy cards face up; the rest are turned up after the opening lead."
    )
    assert str(Variant.FLIP_1.reminder) == (
        "Flip 1: before bidding, each player turns 1 dummy card face up; the rest are turned up after the opening lead."
    )
    assert str(Variant.THREE_PEEKY.reminder) == (
        "Three Peeky: before bidding, each player looks privately at 3 dummy cards of their choice."
    )


# --- parsing a hand --------------------------------------------------------

GOOD_BIDS = [{"player": "Ann", "bid": 4}, {"player": "Ben", "bid": 5}, {"player": "Cid", "bid": 3}]
GOOD_TRICKS = {"Ann": 3, "Ben": 4, "Cid": 3, "dummy": 3}


def test_parse_hand_matches_names_in_any_case():
    parsed = parse_hand(
        TABLE,
        {"bids": [{"player": "ann", "bid": 4, "nil": ["DUMMY", "cid"]}, GOOD_BIDS[1], GOOD_BIDS[2]],
         "tricks": {"dummy": 3, "CID": 3, "ben": 4, "Ann": 3}},
    )
    assert parsed == HandEntry(
        (Bid("Ann", 4, (DUMMY, "Cid")), Bid("Ben", 5), Bid("Cid", 3)),
        (("Ann", 3), ("Ben", 4), ("Cid", 3), (DUMMY, 3)),
    )
    assert parsed.tricks_of("Ben") == 4
    assert hand_to_dict(parsed) == {
        "bids": [{"player": "Ann", "bid": 4, "nil": [DUMMY, "Cid"]}, GOOD_BIDS[1], GOOD_BIDS[2]],
        "tricks": {"Ann": 3, "Ben": 4, "Cid": 3, "dummy": 3},
    }


@pytest.mark.parametrize(
    ("bids", "tricks", "expected"),
    [
        (None, GOOD_TRICKS, [("bids", "Enter one bid for each of the three players.")]),
        (GOOD_BIDS[:2], GOOD_TRICKS, [("bids", "Enter one bid for each of the three players.")]),
        ([GOOD_BIDS[0], GOOD_BIDS[1], GOOD_BIDS[0]], GOOD_TRICKS,
         [("bids", "Ann has bid twice."), ("bids", "Cid has no bid.")]),
        ([GOOD_BIDS[0], "Ben 5", GOOD_BIDS[2]], GOOD_TRICKS,
         [("bids[1]", "Each bid needs a player and a number of tricks."), ("bids", "Ben has no bid.")]),
        ([GOOD_BIDS[0], {"player": "Dan", "bid": 5}, GOOD_BIDS[2]], GOOD_TRICKS,
         [("bids[1].player", "“Dan” is not a player in this game."), ("bids", "Ben has no bid.")]),
        ([GOOD_BIDS[0], {"bid": 5}, GOOD_BIDS[2]], GOOD_TRICKS,
         [("bids[1].player", "Choose the player who made this bid."), ("bids", "Ben has no bid.")]),
        ([{"player": "Ann", "bid": 14}, {"player": "Ben", "bid": True}, {"player": "Cid"}], GOOD_TRICKS,
         [("bids[0].bid", "A bid is a whole number from 0 to 13."),
          ("bids[1].bid", "A bid is a whole number from 0 to 13."),
          ("bids[2].bid", "A bid is a whole number from 0 to 13.")]),
        ([GOOD_BIDS[0], {"player": "Ben", "bid": 5, "nil": "Cid"}, GOOD_BIDS[2]], GOOD_TRICKS,
         [("bids[1].nil", "List the hands declared nil: player names or “dummy”.")]),
        ([GOOD_BIDS[0], {"player": "Ben", "bid": 5, "nil": ["Cid", "cid", "Dan", "dummy", "Dummy"]}, GOOD_BIDS[2]],
         GOOD_TRICKS,
         [("bids[1].nil", "Ben has declared nil on Cid's hand twice."),
          ("bids[1].nil", "“Dan” is not a hand in this game."),
          ("bids[1].nil", "Ben has declared nil on the dummy twice.")]),
        ([GOOD_BIDS[0], {"player": "Dan", "bid": 5, "nil": ["dummy", "dummy"]}, GOOD_BIDS[2]], GOOD_TRICKS,
         [("bids[1].player", "“Dan” is not a player in this game."),
          ("bids[1].nil", "Nil is declared on the dummy twice."),
          ("bids", "Ben has no bid.")]),
        (GOOD_BIDS, [3, 4, 3, 3], [("tricks", "Enter the tricks each hand took, the dummy included.")]),
        (GOOD_BIDS, {"Ann": 3, "Ben": 4, "Cid": 3, "dummy": 2},
         [("tricks", "The four hands took 12 tricks; they must take exactly 13.")]),
        (GOOD_BIDS, {"Ann": 3, "Ben": 4}, [("tricks", "Enter the tricks of Cid's hand."),
                                          ("tricks", "Enter the tricks of the dummy.")]),
        (GOOD_BIDS, {"Ann": 3, "ann": 3, "Ben": 4, "Cid": "3", "Dan": 0, "dummy": 14},
         [("tricks.ann", "The tricks of Ann's hand are entered twice."),
          ("tricks.Cid", "Tricks are a whole number from 0 to 13."),
          ("tricks.Dan", "“Dan” is not a hand in this game."),
          ("tricks.dummy", "Tricks are a whole number from 0 to 13.")]),
    ],
)
def test_parse_hand_reports_every_problem(bids, tricks, expected):
    with pytest.raises(MalformedInput) as error:
        parse_hand(TABLE, {"bids": bids, "tricks": tricks})
    assert fields(error) == expected


def test_parse_hand_needs_an_object():
    with pytest.raises(MalformedInput) as error:
        parse_hand(TABLE, "7 5 6")
    assert fields(error) == [("bids", "Enter one bid for each of the three players.")]


# --- the game log ----------------------------------------------------------

FIRST = {"Ben": 5, "Cid": 7, "Ann": 6}
DEFENDERS_TAKE_7 = {"Cid": 3, "dummy": 3, "Ben": 4, "Ann": 3}  # Ben +52, Ann +61, Cid -70


def test_new_game_totals_and_next_hand():
    game = Game(TABLE, Settings())
    assert game.totals() == {"Ann": Standing(0, 0), "Ben": Standing(0, 0), "Cid": Standing(0, 0)}
    assert (game.next_hand_number(), game.next_dealer(), game.next_leader()) == (1, "Ann", "Ben")
    assert game.next_bidding_order() == ("Ben", "Cid", "Ann")
    assert str(game.status_line()) == "First to 300 wins."
    assert (game.is_over(), game.winner()) == (False, None)


def test_add_then_undo():
    game = Game(TABLE, Settings())
    first = entry(FIRST, DEFENDERS_TAKE_7)
    game.add(first)
    assert game.totals()["Ben"] == Standing(52, 2)
    assert game.next_dealer() == "Ben"
    assert game.undo() == first
    assert (game.entries, game.hands, game.totals()["Ben"]) == ((), (), Standing(0, 0))


def test_undo_with_nothing_recorded_is_not_allowed():
    with pytest.raises(NotAllowed) as error:
        Game(TABLE, Settings()).undo()
    assert fields(error) == [("game", "There is no hand to undo.")]


def test_add_refuses_an_entry_for_another_table():
    other = Table(("Dan", "Eve", "Fay"), "Dan")
    foreign = entry({"Dan": 1, "Eve": 2, "Fay": 3}, {"Dan": 4, "Eve": 3, "Fay": 3, "dummy": 3}, table=other)
    game = Game(TABLE, Settings())
    with pytest.raises(MalformedInput) as error:
        game.add(foreign)
    assert fields(error) == [("bids", "This hand was entered for other players.")]
    assert (game.entries, game.hands) == ((), ())


def test_game_ends_at_target_and_refuses_more_hands():
    game = Game(TABLE, Settings(target=100))
    game.add(entry(FIRST, DEFENDERS_TAKE_7))  # Ann 61, Ben 52
    result = game.add(entry({"Cid": 5, "Ann": 6, "Ben": 5}, {"Ann": 4, "dummy": 3, "Cid": 3, "Ben": 3}))
    assert result.declarer == "Ann"
    assert game.totals()["Ann"] == Standing(61 + 61, 2)
    assert (game.is_over(), game.winner()) == (True, "Ann")
    assert str(game.status_line()) == "Ann wins with 122."
    with pytest.raises(NotAllowed) as error:
        game.add(entry(FIRST, DEFENDERS_TAKE_7))
    assert fields(error) == [("game", "This game is over: Ann has won.")]


def test_tie_at_the_top_past_target_plays_on():
    game = Game(TABLE, Settings(target=50))
    # Ben and Ann both defend and bid 6; defenders take 7: +61 each.
    game.add(entry({"Ben": 6, "Cid": 7, "Ann": 6}, DEFENDERS_TAKE_7))
    assert (game.is_over(), str(game.status_line())) == (False, "Ann and Ben are tied on 61 at the top: play continues.")
    game.add(entry({"Cid": 1, "Ann": 2, "Ben": 1}, {"Ann": 5, "dummy": 0, "Cid": 4, "Ben": 4}))
    assert game.winner() == "Ann"


def test_replace_reopens_or_ends_the_game_and_marks_hands_after_the_end():
    game = Game(TABLE, Settings(target=100))
    quiet = entry({"Ben": 1, "Cid": 2, "Ann": 1}, {"Ben": 4, "dummy": 3, "Cid": 3, "Ann": 3})
    game.add(quiet)
    game.add(entry({"Cid": 1, "Ann": 2, "Ben": 1}, {"Ann": 5, "dummy": 0, "Cid": 4, "Ben": 4}))
    assert not game.is_over()
    winning = entry({"Ben": 13, "Cid": 0, "Ann": 0}, {"Ben": 13, "dummy": 0, "Cid": 0, "Ann": 0})
    game.replace(1, winning)
    assert (game.winner(), game.after_end, len(game.entries), len(game.hands)) == ("Ben", (2,), 2, 1)
    game.replace(1, quiet)
    assert (game.winner(), game.after_end, len(game.hands)) == (None, (), 2)


def test_replace_unknown_hand_is_not_allowed():
    game = Game(TABLE, Settings())
    game.add(entry(FIRST, DEFENDERS_TAKE_7))
    with pytest.raises(NotAllowed) as error:
        game.replace(2, entry(FIRST, DEFENDERS_TAKE_7))
    assert fields(error) == [("number", "There is no hand 2.")]


def test_replace_with_a_bad_entry_changes_nothing():
    game = Game(TABLE, Settings())
    game.add(entry(FIRST, DEFENDERS_TAKE_7))
    before = (game.entries, game.hands)
    bad = HandEntry((Bid("Ann", 1), Bid("Ben", 1), Bid("Dan", 1)), (("Ann", 13),))
    with pytest.raises(MalformedInput):
        game.replace(1, bad)
    assert (game.entries, game.hands) == before


def test_a7_nine_bags_and_thirteen_new_make_twenty_two_minus_200_and_two_remain():
    # Cid declares; Ann and Ben defend and take every trick, so Ann's bid of 0 makes 13 overtricks.
    before = {"Ann": Standing(0, 9), "Ben": Standing(0, 0), "Cid": Standing(0, 0)}
    result = score({"Cid": 1, "Ann": 0, "Ben": 0}, {"Cid": 0, "Ann": 7, "Ben": 6, "dummy": 0}, before=before)
    ann = result.player("Ann")
    assert (ann.bags_added, ann.bags_reached, ann.bag_penalty, ann.bags, ann.delta) == (13, 22, -200, 2, -187)
    assert str(result.explain("Ann")[1]) == "Ann's bags reached 22: -200, 2 bags carry over."


# --- rules the worked examples leave implicit --------------------------------


def test_a6_tricks_taken_under_nil_still_count_toward_the_team_contract():
    # Cid declares; Ben bids 5 with nil on Ann's hand; Ann takes 3 of the defenders' 5.
    result = score({"Ben": (5, ["Ann"]), "Cid": 7, "Ann": 4}, {"Cid": 6, "dummy": 2, "Ben": 2, "Ann": 3})
    ben = result.player("Ben")
    assert (ben.team_tricks, ben.made, ben.contract_points, ben.nil_points, ben.delta) == (5, True, 50, -100, -50)
    assert result.player("Ann").contract_points == 41


SECOND = {"Cid": 7, "Ann": 5, "Ben": 6}  # hand 2, Ben deals: Cid declares, Ann +50, Ben -60, Cid +71
DECLARER_TAKES_8 = {"Cid": 4, "dummy": 4, "Ann": 3, "Ben": 2}
AFTER_TWO_HANDS = {"Ann": Standing(111, 1), "Ben": Standing(-8, 2), "Cid": Standing(1, 1)}


@pytest.mark.parametrize("dummy_after", [0, 1, 2])
def test_a1_the_dummys_seat_changes_nothing_in_the_scoring(dummy_after):
    table = Table(("Ann", "Ben", "Cid"), "Ann", dummy_after)
    game = Game(table, Settings(), [entry(FIRST, DEFENDERS_TAKE_7, table), entry(SECOND, DECLARER_TAKES_8, table)])
    assert game.totals() == AFTER_TWO_HANDS
    assert (game.next_dealer(), game.next_bidding_order()) == ("Cid", ("Ann", "Ben", "Cid"))


@pytest.mark.parametrize("variant", list(Variant))
def test_a9_no_bidding_variation_changes_the_scoring(variant):
    game = Game(TABLE, Settings(variant=variant), [entry(FIRST, DEFENDERS_TAKE_7), entry(SECOND, DECLARER_TAKES_8)])
    assert game.totals() == AFTER_TWO_HANDS
