"""Players across games: name suggestions, the players index and each player's stats."""

from __future__ import annotations

from flask import Blueprint, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ..games import GAMES, stats
from ..store import player_records, records
from .forms import FindPlayerForm
from .game_page import suggested_names

bp = Blueprint("players", __name__, url_prefix="/players")

LISTED_PLAYERS = 100


@bp.app_template_global()
def player_url(name: str) -> str:
    """A player's stats page; a name a path cannot hold (with "/", or only dots) goes in the query."""
    if "/" in name or not name.strip("."):
        return url_for("players.index", name=name)
    return url_for("players.show", name=name)


@bp.get("")
def index() -> ResponseReturnValue:
    """Who plays most, and a search by name (which shows the stats in place)."""
    form = FindPlayerForm(formdata=request.args)
    if form.wanted:
        page = stats_page(form.wanted)
        if page is not None:
            return page
        form.name.errors = [unknown(form.wanted)]
    return render_template(
        "players/index.html",
        form=form,
        players=records.frequent_players(LISTED_PLAYERS),
        player_names=suggested_names(),
    ), 422 if form.name.errors else 200


@bp.get("/<name>")
def show(name: str) -> ResponseReturnValue:
    page = stats_page(name)
    if page is None:
        return render_template("error.html", code=404, message=unknown(name.strip())), 404
    return page


def unknown(name: str) -> str:
    return _("Nobody called “%(name)s” has played here yet.", name=name)


def stats_page(name: str) -> ResponseReturnValue | None:
    """The stats of the player called `name` (in any case), or None if nobody of that name has played.

    The player's record over all their games is kept, one row a kind of game, and changed with every change
    to one of their games (store/player_records.py): the page reads those rows and no game.
    """
    kept = player_records.of_player(name)
    if not kept:
        return None
    by_kind = {row.kind: row for row in kept}
    records_by_game = [(kind, stats.from_summary(kind.stats([]), by_kind[kind.name].record))
                       for kind in GAMES.values() if kind.name in by_kind]
    latest = max(kept, key=lambda row: row.latest_game)
    return render_template("players/show.html", name=latest.name, records=records_by_game)
