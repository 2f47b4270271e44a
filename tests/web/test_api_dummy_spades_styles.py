"""Dummy Hand Spades styles through the JSON API: `settings.style`, every worked example of docs/rules.md A12,
A11's refusals as 422s on the bid, `contract` and `dummy_spades` in the results, in one step and in two."""

from __future__ import annotations

import json

import pytest

from .api_client import create, errors

PLAYERS = ["Ann", "Ben", "Cid"]  # A, B, C clockwise; Ann deals hand 1, so the bidding order is Ben, Cid, Ann
PARTNER = {"Ann": ["Ben", "Cid", "dummy"], "Ben": ["Ann", "Cid", "dummy"], "Cid": ["Ann", "Ben", "dummy"]}
AT_LEAST_4 = "In Suicide every player bids at least 4."
ONE_NIL = "In Suicide every player names one nil: their own hand or their partner's."
OVER_13 = ("In Mirror each bid is the spades in that player's hand, so the three bids cannot add up to more than 13 "
           "(these add up to 14).")
NO_NILS = "In Mirror nils are not declared: every hand without spades is a nil."


def start(client, style):
    return create(client, {"game": "dummy-spades", "players": PLAYERS, "first_dealer": "Ann",
                           "settings": {"style": style}})


def hand(bids, tricks=None):
    """A hand payload from (player, bid, nil or None), in bidding order; without tricks, the bids alone."""
    payload = [{"player": player, "bid": bid, **({} if nil is None else {"nil": nil})} for player, bid, nil in bids]
    return {"bids": payload} if tricks is None else {"bids": payload, "tricks": tricks}


def deltas(result):
    return {name: mine["delta"] for name, mine in result["players"].items()}


def contracts(result):
    return {name: mine["contract"] for name, mine in result["players"].items()}


def applying(result):
    return [(nil["bidder"], nil["hand"]) for nil in result["nils"] if nil["applies"]]


# --- the setting --------------------------------------------------------------


@pytest.mark.parametrize("style", ["standard", "suicide", "mirror"])
def test_the_style_is_a_setting_kept_in_the_game_object(client, style):
    table = start(client, style)
    assert table.get()["settings"] == {"target": 300, "bag_limit": 10, "bag_penalty": 100, "variant": "no-peeky",
                                       "style": style}


def test_an_unknown_style_is_a_422_naming_the_choices(client):
    response = client.post("/api/v1/games", json={"game": "dummy-spades", "players": PLAYERS,
                                                  "settings": {"style": "Suicide"}})
    assert response.status_code == 422
    assert response.get_json() == errors(("settings.style", "Choose a style: standard, suicide, mirror."))


# --- Suicide: SU-E1 to SU-E3 -----------------------------------------------------

SU_E1 = hand([("Ben", 5, ["Ben"]), ("Cid", 7, PARTNER["Cid"]), ("Ann", 4, PARTNER["Ann"])],
             {"Cid": 7, "dummy": 0, "Ben": 0, "Ann": 6})


def test_su_e1(client):
    table = start(client, "suicide")
    response = table.post(SU_E1)
    assert response.status_code == 201
    result = response.get_json()
    assert (result["declarer"], result["defenders"]) == ("Cid", ["Ben", "Ann"])
    assert applying(result) == [("Ben", "Ben"), ("Cid", "dummy"), ("Ann", "Ben")]
    assert deltas(result) == {"Ann": 142, "Ben": 151, "Cid": 170}
    assert contracts(result) == {"Ann": 4, "Ben": 5, "Cid": 7}
    assert "dummy_spades" not in result
    assert result["game"]["totals"] == {"Ann": {"score": 142, "bags": 2}, "Ben": {"score": 151, "bags": 1},
                                        "Cid": {"score": 170, "bags": 0}}


def test_su_e2(client):
    table = start(client, "suicide")
    result = table.add(hand([("Ben", 5, PARTNER["Ben"]), ("Cid", 8, ["Cid"]), ("Ann", 4, PARTNER["Ann"])],
                            {"Cid": 0, "dummy": 9, "Ben": 2, "Ann": 2}))
    assert applying(result) == [("Ben", "Ann"), ("Cid", "Cid"), ("Ann", "Ben")]
    assert deltas(result) == {"Ann": -60, "Ben": -150, "Cid": 181}


@pytest.mark.parametrize(
    ("ben", "message"),
    [
        pytest.param((6, None), ONE_NIL, id="no nil"),
        pytest.param((5, ["dummy"]), ONE_NIL, id="nil on the dummy only"),
        pytest.param((5, ["Ben", "dummy"]), ONE_NIL, id="nil on own hand and the dummy"),
        pytest.param((3, ["Ben"]), AT_LEAST_4, id="a bid of 3"),
    ],
)
@pytest.mark.parametrize("with_tricks", [True, False], ids=["whole hand", "bids only"])
def test_su_e3_is_a_422_on_bens_bid_and_nothing_is_saved(client, ben, message, with_tricks):
    table = start(client, "suicide")
    tricks = {"Cid": 7, "dummy": 0, "Ben": 0, "Ann": 6} if with_tricks else None
    response = table.post(hand([("Ben", *ben), ("Cid", 7, PARTNER["Cid"]), ("Ann", 4, PARTNER["Ann"])], tricks))
    assert response.status_code == 422
    assert response.get_json() == errors(("bids[0].bid", message))
    assert table.get()["hands"] == []


def test_suicide_refusals_are_said_in_the_readers_language(client):
    table = start(client, "suicide")
    response = table.post(hand([("Ben", 3, ["Ben"]), ("Cid", 7, PARTNER["Cid"]), ("Ann", 4, PARTNER["Ann"])]),
                          headers={**table.headers, "Accept-Language": "fr"})
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert error["field"] == "bids[0].bid" and error["message"] != AT_LEAST_4


# --- Mirror: MI-E1 to MI-E5 ------------------------------------------------------

MI_E1_BIDS = [("Ben", 4, None), ("Cid", 3, None), ("Ann", 2, None)]


def test_mi_e1_made_by_both_sides(client):
    table = start(client, "mirror")
    result = table.add(hand(MI_E1_BIDS, {"Ben": 5, "dummy": 3, "Cid": 3, "Ann": 2}))
    assert (result["declarer"], result["dummy_spades"], result["nils"]) == ("Ben", 4, [])
    assert contracts(result) == {"Ann": 5, "Ben": 8, "Cid": 5}
    assert deltas(result) == {"Ann": 50, "Ben": 80, "Cid": 50}
    assert "Ben declares with the dummy: 4 + 4 spades = 8 tricks to make." in result["explanation"]
    assert result["players"]["Ben"]["explanation"][0] == (
        "Ben and the dummy took 8 of 13 tricks against a contract of 8: made, +80."
    )
    assert result["entry"] == hand(MI_E1_BIDS, {"Ann": 2, "Ben": 5, "Cid": 3, "dummy": 3})


def test_mi_e1_the_defence_set(client):
    table = start(client, "mirror")
    result = table.add(hand(MI_E1_BIDS, {"Ben": 6, "dummy": 4, "Cid": 2, "Ann": 1}))
    assert deltas(result) == {"Ann": -50, "Ben": 82, "Cid": -50}
    assert result["players"]["Ben"]["bags"] == 2


def test_mi_e2(client):
    table = start(client, "mirror")
    result = table.add(hand([("Ben", 0, None), ("Cid", 6, None), ("Ann", 5, None)],
                            {"Cid": 6, "dummy": 2, "Ben": 0, "Ann": 5}))
    assert (result["declarer"], result["dummy_spades"]) == ("Cid", 2)
    assert contracts(result) == {"Ann": 5, "Ben": 5, "Cid": 8}
    assert [{key: nil[key] for key in ("bidder", "hand", "applies", "made", "points")} for nil in result["nils"]] == [
        {"bidder": "Ben", "hand": "Ben", "applies": True, "made": True, "points": 100},
    ]
    assert deltas(result) == {"Ann": 50, "Ben": 150, "Cid": 80}


def test_mi_e3_bids_alone(client):
    table = start(client, "mirror")
    response = table.post(hand([("Ben", 4, None), ("Cid", 4, None), ("Ann", 1, None)]))
    assert response.status_code == 201
    waiting = response.get_json()
    assert (waiting["complete"], waiting["declarer"], waiting["dummy_spades"]) == (False, "Ben", 4)
    assert {name: mine["contract"] for name, mine in waiting["players"].items()} == {"Ben": 8, "Cid": 5, "Ann": 5}
    assert waiting["needs"] == ["Ben declares with the dummy: 4 + 4 spades = 8 tricks to make.",
                                "Cid and Ann defend: 4 + 1 spades = 5 tricks to make."]


MI_E4_BIDS = [("Ben", 5, None), ("Cid", 4, None), ("Ann", 4, None)]


def test_mi_e4_the_dummys_nil_made(client):
    table = start(client, "mirror")
    result = table.add(hand(MI_E4_BIDS, {"Ben": 5, "dummy": 0, "Cid": 4, "Ann": 4}))
    assert result["dummy_spades"] == 0
    assert [(nil["bidder"], nil["hand"], nil["points"]) for nil in result["nils"]] == [("Ben", "dummy", 100)]
    assert deltas(result) == {"Ann": 80, "Ben": 150, "Cid": 80}


def test_mi_e4_the_dummys_nil_failed_completing_a_hand_saved_in_two_steps(client):
    table = start(client, "mirror")
    assert table.post(hand(MI_E4_BIDS)).status_code == 201
    assert table.get()["totals"]["Ben"] == {"score": 0, "bags": 0}
    response = table.put(1, hand(MI_E4_BIDS, {"Ben": 4, "dummy": 1, "Cid": 5, "Ann": 3}))
    assert response.status_code == 200
    result = response.get_json()
    assert result["complete"] is True
    assert deltas(result) == {"Ann": 80, "Ben": -50, "Cid": 80}


def test_mi_e5_bids_over_13_are_a_422_on_the_bids(client):
    table = start(client, "mirror")
    response = table.post(hand([("Ben", 5, None), ("Cid", 5, None), ("Ann", 4, None)]))
    assert response.status_code == 422
    assert response.get_json() == errors(("bids", OVER_13))


def test_mi_e5_a_declared_nil_is_a_422_on_that_bid(client):
    table = start(client, "mirror")
    response = table.post(hand([("Ben", 4, ["dummy"]), ("Cid", 3, None), ("Ann", 2, None)],
                               {"Ben": 5, "dummy": 3, "Cid": 3, "Ann": 2}))
    assert response.status_code == 422
    assert response.get_json() == errors(("bids[0].bid", NO_NILS))
    assert table.get()["hands"] == []


# --- export and import ---------------------------------------------------------------


@pytest.mark.parametrize("style", ["suicide", "mirror"])
def test_an_exported_game_imports_with_its_style(client, style):
    table = start(client, style)
    table.add(SU_E1 if style == "suicide" else hand(MI_E1_BIDS, {"Ben": 5, "dummy": 3, "Cid": 3, "Ann": 2}))
    exported = json.loads(client.get(f"/g/{table.id}/export.json").get_data(as_text=True))
    response = client.post("/api/v1/games/import", json=exported)
    assert response.status_code == 201
    imported = response.get_json()
    assert imported["settings"]["style"] == style
    assert imported["totals"] == exported["totals"]
    assert imported["hands"][0]["players"] == exported["hands"][0]["players"]
