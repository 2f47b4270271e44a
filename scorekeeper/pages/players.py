"""Players across games: name suggestions, the players index and each player's stats."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ..extensions import db
from ..games import GAMES, stats
from ..models import Game
from ..store import records, renders
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

    Each game's record of each of its players is counted once per version of the game and kept with it
    in the cache of renders: the page adds them up, replaying only the games changed since. No game is
    loaded but those.
    """
    games = records.games_of_player(name)
    if not games:
        return None
    kept = renders.cached_for_each("stats", games, game_summary)
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for game in games:
        by_kind.setdefault(game.kind, []).append(json.loads(kept[game.public_id])[game.name])
    records_by_game = [(kind, stats.from_summary(kind.stats([]), stats.add_summaries(by_kind[kind.name])))
                       for kind in GAMES.values() if kind.name in by_kind]
    return render_template("players/show.html", name=games[-1].name, records=records_by_game)


def game_summary(seated: records.Seated) -> str:
    """The record of each player of the game in this game alone, as JSON, by the player's name in it."""
    game = db.session.get_one(Game, seated.game_id)
    kind, engine = GAMES.of(game), records.replay(game)
    return json.dumps({name: stats.summary(kind.stats([(engine, name)])) for name in game.player_names})
