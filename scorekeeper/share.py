"""Sharing a game at the table: its absolute links, and QR codes of its read-only link and of its edit link.

Absolute links start with PUBLIC_URL when it is configured. Otherwise they
follow the Host the request came with, which TRUSTED_HOSTS can restrict.
They are built for each request and never kept.
"""

from __future__ import annotations

import io
from typing import Any

import segno
from flask import Blueprint, Response, abort, current_app, request, url_for
from flask.typing import ResponseReturnValue

from . import access
from .records import game_or_404

bp = Blueprint("share", __name__)


@bp.app_template_global()
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


@bp.get("/g/<game_id>/qr/<any(view, edit):link>.svg")
def qr_code(game_id: str, link: str) -> ResponseReturnValue:
    """The read-only link's QR code for anyone; the edit link's only for a phone that can edit."""
    game = game_or_404(game_id)
    if link == "view":
        url = absolute_url("views.show_game", game_id=game.public_id)
    elif access.can_edit(game):
        url = absolute_url("views.join", game_id=game.public_id, token=access.token_for(game))
    else:
        abort(403)
    response = Response(qr_svg(url), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=86400"
    response.vary.add("Cookie")
    return response
