"""The four-player Spades part of the JSON API, exactly as docs/api.md's "Four-player Spades hand" states it.

Scores follow docs/rules.md Part C; the first hand posted is docs/api.md's example payload.
"""

from __future__ import annotations

import pytest

from .api_client import create, errors

PLAYERS = ["Ann", "Ben", "Cid", "Dan"]
AC, BD = "Ann & Cid", "Ben & Dan"
DEFAULT_SETTINGS = {
    "variant": "partnership", "target": 500, "bag_limit": 10, "bag_penalty": 100, "nil_value": 100,
    "blind_nil": False, "blind_margin": 100, "failed_nil_helps": True, "zero_is_nil": False, "mercy": False,
    "mercy_floor": -200,
}

# docs/api.md, "Four-player Spades hand". Ann deals hand 1, so Ben bids first. Dan's Blind Nil needs
# Ben & Dan to be behind by the margin: 0 here, so the level scores of hand 1 allow it.
EXAMPLE_HAND = {
    "bids": [{"player": "Ben", "bid": 3}, {"player": "Cid", "bid": "nil"},
             {"player": "Dan", "bid": "blind-nil"}, {"player": "Ann", "bid": 5}],
    "tricks": {"Ann": 6, "Ben": 5, "Cid": 0, "Dan": 2},
}
# docs/rules.md C6 C-E2: Ann & Cid +91 and 1 bag, Ben & Dan -50.
C_E2 = {
    "bids": [{"player": "Ben", "bid": 3}, {"player": "Cid", "bid": 4}, {"player": "Dan", "bid": 2},
             {"player": "Ann", "bid": 5}],
    "tricks": {"Ann": 4, "Cid": 6, "Ben": 2, "Dan": 1},
}


def hand(bids, tricks):
    return {"bids": [{"player": p, "bid": b} for p, b in bids.items()], "tricks": tricks}


def start(client, **settings):
    return create(client, {"game": "spades", "players": PLAYERS, "first_dealer": "Ann", "settings": settings})


def test_create_with_the_defaults(client):
    response = client.post("/api/v1/games", json={"game": "spades", "players": PLAYERS, "first_dealer": "ann"})
    assert response.status_code == 201
    body = response.get_json()
    assert body["game"] == "spades"
    assert body["players"] == PLAYERS
    assert body["first_dealer"] == "Ann"
    assert body["settings"] == DEFAULT_SETTINGS
    assert body["totals"] == {AC: {"score": 0, "bags": 0}, BD: {"score": 0, "bags": 0}}
    assert body["teams"] == {AC: ["Ann", "Cid"], BD: ["Ben", "Dan"]}
    assert (body["status"], body["winner"], body["next_dealer"], body["hands"]) == ("in_progress", None, "Ann", [])
    assert body["edit_token"]


def test_the_example_hand_scores_as_api_md_says(client):
    table = start(client, blind_nil=True, blind_margin=0)
    body = table.add(EXAMPLE_HAND)
    assert {key: body[key] for key in ("number", "dealer", "bidding_order", "leader")} == {
        "number": 1, "dealer": "Ann", "bidding_order": ["Ben", "Cid", "Dan", "Ann"], "leader": "Ben",
    }
    assert body["teams"][AC] == {
        "players": ["Ann", "Cid"], "contract": 5, "tricks": 6, "counted_tricks": 6, "made": True,
        "contract_points": 51, "nil_points": 100, "bags_added": 1, "bag_penalty": 0, "delta": 151, "score": 151,
        "bags": 1,
        "explanation": [
            "Ann bid 5 and Cid bid Nil: a contract of 5.",
            "Ann & Cid made 5 with 6 tricks: +50 and 1 bag: +51.",
            "Cid bid Nil and took no tricks: +100.",
            "Ann & Cid's score for this hand: +151. Total: 151; bags: 1.",
        ],
    }
    ben_dan = body["teams"][BD]
    assert {key: ben_dan[key] for key in ("contract", "tricks", "made", "contract_points", "nil_points",
                                          "bags_added", "delta", "score", "bags")} == {
        "contract": 3, "tricks": 7, "made": True, "contract_points": 34, "nil_points": -200, "bags_added": 4,
        "delta": -166, "score": -166, "bags": 4,
    }
    assert body["nils"] == [
        {"player": "Cid", "team": AC, "blind": False, "made": True, "points": 100},
        {"player": "Dan", "team": BD, "blind": True, "made": False, "points": -200},
    ]
    assert body["entry"] == EXAMPLE_HAND | {"tricks": {"Ann": 6, "Ben": 5, "Cid": 0, "Dan": 2}}
    assert body["explanation"] == ["Ann deals; Ben bids first and leads."]
    assert body["game"]["totals"] == {AC: {"score": 151, "bags": 1}, BD: {"score": -166, "bags": 4}}
    assert body["game"]["next_dealer"] == "Ben"
    assert "hands" not in body["game"]


def test_totals_are_keyed_by_team_and_the_winner_names_a_team(client):
    table = start(client, target=100)
    table.add(C_E2)
    game = table.get()
    assert game["totals"] == {AC: {"score": 91, "bags": 1}, BD: {"score": -50, "bags": 0}}
    # Hand 2: Ben deals, Cid bids first. Ann & Cid make 5 of 5 again: 141.
    body = table.add(hand({"Cid": 3, "Dan": 4, "Ann": 2, "Ben": 4}, {"Ann": 2, "Ben": 4, "Cid": 3, "Dan": 4}))
    assert body["bidding_order"] == ["Cid", "Dan", "Ann", "Ben"]
    game = table.get()
    assert (game["status"], game["winner"], game["next_dealer"]) == ("finished", AC, None)
    assert game["totals"] == {AC: {"score": 141, "bags": 1}, BD: {"score": 30, "bags": 0}}
    refused = table.post(C_E2)
    assert refused.status_code == 422
    assert refused.get_json() == errors(("game", "This game is over: Ann & Cid have won."))


def test_c_e5_blind_nil_needs_the_team_behind_by_the_margin(client):
    table = start(client, blind_nil=True)
    response = table.post(EXAMPLE_HAND)
    assert response.status_code == 422
    assert response.get_json() == errors(("bids[2].bid", "Blind Nil needs your team to be behind by at least 100"))
    assert table.get()["hands"] == []


def test_blind_nil_where_the_game_does_not_play_it(client):
    response = start(client).post(EXAMPLE_HAND)
    assert response.status_code == 422
    assert response.get_json() == errors(("bids[2].bid", "Blind Nil is off in this game."))


def test_c_e8_mirror_names_the_total(client):
    table = start(client, variant="mirror")
    bad = hand({"Ann": 3, "Ben": 4, "Cid": 2, "Dan": 6}, {"Ann": 3, "Ben": 4, "Cid": 0, "Dan": 6})
    response = table.post(bad)
    assert response.status_code == 422
    assert response.get_json() == errors(
        ("bids", "In Mirror the bids are the spades each player holds, so they add up to 13 (these add up to 15).")
    )
    good = hand({"Ann": 3, "Ben": 4, "Cid": "nil", "Dan": 6}, {"Ann": 3, "Ben": 4, "Cid": 0, "Dan": 6})
    assert table.post(good).status_code == 201


def test_c_e9_suicide_names_the_team(client):
    table = start(client, variant="suicide")
    bad = hand({"Ann": 3, "Cid": 5, "Ben": 4, "Dan": "nil"}, {"Ann": 3, "Cid": 5, "Ben": 5, "Dan": 0})
    response = table.post(bad)
    assert response.status_code == 422
    assert response.get_json() == errors(("teams.Ann & Cid", "In Suicide one partner bids Nil and the other 4 or more."))
    good = hand({"Ann": "nil", "Cid": 5, "Ben": 4, "Dan": "nil"}, {"Ann": 0, "Cid": 6, "Ben": 6, "Dan": 1})
    assert table.add(good)["teams"][AC]["delta"] == 151


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        ({"players": ["Ann", "Ben", "Cid"]}, [("players", "Enter exactly 4 player names.")]),
        ({"first_dealer": "Eve"}, [("first_dealer", "Choose the first dealer from the four players.")]),
        ({"players": ["X", "X & Y", "Y & Z", "Z"], "first_dealer": "X"},
         [("players", "These names make both teams “X & Y & Z”; change one of them.")]),
        ({"settings": {"variant": "solo", "nil_value": 0, "mercy": "yes"}},
         [("settings.variant", "Choose a variant: partnership, suicide, mirror."),
          ("settings.nil_value", "The value of a Nil is a whole number from 1 to 1000."),
          ("settings.mercy", "The mercy rule is on or off: true or false.")]),
        ({"settings": {"variant": "suicide", "blind_nil": True}},
         [("settings.blind_nil", "Suicide is played without Blind Nil.")]),
    ],
)
def test_create_refusals_name_the_field(client, payload, expected):
    response = client.post("/api/v1/games", json={"game": "spades", "players": PLAYERS, "first_dealer": "Ann", **payload})
    assert response.status_code == 422
    assert response.get_json() == errors(*expected)


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        ({"bids": C_E2["bids"][:3], "tricks": C_E2["tricks"]}, [("bids", "Enter one bid for each of the four players.")]),
        ({"bids": [*C_E2["bids"][:3], {"player": "Ann", "bid": "pass"}], "tricks": C_E2["tricks"]},
         [("bids[3].bid", "A bid is a whole number from 0 to 13, “nil” or “blind-nil”.")]),
        ({"bids": C_E2["bids"], "tricks": {"Ann": 4, "Cid": 6, "Ben": 2, "Dan": 2}},
         [("tricks", "The four players took 14 tricks; they must take exactly 13.")]),
        ({"bids": C_E2["bids"], "tricks": {"Ann": 4, "Cid": 6, "Ben": 2, "dummy": 1}},
         [("tricks.dummy", "“dummy” is not a player in this game."), ("tricks", "Enter the tricks of Dan.")]),
    ],
)
def test_hand_refusals_name_the_field(client, payload, expected):
    table = start(client)
    response = table.post(payload)
    assert response.status_code == 422
    assert response.get_json() == errors(*expected)
    assert table.get()["hands"] == []


def test_replace_and_delete_rescore_the_teams(client):
    table = start(client)
    table.add(C_E2, C_E2 | {"bids": [{"player": p, "bid": b} for p, b in
                                     {"Cid": 4, "Dan": 2, "Ann": 5, "Ben": 3}.items()]})
    assert table.get()["totals"] == {AC: {"score": 182, "bags": 2}, BD: {"score": -100, "bags": 0}}
    response = table.put(1, hand({"Ben": 3, "Cid": 4, "Dan": 3, "Ann": 5}, {"Ann": 4, "Cid": 5, "Ben": 2, "Dan": 2}))
    assert response.status_code == 200
    assert response.get_json()["teams"][BD]["delta"] == -60
    assert response.get_json()["game"]["totals"] == {AC: {"score": 181, "bags": 1}, BD: {"score": -110, "bags": 0}}
    assert table.delete(2).status_code == 204
    assert table.get()["totals"] == {AC: {"score": 90, "bags": 0}, BD: {"score": -60, "bags": 0}}
