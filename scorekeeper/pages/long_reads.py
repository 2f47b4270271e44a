"""Long reads made afresh (a long game's summary or export not kept yet): at most `LONG_READS_AT_ONCE` at once in
a process, so that a flood of them leaves the process's other threads the interpreter for everyone else.

A kept answer (store/whole_renders.py) is read without a slot: only making one takes a slot. A request that finds
no slot free within `WAIT_SECONDS` is answered 503 with `Retry-After`, not queued: waiting requests would hold the
worker's threads that the other readers need. The bound is per process and holds no state across requests (a
semaphore released when the request's read ends), see docs/decisions/speed.md, "Long reads".
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask, abort, current_app, make_response, render_template
from flask_babel import gettext as _

WAIT_SECONDS = 1.0
RETRY_AFTER = 2  # seconds


@contextmanager
def bounded() -> Iterator[None]:
    """Hold one of the process's slots for a long read while the block runs; a 503 if none frees in time."""
    slots: threading.BoundedSemaphore = current_app.extensions["long_reads"]
    if not slots.acquire(timeout=WAIT_SECONDS):
        message = _("The server is busy with many long downloads at this moment. Try again in a few seconds.")
        response = make_response(render_template("error.html", code=503, message=message), 503)
        response.headers["Retry-After"] = str(RETRY_AFTER)
        abort(response)
    try:
        yield
    finally:
        slots.release()


def init_app(app: Flask) -> None:
    app.extensions["long_reads"] = threading.BoundedSemaphore(int(app.config["LONG_READS_AT_ONCE"]))
