"""A game on one page to print, its downloads (JSON and CSV), the import of a downloaded game, the chart."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, make_response, render_template, request
from flask.typing import ResponseReturnValue

from ..api.serialize import game_object_now
from ..games import GAMES
from ..games.base import Engine
from ..models import Game
from ..rules.errors import RuleError
from ..store import records, transfer
from ..store.cache import hand_pieces, whole_answers
from ..web import charts
from ..web.i18n import number
from ..web.limits import creation_limit
from . import long_reads
from .forms import ImportForm, NotJson
from .game_page import created_once, replay_creation

bp = Blueprint("summary", __name__)


@bp.app_template_global()
def score_chart(game: Game, engine: Engine) -> dict[str, Any]:
    """What templates/_chart.html draws: the geometry, the numbers behind it, and the marked score.

    A resumed engine holds only its last result: the running scores after each hand are then its kept pieces
    (store/cache/hand_pieces.py), so after a hand is recorded only that hand's are worked out.
    """
    kind = GAMES.of(game)
    names = list(engine.totals())
    if engine.is_resumed:
        series = kept_progression(game, engine, names)
    else:
        series = charts.progression(engine.results, names, kind.running_scores)
    # A club night's table ends after its hands: no target line, the hands said instead.
    hand_limit = engine.hand_limit()
    reference = None if hand_limit is not None else kind.chart_reference(engine)
    hands = len(next(iter(series.values()))) - 1
    return {
        "plot": charts.plot(series, reference=None if reference is None else reference.score),
        "hand_limit": hand_limit,
        "series": series,
        "hands": hands,
        "rows": charts.sampled(hands)[1:],  # the hands the table for screen readers lists
        "finals": ", ".join(f"{name} {number(scores[-1])}" for name, scores in series.items()),
        "reference": reference,
        "words": kind.words,
    }


def kept_progression(game: Game, engine: Engine, names: list[str]) -> dict[str, list[int]]:
    """Each side's running score, as `charts.progression` has it, from each scored hand's kept piece."""
    kind = GAMES.of(game)

    def make(whole: Engine, number: int) -> str:
        scores = kind.running_scores(hand_pieces.hand_of(whole, number))
        return json.dumps([scores[name] for name in names])

    kept = hand_pieces.kept(game, engine, "scores", make, upto=hand_pieces.last_scored(engine))
    # One parse for every hand's piece: a long game's hundreds of small ones cost more parsed one by one.
    rows = json.loads("[" + ",".join(body for _, body in kept) + "]")
    columns = list(zip(*rows, strict=True)) if rows else [() for _ in names]
    return {name: [0, *scores] for name, scores in zip(names, columns, strict=True)}


@bp.get("/g/<game_id>/summary")
def summary(game_id: str) -> ResponseReturnValue:
    """The game on one page, with its chart: kept whole for its viewers as the game page is; made afresh within
    the process's bound on long reads."""
    shared = whole_answers.answer("summary", game_id, "text/html", page=True)
    if isinstance(shared, Response):
        return shared
    with long_reads.bounded():
        game = records.game_or_404(game_id)
        engine = records.replay(game)
        kind = GAMES.of(game)
        session = kind.session_summary(engine, records.played_in_session(game, engine)) if game.session_id else None
        # Kept whole for every reader: it holds no form, and so no reader's CSRF token.
        page = render_template("summary.html", game=game, kind=kind, engine=engine, session_summary=session,
                               for_every_reader=True)
    return page if shared is None else whole_answers.kept(shared, make_response(page))


def download_name(kind: str, public_id: str, extension: str) -> str:
    return f"scorekeeper-{kind}-{public_id}.{extension}"


def download(extension: str) -> Callable[[str, str], dict[str, str]]:
    """A download's headers, for a game's kind and id."""
    return lambda kind, public_id: {
        "Content-Disposition": f'attachment; filename="{download_name(kind, public_id, extension)}"'}


def kept_download(what: str, game_id: str, mimetype: str, extension: str, make: Callable[[Game], str]) -> Response:
    """A download kept whole for every reader (the same for all), made afresh within the bound on long reads."""
    shared = whole_answers.answer(what, game_id, mimetype, page=False, headers=download(extension))
    if isinstance(shared, Response):
        return shared
    with long_reads.bounded():
        game = records.game_or_404(game_id, with_hands=False)  # loaded when `make` asks for them
        response = Response(make(game), mimetype=mimetype, headers=download(extension)(game.kind, game.public_id))
    return response if shared is None else whole_answers.kept(shared, response)


@bp.get("/g/<game_id>/export.json")
def export_json(game_id: str) -> Response:
    """The API's game object, byte for byte as the API sends it, as a file to keep or to import later: made as the
    API makes it, from each hand's kept piece, so the first download after a hand is recorded makes only that
    hand's object."""
    return kept_download("export-json", game_id, "application/json", "json",
                         lambda game: game_object_now(game, store=False) + "\n")


@bp.get("/g/<game_id>/export.csv")
def export_csv(game_id: str) -> Response:
    """One row per hand and player; the byte-order mark lets spreadsheets read the names as UTF-8."""
    return kept_download("export-csv", game_id, "text/csv", "csv",
                         lambda game: "\ufeff" + transfer.csv_text(game, records.replay(game)))


@bp.route("/import", methods=["GET", "POST"])
@creation_limit
def import_game() -> ResponseReturnValue:
    """Restore a downloaded game as a new game, which this browser may then edit."""
    if request.method == "POST" and (replayed := replay_creation(request.path)) is not None:
        return replayed
    form = ImportForm()
    if form.validate_on_submit():
        try:
            return created_once(request.path, transfer.import_game(form.game_data()))
        except NotJson:
            form.refuse_non_json()
        except RuleError as error:
            form.attach(error)
    return render_template("import.html", form=form), 422 if form.is_submitted() else 200
