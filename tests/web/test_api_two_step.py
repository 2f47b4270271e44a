"""docs/api.md "A hand in two steps": bids or declarations first (201, complete false), the play later (PUT, 200)."""

from __future__ import annotations

import pytest

from .api_client import create, errors
from .racing import race
from .test_races import as_phone

SPADES = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}
BIDS = {"bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5, "nil": ["Cid"]},
                 {"player": "Cid", "bid": 6, "nil": ["Cid", "dummy"]}]}
HAND = {**BIDS, "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3}}
WAITING_HAND_2 = ("game", "Hand 2 is waiting for its tricks: enter them (or undo the hand) first.")
ZERO = {"Ann": {"score": 0, "bags": 0}, "Ben": {"score": 0, "bags": 0}, "Cid": {"score": 0, "bags": 0}}


@pytest.fixture
def table(client):
    return create(client, SPADES)


def without_game(result):
    return {key: value for key, value in result.items() if key not in ("game", "after_end")}


def test_bids_without_tricks_are_recorded_as_an_incomplete_hand(table):
    response = table.post(BIDS)

    assert response.status_code == 201
    result = response.get_json()
    assert result["complete"] is False
    assert (result["number"], result["declarer"], result["defenders"]) == (1, "Ann", ["Ben", "Cid"])
    assert result["nils"] == [
        {"bidder": "Ben", "hand": "Cid", "applies": True, "made": None, "points": 0,
         "reason": "Ben's nil on Cid's hand applies: both defend. Cid must take no tricks."},
        {"bidder": "Cid", "hand": "Cid", "applies": True, "made": None, "points": 0,
         "reason": "Cid's nil on their own hand applies: Cid must take no tricks."},
        {"bidder": "Cid", "hand": "dummy", "applies": False, "made": None, "points": 0,
         "reason": "Cid's nil on the dummy is void: Cid is a defender."},
    ]
    assert result["players"] == {"Ben": {"role": "defender", "bid": 5, "contract": 5},
                                 "Cid": {"role": "defender", "bid": 6, "contract": 6},
                                 "Ann": {"role": "declarer", "bid": 7, "contract": 7}}
    assert result["needs"] == ["Ann and the dummy need 7 of the 13 tricks.",
                               "Ben and Cid need 5 of the 13 tricks for Ben's bid and 6 for Cid's."]
    assert result["entry"] == BIDS
    assert result["game"]["totals"] == ZERO and result["game"]["version"] == 1
    game = table.get()
    assert game["totals"] == ZERO and game["next_dealer"] == "Ben"
    assert game["hands"] == [without_game(result)]


def test_put_with_the_whole_hand_completes_it(table):
    table.post(BIDS)

    response = table.put(1, HAND)

    assert response.status_code == 200
    result = response.get_json()
    assert result["complete"] is True
    assert result["game"]["totals"] == {"Ann": {"score": 71, "bags": 1}, "Ben": {"score": -50, "bags": 0},
                                        "Cid": {"score": -160, "bags": 0}}
    assert without_game(result) == without_game(create(table.client, SPADES).post(HAND).get_json())
    assert [hand["complete"] for hand in table.get()["hands"]] == [True]


def test_another_hand_while_the_last_waits_is_a_409_and_changes_nothing(table):
    table.add(HAND, BIDS)
    version = table.get()["version"]

    for hand in (HAND, BIDS, {**HAND, "number": 3}):
        response = table.post(hand)
        assert response.status_code == 409
        assert response.get_json() == errors(WAITING_HAND_2)
    assert table.get()["version"] == version
    assert table.post({**HAND, "number": 2}).get_json() == errors(
        ("number", "Hand 2 is already recorded: the next hand is hand 3."))


def test_the_waiting_hand_can_be_replaced_by_other_bids_or_deleted(table):
    table.add(HAND, BIDS)

    replaced = table.put(2, {"bids": [{"player": "Ann", "bid": 3}, {"player": "Ben", "bid": 4},
                                      {"player": "Cid", "bid": 2}]})
    assert replaced.status_code == 200
    assert (replaced.get_json()["complete"], replaced.get_json()["declarer"]) == (False, "Ben")

    assert table.delete(2).status_code == 204
    game = table.get()
    assert [hand["complete"] for hand in game["hands"]] == [True]
    assert table.post(HAND).status_code == 201


def test_only_the_last_hand_can_wait(table):
    table.add(HAND, HAND)

    response = table.put(1, BIDS)

    assert response.status_code == 422
    assert response.get_json() == errors(
        ("tricks", "Only the last hand can wait for its tricks: enter the tricks of hand 1."))


def test_an_idempotent_repeat_of_the_first_step_returns_the_first_answer(table):
    headers = {**table.headers, "Idempotency-Key": "bids of hand 1"}
    first = table.post(BIDS, headers=headers)
    again = table.post(BIDS, headers=headers)

    assert (first.status_code, again.status_code) == (201, 201)
    assert again.get_json() == first.get_json()
    assert len(table.get()["hands"]) == 1


def test_a_stale_if_match_on_the_completing_put_is_a_412(table):
    table.post(BIDS)

    response = table.put(1, HAND, headers={**table.headers, "If-Match": '"0"'})

    assert response.status_code == 412
    assert table.get()["hands"][0]["complete"] is False


def test_bids_recorded_from_two_phones_at_once_are_stored_once(app, table):
    results = race(app, *[lambda client: as_phone(table, client).post(BIDS)] * 4)

    assert sorted(status for status, _ in results) == [201, 409, 409, 409]
    assert all(body == errors(("game", "Hand 1 is waiting for its tricks: enter them (or undo the hand) first."))
               for status, body in results if status == 409)
    assert len(table.get()["hands"]) == 1 and table.get()["version"] == 1


def test_the_tricks_recorded_from_two_phones_with_the_version_are_stored_once(app, table):
    table.post(BIDS)
    headers = {**table.headers, "If-Match": '"1"'}

    results = race(app, *[lambda client: as_phone(table, client).put(1, HAND, headers=headers)] * 4)

    assert sorted(status for status, _ in results) == [200, 412, 412, 412]
    assert table.get()["version"] == 2


def test_bids_are_checked_at_the_first_step(table):
    response = table.post({"bids": BIDS["bids"][:2]})

    assert response.status_code == 422
    assert response.get_json() == errors(("bids", "Enter one bid for each of the three players."))
    assert table.get()["hands"] == []


FOUR = {"game": "spades", "players": ["Ann", "Ben", "Cid", "Dan"], "first_dealer": "Ann"}
FOUR_BIDS = {"bids": [{"player": "Ben", "bid": 3}, {"player": "Cid", "bid": "nil"},
                      {"player": "Dan", "bid": 4}, {"player": "Ann", "bid": 5}]}


def test_four_player_bids_give_each_team_its_contract(client):
    table = create(client, FOUR)

    result = table.post(FOUR_BIDS).get_json()

    assert result["complete"] is False
    assert result["teams"] == {
        "Ann & Cid": {"players": ["Ann", "Cid"], "contract": 5, "needs": [
            "Ann bid 5 and Cid bid Nil: a contract of 5.", "Ann & Cid need 5 of the 13 tricks.",
            "Cid bid Nil: Cid must take no tricks (+100, or −100 if not)."]},
        "Ben & Dan": {"players": ["Ben", "Dan"], "contract": 7, "needs": [
            "Ben bid 3 and Dan bid 4: a contract of 7.", "Ben & Dan need 7 of the 13 tricks."]},
    }
    assert result["nils"] == [{"player": "Cid", "team": "Ann & Cid", "blind": False, "made": None, "points": 0}]
    completed = table.put(1, {**FOUR_BIDS, "tricks": {"Ann": 6, "Ben": 3, "Cid": 0, "Dan": 4}}).get_json()
    assert completed["complete"] is True
    assert completed["game"]["totals"] == {"Ann & Cid": {"score": 151, "bags": 1}, "Ben & Dan": {"score": 70, "bags": 0}}


PIQUET = {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben"}
DECLARED = {
    "carte_blanche": None,
    "point": {"elder": {"cards": 5, "value": 48}, "younger": {"cards": 5, "value": 45}},
    "sequences": {"elder": [{"length": 3, "top": "K"}], "younger": [{"length": 3, "top": "A"}]},
    "sets": {"elder": [{"size": 3, "rank": "A"}], "younger": [{"size": 4, "rank": "T"}]},
}
TRICKS = ["elder"] * 6 + ["younger"] * 5 + ["elder"]


def test_piquet_declarations_without_the_play_are_an_incomplete_deal(client):
    table = create(client, PIQUET)

    response = table.post(DECLARED)

    assert response.status_code == 201
    result = response.get_json()
    assert result["complete"] is False
    assert {name: (c["good"], c["points"]) for name, c in result["classes"].items()} == {
        "point": ("elder", 5), "sequences": ("younger", 3), "sets": ("younger", 14)}
    assert result["players"] == {
        "Ann": {"role": "elder", "carte_blanche": 0, "point": 5, "sequences": 0, "sets": 0, "repique": 0, "total": 5},
        "Ben": {"role": "younger", "carte_blanche": 0, "point": 0, "sequences": 3, "sets": 14, "repique": 0,
                "total": 17},
    }
    assert result["game"]["totals"] == {"Ann": {"score": 0}, "Ben": {"score": 0}}
    assert table.post(DECLARED).get_json() == errors(
        ("game", "Deal 1 is waiting for its play: enter it (or undo the deal) first."))

    completed = table.put(1, {**DECLARED, "tricks": TRICKS})

    assert completed.status_code == 200
    assert completed.get_json()["complete"] is True
    assert completed.get_json()["game"]["totals"] == {"Ann": {"score": 24}, "Ben": {"score": 23}}


def test_a_saunt_deal_whose_declarations_reach_the_target_is_complete(client):
    table = create(client, {**PIQUET, "settings": {"variant": "saunt", "target": 15}})

    result = table.post(DECLARED).get_json()

    assert result["complete"] is True and result["ended_game"] is True
    assert result["game"]["status"] == "finished" and result["game"]["winner"] == "Ben"


@pytest.mark.parametrize("game, first_step", [(SPADES, BIDS), (FOUR, FOUR_BIDS), (PIQUET, DECLARED)],
                         ids=["dummy-spades", "spades", "piquet"])
def test_every_page_and_download_shows_a_game_with_a_waiting_hand(client, game, first_step):
    table = create(client, game)
    table.post(first_step)

    for path in ("", "/summary", "/export.csv", "/export.json", "/live"):
        assert client.get(f"/g/{table.id}{path}").status_code == 200, path
    assert client.get(f"/players/{game['players'][0]}").status_code == 200
    csv = client.get(f"/g/{table.id}/export.csv").get_data(as_text=True)
    assert len(csv.strip().splitlines()) == 1, "a waiting hand has no scores to list"
    exported = client.get(f"/g/{table.id}/export.json").get_json()
    assert [hand["complete"] for hand in exported["hands"]] == [False]

    imported = client.post("/api/v1/games/import", json=exported)

    assert imported.status_code == 201, imported.get_json()
    assert [hand["complete"] for hand in imported.get_json()["hands"]] == [False]
