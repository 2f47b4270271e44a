"""Headers for the open internet on every response, and logs without edit tokens.

The Content-Security-Policy lets pages run only the app's own files and the
one pinned htmx file from its CDN (its `<script>` tag carries the SRI hash),
never an inline script, style or handler. Edit links carry their token in
the path, so pages send no referrer, cannot be framed, and every log line
shows such a link with its token blanked (gunicorn.conf.py does the same
for the access log).
"""

from __future__ import annotations

import logging
import re
from urllib.parse import unquote

from flask import Flask, Response, current_app, request
from flask_babel import gettext as _
from werkzeug.exceptions import SecurityError

HSTS = "max-age=31536000"


def content_security_policy(htmx_url: str) -> str:
    """The policy for pages that load `htmx_url`, the pinned htmx file."""
    directives = {
        "default-src": "'none'",
        "script-src": f"'self' {htmx_url}",
        "style-src": "'self'",
        "img-src": "'self'",
        "manifest-src": "'self'",  # the installable app's manifest
        "connect-src": "'self'",
        "form-action": "'self'",
        "base-uri": "'none'",
        "frame-ancestors": "'none'",
    }
    return "; ".join(f"{name} {sources}" for name, sources in directives.items())


def htmx_url(config: dict) -> str:
    """Where base.html loads htmx from: one file of one pinned version."""
    return f"https://cdn.jsdelivr.net/npm/htmx.org@{config['HTMX_VERSION']}/dist/htmx.min.js"


def default_headers(policy: str) -> tuple[tuple[str, str], ...]:
    """The headers every response carries unless its view set them."""
    return (
        ("Content-Security-Policy", policy),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),  # frame-ancestors, for browsers that predate it
        ("Referrer-Policy", "no-referrer"),
        # Pages carry this browser's CSRF token and links built for its request: no shared cache may keep them.
        ("Cache-Control", "private, no-cache"),
    )


def _add_headers(response: Response) -> Response:
    # One pass over the headers the response has: werkzeug's `setdefault` raises and catches an exception for
    # each header it does not find (18 µs a response, against 8; a kept page takes about 470 in all).
    headers = response.headers
    present = {name.lower() for name in headers.keys()}  # not `in headers`: that iterates over pairs
    headers.extend([(name, value) for name, value in current_app.extensions["default_headers"]
                    if name.lower() not in present])
    if request.is_secure and "strict-transport-security" not in present:  # browsers heed it only over HTTPS
        headers["Strict-Transport-Security"] = HSTS
    return response


# The two places a link carries a secret: an edit link's path (/g/<id>/join/<token>) and a query parameter
# named for a token (the organiser's /events/<id>/organise?token=..., and any `...token=` added later).
SECRET_IN_LINK = re.compile(r"(/join/|[?&;][\w.-]*token=)[^/?&;#\s\"]+", re.IGNORECASE)


def redact(text: str) -> str:
    """`text` with the token of every edit or organiser link blanked, however the link was percent-encoded.

    >>> redact('"GET /g/Ab3/join/s3cr3t HTTP/1.1" 303')
    '"GET /g/Ab3/join/[token] HTTP/1.1" 303'
    >>> redact("GET /g/Ab3%2F%6Aoin%2Fs3cr3t HTTP/1.1")
    'GET /g/Ab3/join/[token] HTTP/1.1'
    >>> redact("GET /events/Ev1/organise?lang=fr&token=s3cr3t HTTP/1.1")
    'GET /events/Ev1/organise?lang=fr&token=[token] HTTP/1.1'
    >>> redact("GET /events/Ev1/organise?%74oken=s3cr3t HTTP/1.1")
    'GET /events/Ev1/organise?token=[token] HTTP/1.1'
    """
    decoded = unquote(text)
    if not SECRET_IN_LINK.search(decoded):
        return text
    return SECRET_IN_LINK.sub(r"\1[token]", decoded)


class RedactTokens(logging.Filter):
    """Blanks edit and organiser tokens in the messages of the logger or handler it is added to."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = redact(message)
        if redacted != message:
            record.msg, record.args = redacted, None
        return True


def untrusted_host(error: SecurityError) -> Response:
    """A request for a host name not in TRUSTED_HOSTS: a plain 400 (no page, whose links would need the host)."""
    message = _("This server does not answer to that host name.")
    if request.path.startswith("/api/"):
        body = current_app.json.dumps({"errors": [{"field": "request", "message": message}]})
        return Response(body + "\n", status=400, mimetype="application/json")
    return Response(message + "\n", status=400, mimetype="text/plain")


def init_app(app: Flask) -> None:
    app.jinja_env.globals["htmx_url"] = htmx_url(app.config)
    app.extensions["default_headers"] = default_headers(content_security_policy(htmx_url(app.config)))
    app.after_request(_add_headers)
    app.register_error_handler(SecurityError, untrusted_host)
    app.logger.addFilter(RedactTokens())  # "Exception on /g/<id>/join/<token> [GET]"
