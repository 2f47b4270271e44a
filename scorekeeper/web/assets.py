"""Static files under fingerprinted addresses: `/static/style.css?v=<content hash>`, scripts and styles minified.

`url_for("static", ...)` adds the hash of the file's content, so a browser
may keep a file for a year: a changed file gets a new address. A request
without the current hash is answered as before, revalidated on each use.

Scripts and style sheets are sent without their comments and spare
whitespace (rjsmin, rcssmin), minified once per version of the file: the
files in `static/` stay commented for their readers, and a first view
carries a third fewer bytes.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

import rcssmin
import rjsmin
from flask import Flask, Response, current_app, request

YEAR = 365 * 24 * 3600


@lru_cache(maxsize=64)
def _fingerprint(path: Path, mtime_ns: int) -> str:
    """The first 12 hex digits of the file's SHA-256 (keyed on the modification time, so an edit is seen)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


@lru_cache(maxsize=16)
def _minified(path: Path, mtime_ns: int) -> bytes | None:
    """The script or style sheet without comments and spare whitespace (None for any other file)."""
    minify = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}.get(path.suffix)
    return minify(path.read_text(encoding="utf-8")).encode() if minify else None


def fingerprint(filename: str) -> str | None:
    path = Path(current_app.static_folder or "") / filename
    try:
        return _fingerprint(path, path.stat().st_mtime_ns)
    except OSError:
        return None


def _add_fingerprint(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and "v" not in values:
        version = fingerprint(values.get("filename", ""))
        if version:
            values["v"] = version


def _cache_fingerprinted(response: Response) -> Response:
    """A year, never revalidated, for a file asked for under its current fingerprint.

    The file is read into the response (they are small) so that compression
    works on the whole body and the file is closed at once.
    """
    if request.endpoint == "static" and response.status_code == 200:
        _read_into(response)
        _minify(response)
        version = request.args.get("v")
        if version and version == fingerprint((request.view_args or {}).get("filename", "")):
            response.cache_control.no_cache = None
            response.cache_control.public = True
            response.cache_control.max_age = YEAR
            response.cache_control.immutable = True
    return response


def _read_into(response: Response) -> None:
    """Replace the response's open file with its bytes, and close the file."""
    opened = response.response
    response.direct_passthrough = False
    try:
        response.set_data(b"".join(part if isinstance(part, bytes) else part.encode() for part in opened))
    finally:
        if hasattr(opened, "close"):
            opened.close()


def _minify(response: Response) -> None:
    path = Path(current_app.static_folder or "") / (request.view_args or {}).get("filename", "")
    try:
        minified = _minified(path, path.stat().st_mtime_ns)
    except OSError:
        return
    if minified is not None:
        response.set_data(minified)


def init_app(app: Flask) -> None:
    app.url_defaults(_add_fingerprint)
    app.after_request(_cache_fingerprinted)
