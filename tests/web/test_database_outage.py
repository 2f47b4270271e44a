"""The database may come and go: while it cannot be reached every request gets a 503 with Retry-After, and the app
recovers by itself once it is back (pooled connections are checked before use)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask_migrate import upgrade
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from scorekeeper.app import create_app
from scorekeeper.config import database_uri
from scorekeeper.database import ASK_AFTER_IDLE_SECONDS, RETURNED_AT
from scorekeeper.extensions import db

from ..conftest import dispose, make_app
from .api_client import create, errors

GAME = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann", "settings": {"target": 300}}
HAND = {
    "bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5}, {"player": "Cid", "bid": 6}],
    "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3},
}
API_MESSAGE = ("The scores cannot be reached for a moment (the server is waiting for its database). "
               "Nothing was changed: try again in a few seconds.")
PAGE_MESSAGE = ("The scores cannot be reached for a moment: the server is waiting for its database. Nothing is lost. "
                "Try again in a few seconds.")
POSTGRES_BIN = next(iter(sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), reverse=True)), None)


def assert_unavailable(client, table):
    page = client.get(f"/g/{table.id}")
    assert page.status_code == 503
    assert page.headers["Retry-After"] == "5"
    assert PAGE_MESSAGE in page.get_data(as_text=True)
    for response in (client.get(table.path), table.post(HAND), client.post("/api/v1/games", json=GAME),
                     client.get("/players/Ann")):
        assert response.status_code == 503, response.get_data(as_text=True)
        assert response.headers["Retry-After"] == "5"
    assert client.get(table.path).get_json() == errors(("request", API_MESSAGE))


def assert_recovered(client, table, hands):
    assert client.get(table.path).status_code == 200, "the first request after the outage is answered"
    assert table.post(HAND).status_code == 201
    assert client.get(f"/g/{table.id}").status_code == 200
    assert len(client.get(table.path).get_json()["hands"]) == hands


def test_a_sqlite_database_that_cannot_be_opened_gives_503_then_recovers(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'db'}"})
    with app.app_context():
        upgrade()
    client = app.test_client()
    table = create(client, GAME)
    table.add(HAND)

    folder.rename(tmp_path / "away")
    folder.write_text("not a folder")  # the database file cannot be opened, nor created
    dispose(app)  # the pool's connections would still hold the moved file open
    try:
        assert_unavailable(client, table)
    finally:
        folder.unlink()
        (tmp_path / "away").rename(folder)
    assert_recovered(client, table, hands=2)
    dispose(app)


def test_a_pooled_connection_the_server_ended_is_replaced_before_use_without_asking_the_server(tmp_path):
    """The server's end of a connection resting in the pool is seen on its socket: no request gets it, and no
    request pays a round trip to find out (SQLAlchemy's pool_pre_ping is off)."""
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        pytest.skip("runs on PostgreSQL runs (TEST_DATABASE_URL)")
    name = "scorekeeper-ended-connections"
    app = make_app(tmp_path, SQLALCHEMY_ENGINE_OPTIONS={"connect_args": {"application_name": name}})
    client = app.test_client()
    table = create(client, GAME)
    table.add(HAND)
    with app.app_context():
        assert db.engine.pool._pre_ping is False
    ours = "FROM pg_stat_activity WHERE application_name = :name"
    admin = create_engine(database_uri(url), poolclass=NullPool, isolation_level="AUTOCOMMIT")  # activity as it is now
    with admin.connect() as connection:
        assert connection.execute(text(f"SELECT count(*) {ours}"), {"name": name}).scalar_one() > 0, "pooled"
        connection.execute(text(f"SELECT pg_terminate_backend(pid) {ours}"), {"name": name})
        while connection.execute(text(f"SELECT count(*) {ours}"), {"name": name}).scalar_one():
            time.sleep(0.05)
    admin.dispose()
    assert_recovered(client, table, hands=2)
    dispose(app)


def test_a_pooled_connection_idle_past_its_time_is_asked_before_use_and_a_recent_one_is_not(tmp_path):
    """A server that went away without a word (a network cut) leaves nothing on the socket: a connection that
    rested ASK_AFTER_IDLE_SECONDS or more is asked once (SELECT 1) before a request gets it. One used moments
    ago is given as it is, with no round trip. The server's `query_start` of the connection shows whether it
    was asked."""
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        pytest.skip("runs on PostgreSQL runs (TEST_DATABASE_URL)")
    name = "scorekeeper-idle-connections"
    app = make_app(tmp_path, SQLALCHEMY_ENGINE_OPTIONS={"connect_args": {"application_name": name}})
    with app.app_context():
        engine = db.engine
    admin = create_engine(database_uri(url), poolclass=NullPool, isolation_level="AUTOCOMMIT")

    def last_asked():
        with admin.connect() as connection:
            return connection.execute(text("SELECT query_start FROM pg_stat_activity WHERE application_name = :name"),
                                      {"name": name}).scalar_one()

    pooled = engine.raw_connection()
    record = pooled.info  # the pooled connection's own, kept between its uses
    pooled.close()
    rested = last_asked()
    engine.raw_connection().close()
    assert last_asked() == rested, "used moments ago: not asked"

    record[RETURNED_AT] -= ASK_AFTER_IDLE_SECONDS
    again = engine.raw_connection()
    assert last_asked() > rested, "asked before use"
    assert again.info is record, "the same connection, still usable"
    again.close()
    admin.dispose()
    dispose(app)


class PrivateServer:
    """A PostgreSQL server of this test's own (never the shared one), which the test stops and starts."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.bin = POSTGRES_BIN.parent
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=60)

    def init(self) -> None:
        self.run("initdb", "-D", str(self.folder / "data"), "-A", "trust", "-U", "postgres", "--no-sync")

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self.run("pg_ctl", "-D", str(self.folder / "data"), "-o", options, "-l", str(self.folder / "log"), "-w",
                 "start")

    def stop(self) -> None:
        self.run("pg_ctl", "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop")


@pytest.fixture
def postgres() -> Iterator[PrivateServer]:
    if not os.environ.get("TEST_DATABASE_URL") or POSTGRES_BIN is None:
        pytest.skip("runs on PostgreSQL runs (TEST_DATABASE_URL) where Debian's server can be started")
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-outage-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    server = PrivateServer(folder)
    server.init()
    server.start()
    try:
        yield server
    finally:
        try:
            server.stop()
        except subprocess.CalledProcessError:
            pass  # already stopped
        shutil.rmtree(folder, ignore_errors=True)


def test_a_postgresql_restart_gives_503_then_the_app_recovers_by_itself(postgres):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": postgres.url})
    with app.app_context():
        upgrade()
    client = app.test_client()
    table = create(client, GAME)
    table.add(HAND)
    assert client.get(f"/g/{table.id}").status_code == 200  # the pool now holds connections

    postgres.stop()
    assert_unavailable(client, table)

    postgres.start()
    assert_recovered(client, table, hands=2)

    postgres.stop()  # a restart while nobody asks: the pool's connections are dead, and checked before use
    postgres.start()
    assert_recovered(client, table, hands=3)
    dispose(app)
