"""Replaying a Spades game builds no explanation: each is built when a page or the API asks for it."""

import pytest

from scorekeeper.rules import dummy_spades, spades
from scorekeeper.rules.phrases import Phrase

DUMMY_TABLE = dummy_spades.Table(("Ann", "Ben", "Cid"), "Ann")
# Ben bids first: Ben and Cid tie at 7 and Ben declares. Ben's nil on the dummy applies, Cid's on her own hand and on
# Ann's apply (both defend), Ann's on the dummy is void.
DUMMY_HAND = {
    "bids": [{"player": "Ben", "bid": 7, "nil": ["dummy"]}, {"player": "Cid", "bid": 7, "nil": ["Cid", "Ann"]},
             {"player": "Ann", "bid": 4, "nil": ["dummy"]}],
    "tricks": {"Ben": 4, "dummy": 4, "Cid": 0, "Ann": 5},
}
FOUR_TABLE = spades.Table(("Ann", "Ben", "Cid", "Dan"), "Ann")
FOUR_HAND = {
    "bids": [{"player": "Ben", "bid": 4}, {"player": "Cid", "bid": "nil"}, {"player": "Dan", "bid": 5},
             {"player": "Ann", "bid": 4}],
    "tricks": {"Ann": 5, "Ben": 4, "Cid": 0, "Dan": 4},
}


def dummy_game(entries):
    return dummy_spades.Game(DUMMY_TABLE, dummy_spades.Settings(), entries)


def four_player_game(entries):
    return spades.Game(FOUR_TABLE, spades.Settings(), entries)


@pytest.fixture
def phrases_built(monkeypatch):
    """Every phrase built from now on, by its message id."""
    built = []
    build = Phrase.__init__

    def counted(self, template, params=None):
        built.append(template)
        build(self, template, {} if params is None else params)

    monkeypatch.setattr(Phrase, "__init__", counted)
    return built


@pytest.mark.parametrize(("game", "table", "hand", "parse"), [
    (dummy_game, DUMMY_TABLE, DUMMY_HAND, dummy_spades.parse_hand),
    (four_player_game, FOUR_TABLE, FOUR_HAND, spades.parse_hand),
], ids=["dummy-hand", "four-player"])
def test_replaying_builds_no_phrase_until_an_explanation_is_asked_for(phrases_built, game, table, hand, parse):
    entries = [parse(table, hand) for _ in range(30)]
    phrases_built.clear()
    replayed = game(entries)
    assert phrases_built == []
    assert str(replayed.results[0].explanation[0]) == "Ann deals; Ben bids first and leads."
    assert "%(dealer)s deals; %(leader)s bids first and leads." in phrases_built


def test_a_dummy_hand_explains_itself_from_its_fields_as_when_it_was_scored():
    result = dummy_game([dummy_spades.parse_hand(DUMMY_TABLE, DUMMY_HAND)]).results[0]
    assert [str(line) for line in result.explanation] == [
        "Ann deals; Ben bids first and leads.",
        "Ben and Cid both bid 7; Ben bid first, so Ben is declarer.",
        "Cid and Ann defend together.",
        "Ben and the dummy took 8 of 13 tricks; the defenders took 5.",
    ]
    assert [str(nil.reason) for nil in result.nils] == [
        "Ben's nil on the dummy applies: Ben is declarer. The dummy took 4 of 13 tricks: -100.",
        "Cid's nil on their own hand applies. Cid took no tricks: +100.",
        "Cid's nil on Ann's hand applies: both defend. Ann took 5 of 13 tricks: -100.",
        "Ann's nil on the dummy is void: Ann is a defender.",
    ]
