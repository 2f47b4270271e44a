"""Request bodies held to MAX_CONTENT_LENGTH however they are sent.

A body with a Content-Length over the limit is refused before it is read
(Werkzeug). A body sent in chunks has no length: Werkzeug reads it up to the
limit and stops there, handing on a cut body (a 400 "not valid JSON", or a
form without its fields). Here such a body is read to the limit and one byte
more, and that byte makes it the same 413 as a body whose length says so.
"""

from __future__ import annotations

import io
from typing import IO

from flask import Flask
from flask import Request as FlaskRequest
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.utils import cached_property
from werkzeug.wsgi import get_content_length


class Request(FlaskRequest):
    @cached_property
    def stream(self) -> IO[bytes]:
        limit = self.max_content_length
        environ = self.environ
        if self.shallow or limit is None or get_content_length(environ) is not None \
                or "wsgi.input_terminated" not in environ:
            return super().stream
        return io.BytesIO(read_at_most(environ["wsgi.input"], limit))


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


def init_app(app: Flask) -> None:
    app.request_class = Request
