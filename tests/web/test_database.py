"""The database itself: SQLite's settings, and the migration that repairs games left with a gap."""

from __future__ import annotations

import threading

import pytest
import sqlalchemy as sa
from flask_migrate import upgrade
from psycopg.pq import TransactionStatus

from scorekeeper.database import STORE_WAIT_MS, read_connection, waiting_briefly
from scorekeeper.extensions import db
from scorekeeper.models import utcnow

from ..conftest import dispose, make_app
from .api_client import create
from .test_exactly_once import GAME, HAND

BEFORE_REPAIR = "f38d2c11982b"


def test_sqlite_runs_in_wal_mode_with_an_explicit_busy_timeout(app):
    with app.app_context():
        if db.engine.dialect.name != "sqlite":
            pytest.skip("SQLite only")
        with db.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10_000


def test_a_connection_used_by_waiting_briefly_waits_long_again_for_whoever_takes_it_next(app):
    """A reader's write that may be skipped waits only briefly for a writer. A commit in the block gives the
    connection back to the pool before the block ends: whoever takes it next (here the same request, in another
    thread another request) waits for writers as long as ever again."""
    with app.test_request_context("/", method="GET"):
        if db.engine.dialect.name != "sqlite":
            pytest.skip("SQLite only")
        with waiting_briefly():
            raw = db.session.connection().connection.dbapi_connection
            assert raw.execute("PRAGMA busy_timeout").fetchone()[0] == STORE_WAIT_MS
            db.session.commit()
            taken = db.session.connection()
            assert taken.connection.dbapi_connection is raw, "the pool gives the same connection back"
            assert taken.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10_000
        assert taken.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10_000
        db.session.rollback()


def test_a_hot_read_on_postgresql_is_its_query_alone_and_leaves_the_pool_transactional(app):
    """read_connection runs its query in autocommit: no BEGIN before it, no ROLLBACK after it (the driver sends
    both otherwise, three round trips for one query). The connections it gives back start transactions again."""
    with app.test_request_context("/", method="GET"):
        if db.engine.dialect.name != "postgresql":
            pytest.skip("PostgreSQL only: SQLite's hot reads start no transaction already")
        with read_connection() as connection:
            assert connection.execute(sa.text("SELECT 1")).scalar() == 1
            assert connection.connection.dbapi_connection.info.transaction_status == TransactionStatus.IDLE
        pooled = [db.engine.raw_connection() for _ in range(db.engine.pool.checkedin())]
        try:
            assert pooled and not [raw for raw in pooled if raw.driver_connection.autocommit]
        finally:
            for raw in pooled:
                raw.close()


def test_a_write_that_finds_sqlites_lock_taken_waits_for_it_and_then_writes(app):
    """The write asks again for the lock in short pauses (database._begin_immediate) while another holds it, and
    writes once it is free; its connection then waits for writers as every connection does."""
    client = app.test_client()
    table = create(client, GAME)
    with app.app_context():
        engine = db.engine
    if engine.dialect.name != "sqlite":
        pytest.skip("SQLite only")
    answers = []
    with engine.connect() as other_phone:
        other_phone.execute(sa.text("UPDATE game SET version = version WHERE public_id = :id"), {"id": table.id})
        saving = threading.Thread(target=lambda: answers.append(table.post(HAND)))
        saving.start()
        saving.join(0.3)
        assert saving.is_alive(), "the save waits while the other write holds the lock"
        other_phone.rollback()
    saving.join()

    assert answers[0].status_code == 201
    assert answers[0].get_json()["game"]["version"] == 1
    with app.test_request_context("/", method="POST"):
        assert db.session.connection().exec_driver_sql("PRAGMA busy_timeout").scalar() == 10_000
        db.session.rollback()


def test_sqlite_commits_wait_for_the_disk_unless_configured_not_to(app, tmp_path):
    with app.app_context():
        if db.engine.dialect.name != "sqlite":
            pytest.skip("SQLite only")
        with db.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    (tmp_path / "normal").mkdir()
    normal = make_app(tmp_path / "normal", SQLITE_SYNCHRONOUS="normal")
    try:
        with normal.app_context(), db.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
    finally:
        dispose(normal)


game = sa.table("game", sa.column("id", sa.Integer), sa.column("public_id", sa.String), sa.column("kind", sa.String),
                sa.column("first_dealer", sa.String), sa.column("dummy_after", sa.Integer),
                sa.column("settings", sa.JSON), sa.column("edit_token_hash", sa.String),
                sa.column("version", sa.Integer), sa.column("created_at", sa.DateTime(timezone=True)))
hand = sa.table("hand", sa.column("game_id", sa.Integer), sa.column("number", sa.Integer),
                sa.column("entry", sa.JSON), sa.column("recorded_at", sa.DateTime(timezone=True)))


def test_the_migration_numbers_hands_1_to_n_again_in_their_order(tmp_path):
    app = make_app(tmp_path, revision=BEFORE_REPAIR)
    try:
        with app.app_context():
            with db.engine.begin() as connection:
                for game_id, numbers in ((1, [1, 2, 4, 5]), (2, [1, 2, 3])):
                    connection.execute(sa.insert(game).values(
                        id=game_id, public_id=f"game{game_id}", kind="dummy-spades", first_dealer="Ann",
                        dummy_after=2, settings={}, edit_token_hash="x", version=7, created_at=utcnow()))
                    for number in numbers:
                        connection.execute(sa.insert(hand).values(
                            game_id=game_id, number=number, entry={"was": number}, recorded_at=utcnow()))
            upgrade()
            with db.engine.connect() as connection:
                rows = connection.execute(sa.select(hand.c.game_id, hand.c.number, hand.c.entry)
                                          .order_by(hand.c.game_id, hand.c.number)).all()
                versions = dict(connection.execute(sa.select(game.c.id, game.c.version)).all())
    finally:
        dispose(app)
    assert [(game_id, number, entry["was"]) for game_id, number, entry in rows] == [
        (1, 1, 1), (1, 2, 2), (1, 3, 4), (1, 4, 5), (2, 1, 1), (2, 2, 2), (2, 3, 3)]
    assert versions == {1: 8, 2: 7}, "a repaired game is a changed game; the others are left alone"
