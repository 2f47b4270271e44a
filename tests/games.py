"""Whole games to record in the summary, export and print tests: what the table entered, hand by hand."""

from __future__ import annotations

SPADES_PLAYERS = ["Ann", "Ben", "Cid"]
# Ann deals first; the game is played to 750 so that it ends on hand 20, when Ann reaches 756.
SPADES_SETTINGS = {"target": 750, "bag_limit": 10, "bag_penalty": 100, "variant": "no-peeky"}
# (bids of Ann, Ben, Cid), (tricks of Ann, Ben, Cid, the dummy), nils by bidder.
_SPADES_ROWS = [
    ((7, 5, 6), (5, 2, 3, 3), {}),
    ((4, 4, 5), (4, 3, 3, 3), {}),
    ((3, 6, 3), (4, 4, 3, 2), {}),
    ((8, 3, 3), (5, 2, 2, 4), {}),
    ((3, 3, 7), (3, 3, 4, 3), {}),
    ((4, 7, 2), (3, 5, 2, 3), {"Cid": ["Cid"]}),
    ((6, 4, 4), (4, 3, 3, 3), {}),
    ((3, 4, 8), (2, 3, 5, 3), {}),
    ((2, 8, 3), (2, 5, 3, 3), {}),
    ((9, 2, 2), (5, 2, 1, 5), {}),
    ((3, 3, 7), (3, 2, 5, 3), {}),
    ((4, 6, 3), (0, 6, 4, 3), {"Ann": ["Ann"]}),
    ((7, 3, 3), (4, 3, 3, 3), {}),
    ((3, 4, 7), (3, 3, 4, 3), {}),
    ((3, 7, 3), (3, 4, 3, 3), {}),
    ((8, 3, 2), (5, 3, 2, 3), {}),
    ((2, 3, 8), (2, 2, 6, 3), {}),
    ((3, 7, 3), (4, 5, 1, 3), {}),
    ((7, 3, 3), (5, 2, 3, 3), {}),
    ((3, 3, 7), (3, 3, 4, 3), {}),
]


def _spades_hand(bids, tricks, nils):
    return {
        "bids": [{"player": name, "bid": bid, **({"nil": nils[name]} if name in nils else {})}
                 for name, bid in zip(SPADES_PLAYERS, bids)],
        "tricks": dict(zip([*SPADES_PLAYERS, "dummy"], tricks)),
    }


SPADES_HANDS = [_spades_hand(*row) for row in _SPADES_ROWS]
SPADES_GAME = {"game": "dummy-spades", "players": SPADES_PLAYERS, "first_dealer": "Ann", "settings": SPADES_SETTINGS}

E, Y = "elder", "younger"
PIQUET_GAME = {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben"}
# Ben deals first, so Ann is elder in deals 1, 3 and 5.
PIQUET_DEALS = [
    # docs/api.md "Piquet deal": Ann 24, Ben 23.
    {"point": {E: {"cards": 5, "value": 48}, Y: {"cards": 5, "value": 45}},
     "sequences": {E: [{"length": 3, "top": "K"}], Y: [{"length": 3, "top": "A"}]},
     "sets": {E: [{"size": 3, "rank": "A"}], Y: [{"size": 4, "rank": "T"}]},
     "tricks": [E] * 6 + [Y] * 5 + [E]},
    # docs/rules.md B7 P5: Ben, elder, piques: Ben 76, Ann 8.
    {"point": {E: {"cards": 6, "value": 55}}, "sequences": {E: [{"length": 4, "top": "K"}]},
     "sets": {E: [{"size": 4, "rank": "T"}]}, "tricks": [E] * 5 + [Y, E] * 3 + [Y]},
    # Nobody declares and the tricks alternate: 12 each.
    {"tricks": [E, Y] * 6},
    # docs/rules.md B7 P2: Ben, elder, has carte blanche and scores 173.
    {"carte_blanche": E, "point": {E: {"cards": 6, "value": 60}}, "sequences": {E: [{"length": 6, "top": "A"}]},
     "sets": {E: [{"size": 4, "rank": "A"}, {"size": 4, "rank": "T"}]}, "tricks": [E] * 12},
    # Trick totals: Ann, elder, has a point of 4 and takes 8 tricks: 25; Ben 6.
    {"point": {E: {"cards": 4, "value": 39}},
     "trick_totals": {E: {"won": 8, "points": 11}, Y: {"won": 4, "points": 6}}},
    # Ann, younger, wins every trick: capot. Ann 53, Ben 1.
    {"tricks": [Y] * 12},
]
