"""Declarations that must be possible together, and what carte blanche allows after it (docs/rules.md B3, B9)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.cards import PACK
from scorekeeper.rules.errors import MalformedInput, NotAllowed
from scorekeeper.rules.piquet import (
    ByRole,
    DealEntry,
    Game,
    Role,
    Settings,
    Table,
    check_hands,
    deal_to_dict,
    declarations_from_cards,
    parse_deal,
)
from scorekeeper.rules.piquet.combinations import Declarations
from scorekeeper.rules.piquet.fit import courts_in
from scorekeeper.rules.piquet.validation import COURT_LIMITS

E, Y = "elder", "younger"
TABLE = Table.create(["Ann", "Ben"], "Ben")  # Ann is elder in deal 1, Ben in deal 2
PLAY = {"tricks": [E, Y] * 6}


def refusal(payload, game=None):
    """What adding *payload* as the next deal is refused with."""
    with pytest.raises(NotAllowed) as caught:
        (game or Game(TABLE)).add(parse_deal(payload | PLAY))
    return [(error.field, str(error.message)) for error in caught.value.errors]


def accepted(payload):
    return Game(TABLE).add(parse_deal(payload | PLAY))


def seq(length, top):
    return {"length": length, "top": top}


def card_set(size, rank):
    return {"size": size, "rank": rank}


@pytest.mark.parametrize(("payload", "expected"), [
    pytest.param({"sets": {E: [card_set(4, "A")]}, "sequences": {Y: [seq(4, "A")]}},
                 ("sequences.younger[0]", "Ann's quatorze of aces and Ben's quart to the ace need the same ace."),
                 id="B9: a quatorze of aces and a quart to the ace"),
    pytest.param({"sequences": {E: [seq(8, "A")]}, "sets": {Y: [card_set(4, "A")]}},
                 ("sets.younger[0]", "Ann's huitieme to the ace and Ben's quatorze of aces need the same ace."),
                 id="B9: a huitieme and a quatorze of aces"),
    pytest.param({"sets": {E: [card_set(3, "A")]}, "sequences": {Y: [seq(5, "A"), seq(3, "A")]}},
                 ("sequences.younger[0]", "These declarations need the same ace: Ann's trio of aces; "
                                          "Ben's quint to the ace and tierce to the ace."),
                 id="a trio of aces and two sequences to the ace"),
    pytest.param({"point": {E: {"cards": 6, "value": 59}}, "sequences": {E: [seq(6, "K")]},
                  "sets": {Y: [card_set(3, "Q")]}},
                 ("sets.younger[0]", "These declarations need the same queen: Ann's point of 6 (59) and "
                                     "sixieme to the king; Ben's trio of queens."),
                 id="a point of 6 worth 59 holds a queen besides the sixieme's"),
    pytest.param({"sets": {E: [card_set(4, "T"), card_set(4, "J")]}, "point": {Y: {"cards": 6, "value": 58}}},
                 ("point.younger", "Two hands from one pack cannot hold all these declarations: "
                                   "Ann's quatorze of tens and quatorze of jacks; Ben's point of 6 (58)."),
                 id="a point of 6 worth 58 needs a 10 or a jack"),
    pytest.param({"sets": {E: [card_set(3, "K")], Y: [card_set(4, "A")]},
                  "sequences": {E: [seq(3, "A")], Y: [seq(3, "Q")]}},
                 ("sets.younger[0]", "Ann's tierce to the ace and Ben's quatorze of aces need the same ace."),
                 id="only the declarations in conflict are named"),
])
def test_declarations_no_two_hands_can_hold_are_refused_naming_both(payload, expected):
    assert refusal(payload) == [expected]


def test_the_roles_swap_with_the_deal_and_the_names_follow():
    game = Game(TABLE, Settings(), [parse_deal(PLAY)])  # deal 2: Ben is elder
    assert refusal({"sets": {E: [card_set(4, "A")]}, "sequences": {Y: [seq(4, "A")]}}, game) == [
        ("sequences.younger[0]", "Ben's quatorze of aces and Ann's quart to the ace need the same ace.")]


@pytest.mark.parametrize("payload", [
    pytest.param({"sets": {E: [card_set(3, "A")]}, "sequences": {Y: [seq(4, "A")]}}, id="a trio leaves one ace"),
    pytest.param({"sequences": {E: [seq(8, "A")], Y: [seq(8, "A")]},
                  "point": {E: {"cards": 8, "value": 75}, Y: {"cards": 8, "value": 75}}}, id="two whole suits"),
    pytest.param({"sequences": {E: [seq(3, "A")] * 4}, "point": {Y: {"cards": 4, "value": 34}},
                  "sets": {Y: [card_set(4, "T")]}}, id="four tierces to the ace and the rest"),
])
def test_declarations_two_hands_can_hold_are_accepted(payload):
    result = accepted(payload)
    assert result.number == 1
    assert result.entry == parse_deal(payload | PLAY), "recorded as declared"


# --- carte blanche limits what follows (B3, B9) --------------------------------


def test_elders_declarations_after_carte_blanche_hold_at_most_5_kings_queens_and_jacks():
    assert refusal({"carte_blanche": E, "sets": {E: [card_set(4, "K"), card_set(3, "Q")]}}) == [
        ("carte_blanche", "With carte blanche, Ann holds at most 5 kings, queens and jacks after the exchange; "
                          "Ann's declarations need 7.")]
    # A sixieme to the ace (K Q J) and a trio of kings sharing its king: 5 of them.
    result = accepted({"carte_blanche": E, "sequences": {E: [seq(6, "A")]}, "sets": {E: [card_set(3, "K")]}})
    assert result.player("Ann").carte_blanche == 10


def test_youngers_declarations_after_carte_blanche_hold_at_most_7():
    assert refusal({"carte_blanche": Y, "sets": {Y: [card_set(4, "K"), card_set(4, "Q")]}}) == [
        ("carte_blanche", "With carte blanche, Ben holds at most 7 kings, queens and jacks after the exchange; "
                          "Ben's declarations need 8.")]
    assert accepted({"carte_blanche": Y, "sets": {Y: [card_set(4, "K"), card_set(3, "Q")]}}).player(
        "Ben").carte_blanche == 10


def test_the_limit_with_the_other_players_declarations():
    # Elder's point of 5 worth 49 is K Q J 10 9 or A, a king, two of Q J 10, and an 8; with four kings
    # only the second fits in 5 courts, and it needs an ace that younger's quatorze holds.
    payload = {"carte_blanche": E, "point": {E: {"cards": 5, "value": 49}},
               "sets": {E: [card_set(4, "K")], Y: [card_set(4, "A")]}}
    assert refusal(payload) == [
        ("sets.younger[0]", "With Ann's carte blanche these declarations cannot all be true: "
                            "Ann's point of 5 (49) and quatorze of kings; Ben's quatorze of aces.")]
    accepted({**payload, "carte_blanche": None})


ELDER_5_COURTS = "AS KS QS JS TS 9S AH KH QH AD TD AC".split()
YOUNGER_7_COURTS = "JH TH 9H 8H KD QD JD 9D KC QC JC TC".split()


def test_the_limit_applies_to_cards_entered_for_the_deal():
    for holder in (E, Y):
        accepted({"carte_blanche": holder, "cards": {E: ELDER_5_COURTS, Y: YOUNGER_7_COURTS}})
    assert refusal({"carte_blanche": E, "cards": {E: YOUNGER_7_COURTS, Y: ELDER_5_COURTS}}) == [
        ("carte_blanche", "With carte blanche, Ann holds at most 5 kings, queens and jacks after the exchange; "
                          "Ann's cards hold 7.")]
    nine = "KH QH JH KD QD JD KC QC JC 9H 8H 7H".split()
    assert refusal({"carte_blanche": Y, "cards": {E: "AS KS QS JS TS 9S AH TH AD TD AC 9C".split(), Y: nine}}) == [
        ("carte_blanche", "With carte blanche, Ben holds at most 7 kings, queens and jacks after the exchange; "
                          "Ben's cards hold 9.")]


def test_the_checker_applies_the_limit_to_the_hand_said_to_hold_carte_blanche():
    elder, younger = ELDER_5_COURTS, YOUNGER_7_COURTS
    assert check_hands(elder, younger, "elder").elder.combination_points == check_hands(
        elder, younger).elder.combination_points + 10
    with pytest.raises(MalformedInput) as caught:
        check_hands(younger, elder, "elder")
    assert [(e.field, str(e.message)) for e in caught.value.errors] == [
        ("carte_blanche", "With carte blanche, elder holds at most 5 kings, queens and jacks after the exchange; "
                          "these cards hold 7.")]
    with pytest.raises(MalformedInput) as caught:
        check_hands("AS KS QS JS TS 9S AH TH AD TD AC 9C".split(), "KH QH JH KD QD JD KC QC JC 9H 8H 7H".split(),
                    "younger")
    assert [(e.field, str(e.message)) for e in caught.value.errors] == [
        ("carte_blanche", "With carte blanche, younger holds at most 7 kings, queens and jacks after the "
                          "exchange; these cards hold 9.")]


def test_deals_stored_before_these_checks_still_replay():
    stored = parse_deal({"sets": {E: [card_set(4, "A")]}, "sequences": {Y: [seq(4, "A")]}} | PLAY)
    game = Game(TABLE, Settings(), [stored])
    assert game.deals[0].player("Ann").sets == 14


# --- real hands are never refused ---------------------------------------------

deals = st.permutations(PACK).map(lambda cards: ByRole(tuple(cards[:12]), tuple(cards[12:24])))


@st.composite
def declared_from_real_hands(draw):
    """Two real disjoint hands, each player sinking what they like; carte blanche where the exchange allows it."""
    hands = draw(deals)

    def sunk(role: Role) -> Declarations:
        found = declarations_from_cards(hands[role])
        keep = st.booleans()
        return Declarations(
            found.point if found.point and draw(keep) else None,
            tuple(s for s in found.sequences if draw(keep)),
            tuple(s for s in found.sets if draw(keep)),
        )

    blank = [role for role in Role if courts_in(hands[role]) <= COURT_LIMITS[role]]
    carte_blanche = draw(st.none() | st.sampled_from(blank)) if blank else None
    return DealEntry(carte_blanche, ByRole.build(sunk), tricks=(Role.ELDER, Role.YOUNGER) * 6)


@given(declared_from_real_hands())
def test_the_declarations_of_two_real_hands_are_always_accepted(entry):
    payload = deal_to_dict(entry)
    assert Game(TABLE).add(parse_deal(payload)).entry == entry
