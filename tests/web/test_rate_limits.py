"""Limits on what one client may do (web/limits.py), counted in the database that every worker and host shares."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest
from sqlalchemy import event, text

from scorekeeper.extensions import db
from scorekeeper.models import Event, Game

from ..conftest import dispose, make_app
from .api_client import auth, create, errors
from .forms_client import csrf_token, stored

GAME = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann", "settings": {"target": 300}}
HAND = {
    "bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5}, {"player": "Cid", "bid": 6}],
    "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3},
}
ROOT = Path(__file__).resolve().parent.parent.parent
TOO_MANY_GAMES = "Too many games were started from this connection in a short time. Wait a little, then try again."
TOO_MANY_TOKENS = ("Too many wrong edit links or tokens were tried for this game or from this connection. "
                   "Wait a little, then try again.")


@pytest.fixture
def limited(tmp_path):
    app = make_app(tmp_path, LIMITS_ENABLED=True, CREATION_LIMIT="3 per minute",
                   EDIT_TOKEN_FAILURES_PER_GAME="3 per minute", EDIT_TOKEN_FAILURES_PER_ADDRESS="5 per minute")
    yield app
    dispose(app)


def from_address(app, address):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def assert_too_many(response, message):
    assert response.status_code == 429
    assert 0 < int(response.headers["Retry-After"]) <= 60
    if response.is_json:
        assert response.get_json() == errors(("request", message))
    else:
        assert message in response.get_data(as_text=True)


def test_creating_games_is_limited_per_address_in_the_api_and_the_pages(limited):
    client = from_address(limited, "10.0.0.1")
    assert [client.post("/api/v1/games", json=GAME).status_code for _ in range(2)] == [201, 201]
    exported = client.get(client.post("/api/v1/games", json=GAME).headers["Location"]).get_json()

    assert_too_many(client.post("/api/v1/games", json=GAME), TOO_MANY_GAMES)
    assert_too_many(client.post("/api/v1/games/import", json=exported), TOO_MANY_GAMES)
    form = {"csrf_token": csrf_token(client, "/new/dummy-spades"), "player_0": "Ann", "player_1": "Ben",
            "player_2": "Cid", "first_dealer": "0", "target": "300"}
    assert_too_many(client.post("/new/dummy-spades", data=form), TOO_MANY_GAMES)
    assert client.get("/new/dummy-spades").status_code == 200, "reading the form is not limited"
    assert stored(limited, Game) == 3

    assert from_address(limited, "10.0.0.2").post("/api/v1/games", json=GAME).status_code == 201


EVENT = {"name": "Thursday club", "game": "dummy-spades", "players": ["Ann", "Ben", "Cid", "Dan"], "rounds": 1}
EVENT_FORM = {"name": "Thursday club", "game": "dummy-spades", "players": "Ann\nBen\nCid\nDan", "rounds": "1",
              "hands_per_round": "", "target": ""}


def test_creating_events_counts_with_creating_games_in_the_api_and_the_pages(limited):
    client = from_address(limited, "10.0.0.1")
    assert client.post("/api/v1/games", json=GAME).status_code == 201
    assert client.post("/api/v1/events", json=EVENT).status_code == 201
    assert client.post("/events/new", data={**EVENT_FORM, "csrf_token": csrf_token(client, "/events/new")}
                       ).status_code == 303

    assert_too_many(client.post("/api/v1/events", json=EVENT), TOO_MANY_GAMES)
    assert_too_many(client.post("/events/new", data={**EVENT_FORM, "csrf_token": csrf_token(client, "/events/new")}),
                    TOO_MANY_GAMES)
    assert client.get("/events/new").status_code == 200, "reading the form is not limited"
    assert stored(limited, Event) == 2
    assert from_address(limited, "10.0.0.2").post("/api/v1/events", json=EVENT).status_code == 201


def test_the_limit_speaks_the_readers_language(limited):
    client = from_address(limited, "10.0.0.1")
    for _ in range(3):
        client.post("/api/v1/games", json=GAME)

    response = client.post("/api/v1/games", json=GAME, headers={"Accept-Language": "fr"})

    assert response.status_code == 429
    assert response.get_json()["errors"][0]["message"].startswith("Trop de parties")


def test_the_count_is_shared_with_another_process(limited, tmp_path):
    """Two games created by another process on the same database leave this one a single game."""
    other = textwrap.dedent(f"""
        from scorekeeper.app import create_app
        app = create_app({{"SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": {limited.config["SQLALCHEMY_DATABASE_URI"]!r},
                           "CREATION_LIMIT": "3 per minute"}})
        client = app.test_client()
        client.environ_base["REMOTE_ADDR"] = "10.0.0.1"
        print([client.post("/api/v1/games", json={GAME!r}).status_code for _ in range(2)])
    """)
    ran = subprocess.run([sys.executable, "-c", other], cwd=ROOT, capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == "[201, 201]"

    client = from_address(limited, "10.0.0.1")
    assert [client.post("/api/v1/games", json=GAME).status_code for _ in range(2)] == [201, 429]


def test_a_club_organiser_creates_30_tables_in_a_minute_with_the_default_limits(tmp_path):
    app = make_app(tmp_path, LIMITS_ENABLED=True)
    client = app.test_client()
    assert {client.post("/api/v1/games", json=GAME).status_code for _ in range(30)} == {201}
    dispose(app)


def test_wrong_edit_tokens_are_limited_per_game_but_the_right_one_saves_at_once(limited):
    table = create(from_address(limited, "10.0.0.1"), GAME)
    guessers = [from_address(limited, f"10.0.0.{n}") for n in range(10, 22)]
    statuses = [guesser.post(f"/api/v1/games/{table.id}/hands", json=HAND, headers=auth("guess")).status_code
                for guesser in guessers]
    assert statuses == [403] * 3 + [429] * 9

    assert_too_many(guessers[0].post(f"/api/v1/games/{table.id}/hands", json=HAND, headers=auth("guess")),
                    TOO_MANY_TOKENS)
    assert_too_many(guessers[1].get(f"/g/{table.id}/join/guess"), TOO_MANY_TOKENS)
    assert table.post(HAND).status_code == 201, "the right token saves at once"
    assert guessers[2].post(f"/api/v1/games/{table.id}/hands/1", json=HAND).status_code in (403, 404, 405, 429)
    phone = from_address(limited, "10.0.0.1")
    assert phone.get(f"/g/{table.id}/join/{table.token}").status_code == 303, "the edit link still works"
    assert phone.get(f"/g/{table.id}").status_code == 200


def test_wrong_edit_tokens_are_limited_per_address_across_games(limited):
    owner = from_address(limited, "10.0.0.1")
    tables = [create(owner, GAME) for _ in range(3)]
    guesser = from_address(limited, "10.0.0.9")
    statuses = [guesser.get(f"/g/{table.id}/join/guess{n}").status_code for table in tables for n in range(2)]
    assert statuses == [404] * 5 + [429]

    assert_too_many(guesser.get(f"/g/{tables[2].id}/join/wrong"), TOO_MANY_TOKENS)
    assert guesser.get(f"/g/{tables[1].id}/join/x", environ_base={"REMOTE_ADDR": "10.0.0.3"}).status_code == 404
    assert guesser.get(f"/g/{tables[2].id}/join/{tables[2].token}").status_code == 303, \
        "a right link is never limited, even from the guesser's address"
    assert owner.get(f"/g/{tables[0].id}/join/{tables[0].token}").status_code == 303


def test_a_page_save_with_the_kept_cookie_works_after_any_number_of_wrong_tokens(limited):
    owner = from_address(limited, "10.0.0.1")
    table = create(owner, GAME)
    assert owner.get(f"/g/{table.id}/join/{table.token}").status_code == 303
    for n in range(40):
        from_address(limited, f"10.1.0.{n}").post(f"/api/v1/games/{table.id}/hands", json=HAND,
                                                   headers=auth(f"guess{n}"))

    page = owner.get(f"/g/{table.id}")
    assert page.status_code == 200
    assert table.post(HAND).status_code == 201


def test_wrong_organiser_tokens_are_limited_like_edit_tokens(limited):
    organiser = from_address(limited, "10.0.0.1")
    created = organiser.post("/api/v1/events", json=EVENT)
    event_id, token = created.get_json()["id"], created.get_json()["edit_token"]
    guesser = from_address(limited, "10.0.0.9")
    statuses = [guesser.get(f"/events/{event_id}/organise?token=guess{n}").status_code for n in range(4)]
    assert statuses == [403] * 3 + [429]
    assert_too_many(guesser.post(f"/api/v1/events/{event_id}/rounds", headers=auth("guess")), TOO_MANY_TOKENS)

    assert organiser.post(f"/api/v1/events/{event_id}/rounds", headers=auth(token)).status_code == 201
    assert guesser.get(f"/events/{event_id}/organise?token={token}").status_code == 303


def test_right_tokens_never_count(limited):
    table = create(from_address(limited, "10.0.0.1"), GAME)
    for _ in range(6):
        assert table.post(HAND).status_code == 201
        assert table.delete(1).status_code == 204
    with limited.app_context():
        assert db.session.execute(text("SELECT count(*) FROM rate_limit WHERE key LIKE '%edit-token%'")).scalar() == 0


def test_a_save_with_the_right_token_reads_no_counter(limited):
    """Only refusals count, so a save does not read the wrong tokens' counters, even when some are spent."""
    table = create(from_address(limited, "10.0.0.1"), GAME)
    assert [table.post(HAND, headers=auth("guess")).status_code for _ in range(2)] == [403, 403]
    reads = []

    def record(_conn, _cursor, statement, *_args):
        if "rate_limit" in statement:
            reads.append(statement)

    with limited.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        saved = table.post(HAND)
    finally:
        event.remove(engine, "before_cursor_execute", record)

    assert saved.status_code == 201
    assert reads == []
    assert "Retry-After" not in saved.headers


def test_every_way_of_making_games_spends_one_budget_and_a_round_its_tables(limited_to_8):
    """A seated round spends its tables; a rematch, an offline game sent later and an import one each; past the
    budget each way is refused and nothing is made."""
    client = from_address(limited_to_8, "10.0.0.1")
    players = [f"P{n}" for n in range(9)]  # three tables of three
    created = client.post("/api/v1/events", json={**EVENT, "players": players, "rounds": 2}).get_json()  # 1
    seated = client.post(f"/api/v1/events/{created['id']}/rounds", headers=auth(created["edit_token"]))  # 3
    assert seated.status_code == 201 and len(seated.get_json()["tables"]) == 3
    table = create(client, GAME)  # 1
    client.get(f"/g/{table.id}/join/{table.token}")
    rematch = client.post(f"/g/{table.id}/rematch", data={"csrf_token": csrf_token(client, f"/g/{table.id}")})
    assert rematch.status_code == 303  # 1
    form = {"csrf_token": csrf_token(client, "/new/dummy-spades"), "player_0": "Ann", "player_1": "Ben",
            "player_2": "Cid", "first_dealer": "0", "target": "300"}
    offline = client.post("/new/dummy-spades", data=form, headers={"Idempotency-Key": str(uuid.uuid4())})
    assert offline.status_code == 303  # 1: 7 of 8 spent
    exported = client.get(f"/api/v1/games/{table.id}").get_json()
    assert client.post("/api/v1/games/import", json=exported).status_code == 201  # 8 of 8

    games = stored(limited_to_8, Game)
    assert_too_many(client.post("/api/v1/games", json=GAME), TOO_MANY_GAMES)
    assert_too_many(client.post("/api/v1/games/import", json=exported), TOO_MANY_GAMES)
    assert_too_many(client.post(f"/g/{table.id}/rematch", data={"csrf_token": csrf_token(client, f"/g/{table.id}")}),
                    TOO_MANY_GAMES)
    assert_too_many(client.post("/new/dummy-spades", data=form, headers={"Idempotency-Key": str(uuid.uuid4())}),
                    TOO_MANY_GAMES)
    assert_too_many(client.post("/api/v1/events", json=EVENT), TOO_MANY_GAMES)
    assert stored(limited_to_8, Game) == games


def test_seating_needs_the_rounds_tables_left_and_spends_nothing_when_refused(limited_to_8):
    client = from_address(limited_to_8, "10.0.0.1")
    for _ in range(4):
        create(client, GAME)
    players = [f"P{n}" for n in range(9)]
    created = client.post("/api/v1/events", json={**EVENT, "players": players, "rounds": 2}).get_json()  # 5 of 8
    page = f"/events/{created['id']}"
    assert client.post(f"/api/v1/events/{created['id']}/rounds", headers=auth("guess")).status_code == 403
    create(client, GAME)  # 6 of 8: the wrong token spent nothing

    assert_too_many(client.post(f"/api/v1/events/{created['id']}/rounds", headers=auth(created["edit_token"])),
                    TOO_MANY_GAMES)
    organiser = from_address(limited_to_8, "10.0.0.1")
    organiser.get(f"{page}/organise?token={created['edit_token']}")
    assert_too_many(organiser.post(f"{page}/rounds", data={"csrf_token": csrf_token(organiser, page)}),
                    TOO_MANY_GAMES)
    assert stored(limited_to_8, Game) == 5
    assert create(client, GAME).token and create(client, GAME).token, "the refused seatings spent nothing"


@pytest.fixture
def limited_to_8(tmp_path):
    app = make_app(tmp_path, LIMITS_ENABLED=True, CREATION_LIMIT="8 per minute")
    yield app
    dispose(app)


def test_a_club_night_of_120_players_seats_its_rounds_beside_its_players_games_with_the_default_limits(tmp_path):
    """120 players of Dummy Hand Spades, 40 tables a round: the event and each round, seated a minute apart once
    the last ended, while the club's own games are made from the same address."""
    app = make_app(tmp_path, LIMITS_ENABLED=True)
    client = from_address(app, "10.0.0.1")
    players = [f"Player {n}" for n in range(120)]
    created = client.post("/api/v1/events", json={**EVENT, "players": players, "rounds": 3, "hands_per_round": 1,
                                                  "settings": {"target": 300}}).get_json()
    for _ in range(3):
        for _ in range(20):
            assert client.post("/api/v1/games", json=GAME).status_code == 201
        seated = client.post(f"/api/v1/events/{created['id']}/rounds", headers=auth(created["edit_token"]))
        assert seated.status_code == 201, seated.get_json()
        body = seated.get_json()
        tables = [table for table in body["tables"] if table["round"] == body["round"]]
        assert len(tables) == 40
        with app.app_context():  # the next minute: the minute's window starts again
            db.session.execute(text("UPDATE rate_limit SET expires_at = 0 WHERE key LIKE '%/1/minute'"))
            db.session.commit()
        for played in tables:
            first, second, third = played["players"]
            one_hand = {"bids": [{"player": first, "bid": 7}, {"player": second, "bid": 5},
                                 {"player": third, "bid": 6}], "tricks": {first: 5, "dummy": 3, second: 2, third: 3}}
            assert client.post(f"/api/v1/games/{played['game']}/hands", json=one_hand,
                               headers=auth(played["edit_token"])).status_code == 201
    assert stored(app, Game) == 3 * (20 + 40)
    dispose(app)
