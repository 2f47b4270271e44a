"""What a GET made for the next readers, kept once its answer is ready: the hands' pieces (pieces.py) and the
renders (renders.py) in one transaction.

A board drawn after a save makes both. One transaction takes SQLite's write
lock and commits once for them, where two took it and committed twice.
Keeping is best effort: while another request holds SQLite's write lock it
waits up to `database.STORE_WAIT_MS`, then is skipped, and the next reader
makes them again.
"""

from __future__ import annotations

from flask import Flask, Response
from sqlalchemy.exc import IntegrityError, OperationalError

from ..database import waiting_briefly
from ..extensions import db
from . import pieces, renders


def store_new(response: Response) -> Response:
    if not pieces.has_new() and not renders.has_new():
        return response
    try:
        db.session.commit()  # ends the read
        with waiting_briefly():  # while a writer holds SQLite's lock, this waits briefly, then is skipped
            pieces.write_new()
            renders.write_new()
        db.session.commit()
    except (OperationalError, IntegrityError):  # busy, or the game was deleted meanwhile: made again if needed
        db.session.rollback()
    return response


def init_app(app: Flask) -> None:
    app.after_request(store_new)
