"""Piquet input validation (docs/rules.md B9): every error names its field and says what is wrong."""

import pytest

from scorekeeper.rules.cards import Rank, Suit, parse_card
from scorekeeper.rules.errors import MalformedInput
from scorekeeper.rules.piquet import (
    DealEntry,
    Role,
    check_hands,
    deal_to_dict,
    declarations_from_cards,
    is_pique_possible,
    parse_deal,
)
from scorekeeper.rules.piquet.combinations import CardSet, Point, Sequence

E, Y = "elder", "younger"
TRICKS = [E, Y] * 6


def errors_of(payload):
    with pytest.raises(MalformedInput) as caught:
        parse_deal(payload)
    return [(e.field, str(e.message)) for e in caught.value.errors]


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        ({"point": {E: {"cards": 6, "value": 61}}},
         [("point.elder.value", "6 cards of one suit are worth 54 to 60.")]),
        ({"point": {Y: {"cards": 8, "value": 74}}},
         [("point.younger.value", "8 cards of one suit are worth exactly 75.")]),
        ({"point": {E: {"cards": 9, "value": 80}}}, [("point.elder.cards", "A point has 3 to 8 cards.")]),
        ({"sequences": {Y: [{"length": 3, "top": "A"}, {"length": 3, "top": "8"}]}},
         [("sequences.younger[1].top", "A tierce tops at the 9 or higher.")]),
        ({"sequences": {E: [{"length": 8, "top": "K"}]}},
         [("sequences.elder[0].top", "A huitieme tops at the ace.")]),
        ({"sequences": {E: [{"length": 5, "top": "10"}]}},
         [("sequences.elder[0].top", "A quint tops at the jack or higher.")]),
        ({"sequences": {E: [{"length": 2, "top": "A"}]}},
         [("sequences.elder[0].length", "A sequence has 3 to 8 cards.")]),
        ({"sets": {E: [{"size": 3, "rank": "A"}, {"size": 3, "rank": "9"}]}},
         [("sets.elder[1].rank", "Sets are of tens or higher.")]),
        ({"sets": {E: [{"size": 4, "rank": "K"}, {"size": 3, "rank": "K"}]}},
         [("sets.elder[1].rank", "One player cannot hold both a quatorze and a trio of kings.")]),
        ({"sets": {E: [{"size": 3, "rank": "K"}], Y: [{"size": 3, "rank": "K"}]}},
         [("sets.younger[0].rank", "Both players cannot hold a set of kings.")]),
        ({"sets": {E: [{"size": 5, "rank": "K"}]}}, [("sets.elder[0].size", "A set has 3 or 4 cards.")]),
        ({"sequences": {E: [{"length": 5, "top": "A"}] * 3}},
         [("sequences.elder", "These sequences do not fit in 12 cards.")]),
        ({"sequences": {E: [{"length": 3, "top": "A"}] * 5}},
         [("sequences.elder", "These sequences do not fit in 12 cards.")]),
        ({"point": {E: {"cards": 7, "value": 65}},
          "sequences": {E: [{"length": 5, "top": "A"}, {"length": 4, "top": "A"}, {"length": 3, "top": "A"}]}},
         [("point.elder", "This point and these sequences do not fit in 12 cards.")]),
        ({"sequences": {E: [{"length": 6, "top": "A"}, {"length": 6, "top": "A"}]},
          "sets": {E: [{"size": 4, "rank": "A"}]}},
         [("sets.elder", "These sets do not fit in 12 cards with the other declarations.")]),
        ({"carte_blanche": [E, Y]}, [("carte_blanche", "Only one player can have carte blanche.")]),
        ({"carte_blanche": "dealer"}, [("carte_blanche", "Carte blanche is held by elder, younger or nobody.")]),
        ({"tricks": [E] * 13}, [("tricks", "Enter exactly 12 trick winners.")]),
        ({"tricks": [E, "dummy"]}, [("tricks[1]", "Each trick is won by elder or younger.")]),
        ({"tricks": [E], "pique": True}, [("pique", "Pique follows from the trick winners; leave it out.")]),
    ],
)
def test_impossible_declarations_and_play_are_refused(payload, expected):
    assert errors_of({"tricks": TRICKS} | payload) == expected


def test_a_quint_inside_a_point_of_eight_fits_in_twelve_cards():
    entry = parse_deal({"tricks": TRICKS, "point": {E: {"cards": 8, "value": 75}},
                        "sequences": {E: [{"length": 5, "top": "A"}]}})

    declared = deal_to_dict(entry)
    assert (declared["point"], declared["sequences"]) == (
        {E: {"cards": 8, "value": 75}, Y: None}, {E: [{"length": 5, "top": "A"}], Y: []})


def test_all_problems_are_reported_at_once():
    assert errors_of({
        "point": {E: {"cards": 6, "value": "lots"}},
        "sequences": {Y: [{"length": 3, "top": "Z"}]},
        "tricks": [E, "nobody"],
    }) == [
        ("point.elder.value", "Enter a whole number."),
        ("sequences.younger[0].top", "Enter a rank: A, K, Q, J, 10, 9, 8 or 7."),
        ("tricks[1]", "Each trick is won by elder or younger."),
    ]


def test_cards_must_be_two_disjoint_hands_of_12():
    elder = "AS KS QS JS TS 9S 8S 7S AH KH QH JH".split()
    younger = "TH 9H 8H 7H AD KD QD JD TD 9D 8D AS".split()
    assert errors_of({"cards": {E: elder[:-1] + ["AS"], Y: younger}, "tricks": TRICKS}) == [
        ("cards.elder[11]", "The ace of spades appears twice."),
        ("cards.younger[11]", "The two hands share the ace of spades."),
    ]
    assert errors_of({"cards": {E: elder[:11], Y: younger[:11] + ["1X"]}, "tricks": TRICKS}) == [
        ("cards.elder", "Enter exactly 12 cards."),
        ("cards.younger[11]", "Enter a card such as AS, TD or 10♥."),
    ]


def test_declarations_and_cards_cannot_both_be_given():
    assert ("cards", "Enter either the declarations or the cards, not both.") in errors_of({
        "point": {E: {"cards": 5, "value": 45}},
        "cards": {E: [], Y: []},
    })


@pytest.mark.parametrize(
    ("totals", "message"),
    [
        ({E: {"won": 7, "points": 10}, Y: {"won": 4, "points": 6}},
         "These trick totals cannot happen: the tricks won add up to 11, not 12."),
        ({E: {"won": 7, "points": 14}, Y: {"won": 5, "points": 6}},
         "These trick totals cannot happen: with 7 tricks, elder scores 8 to 13."),
        ({E: {"won": 7, "points": 10}, Y: {"won": 5, "points": 5}},
         "These trick totals cannot happen: with 5 tricks, younger scores 6 to 10."),
        ({E: {"won": 7, "points": 10}, Y: {"won": 5, "points": 9}},
         "These trick totals cannot happen: when elder scores 10, younger scores 7 / 8."),
        ({E: {"won": 12, "points": 13}, Y: {"won": 0, "points": 1}},
         "These trick totals cannot happen: with 0 tricks, younger scores exactly 0."),
    ],
)
def test_announced_trick_totals_must_be_achievable(totals, message):
    assert errors_of({"trick_totals": totals}) == [("trick_totals", message)]


def test_pique_from_totals_is_asked_only_when_open():
    declared = parse_deal({"point": {E: {"cards": 5, "value": 51}},
                           "sequences": {E: [{"length": 5, "top": "A"}, {"length": 4, "top": "A"}]}}).declared
    open_totals = parse_deal({"trick_totals": {E: {"won": 7, "points": 9}, Y: {"won": 5, "points": 6}},
                              "pique": False}).trick_totals
    assert is_pique_possible(DealEntry(declared=declared, trick_totals=open_totals))
    assert not is_pique_possible(DealEntry(trick_totals=open_totals))
    assert not is_pique_possible(DealEntry(declared=declared, tricks=(Role.ELDER,) * 12))


def test_check_hands_finds_and_compares_every_combination():
    result = check_hands("7H AD 9S AH 8S AS 7C TH JH 7D 9C TC".split(),
                         "KC QS QD QH KD QC KH KS 9D JC 8C 8H".split())
    assert [(name, c.good, c.points) for name, c in result.classes.items()] == [
        ("point", "equal", 0), ("sequences", Role.YOUNGER, 3), ("sets", Role.YOUNGER, 28)]
    assert result.elder.point == Point(4, 38, Suit.HEARTS)
    assert result.younger.sequences == (Sequence(3, Rank.KING, Suit.CLUBS),)
    assert result.younger.sets == (CardSet(4, Rank.KING), CardSet(4, Rank.QUEEN))
    assert (result.younger.combination_points, result.younger.repique) == (31, 60)
    assert (result.elder.combination_points, result.elder.repique) == (0, 0)
    assert [str(line) for line in result.explanation] == [
        "Elder's point of 4 (38) equals Younger's point of 4 (38): nobody scores.",
        "Younger's tierce to the king is good (Elder declared none): Younger scores 3.",
        ("Younger's quatorze of kings beats Elder's trio of aces: "
         "Younger scores 14 for quatorze of kings + 14 for quatorze of queens."),
        "Younger reaches 31 before Elder scores: repique, +60.",
    ]


def test_check_hands_scores_carte_blanche_only_when_given():
    elder = "AS TS 9S 8S 7S AH TH 9H 8H AD TD 9D".split()
    younger = "KS QS JS KH QH JH KD QD JD KC QC JC".split()
    plain = check_hands(elder, younger)
    claimed = check_hands(elder, younger, "elder")
    assert plain.elder.blank and not plain.younger.blank
    assert claimed.elder.combination_points == plain.elder.combination_points + 10
    assert str(claimed.explanation[0]) == "Elder has carte blanche: +10."


def test_check_hands_names_the_fields():
    with pytest.raises(MalformedInput) as caught:
        check_hands(["AS"] * 2, "KC QS QD QH KD QC KH KS 9D JC 8C 8H".split(), "both")
    assert [(e.field, str(e.message)) for e in caught.value.errors] == [
        ("elder", "Enter exactly 12 cards."),
        ("elder[1]", "The ace of spades appears twice."),
        ("carte_blanche", "Carte blanche is held by elder, younger or nobody."),
    ]


def test_declarations_from_cards_are_what_a_player_announces():
    cards = [parse_card(c) for c in "AS KS QS JS 9S 8S 7S AH AD AC KH KD".split()]
    declared = declarations_from_cards(cards)
    assert (declared.point.cards, declared.point.value) == (7, 65)
    assert [(s.name, s.top.letter) for s in declared.sequences] == [("quart", "A"), ("tierce", "9")]
    assert [(s.name, s.rank.letter) for s in declared.sets] == [("quatorze", "A"), ("trio", "K")]
    assert parse_deal({"point": {E: {"cards": 7, "value": 65}},
                       "sequences": {E: [{"length": 4, "top": "A"}, {"length": 3, "top": "9"}]},
                       "sets": {E: [{"size": 4, "rank": "A"}, {"size": 3, "rank": "K"}]}}).declared.elder == declared


def test_a_card_both_hands_hold_is_named_at_its_own_index_after_an_unreadable_card():
    with pytest.raises(MalformedInput) as caught:
        check_hands("7H AD 9S AH 8S AS 7C TH JH 7D 9C TC".split(), "XX AS QD QH KD QC KH KS 9D JC 8C AS".split())
    assert [(e.field, str(e.message)) for e in caught.value.errors] == [
        ("younger[0]", "Enter a card such as AS, TD or 10♥."),
        ("younger[1]", "The two hands share the ace of spades."),
        ("younger[11]", "The ace of spades appears twice."),
    ]
