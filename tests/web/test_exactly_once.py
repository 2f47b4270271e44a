"""docs/api.md "Writes happen exactly once", one request at a time: Idempotency-Key, "number", version, ETag, If-Match.

The races themselves are in test_races.py.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

import pytest
from sqlalchemy import text

from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand, IdempotencyKey, utcnow
from scorekeeper.store.idempotency import KEPT_FOR

from ..conftest import dispose, make_app
from ..games import PIQUET_DEALS, PIQUET_GAME
from .api_client import Table, auth, create, errors
from .forms_client import csrf_token, stored
from .test_limits import MAX_HANDS, exported_game

PLAYERS = ["Ann", "Ben", "Cid"]
GAME = {"game": "dummy-spades", "players": PLAYERS, "first_dealer": "Ann", "settings": {"target": 10000}}
# docs/rules.md A10 E1 (Ann deals): Ann 71, Ben 50, Cid -60.
HAND = {
    "bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5}, {"player": "Cid", "bid": 6}],
    "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3},
}
OTHER_HAND = {**HAND, "tricks": {"Ann": 4, "dummy": 2, "Ben": 4, "Cid": 3}}
HAND_FORM = {"bids-0-bid": "7", "bids-1-bid": "5", "bids-2-bid": "6",
             "tricks-0": "5", "tricks-1": "2", "tricks-2": "3", "tricks-3": "3"}
KEY_REUSED = ("Idempotency-Key",
              "This Idempotency-Key was already used for a different request: send a new key with each new change.")
BAD_KEY = ("Idempotency-Key", "An Idempotency-Key is 1 to 100 printable characters.")
GUESSABLE_KEY = ("Idempotency-Key", "This Idempotency-Key is too easy to guess: send a UUID, "
                                    "or at least 22 random base64url characters (128 bits).")
NEW_GAME_KEY = "1f0e7d9c-3b2a-4c5d-8e6f-a7b8c9d0e1f2"


def stale(version):
    return errors(("If-Match", f"This game has changed since you read it: it is at version {version} now. "
                               "Read it again, then decide."))


def keyed(table, key, **headers):
    return {**table.headers, "Idempotency-Key": key, **headers}


@pytest.fixture
def table(client):
    return create(client, GAME)


# --- Idempotency-Key ---------------------------------------------------------------


def test_a_repeated_post_returns_the_first_response_and_stores_one_hand(app, table):
    first = table.post(HAND, headers=keyed(table, "hand-1"))
    again = table.post(HAND, headers=keyed(table, "hand-1"))

    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert again.headers["Location"] == first.headers["Location"]
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true"
    assert stored(app, Hand) == 1
    assert table.get()["version"] == 1


def test_json_that_says_the_same_is_the_same_request(app, table):
    first = table.client.post(f"{table.path}/hands", data='{"tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3},'
                              ' "bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5},'
                              ' {"player": "Cid", "bid": 6}]}', content_type="application/json",
                              headers=keyed(table, "k"))
    again = table.post(HAND, headers=keyed(table, "k"))

    assert (first.status_code, again.status_code) == (201, 201)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert stored(app, Hand) == 1


def test_the_same_key_for_a_different_request_is_422_and_changes_nothing(app, table):
    table.post(HAND, headers=keyed(table, "k"))

    for response in (table.post(OTHER_HAND, headers=keyed(table, "k")),
                     table.put(1, HAND, headers=keyed(table, "k")),
                     table.delete(1, headers=keyed(table, "k"))):
        assert response.status_code == 422
        assert response.get_json() == errors(KEY_REUSED)
    assert stored(app, Hand) == 1
    assert table.get()["version"] == 1


def test_a_refused_request_is_not_remembered_so_its_correction_may_use_the_same_key(app, table):
    refused = table.post({**HAND, "tricks": {"Ann": 5}}, headers=keyed(table, "k"))
    accepted = table.post(HAND, headers=keyed(table, "k"))

    assert (refused.status_code, accepted.status_code) == (422, 201)
    assert "Idempotent-Replayed" not in accepted.headers
    assert stored(app, Hand) == 1


def test_keys_belong_to_their_game(client):
    first, second = create(client, GAME), create(client, GAME)

    assert first.post(HAND, headers=keyed(first, "same")).status_code == 201
    response = second.post(HAND, headers=keyed(second, "same"))

    assert response.status_code == 201
    assert "Idempotent-Replayed" not in response.headers
    assert len(first.get()["hands"]) == len(second.get()["hands"]) == 1


def test_a_replay_needs_the_edit_token_too(table):
    table.post(HAND, headers=keyed(table, "k"))

    response = table.post(HAND, headers={"Idempotency-Key": "k", **auth("wrong")})

    assert response.status_code == 403


def test_replace_delete_and_next_partie_happen_once(app, client):
    table = create(client, GAME)
    table.add(HAND, HAND)
    put = [table.put(1, OTHER_HAND, headers=keyed(table, "put")) for _ in range(2)]
    delete = [table.delete(2, headers=keyed(table, "delete")) for _ in range(2)]

    assert [r.status_code for r in put] == [200, 200] and put[1].get_json() == put[0].get_json()
    assert [r.status_code for r in delete] == [204, 204] and delete[1].data == b""
    assert delete[1].headers["Idempotent-Replayed"] == "true"
    game = table.get()
    assert [hand["entry"]["tricks"]["Ann"] for hand in game["hands"]] == [4]
    assert game["version"] == 4, "two hands, one replacement, one undo"

    partie = create(client, PIQUET_GAME)
    partie.add(*PIQUET_DEALS)
    started = [partie.next(headers=keyed(partie, "next")) for _ in range(2)]
    assert [r.status_code for r in started] == [201, 201], "the repeat is the first answer, not the later 200"
    assert started[1].get_json() == started[0].get_json()
    assert started[1].headers["Location"] == started[0].headers["Location"]
    assert partie.get()["version"] == 7, "six deals, then the next partie"


def test_a_repeated_create_or_import_returns_the_same_game_and_token(app, client):
    headers = {"Idempotency-Key": NEW_GAME_KEY}
    created = [client.post("/api/v1/games", json=GAME, headers=headers) for _ in range(2)]
    assert [r.status_code for r in created] == [201, 201]
    assert created[1].get_json() == created[0].get_json()
    assert created[1].headers["Location"] == created[0].headers["Location"]
    token = created[0].get_json()["edit_token"]

    exported = client.get(created[0].headers["Location"]).get_json()
    imported = [client.post("/api/v1/games/import", json=exported, headers=headers) for _ in range(2)]
    assert [r.status_code for r in imported] == [201, 201], "a key is scoped to the address that creates the game"
    assert imported[1].get_json() == imported[0].get_json()
    assert imported[0].get_json()["id"] != created[0].get_json()["id"]
    with app.app_context():
        assert db.session.execute(db.select(db.func.count(Game.id))).scalar_one() == 2
        rows = db.session.execute(text("SELECT * FROM idempotency_key")).all()
    assert len(rows) == 2
    assert not any(token in str(value) for row in rows for value in row), "the edit token is not stored in the clear"
    assert not any(NEW_GAME_KEY in str(value) for row in rows for value in row), "nor the key"


def test_a_repeated_import_of_500_hands_keeps_a_reference_not_the_answer(app, client):
    """The first answer is about a megabyte; its key keeps the game's id, and a repeat rebuilds the same answer."""
    headers = {"Idempotency-Key": NEW_GAME_KEY}
    first = client.post("/api/v1/games/import", json=exported_game(MAX_HANDS), headers=headers)
    assert first.status_code == 201 and len(first.get_data()) > 500_000

    again = client.post("/api/v1/games/import", json=exported_game(MAX_HANDS), headers=headers)

    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    assert again.get_json()["edit_token"] == first.get_json()["edit_token"]
    assert again.headers["Location"] == first.headers["Location"]
    assert stored(app, Game) == 1
    with app.app_context():
        row = db.session.execute(text("SELECT * FROM idempotency_key")).one()
    assert sum(len(str(value)) for value in row) < 1000, "the row holds a reference, not the game"


def test_a_repeated_import_shows_the_game_as_it_is_now(client):
    """Only this client holds the new game's token, so any change since is its own: the repeat shows it."""
    headers = {"Idempotency-Key": NEW_GAME_KEY}
    first = client.post("/api/v1/games/import", json=exported_game(2), headers=headers)
    table = Table(client, first.get_json())
    assert table.delete(2).status_code == 204

    again = client.post("/api/v1/games/import", json=exported_game(2), headers=headers)

    assert again.status_code == 201
    assert again.get_json() == {**table.get(), "edit_token": first.get_json()["edit_token"]}
    assert len(again.get_json()["hands"]) == 1


@pytest.mark.parametrize("path", ["/api/v1/games", "/api/v1/games/import"])
@pytest.mark.parametrize("key", ["1", "new game", "1f0e7d9c-3b2a-4c5d", "A" * 21, "a+b/c=" * 5,
                                 "00000000-0000-0000-0000-000000000000", "A" * 22, "x" * 100,
                                 "0123456789012345678901", "ab" * 30, "aAbB" * 8])
def test_a_key_that_creates_a_game_must_be_unguessable(app, client, path, key):
    """Another client sending the same short key and body would be answered with the first one's game and token."""
    response = client.post(path, json=GAME, headers={"Idempotency-Key": key})

    assert response.status_code == 422
    assert response.get_json() == errors(GUESSABLE_KEY)
    assert stored(app, Game) == 0


@pytest.mark.parametrize("key", [NEW_GAME_KEY, NEW_GAME_KEY.upper(), f'"{NEW_GAME_KEY}"',
                                 "Zm9vYmFyYmF6cXV4cXV1eA", "Q7rT2_kLm9-xW4ZpA0sVbN8c" * 4, "0123456789" * 3])
def test_a_uuid_or_22_base64url_characters_create_a_game(client, key):
    assert client.post("/api/v1/games", json=GAME, headers={"Idempotency-Key": key}).status_code == 201


def test_a_short_key_still_names_a_change_to_a_game(table):
    """A game's own writes need its edit token, so their keys stay 1 to 100 characters."""
    assert table.post(HAND, headers=keyed(table, "1")).status_code == 201


def test_the_same_key_on_another_create_body_is_422(client):
    headers = {"Idempotency-Key": NEW_GAME_KEY}
    assert client.post("/api/v1/games", json=GAME, headers=headers).status_code == 201

    response = client.post("/api/v1/games", json={**GAME, "first_dealer": "Ben"}, headers=headers)

    assert response.status_code == 422
    assert response.get_json() == errors(KEY_REUSED)


@pytest.mark.parametrize("key", ["", "x" * 101, "tab\there", "é"])
def test_a_key_must_be_1_to_100_printable_characters(app, table, key):
    response = table.post(HAND, headers={**table.headers, "Idempotency-Key": key})

    assert response.status_code == 422
    assert response.get_json() == errors(BAD_KEY)
    assert stored(app, Hand) == 0


def test_a_key_may_be_sent_quoted_as_the_draft_writes_it(app, table):
    assert table.post(HAND, headers=keyed(table, '"abc"')).status_code == 201
    again = table.post(HAND, headers=keyed(table, "abc"))

    assert again.headers["Idempotent-Replayed"] == "true"
    assert stored(app, Hand) == 1


def test_keys_are_kept_a_day_then_the_next_keyed_write_deletes_them(app, table):
    with app.app_context():
        for name, age in (("old", KEPT_FOR + timedelta(minutes=1)), ("recent", KEPT_FOR - timedelta(minutes=1))):
            db.session.add(IdempotencyKey(scope=table.id, key_hash=name, fingerprint="f", status=201, body={},
                                          headers={}, created_at=utcnow() - age))
        db.session.commit()

    assert table.post(HAND).status_code == 201
    assert stored(app, IdempotencyKey) == 2, "a write without a key leaves them"
    assert table.post(HAND, headers=keyed(table, "new")).status_code == 201

    with app.app_context():
        kept = set(db.session.execute(db.select(IdempotencyKey.key_hash)).scalars())
    assert kept == {"recent", hashlib.sha256(b"new").hexdigest()}


# --- "number" ------------------------------------------------------------------------


def test_a_hand_says_which_number_it_is_meant_to_get(app, table):
    assert table.post({**HAND, "number": 1}).status_code == 201

    taken = table.post({**HAND, "number": 1})
    ahead = table.post({**HAND, "number": 3})

    assert taken.status_code == ahead.status_code == 409
    assert taken.get_json() == errors(("number", "Hand 1 is already recorded: the next hand is hand 2."))
    assert ahead.get_json() == errors(("number", "Hand 3 cannot be recorded yet: the next hand is hand 2."))
    assert table.post({**HAND, "number": 2}).get_json()["number"] == 2
    assert stored(app, Hand) == 2


@pytest.mark.parametrize("number", [0, -1, "2", 1.5, True])
def test_a_number_is_a_whole_number_from_1(app, table, number):
    response = table.post({**HAND, "number": number})

    assert response.status_code == 422
    assert response.get_json() == errors(("number", "A hand number is a whole number from 1 up."))
    assert stored(app, Hand) == 0


# --- version, ETag, If-Match ------------------------------------------------------------


def test_every_change_moves_the_version_once_and_get_sends_it_as_a_strong_etag(client, table):
    response = client.get(table.path)
    assert (response.get_json()["version"], response.headers["ETag"]) == (0, '"0"')

    posted = table.post(HAND).get_json()
    assert posted["game"]["version"] == 1
    assert table.put(1, OTHER_HAND).get_json()["game"]["version"] == 2
    assert table.delete(1).status_code == 204

    response = client.get(table.path)
    assert (response.get_json()["version"], response.headers["ETag"]) == (3, '"3"')
    assert table.post(HAND, headers={**table.headers, "If-Match": '"0"'}).status_code == 412, "versions never repeat"


def test_writes_honour_if_match(app, client, table):
    table.add(HAND)
    before = table.get()

    for response in (table.post(HAND, headers={**table.headers, "If-Match": '"0"'}),
                     table.put(1, OTHER_HAND, headers={**table.headers, "If-Match": '"0", "7"'}),
                     table.delete(1, headers={**table.headers, "If-Match": 'W/"1"'})):
        assert response.status_code == 412
        assert response.get_json() == stale(1)
    assert table.get() == before

    assert table.post(HAND, headers={**table.headers, "If-Match": '"1"'}).status_code == 201
    assert table.put(2, OTHER_HAND, headers={**table.headers, "If-Match": '"0", "2"'}).status_code == 200
    assert table.delete(2, headers={**table.headers, "If-Match": "*"}).status_code == 204
    assert table.get()["version"] == 4


def test_a_bad_body_is_a_422_before_a_stale_if_match_is_a_412(app, table):
    """RFC 9110 section 13.2.1: a request that fails without its precondition fails as it would."""
    table.add(HAND)
    before = table.get()
    stale_headers = {**table.headers, "If-Match": '"0"'}
    bad_hand = {**HAND, "tricks": {"Ann": 14, "dummy": 0, "Ben": 0, "Cid": 0}}

    for response in (table.post(bad_hand, headers=stale_headers), table.put(1, bad_hand, headers=stale_headers)):
        assert response.status_code == 422
        assert response.get_json()["errors"][0]["field"] != "If-Match"
    assert table.delete(2, headers=stale_headers).status_code == 404
    assert table.get() == before
    assert stored(app, Hand) == 1


def test_the_next_partie_honours_if_match(client):
    partie = create(client, PIQUET_GAME)
    partie.add(*PIQUET_DEALS)

    assert partie.next(headers={**partie.headers, "If-Match": '"5"'}).status_code == 412
    assert partie.next(headers={**partie.headers, "If-Match": '"6"'}).status_code == 201


def test_a_retried_write_is_answered_as_first_though_its_if_match_is_now_stale(app, table):
    headers = keyed(table, "k", **{"If-Match": '"0"'})
    first = table.post(HAND, headers=headers)
    again = table.post(HAND, headers=headers)

    assert (first.status_code, again.status_code) == (201, 201)
    assert again.get_json() == first.get_json()
    assert stored(app, Hand) == 1


# --- a database that stays busy -------------------------------------------------------------


@pytest.fixture
def impatient_app(tmp_path):
    app = make_app(tmp_path, LOCK_TIMEOUT_MS=50)
    yield app
    dispose(app)


def test_a_write_that_waits_too_long_for_another_is_409_not_500(impatient_app):
    client = impatient_app.test_client()
    table = create(client, GAME)
    editor = impatient_app.test_client()
    editor.get(f"/g/{table.id}/join/{table.token}")
    form = {"csrf_token": csrf_token(editor, f"/g/{table.id}"), "hand": "1", "version": "0", **HAND_FORM}
    with impatient_app.app_context():
        engine = db.engine
    with engine.connect() as other_phone:
        other_phone.execute(text("UPDATE game SET version = version WHERE public_id = :id"), {"id": table.id})
        api = table.post(HAND)
        page = editor.post(f"/g/{table.id}/hands", data=form)
        created = client.post("/api/v1/games", json=GAME, headers={"Idempotency-Key": NEW_GAME_KEY})
        other_phone.rollback()

    assert api.status_code == 409
    assert api.get_json() == errors(
        ("game", "Another phone changed this game at the same moment. Check the scores and try again."))
    assert page.status_code == 409
    assert "Another phone changed this game at the same moment. Go back, reload the page and try again." in page.text
    if engine.dialect.name == "sqlite":
        assert created.status_code == 409, "SQLite has one writer at a time"
    assert table.post(HAND).status_code == 201
