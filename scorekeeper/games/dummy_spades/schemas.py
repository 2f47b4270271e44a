"""Dummy Hand Spades' JSON shapes (docs/api.md "Dummy Hand Spades hand"), for the API's OpenAPI document."""

from __future__ import annotations

from ...rules import dummy_spades
from ...rules.dummy_spades.scoring import Role
from ...rules.dummy_spades.table import NUMBERS
from ..schemas import (
    BOOLEAN,
    NAME,
    NAMES,
    SENTENCES,
    STRING,
    array,
    choice,
    integer,
    keyed,
    obj,
    said_default,
    settings_schemas,
)
from ..spades_schemas import NIL_SCORE, ORDER, SCORING, TRICKS, hand_payload, kind_schemas

HAND = {"type": "string", "description": f"A player's name, or “{dummy_spades.DUMMY}” for the dummy's hand."}
DUMMY_AFTER = integer(0, 2, description="The dummy sits after player dummy_after + 1.")
settings, stored_settings = settings_schemas(
    dummy_spades.Settings, NUMBERS, choices={"variant": dummy_spades.Variant, "style": dummy_spades.Style}
)

HAND_PAYLOAD = hand_payload(
    TRICKS, "One bid for each of the three players.",
    TRICKS, f"The tricks each of the four hands took, “{dummy_spades.DUMMY}” included; "
            "left out, the hand waits for its play (a hand in two steps).",
    nil=array(HAND, description="The hands this bidder declares nil on (none when left out)."),
)

NIL = obj({"bidder": NAME, "hand": HAND, "applies": BOOLEAN, **NIL_SCORE, "reason": STRING})
DUMMY_SPADES = integer(0, dummy_spades.TRICKS_PER_DEAL,
                       description="Mirror only: the dummy's spades, 13 minus the bids.")
SHARED = {"dummy_spades": DUMMY_SPADES, **ORDER, "declarer": NAME, "defenders": NAMES, "nils": array(NIL)}
PLAYER_LINE = obj({
    "role": choice(Role), "bid": TRICKS, "contract": TRICKS, "team_tricks": TRICKS, **SCORING,
    "bag_penalty": integer(high=0, description="0, or minus the bag penalty when the bags reached the limit."),
})

EXAMPLE_HAND = {
    "bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5, "nil": ["Cid"]},
             {"player": "Cid", "bid": 6, "nil": ["Cid", "dummy"]}],
    "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3},
}

SCHEMAS = kind_schemas(
    prefix="DummySpades",
    optional_in_results=("dummy_spades",),
    settings=settings,
    stored_settings=stored_settings,
    hand=HAND_PAYLOAD,
    hand_examples={
        "whole hand": EXAMPLE_HAND,
        "bids only (the first of two steps)": {"bids": EXAMPLE_HAND["bids"]},
    },
    result={**SHARED, "players": keyed(PLAYER_LINE)},
    waiting={
        **SHARED,
        "players": keyed(obj({"role": choice(Role), "bid": TRICKS, "contract": TRICKS})),
        "needs": SENTENCES,
    },
    game_fields={"dummy_after": DUMMY_AFTER},
    create_fields={"dummy_after": said_default({**DUMMY_AFTER, "default": dummy_spades.DEFAULT_DUMMY_AFTER})},
    create_examples={
        "Dummy Hand Spades": {
            "game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann",
            "settings": {"target": 300, "bag_limit": 10, "bag_penalty": 100, "variant": "no-peeky"},
        },
    },
)
