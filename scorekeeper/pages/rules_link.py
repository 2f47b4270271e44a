"""House rules by link: the page that shares a game's rules with a QR code (the reading and writing of the link
itself: pages/house_rules.py)."""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.datastructures import MultiDict

from ..games import GAMES
from ..games.base import GameKind
from ..models import Game
from ..web.links import absolute_url, qr_svg
from .house_rules import FORM_MARK, NO, YES, explained, query_of, read_link, settings_of

bp = Blueprint("rules_link", __name__)


@bp.app_template_global()
def rules_query(game: Game) -> str:
    """The query of the link to a stored game's rules."""
    return query_of(settings_of(GAMES.of(game), game.settings))

def _kind(name: str) -> GameKind:
    return GAMES.find(name) or abort(404)


@bp.get("/new/<kind>/rules")
def share_rules(kind: str) -> ResponseReturnValue:
    """The page that shares a game's rules: its link, the link's QR code and what each rule means. Reached from a
    game page (its stored settings in the query) or from the new-game form's "Share these rules" button, which
    sends the whole form here by GET; its settings are kept and the address answered is the link's own."""
    game_kind = _kind(kind)
    if FORM_MARK in request.args:  # the form's settings as a link gives them: names and token leave the address
        query = urlencode(list(_form_settings(game_kind).items(multi=True)))
        return redirect(url_for("rules_link.share_rules", kind=kind) + f"?{query}", 303)
    settings, problems = read_link(game_kind, request.args)
    query = query_of(settings)
    return render_template("rules_link.html", kind=game_kind, link=_link(kind, query), query=query,
                           problems=problems, explained=explained(game_kind, settings))


def _form_settings(kind: GameKind) -> MultiDict[str, str]:
    """The settings of a new-game form sent by GET, as a link gives them: "Other" as its number, a box as true or
    false (an unticked one is not sent), what the game keeps of them (Piquet: its target only for Saunt); in the
    form's order."""
    args = MultiDict((name, value) for name, value in request.args.items(multi=True) if name in kind.house_settings)
    if args.get("target") == "other":
        args.setlist("target", request.args.getlist("target_other"))
    for name in kind.ticked_settings:
        args[name] = YES if name in request.args else NO
    args = kind.linked_settings(args)
    return MultiDict([(name, value) for name in kind.house_settings for value in args.getlist(name)])


def _link(kind: str, query: str) -> str:
    return absolute_url("views.new_game", kind=kind) + (f"?{query}" if query else "")


@bp.get("/new/<kind>/rules.svg")
def rules_qr_code(kind: str) -> ResponseReturnValue:
    """The QR code of a rules link (the query as the share page built it)."""
    settings, _problems = read_link(_kind(kind), request.args)
    response = Response(qr_svg(_link(kind, query_of(settings))), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response
