"""How each database is set up so that concurrent writes wait their turn instead of failing.

SQLite: write-ahead logging (readers never wait for a writer), an explicit
busy timeout, and write requests that take the write lock when their
transaction begins (BEGIN IMMEDIATE). A deferred transaction that read first
and writes later cannot wait for another writer in WAL mode: SQLite refuses
it at once ("database is locked"), whatever the timeout. Starting writes
IMMEDIATE makes every writer queue on the busy timeout, then read and change
the latest state.

PostgreSQL needs nothing here: a write locks its game row (SELECT ... FOR
UPDATE, see records.locked_game) and constraints do the rest.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, has_request_context, request
from sqlalchemy import Engine, event

from .extensions import db

SQLITE_BUSY_TIMEOUT_MS = 10_000
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def init_app(app: Flask) -> None:
    with app.app_context():
        engine = db.engine
    if engine.dialect.name == "sqlite":
        _set_up_sqlite(engine)


def _set_up_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def connect(dbapi_connection: Any, _record: Any) -> None:
        # The driver's own transaction handling would BEGIN (deferred) by itself; `begin` below does it.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE" if _in_write_request() else "BEGIN")


def _in_write_request() -> bool:
    return has_request_context() and request.method in WRITE_METHODS
