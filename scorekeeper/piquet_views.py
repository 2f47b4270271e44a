"""Piquet's own pages: the live verdicts and the helpers of the deal form, the next partie, the checker."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from . import records
from .deal_preview import preview
from .forms.piquet import CheckerForm, PiquetDealForm
from .rules.errors import RuleError
from .rules.piquet.check import check_hands
from .stale import MadeFor
from .views import commit_form_change, editable_game_or_403, game_to_change, render_edit, render_game, stored_hand_or_404

bp = Blueprint("piquet", __name__)


def posted_deal_form(game_id: str):
    """The game, the deal number the form is for, and the deal form as posted."""
    game = editable_game_or_403(game_id)
    number = request.args.get("number", type=int)
    if number is not None:
        stored_hand_or_404(game, number)
    deal_number = number or len(game.hands) + 1
    form = PiquetDealForm.for_hand(records.replay(game).table, deal_number)
    return game, number, form


def render_deal_form(game, number, form, status: int = 200, **extra) -> ResponseReturnValue:
    if number is None:
        return render_game(game, form, status, **extra)
    return render_edit(game, number, form, status, **extra)


@bp.post("/g/<game_id>/deals/verdicts")
def verdicts(game_id: str) -> ResponseReturnValue:
    """For htmx while typing: who is good, the points and the trick points, swapped in place."""
    game, _, form = posted_deal_form(game_id)
    return render_template("piquet/_verdicts.html", form=form, preview=preview(form), oob=True)


@bp.post("/g/<game_id>/deals/preview")
def show_verdicts(game_id: str) -> ResponseReturnValue:
    """Without JavaScript: the form again, as typed, with who is good."""
    game, number, form = posted_deal_form(game_id)
    return render_deal_form(game, number, form)


@bp.post("/g/<game_id>/deals/fill")
def fill_from_cards(game_id: str) -> ResponseReturnValue:
    """Check with cards: find every combination in the tapped cards and fill the declarations."""
    game, number, form = posted_deal_form(game_id)
    try:
        found = check_hands(**form.cards_payload())
    except RuleError as error:
        form.attach(error)
        return render_deal_form(game, number, form, 422, cards_open=True)
    form.fill_from({"elder": found.elder, "younger": found.younger})
    return render_deal_form(game, number, form, cards_open=True)


@bp.post("/g/<game_id>/next")
def next_partie(game_id: str) -> ResponseReturnValue:
    """Start the next partie (or go to the one already started); a form made before a change only shows the game."""
    game = game_to_change(game_id)
    partie = records.following_partie(game)
    if partie is None and MadeFor.posted().version in (None, game.version):
        try:
            partie = records.next_partie(game)
            commit_form_change(game)
        except RuleError:
            partie = None
    return redirect(url_for("views.show_game", game_id=(partie or game).public_id), 303)


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
