"""What an htmx request asks for."""

from __future__ import annotations

from flask import request


def is_fragment_request() -> bool:
    """An htmx request that wants a fragment (boosted requests, which open a page, get the full page)."""
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"
