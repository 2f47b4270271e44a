"""Sharing a game at the table: the QR codes of its read-only link and of its edit link."""

from __future__ import annotations

from flask import Blueprint, Response, abort
from flask.typing import ResponseReturnValue

from ..store.records import game_or_404
from ..web import access
from ..web.links import absolute_url, links_follow_the_browser, qr_svg, server_address

bp = Blueprint("share", __name__)
bp.add_app_template_global(absolute_url)
bp.add_app_template_global(links_follow_the_browser)
bp.add_app_template_global(server_address)


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
