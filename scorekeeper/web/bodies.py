"""Request bodies held to MAX_CONTENT_LENGTH however they are sent.

A body with a Content-Length over the limit is refused before it is read
(Werkzeug). A body sent in chunks has no length: Werkzeug reads it up to the
limit and stops there, handing on a cut body (a 400 "not valid JSON", or a
form without its fields). Here such a body is read to the limit and one byte
more, and that byte makes it the same 413 as a body whose length says so.

A body that stops coming (the client went away, a chunked body cut short,
or the server's body-read timeout for a stalled client: gunicorn raises
these as OSError) is a 400 "cut short", not an error of the app's.
"""

from __future__ import annotations

import contextlib
import io
import socket
from typing import IO, Any

from flask import Flask
from flask import Request as FlaskRequest
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge
from werkzeug.utils import cached_property
from werkzeug.wsgi import get_content_length


class Request(FlaskRequest):
    @cached_property
    def stream(self) -> IO[bytes]:
        limit = self.max_content_length
        environ = self.environ
        if not isinstance(environ.get("wsgi.input"), CutShortIsBadRequest) and "wsgi.input" in environ:
            environ["wsgi.input"] = CutShortIsBadRequest(environ["wsgi.input"], environ.get("gunicorn.socket"))
        if self.shallow or limit is None or get_content_length(environ) is not None \
                or "wsgi.input_terminated" not in environ:
            return super().stream
        return io.BytesIO(read_at_most(environ["wsgi.input"], limit))


class CutShortIsBadRequest:
    """The server's input stream, whose read errors are the client's 400."""

    def __init__(self, stream: IO[bytes], connection: socket.socket | None):
        self._stream = stream
        self._connection = connection

    def read(self, size: int = -1) -> bytes:
        try:
            return self._stream.read(size)
        except OSError as error:
            raise self._cut_short() from error

    def readline(self, size: int = -1) -> bytes:
        try:
            return self._stream.readline(size)
        except OSError as error:
            raise self._cut_short() from error

    def _cut_short(self) -> BadRequest:
        # Nothing more is read from a client that stopped sending: gunicorn would otherwise wait for the rest of
        # the body again before closing, keeping the thread from the next request as long again.
        if self._connection is not None:
            with contextlib.suppress(OSError):
                self._connection.shutdown(socket.SHUT_RD)
        return BadRequest()


def read_at_most(stream: IO[bytes], limit: int) -> bytes:
    """The whole of `stream` (which the server ends), or a 413 once it has more than `limit` bytes.

    >>> read_at_most(io.BytesIO(b"12345"), 5)
    b'12345'
    >>> read_at_most(io.BytesIO(b"123456"), 5)
    Traceback (most recent call last):
    werkzeug.exceptions.RequestEntityTooLarge: 413 Request Entity Too Large: ...
    """
    body = bytearray()
    while len(body) <= limit:
        chunk = stream.read(limit + 1 - len(body))
        if not chunk:
            return bytes(body)
        body += chunk
    raise RequestEntityTooLarge()


# Python refuses to read an integer of more than 4300 digits (the whole body would be a 400 "not valid JSON"),
# and Babel cannot write one of more than 28: no score or hand number comes near, so a longer one is read as
# the float it overflows to, which every field refuses as not a whole number (a 422 beside that field).
LONGEST_WHOLE_NUMBER = 20


def whole_number(text: str) -> int | float:
    """A JSON integer as Python's `int`, unless it is too long for any field.

    >>> whole_number("-42"), whole_number("9" * 4300)
    (-42, inf)
    """
    return int(text) if len(text.lstrip("-")) <= LONGEST_WHOLE_NUMBER else float(text)


class JSONProvider(DefaultJSONProvider):
    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        kwargs.setdefault("parse_int", whole_number)
        return super().loads(s, **kwargs)


def init_app(app: Flask) -> None:
    app.request_class = Request
    app.json = JSONProvider(app)
