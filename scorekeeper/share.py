"""Sharing a game at the table: QR codes of its read-only link and of its edit link."""

from __future__ import annotations

import io

import segno
from flask import Blueprint, Response, abort, url_for
from flask.typing import ResponseReturnValue

from . import access
from .records import game_or_404

bp = Blueprint("share", __name__)


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
        url = url_for("views.show_game", game_id=game.public_id, _external=True)
    elif access.can_edit(game):
        url = url_for("views.join", game_id=game.public_id, token=access.token_for(game), _external=True)
    else:
        abort(403)
    response = Response(qr_svg(url), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=86400"
    response.vary.add("Cookie")
    return response
