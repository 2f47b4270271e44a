"""Piquet's own pages: the deal form's live verdicts and helpers, and the declaration checker."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from ...models import Game
from ...pages.game_page import editable_game_or_403, entry_number, render_edit, render_game, stored_hand_or_404
from ...rules.errors import RuleError
from ...rules.piquet.check import check_hands
from ...store import records
from ...store.stale import MadeFor
from ..base import Engine
from .deal_preview import preview
from .forms import CheckerForm, PiquetDealForm
from .kind import piquet_game

bp = Blueprint("piquet", __name__)


def posted_deal_form(game_id: str) -> tuple[Game, Engine, int | None, PiquetDealForm]:
    """The game replayed, the deal number the form is for (None: the board's, the next or the waiting deal),
    and the deal form as posted."""
    game = editable_game_or_403(game_id)
    number = request.args.get("number", type=int)
    if number is not None:
        stored_hand_or_404(game, number)
    engine = records.replay(game)
    form = PiquetDealForm.for_hand(piquet_game(engine).table, number or entry_number(game, engine))
    return game, engine, number, form


def render_deal_form(
    game: Game, engine: Engine, number: int | None, form: PiquetDealForm, status: int = 200, **extra: object
) -> ResponseReturnValue:
    if number is None:
        return render_game(game, form, status, engine, **extra)
    return render_edit(game, number, form, status, engine, **extra)


@bp.post("/g/<game_id>/deals/verdicts")
def verdicts(game_id: str) -> ResponseReturnValue:
    """For htmx while typing: who is good, the points and the trick points, swapped in place."""
    _game, _engine, _number, form = posted_deal_form(game_id)
    return render_template("piquet/_verdicts.html", form=form, preview=preview(form), oob=True)


def recorded_since(game: Game, engine: Engine, number: int | None) -> ResponseReturnValue | None:
    """The game page afresh when the board's deal form was posted for a deal recorded since (a page gone back to
    and sent again): its typing is not carried into the next deal's form, where a tap would record it twice."""
    made_for = MadeFor.posted().hand
    if number is None and made_for is not None and made_for < entry_number(game, engine):
        return redirect(url_for("views.show_game", game_id=game.public_id), 303)
    return None


@bp.post("/g/<game_id>/deals/preview")
def show_verdicts(game_id: str) -> ResponseReturnValue:
    """Without JavaScript: the form again, as typed, with who is good."""
    game, engine, number, form = posted_deal_form(game_id)
    return recorded_since(game, engine, number) or render_deal_form(game, engine, number, form)


@bp.post("/g/<game_id>/deals/fill")
def fill_from_cards(game_id: str) -> ResponseReturnValue:
    """Check with cards: find every combination in the tapped cards and fill the declarations."""
    game, engine, number, form = posted_deal_form(game_id)
    moved_on = recorded_since(game, engine, number)
    if moved_on is not None:
        return moved_on
    try:
        found = check_hands(**form.cards_payload())
    except RuleError as error:
        form.attach(error)
        return render_deal_form(game, engine, number, form, 422, cards_open=True)
    form.fill_from({"elder": found.elder, "younger": found.younger})
    return render_deal_form(game, engine, number, form, cards_open=True)


@bp.route("/piquet/check", methods=["GET", "POST"])
def check() -> ResponseReturnValue:
    """The declaration checker: tap both players' cards, see who is good and why."""
    form = CheckerForm()
    result = None
    if form.validate_on_submit():
        try:
            result = check_hands(**form.payload())
        except RuleError as error:
            form.attach(error)
    status = 422 if form.is_submitted() and result is None else 200
    return render_template("piquet/check.html", form=form, result=result), status
