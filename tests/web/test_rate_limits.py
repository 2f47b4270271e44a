"""Limits on what one client may do (web/limits.py), counted in the database that every worker and host shares."""

from __future__ import annotations

import subprocess
import sys
import textwrap
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
