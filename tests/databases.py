"""The tests' databases, each test on one of its own, fresh and migrated, whatever the number of workers.

SQLite: the migrations run once per test process, into a file that is then copied for every test (a copy takes
milliseconds, the migrations a quarter of a second). PostgreSQL (TEST_DATABASE_URL): each pytest-xdist worker
works in a schema of its own, set as the connections' search_path, and empties it before every test.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from flask_migrate import upgrade
from sqlalchemy import text

from scorekeeper.app import create_app
from scorekeeper.extensions import db

SQLITE_FILE = "test.db"


def worker_url(url: str, worker: str) -> str:
    """`url` with every connection's search_path set to the schema of pytest-xdist's `worker` (e.g. "gw0").

    >>> worker_url("postgresql://u:p@localhost:5432/test", "gw1")
    'postgresql://u:p@localhost:5432/test?options=-csearch_path%3Dworker_gw1'
    """
    parts = urlsplit(url)
    query = [*parse_qsl(parts.query), ("options", f"-csearch_path={worker_schema(worker)}")]
    return urlunsplit(parts._replace(query=urlencode(query)))


def worker_schema(worker: str) -> str:
    return f"worker_{worker}"


def postgres_schema() -> str:
    """The schema this process's tests work in: the worker's own under pytest-xdist, else `public`."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return worker_schema(worker) if worker else "public"


def empty_postgres(revision: str) -> None:
    """Drop this process's schema with everything in it, then migrate it again to `revision` (in an app context)."""
    schema = postgres_schema()
    with db.engine.begin() as connection:
        connection.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE; CREATE SCHEMA "{schema}"'))
    upgrade(revision=revision)


class MigratedSqlite:
    """A SQLite file migrated to the head once in this process, copied as each test's fresh database."""

    def __init__(self) -> None:
        self._folder: Path | None = None

    def copy_to(self, path: Path) -> None:
        """Write a fresh database, migrated to the head, at `path`."""
        if self._folder is None:
            folder = Path(tempfile.mkdtemp(prefix="scorekeeper-migrated-"))
            app = create_app({"TESTING": True, "SECRET_KEY": "test",
                              "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / SQLITE_FILE}"})
            with app.app_context():
                upgrade()
                db.engine.dispose()  # the last connection closed: SQLite folds its write-ahead log into the file
            self._folder = folder
        shutil.copyfile(self._folder / SQLITE_FILE, path)

    def remove(self) -> None:
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None


MIGRATED_SQLITE = MigratedSqlite()
