"""A save in process (part of `make bench`): its statements and its processor time, against issue 48's aims.

Saves hands through the API with Flask's test client, the limits on as they
are served, into a game on a fresh SQLite database (or, with `--database`,
on the given one, migrated: `make bench-postgres` gives it the bench's),
and prints:

- the statements one save runs, counted with SQLAlchemy's events: every
  statement sent to the database and every transaction begun (BEGIN
  IMMEDIATE on SQLite), the COMMIT not counted; aim: at most 4;
- a save's processor time (`time.process_time`): the median, min and max
  over batches of saves; aim: at most 1.5 ms;
- for scale, the same for the minimal save transaction of
  scripts/bench_bare.py (the game's row read, a hand inserted, the game's
  row updated, committed), through the same test client.

    scripts/bench_save.py [--database URL] [--batches N] [--saves N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bench_app import ROOT
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import upgrade
from sqlalchemy import event

from scorekeeper.app import create_app
from scorekeeper.database import ONE_READ
from scorekeeper.extensions import db

STATEMENTS_AIM = 4
PROCESSOR_AIM_MS = 1.5
GAME = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann",
        "settings": {"target": 10000}}
HAND = {"bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 7}, {"player": "Cid", "bid": 7}],
        "tricks": {"Ann": 4, "dummy": 1, "Ben": 4, "Cid": 4}}
WARM_UP = 10


@contextmanager
def statements_of(engine: Any) -> Iterator[list[str]]:
    """The statements `engine` runs within the block, each by its first words, and each transaction begun."""
    seen: list[str] = []

    def statement(_connection: Any, _cursor: Any, text: str, *_args: Any) -> None:
        if text != "BEGIN":  # a deferred transaction's, counted by `begin`
            seen.append(" ".join(text.split()[:4]))

    def begin(connection: Any) -> None:
        if not connection.get_execution_options().get(ONE_READ):  # a lone read begins no transaction
            seen.append("BEGIN")

    event.listen(engine, "before_cursor_execute", statement)
    event.listen(engine, "begin", begin)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", statement)
        event.remove(engine, "begin", begin)


@contextmanager
def app_on(database: str | None) -> Iterator[Flask]:
    """The app as served (limits on), on `database` or a fresh SQLite file, migrated."""
    with tempfile.TemporaryDirectory() as folder:
        url = database or f"sqlite:///{folder}/bench.db"
        app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": url, "CREATION_LIMIT": "1000000 per minute"})
        with app.app_context():
            upgrade(directory=str(ROOT / "migrations"))
        yield app


def timed_saves(save: Any, batches: int, saves: int) -> list[float]:
    """Processor time per save in ms, one figure per batch of `saves`."""
    for _ in range(WARM_UP):
        save()
    per_save = []
    for _ in range(batches):
        started = time.process_time()
        for _ in range(saves):
            save()
        per_save.append((time.process_time() - started) * 1000 / saves)
    return per_save


def counted(save: Any, engine: Any) -> list[str]:
    with statements_of(engine) as seen:
        save()
    return seen


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ms (min {min(values):.2f}, max {max(values):.2f})"


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--database", help="a migrated (or empty) database's URL, instead of a fresh SQLite file")
    options.add_argument("--batches", type=int, default=7)
    options.add_argument("--saves", type=int, default=30, help="saves in a batch")
    args = options.parse_args()
    with app_on(args.database) as app:
        client: FlaskClient = app.test_client()
        created = client.post("/api/v1/games", json=GAME).get_json()
        path, auth = f"/api/v1/games/{created['id']}/hands", {"Authorization": f"Bearer {created['edit_token']}"}

        def save() -> None:
            answer = client.post(path, json=HAND, headers=auth)
            assert answer.status_code == 201, answer.get_data(as_text=True)

        with app.app_context():
            engine = db.engine
        statements = counted(save, engine)
        times = timed_saves(save, args.batches, args.saves)
        url = app.config["SQLALCHEMY_DATABASE_URI"]
        minimal_statements, minimal_times = minimal_save(url, created["id"], args.batches, args.saves)

    verdict = "met" if len(statements) <= STATEMENTS_AIM else "NOT met"
    print(f"{'statements of a save (in process)':<36} {len(statements)}  <= {STATEMENTS_AIM} {verdict}:"
          f" {'; '.join(statements)}")
    verdict = "met" if statistics.median(times) <= PROCESSOR_AIM_MS else "NOT met"
    print(f"{'processor time of a save':<36} {spread(times)}  <= {PROCESSOR_AIM_MS} ms {verdict}")
    print(f"{'  the minimal save transaction':<36} {spread(minimal_times)}, {len(minimal_statements)} statements"
          f" (for scale)", flush=True)


def minimal_save(url: str, game_id: str, batches: int, saves: int) -> tuple[list[str], list[float]]:
    """The minimal save transaction of scripts/bench_bare.py on the same database, in process."""
    os.environ["DATABASE_URL"] = url  # bench_bare serves the database `make run` is given
    import bench_bare  # beside this script

    client = bench_bare.app.test_client()

    def save() -> None:
        assert client.post(f"/minimal-save?game={game_id}", data="a hand's worth of text").status_code == 200

    with bench_bare.app.app_context():
        engine = db.engine
    return counted(save, engine), timed_saves(save, batches, saves)


if __name__ == "__main__":
    main()
