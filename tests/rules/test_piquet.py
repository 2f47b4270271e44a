"""Piquet deal scoring, the docs/rules.md B7/B8 worked examples, the partie and the Saunt game."""

import pytest

from scorekeeper.rules.errors import MalformedInput, NotAllowed
from scorekeeper.rules.piquet import (
    DealEntry,
    Game,
    Role,
    Settings,
    Settlement,
    Table,
    Variant,
    add_settlements,
    deal_to_dict,
    explain_settlement,
    parse_deal,
    settle,
)

E, Y = "elder", "younger"
TABLE = Table.create(["Ann", "Ben"], "ben")  # Ben deals first: Ann is elder in odd deals


def line(result, name):
    """A player's deal line as a dict of the API's fields."""
    played = result.player(name)
    return {f: getattr(played, f) for f in ("carte_blanche", "point", "sequences", "sets", "repique", "pique",
                                             "tricks", "cards", "capot", "total")}


def score(payload, game=None):
    """Score *payload* as deal 1 of a fresh Rubicon partie; returns (elder line, younger line, result)."""
    result = (game or Game(TABLE, Settings())).add(parse_deal(payload))
    return line(result, "Ann"), line(result, "Ben"), result


ZERO = dict.fromkeys(("carte_blanche", "point", "sequences", "sets", "repique", "pique", "tricks", "cards",
                      "capot", "total"), 0)


def test_p1_aces_kings_queens_in_every_suit_score_170():
    elder, younger, result = score({
        "point": {E: {"cards": 3, "value": 31}},
        "sequences": {E: [{"length": 3, "top": "A"}] * 4},
        "sets": {E: [{"size": 4, "rank": r} for r in "AKQ"]},
        "tricks": [E] * 12,
    })
    assert elder == ZERO | {"point": 3, "sequences": 12, "sets": 42, "repique": 60, "tricks": 13, "capot": 40,
                            "total": 170}
    assert younger == ZERO
    assert [str(line) for line in result.explanation] == [
        "Ann's point of 3 (31) is good (Ben declared none): Ann scores 3.",
        ("Ann's tierce to the ace is good (Ben declared none): Ann scores 3 for tierce to the ace"
         " + 3 for tierce to the ace + 3 for tierce to the ace + 3 for tierce to the ace."),
        ("Ann's quatorze of aces is good (Ben declared none): Ann scores 14 for quatorze of aces"
         " + 14 for quatorze of kings + 14 for quatorze of queens."),
        "Ann reaches 57 before Ben scores: repique, +60.",
        "Trick points: Ann 13 (leads 12, captures 0, last trick 1), Ben 0 (leads 0, captures 0, last trick 0).",
        "Ann wins every trick: capot, +40.",
    ]


def test_p1_from_the_cards_younger_holding_the_rest_scores_nothing():
    elder, younger, _ = score({
        "cards": {E: [r + s for s in "SHDC" for r in "AKQ"], Y: [r + s for s in "SHDC" for r in "JT9"]},
        "tricks": [E] * 12,
    })
    assert elder["total"] == 170
    assert younger == ZERO


def test_p2_carte_blanche_and_a_sixieme_score_173():
    elder, younger, result = score({
        "carte_blanche": E,
        "cards": {E: "AS KS QS JS TS 9S AH TH AD TD AC TC".split(),
                  Y: "KH QH JH 9H 8H 7H KD QD JD 9D 8D 7D".split()},
        "tricks": [E] * 12,
    })
    assert elder == ZERO | {"carte_blanche": 10, "point": 6, "sequences": 16, "sets": 28, "repique": 60,
                            "tricks": 13, "capot": 40, "total": 173}
    assert younger == ZERO
    assert str(result.explanation[4]) == "Ann reaches 32 before Ben scores: repique, +60."


def test_b4_a_huitieme_scores_18():
    elder, _younger, _result = score({"sequences": {E: [{"length": 8, "top": "A"}], Y: []}, "tricks": [E, Y] * 6})
    assert elder["sequences"] == 18


P3_CARDS = {E: "7H AD 9S AH 8S AS 7C TH JH 7D 9C TC".split(), Y: "KC QS QD QH KD QC KH KS 9D JC 8C 8H".split()}


def test_p3_younger_repiques_with_quatorzes_when_the_point_is_equal():
    elder, younger, result = score({"cards": P3_CARDS, "tricks": [E, Y] * 6})
    assert {c: (r.good, r.points) for c, r in result.classes.items()} == {
        "point": ("equal", 0), "sequences": (Role.YOUNGER, 3), "sets": (Role.YOUNGER, 28)}
    assert (younger["point"], younger["sequences"], younger["sets"], younger["repique"]) == (0, 3, 28, 60)
    assert younger["sequences"] + younger["sets"] + younger["repique"] == 91
    assert (elder["point"], elder["repique"], elder["pique"]) == (0, 0, 0)
    assert [str(line) for line in result.explanation[:4]] == [
        "Ann's point of 4 (38) equals Ben's point of 4 (38): nobody scores.",
        "Ben's tierce to the king is good (Ann declared none): Ben scores 3.",
        "Ben's quatorze of kings beats Ann's trio of aces: Ben scores 14 for quatorze of kings + 14 for quatorze of queens.",
        "Ben reaches 31 before Ann scores: repique, +60.",
    ]


def test_p3_had_elder_scored_for_point_there_would_be_no_repique():
    elder, younger, _ = score({
        "point": {E: {"cards": 5, "value": 45}, Y: {"cards": 4, "value": 38}},
        "sequences": {Y: [{"length": 3, "top": "K"}]},
        "sets": {E: [{"size": 3, "rank": "A"}], Y: [{"size": 4, "rank": "K"}, {"size": 4, "rank": "Q"}]},
        "tricks": [E, Y] * 6,
    })
    assert (elder["point"], younger["sequences"], younger["sets"], younger["repique"]) == (5, 3, 28, 0)


P4_ELDER = {
    "point": {E: {"cards": 6, "value": 60}},
    "sequences": {E: [{"length": 6, "top": "A"}, {"length": 4, "top": "A"}]},
    "sets": {E: [{"size": 3, "rank": "A"}, {"size": 3, "rank": "K"}]},
    "tricks": [E, Y] * 6,
}


def test_p4_younger_carte_blanche_counts_first_so_elder_has_no_repique():
    elder, younger, _ = score(P4_ELDER | {"carte_blanche": Y})
    assert elder["point"] + elder["sequences"] + elder["sets"] == 32
    assert (elder["repique"], elder["pique"]) == (0, 0)
    assert younger["carte_blanche"] == 10


def test_p4_without_the_carte_blanche_elder_repiques():
    elder, _, result = score(P4_ELDER)
    assert elder["repique"] == 60
    assert not any("takes precedence" in str(line) for line in result.explanation)


CARTE_BLANCHE_FIRST = ("Carte blanche takes precedence of all other scores (Hoffmann, Hoyle's Games Modernized): "
                       "Ben scored first, so Ann has no repique.")


def test_p4_the_explanation_cites_the_source_that_puts_carte_blanche_first():
    _, _, result = score(P4_ELDER | {"carte_blanche": Y})
    explained = [str(line) for line in result.explanation]
    assert explained[4] == CARTE_BLANCHE_FIRST
    assert explained[3].startswith("Ann's trio of aces is good")


def test_a_carte_blanche_that_stops_no_repique_cites_nothing():
    _, _, result = score({"carte_blanche": Y, "point": {E: {"cards": 6, "value": 60}}, "tricks": [E, Y] * 6})
    assert not any("takes precedence" in str(line) for line in result.explanation)


def test_in_saunt_the_carte_blanche_is_cited_only_if_the_combinations_it_stopped_were_reckoned():
    payload = P4_ELDER | {"carte_blanche": Y}
    ended_on_it = Game(TABLE, Settings(Variant.SAUNT, 10)).add(parse_deal(payload))
    assert not any("takes precedence" in str(line) for line in ended_on_it.explanation)
    reckoned = Game(TABLE, Settings(Variant.SAUNT, 30)).add(parse_deal(payload))
    assert CARTE_BLANCHE_FIRST in map(str, reckoned.explanation)


P5_ELDER = {
    "point": {E: {"cards": 5, "value": 51}},
    "sequences": {E: [{"length": 5, "top": "A"}, {"length": 4, "top": "A"}]},
}


def test_p5_elder_piques_with_24_in_combinations_and_the_first_five_tricks():
    elder, younger, result = score(P5_ELDER | {"tricks": [E] * 5 + [Y] * 7})
    assert elder["point"] + elder["sequences"] == 24
    assert elder["pique"] == 30
    assert result.running_trick_points[4] == (6, 0)
    assert "Ann reaches 30 before Ben scores anything: pique, +30." in map(str, result.explanation)
    assert younger["cards"] == 10


def test_p5_four_tricks_before_younger_scores_are_not_enough():
    elder, _, _ = score(P5_ELDER | {"tricks": [E] * 4 + [Y] * 8})
    assert elder["pique"] == 0


def test_p5_from_trick_totals_the_pique_must_be_asked():
    # One capture each: elder wins 0 to 6 tricks before younger's first, so 25 to 31 before younger scores.
    totals = {E: {"won": 7, "points": 9}, Y: {"won": 5, "points": 6}}
    with pytest.raises(NotAllowed) as caught:
        score(P5_ELDER | {"trick_totals": totals})
    assert [(e.field, str(e.message)) for e in caught.value.errors] == [
        ("pique", "Pique is possible here: say whether elder piqued.")]
    elder, _, _ = score(P5_ELDER | {"trick_totals": totals, "pique": True})
    assert (elder["pique"], elder["tricks"], elder["cards"]) == (30, 9, 10)


def test_settlement_examples_of_b8():
    assert settle({"Napoleon": 154, "Josephine": 113}) == Settlement("Napoleon", 141, False)
    assert settle({"Napoleon": 93, "Josephine": 154}) == Settlement("Josephine", 347, True)
    assert settle({"Napoleon": 120, "Josephine": 120}) == Settlement(None, 0, False)


def test_settlements_are_explained_as_the_sum_they_make():
    assert str(explain_settlement({"Napoleon": 154, "Josephine": 113})) == (
        "Josephine crossed the Rubicon with 113. Napoleon scores 100 + 154 − 113 = 141.")
    assert str(explain_settlement({"Napoleon": 93, "Josephine": 154})) == (
        "Napoleon has 93, under 100: rubiconed. Josephine scores 100 + 154 + 93 = 347.")
    assert str(explain_settlement({"Napoleon": 120, "Josephine": 120})) == (
        "Level after the extra deals: the partie is drawn, nobody scores.")


def test_a_winner_under_100_still_scores_both_totals_when_the_loser_is_rubiconed():
    assert settle({"Ann": 90, "Ben": 80}) == Settlement("Ann", 270, True)


def test_settlements_add_up_per_player_over_a_session():
    parties = [Settlement("Napoleon", 141, False), Settlement("Josephine", 347, True), Settlement(None, 0, False)]
    assert add_settlements(parties, ["Napoleon", "Josephine"]) == {"Napoleon": -206, "Josephine": 206}


CAPOT = DealEntry(tricks=(Role.ELDER,) * 12)  # elder: 13 trick points + 40 capot
SIX_SIX = DealEntry(tricks=(Role.ELDER, Role.YOUNGER) * 6)  # 12 trick points each, no cards


def test_table_alternates_the_deal_and_dealer_is_younger():
    assert TABLE.players == ("Ann", "Ben") and TABLE.first_dealer == "Ben"
    assert [TABLE.dealer(n) for n in (1, 2, 3)] == ["Ben", "Ann", "Ben"]
    assert (TABLE.elder(1), TABLE.younger(1), TABLE.name_of(Role.ELDER, 2)) == ("Ann", "Ben", "Ben")


def test_table_first_dealer_must_be_a_player():
    with pytest.raises(MalformedInput) as caught:
        Table.create(["Ann", "Ben"], "Cid")
    assert [(e.field, str(e.message)) for e in caught.value.errors] == [
        ("first_dealer", "Choose the first dealer from the two players.")]


def test_a_rubicon_partie_is_six_deals_and_settles():
    game = Game(TABLE, Settings(), [CAPOT] * 5)
    assert (game.deals_planned(), game.is_over(), game.settlement()) == (6, False, None)
    assert str(game.status_line()) == "Deal 6 of 6: Ann deals, Ben is elder."
    game.add(SIX_SIX)
    assert game.scores() == {"Ann": 159 + 12, "Ben": 106 + 12}
    assert game.is_over() and game.deals[-1].ended_game
    assert game.settlement() == Settlement("Ann", 153, False)
    assert game.winner() == "Ann"
    assert str(game.status_line()) == "Ann wins the partie and scores 153."
    with pytest.raises(NotAllowed) as caught:
        game.add(CAPOT)
    assert [(e.field, str(e.message)) for e in caught.value.errors] == [("game", "This partie is over.")]


def test_a_partie_level_after_six_deals_goes_to_eight_then_may_be_drawn():
    game = Game(TABLE, Settings(), [CAPOT] * 6)
    assert game.scores() == {"Ann": 159, "Ben": 159}
    assert (game.deals_planned(), game.is_over()) == (8, False)
    game.add(CAPOT)
    game.add(CAPOT)
    assert game.is_over() and game.winner() is None
    assert game.settlement() == Settlement(None, 0, False)
    assert str(game.status_line()) == "The partie is drawn."


def test_fewer_than_12_trick_winners_are_refused_unless_a_saunt_game_ends():
    with pytest.raises(MalformedInput) as caught:
        Game(TABLE, Settings()).add(DealEntry(tricks=(Role.ELDER,) * 11))
    assert [(e.field, str(e.message)) for e in caught.value.errors] == [("tricks", "Enter exactly 12 trick winners.")]


def test_a_saunt_game_ends_at_the_first_event_reaching_the_target():
    game = Game(TABLE, Settings(Variant.SAUNT, 60), [CAPOT])  # Ann 53
    assert not game.is_over() and game.deals_planned() is None
    result = game.add(DealEntry(tricks=(Role.YOUNGER,) * 6))  # deal 2: Ann is younger, +2 +1 +1 +1 +1 +1
    assert game.is_over() and result.ended_game
    assert result.player("Ann").tricks == 7 and result.player("Ann").score == 60
    assert result.player("Ben").tricks == 1
    assert game.winner() == "Ann" and game.settlement() is None
    assert [str(line) for line in result.explanation[-2:]] == [
        "Ann reaches 60: the game ends here and nothing after counts.", "Ann won with Ben under 30: a double game."]
    assert str(game.status_line()) == "Ann reaches 60 and wins a double game."


def test_a_saunt_deal_cut_during_the_play_explains_only_what_counted():
    game = Game(TABLE, Settings(Variant.SAUNT, 10))
    result = game.add(parse_deal({"point": {E: {"cards": 5, "value": 48}}, "tricks": [E, E, E, E]}))
    assert [str(line) for line in result.explanation] == [
        "Ann's point of 5 (48) is good (Ben declared none): Ann scores 5.",
        "Nobody declared a sequence.",
        "Nobody declared a set.",
        "Trick points: Ann 5 (leads 5, captures 0, last trick 0), Ben 0 (leads 0, captures 0, last trick 0).",
        "Ann reaches 10: the game ends here and nothing after counts.",
        "Ann won with Ben under 5: a double game.",
    ]
    assert result.running_trick_points == ((2, 0), (3, 0), (4, 0), (5, 0))


def test_a_saunt_deal_cut_in_the_declarations_explains_no_play():
    game = Game(TABLE, Settings(Variant.SAUNT, 20))
    result = game.add(parse_deal({
        "point": {E: {"cards": 6, "value": 60}, Y: {"cards": 4, "value": 40}},
        "sets": {E: [{"size": 4, "rank": "A"}], Y: [{"size": 3, "rank": "K"}]},
    }))
    assert [str(line) for line in result.explanation] == [
        "Ann's point of 6 (60) beats Ben's point of 4 (40): Ann scores 6.",
        "Nobody declared a sequence.",
        "Ann's quatorze of aces beats Ben's trio of kings: Ann scores 14.",
        "Ann reaches 20: the game ends here and nothing after counts.",
        "Ann won with Ben under 10: a double game.",
    ]
    assert result.running_trick_points == ()
    assert line(result, "Ann") == {**ZERO, "point": 6, "sets": 14, "total": 20}


# Elder: point of 6 (6), sixieme and quint (16 + 15): 37 at the sequences, then a trio of tens (3).
REPIQUE_BEFORE_THE_TRIO = {
    "point": {E: {"cards": 6, "value": 60}},
    "sequences": {E: [{"length": 6, "top": "A"}, {"length": 5, "top": "A"}]},
    "sets": {E: [{"size": 3, "rank": "T"}]},
    "tricks": [E] * 12,
}


def test_the_repique_is_scored_the_moment_30_is_reached_before_the_rest():
    _, _, result = score(REPIQUE_BEFORE_THE_TRIO)
    assert [(event.field, event.points) for event in result.entry.score().events[:5]] == [
        ("point", 6), ("sequences", 31), ("repique", 60), ("sets", 3), ("tricks", 1)]


def test_in_saunt_the_game_ends_on_the_repique_and_the_trio_after_it_is_not_scored():
    game = Game(TABLE, Settings(Variant.SAUNT, 90))
    result = game.add(parse_deal(REPIQUE_BEFORE_THE_TRIO))
    assert game.is_over() and game.winner() == "Ann"
    assert line(result, "Ann") == {**ZERO, "point": 6, "sequences": 31, "repique": 60, "total": 97}
    assert [str(line) for line in result.explanation] == [
        "Ann's point of 6 (60) is good (Ben declared none): Ann scores 6.",
        "Ann's sixieme to the ace is good (Ben declared none): Ann scores 16 for sixieme to the ace + 15 for quint to the ace.",
        "Ann reaches 37 before Ben scores: repique, +60.",
        "Ann reaches 90: the game ends here and nothing after counts.",
        "Ann won with Ben under 45: a double game.",
    ]


def test_in_saunt_a_head_reaching_the_target_brings_its_repique_with_it():
    game = Game(TABLE, Settings(Variant.SAUNT, 37))
    result = game.add(parse_deal(REPIQUE_BEFORE_THE_TRIO))
    assert line(result, "Ann") == {**ZERO, "point": 6, "sequences": 31, "repique": 60, "total": 97}


def test_saunt_trick_totals_cannot_decide_the_game_during_play():
    game = Game(TABLE, Settings(Variant.SAUNT, 20))
    totals = parse_deal({"trick_totals": {E: {"won": 7, "points": 10}, Y: {"won": 5, "points": 7}}})
    with pytest.raises(NotAllowed) as caught:
        game.add(totals)
    assert caught.value.errors[0].field == "trick_totals"


def test_editing_a_deal_can_end_the_game_earlier_and_keeps_later_deals():
    game = Game(TABLE, Settings(Variant.SAUNT, 100), [SIX_SIX, SIX_SIX, SIX_SIX])
    game.replace(1, parse_deal({"carte_blanche": E, "sets": {E: [{"size": 4, "rank": r} for r in "AT"]},
                                "point": {E: {"cards": 6, "value": 60}}, "sequences": {E: [{"length": 6, "top": "A"}]},
                                "tricks": [E] * 12}))
    assert game.is_over() and len(game.deals) == 1 and game.after_end == (2, 3)
    assert game.undo() == SIX_SIX and game.after_end == (2,)


def test_undo_on_an_empty_game_is_not_allowed():
    with pytest.raises(NotAllowed) as caught:
        Game(TABLE, Settings()).undo()
    assert str(caught.value.errors[0].message) == "There is no deal to undo."


def test_settings_parse_and_write_the_api_shape():
    assert Settings.parse(None) == Settings()
    assert Settings.parse({"variant": "saunt"}).to_dict() == {"variant": "saunt", "target": 100}
    assert Settings.parse({"variant": "rubicon", "target": 50}).to_dict() == {"variant": "rubicon"}
    with pytest.raises(MalformedInput) as caught:
        Settings.parse({"variant": "piquet", "target": 0})
    assert [(e.field, str(e.message)) for e in caught.value.errors] == [
        ("settings.variant", "Choose rubicon or saunt."),
        ("settings.target", "The target is a whole number from 1 to 1000."),
    ]


def test_a_deal_round_trips_through_the_payload():
    for payload in (P4_ELDER | {"carte_blanche": Y}, {"cards": P3_CARDS, "tricks": [E, Y] * 6},
                    P5_ELDER | {"trick_totals": {E: {"won": 7, "points": 9}, Y: {"won": 5, "points": 6}},
                                "pique": False}):
        entry = parse_deal(payload)
        assert parse_deal(deal_to_dict(entry)) == entry


def test_a_deal_result_names_the_deal_the_roles_and_the_good_classes():
    _, _, result = score({"cards": P3_CARDS, "tricks": [E, Y] * 6})
    assert (result.number, result.dealer, result.elder, result.younger) == (1, "Ben", "Ann", "Ben")
    assert [(name, c.good, c.points) for name, c in result.classes.items()] == [
        ("point", "equal", 0), ("sequences", Role.YOUNGER, 3), ("sets", Role.YOUNGER, 28)]
    assert [(p.player, p.role, p.score) for p in result.players] == [
        ("Ann", Role.ELDER, result.player("Ann").total), ("Ben", Role.YOUNGER, result.player("Ben").total)]
    assert result.ended_game is False


# --- B4 to B6: the rules the worked examples leave implicit ------------------

ALTERNATE = [E, Y] * 6  # each wins the trick the other led: 6 tricks each


@pytest.mark.parametrize(("point", "line"), [
    pytest.param({E: {"cards": 4, "value": 41}, Y: {"cards": 5, "value": 44}},
                 "Ben's point of 5 (44) beats Ann's point of 4 (41): Ben scores 5.", id="more cards"),
    pytest.param({E: {"cards": 5, "value": 44}, Y: {"cards": 5, "value": 45}},
                 "Ben's point of 5 (45) beats Ann's point of 5 (44): Ben scores 5.", id="same cards, higher value"),
])
def test_b4_the_point_goes_to_more_cards_then_to_the_higher_value_for_1_a_card(point, line):
    elder, younger, result = score({"point": point, "tricks": ALTERNATE})
    assert (elder["point"], younger["point"]) == (0, 5)
    assert str(result.explanation[0]) == line


def test_b4_the_better_sequence_scores_with_every_other_sequence_of_its_holder():
    elder, younger, result = score({"sequences": {E: [{"length": 4, "top": "K"}],
                                                  Y: [{"length": 4, "top": "A"}, {"length": 3, "top": "A"}]},
                                    "tricks": ALTERNATE})
    assert (elder["sequences"], younger["sequences"]) == (0, 7)
    assert str(result.explanation[1]) == (
        "Ben's quart to the ace beats Ann's quart to the king: Ben scores 4 for quart to the ace + 3 for tierce "
        "to the ace.")


def test_b4_equal_sequences_score_nothing_for_either_player_not_even_a_lesser_one():
    elder, younger, result = score({"sequences": {E: [{"length": 4, "top": "A"}, {"length": 3, "top": "A"}],
                                                  Y: [{"length": 4, "top": "A"}]},
                                    "tricks": ALTERNATE})
    assert (elder["sequences"], younger["sequences"]) == (0, 0)
    assert str(result.explanation[1]) == "Ann's quart to the ace equals Ben's quart to the ace: nobody scores."


def test_b4_between_two_trios_the_higher_rank_wins_and_scores_every_set_of_its_holder():
    elder, younger, result = score({"sets": {E: [{"size": 3, "rank": "A"}, {"size": 3, "rank": "T"}],
                                             Y: [{"size": 3, "rank": "K"}]},
                                    "tricks": ALTERNATE})
    assert (elder["sets"], younger["sets"]) == (6, 0)
    assert str(result.explanation[2]) == (
        "Ann's trio of aces beats Ben's trio of kings: Ann scores 3 for trio of aces + 3 for trio of tens.")


def test_b6_six_tricks_each_score_nothing_for_cards_and_the_trick_points_follow_the_leads():
    # Elder: 1 for the lead, 1 for trick 1 (led it), 2 for each capture in tricks 3, 5 ... 11; younger 2 x 6.
    elder, younger, result = score({"tricks": ALTERNATE})
    assert (elder["tricks"], elder["cards"], younger["tricks"], younger["cards"]) == (12, 0, 12, 0)
    assert str(result.explanation[-1]) == "Each player wins 6 tricks: nobody scores for cards."


@pytest.mark.parametrize(("length", "pique", "total"), [(6, 0, 69), (7, 30, 100)])
def test_b5_the_capot_never_counts_toward_a_pique(length, pique, total):
    # A sixieme (16) and all 12 tricks (13) make 29 before the capot: no pique; a septieme (17) makes 30.
    elder, younger, _ = score({"sequences": {E: [{"length": length, "top": "A"}]}, "tricks": [E] * 12})
    assert (elder["tricks"], elder["capot"], elder["pique"], elder["total"]) == (13, 40, pique, total)
    assert younger == ZERO


def test_b5_younger_cannot_pique():
    # Younger has 22 in combinations, too few to repique, and wins every trick; elder's lead point came first.
    elder, younger, _ = score({"sequences": {Y: [{"length": 5, "top": "A"}, {"length": 4, "top": "A"}]},
                               "sets": {Y: [{"size": 3, "rank": "K"}]}, "tricks": [Y] * 12})
    assert elder == ZERO | {"tricks": 1, "total": 1}
    assert younger == ZERO | {"sequences": 19, "sets": 3, "tricks": 13, "capot": 40, "total": 75}


def test_b8_in_saunt_youngers_head_comes_before_elders_lead_point():
    # Ann (elder) has 9 in combinations and would reach 10 with her lead, but Ben's quatorze of aces (14) is
    # a head, reckoned before the play (Law 67).
    game = Game(TABLE, Settings(Variant.SAUNT, 10))
    result = game.add(parse_deal({"point": {E: {"cards": 5, "value": 44}}, "sequences": {E: [{"length": 4, "top": "K"}]},
                                  "sets": {Y: [{"size": 4, "rank": "A"}]}, "tricks": []}))
    assert game.winner() == "Ben" and game.is_double() is False
    assert (line(result, "Ann"), line(result, "Ben")) == (
        ZERO | {"point": 5, "sequences": 4, "total": 9}, ZERO | {"sets": 14, "total": 14})
    assert [str(line) for line in result.explanation] == [
        "Ann's point of 5 (44) is good (Ben declared none): Ann scores 5.",
        "Ann's quart to the king is good (Ben declared none): Ann scores 4.",
        "Ben's quatorze of aces is good (Ann declared none): Ben scores 14.",
        "Ben reaches 10: the game ends here and nothing after counts.",
        "Law 67: Ben's sets reckon before Ann's lead point, so Ben reached 10 first.",
    ]


# Before S1: elder wins every trick (13, capot 40) on 11 or 12 in combinations, then each player in turn
# shares the tricks (12 trick points each) with a good point of 6 as elder: Ann 94, Ben 95.
S1_ANN_64 = {"point": {E: {"cards": 4, "value": 40}}, "sequences": {E: [{"length": 4, "top": "K"}]},
             "sets": {E: [{"size": 3, "rank": "A"}]}, "tricks": [E] * 12}
S1_BEN_65 = {**S1_ANN_64, "point": {E: {"cards": 5, "value": 45}}}
SIX_SIX_AND_A_POINT = {"point": {E: {"cards": 6, "value": 54}}, "tricks": [E, Y] * 6}
S1_DEAL = {"point": {E: {"cards": 5, "value": 45}},
           "sequences": {Y: [{"length": 4, "top": "K"}, {"length": 3, "top": "A"}]}, "tricks": [E] * 12}


def test_s1_by_heads_bens_sequences_reach_100_before_anns_lead_point():
    game = Game(TABLE, Settings(Variant.SAUNT), [parse_deal(d) for d in (S1_ANN_64, S1_BEN_65, SIX_SIX_AND_A_POINT, SIX_SIX_AND_A_POINT)])
    assert game.scores() == {"Ann": 94, "Ben": 95} and game.next_elder() == "Ann"
    result = game.add(parse_deal(S1_DEAL))
    assert game.is_over() and game.winner() == "Ben" and game.scores() == {"Ann": 99, "Ben": 102}
    assert (line(result, "Ann"), line(result, "Ben")) == (
        ZERO | {"point": 5, "total": 5}, ZERO | {"sequences": 7, "total": 7})
    assert game.is_double() is False
    assert [str(line) for line in result.explanation] == [
        "Ann's point of 5 (45) is good (Ben declared none): Ann scores 5.",
        "Ben's quart to the king is good (Ann declared none): Ben scores 4 for quart to the king + 3 for tierce to the ace.",
        "Nobody declared a set.",
        "Ben reaches 100: the game ends here and nothing after counts.",
        "Law 67: Ben's sequences reckon before Ann's lead point, so Ben reached 100 first.",
    ]


def test_saunt_to_6_anns_point_of_5_and_bens_sequences_of_7_ben_wins_7_to_5():
    game = Game(TABLE, Settings(Variant.SAUNT, 6))
    game.add(parse_deal(S1_DEAL))
    assert game.winner() == "Ben" and game.scores() == {"Ann": 5, "Ben": 7}


def test_a_saunt_game_won_with_the_loser_under_half_the_target_is_a_double_game():
    game = Game(TABLE, Settings(Variant.SAUNT, 10))
    assert game.is_double() is None
    result = game.add(parse_deal({"sets": {Y: [{"size": 4, "rank": "A"}]}, "tricks": []}))
    assert game.winner() == "Ben" and game.is_double() is True
    assert str(result.explanation[-1]) == "Ben won with Ann under 5: a double game."


@pytest.mark.parametrize(("target", "ann", "double"), [(10, 4, True), (10, 5, False), (11, 5, True), (11, 6, False)])
def test_the_double_game_is_the_loser_under_half_the_target(target, ann, double):
    # Ann (elder) declares a point of *ann* cards; Ben's quatorze of aces (14) ends the game.
    game = Game(TABLE, Settings(Variant.SAUNT, target))
    value = {4: 39, 5: 47, 6: 54}[ann]  # king down, no ace: Ben holds the four
    game.add(parse_deal({"point": {E: {"cards": ann, "value": value}}, "sets": {Y: [{"size": 4, "rank": "A"}]},
                         "tricks": []}))
    assert game.scores() == {"Ann": ann, "Ben": 14} and game.is_double() is double


def test_a_rubicon_partie_has_no_double_game():
    game = Game(TABLE, Settings(), [CAPOT] * 5 + [SIX_SIX])
    assert game.is_over() and game.is_double() is None


def test_b8_in_saunt_younger_carte_blanche_comes_before_elders_combinations():
    game = Game(TABLE, Settings(Variant.SAUNT, 10))
    result = game.add(parse_deal({"carte_blanche": Y, "point": {E: {"cards": 5, "value": 44}},
                                  "sequences": {E: [{"length": 4, "top": "K"}]}, "tricks": []}))
    assert game.winner() == "Ben"
    assert (line(result, "Ann"), line(result, "Ben")) == (ZERO, ZERO | {"carte_blanche": 10, "total": 10})
    assert [str(line) for line in result.explanation] == [
        "Ben has carte blanche: +10.", "Nobody declared a set.",
        "Ben reaches 10: the game ends here and nothing after counts.", "Ben won with Ann under 5: a double game."]
