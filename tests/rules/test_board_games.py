"""The board finds each game through the rules registry: an unknown game, or a game that is not a name, is refused
with the games in the API's order; each registered game replays its own engine."""

import json

import pytest

from scorekeeper.rules import dummy_spades, piquet, spades
from scorekeeper.rules.board import board_json, replay
from scorekeeper.rules.registry import RULES_GAMES

REFUSAL = [{"field": "game", "message": "The game must be one of “dummy-spades”, “spades”, “piquet”.", "input": None}]


@pytest.mark.parametrize("kind", ["cribbage", ["piquet"], None])
def test_a_game_the_engine_does_not_hold_is_refused_naming_the_games_in_order(kind):
    game = {"game": kind, "players": ["Ann", "Ben"], "first_dealer": "Ann", "settings": {}, "entries": []}
    assert json.loads(board_json(json.dumps(game))) == {"errors": REFUSAL}


@pytest.mark.parametrize(("kind", "players", "engine"), [
    ("dummy-spades", ["Ann", "Ben", "Cid"], dummy_spades.Game),
    ("spades", ["Ann", "Ben", "Cid", "Dee"], spades.Game),
    ("piquet", ["Ann", "Ben"], piquet.Game),
])
def test_each_registered_game_replays_its_own_engine(kind, players, engine):
    game = {"game": kind, "players": players, "first_dealer": players[0], "settings": {}, "entries": []}
    assert type(replay(game)) is engine


def test_the_registry_holds_the_three_games_in_the_apis_order():
    assert list(RULES_GAMES) == ["dummy-spades", "spades", "piquet"]


BIDS_TYPED = {"bids-0-bid": ["4"], "bids-1-bid": ["3"], "bids-2-bid": ["2"]}


@pytest.mark.parametrize(("kind", "players", "fields", "preview"), [
    ("dummy-spades", ["Ann", "Ben", "Cid"], BIDS_TYPED, {
        "sides": "Ann and the dummy against Ben & Cid",
        "lines": ["Ann and the dummy need 4 of the 13 tricks.",
                  "Ben and Cid need 3 of the 13 tricks for Ben's bid and 2 for Cid's."],
        "nils": []}),
    ("dummy-spades", ["Ann", "Ben", "Cid"], {"bids-0-bid": ["4"]}, None),
    ("spades", ["Ann", "Ben", "Cid", "Dee"], BIDS_TYPED, None),
    ("piquet", ["Ann", "Ben"], BIDS_TYPED, None),
])
def test_only_dummy_hand_previews_the_bids_typed_and_only_once_all_three_are(kind, players, fields, preview):
    game = {"game": kind, "players": players, "first_dealer": players[0], "settings": {}, "entries": [],
            "preview": {"fields": fields, "number": None}}
    assert json.loads(board_json(json.dumps(game)))["preview"] == preview
