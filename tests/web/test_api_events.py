"""Club nights through the JSON API, as docs/api.md "Club nights" states it: every status code.

Every table here plays one hand (hands_per_round 1), docs/rules.md A10 E1 with
the table's first seat as Ann: bids 7, 5 and 6, tricks 5 + 3 (dummy), 2
and 3: the seats score 71, 50 and -60. The table's average is 61/3, so
the margins are 50.7, 29.7 and -80.3, and the match points 2, 1 and 0.
"""

from __future__ import annotations

import pytest
from sqlalchemy import event as sql_event

from scorekeeper.api import events as events_api
from scorekeeper.api.events import event_object as real_event_object
from scorekeeper.extensions import db
from scorekeeper.models import Event, Game

from ..games import PIQUET_DEALS
from .api_client import auth, changing, errors

PLAYERS = ["Ann", "Ben", "Cid", "Dan", "Eve", "Fay", "Gus"]
EVENT = {"name": "Thursday club", "game": "dummy-spades", "players": PLAYERS, "rounds": 2, "hands_per_round": 1,
         "settings": {"target": 300}}
ORGANISER = ("request", "This needs the event's organiser token: send “Authorization: Bearer <edit_token>”.")
NO_EVENT = errors(("request", "There is no such club night."))
NO_TABLE = errors(("request", "There is no such club night or table."))


def hand(seats):
    first, second, third = seats
    return {"bids": [{"player": first, "bid": 7}, {"player": second, "bid": 5}, {"player": third, "bid": 6}],
            "tricks": {first: 5, "dummy": 3, second: 2, third: 3}}


def create(client, payload=EVENT, **kwargs):
    response = client.post("/api/v1/events", json=payload, **kwargs)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def seat(client, created):
    response = client.post(f"/api/v1/events/{created['id']}/rounds", headers=auth(created["edit_token"]))
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def play(client, table):
    response = client.post(f"/api/v1/games/{table['game']}/hands", json=hand(table["players"]),
                           headers=auth(table["edit_token"]))
    assert response.status_code == 201, response.get_json()


def standings(body):
    return [(s["place"], s["player"], s["match_points"], s["margin"], s["tables"], s["byes"]) for s in body["standings"]]


def test_creating_an_event_answers_201_with_the_event_the_organisers_token_and_its_page(client):
    response = client.post("/api/v1/events", json=EVENT)
    assert response.status_code == 201
    body = response.get_json()
    assert response.headers["Location"] == f"/api/v1/events/{body['id']}"
    assert body["edit_token"] and body["url"] == f"http://localhost/events/{body['id']}"
    assert {key: body[key] for key in ("name", "game", "players", "rounds", "round", "hands_per_round", "status",
                                       "tables", "byes")} == {
        "name": "Thursday club", "game": "dummy-spades", "players": PLAYERS, "rounds": 2, "round": 0,
        "hands_per_round": 1, "status": "seating", "tables": [], "byes": []}
    assert body["settings"] == {"target": 300, "bag_limit": 10, "bag_penalty": 100, "variant": "no-peeky",
                                "style": "standard"}
    assert standings(body) == [(1, name, 0.0, 0.0, 0, 0) for name in sorted(PLAYERS)]
    assert client.get(f"/api/v1/events/{body['id']}").get_json()["version"] == body["version"]


@pytest.mark.parametrize(("change", "expected"), [
    ({"game": "chess"}, [("game", "Choose the game: “dummy-spades”, “piquet”, “spades”.")]),
    ({"players": ["Ann", "Ben"]}, [("players", "A table of this game needs 3 players: enter at least that many.")]),
    ({"players": ["Ann", "Ben", "ann"]}, [("players[2]", "Two players cannot both be called “ann”.")]),
    ({"rounds": 21}, [("rounds", "The number of rounds is a whole number from 1 to 20.")]),
    ({"hands_per_round": "8"}, [("hands_per_round", "The hands per round are a whole number from 1 to 100.")]),
    ({"settings": {"target": 0}}, [("settings.target", "The target is a whole number from 1 to 10000.")]),
    ({"name": ""}, [("name", "Give the event a name.")]),
])
def test_a_bad_event_is_a_422_beside_its_field_and_nothing_is_saved(app, client, change, expected):
    response = client.post("/api/v1/events", json={**EVENT, **change})
    assert response.status_code == 422
    assert response.get_json() == errors(*expected)
    with app.app_context():
        assert db.session.query(Event).count() == 0


def test_malformed_json_is_a_400_and_an_unknown_event_a_404(client):
    response = client.post("/api/v1/events", data="{", content_type="application/json")
    assert response.status_code == 400
    assert response.get_json() == errors(("body", "The request body is not valid JSON."))
    for response in (client.get("/api/v1/events/nope"), client.post("/api/v1/events/nope/rounds", headers=auth("x"))):
        assert response.status_code == 404
        assert response.get_json() == NO_EVENT


def test_seating_needs_the_organisers_token(client):
    created = create(client)
    for headers in ({}, auth("wrong"), {"Authorization": created["edit_token"]}):
        response = client.post(f"/api/v1/events/{created['id']}/rounds", headers=headers)
        assert response.status_code == 403
        assert response.get_json() == errors(ORGANISER)


def test_a_whole_evening_round_1_drawn_round_2_by_standings_then_422(app, client):
    created = create(client)
    first = seat(client, created)
    assert first["round"] == 1 and first["status"] == "in_play"
    assert [(t["round"], t["table"], t["status"]) for t in first["tables"]] == [(1, 1, "in_progress"),
                                                                             (1, 2, "in_progress")]
    seated = [name for t in first["tables"] for name in t["players"]] + [b["player"] for b in first["byes"]]
    assert sorted(seated) == sorted(PLAYERS) and len(first["byes"]) == 1 and first["byes"][0]["round"] == 1
    assert all(t["edit_token"] for t in first["tables"])
    public = client.get(f"/api/v1/events/{created['id']}").get_json()
    assert all("edit_token" not in t for t in public["tables"])
    assert [t["url"] for t in public["tables"]] == [f"http://localhost/g/{t['game']}" for t in first["tables"]]
    assert [t["edit_url"] for t in first["tables"]] == [
        f"http://localhost/g/{t['game']}/join/{t['edit_token']}" for t in first["tables"]]
    table_game = client.get(f"/api/v1/games/{first['tables'][0]['game']}").get_json()
    assert table_game["settings"]["hand_limit"] == 1 and table_game["players"] == first["tables"][0]["players"]

    # 409 while a table of the round plays.
    play(client, first["tables"][0])
    response = client.post(f"/api/v1/events/{created['id']}/rounds", headers=auth(created["edit_token"]))
    assert response.status_code == 409
    assert response.get_json() == errors(
        ("round", "Round 1 is still playing at table 2: seat the next round once it has finished."))
    play(client, first["tables"][1])

    after_1 = client.get(f"/api/v1/events/{created['id']}").get_json()
    assert after_1["status"] == "seating"
    (a1, b1, c1), (a2, b2, c2) = (t["players"] for t in first["tables"])
    bye = first["byes"][0]["player"]
    firsts, seconds, thirds = sorted([a1, a2]), sorted([b1, b2]), sorted([c1, c2])
    assert standings(after_1) == [
        (1, firsts[0], 2.0, 50.7, 1, 0), (1, firsts[1], 2.0, 50.7, 1, 0),
        (3, seconds[0], 1.0, 29.7, 1, 0), (3, seconds[1], 1.0, 29.7, 1, 0),
        (5, bye, 1.0, 0.0, 0, 1),
        (6, thirds[0], 0.0, -80.3, 1, 0), (6, thirds[1], 0.0, -80.3, 1, 0),
    ]

    second = seat(client, created)
    round_2 = [t for t in second["tables"] if t["round"] == 2]
    # The leaders together at table 1, then the two seconds (equal: either may sit at table 1, and the one who
    # seats fewer table mates again does), the player who had the bye and the higher of the thirds; the bye to
    # the lowest ranked of those without one.
    met = [{a1, b1, c1}, {a2, b2, c2}]

    def repeats(*tables):
        return sum(1 for table in tables for x in table for y in table if x < y and any({x, y} <= m for m in met))

    plain = ({*firsts, seconds[0]}, {seconds[1], bye, thirds[0]})
    swapped = ({*firsts, seconds[1]}, {seconds[0], bye, thirds[0]})
    expected = swapped if repeats(*swapped) < repeats(*plain) else plain
    assert (set(round_2[0]["players"]), set(round_2[1]["players"])) == expected
    assert second["byes"][1] == {"round": 2, "player": thirds[1]}
    for table in round_2:
        play(client, table)
    done = client.get(f"/api/v1/events/{created['id']}").get_json()
    assert done["status"] == "finished" and done["round"] == 2
    response = client.post(f"/api/v1/events/{created['id']}/rounds", headers=auth(created["edit_token"]))
    assert response.status_code == 422
    assert response.get_json() == errors(("round", "All 2 rounds have been seated: the event is over."))


def test_the_organisers_token_corrects_a_table_and_the_standings_follow(client):
    created = create(client)
    first = seat(client, created)
    table = first["tables"][0]
    play(client, table)
    first_seat, second_seat, third_seat = table["players"]
    # The table's phone may not be used with another table's token; the organiser's opens every table.
    other = first["tables"][1]
    assert client.put(f"/api/v1/games/{table['game']}/hands/1", json=hand(table["players"]),
                      headers=auth(other["edit_token"])).status_code == 403
    corrected = hand([second_seat, first_seat, third_seat])
    response = client.put(f"/api/v1/games/{table['game']}/hands/1", json=corrected,
                          headers=changing(created["edit_token"]))
    assert response.status_code == 200
    body = client.get(f"/api/v1/events/{created['id']}").get_json()
    assert body["tables"][0]["corrected_at"] is not None and body["tables"][1]["corrected_at"] is None
    lines = {s["player"]: (s["match_points"], s["margin"]) for s in body["standings"]}
    assert lines[second_seat] == (2.0, 50.7) and lines[first_seat] == (1.0, 29.7)


def test_a_player_of_another_side_confirms_a_finished_table(client):
    created = create(client)
    table = seat(client, created)["tables"][0]
    winner, second_seat, _ = table["players"]
    path = f"/api/v1/events/{created['id']}/tables/1/1/confirm"
    response = client.post(path, json={"player": second_seat}, headers=auth(table["edit_token"]))
    assert response.status_code == 422
    assert response.get_json() == errors(("table", "This table is still playing: confirm its result when it ends."))
    play(client, table)
    assert client.post(path, json={"player": second_seat}).status_code == 403
    response = client.post(path, json={"player": winner}, headers=auth(table["edit_token"]))
    assert response.status_code == 422
    assert response.get_json() == errors(
        ("player", f"{winner} won at this table: a player of another side confirms the result."))
    response = client.post(path, json={"player": "Nobody"}, headers=auth(table["edit_token"]))
    assert response.status_code == 422
    response = client.post(path, json={"player": second_seat.upper()}, headers=auth(table["edit_token"]))
    assert response.status_code == 200
    assert response.get_json()["tables"][0]["confirmed_by"] == second_seat
    response = client.post(f"/api/v1/events/{created['id']}/tables/9/1/confirm", json={"player": winner},
                           headers=auth(table["edit_token"]))
    assert response.status_code == 404 and response.get_json() == NO_TABLE
    # A correction after the confirmation lapses it.
    client.put(f"/api/v1/games/{table['game']}/hands/1", json=hand(table["players"]),
               headers=changing(created["edit_token"]))
    assert client.get(f"/api/v1/events/{created['id']}").get_json()["tables"][0]["confirmed_by"] is None


def test_the_event_object_carries_its_version_as_a_strong_etag(client):
    created = create(client)
    path = f"/api/v1/events/{created['id']}"
    response = client.get(path)
    assert response.headers["ETag"] == f'"{response.get_json()["version"]}"'
    assert client.get(path, headers={"If-None-Match": response.headers["ETag"]}).status_code == 304
    table = seat(client, created)["tables"][0]
    play(client, table)
    assert client.get(path, headers={"If-None-Match": response.headers["ETag"]}).status_code == 200


def test_an_idempotency_key_creates_one_event(app, client):
    headers = {"Idempotency-Key": "5b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d"}
    first = client.post("/api/v1/events", json=EVENT, headers=headers)
    again = client.post("/api/v1/events", json=EVENT, headers=headers)
    assert first.status_code == again.status_code == 201 and first.get_json() == again.get_json()
    with app.app_context():
        assert db.session.query(Event).count() == 1


@pytest.mark.parametrize("key", ["club-1", "1f0e7d9c-3b2a-4c5d", "A" * 21])
def test_a_key_that_creates_an_event_must_be_unguessable(app, client, key):
    """Its replay gives the organiser's token: another client must not be able to guess the key."""
    response = client.post("/api/v1/events", json=EVENT, headers={"Idempotency-Key": key})

    assert response.status_code == 422
    assert response.get_json() == errors(("Idempotency-Key", "This Idempotency-Key is too easy to guess: send a "
                                                             "UUID, or at least 22 random base64url characters "
                                                             "(128 bits)."))
    with app.app_context():
        assert db.session.query(Event).count() == 0


def test_a_rubicon_table_counts_by_its_settlement_and_a_four_player_team_shares_its_figures(client):
    piquet = create(client, {"name": "Piquet night", "game": "piquet", "players": ["Ann", "Ben", "Cid"],
                             "rounds": 1, "hands_per_round": 6})
    assert piquet["hands_per_round"] is None and piquet["settings"] == {"variant": "rubicon"}
    spades = create(client, {"name": "Spades", "game": "spades", "players": PLAYERS[:5], "rounds": 1,
                             "settings": {"hand_limit": 3}, "hands_per_round": 1})
    table = seat(client, spades)["tables"][0]
    first, second, third, fourth = table["players"]
    bids = [{"player": name, "bid": 3} for name in (second, third, fourth, first)]
    response = client.post(f"/api/v1/games/{table['game']}/hands", headers=auth(table["edit_token"]), json={
        "bids": bids, "tricks": {first: 4, second: 3, third: 3, fourth: 3}})
    assert response.status_code == 201, response.get_json()
    body = client.get(f"/api/v1/events/{spades['id']}").get_json()
    lines = {s["player"]: (s["match_points"], s["margin"], s["tables"]) for s in body["standings"]}
    # Partners first & third: 61 against second & fourth: 60; the average 60.5.
    assert lines[first] == lines[third] == (1.0, 0.5, 1)
    assert lines[second] == lines[fourth] == (0.0, -0.5, 1)
    assert lines[body["byes"][0]["player"]] == (0.5, 0.0, 0)


def test_the_event_reads_in_one_query_with_thirty_tables_as_with_three(app, client):
    """The first reading after a change makes the event's view from its tables (one query for the view kept, one
    for the event whole); the next ones read the view kept, with the event's version, in one."""
    def queries_for(count):
        players = [f"P{index}" for index in range(count * 3)]
        created = create(client, {**EVENT, "players": players})
        seat(client, created)
        counts = []
        for _ in range(2):
            statements = []

            def count_statement(_conn, _cursor, statement, *_args):
                if statement.lstrip().upper().startswith("SELECT"):  # not SQLite's BEGIN
                    statements.append(statement)

            with app.app_context():
                sql_event.listen(db.engine, "before_cursor_execute", count_statement)
                try:
                    assert client.get(f"/api/v1/events/{created['id']}").status_code == 200
                finally:
                    sql_event.remove(db.engine, "before_cursor_execute", count_statement)
            counts.append(len(statements))
        return counts

    # The first read: the version and the event in one query (keeping its view reads nothing); then the version alone.
    assert queries_for(30) == queries_for(3) == [2, 1]
    with app.app_context():
        assert db.session.query(Game).count() == 33


def test_a_tables_own_change_after_its_game_ended_is_a_correction_too(client):
    created = create(client)
    table = seat(client, created)["tables"][0]
    path = f"/api/v1/events/{created['id']}"
    play(client, table)
    assert client.get(path).get_json()["tables"][0]["corrected_at"] is None
    response = client.delete(f"/api/v1/games/{table['game']}/hands/1", headers=changing(table["edit_token"]))
    assert response.status_code == 204
    assert client.get(path).get_json()["tables"][0]["corrected_at"] is not None


def test_a_finished_rubicon_partie_ranks_its_players_by_the_settlement(client):
    created = create(client, {"name": "Piquet night", "game": "piquet", "players": ["Ann", "Ben", "Cid"],
                              "rounds": 1})
    first = seat(client, created)
    table = first["tables"][0]
    for deal in PIQUET_DEALS:
        response = client.post(f"/api/v1/games/{table['game']}/hands", json=deal, headers=auth(table["edit_token"]))
        assert response.status_code == 201, response.get_json()
    game = client.get(f"/api/v1/games/{table['game']}").get_json()
    settlement = game["settlement"]
    assert game["status"] == "finished" and settlement["winner"] in table["players"]
    loser = next(name for name in table["players"] if name != settlement["winner"])
    body = client.get(f"/api/v1/events/{created['id']}").get_json()
    assert body["status"] == "finished"
    lines = {s["player"]: (s["place"], s["match_points"], s["margin"]) for s in body["standings"]}
    assert lines[settlement["winner"]] == (1, 1.0, float(settlement["points"]))
    assert lines[loser] == (3, 0.0, -float(settlement["points"]))
    assert lines[first["byes"][0]["player"]] == (2, 0.5, 0.0)


def test_a_readers_event_object_is_kept_whole_and_follows_every_change(client, monkeypatch):
    """A reader without a token gets the object kept for the event's version and the address its links start with;
    the organiser's still carries the tables' tokens; a hand saved at a table is in the next reading."""
    created = create(client)
    tables = seat(client, created)["tables"]
    path = f"/api/v1/events/{created['id']}"
    first = client.get(path)
    made = []
    monkeypatch.setattr(events_api, "event_object", lambda *args: made.append(args) or real_event_object(*args))
    again = client.get(path)
    assert made == [], "the second reading is the kept object, not made again"
    assert first.status_code == again.status_code == 200
    assert again.data == first.data and again.headers["ETag"] == first.headers["ETag"]
    assert "edit_token" not in first.get_json()["tables"][0]
    assert first.get_json()["tables"][0]["url"] == f"http://localhost/g/{tables[0]['game']}"
    elsewhere = client.get(path, base_url="http://127.0.0.1:5000")
    assert elsewhere.get_json()["url"] == f"http://127.0.0.1:5000/events/{created['id']}"
    organiser = client.get(path, headers=auth(created["edit_token"])).get_json()
    assert organiser["tables"][0]["edit_token"] == tables[0]["edit_token"]

    play(client, tables[0])

    after = client.get(path)
    assert after.headers["ETag"] != first.headers["ETag"]
    assert after.get_json()["tables"][0]["status"] == "finished"
    assert after.get_json()["standings"][0]["match_points"] == 2.0
    assert client.get(path).data == after.data
