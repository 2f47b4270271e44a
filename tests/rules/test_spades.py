"""Four-player Spades engine: the worked examples of docs/rules.md C6, every setting, input checks, the game log."""

import pytest

from scorekeeper.rules.errors import MalformedInput, NotAllowed
from scorekeeper.rules.spades import (
    Bid,
    Game,
    HandEntry,
    Nil,
    NilOutcome,
    Settings,
    Standing,
    Table,
    Team,
    TeamHand,
    Variant,
    check_blind_margin,
    hand_to_dict,
    parse_hand,
    score_hand,
)

# Ann & Cid against Ben & Dan. Hand 1: Ann deals, so Ben bids first and leads.
TABLE = Table(("Ann", "Ben", "Cid", "Dan"), "Ann")
AC, BD = "Ann & Cid", "Ben & Dan"


def entry(bids, tricks, table=TABLE):
    """A hand entry from {player: bid} (a number, "nil" or "blind-nil") and {player: tricks}."""
    return parse_hand(table, {"bids": [{"player": p, "bid": b} for p, b in bids.items()], "tricks": tricks})


def zero(table=TABLE):
    return {team.name: Standing() for team in table.teams()}


def score(bids, tricks, settings=Settings(), number=1, before=None):
    return score_hand(TABLE, settings, number, entry(bids, tricks), before or zero())


def fields(error):
    return [(e.field, str(e.message)) for e in error.value.errors]


def lines(result, team):
    return [str(line) for line in result.explain(team)]


def points(team_hand):
    return team_hand.contract_points, team_hand.nil_points, team_hand.bag_penalty, team_hand.delta


# --- docs/rules.md C6 worked examples ------------------------------------------


def test_c_e1_dealer_ann_bidding_order_and_lead():
    assert TABLE.dealer(1) == "Ann"
    assert TABLE.bidding_order(1) == ("Ben", "Cid", "Dan", "Ann")
    assert TABLE.leader(1) == "Ben"
    assert [team.name for team in TABLE.teams()] == [AC, BD]
    result = score({"Ben": 3, "Cid": 4, "Dan": 2, "Ann": 5}, {"Ann": 4, "Cid": 6, "Ben": 2, "Dan": 1})
    assert (result.dealer, result.bidding_order, result.leader) == ("Ann", ("Ben", "Cid", "Dan", "Ann"), "Ben")
    assert [str(line) for line in result.explanation] == ["Ann deals; Ben bids first and leads."]


def test_c_e2_made_with_a_bag_and_set():
    result = score({"Ben": 3, "Cid": 4, "Dan": 2, "Ann": 5}, {"Ann": 4, "Cid": 6, "Ben": 2, "Dan": 1})
    assert result.team(AC) == TeamHand(
        team=Team(("Ann", "Cid")), contract=9, tricks=10, counted=10, made=True, contract_points=91, nil_points=0,
        bags_added=1, bag_penalty=0, delta=91, score=91, bags=1, bags_reached=1,
    )
    ben_dan = result.team(BD)
    assert (ben_dan.contract, ben_dan.tricks, ben_dan.made, ben_dan.delta, ben_dan.bags) == (5, 3, False, -50, 0)
    assert lines(result, AC) == [
        "Ann bid 5 and Cid bid 4: a contract of 9.",
        "Ann & Cid made 9 with 10 tricks: +90 and 1 bag: +91.",
        "Ann & Cid's score for this hand: +91. Total: 91; bags: 1.",
    ]
    assert lines(result, BD) == [
        "Ben bid 3 and Dan bid 2: a contract of 5.",
        "Ben & Dan took 3 of 5: set, -50.",
        "Ben & Dan's score for this hand: -50. Total: -50; bags: 0.",
    ]


C_E3_BIDS = {"Ben": 4, "Cid": 5, "Dan": 4, "Ann": "nil"}
C_E3_TRICKS = {"Ann": 1, "Cid": 4, "Ben": 4, "Dan": 4}


def test_c_e3_a_failed_nil_helps_the_contract():
    result = score(C_E3_BIDS, C_E3_TRICKS)
    ann_cid = result.team(AC)
    assert (ann_cid.contract, ann_cid.tricks, ann_cid.counted, ann_cid.made) == (5, 5, 5, True)
    assert points(ann_cid) == (50, -100, 0, -50)
    assert result.team(BD).delta == 80
    assert result.nils == (NilOutcome("Ann", AC, blind=False, tricks=1, made=False, points=-100),)
    assert lines(result, AC) == [
        "Ann bid Nil and Cid bid 5: a contract of 5.",
        "Ann & Cid made 5 of 5: +50.",
        "Ann bid Nil but took 1 trick: -100.",
        "Ann & Cid's score for this hand: -50. Total: -50; bags: 0.",
    ]
    assert lines(result, BD)[1] == "Ben & Dan made 8 of 8: +80."


def test_c_e3_with_failed_nil_helps_off_only_cids_tricks_count():
    result = score(C_E3_BIDS, C_E3_TRICKS, Settings(failed_nil_helps=False))
    ann_cid = result.team(AC)
    assert (ann_cid.tricks, ann_cid.counted, ann_cid.made, ann_cid.bags_added) == (5, 4, False, 0)
    assert points(ann_cid) == (-50, -100, 0, -150)
    assert lines(result, AC)[1:3] == [
        "Ann & Cid took 4 of 5, not counting Ann's tricks under Nil: set, -50.",
        "Ann bid Nil but took 1 trick: -100.",
    ]


def test_c_e4_both_partners_nil():
    result = score({"Ben": 6, "Cid": "nil", "Dan": 5, "Ann": "nil"}, {"Ann": 0, "Cid": 2, "Ben": 6, "Dan": 5})
    ann_cid = result.team(AC)
    assert (ann_cid.contract, ann_cid.made, ann_cid.bags_added, ann_cid.bags) == (0, True, 2, 2)
    assert points(ann_cid) == (2, 0, 0, 2)
    assert [(nil.player, nil.points) for nil in result.nils] == [("Cid", -100), ("Ann", 100)]
    assert result.team(BD).delta == 110
    assert lines(result, AC) == [
        "Ann bid Nil and Cid bid Nil: a contract of 0.",
        "Ann & Cid bid no tricks and took 2, all bags: +2.",
        "Cid bid Nil but took 2 tricks: -100.",
        "Ann bid Nil and took no tricks: +100.",
        "Ann & Cid's score for this hand: +2. Total: 2; bags: 2.",
    ]


BLIND = Settings(blind_nil=True, blind_margin=100)
C_E5_BIDS = {"Ben": 4, "Cid": 4, "Dan": "blind-nil", "Ann": 5}
C_E5_TRICKS = {"Ann": 5, "Cid": 4, "Ben": 4, "Dan": 0}


def test_c_e5_blind_nil_when_behind_by_120():
    before = {AC: Standing(120, 0), BD: Standing(0, 0)}
    parsed = entry(C_E5_BIDS, C_E5_TRICKS)
    check_blind_margin(TABLE, BLIND, parsed, before)
    result = score_hand(TABLE, BLIND, 1, parsed, before)
    assert result.nils == (NilOutcome("Dan", BD, blind=True, tricks=0, made=True, points=200),)
    assert points(result.team(BD)) == (40, 200, 0, 240)
    assert lines(result, BD) == [
        "Ben bid 4 and Dan bid Blind Nil: a contract of 4.",
        "Ben & Dan made 4 of 4: +40.",
        "Dan bid Blind Nil and took no tricks: +200.",
        "Ben & Dan's score for this hand: +240. Total: 240; bags: 0.",
    ]


def test_c_e5_blind_nil_when_behind_by_90_is_refused_on_dans_bid():
    before = {AC: Standing(90, 0), BD: Standing(0, 0)}
    with pytest.raises(NotAllowed) as error:
        check_blind_margin(TABLE, BLIND, entry(C_E5_BIDS, C_E5_TRICKS), before)
    assert fields(error) == [("bids[2].bid", "Blind Nil needs your team to be behind by at least 100")]


def test_c_e5_through_the_game_the_margin_is_checked_on_the_scores_before_the_deal():
    # Ann & Cid 11 of 11 (+110), Ben & Dan 1 with 2 tricks (+11): Ben & Dan are behind by 99.
    behind_by_99 = entry({"Ben": 1, "Cid": 5, "Dan": 0, "Ann": 6}, {"Ann": 6, "Cid": 5, "Ben": 2, "Dan": 0})
    game = Game(TABLE, BLIND, [behind_by_99])
    assert game.totals() == {AC: Standing(110, 0), BD: Standing(11, 1)}
    assert not game.is_blind_nil_open(BD)
    blind = entry({"Cid": 4, "Dan": "blind-nil", "Ann": 5, "Ben": 4}, C_E5_TRICKS)
    with pytest.raises(NotAllowed) as error:
        game.add(blind)
    assert fields(error) == [("bids[1].bid", "Blind Nil needs your team to be behind by at least 100")]
    assert len(game.hands) == 1
    # Ann & Cid 12 with 13 tricks (+121), Ben & Dan 0 and 0 (0): behind by 121.
    behind_by_121 = entry({"Ben": 0, "Cid": 6, "Dan": 0, "Ann": 6}, {"Ann": 7, "Cid": 6, "Ben": 0, "Dan": 0})
    game = Game(TABLE, BLIND, [behind_by_121])
    assert game.is_blind_nil_open(BD) and not game.is_blind_nil_open(AC)
    assert game.add(blind).team(BD).nil_points == 200


def test_c_e6_bags_reach_the_limit():
    before = {AC: Standing(300, 8), BD: Standing(0, 0)}
    result = score({"Ben": 1, "Cid": 3, "Dan": 1, "Ann": 4}, {"Ann": 5, "Cid": 5, "Ben": 2, "Dan": 1}, before=before)
    ann_cid = result.team(AC)
    assert (ann_cid.contract, ann_cid.bags_added, ann_cid.bags_reached, ann_cid.bags) == (7, 3, 11, 1)
    assert points(ann_cid) == (73, 0, -100, -27)
    assert lines(result, AC) == [
        "Ann bid 4 and Cid bid 3: a contract of 7.",
        "Ann & Cid made 7 with 10 tricks: +70 and 3 bags: +73.",
        "Ann & Cid's bags reached 11: -100, 1 bag carries over.",
        "Ann & Cid's score for this hand: -27. Total: 273; bags: 1.",
    ]


def exact(ann_cid_tricks):
    """A hand both teams make exactly: Ann & Cid bid and take `ann_cid_tricks`, Ben & Dan the rest."""
    other = 13 - ann_cid_tricks
    ann, cid, ben, dan = (ann_cid_tricks + 1) // 2, ann_cid_tricks // 2, (other + 1) // 2, other // 2
    return entry({"Ann": ann, "Ben": ben, "Cid": cid, "Dan": dan}, {"Ann": ann, "Ben": ben, "Cid": cid, "Dan": dan})


# Ann & Cid take all 13 of 13 (+130); Ben & Dan bid 1 and are set (-10).
SWEEP = entry({"Ann": 7, "Ben": 1, "Cid": 6, "Dan": 0}, {"Ann": 7, "Ben": 0, "Cid": 6, "Dan": 0})


def test_c_e7_510_against_520_the_higher_score_wins():
    game = Game(TABLE, Settings(target=500), [SWEEP, *(exact(a) for a in (6, 5, 5, 5, 5, 6))])
    assert game.totals() == {AC: Standing(450, 0), BD: Standing(450, 0)}
    game.add(exact(6))
    assert game.totals() == {AC: Standing(510, 0), BD: Standing(520, 0)}
    assert (game.is_over(), game.winner()) == (True, BD)
    assert str(game.status_line()) == "Ben & Dan win with 520."
    with pytest.raises(NotAllowed) as error:
        game.add(exact(6))
    assert fields(error) == [("game", "This game is over: Ben & Dan have won.")]


def test_c_e7_510_against_510_plays_on():
    game = Game(TABLE, Settings(target=500), [SWEEP, SWEEP, *(exact(4) for _ in range(5)), exact(5)])
    assert game.totals() == {AC: Standing(510, 0), BD: Standing(510, 0)}
    assert (game.is_over(), game.winner()) == (False, None)
    assert str(game.status_line()) == "Ann & Cid and Ben & Dan are tied on 510: play continues."
    game.add(exact(7))
    assert game.winner() == AC


MIRROR = Settings(variant=Variant.MIRROR)


def test_c_e8_mirror_bids_adding_up_to_13_are_accepted():
    result = score({"Ann": 3, "Ben": 4, "Cid": "nil", "Dan": 6}, {"Ann": 3, "Ben": 4, "Cid": 0, "Dan": 6}, MIRROR)
    assert (result.team(AC).delta, result.team(BD).delta) == (130, 100)


def test_c_e8_mirror_bids_adding_up_to_15_are_refused():
    with pytest.raises(NotAllowed) as error:
        score({"Ann": 3, "Ben": 4, "Cid": 2, "Dan": 6}, {"Ann": 3, "Ben": 4, "Cid": 0, "Dan": 6}, MIRROR)
    assert fields(error) == [
        ("bids", "In Mirror the bids are the spades each player holds, so they add up to 13 (these add up to 15).")
    ]


def test_c5_mirror_bids_under_13_are_refused_too():
    with pytest.raises(NotAllowed) as error:
        score({"Ann": 3, "Ben": 4, "Cid": 2, "Dan": 2}, {"Ann": 3, "Ben": 4, "Cid": 3, "Dan": 3}, MIRROR)
    assert fields(error) == [
        ("bids", "In Mirror the bids are the spades each player holds, so they add up to 13 (these add up to 11).")
    ]


SUICIDE = Settings(variant=Variant.SUICIDE)


def test_c_e9_suicide_one_nil_and_four_or_more_per_team_is_accepted():
    result = score({"Ann": "nil", "Cid": 5, "Ben": 4, "Dan": "nil"}, {"Ann": 0, "Cid": 6, "Ben": 6, "Dan": 1}, SUICIDE)
    assert points(result.team(AC)) == (51, 100, 0, 151)
    assert points(result.team(BD)) == (43, -100, 0, -57)


def test_c_e9_suicide_without_a_nil_is_refused_for_ann_and_cid():
    with pytest.raises(NotAllowed) as error:
        score({"Ann": 3, "Cid": 5, "Ben": 4, "Dan": "nil"}, {"Ann": 3, "Cid": 5, "Ben": 5, "Dan": 0}, SUICIDE)
    assert fields(error) == [("teams.Ann & Cid", "In Suicide one partner bids Nil and the other 4 or more.")]


# --- house rules -----------------------------------------------------------


def test_nil_value_50_and_blind_nil_doubles_it():
    settings = Settings(nil_value=50, blind_nil=True)
    before = {AC: Standing(200, 0), BD: Standing(0, 0)}
    result = score({"Ben": "nil", "Cid": 4, "Dan": "blind-nil", "Ann": 5}, {"Ann": 6, "Cid": 4, "Ben": 2, "Dan": 1},
                   settings, before=before)
    assert [(nil.player, nil.blind, nil.made, nil.points) for nil in result.nils] == [
        ("Ben", False, False, -50), ("Dan", True, False, -100)
    ]
    assert points(result.team(BD)) == (3, -150, 0, -147)
    assert lines(result, BD)[1:4] == [
        "Ben & Dan bid no tricks and took 3, all bags: +3.",
        "Ben bid Nil but took 2 tricks: -50.",
        "Dan bid Blind Nil but took 1 trick: -100.",
    ]


@pytest.mark.parametrize(
    ("settings", "zero_is_nil"),
    [(Settings(), False), (Settings(zero_is_nil=True), True), (MIRROR, True)],
)
def test_a_bid_of_zero_is_an_ordinary_bid_unless_zero_is_nil_or_mirror(settings, zero_is_nil):
    result = score({"Ben": 4, "Cid": 5, "Dan": 0, "Ann": 4}, {"Ann": 4, "Cid": 5, "Ben": 4, "Dan": 0}, settings)
    assert [nil.player for nil in result.nils] == (["Dan"] if zero_is_nil else [])
    ben_dan = result.team(BD)
    assert (ben_dan.contract_points, ben_dan.nil_points) == (40, 100 if zero_is_nil else 0)
    assert lines(result, BD)[0] == (
        "Ben bid 4 and Dan bid 0, a Nil: a contract of 4." if zero_is_nil else "Ben bid 4 and Dan bid 0: a contract of 4."
    )


def test_failed_nil_helps_off_a_made_contract_counts_the_nil_tricks_as_bags():
    settings = Settings(failed_nil_helps=False)
    result = score({"Ben": 2, "Cid": 5, "Dan": 2, "Ann": "nil"}, {"Ann": 1, "Cid": 6, "Ben": 3, "Dan": 3}, settings)
    ann_cid = result.team(AC)
    assert (ann_cid.tricks, ann_cid.counted, ann_cid.made, ann_cid.bags_added) == (7, 6, True, 2)
    assert points(ann_cid) == (52, -100, 0, -48)
    assert lines(result, AC)[1] == (
        "Ann & Cid made 5 with 6 tricks, not counting Ann's tricks under Nil, which are bags: +50 and 2 bags: +52."
    )
    result = score({"Ben": 2, "Cid": 4, "Dan": 2, "Ann": "nil"}, {"Ann": 1, "Cid": 4, "Ben": 4, "Dan": 4}, settings)
    assert lines(result, AC)[1] == (
        "Ann & Cid made 4 with 4 tricks, not counting Ann's tricks under Nil, which are bags: +40 and 1 bag: +41."
    )


@pytest.mark.parametrize(
    ("tricks", "line"),
    [
        ({"Ann": 0, "Cid": 0, "Ben": 7, "Dan": 6}, "Ann & Cid bid no tricks and took none: 0."),
        ({"Ann": 0, "Cid": 1, "Ben": 6, "Dan": 6}, "Ann & Cid bid no tricks and took 1, a bag: +1."),
    ],
)
def test_a_contract_of_zero_is_made_with_any_tricks(tricks, line):
    result = score({"Ben": 6, "Cid": "nil", "Dan": 6, "Ann": 0}, tricks)
    assert lines(result, AC)[1] == line


def test_bag_limit_zero_counts_bags_without_a_penalty():
    before = {AC: Standing(0, 30), BD: Standing(0, 0)}
    result = score({"Ben": 1, "Cid": 3, "Dan": 1, "Ann": 4}, {"Ann": 5, "Cid": 5, "Ben": 2, "Dan": 1},
                   Settings(bag_limit=0), before=before)
    ann_cid = result.team(AC)
    assert (ann_cid.bags, ann_cid.bag_penalty, ann_cid.has_bag_penalty()) == (33, 0, False)


def test_the_bag_penalty_repeats_for_every_full_limit():
    before = {AC: Standing(0, 9), BD: Standing(0, 0)}
    result = score({"Ben": 0, "Cid": 0, "Dan": 0, "Ann": 0}, {"Ann": 7, "Cid": 6, "Ben": 0, "Dan": 0}, before=before)
    ann_cid = result.team(AC)
    assert (ann_cid.bags_reached, ann_cid.bag_penalty, ann_cid.bags, ann_cid.delta) == (22, -200, 2, -187)
    assert lines(result, AC)[2] == "Ann & Cid's bags reached 22: -200, 2 bags carry over."
    before = {AC: Standing(0, 7), BD: Standing(0, 0)}
    result = score({"Ben": 0, "Cid": 0, "Dan": 0, "Ann": 0}, {"Ann": 7, "Cid": 6, "Ben": 0, "Dan": 0}, before=before)
    assert lines(result, AC)[2] == "Ann & Cid's bags reached 20: -200, no bags carry over."


MERCY = Settings(mercy=True)
# Ann & Cid bid 13 (7 and 6) and take none: set, -130; Ben & Dan bid 0 and 0 and take 13: +13, 13 bags, -100.
DISASTER = entry({"Ann": 7, "Ben": 0, "Cid": 6, "Dan": 0}, {"Ann": 0, "Ben": 7, "Cid": 0, "Dan": 6})


def test_mercy_a_team_at_or_below_minus_200_loses_at_once():
    game = Game(TABLE, MERCY, [DISASTER])
    assert game.totals() == {AC: Standing(-130, 0), BD: Standing(-87, 3)}
    assert not game.is_over()
    game.add(DISASTER)
    assert game.totals() == {AC: Standing(-260, 0), BD: Standing(-174, 6)}
    assert (game.fallen(), game.winner()) == ((AC,), BD)
    assert str(game.status_line()) == "Ann & Cid fell to -260, at or below -200: Ben & Dan win by the mercy rule."


def test_without_mercy_play_goes_on_below_the_floor():
    game = Game(TABLE, Settings(), [DISASTER, DISASTER])
    assert (game.fallen(), game.is_over(), str(game.status_line())) == ((), False, "First team to 500 wins.")


def test_mercy_when_both_teams_fall_the_higher_wins_and_equal_plays_on():
    # Both teams are set: Ann & Cid bid 10 and take 9 (-100), Ben & Dan bid 5 and take 4 (-50).
    both_set = entry({"Ann": 5, "Ben": 3, "Cid": 5, "Dan": 2}, {"Ann": 4, "Ben": 2, "Cid": 5, "Dan": 2})
    game = Game(TABLE, Settings(mercy=True, mercy_floor=-50), [both_set])
    assert game.totals() == {AC: Standing(-100, 0), BD: Standing(-50, 0)}
    assert game.winner() == BD
    assert str(game.status_line()) == "Both teams fell to -50 or below: Ben & Dan win with -50."
    even = entry({"Ann": 5, "Ben": 5, "Cid": 5, "Dan": 5}, {"Ann": 4, "Ben": 3, "Cid": 2, "Dan": 4})
    game = Game(TABLE, Settings(mercy=True, mercy_floor=-50), [even])
    assert (game.fallen(), game.winner()) == ((AC, BD), None)
    assert str(game.status_line()) == "Ann & Cid and Ben & Dan are tied on -100: play continues."


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        (Settings(), "Blind Nil is off in this game."),
        (SUICIDE, "Suicide is played without Blind Nil."),
        (MIRROR, "Mirror is played without Blind Nil."),
    ],
)
def test_blind_nil_only_where_the_game_plays_it(settings, message):
    with pytest.raises(NotAllowed) as error:
        score({"Ben": 4, "Cid": 5, "Dan": "blind-nil", "Ann": "nil"}, {"Ann": 0, "Cid": 5, "Ben": 8, "Dan": 0},
              settings)
    assert fields(error)[0] == ("bids[2].bid", message)


@pytest.mark.parametrize(
    "bids",
    [
        {"Ann": "nil", "Cid": 3, "Ben": 4, "Dan": "nil"},
        {"Ann": "nil", "Cid": "nil", "Ben": 4, "Dan": "nil"},
        {"Ann": 4, "Cid": 5, "Ben": 4, "Dan": "nil"},
        {"Ann": 0, "Cid": 5, "Ben": 4, "Dan": "nil"},
    ],
)
def test_suicide_refusals_name_the_team(bids):
    with pytest.raises(NotAllowed) as error:
        score(bids, {"Ann": 0, "Cid": 5, "Ben": 8, "Dan": 0}, SUICIDE)
    assert fields(error) == [("teams.Ann & Cid", "In Suicide one partner bids Nil and the other 4 or more.")]


def test_suicide_with_zero_is_nil_accepts_a_zero_and_both_teams_can_be_refused():
    settings = Settings(variant=Variant.SUICIDE, zero_is_nil=True)
    result = score({"Ann": 0, "Cid": 5, "Ben": 4, "Dan": "nil"}, {"Ann": 0, "Cid": 5, "Ben": 8, "Dan": 0}, settings)
    assert [nil.player for nil in result.nils] == ["Dan", "Ann"]
    with pytest.raises(NotAllowed) as error:
        score({"Ann": 4, "Cid": 5, "Ben": 4, "Dan": 4}, {"Ann": 0, "Cid": 5, "Ben": 8, "Dan": 0}, SUICIDE)
    assert [field for field, _ in fields(error)] == ["teams.Ann & Cid", "teams.Ben & Dan"]


# --- settings --------------------------------------------------------------


def test_settings_defaults_and_round_trip():
    assert Settings.parse(None) == Settings.parse({}) == Settings()
    assert Settings().to_dict() == {
        "variant": "partnership", "target": 500, "bag_limit": 10, "bag_penalty": 100, "nil_value": 100,
        "blind_nil": False, "blind_margin": 100, "failed_nil_helps": True, "zero_is_nil": False, "mercy": False,
        "mercy_floor": -200,
    }
    settings = Settings.parse({"variant": "mirror", "target": 300, "nil_value": 50, "mercy": True, "mercy_floor": -500})
    assert settings == Settings(Variant.MIRROR, target=300, nil_value=50, mercy=True, mercy_floor=-500)
    assert Settings.parse(settings.to_dict()) == settings


def test_settings_parse_reports_every_problem():
    with pytest.raises(MalformedInput) as error:
        Settings.parse({
            "variant": "dummy", "target": 0, "bag_limit": True, "bag_penalty": "100", "nil_value": 0,
            "blind_margin": -1, "mercy_floor": 0, "blind_nil": 1, "failed_nil_helps": "yes", "zero_is_nil": None,
            "mercy": "on",
        })
    assert fields(error) == [
        ("settings.variant", "Choose a variant: partnership, suicide, mirror."),
        ("settings.target", "The target is a whole number from 1 to 10000."),
        ("settings.bag_limit", "The bag limit is a whole number from 0 to 100."),
        ("settings.bag_penalty", "The bag penalty is a whole number from 0 to 1000."),
        ("settings.nil_value", "The value of a Nil is a whole number from 1 to 1000."),
        ("settings.blind_margin", "The Blind Nil margin is a whole number from 0 to 10000."),
        ("settings.mercy_floor", "The mercy floor is a whole number from -10000 to -1."),
        ("settings.blind_nil", "Blind Nil is on or off: true or false."),
        ("settings.failed_nil_helps", "Whether a failed Nil's tricks help the contract is true or false."),
        ("settings.mercy", "The mercy rule is on or off: true or false."),
    ]


@pytest.mark.parametrize(("variant", "label"), [("suicide", "Suicide"), ("mirror", "Mirror")])
def test_blind_nil_cannot_be_turned_on_for_suicide_or_mirror(variant, label):
    with pytest.raises(MalformedInput) as error:
        Settings.parse({"variant": variant, "blind_nil": True})
    assert fields(error) == [("settings.blind_nil", f"{label} is played without Blind Nil.")]


def test_settings_must_be_an_object():
    with pytest.raises(MalformedInput) as error:
        Settings.parse([500])
    assert fields(error) == [("settings", "The settings must be an object.")]


def test_variant_labels_and_reminders():
    assert [str(variant.label) for variant in Variant] == ["Partnership", "Suicide", "Mirror"]
    assert [str(variant.reminder) for variant in Variant] == [
        "Partnership: each team's contract is the sum of the partners' bids.",
        "Suicide: in each team one partner bids Nil and the other 4 or more.",
        "Mirror: everyone bids the number of spades they hold, Nil with none.",
    ]


# --- table -----------------------------------------------------------------


def test_table_create_trims_and_matches_the_dealer_in_any_case():
    table = Table.create([" Ann ", "Ben", "Cid", "Dan"], "dan")
    assert table == Table(("Ann", "Ben", "Cid", "Dan"), "Dan")
    assert table.bidding_order(1) == ("Ann", "Ben", "Cid", "Dan")
    assert [table.dealer(n) for n in (1, 2, 3, 4, 5)] == ["Dan", "Ann", "Ben", "Cid", "Dan"]
    assert (table.team_of("Dan").name, table.partner_of("Dan"), table.partner_of("Cid")) == (BD, "Ben", "Ann")


def test_table_create_reports_every_problem():
    with pytest.raises(MalformedInput) as error:
        Table.create(["Ann", "Ben", "Cid"], "Ann")
    assert fields(error) == [("players", "Enter exactly 4 player names.")]
    with pytest.raises(MalformedInput) as error:
        Table.create(["Ann", "ann", "Cid", " "], "Ann")
    assert fields(error) == [("players[1]", "Two players cannot both be called “ann”."), ("players[3]", "Enter a name.")]
    with pytest.raises(MalformedInput) as error:
        Table.create(["Ann", "Ben", "Cid", "Dan"], "Eve")
    assert fields(error) == [("first_dealer", "Choose the first dealer from the four players.")]


def test_names_that_would_give_both_teams_one_name_are_refused():
    with pytest.raises(MalformedInput) as error:
        Table.create(["X", "X & Y", "Y & Z", "Z"], "X")
    assert fields(error) == [("players", "These names make both teams “X & Y & Z”; change one of them.")]


# --- parsing a hand --------------------------------------------------------

GOOD_BIDS = [{"player": "Ben", "bid": 3}, {"player": "Cid", "bid": "nil"},
             {"player": "Dan", "bid": "blind-nil"}, {"player": "Ann", "bid": 5}]
GOOD_TRICKS = {"Ann": 6, "Ben": 5, "Cid": 0, "Dan": 2}


def test_parse_hand_matches_names_and_nils_in_any_case_and_round_trips():
    parsed = parse_hand(TABLE, {
        "bids": [{"player": "ben", "bid": 3}, {"player": "CID", "bid": " Nil "},
                 {"player": "Dan", "bid": "BLIND-NIL"}, {"player": "Ann", "bid": 5}],
        "tricks": {"dan": 2, "Cid": 0, "BEN": 5, "Ann": 6},
    })
    assert parsed == HandEntry(
        (Bid("Ben", 3), Bid("Cid", Nil.NIL), Bid("Dan", Nil.BLIND), Bid("Ann", 5)),
        (("Ann", 6), ("Ben", 5), ("Cid", 0), ("Dan", 2)),
    )
    assert hand_to_dict(parsed) == {"bids": GOOD_BIDS, "tricks": GOOD_TRICKS}
    assert (parsed.tricks_of("Ben"), parsed.bid_of("Dan").number, parsed.index_of("Dan")) == (5, 0, 2)


@pytest.mark.parametrize(
    ("bids", "tricks", "expected"),
    [
        (None, GOOD_TRICKS, [("bids", "Enter one bid for each of the four players.")]),
        (GOOD_BIDS[:3], GOOD_TRICKS, [("bids", "Enter one bid for each of the four players.")]),
        ([*GOOD_BIDS[:3], GOOD_BIDS[0]], GOOD_TRICKS, [("bids", "Ann has no bid."), ("bids", "Ben has bid twice.")]),
        ([*GOOD_BIDS[:3], "Ann 5"], GOOD_TRICKS,
         [("bids[3]", "Each bid needs a player and a number of tricks or Nil."), ("bids", "Ann has no bid.")]),
        ([*GOOD_BIDS[:3], {"player": "Eve", "bid": 5}], GOOD_TRICKS,
         [("bids[3].player", "“Eve” is not a player in this game."), ("bids", "Ann has no bid.")]),
        ([*GOOD_BIDS[:3], {"bid": 5}], GOOD_TRICKS,
         [("bids[3].player", "Choose the player who made this bid."), ("bids", "Ann has no bid.")]),
        ([{"player": "Ben", "bid": 14}, {"player": "Cid", "bid": True}, {"player": "Dan", "bid": "blind"},
          {"player": "Ann"}], GOOD_TRICKS,
         [(f"bids[{i}].bid", "A bid is a whole number from 0 to 13, “nil” or “blind-nil”.") for i in range(4)]),
        (GOOD_BIDS, [6, 5, 0, 2], [("tricks", "Enter the tricks each player took.")]),
        (GOOD_BIDS, {"Ann": 6, "Ben": 5, "Cid": 0, "Dan": 1},
         [("tricks", "The four players took 12 tricks; they must take exactly 13.")]),
        (GOOD_BIDS, {"Ann": 6, "Ben": 5}, [("tricks", "Enter the tricks of Cid."), ("tricks", "Enter the tricks of Dan.")]),
        (GOOD_BIDS, {"Ann": 6, "ann": 6, "Ben": 5, "Cid": "0", "Dan": 14, "Eve": 0, " ": 1},
         [("tricks.ann", "The tricks of Ann are entered twice."),
          ("tricks.Cid", "Tricks are a whole number from 0 to 13."),
          ("tricks.Dan", "Tricks are a whole number from 0 to 13."),
          ("tricks.Eve", "“Eve” is not a player in this game."),
          ("tricks. ", "Name the player who took these tricks.")]),
    ],
)
def test_parse_hand_reports_every_problem(bids, tricks, expected):
    with pytest.raises(MalformedInput) as error:
        parse_hand(TABLE, {"bids": bids, "tricks": tricks})
    assert fields(error) == expected


def test_parse_hand_needs_an_object():
    with pytest.raises(MalformedInput) as error:
        parse_hand(TABLE, "3 nil blind 5")
    assert fields(error) == [("bids", "Enter one bid for each of the four players.")]


# --- the game log ----------------------------------------------------------

C_E2 = entry({"Ben": 3, "Cid": 4, "Dan": 2, "Ann": 5}, {"Ann": 4, "Cid": 6, "Ben": 2, "Dan": 1})


def test_a_new_game_and_the_next_hand():
    game = Game(TABLE, Settings())
    assert game.totals() == {AC: Standing(0, 0), BD: Standing(0, 0)}
    assert (game.next_hand_number(), game.next_dealer(), game.next_leader()) == (1, "Ann", "Ben")
    assert game.next_bidding_order() == ("Ben", "Cid", "Dan", "Ann")
    assert str(game.status_line()) == "First team to 500 wins."
    assert (game.is_over(), game.winner(), game.is_blind_nil_open(BD)) == (False, None, False)


def test_add_then_undo():
    game = Game(TABLE, Settings())
    game.add(C_E2)
    assert game.totals() == {AC: Standing(91, 1), BD: Standing(-50, 0)}
    assert (game.next_dealer(), game.next_leader()) == ("Ben", "Cid")
    assert game.undo() == C_E2
    assert (game.entries, game.hands, game.totals()[AC]) == ((), (), Standing(0, 0))
    with pytest.raises(NotAllowed) as error:
        game.undo()
    assert fields(error) == [("game", "There is no hand to undo.")]


def test_add_refuses_an_entry_for_another_table():
    other = Table(("Eve", "Fay", "Gus", "Hal"), "Eve")
    foreign = entry({"Eve": 1, "Fay": 2, "Gus": 3, "Hal": 4}, {"Eve": 4, "Fay": 3, "Gus": 3, "Hal": 3}, table=other)
    with pytest.raises(MalformedInput) as error:
        Game(TABLE, Settings()).add(foreign)
    assert fields(error) == [("bids", "This hand was entered for other players.")]


def test_replace_rescores_and_marks_hands_after_the_end():
    game = Game(TABLE, Settings(target=100), [C_E2, C_E2])
    assert (game.winner(), game.totals()[AC]) == (AC, Standing(182, 2))
    game.replace(1, exact(6))
    assert game.totals() == {AC: Standing(151, 1), BD: Standing(20, 0)}
    game.replace(1, SWEEP)
    assert (game.winner(), game.after_end, len(game.entries), len(game.hands)) == (AC, (2,), 2, 1)
    with pytest.raises(NotAllowed) as error:
        game.replace(3, C_E2)
    assert fields(error) == [("number", "There is no hand 3.")]


def test_replace_with_refused_bids_changes_nothing():
    game = Game(TABLE, MIRROR, [exact(6)])
    before = (game.entries, game.hands)
    with pytest.raises(NotAllowed):
        game.replace(1, entry({"Ann": 3, "Ben": 4, "Cid": 2, "Dan": 6}, {"Ann": 3, "Ben": 4, "Cid": 0, "Dan": 6}))
    assert (game.entries, game.hands) == before


def test_a_replaced_hand_checks_its_blind_nil_but_later_blind_nils_stand():
    behind_by_121 = entry({"Ben": 0, "Cid": 6, "Dan": 0, "Ann": 6}, {"Ann": 7, "Cid": 6, "Ben": 0, "Dan": 0})
    blind = entry({"Cid": 4, "Dan": "blind-nil", "Ann": 5, "Ben": 4}, C_E5_TRICKS)
    game = Game(TABLE, BLIND, [behind_by_121])
    game.add(blind)
    # Correcting hand 1 so that Ben & Dan were never behind keeps hand 2's Blind Nil, as it was played.
    game.replace(1, exact(6))
    assert [hand.team(BD).nil_points for hand in game.hands] == [0, 200]
    # Replacing hand 2 itself checks the margin against the corrected scores.
    with pytest.raises(NotAllowed) as error:
        game.replace(2, blind)
    assert fields(error) == [("bids[1].bid", "Blind Nil needs your team to be behind by at least 100")]
    assert [hand.team(BD).nil_points for hand in game.hands] == [0, 200]
