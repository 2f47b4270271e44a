"""A game's links as other phones and programs reach them, and their QR codes.

Absolute links start with PUBLIC_URL when it is configured. Otherwise they
follow the Host the request came with, which TRUSTED_HOSTS can restrict.
They are built for each request and never kept.
"""

from __future__ import annotations

import io
from typing import Any

import segno
from flask import current_app, request, url_for


def absolute_url(endpoint: str, **values: Any) -> str:
    """The address of `endpoint` for other phones and programs: under PUBLIC_URL when configured."""
    public_url = current_app.config.get("PUBLIC_URL")
    if not public_url:
        return url_for(endpoint, _external=True, **values)
    path = url_for(endpoint, **values).removeprefix(request.script_root)
    return public_url.rstrip("/") + path


def qr_svg(url: str) -> bytes:
    """The QR code of `url`, black on white with its quiet zone, scaled by whoever draws it."""
    buffer = io.BytesIO()
    segno.make(url, error="m", micro=False).save(
        buffer, kind="svg", border=4, dark="#000", light="#fff", xmldecl=False, omitsize=True
    )
    return buffer.getvalue()
