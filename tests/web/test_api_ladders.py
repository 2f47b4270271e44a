"""Ladders through the JSON API, as docs/api.md "Ladders" states it: every status code, and the figures checked
against openskill itself (PlackettLuce at its defaults) over the same matches.

Every table plays one hand of Dummy Hand Spades (hands_per_round 1), docs/rules.md A10 E1 with the table's
first seat as Ann: the seats score 71, 50 and -60, so they finish first, second and third.
"""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from scorekeeper.extensions import db
from scorekeeper.models import Event, Ladder

from ..conftest import dispose, make_app
from .api_client import auth, changing, errors
from .forms_client import csrf_token
from .test_api_events import hand, play, seat

LADDER = {"name": "Thursday club", "game": "dummy-spades"}
GAME = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}
PLAYERS = ["Ann", "Ben", "Cid"]
EVENING = {"name": "Week 1", "game": "dummy-spades", "players": PLAYERS, "rounds": 2, "hands_per_round": 1}


def new_ladder(client):
    response = client.post("/api/v1/ladders", json=LADDER)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def evening(client, ladder, **change):
    response = client.post("/api/v1/events", json={**EVENING, **change, "ladder": ladder["id"]},
                           headers=auth(ladder["edit_token"]))
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def expected_ratings(matches):
    """openskill itself over the matches (each a list of names, first to last): name -> rating object."""
    model = PlackettLuce()
    ratings = {}
    for names in matches:
        keys = [name.casefold() for name in names]
        teams = [[ratings.get(key) or model.rating()] for key in keys]
        for key, (rated,) in zip(keys, model.rate(teams, ranks=[1, 2, 3]), strict=True):
            ratings[key] = rated
    return ratings


def test_a_new_ladder_answers_201_with_its_object_token_and_page(client):
    response = client.post("/api/v1/ladders", json=LADDER)
    assert response.status_code == 201
    body = response.get_json()
    assert response.headers["Location"] == f"/api/v1/ladders/{body['id']}"
    assert body["edit_token"] and body["url"] == f"http://localhost/ladders/{body['id']}"
    assert {key: body[key] for key in ("name", "game", "model", "events", "ratings")} == {
        "name": "Thursday club", "game": "dummy-spades",
        "model": {"name": "PlackettLuce", "mu": 25.0, "sigma": 8.333}, "events": [], "ratings": []}
    read = client.get(f"/api/v1/ladders/{body['id']}")
    assert read.status_code == 200 and read.get_json()["version"] == body["version"]
    assert "edit_token" not in read.get_json()


@pytest.mark.parametrize(("payload", "expected"), [
    ({"name": "", "game": "dummy-spades"}, [("name", "Give the ladder a name.")]),
    ({"name": "x" * 61, "game": "spades"},
     [("name", "A ladder's name is up to 60 letters, digits, spaces and punctuation.")]),
    ({"name": "Club", "game": "chess"}, [("game", "Choose the game: “dummy-spades”, “piquet”, “spades”.")]),
])
def test_a_bad_ladder_is_a_422_and_nothing_is_saved(app, client, payload, expected):
    response = client.post("/api/v1/ladders", json=payload)
    assert response.status_code == 422
    assert response.get_json() == errors(*expected)
    with app.app_context():
        assert db.session.query(Ladder).count() == 0


def test_an_unknown_ladder_is_a_404(client):
    response = client.get("/api/v1/ladders/nope")
    assert response.status_code == 404
    assert response.get_json() == errors(("request", "There is no such ladder."))


def test_a_club_night_joins_a_ladder_only_with_its_token_and_its_game(app, client):
    ladder = new_ladder(client)
    joining = {**EVENING, "ladder": ladder["id"]}
    wrong = ("request", "A club night joins a ladder with the ladder's token: send “Authorization: Bearer "
                        "<edit_token>”.")
    for headers in ({}, auth("wrong")):
        response = client.post("/api/v1/events", json=joining, headers=headers)
        assert response.status_code == 403
        assert response.get_json() == errors(wrong)
    response = client.post("/api/v1/events", json={**joining, "game": "piquet", "players": ["Ann", "Ben"]},
                           headers=auth(ladder["edit_token"]))
    assert response.status_code == 422
    assert response.get_json() == errors(("game", "This ladder rates games of dummy-spades: its club nights play "
                                                  "that game."))
    response = client.post("/api/v1/events", json={**EVENING, "ladder": "nope"}, headers=auth(ladder["edit_token"]))
    assert response.status_code == 422
    assert response.get_json() == errors(("ladder", "There is no such ladder."))
    with app.app_context():
        assert db.session.query(Event).count() == 0
    created = evening(client, ladder)
    assert created["edit_token"] != ladder["edit_token"]
    assert client.get(f"/api/v1/ladders/{ladder['id']}").get_json()["events"] == [created["id"]]


def test_two_evenings_rate_as_openskill_does_and_a_correction_rerates_everything_after(client):
    ladder = new_ladder(client)
    first = evening(client, ladder)
    seated = seat(client, first)
    table = seated["tables"][0]
    # Before any match everyone is at the defaults: three equal sides, a third each.
    assert table["chances"] == {name: pytest.approx(1 / 3) for name in table["players"]}
    play(client, table)
    matches = [table["players"]]
    second_round = seat(client, first)["tables"][1]
    play(client, second_round)
    matches.append(second_round["players"])
    # The second evening spells Ann in lower case: the same person.
    second = evening(client, ladder, name="Week 2", players=["ann", "Ben", "Cid"], rounds=1)
    later = seat(client, second)["tables"][0]
    model = PlackettLuce()
    before = expected_ratings(matches)
    expected_chances = model.predict_win([[before[name.casefold()]] for name in later["players"]])
    assert later["chances"] == pytest.approx(dict(zip(later["players"], expected_chances, strict=True)))
    assert sum(later["chances"].values()) == pytest.approx(1)
    play(client, later)
    matches.append(later["players"])

    body = client.get(f"/api/v1/ladders/{ladder['id']}").get_json()
    assert body["events"] == [first["id"], second["id"]]
    ratings = expected_ratings(matches)
    after_first = expected_ratings(matches[:2])
    assert [(line["player"], line["rating"], line["mu"], line["sigma"], line["tables"], line["change"])
            for line in body["ratings"]] == sorted(
        [(name, round(ratings[name.casefold()].ordinal(), 2), round(ratings[name.casefold()].mu, 2),
          round(ratings[name.casefold()].sigma, 2), 3,
          round(ratings[name.casefold()].ordinal() - after_first[name.casefold()].ordinal(), 2))
         for name in PLAYERS], key=lambda line: (-line[1], line[0]))
    assert [line["place"] for line in body["ratings"]] == [1, 2, 3]

    # The first evening's first table corrected: its second seat won. Every later rating follows.
    first_seat, second_seat, third_seat = table["players"]
    response = client.put(f"/api/v1/games/{table['game']}/hands/1", json=hand([second_seat, first_seat, third_seat]),
                          headers=changing(first["edit_token"]))
    assert response.status_code == 200
    matches[0] = [second_seat, first_seat, third_seat]
    corrected = client.get(f"/api/v1/ladders/{ladder['id']}").get_json()
    assert corrected["version"] > body["version"]
    ratings = expected_ratings(matches)
    assert {line["player"]: line["rating"] for line in corrected["ratings"]} == {
        name: round(ratings[name.casefold()].ordinal(), 2) for name in PLAYERS}
    # The chances of the second evening's table follow the corrected table too.
    before = expected_ratings(matches[:2])
    again = client.get(f"/api/v1/events/{second['id']}").get_json()["tables"][0]["chances"]
    assert again == pytest.approx(dict(zip(later["players"], model.predict_win(
        [[before[name.casefold()]] for name in later["players"]]), strict=True)))


def test_a_ladder_answers_304_while_nothing_changed(client):
    ladder = new_ladder(client)
    response = client.get(f"/api/v1/ladders/{ladder['id']}")
    again = client.get(f"/api/v1/ladders/{ladder['id']}", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def test_creating_ladders_counts_with_creating_games_in_the_api_and_the_pages(tmp_path):
    app = make_app(tmp_path, LIMITS_ENABLED=True, CREATION_LIMIT="3 per minute")
    try:
        client = app.test_client()
        client.environ_base["REMOTE_ADDR"] = "10.0.0.1"
        assert client.post("/api/v1/games", json=GAME).status_code == 201
        assert client.post("/api/v1/ladders", json=LADDER).status_code == 201
        assert client.post("/ladders/new", data={**LADDER, "csrf_token": csrf_token(client, "/ladders/new")}
                           ).status_code == 303
        refused = client.post("/api/v1/ladders", json=LADDER)
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
        assert client.post("/ladders/new", data={**LADDER, "csrf_token": csrf_token(client, "/ladders/new")}
                           ).status_code == 429
        with app.app_context():
            assert db.session.query(Ladder).count() == 2
    finally:
        dispose(app)


def test_four_player_partners_are_one_team_of_two_with_their_sides_chances(client):
    ladder = client.post("/api/v1/ladders", json={"name": "Spades club", "game": "spades"}).get_json()
    night = evening(client, ladder, game="spades", players=["Ann", "Ben", "Cid", "Dan"], rounds=1)
    table = seat(client, night)["tables"][0]
    first, second, third, fourth = table["players"]
    assert table["chances"] == {f"{first} & {third}": pytest.approx(0.5), f"{second} & {fourth}": pytest.approx(0.5)}
    # Everyone bids 3; the first and third seats take 8 tricks: they make their 6, the others are set.
    bids = [{"player": name, "bid": 3} for name in (second, third, fourth, first)]
    played = client.post(f"/api/v1/games/{table['game']}/hands", headers=auth(table["edit_token"]), json={
        "bids": bids, "tricks": {first: 4, second: 3, third: 4, fourth: 2}})
    assert played.status_code == 201, played.get_json()
    model = PlackettLuce()
    [[w1, w2], [l1, l2]] = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]],
                                      ranks=[1, 2])
    lines = {line["player"]: (line["place"], line["rating"], line["tables"])
             for line in client.get(f"/api/v1/ladders/{ladder['id']}").get_json()["ratings"]}
    assert lines == {first: (1, round(w1.ordinal(), 2), 1), third: (1, round(w2.ordinal(), 2), 1),
                     second: (3, round(l1.ordinal(), 2), 1), fourth: (3, round(l2.ordinal(), 2), 1)}
