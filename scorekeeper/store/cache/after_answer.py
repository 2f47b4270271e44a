"""What a GET made for the next readers, kept once its answer is ready: the hands' pieces (hand_pieces.py) and the
renders (renders.py) in one transaction.

A board drawn after a save makes both. One transaction takes SQLite's write
lock and commits once for them, where two took it and committed twice.
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
            for write in current_app.extensions[WRITERS]:
                write()
        db.session.commit()
    except (OperationalError, IntegrityError):  # busy, or the game was deleted meanwhile: made again if needed
        db.session.rollback()
    return response


def init_app(app: Flask, writers: Sequence[Callable[[], None]]) -> None:
    """`writers` each write what the request made of their kind (nothing if it made none), in this order: always
    the same, so that on PostgreSQL two reads keeping at once never wait for each other's rows in a circle."""
    app.extensions[WRITERS] = tuple(writers)
