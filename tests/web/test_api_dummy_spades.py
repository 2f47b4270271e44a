"""The Dummy Hand Spades part of the JSON API, exactly as docs/api.md states it.

Scores follow docs/rules.md Part A; the hand posted first is the example payload
of docs/api.md ("Dummy Hand Spades hand"), scored as in its example result.
"""

from __future__ import annotations

import copy
import json

import pytest
from sqlalchemy import func

from scorekeeper.extensions import db
from scorekeeper.games import GAMES
from scorekeeper.models import Game

from .api_client import auth, create, errors

PLAYERS = ["Ann", "Ben", "Cid"]
DEFAULT_SETTINGS = {"target": 300, "bag_limit": 10, "bag_penalty": 100, "variant": "no-peeky", "style": "standard"}
VARIANTS = ["no-peeky", "three-peeky", "four-peeky", "flip-1", "flip-2", "flip-3", "flip-4"]

# docs/api.md, "Dummy Hand Spades hand". Ann deals hand 1, so Ben bids first.
EXAMPLE_HAND = {
    "bids": [
        {"player": "Ann", "bid": 7},
        {"player": "Ben", "bid": 5, "nil": ["Cid"]},
        {"player": "Cid", "bid": 6, "nil": ["Cid", "dummy"]},
    ],
    "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3},
}
# Hand 2 (Ben deals; Cid, Ann, Ben bid): Cid declares 5 and his team takes 6;
# the defenders Ann and Ben each bid 4 and take 7.
HAND_2 = {
    "bids": [{"player": "Ann", "bid": 4}, {"player": "Ben", "bid": 4}, {"player": "Cid", "bid": 5}],
    "tricks": {"Ann": 4, "Ben": 3, "Cid": 3, "dummy": 3},
}
# Hand 3 (Cid deals; Ann, Ben, Cid bid): Ben declares 6 and makes exactly 6;
# the defenders Ann and Cid each bid 3 and take 7.
HAND_3 = {
    "bids": [{"player": "Ann", "bid": 3}, {"player": "Ben", "bid": 6}, {"player": "Cid", "bid": 3}],
    "tricks": {"Ann": 4, "Ben": 4, "Cid": 3, "dummy": 2},
}
# docs/rules.md A10 E1, second case, as hand 1: Ann declares 7 and is set with 6.
E1_SET_HAND = {
    "bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5}, {"player": "Cid", "bid": 6}],
    "tricks": {"Ann": 4, "dummy": 2, "Ben": 4, "Cid": 3},
}
# docs/rules.md A10 E4 as hand 1: Ann declares 9 with nil on her own hand, takes 0; the dummy takes 9.
E4_NIL_HAND = {
    "bids": [{"player": "Ann", "bid": 9, "nil": ["Ann"]}, {"player": "Ben", "bid": 2}, {"player": "Cid", "bid": 2}],
    "tricks": {"Ann": 0, "dummy": 9, "Ben": 2, "Cid": 2},
}

TOKEN_MESSAGE = "This needs the game's edit token: send “Authorization: Bearer <edit_token>”."
NOT_FOUND = {"errors": [{"field": "request", "message": "There is no such game or hand."}]}
FORBIDDEN = {"errors": [{"field": "request", "message": TOKEN_MESSAGE}]}
MALFORMED = {"errors": [{"field": "body", "message": "The request body is not valid JSON."}]}


def new_game(**overrides):
    return {"game": "dummy-spades", "players": list(PLAYERS), "first_dealer": "Ann", **overrides}


def start(client, **overrides):
    return create(client, new_game(**overrides))


@pytest.fixture
def table(client):
    return start(client)


def count_games(app):
    with app.app_context():
        return db.session.execute(db.select(func.count(Game.id))).scalar_one()


def totals(*rows):
    return {name: {"score": score, "bags": bags} for name, score, bags in rows}


# --- POST /api/v1/games ----------------------------------------------------


def test_create_returns_201_the_game_object_a_location_a_token_and_the_page(client):
    response = client.post("/api/v1/games", json=new_game(settings=DEFAULT_SETTINGS))

    assert response.status_code == 201
    body = response.get_json()
    game_id = body["id"]
    assert response.headers["Location"] == f"/api/v1/games/{game_id}"
    assert isinstance(body.pop("edit_token"), str)
    assert body == {
        "id": game_id,
        "game": "dummy-spades",
        "players": ["Ann", "Ben", "Cid"],
        "first_dealer": "Ann",
        "dummy_after": 2,
        "settings": DEFAULT_SETTINGS,
        "version": 0,
        "hands": [],
        "totals": totals(("Ann", 0, 0), ("Ben", 0, 0), ("Cid", 0, 0)),
        "status": "in_progress",
        "winner": None,
        "next_dealer": "Ann",
        "after_end": [],
        "hands_after_end": [],
        "url": f"http://localhost/g/{game_id}",
    }
    assert client.get(body["url"]).status_code == 200


def test_the_location_serves_the_game_without_its_token(client):
    response = client.post("/api/v1/games", json=new_game())
    created = response.get_json()

    shown = client.get(response.headers["Location"])

    assert shown.status_code == 200
    assert "edit_token" not in shown.get_json()
    del created["edit_token"]
    assert shown.get_json() == created


def test_each_game_gets_its_own_id_and_token(client):
    first = client.post("/api/v1/games", json=new_game()).get_json()
    second = client.post("/api/v1/games", json=new_game()).get_json()

    assert first["id"] != second["id"]
    assert first["edit_token"] != second["edit_token"]


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        (None, DEFAULT_SETTINGS),
        ({}, DEFAULT_SETTINGS),
        ({"target": 500}, {**DEFAULT_SETTINGS, "target": 500}),
        ({"bag_limit": 0}, {**DEFAULT_SETTINGS, "bag_limit": 0}),
        ({"bag_penalty": 50}, {**DEFAULT_SETTINGS, "bag_penalty": 50}),
        ({"variant": "flip-2"}, {**DEFAULT_SETTINGS, "variant": "flip-2"}),
        ({"target": None, "variant": None}, DEFAULT_SETTINGS),
        (
            {"target": 1, "bag_limit": 100, "bag_penalty": 0, "variant": "four-peeky"},
            {"target": 1, "bag_limit": 100, "bag_penalty": 0, "variant": "four-peeky", "style": "standard"},
        ),
    ],
)
def test_settings_and_every_key_in_them_are_optional(client, settings, expected):
    payload = new_game() if settings is None else new_game(settings=settings)

    response = client.post("/api/v1/games", json=payload)

    assert response.status_code == 201
    assert response.get_json()["settings"] == expected


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_bidding_variation_is_accepted(client, variant):
    response = client.post("/api/v1/games", json=new_game(settings={"variant": variant}))

    assert response.status_code == 201
    assert response.get_json()["settings"]["variant"] == variant


def test_names_are_trimmed_and_the_first_dealer_is_matched_in_any_case(client):
    response = client.post(
        "/api/v1/games", json=new_game(players=["  Ann ", "Ben", "C" * 30], first_dealer=" ben")
    )

    assert response.status_code == 201
    body = response.get_json()
    assert body["players"] == ["Ann", "Ben", "C" * 30]
    assert body["first_dealer"] == "Ben"
    assert body["next_dealer"] == "Ben"


@pytest.mark.parametrize("omitted", [True, False], ids=["omitted", "null"])
def test_without_a_first_dealer_one_of_the_players_is_chosen_at_random(client, omitted):
    payload = new_game()
    if omitted:
        del payload["first_dealer"]
    else:
        payload["first_dealer"] = None

    dealers = set()
    for _ in range(40):  # all three show up unless something is wrong (chance of a miss: 2e-7)
        body = client.post("/api/v1/games", json=payload).get_json()
        assert body["first_dealer"] in PLAYERS
        assert body["next_dealer"] == body["first_dealer"]
        dealers.add(body["first_dealer"])

    assert dealers == set(PLAYERS)


SETTINGS_TARGET = ("settings.target", "The target is a whole number from 1 to 10000.")
SETTINGS_BAG_LIMIT = ("settings.bag_limit", "The bag limit is a whole number from 0 to 100.")
SETTINGS_BAG_PENALTY = ("settings.bag_penalty", "The bag penalty is a whole number from 0 to 1000.")
SETTINGS_VARIANT = (
    "settings.variant",
    "Choose a bidding variation: no-peeky, three-peeky, four-peeky, flip-1, flip-2, flip-3, flip-4.",
)
THREE_NAMES = ("players", "Enter exactly 3 player names.")
# The message lists every game the server keeps score for.
GAME_CHOICE = ("game", "Choose the game: " + ", ".join(f"“{name}”" for name in GAMES) + ".")


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        pytest.param(new_game(players=["Ann", "Ben"]), [THREE_NAMES], id="two players"),
        pytest.param(new_game(players=["Ann", "Ben", "Cid", "Dee"]), [THREE_NAMES], id="four players"),
        pytest.param(new_game(players="Ann, Ben, Cid"), [THREE_NAMES], id="players not a list"),
        pytest.param({"game": "dummy-spades"}, [THREE_NAMES], id="players missing"),
        pytest.param(
            new_game(players=["Ann", "Ben", "ANN"]),
            [("players[2]", "Two players cannot both be called “ANN”.")],
            id="duplicate name ignoring case",
        ),
        pytest.param(
            new_game(players=["Ann", " ben ", "Ben"]),
            [("players[2]", "Two players cannot both be called “Ben”.")],
            id="duplicate name after trimming",
        ),
        pytest.param(
            new_game(players=["A" * 31, "Ben", "Cid"]),
            [("players[0]", "A name can have at most 30 characters.")],
            id="name too long",
        ),
        pytest.param(
            new_game(players=["Ann", "   ", "Cid"]), [("players[1]", "Enter a name.")], id="blank name"
        ),
        pytest.param(new_game(players=["Ann", "Ben", ""]), [("players[2]", "Enter a name.")], id="empty name"),
        pytest.param(new_game(players=["Ann", 7, "Cid"]), [("players[1]", "Enter a name.")], id="name not text"),
        pytest.param(
            new_game(players=["Ann", "Dummy", "Cid"]),
            [("players[1]", "“Dummy” is reserved; choose another name.")],
            id="name of the dummy",
        ),
        pytest.param(
            new_game(players=["", "Ben", "B" * 31]),
            [("players[0]", "Enter a name."), ("players[2]", "A name can have at most 30 characters.")],
            id="every bad name is reported",
        ),
        pytest.param(
            new_game(first_dealer="Zed"),
            [("first_dealer", "Choose the first dealer from the three players.")],
            id="unknown first dealer",
        ),
        pytest.param(
            new_game(first_dealer="dummy"),
            [("first_dealer", "Choose the first dealer from the three players.")],
            id="the dummy never deals",
        ),
        pytest.param(
            new_game(first_dealer=1),
            [("first_dealer", "Choose the first dealer from the three players.")],
            id="first dealer not a name",
        ),
        pytest.param(new_game(settings={"target": 0}), [SETTINGS_TARGET], id="target 0"),
        pytest.param(new_game(settings={"target": 10001}), [SETTINGS_TARGET], id="target too high"),
        pytest.param(new_game(settings={"target": "300"}), [SETTINGS_TARGET], id="target as text"),
        pytest.param(new_game(settings={"target": 300.5}), [SETTINGS_TARGET], id="target not whole"),
        pytest.param(new_game(settings={"target": True}), [SETTINGS_TARGET], id="target true"),
        pytest.param(new_game(settings={"bag_limit": -1}), [SETTINGS_BAG_LIMIT], id="bag limit negative"),
        pytest.param(new_game(settings={"bag_limit": 101}), [SETTINGS_BAG_LIMIT], id="bag limit too high"),
        pytest.param(new_game(settings={"bag_penalty": -100}), [SETTINGS_BAG_PENALTY], id="bag penalty negative"),
        pytest.param(new_game(settings={"bag_penalty": 1001}), [SETTINGS_BAG_PENALTY], id="bag penalty too high"),
        pytest.param(new_game(settings={"variant": "five-peeky"}), [SETTINGS_VARIANT], id="unknown variant"),
        pytest.param(new_game(settings={"variant": "No-Peeky"}), [SETTINGS_VARIANT], id="variant in capitals"),
        pytest.param(new_game(settings={"variant": 3}), [SETTINGS_VARIANT], id="variant not text"),
        pytest.param(
            new_game(settings=[300]), [("settings", "The settings must be an object.")], id="settings a list"
        ),
        pytest.param(
            new_game(settings={"target": -1, "bag_limit": "ten", "bag_penalty": None, "variant": ""}),
            [SETTINGS_TARGET, SETTINGS_BAG_LIMIT, SETTINGS_VARIANT],
            id="every bad setting is reported",
        ),
        pytest.param(
            new_game(players=["Ann", "ann", "Cid"], settings={"target": 0}),
            [SETTINGS_TARGET, ("players[1]", "Two players cannot both be called “ann”.")],
            id="bad settings and bad names together",
        ),
        pytest.param(
            new_game(dummy_after=3), [("dummy_after", "The dummy sits after player 1, 2 or 3 (dummy_after 0, 1 or 2).")], id="dummy seat"
        ),
        pytest.param(
            new_game(game="chess"), [GAME_CHOICE], id="unknown game kind"
        ),
        pytest.param(
            new_game(game="Dummy-Spades"), [GAME_CHOICE], id="kind in capitals"
        ),
        pytest.param(
            {"players": PLAYERS}, [GAME_CHOICE], id="game kind missing"
        ),
        pytest.param([new_game()], [("body", "Send a JSON object.")], id="body a list"),
        pytest.param(None, [("body", "Send a JSON object.")], id="body null"),
    ],
)
def test_create_refuses_invalid_input_with_422_and_saves_nothing(app, client, payload, expected):
    response = client.post("/api/v1/games", data=json.dumps(payload), content_type="application/json")

    assert response.status_code == 422
    assert response.get_json() == errors(*expected)
    assert count_games(app) == 0


@pytest.mark.parametrize("body", [b"", b"{", b'{"game": "dummy-spades",}', b"\xff\xfe", b"[" * 5000])
def test_create_refuses_malformed_json_with_400(app, client, body):
    response = client.post("/api/v1/games", data=body, content_type="application/json")

    assert response.status_code == 400
    assert response.get_json() == MALFORMED
    assert count_games(app) == 0


def test_the_dummy_seat_is_optional_and_null_means_the_default(client):
    chosen = client.post("/api/v1/games", json=new_game(dummy_after=0)).get_json()
    default = client.post("/api/v1/games", json=new_game(dummy_after=None)).get_json()

    assert chosen["dummy_after"] == 0
    assert default["dummy_after"] == 2


# --- GET /api/v1/games/<id> -----------------------------------------------


def test_get_returns_the_game_object_with_every_field(client, table):
    table.add(EXAMPLE_HAND)
    posted = table.post(HAND_2).get_json()

    response = client.get(table.path)  # no token: reading is open

    assert response.status_code == 200
    game = response.get_json()
    assert game == {
        "id": table.id,
        "game": "dummy-spades",
        "players": ["Ann", "Ben", "Cid"],
        "first_dealer": "Ann",
        "dummy_after": 2,
        "settings": DEFAULT_SETTINGS,
        "version": 2,
        "hands": game["hands"],
        "totals": totals(("Ann", 114, 4), ("Ben", -7, 3), ("Cid", -109, 1)),
        "status": "in_progress",
        "winner": None,
        "next_dealer": "Cid",
        "after_end": [],
        "hands_after_end": [],
        "url": f"http://localhost/g/{table.id}",
    }
    assert [hand["number"] for hand in game["hands"]] == [1, 2]
    second = {key: value for key, value in posted.items() if key not in ("game", "after_end")}
    assert game["hands"][1] == second


def test_get_an_unknown_game_is_404(client):
    response = client.get("/api/v1/games/no-such-game")

    assert response.status_code == 404
    assert response.get_json() == NOT_FOUND


# --- POST /api/v1/games/<id>/hands ----------------------------------------


def test_post_a_hand_returns_201_and_the_hand_result_of_api_md(table):
    response = table.post(EXAMPLE_HAND)

    assert response.status_code == 201
    result = response.get_json()
    assert set(result) == {
        "number", "dealer", "bidding_order", "leader", "declarer", "defenders", "nils", "players",
        "entry", "explanation", "game", "after_end", "complete",
    }  # fmt: skip
    assert result["number"] == 1
    assert result["dealer"] == "Ann"
    assert result["bidding_order"] == ["Ben", "Cid", "Ann"]
    assert result["leader"] == "Ben"
    assert result["declarer"] == "Ann"
    assert result["defenders"] == ["Ben", "Cid"]
    assert result["nils"] == [
        {
            "bidder": "Ben", "hand": "Cid", "applies": True, "made": False, "points": -100,
            "reason": "Ben's nil on Cid's hand applies: both defend. Cid took 3 of 13 tricks: −100.",
        },
        {
            "bidder": "Cid", "hand": "Cid", "applies": True, "made": False, "points": -100,
            "reason": "Cid's nil on their own hand applies. Cid took 3 of 13 tricks: −100.",
        },
        {
            "bidder": "Cid", "hand": "dummy", "applies": False, "made": None, "points": 0,
            "reason": "Cid's nil on the dummy is void: Cid is a defender.",
        },
    ]  # fmt: skip
    assert result["players"] == {
        "Ann": {
            "role": "declarer", "bid": 7, "contract": 7, "team_tricks": 8, "made": True, "contract_points": 71,
            "nil_points": 0, "bags_added": 1, "bag_penalty": 0, "delta": 71, "score": 71, "bags": 1,
            "explanation": [
                "Ann and the dummy took 8 of 13 tricks against Ann's bid of 7: made, +70 and 1 bag: +71.",
                "Ann's score for this hand: +71. Total: 71; bags: 1.",
            ],
        },
        "Ben": {
            "role": "defender", "bid": 5, "contract": 5, "team_tricks": 5, "made": True, "contract_points": 50,
            "nil_points": -100, "bags_added": 0, "bag_penalty": 0, "delta": -50, "score": -50, "bags": 0,
            "explanation": [
                "The defenders took 5 of 13 tricks against Ben's bid of 5: made, +50.",
                "Ben's nil on Cid's hand applies: both defend. Cid took 3 of 13 tricks: −100.",
                "Ben's score for this hand: −50. Total: −50; bags: 0.",
            ],
        },
        "Cid": {
            "role": "defender", "bid": 6, "contract": 6, "team_tricks": 5, "made": False, "contract_points": -60,
            "nil_points": -100, "bags_added": 0, "bag_penalty": 0, "delta": -160, "score": -160, "bags": 0,
            "explanation": [
                "The defenders took 5 of 13 tricks against Cid's bid of 6: set, −60.",
                "Cid's nil on their own hand applies. Cid took 3 of 13 tricks: −100.",
                "Cid's nil on the dummy is void: Cid is a defender.",
                "Cid's score for this hand: −160. Total: −160; bags: 0.",
            ],
        },
    }  # fmt: skip
    assert result["entry"] == EXAMPLE_HAND
    assert result["explanation"] == [
        "Ann deals; Ben bids first and leads.",
        "Ann bid highest (7), so Ann is declarer, partnered with the dummy.",
        "Ben and Cid defend together.",
        "Ann and the dummy took 8 of 13 tricks; the defenders took 5.",
    ]
    assert result["after_end"] == []
    assert result["game"] == {
        "id": table.id,
        "game": "dummy-spades",
        "players": ["Ann", "Ben", "Cid"],
        "first_dealer": "Ann",
        "dummy_after": 2,
        "settings": DEFAULT_SETTINGS,
        "version": 1,
        "totals": totals(("Ann", 71, 1), ("Ben", -50, 0), ("Cid", -160, 0)),
        "status": "in_progress",
        "winner": None,
        "next_dealer": "Ben",
        "after_end": [],
        "url": f"http://localhost/g/{table.id}",
    }
    assert "hands" not in result["game"]


def test_a_posted_hand_is_stored(table):
    table.post(EXAMPLE_HAND)

    game = table.get()

    assert len(game["hands"]) == 1
    assert game["hands"][0]["entry"] == EXAMPLE_HAND
    assert game["totals"] == totals(("Ann", 71, 1), ("Ben", -50, 0), ("Cid", -160, 0))


def test_names_in_a_hand_are_matched_in_any_case(table):
    hand = {
        "bids": [{"player": "ann", "bid": 7}, {"player": " BEN", "bid": 5}, {"player": "Cid", "bid": 6}],
        "tricks": {"ANN": 5, "Dummy": 3, "ben": 2, "cid": 3},
    }

    result = table.post(hand).get_json()

    assert result["entry"] == {
        "bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5}, {"player": "Cid", "bid": 6}],
        "tricks": {"Ann": 5, "Ben": 2, "Cid": 3, "dummy": 3},
    }
    assert result["game"]["totals"] == totals(("Ann", 71, 1), ("Ben", 50, 0), ("Cid", -60, 0))


def test_hands_deal_clockwise_and_totals_run_on(table):
    table.add(EXAMPLE_HAND, HAND_2)

    third = table.post(HAND_3).get_json()

    assert (third["number"], third["dealer"], third["bidding_order"]) == (3, "Cid", ["Ann", "Ben", "Cid"])
    assert (third["declarer"], third["defenders"]) == ("Ben", ["Ann", "Cid"])
    assert {name: mine["delta"] for name, mine in third["players"].items()} == {"Ann": 34, "Ben": 60, "Cid": 34}
    assert third["game"]["totals"] == totals(("Ann", 148, 8), ("Ben", 53, 3), ("Cid", -75, 5))
    assert third["game"]["next_dealer"] == "Ann"


def test_the_game_settings_score_the_bags(client):
    table = start(client, settings={"bag_limit": 5, "bag_penalty": 50})
    table.add(EXAMPLE_HAND, HAND_2)

    third = table.post(HAND_3).get_json()

    ann = third["players"]["Ann"]
    assert (ann["bags_added"], ann["bag_penalty"], ann["delta"], ann["bags"]) == (4, -50, -16, 3)
    assert ann["explanation"][1] == "Ann's bags reached 8: −50, 3 bags carry over."
    assert third["game"]["totals"] == totals(("Ann", 98, 3), ("Ben", 53, 3), ("Cid", -125, 0))


def test_a_single_highest_score_at_the_target_wins(client):
    table = start(client, settings={"target": 50})

    result = table.post(EXAMPLE_HAND).get_json()

    assert (result["game"]["status"], result["game"]["winner"]) == ("finished", "Ann")
    assert result["game"]["next_dealer"] is None


def test_a_tie_at_the_top_past_the_target_plays_on(client):
    table = start(client, settings={"target": 50})
    # Ben declares 7 and is set; the defenders Cid and Ann bid 5 each and take 7: 52 each.
    tied = {
        "bids": [{"player": "Ann", "bid": 5}, {"player": "Ben", "bid": 7}, {"player": "Cid", "bid": 5}],
        "tricks": {"Ann": 4, "Ben": 4, "Cid": 3, "dummy": 2},
    }

    game = table.post(tied).get_json()["game"]

    assert game["totals"] == totals(("Ann", 52, 2), ("Ben", -70, 0), ("Cid", 52, 2))
    assert (game["status"], game["winner"], game["next_dealer"]) == ("in_progress", None, "Ben")


@pytest.mark.parametrize(
    "headers",
    [
        pytest.param({}, id="no token"),
        pytest.param(auth("wrong-token"), id="wrong token"),
        pytest.param({"Authorization": "Bearer"}, id="empty token"),
        pytest.param({"Authorization": "Basic QW5uOkJlbg=="}, id="not a bearer token"),
    ],
)
def test_changing_a_game_without_its_token_is_403_and_saves_nothing(table, headers):
    table.add(EXAMPLE_HAND)
    before = table.get()

    refused = [
        table.post(HAND_2, headers=headers),
        table.put(1, HAND_2, headers=headers),
        table.delete(1, headers=headers),
    ]

    assert [response.status_code for response in refused] == [403, 403, 403]
    assert all(response.get_json() == FORBIDDEN for response in refused)
    assert table.get() == before


def test_another_games_token_is_refused(client, table):
    other = start(client)

    response = table.post(EXAMPLE_HAND, headers=other.headers)

    assert response.status_code == 403
    assert table.get()["hands"] == []


def test_the_bearer_scheme_is_case_insensitive(table):
    response = table.post(EXAMPLE_HAND, headers={"Authorization": f"bearer {table.token}"})

    assert response.status_code == 201


@pytest.mark.parametrize("body", [b"", b"{", b'{"bids": [}', b"bids=7", b"\x80\x81"])
def test_post_malformed_json_is_400_and_saves_nothing(client, table, body):
    response = client.post(f"{table.path}/hands", data=body, content_type="application/json", headers=table.headers)

    assert response.status_code == 400
    assert response.get_json() == MALFORMED
    assert table.get()["hands"] == []


def with_bid(index, **changes):
    hand = copy.deepcopy(EXAMPLE_HAND)
    hand["bids"][index].update(changes)
    return hand


def with_tricks(**tricks):
    hand = copy.deepcopy(EXAMPLE_HAND)
    hand["tricks"] = tricks
    return hand


BID_RANGE = "A bid is a whole number from 0 to 13."
TRICKS_RANGE = "Tricks are a whole number from 0 to 13."
BAD_HANDS = [
    pytest.param(with_bid(0, bid=14), [("bids[0].bid", BID_RANGE)], id="bid of 14"),
    pytest.param(with_bid(1, bid="seven"), [("bids[1].bid", BID_RANGE)], id="bid of seven"),
    pytest.param(with_bid(2, bid=-1), [("bids[2].bid", BID_RANGE)], id="negative bid"),
    pytest.param(with_bid(0, bid=6.5), [("bids[0].bid", BID_RANGE)], id="bid not whole"),
    pytest.param(with_bid(0, bid=None), [("bids[0].bid", BID_RANGE)], id="bid missing"),
    pytest.param(with_bid(0, bid=True), [("bids[0].bid", BID_RANGE)], id="bid true"),
    pytest.param(
        with_tricks(Ann=5, dummy=3, Ben=2, Cid=2),
        [("tricks", "The four hands took 12 tricks; they must take exactly 13.")],
        id="tricks totalling 12",
    ),
    pytest.param(
        with_tricks(Ann=14, dummy=0, Ben=0, Cid=0), [("tricks.Ann", TRICKS_RANGE)], id="tricks of 14"
    ),
    pytest.param(
        with_tricks(Ann=5, dummy="3", Ben=2, Cid=3), [("tricks.dummy", TRICKS_RANGE)], id="tricks as text"
    ),
    pytest.param(
        with_tricks(Ann=5, Ben=2, Cid=3), [("tricks", "Enter the tricks of the dummy.")], id="dummy tricks missing"
    ),
    pytest.param(
        with_tricks(Ann=5, dummy=3, Ben=2, Cid=3, Zed=0),
        [("tricks.Zed", "“Zed” is not a hand in this game.")],
        id="tricks of an unknown hand",
    ),
    pytest.param(
        with_tricks(Ann=5, ann=0, dummy=3, Ben=2, Cid=3),
        [("tricks.ann", "The tricks of Ann's hand are entered twice.")],
        id="tricks entered twice",
    ),
    pytest.param(
        with_bid(1, nil=["Cid", "cid"]),
        [("bids[1].nil", "Ben has declared nil on Cid's hand twice.")],
        id="duplicate nil",
    ),
    pytest.param(
        with_bid(2, nil=["dummy", "Dummy"]),
        [("bids[2].nil", "Cid has declared nil on the dummy twice.")],
        id="duplicate nil on the dummy",
    ),
    pytest.param(
        with_bid(0, nil=["Zed"]), [("bids[0].nil", "“Zed” is not a hand in this game.")], id="nil on an unknown hand"
    ),
    pytest.param(
        with_bid(0, nil="Ann"),
        [("bids[0].nil", "List the hands declared nil: player names or “dummy”.")],
        id="nil not a list",
    ),
    pytest.param(
        with_bid(0, player="Zed"),
        [("bids[0].player", "“Zed” is not a player in this game."), ("bids", "Ann has no bid.")],
        id="bid by an unknown player",
    ),
    pytest.param(
        with_bid(0, player="Ben"), [("bids", "Ann has no bid."), ("bids", "Ben has bid twice.")], id="bid twice"
    ),
    pytest.param(
        with_bid(0, player="dummy"),
        [("bids[0].player", "“dummy” is not a player in this game."), ("bids", "Ann has no bid.")],
        id="the dummy does not bid",
    ),
    pytest.param(
        {"bids": EXAMPLE_HAND["bids"][:2], "tricks": EXAMPLE_HAND["tricks"]},
        [("bids", "Enter one bid for each of the three players.")],
        id="two bids",
    ),
    pytest.param(
        {"bids": [*EXAMPLE_HAND["bids"][:2], 6], "tricks": EXAMPLE_HAND["tricks"]},
        [("bids[2]", "Each bid needs a player and a number of tricks."), ("bids", "Cid has no bid.")],
        id="bid not an object",
    ),
    pytest.param({}, [("bids", "Enter one bid for each of the three players.")], id="empty object"),
    pytest.param([EXAMPLE_HAND], [("body", "Send a JSON object.")], id="body a list"),
    pytest.param(
        {**with_bid(0, bid=14), "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 2}},
        [("bids[0].bid", BID_RANGE), ("tricks", "The four hands took 12 tricks; they must take exactly 13.")],
        id="every problem is reported",
    ),
]


@pytest.mark.parametrize(("hand", "expected"), BAD_HANDS)
def test_post_refuses_an_invalid_hand_with_422_and_saves_nothing(table, hand, expected):
    table.add(EXAMPLE_HAND)
    before = table.get()

    response = table.post(hand)

    assert response.status_code == 422
    assert response.get_json() == errors(*expected)
    assert table.get() == before


def test_posting_to_a_finished_game_is_422_and_saves_nothing(client):
    table = start(client, settings={"target": 50})
    table.add(EXAMPLE_HAND)
    before = table.get()
    assert before["status"] == "finished"

    response = table.post(HAND_2)

    assert response.status_code == 422
    assert response.get_json() == errors(("game", "This game is over: Ann has won."))
    assert table.get() == before


def test_posting_to_an_unknown_game_is_404(client):
    response = client.post("/api/v1/games/no-such-game/hands", json=EXAMPLE_HAND, headers=auth("x"))

    assert response.status_code == 404
    assert response.get_json() == NOT_FOUND


# --- PUT /api/v1/games/<id>/hands/<number> --------------------------------


def test_put_replaces_a_past_hand_and_recomputes_every_later_total(table):
    table.add(EXAMPLE_HAND, HAND_2, HAND_3)

    response = table.put(1, E1_SET_HAND)

    assert response.status_code == 200
    result = response.get_json()
    assert (result["number"], result["dealer"], result["declarer"]) == (1, "Ann", "Ann")
    assert result["entry"] == E1_SET_HAND
    assert {name: mine["delta"] for name, mine in result["players"].items()} == {"Ann": -70, "Ben": 52, "Cid": 61}
    assert result["nils"] == []
    assert result["after_end"] == []
    assert "hands" not in result["game"]
    assert result["game"]["totals"] == totals(("Ann", 7, 7), ("Ben", 155, 5), ("Cid", 146, 6))
    game = table.get()
    assert game["totals"] == result["game"]["totals"]
    assert [hand["entry"] for hand in game["hands"]] == [E1_SET_HAND, HAND_2, HAND_3]
    assert [[mine["score"] for mine in hand["players"].values()] for hand in game["hands"]] == [
        [-70, 52, 61],
        [-27, 95, 112],
        [7, 155, 146],
    ]


def test_put_the_last_hand(table):
    table.add(EXAMPLE_HAND, HAND_2)

    result = table.put(2, HAND_3).get_json()

    assert (result["number"], result["dealer"], result["declarer"]) == (2, "Ben", "Ben")
    assert table.get()["hands"][1]["entry"] == HAND_3


def test_an_edit_that_ends_the_game_earlier_keeps_the_later_hands_after_the_end(client):
    table = start(client, settings={"target": 150})
    table.add(EXAMPLE_HAND, HAND_2, HAND_3)
    assert table.get()["status"] == "in_progress"

    response = table.put(1, E4_NIL_HAND)

    assert response.status_code == 200
    result = response.get_json()
    assert result["players"]["Ann"]["delta"] == 190
    assert result["after_end"] == [2, 3]
    assert result["game"]["after_end"] == [2, 3]
    assert (result["game"]["status"], result["game"]["winner"]) == ("finished", "Ann")
    assert result["game"]["next_dealer"] is None
    assert result["game"]["totals"] == totals(("Ann", 190, 0), ("Ben", 22, 2), ("Cid", 22, 2))
    game = table.get()
    assert (game["status"], game["winner"], game["after_end"]) == ("finished", "Ann", [2, 3])
    assert [hand["number"] for hand in game["hands"]] == [1]


def test_hands_after_the_end_are_kept_and_come_back_when_the_edit_is_undone(client):
    table = start(client, settings={"target": 150})
    table.add(EXAMPLE_HAND, HAND_2, HAND_3)
    table.put(1, E4_NIL_HAND)
    finished = table.get()

    refused = table.put(2, HAND_2)
    assert refused.status_code == 422
    assert refused.get_json() == errors(("number", "Hand 2 was recorded after the game ended; undo it instead."))
    assert table.get() == finished

    assert table.delete(3).status_code == 204
    assert table.get()["after_end"] == [2]

    restored = table.put(1, EXAMPLE_HAND).get_json()
    assert restored["after_end"] == []
    assert restored["game"]["status"] == "in_progress"
    assert restored["game"]["totals"] == totals(("Ann", 114, 4), ("Ben", -7, 3), ("Cid", -109, 1))
    assert [hand["number"] for hand in table.get()["hands"]] == [1, 2]


@pytest.mark.parametrize(("hand", "expected"), BAD_HANDS)
def test_put_refuses_an_invalid_hand_with_422_and_saves_nothing(table, hand, expected):
    table.add(EXAMPLE_HAND, HAND_2)
    before = table.get()

    response = table.put(1, hand)

    assert response.status_code == 422
    assert response.get_json() == errors(*expected)
    assert table.get() == before


def test_put_malformed_json_is_400(client, table):
    table.add(EXAMPLE_HAND)
    before = table.get()

    response = client.put(f"{table.path}/hands/1", data=b"{", content_type="application/json", headers=table.headers)

    assert response.status_code == 400
    assert response.get_json() == MALFORMED
    assert table.get() == before


@pytest.mark.parametrize("number", [0, 3, 99])
def test_put_a_missing_hand_is_404(table, number):
    table.add(EXAMPLE_HAND, HAND_2)
    before = table.get()

    response = table.put(number, HAND_3)

    assert response.status_code == 404
    assert response.get_json() == NOT_FOUND
    assert table.get() == before


def test_put_to_an_unknown_game_is_404(client):
    response = client.put("/api/v1/games/no-such-game/hands/1", json=EXAMPLE_HAND, headers=auth("x"))

    assert response.status_code == 404
    assert response.get_json() == NOT_FOUND


# --- DELETE /api/v1/games/<id>/hands/<number> -----------------------------


def test_delete_the_last_hand_is_204(table):
    table.add(EXAMPLE_HAND, HAND_2)

    response = table.delete(2)

    assert response.status_code == 204
    assert response.data == b""
    game = table.get()
    assert [hand["number"] for hand in game["hands"]] == [1]
    assert game["totals"] == totals(("Ann", 71, 1), ("Ben", -50, 0), ("Cid", -160, 0))
    assert game["next_dealer"] == "Ben"


def test_a_deleted_hand_number_is_used_again(table):
    table.add(EXAMPLE_HAND, HAND_2)
    table.delete(2)

    result = table.post(HAND_3).get_json()

    assert (result["number"], result["dealer"]) == (2, "Ben")


def test_delete_an_earlier_hand_is_409_and_saves_nothing(table):
    table.add(EXAMPLE_HAND, HAND_2)
    before = table.get()

    response = table.delete(1)

    assert response.status_code == 409
    assert response.get_json() == errors(("request", "Only the last hand can be removed."))
    assert table.get() == before


@pytest.mark.parametrize("number", [0, 3, 99])
def test_delete_a_missing_hand_is_404(table, number):
    table.add(EXAMPLE_HAND, HAND_2)
    before = table.get()

    response = table.delete(number)

    assert response.status_code == 404
    assert response.get_json() == NOT_FOUND
    assert table.get() == before


def test_delete_in_a_game_without_hands_is_404(table):
    response = table.delete(1)

    assert response.status_code == 404
    assert response.get_json() == NOT_FOUND


def test_delete_in_an_unknown_game_is_404(client):
    response = client.delete("/api/v1/games/no-such-game/hands/1", headers=auth("x"))

    assert response.status_code == 404
    assert response.get_json() == NOT_FOUND


# --- every error under /api is JSON ----------------------------------------


def test_an_unknown_api_address_is_a_json_404(client):
    response = client.get("/api/v1/nothing-here")

    assert response.status_code == 404
    assert response.get_json() == NOT_FOUND


def test_a_wrong_method_is_a_json_405(client, table):
    response = client.patch(f"{table.path}/hands/1", json=EXAMPLE_HAND, headers=table.headers)

    assert response.status_code == 405
    assert response.get_json() == errors(("request", "This address does not accept that method."))
