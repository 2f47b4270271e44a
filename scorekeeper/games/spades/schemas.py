"""Four-player Spades' JSON shapes (docs/api.md "Four-player Spades hand"), for the API's OpenAPI document."""

from __future__ import annotations

from ...rules import spades
from ...rules.spades.settings import NUMBERS, SWITCHES, Variant
from ..schemas import BOOLEAN, NAME, NAMES, SENTENCES, array, choice, integer, keyed, obj, settings_schemas
from ..spades_schemas import NIL_SCORE, ORDER, SCORING, TRICKS, hand_payload, kind_schemas

CONTRACT = integer(0, 2 * spades.TRICKS_PER_DEAL, description="The partners' bids added up: it can pass 13.")
TEAM = {"type": "string", "description": "A team's name: its two players, e.g. “Ann & Cid”."}
settings, stored_settings = settings_schemas(spades.Settings, NUMBERS, SWITCHES, choices={"variant": Variant})

HAND_PAYLOAD = hand_payload(
    {"anyOf": [TRICKS, choice(spades.Nil)], "description": "A number of tricks, “nil” or “blind-nil”."},
    "One bid for each of the four players.",
    TRICKS, "The tricks each player took; left out, the hand waits for its play.",
)
NIL = obj({"player": NAME, "team": TEAM, "blind": BOOLEAN, **NIL_SCORE})
TEAM_LINE = obj({"players": NAMES, "contract": CONTRACT, "tricks": TRICKS, "counted_tricks": TRICKS, **SCORING})

SCHEMAS = kind_schemas(
    prefix="Spades",
    settings=settings,
    stored_settings=stored_settings,
    hand=HAND_PAYLOAD,
    hand_examples={
        "whole hand": {
            "bids": [{"player": "Ben", "bid": 3}, {"player": "Cid", "bid": "nil"},
                     {"player": "Dan", "bid": "blind-nil"}, {"player": "Ann", "bid": 5}],
            "tricks": {"Ann": 6, "Ben": 5, "Cid": 0, "Dan": 2},
        },
    },
    result={**ORDER, "teams": keyed(TEAM_LINE, "Keyed by team."), "nils": array(NIL)},
    waiting={
        **ORDER,
        "teams": keyed(obj({"players": NAMES, "contract": CONTRACT, "needs": SENTENCES}), "Keyed by team."),
        "nils": array(NIL),
    },
    game_fields={"teams": keyed(NAMES, "Each team's two players, keyed by team.")},
    create_examples={
        "four-player Spades": {
            "game": "spades", "players": ["Ann", "Ben", "Cid", "Dan"], "first_dealer": "Ann",
            "settings": {"variant": "partnership", "target": 500, "blind_nil": True},
        },
    },
)
