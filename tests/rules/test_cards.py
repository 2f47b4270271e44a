"""The 32-card pack: parsing and formatting card text."""

import pytest

from scorekeeper.rules.cards import PACK, Card, Rank, Suit, format_card, parse_card, parse_rank
from scorekeeper.rules.errors import MalformedInput


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("AS", Card(Suit.SPADES, Rank.ACE)),
        ("TD", Card(Suit.DIAMONDS, Rank.TEN)),
        ("10♥", Card(Suit.HEARTS, Rank.TEN)),
        ("td", Card(Suit.DIAMONDS, Rank.TEN)),
        (" 7♣ ", Card(Suit.CLUBS, Rank.SEVEN)),
        ("q♠", Card(Suit.SPADES, Rank.QUEEN)),
        ("9♦", Card(Suit.DIAMONDS, Rank.NINE)),
    ],
)
def test_parse_card_accepts_letters_ten_and_suit_symbols(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "A", "S", "6S", "1S", "AX", "ASS", "11H", None, 14])
def test_parse_card_refuses_what_is_not_a_card_of_the_pack(text):
    with pytest.raises(MalformedInput) as caught:
        parse_card(text, "cards.elder[3]")
    (error,) = caught.value.errors
    assert error.field == "cards.elder[3]"
    assert str(error.message) == "Enter a card such as AS, TD or 10♥."


def test_format_card_writes_the_short_form():
    assert format_card(Card(Suit.DIAMONDS, Rank.TEN)) == "TD"
    assert str(parse_card("10♥")) == "TH"


def test_every_card_of_the_pack_round_trips():
    assert len(set(PACK)) == 32
    assert all(parse_card(format_card(card)) == card for card in PACK)


def test_card_names_read_like_the_rule_book():
    assert str(parse_card("TH").label) == "10 of hearts"
    assert str(parse_card("AS").label) == "ace of spades"


def test_point_values_follow_b2():
    values = {rank.letter: rank.point_value for rank in Rank}
    assert values == {"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10, "9": 9, "8": 8, "7": 7}


def test_parse_rank_accepts_ten_both_ways_and_names_the_field():
    assert parse_rank("10") is parse_rank("t") is Rank.TEN
    with pytest.raises(MalformedInput) as caught:
        parse_rank("6", "sets.elder[1].rank")
    assert caught.value.errors[0].field == "sets.elder[1].rank"
    assert str(caught.value.errors[0].message) == "Enter a rank: A, K, Q, J, 10, 9, 8 or 7."
