"""The tests' databases, each test on one of its own, fresh and migrated, whatever the number of workers.

SQLite: the migrations run once per test process, into a file that is then copied for every test (a copy takes
milliseconds, the migrations a quarter of a second). PostgreSQL (TEST_DATABASE_URL): each pytest-xdist worker
works in a database of its own, created beside the run's when the worker starts, and empties it before every test
(a database rather than a schema: `pg_dump`, in the backup's test, dumps one whole database, and another
worker's schema changing under it would fail it).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from flask_migrate import upgrade
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from scorekeeper.app import create_app
from scorekeeper.config import database_uri
from scorekeeper.extensions import db

SQLITE_FILE = "test.db"


def worker_url(url: str, worker: str) -> str:
    """`url` with the database of pytest-xdist's `worker` (e.g. "gw1") in place of the run's.

    >>> worker_url("postgresql://u:p@localhost:5432/test", "gw1")
    'postgresql://u:p@localhost:5432/test_gw1'
    """
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"{parts.path}_{worker}"))


def create_worker_database(url: str, worker: str) -> str:
    """Create, empty, the database of `worker` beside the run's database at `url` (dropping what an earlier run
    left there); its URL."""
    own = worker_url(url, worker)
    name = urlsplit(own).path.removeprefix("/")
    server = create_engine(database_uri(url), poolclass=NullPool, isolation_level="AUTOCOMMIT")
    with server.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    server.dispose()
    return own


def empty_postgres(revision: str) -> None:
    """Drop the test database's schema with everything in it, then migrate it again to `revision` (in an app
    context)."""
    with db.engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
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
