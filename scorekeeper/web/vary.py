"""Adding a header name to a response's Vary, as `response.vary.add` does, in one string operation.

Every response passes several hooks that add to Vary; werkzeug's
`response.vary` parses the header into a set and writes it back each time.
"""

from __future__ import annotations

from flask import Response


def vary_on(response: Response, name: str) -> None:
    current = response.headers.get("Vary")
    if not current:
        response.headers["Vary"] = name
    elif name.lower() not in (value.strip().lower() for value in current.split(",")):
        response.headers["Vary"] = f"{current}, {name}"
