"""The JSON shapes both Spades games share (three-player Dummy Hand and four-player), for their `schemas.py`.

Each game's own file adds what differs: who bids what, its nils, and what a
line of its results is about (a player, or a team of two).
"""

from __future__ import annotations

from typing import Any

from ..rules.hand_entry import TRICKS_PER_DEAL
from .schemas import (
    BOOLEAN,
    INTEGER,
    NAME,
    NAMES,
    SENTENCES,
    STRING,
    KindSchemas,
    Schema,
    array,
    integer,
    keyed,
    nullable,
    obj,
    request_obj,
)

# Who bid first and who leads, ahead of a hand's lines; how the bids add up to a score, after each line's own fields.
ORDER: Schema = {"bidding_order": NAMES, "leader": STRING}
SCORING: Schema = {
    "made": BOOLEAN, "contract_points": INTEGER, "nil_points": INTEGER, "bags_added": INTEGER,
    "bag_penalty": integer(high=0), "delta": INTEGER, "score": INTEGER, "bags": integer(0), "explanation": SENTENCES,
}
STANDING: Schema = obj({"score": INTEGER, "bags": integer(0)})
TRICKS: Schema = integer(0, TRICKS_PER_DEAL)
NIL_SCORE: Schema = {"made": nullable(BOOLEAN), "points": INTEGER}
"""What a nil scored (null and 0 while the hand waits for its tricks), after the game's own fields of a nil."""


def kind_schemas(**fields: Any) -> KindSchemas:
    """A Spades game's `KindSchemas`: each standing a score and bags."""
    return KindSchemas(standing=STANDING, **fields)


def hand_payload(bid: Schema, bids: str, tricks: Schema, tricks_description: str, **bid_fields: Schema) -> Schema:
    """A hand: one bid per player (`bids` describes them) and the tricks taken, left out while the hand waits."""
    return request_obj({
        "bids": array(request_obj({"player": NAME, "bid": bid, **bid_fields}), description=bids),
        "tricks": keyed(tricks, tricks_description),
    })
