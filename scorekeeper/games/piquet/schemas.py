"""Piquet's JSON shapes (docs/api.md "Piquet deal", "Declaration checker"), for the API's OpenAPI document.

A deal is entered in one of three ways: the declarations as announced, or
the players' actual cards in their place; and the play as the trick
winners in order, or as the trick totals announced at the table.
"""

from __future__ import annotations

from ...rules import piquet
from ...rules.piquet.values import TRICKS, Role
from ..schemas import (
    BOOLEAN,
    INTEGER,
    NAME,
    SENTENCES,
    STRING,
    KindSchemas,
    array,
    choice,
    integer,
    keyed,
    nullable,
    obj,
    ref,
    request_obj,
    said_default,
)

ROLE = choice(Role)
GOOD = {"enum": [*map(str, Role), "equal", None], "description": "Who is good in the class; null: neither declared."}
RANK = {"type": "string", "description": "A rank: A K Q J T 9 8 7 (10 also accepted)."}
CARD = {"type": "string", "description": "A card: rank A K Q J T 9 8 7 (or 10), then suit S H D C (or ♠ ♥ ♦ ♣).",
        "examples": ["AS", "TD", "10♥"]}
HAND = array(CARD, minItems=12, maxItems=12, description="A player's twelve cards after the exchange.")


def by_role(schema: dict, description: str) -> dict:
    """The same thing for elder and for younger."""
    return request_obj({str(role): schema for role in Role}, description=description)


DECLARATIONS = {
    "point": by_role(nullable(request_obj({"cards": INTEGER, "value": INTEGER})),
                     "Each player's point: the cards in their longest suit and their value (null: not declared)."),
    "sequences": by_role(array(request_obj({"length": INTEGER, "top": RANK})), "Each player's sequences."),
    "sets": by_role(array(request_obj({"size": INTEGER, "rank": RANK})), "Each player's trios and quatorzes."),
}
CARDS = {"cards": by_role(HAND, "The actual post-exchange hands, from which every combination is found.")}
PLAY = {
    "tricks": array(ROLE, maxItems=TRICKS, description="The winner of each trick, in order."),
    "trick_totals": by_role(request_obj({"won": integer(0, TRICKS), "points": integer(0, 2 * TRICKS)}),
                            "The tricks each player won and their trick points, as announced at the table."),
    "pique": nullable({**BOOLEAN, "description": "With trick_totals, only when the totals leave the pique open."}),
}
CARTE_BLANCHE = {"carte_blanche": nullable(ROLE)}
DEAL = request_obj(
    {**CARTE_BLANCHE, **DECLARATIONS, **CARDS, **PLAY},
    description="Declarations (point, sequences, sets) or the actual cards; then the trick winners or the "
                "trick totals. Without both tricks and trick_totals the deal waits for its play.",
)

EXAMPLE_DECLARED = {
    "carte_blanche": None,
    "point": {"elder": {"cards": 5, "value": 48}, "younger": {"cards": 5, "value": 45}},
    "sequences": {"elder": [{"length": 3, "top": "K"}], "younger": [{"length": 3, "top": "A"}]},
    "sets": {"elder": [{"size": 3, "rank": "A"}], "younger": [{"size": 4, "rank": "T"}]},
    "tricks": ["elder", "elder", "younger", "elder", "younger", "elder",
               "elder", "younger", "elder", "elder", "younger", "elder"],
}
ELDER_CARDS = ["AS", "KS", "QS", "JS", "TS", "AH", "KH", "QH", "AD", "KD", "AC", "KC"]
YOUNGER_CARDS = ["9S", "8S", "7S", "JH", "TH", "9H", "QD", "JD", "TD", "QC", "JC", "TC"]

CLASS = obj({"good": GOOD, "points": integer(0), "explanation": STRING})
CLASSES = obj({name: CLASS for name in ("point", "sequences", "sets")})
DEAL_SHARED = {"elder": NAME, "younger": NAME, "classes": CLASSES, "ended_game": BOOLEAN}
DECLARATION_LINE = {
    "role": ROLE, "carte_blanche": INTEGER, "point": INTEGER, "sequences": INTEGER, "sets": INTEGER,
    "repique": INTEGER, "total": INTEGER,
}
DEAL_LINE = {
    **DECLARATION_LINE, "pique": INTEGER, "tricks": INTEGER, "cards": INTEGER, "capot": INTEGER, "score": INTEGER,
}
CHECKED_HAND = obj({
    "point": nullable(obj({"suit": nullable(STRING), "cards": INTEGER, "value": INTEGER})),
    "sequences": array(obj({"suit": nullable(STRING), "length": INTEGER, "top": RANK, "name": STRING})),
    "sets": array(obj({"rank": RANK, "size": INTEGER, "name": STRING})),
    "combination_points": INTEGER,
    "repique": INTEGER,
    "blank": BOOLEAN,
})

SCHEMAS = KindSchemas(
    prefix="Piquet",
    settings=request_obj({
        "variant": said_default(choice(piquet.Variant, default=str(piquet.Settings().variant))),
        "target": said_default(integer(1, 1000, default=piquet.Settings().target, description="Saunt only.")),
    }),
    stored_settings=obj({"variant": choice(piquet.Variant), "target": integer(1, 1000)}, optional=["target"]),
    hand=DEAL,
    hand_examples={
        "declarations and trick winners": EXAMPLE_DECLARED,
        "the actual cards": {"carte_blanche": None, "cards": {"elder": ELDER_CARDS, "younger": YOUNGER_CARDS},
                             "tricks": EXAMPLE_DECLARED["tricks"]},
        "trick totals": {**{key: EXAMPLE_DECLARED[key] for key in ("carte_blanche", "point", "sequences", "sets")},
                         "trick_totals": {"elder": {"won": 7, "points": 10}, "younger": {"won": 5, "points": 7}}},
        "declarations only (the first of two steps)": {
            key: EXAMPLE_DECLARED[key] for key in ("carte_blanche", "point", "sequences", "sets")
        },
    },
    result={**DEAL_SHARED, "players": keyed(obj(DEAL_LINE)),
            "running_trick_points": array(array(INTEGER, minItems=2, maxItems=2),
                                          description="Elder's and younger's trick points after each trick.")},
    waiting={**DEAL_SHARED, "players": keyed(obj(DECLARATION_LINE))},
    standing=obj({"score": INTEGER}),
    game_fields={
        "settlement": nullable(obj({"winner": nullable(NAME), "points": integer(0), "rubiconed": BOOLEAN},
                                   description="A Rubicon partie's settlement once it ends.")),
        "double": {**nullable(BOOLEAN), "description": "A Saunt game only: null while it plays, then whether the "
                                                        "loser ended under half the target (a double game)."},
        "session": nullable(STRING),
        "session_totals": nullable(keyed(INTEGER, "The settlements of the session's parties added up.")),
    },
    create_examples={
        "Piquet": {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben",
                   "settings": {"variant": "rubicon"}},
    },
    named={
        "PiquetCheck": request_obj(
            {"elder": HAND, "younger": HAND, **CARTE_BLANCHE},
            examples=[{"elder": ELDER_CARDS, "younger": YOUNGER_CARDS, "carte_blanche": None}],
        ),
        "PiquetCheckedHand": CHECKED_HAND,
        "PiquetCheckResult": obj({"classes": CLASSES, "elder": ref("PiquetCheckedHand"),
                                  "younger": ref("PiquetCheckedHand"), "explanation": SENTENCES}),
    },
    optional_in_games=("double",),
)
