"""The API's reference page at /api/docs: the OpenAPI document (`api/openapi.py`) drawn by our own template,
so it needs no script, follows the Content-Security-Policy and is always the document the API serves."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, render_template
from flask.typing import ResponseReturnValue

from ..api.openapi import document

bp = Blueprint("api_docs", __name__)


@bp.get("/api/docs")
def show() -> ResponseReturnValue:
    return render_template("api_docs.html", api=document(), pretty=pretty, ref_name=ref_name)


def pretty(value: Any) -> str:
    """JSON laid out to be read (the template escapes it)."""
    return json.dumps(value, indent=2, ensure_ascii=False)


def ref_name(schema: Any) -> str | None:
    """The name of a schema given as a reference to the document's schemas, or None."""
    target = schema.get("$ref", "") if isinstance(schema, dict) else ""
    return target.rpartition("/")[2] if target.startswith("#/components/") else None
