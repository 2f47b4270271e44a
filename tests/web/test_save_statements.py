"""A hand saved through the API runs four statements, however long the game: BEGIN, the locked game read, the hand
inserted, and one UPDATE of the game's row that claims the version and writes the running state and the players'
records (docs/decisions/speed.md). The players' sums are left to their next page (test_players.py)."""

from __future__ import annotations

from contextlib import contextmanager

from sqlalchemy import event

from scorekeeper.database import ONE_READ
from scorekeeper.extensions import db

from .api_client import create

GAME = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann",
        "settings": {"target": 10000}}
HAND = {"bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 7}, {"player": "Cid", "bid": 7}],
        "tricks": {"Ann": 4, "dummy": 1, "Ben": 4, "Cid": 4}}


@contextmanager
def statements(app):
    """Every statement the app's database runs in the block, each transaction's BEGIN included (SQLite's BEGIN
    IMMEDIATE is sent without a cursor), COMMIT left out."""
    seen = []

    def statement(_connection, _cursor, text, *_args):
        if text != "BEGIN":  # a deferred BEGIN, counted by `begin`
            seen.append(text)

    def begin(connection):
        if not connection.get_execution_options().get(ONE_READ):
            seen.append("BEGIN")

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", statement)
    event.listen(engine, "begin", begin)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", statement)
        event.remove(engine, "begin", begin)


def shapes(seen):
    return [text.split()[0] + (" " + text.split()[1] if text.startswith("UPDATE") else "") for text in seen]


def test_a_hand_saved_runs_four_statements_however_long_the_game(app, client):
    table = create(client, GAME)
    counts = []
    for number in range(1, 31):
        with statements(app) as seen:
            assert table.post(HAND).status_code == 201
        if number in (1, 2, 30):
            counts.append(shapes(seen))
            update = seen[-1]
            assert "version=" in update.replace(" ", "") and "state=" in update and "records=" in update, update

    assert counts == [["BEGIN", "SELECT", "INSERT", "UPDATE game"]] * 3
    assert len(table.get()["hands"]) == 30


def test_a_refused_save_changes_nothing(app, client):
    table = create(client, GAME)
    assert table.post(HAND).status_code == 201
    assert table.post({**HAND, "number": 1}).status_code == 409
    assert table.post({"bids": []}).status_code == 422

    read = table.get()
    assert (len(read["hands"]), read["version"]) == (1, 1)
