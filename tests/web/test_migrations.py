"""Migrations move the data they reshape (run on SQLite, and on PostgreSQL with TEST_DATABASE_URL)."""

from __future__ import annotations

import json
import re

from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text

from scorekeeper.extensions import db

from ..conftest import dispose, make_app

BEFORE_THE_DUMMY_SEAT_MOVED = "5d1e7a0c2b94"
SPADES_SETTINGS = {"target": 300, "bag_limit": 10, "bag_penalty": 100, "variant": "no-peeky"}
INSERT_GAME = text(
    "INSERT INTO game (public_id, kind, first_dealer, dummy_after, settings, edit_token_hash, version, created_at)"
    " VALUES (:public_id, :kind, 'Ann', :dummy_after, :settings, 'x', 0, CURRENT_TIMESTAMP)"
)


def as_dict(value) -> dict:
    """A JSON column as read without the model: a dict (PostgreSQL) or its text (SQLite)."""
    return value if isinstance(value, dict) else json.loads(value)


def test_the_dummy_seat_moves_into_the_settings_and_back(tmp_path):
    app = make_app(tmp_path, BEFORE_THE_DUMMY_SEAT_MOVED)
    try:
        with app.app_context():
            with db.engine.begin() as connection:
                connection.execute(INSERT_GAME, {"public_id": "spades", "kind": "dummy-spades", "dummy_after": 0,
                                                 "settings": json.dumps(SPADES_SETTINGS)})
                connection.execute(INSERT_GAME, {"public_id": "piquet", "kind": "piquet", "dummy_after": None,
                                                 "settings": json.dumps({"variant": "rubicon"})})

            upgrade()
            with db.engine.connect() as connection:
                columns = [column["name"] for column in inspect(connection).get_columns("game")]
                rows = connection.execute(text("SELECT public_id, settings FROM game ORDER BY public_id")).all()
            assert "dummy_after" not in columns
            assert [(public_id, as_dict(settings)) for public_id, settings in rows] == [
                ("piquet", {"variant": "rubicon"}),
                ("spades", {**SPADES_SETTINGS, "dummy_after": 0}),
            ]

            downgrade(revision=BEFORE_THE_DUMMY_SEAT_MOVED)
            with db.engine.connect() as connection:
                rows = connection.execute(
                    text("SELECT public_id, dummy_after, settings FROM game ORDER BY public_id")).all()
            assert [(public_id, seat, as_dict(settings)) for public_id, seat, settings in rows] == [
                ("piquet", None, {"variant": "rubicon"}),
                ("spades", 0, SPADES_SETTINGS),
            ]
    finally:
        dispose(app)


def test_renders_gain_their_compressed_forms_and_lose_them_again(tmp_path):
    before = "2b7d4c8e1f60"
    app = make_app(tmp_path, before)
    try:
        with app.app_context():
            with db.engine.begin() as connection:
                connection.execute(text("INSERT INTO render (key, game, version, body) VALUES ('k', 'g', 1, '<p>')"))
            upgrade(revision="9e4a1c7b3d25")
            with db.engine.connect() as connection:
                columns = [column["name"] for column in inspect(connection).get_columns("render")]
                row = connection.execute(text("SELECT body, br, gzip FROM render")).one()
            assert columns == ["key", "game", "version", "body", "br", "gzip"]
            assert tuple(row) == ("<p>", None, None)

            downgrade(revision=before)
            with db.engine.connect() as connection:
                columns = [column["name"] for column in inspect(connection).get_columns("render")]
                rows = connection.execute(text("SELECT key, body FROM render")).all()
            assert columns == ["key", "game", "version", "body"]
            assert [tuple(row) for row in rows] == [("k", "<p>")]
    finally:
        dispose(app)


def test_the_capped_cache_starts_empty_with_sizes_and_last_uses(tmp_path):
    before = "c41f8a2d6e03"
    app = make_app(tmp_path, before)
    try:
        with app.app_context():
            with db.engine.begin() as connection:
                connection.execute(text("INSERT INTO render (key, game, version, body) VALUES ('k', 'g', 1, '<p>')"))
            upgrade()
            with db.engine.connect() as connection:
                columns = [column["name"] for column in inspect(connection).get_columns("render")]
                rows = connection.execute(text("SELECT * FROM render")).all()
            assert columns == ["key", "game", "version", "body", "br", "gzip", "size", "used_at"]
            assert rows == [], "renders of unknown size are made again when read"

            downgrade(revision=before)
            with db.engine.connect() as connection:
                columns = [column["name"] for column in inspect(connection).get_columns("render")]
            assert columns == ["key", "game", "version", "body", "br", "gzip"]
    finally:
        dispose(app)


def test_hands_gain_an_edited_time_none_of_them_set(tmp_path):
    before = "d52a9b3e7f14"
    app = make_app(tmp_path, before)
    try:
        with app.app_context():
            with db.engine.begin() as connection:
                connection.execute(text(
                    "INSERT INTO game (public_id, kind, first_dealer, settings, edit_token_hash, version, created_at)"
                    " VALUES ('g', 'dummy-spades', 'Ann', '{}', 'x', 1, CURRENT_TIMESTAMP)"))
                connection.execute(text(
                    "INSERT INTO hand (game_id, number, entry, scored, recorded_at)"
                    " SELECT id, 1, '{}', 1, CURRENT_TIMESTAMP FROM game"))
            upgrade()
            with db.engine.connect() as connection:
                columns = [column["name"] for column in inspect(connection).get_columns("hand")]
                rows = connection.execute(text("SELECT number, edited_at FROM hand")).all()
            assert columns[-1] == "edited_at"
            assert rows == [(1, None)], "no hand recorded before is known to have been edited"

            downgrade(revision=before)
            with db.engine.connect() as connection:
                columns = [column["name"] for column in inspect(connection).get_columns("hand")]
            assert "edited_at" not in columns
    finally:
        dispose(app)


def test_the_cache_of_renders_keeps_its_size_in_one_row_from_the_renders_kept(tmp_path):
    before = "a7e3c9d41b28"
    app = make_app(tmp_path, before)
    try:
        with app.app_context():
            with db.engine.begin() as connection:
                connection.execute(text("INSERT INTO render (key, game, version, body, size) VALUES"
                                        " ('k', 'g', 1, '<p>', 5), ('l', 'g', 1, '<p>', 7)"))
            upgrade(revision="a3f1c9e7b5d2")
            with db.engine.connect() as connection:
                rows = connection.execute(text("SELECT id, bytes FROM render_cache_size")).all()
            assert [tuple(row) for row in rows] == [(1, 12)]

            downgrade(revision=before)
            with db.engine.connect() as connection:
                assert "render_cache_size" not in inspect(connection).get_table_names()
    finally:
        dispose(app)


def test_each_game_learns_when_it_last_changed_from_its_latest_hand(tmp_path):
    before = "a3f1c9e7b5d2"
    app = make_app(tmp_path, before)
    try:
        with app.app_context():
            with db.engine.begin() as connection:
                for public_id in ("played", "empty"):
                    connection.execute(text(
                        "INSERT INTO game (public_id, kind, first_dealer, settings, edit_token_hash, version, created_at)"
                        " VALUES (:public_id, 'piquet', 'Ann', '{}', 'x', 0, '2024-01-02 10:00:00')"),
                        {"public_id": public_id})
                for number, at in ((1, "2024-03-04 05:06:07"), (2, "2024-02-01 00:00:00")):
                    connection.execute(text(
                        "INSERT INTO hand (game_id, number, entry, scored, recorded_at) VALUES"
                        f" ((SELECT id FROM game WHERE public_id = 'played'), {number}, '{{}}', 0, '{at}')"))
            upgrade(revision="e3a7c9d1b5f2")
            with db.engine.connect() as connection:
                rows = connection.execute(text("SELECT public_id, changed_at FROM game ORDER BY public_id")).all()
            assert [(public_id, str(changed)[:19]) for public_id, changed in rows] == [
                ("empty", "2024-01-02 10:00:00"), ("played", "2024-03-04 05:06:07")]

            downgrade(revision=before)
            with db.engine.connect() as connection:
                assert "changed_at" not in [column["name"] for column in inspect(connection).get_columns("game")]
    finally:
        dispose(app)


def without_csrf_token(page: str) -> str:
    """The page without its CSRF token, which carries the second it was made in."""
    return re.sub(r'"X-CSRFToken": "[^"]*"', "", page)


def test_the_players_records_are_counted_from_every_game_played_before(tmp_path):
    app = make_app(tmp_path)
    client = app.test_client()
    try:
        created = client.post("/api/v1/games", json={"game": "piquet", "players": ["Ann", "Ben"],
                                                     "first_dealer": "Ben"}).get_json()
        assert client.post(f"/api/v1/games/{created['id']}/hands", json={"tricks": ["elder"] * 12},
                           headers={"Authorization": f"Bearer {created['edit_token']}"}).status_code == 201
        page = without_csrf_token(client.get("/players/Ann").get_data(as_text=True))
        with app.app_context():
            downgrade(revision="e3a7c9d1b5f2")
            with db.engine.connect() as connection:
                assert "player_record" not in inspect(connection).get_table_names()
            upgrade()
            with db.engine.connect() as connection:
                rows = connection.execute(text("SELECT name_key, kind, name, games FROM player_record "
                                               "ORDER BY name_key")).all()
        assert [tuple(row) for row in rows] == [("ann", "piquet", "Ann", 1), ("ben", "piquet", "Ben", 1)]
        assert without_csrf_token(client.get("/players/Ann").get_data(as_text=True)) == page
    finally:
        dispose(app)


def test_the_running_state_and_the_players_records_move_into_the_games_row_and_back(tmp_path):
    before = "c8e2f4a6b9d1"
    app = make_app(tmp_path)
    client = app.test_client()
    try:
        created = client.post("/api/v1/games", json={"game": "piquet", "players": ["Ann", "Ben"],
                                                     "first_dealer": "Ben"}).get_json()
        auth = {"Authorization": f"Bearer {created['edit_token']}"}
        for _ in range(2):
            assert client.post(f"/api/v1/games/{created['id']}/hands", json={"tricks": ["elder"] * 12},
                               headers=auth).status_code == 201
        read_row = text("SELECT state_version, state_engine, state, records, records_pending FROM game")
        with app.app_context():
            with db.engine.connect() as connection:
                version, engine, state, records, pending = connection.execute(read_row).one()
            assert (version, bool(pending), sorted(as_dict(records))) == (2, True, ["ann", "ben"])

            downgrade(revision=before)
            with db.engine.connect() as connection:
                assert tuple(connection.execute(text("SELECT version, engine, state FROM running_state")).one()) == (
                    2, engine, state)
                sums = connection.execute(text("SELECT name_key, games FROM player_record ORDER BY name_key")).all()
                assert [tuple(row) for row in sums] == [("ann", 1), ("ben", 1)], "the pending game was counted"

            upgrade()
            with db.engine.connect() as connection:
                assert "running_state" not in inspect(connection).get_table_names()
                moved = connection.execute(read_row).one()
        assert (*moved[:3], as_dict(moved[3]), bool(moved[4])) == (version, engine, state, as_dict(records), False)
        assert client.post(f"/api/v1/games/{created['id']}/hands", json={"tricks": ["elder"] * 12},
                           headers=auth).status_code == 201
        assert client.get("/players/Ann").status_code == 200
    finally:
        dispose(app)
