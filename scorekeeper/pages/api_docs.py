"""The API's reference page at /api/docs: the OpenAPI document (`api/openapi.py`) drawn by our own template,
so it needs no script, follows the Content-Security-Policy and is always the document the API serves."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Blueprint, render_template
from flask.typing import ResponseReturnValue
from markupsafe import Markup, escape

from ..api.openapi import document

bp = Blueprint("api_docs", __name__)


@bp.get("/api/docs")
def show() -> ResponseReturnValue:
    return render_template("api_docs.html", api=document(), pretty=pretty, prose=prose, ref_name=ref_name)


CODE_SPAN = re.compile(r"`([^`]+)`")


def prose(text: str) -> Markup:
    """A description of the document as HTML: escaped whole, then each `code` span (between backticks) set as
    <code>; a lone backtick stays as it is."""
    return Markup(CODE_SPAN.sub(r"<code>\1</code>", str(escape(text))))  # noqa: S704  # escaped just before


def pretty(value: Any) -> str:
    """JSON laid out to be read (the template escapes it)."""
    return json.dumps(value, indent=2, ensure_ascii=False)


def ref_name(schema: Any) -> str | None:
    """The name of a schema given as a reference to the document's schemas, or None."""
    target = schema.get("$ref", "") if isinstance(schema, dict) else ""
    return target.rpartition("/")[2] if target.startswith("#/components/") else None
