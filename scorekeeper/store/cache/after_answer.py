"""What a GET made for the next readers, kept once its answer is ready: the hands' pieces (hand_pieces.py) and the
renders (renders.py) in one transaction.

A board drawn after a save makes both. One transaction takes SQLite's write
lock and commits once for them, where two took it and committed twice, and
the cache's size moves once for both (`renders.settle_size`), at the end.
Keeping is best effort: while another request holds SQLite's write lock it
waits up to `database.STORE_WAIT_MS`, then is skipped, and the next reader
makes them again. A read that made nothing to keep (a kept whole answer)
runs none of this.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from flask import Flask, Response, after_this_request, current_app, g
from sqlalchemy.exc import IntegrityError, OperationalError

from ...database import waiting_briefly
from ...extensions import db

KEEPS = "keeps"  # in `g`: this request keeps what it made (`_store_new` will run)
WRITERS = "keeping_writers"  # in the app's extensions
SETTLE = "keeping_settle"  # in the app's extensions: moves the cache's size by the bytes the writers moved


def later() -> None:
    """Keep what this GET made once its answer is ready (`_store_new`, once however many things it made)."""
    if KEEPS not in g:
        setattr(g, KEEPS, True)
        after_this_request(_store_new)


def _store_new(response: Response) -> Response:
    """Run every writer in one transaction, after the read's own has ended."""
    try:
        db.session.commit()  # ends the read
        with waiting_briefly():  # while a writer holds SQLite's lock, this waits briefly, then is skipped
            moved = sum(write() for write in current_app.extensions[WRITERS])
            current_app.extensions[SETTLE](moved)
        db.session.commit()
    except (OperationalError, IntegrityError):  # busy, or the game was deleted meanwhile: made again if needed
        db.session.rollback()
    return response


def init_app(app: Flask, writers: Sequence[Callable[[], int]], settle: Callable[[int], None]) -> None:
    """`writers` each write what the request made of their kind (nothing if it made none) and return the bytes
    they moved, in this order: always the same, so that on PostgreSQL two reads keeping at once never wait for each
    other's rows in a circle; `settle` then moves the cache's size by their sum, last (its one row is what every
    keeping read waits on: held the shortest)."""
    app.extensions[WRITERS] = tuple(writers)
    app.extensions[SETTLE] = settle
