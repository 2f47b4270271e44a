"""Phones racing each other through the API, in threads released at one moment, on the test database.

After every race the stored hands are numbered 1..n, the next post
succeeds, and the version moved exactly once per change that was answered
as done. Nothing answers 500. (Run on PostgreSQL too: make test-postgres.)
"""

from __future__ import annotations

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand

from .api_client import Table, changing, create, errors
from .racing import race

GAME = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann", "settings": {"target": 10000}}
HAND = {
    "bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5}, {"player": "Cid", "bid": 6}],
    "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3},
}
OTHER_HAND = {**HAND, "tricks": {"Ann": 4, "dummy": 2, "Ben": 4, "Cid": 3}}
PHONES = 6
ROUNDS = 4


def as_phone(table: Table, client) -> Table:
    """The same game and token, through another phone's client."""
    return Table(client, {"id": table.id, "edit_token": table.token})


def stored_numbers(app, table: Table) -> list[int]:
    with app.app_context():
        game_id = db.session.execute(db.select(Game.id).filter_by(public_id=table.id)).scalar_one()
        return list(db.session.execute(db.select(Hand.number).filter_by(game_id=game_id).order_by(Hand.number)).scalars())


def assert_whole(app, table: Table, version_before: int, changes: int) -> int:
    """Hands 1..n, the version moved once per change, and the game takes its next hand; returns the version."""
    numbers = stored_numbers(app, table)
    assert numbers == list(range(1, len(numbers) + 1))
    game = table.get()
    assert game["version"] == version_before + changes
    posted = table.post({**HAND, "number": len(numbers) + 1})
    assert posted.status_code == 201, posted.get_json()
    return game["version"] + 1


@pytest.fixture
def table(client):
    return create(client, GAME)


def test_racing_requests_with_one_key_store_one_hand_and_get_one_answer(app, table):
    version = 0
    for round_ in range(ROUNDS):
        headers = {**table.headers, "Idempotency-Key": f"round {round_}"}
        results = race(app, *[lambda client, headers=headers: as_phone(table, client).post(HAND, headers=headers)] * PHONES)

        assert {status for status, _ in results} == {201}
        assert all(body == results[0][1] for _, body in results), "every repeat gets the first answer"
        version = assert_whole(app, table, version, changes=1)


def test_racing_for_one_number_stores_it_once(app, table):
    version = 0
    for _ in range(ROUNDS):
        number = len(stored_numbers(app, table)) + 1
        results = race(app, *[lambda client, number=number: as_phone(table, client).post({**HAND, "number": number})]
                       * PHONES)

        assert sorted(status for status, _ in results) == [201] + [409] * (PHONES - 1)
        refusal = errors(("number", f"Hand {number} is already recorded: the next hand is hand {number + 1}."))
        assert all(body == refusal for status, body in results if status == 409)
        version = assert_whole(app, table, version, changes=1)


def test_racing_with_one_if_match_changes_once(app, table):
    version = 0
    for round_ in range(ROUNDS):
        headers = {**table.headers, "If-Match": f'"{version}"'}
        hand = HAND if round_ % 2 else OTHER_HAND
        results = race(app, *[lambda client, hand=hand, headers=headers: as_phone(table, client).post(hand, headers=headers)]
                       * PHONES)

        assert sorted(status for status, _ in results) == [201] + [412] * (PHONES - 1)
        version = assert_whole(app, table, version, changes=1)


def test_an_undo_racing_a_post_leaves_no_gap(app, table):
    table.add(HAND, HAND)
    version = 2
    for _ in range(ROUNDS):
        last = len(stored_numbers(app, table))
        results = race(
            app,
            lambda client, last=last: as_phone(table, client).delete(last, headers=changing(table.token)),
            lambda client: as_phone(table, client).post(HAND),
        )

        undo, post = (status for status, _ in results)
        assert undo in (204, 409) and post == 201
        version = assert_whole(app, table, version, changes=(undo == 204) + 1)


def test_an_edit_racing_an_undo_is_never_a_500(app, table):
    table.add(HAND, HAND)
    version = 2
    for _ in range(ROUNDS):
        last = len(stored_numbers(app, table))
        results = race(
            app,
            lambda client, last=last: as_phone(table, client).put(last, OTHER_HAND, headers=changing(table.token)),
            lambda client, last=last: as_phone(table, client).delete(last, headers=changing(table.token)),
        )

        edit, undo = (status for status, _ in results)
        assert undo == 204 and edit in (200, 404)
        version = assert_whole(app, table, version, changes=(edit == 200) + 1)
        table.add(HAND)
        version += 1


def test_many_phones_on_many_games_lose_nothing(app, client):
    """Several games at once, several phones each, posting with keys and retrying every post once."""
    tables = [create(client, GAME) for _ in range(3)]

    def phone(table: Table, index: int):
        def call(client):
            headers = {**table.headers, "Idempotency-Key": f"phone {index}"}
            first = as_phone(table, client).post(HAND, headers=headers)
            again = as_phone(table, client).post(HAND, headers=headers)
            assert again.status_code == first.status_code
            return first
        return call

    results = race(app, *[phone(table, index) for table in tables for index in range(3)])

    assert {status for status, _ in results} == {201}
    for table in tables:
        assert stored_numbers(app, table) == [1, 2, 3]
        assert_whole(app, table, 0, changes=3)
