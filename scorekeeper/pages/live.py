"""Live game pages: a hand recorded on one phone shows on every phone within seconds.

Every open game page asks `/g/<id>/live` every two seconds, sending the
ETag of what it shows (static/app.js puts it in If-None-Match). The ETag is
the game's `version`, and for a game in a session (Piquet parties) every game's,
plus whether this browser may edit, since editors see other controls, and
the language: the poll names the page's language (`?lang=`), so a page
never takes a board written in another. An
unchanged game answers 304 after one small query of columns: no game
loaded, no replay, no template, and the session cookie only read. A changed
one answers with the board, from which the page takes the scores, the
chart, the history and the session, never the entry form being filled in.
A viewer's board is the same for every viewer in that language, so it is
kept whole (store/cache/whole_answers.py): after a change the first viewer draws
it, the others read it with one query.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, make_response, render_template, request
from flask.typing import ResponseReturnValue
from sqlalchemy import Select, bindparam, func, select
from werkzeug.http import quote_etag

from ..database import read_connection
from ..games import GAMES
from ..games.base import Played
from ..models import PUBLIC_ID, Game, table
from ..store import records
from ..store.cache import whole_answers
from ..store.stale import stale_entry
from ..web import access
from ..web.i18n import language, select_locale
from ..web.vary import vary_on
from .game_page import entry_number, game_context

bp = Blueprint("live", __name__)


def _etag(version: int, session_games: int, session_versions: int, *, editable: bool, language_code: str) -> str:
    return f"{version}.{session_games}.{session_versions}.{'edit' if editable else 'view'}.{language_code}"


def board_etag(game: Game, editable: bool, played: Played) -> str:
    """The ETag of the board drawn from these loaded objects; `played` are the games of its session."""
    session = [other for other, _ in played] if game.session_id else []
    return _etag(game.version, len(session), sum(other.version for other in session), editable=editable,
                 language_code=language())


@bp.app_template_global()
def live_etag(game: Game, editable: bool, played: Played) -> str:
    """The board's ETag as a header value, kept by the page for its first poll."""
    return quote_etag(board_etag(game, editable, played), weak=True)


def _etag_query() -> Select:
    """The columns the ETag is made of, with the count and the sum of the versions of the session's games."""
    game = table(Game)
    other = game.alias("other")  # the games of the session
    return (
        select(game.c.public_id, game.c.session_id, game.c.edit_token_hash, game.c.version,
               func.count(other.c.id), func.coalesce(func.sum(other.c.version), 0))
        .select_from(game.outerjoin(other, other.c.session_id == game.c.session_id))
        .where(game.c.public_id == bindparam("game_id"))
        .group_by(game.c.id)
    )


# Built once: building it (the aliased join above) costs more than running it.
_ETAG_QUERY = _etag_query()


def current_etag(game_id: str) -> str | None:
    """The ETag of the game's board now, for this reader and the page's language, from one query of columns
    (no game loaded); None when there is no such game."""
    if not PUBLIC_ID.fullmatch(game_id):
        return None
    with read_connection() as connection:  # no ORM session: nothing to set up, nothing to close
        row = connection.execute(_ETAG_QUERY, {"game_id": game_id}).one_or_none()
    if row is None:
        return None
    public_id, session_id, edit_token_hash, version, session_games, session_versions = row
    editable = access.holds_token(session_id or public_id, edit_token_hash)
    # The language as the page's own request picks it, without making Babel's locale of it.
    return _etag(version, session_games, session_versions, editable=editable, language_code=select_locale())


def entry_update(context: dict[str, Any], posted: int | None, version: int | None = None,
                 completes: int | None = None) -> dict[str, Any]:
    """How the entry area follows the game; `posted` is the hand the page's form is for (None: no form),
    `version` the game's version when the form was made, `completes` the hand whose play it completes, if any.

    A form appears or goes as a whole ("replace"), and so does a form for the
    other step of a hand (another phone saved the bids, or the tricks, of the
    hand waiting); a form being filled in stays, and only the notice above it
    says whether it is out of date.
    """
    engine = context["engine"]
    wants_form = context["editable"] and not engine.is_over()
    if wants_form != (posted is not None) or (wants_form and completes != engine.waiting_number()):
        return {"live_entry": "replace"}
    if posted is None:
        return {}
    expected = entry_number(context["game"], engine)
    return {"live_entry": "notice", "stale_entry": stale_entry(context["game"], posted, version, expected=expected)}


def _fresh(response: Response, etag: str) -> Response:
    response.set_etag(etag, weak=True)  # weak: each rendering carries a new CSRF token
    response.headers["Cache-Control"] = "private, no-cache"
    vary_on(response, "Cookie")
    return response


@bp.get("/g/<game_id>/live")
def changes(game_id: str) -> ResponseReturnValue:
    """304 while the board is as the page has it, else the board; `?hand=` and `?version=` say what the form is for."""
    etag = current_etag(game_id)
    if etag is None:
        abort(404)
    if request.if_none_match.contains_weak(etag):
        return _fresh(Response(status=304), etag)
    # A viewer's board (no entry form to follow) is the one every viewer in that language gets: kept whole.
    shared = (whole_answers.answer("live", game_id, "text/html", page=False)
              if ".view." in etag and not set(request.args) - {"lang"} else None)
    if isinstance(shared, Response):
        return _fresh(shared, etag)
    game = records.game_or_404(game_id, with_hands=False)
    context = game_context(game)
    context.update(entry_update(context, request.args.get("hand", type=int), request.args.get("version", type=int),
                                request.args.get("completes", type=int)))
    html = render_template(GAMES.of(game).template("_board.html"), **context)
    response = _fresh(make_response(html), board_etag(game, context["editable"], context["played"]))
    return response if shared is None or context["editable"] else whole_answers.kept(shared, response)
