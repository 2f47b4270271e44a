"""How each database is set up so that concurrent writes wait their turn instead of failing.

A write waits at most `LOCK_TIMEOUT_MS` (config, default 10 s) for another
one to finish; past that the player gets a 409 (store/writes.py), never a 500.

SQLite: write-ahead logging (readers never wait for a writer), that wait as
its busy timeout, commits that wait for the disk (`SQLITE_SYNCHRONOUS`,
config, default FULL: a saved hand survives a power cut; NORMAL skips that
wait, which is most of a save's cost, and in WAL mode still never corrupts
the database, but a power cut may lose the last changes), and write
requests that take the write lock when their transaction begins (BEGIN
IMMEDIATE). A deferred transaction that read first and writes later cannot
wait for another writer in WAL mode: SQLite refuses it at once ("database is
locked"), whatever the timeout. Starting writes IMMEDIATE makes every writer
queue, then read and change the latest state. A writer queues in steps of a
few milliseconds (`_begin_immediate`), not in SQLite's own, which grow to
100 ms: a save that found the lock taken slept on long after it was free.

PostgreSQL: that wait as its lock timeout. A write locks its game row
(SELECT ... FOR UPDATE, writes.locked_game); constraints do the rest. A
pooled connection is checked before each use without asking the server
(`_usable`): a server that restarted, or ended the connection, has said so
on its socket, which a connection resting in the pool never has otherwise.
One that rested longer than `ASK_AFTER_IDLE_SECONDS` (a network may drop
it silently) is asked (SELECT 1). SQLAlchemy's `pool_pre_ping` would ask
every time: one more round trip on every request.
"""

from __future__ import annotations

import select
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

from flask import Flask, current_app, has_request_context, request
from sqlalchemy import Connection, Engine, event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DisconnectionError

from .extensions import db

DEFAULT_LOCK_TIMEOUT_MS = 10_000
SQLITE_SYNCHRONOUS = frozenset({"OFF", "NORMAL", "FULL", "EXTRA"})
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
TIMEOUT_CHANGED = "busy_timeout_changed"  # in a pooled connection's info: `waiting_briefly` changed SQLite's
ONE_READ = "one_read"  # an execution option: the connection runs reads only, each one a whole answer
_READ_ALONE = {ONE_READ: True}
_READ_ALONE_POSTGRESQL = {**_READ_ALONE, "isolation_level": "AUTOCOMMIT"}
RETURNED_AT = "returned_at"  # in a pooled connection's info: when it last went back to the pool (monotonic)
ASK_AFTER_IDLE_SECONDS = 30.0
FIRST_PAUSE_SECONDS, LONGEST_PAUSE_SECONDS = 0.0005, 0.004  # a writer's pauses while another holds SQLite's lock
# How long a reader waits to keep what it rendered while a writer holds SQLite's lock. A save holds it for a few
# ms, while a skipped render is drawn again by the next reader (10-20 ms of processor time): on a busy evening,
# skipping at once (0) left nearly half the boards drawn unkept, each drawn again by the table's next phone.
STORE_WAIT_MS = 25


S = TypeVar("S")


class OnConflict(Generic[S]):
    """A statement with INSERT ... ON CONFLICT, which PostgreSQL and SQLite say alike but SQLAlchemy builds with
    each dialect's own `insert`: `build(insert)` once for each, and the one for the database at hand."""

    def __init__(self, build: Callable[[Callable[..., Any]], S]) -> None:
        self._built = {dialect.dialect.name: build(dialect.insert) for dialect in (postgresql, sqlite)}

    def on(self, bind: Connection | Engine) -> S:
        return self._built[bind.dialect.name]

    def in_session(self) -> S:
        return self.on(db.session.get_bind())


def lock_timeout(app: Flask) -> int:
    return int(app.config.get("LOCK_TIMEOUT_MS", DEFAULT_LOCK_TIMEOUT_MS))


def init_app(app: Flask) -> None:
    timeout = lock_timeout(app)
    with app.app_context():
        engine = db.engine
    if engine.dialect.name == "sqlite":
        synchronous = str(app.config.get("SQLITE_SYNCHRONOUS", "FULL")).upper()
        if synchronous not in SQLITE_SYNCHRONOUS:
            raise ValueError(f"SQLITE_SYNCHRONOUS is one of {', '.join(sorted(SQLITE_SYNCHRONOUS))}")
        _set_up_sqlite(engine, timeout, synchronous)
    elif engine.dialect.name == "postgresql":
        _set_up_postgresql(engine, timeout)


def _set_up_sqlite(engine: Engine, timeout: int, synchronous: str) -> None:
    @event.listens_for(engine, "connect")
    def connect(dbapi_connection: Any, _record: Any) -> None:
        # The driver would BEGIN (deferred) by itself; `begin` below says how instead.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute(f"PRAGMA busy_timeout={timeout:d}")
        cursor.close()

    @event.listens_for(engine, "checkin")
    def checkin(dbapi_connection: Any, record: Any) -> None:
        if record.info.pop(TIMEOUT_CHANGED, False) and dbapi_connection is not None:
            dbapi_connection.execute(f"PRAGMA busy_timeout={timeout:d}")  # `waiting_briefly` gave it back early

    @event.listens_for(engine, "begin")
    def begin(connection: Any) -> None:
        if connection.get_execution_options().get(ONE_READ):
            return  # one SELECT on its own reads a consistent state without a transaction
        if _in_write_request():
            _begin_immediate(connection, timeout)
        else:
            connection.exec_driver_sql("BEGIN")


def _begin_immediate(connection: Any, timeout: int) -> None:
    """Take SQLite's write lock, asking again every few milliseconds while another writer holds it, for up to
    `timeout` ms; then SQLite's own refusal (OperationalError: a 409, store/writes.py)."""
    raw = connection.connection.dbapi_connection
    raw.execute("PRAGMA busy_timeout=0")
    try:
        deadline = time.monotonic() + timeout / 1000
        pause = FIRST_PAUSE_SECONDS
        while time.monotonic() < deadline:
            try:
                raw.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as error:
                if error.sqlite_errorcode != sqlite3.SQLITE_BUSY:
                    break
            time.sleep(pause)
            pause = min(2 * pause, LONGEST_PAUSE_SECONDS)
        connection.exec_driver_sql("BEGIN IMMEDIATE")  # once more, through SQLAlchemy, whose error the app expects
    finally:
        raw.execute(f"PRAGMA busy_timeout={timeout:d}")


def _set_up_postgresql(engine: Engine, timeout: int) -> None:
    @event.listens_for(engine, "connect")
    def connect(dbapi_connection: Any, _record: Any) -> None:
        autocommit = dbapi_connection.autocommit
        dbapi_connection.autocommit = True
        with dbapi_connection.cursor() as cursor:
            cursor.execute(f"SET SESSION lock_timeout = {timeout:d}")
        dbapi_connection.autocommit = autocommit

    @event.listens_for(engine, "checkin")
    def checkin(_dbapi_connection: Any, record: Any) -> None:
        record.info[RETURNED_AT] = time.monotonic()

    driver_error = engine.dialect.loaded_dbapi.Error

    @event.listens_for(engine, "checkout")
    def checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        now = time.monotonic()
        if not _usable(dbapi_connection, now - record.info.get(RETURNED_AT, now), driver_error):
            raise DisconnectionError("the database server ended this pooled connection")  # the pool opens another


def _usable(connection: Any, idle: float, driver_error: type[Exception]) -> bool:
    """Whether a connection taken from the pool can serve: the server has written nothing to it since it was put
    back (an idle connection is written to only to end it: a restart, a terminated backend), and one idle past
    ASK_AFTER_IDLE_SECONDS still answers."""
    try:
        waiting = select.poll()  # not select.select: a busy worker's descriptors go past its limit of 1024
        waiting.register(connection.fileno(), select.POLLIN)
        if waiting.poll(0):
            return False
        if idle >= ASK_AFTER_IDLE_SECONDS:
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
            connection.rollback()
    except (OSError, ValueError, driver_error):
        return False
    return True


def read_connection() -> Any:
    """A connection of its own for a hot read of columns (no ORM session): each statement stands alone. On
    PostgreSQL in autocommit: the driver would send BEGIN before it and ROLLBACK after it, three round trips for
    one query."""
    engine = db.engine
    options = _READ_ALONE_POSTGRESQL if engine.dialect.name == "postgresql" else _READ_ALONE
    return engine.connect().execution_options(**options)


def _in_write_request() -> bool:
    return has_request_context() and request.method in WRITE_METHODS


@contextmanager
def waiting_briefly() -> Iterator[None]:
    """Within this block the session's writes wait at most STORE_WAIT_MS, not LOCK_TIMEOUT_MS, while another
    transaction holds SQLite's write lock, then give up (OperationalError): for writes a reader may skip, keeping
    what it rendered (store/cache/renders.py, hand_pieces.py). On PostgreSQL writers lock rows, not the database,
    so nothing changes.

    The connection waits again once the block ends, or as soon as it goes back to the pool (a commit in the block
    gives it back, and another request may take it next)."""
    connection = db.session.connection()
    if connection.dialect.name != "sqlite":
        yield
        return
    pooled = connection.connection
    raw = pooled.dbapi_connection
    assert raw is not None
    pooled.info[TIMEOUT_CHANGED] = True
    raw.execute(f"PRAGMA busy_timeout={STORE_WAIT_MS:d}")
    try:
        yield
    finally:
        if not connection.closed:  # still this request's; given back, the pool has set it back (`checkin`)
            pooled.info.pop(TIMEOUT_CHANGED, None)
            raw.execute(f"PRAGMA busy_timeout={lock_timeout(current_app):d}")
