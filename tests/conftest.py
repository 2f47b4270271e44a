"""Fixtures shared by the web and browser tests: the app on a real, migrated database.

SQLite in a temporary folder by default; set TEST_DATABASE_URL (for example
postgresql://user:password@localhost/scorekeeper_test) to run the same tests
on PostgreSQL. That database (under pytest-xdist, the worker's own database beside
it) is emptied before every test. See tests/databases.py.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from flask_migrate import upgrade
from hypothesis import HealthCheck, settings
from werkzeug.serving import make_server

from scorekeeper.app import create_app
from scorekeeper.config import database_uri
from scorekeeper.extensions import db

from .catalogs import compile_catalogs
from .databases import MIGRATED_SQLITE, SQLITE_FILE, create_worker_database, empty_postgres
from .web.api_client import DocumentedClient

# Timing varies with the machine's load (CI has two cores): judge examples by
# their results, never by how long one took.
settings.register_profile("scorekeeper", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("scorekeeper")


def pytest_configure(config):
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker and os.environ.get("TEST_DATABASE_URL"):
        # Set in the environment, so that the servers the tests start as processes use the same database.
        os.environ["TEST_DATABASE_URL"] = create_worker_database(os.environ["TEST_DATABASE_URL"], worker)


def pytest_sessionstart(session):
    compile_catalogs()  # the .mo files are not in git


def pytest_sessionfinish(session):
    MIGRATED_SQLITE.remove()


def make_app(tmp_path, revision="head", **config):
    """An app on the test database, migrated to `revision`."""
    url = os.environ.get("TEST_DATABASE_URL")
    sqlite_file = tmp_path / SQLITE_FILE
    copied = not url and revision == "head" and not sqlite_file.exists()  # an existing file is upgraded, kept
    if copied:
        MIGRATED_SQLITE.copy_to(sqlite_file)
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "LIMITS_ENABLED": False,  # test_limits.py turns them on
            "SQLALCHEMY_DATABASE_URI": database_uri(url) if url else f"sqlite:///{sqlite_file}",
            **config,
        }
    )
    app.test_client_class = DocumentedClient  # every API response is checked against the API's document
    with app.app_context():
        if url:
            empty_postgres(revision)
        elif not copied:
            upgrade(revision=revision)
        db.engine.dispose()
    return app


def dispose(app) -> None:
    """Close the app's pooled connections (PostgreSQL would otherwise keep them open)."""
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    yield app
    dispose(app)


@pytest.fixture
def client(app):
    return app.test_client()


@contextmanager
def serving(wsgi_app) -> Iterator[str]:
    """`wsgi_app` served on a free port of 127.0.0.1 by a thread of this process, while the block runs; yields its
    base URL."""
    server = make_server("127.0.0.1", 0, wsgi_app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()


@pytest.fixture
def live_app(tmp_path):
    """The app on 127.0.0.1 with a fresh database: its test client and its base URL."""
    app = make_app(tmp_path, TESTING=False)
    with serving(app) as url:
        yield app, url
    dispose(app)
