"""HTML pages: a full page, or only the changed part for an htmx request."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from . import access, players, records
from .games import GAMES
from .games.base import EntryForm, GameKind
from .models import Game
from .rules.errors import RuleError
from .stale import StaleEntry, stale_entry

bp = Blueprint("views", __name__)


def is_fragment_request() -> bool:
    """An htmx request that wants a fragment (boosted requests get the full page)."""
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"


@bp.app_template_global()
def error_ids(field: Any) -> list[str]:
    """The ids of a field's error messages: `<id>-error`, then `<id>-error-2`, `<id>-error-3`..."""
    return [f"{field.id}-error" + (f"-{number}" if number > 1 else "") for number in range(1, len(field.errors) + 1)]


@bp.app_template_filter()
def trend(points: int) -> str:
    """The class that colours a change of score: up, down, or even for zero."""
    return "up" if points > 0 else "down" if points < 0 else "even"


@bp.app_template_global()
def invalid(field: Any) -> dict[str, str]:
    """The attributes of a field's input when it has errors: aria-invalid, and aria-describedby its messages."""
    return {"aria-invalid": "true", "aria-describedby": " ".join(error_ids(field))} if field.errors else {}


def editable_game_or_403(game_id: str) -> Game:
    game = records.game_or_404(game_id)
    if not access.can_edit(game):
        abort(403)
    return game


@bp.get("/")
def home() -> ResponseReturnValue:
    return render_template("home.html", games=records.latest_games(access.remembered_keys()))


@bp.route("/new/<kind>", methods=["GET", "POST"])
def new_game(kind: str) -> ResponseReturnValue:
    game_kind = GAMES.find(kind) or abort(404)
    form = game_kind.new_game_form()
    if form.validate_on_submit():
        try:
            created = records.create_game(form.payload())
        except RuleError as error:
            form.attach(error)
        else:
            access.remember_token(created.game, created.edit_token)
            return redirect(url_for("views.show_game", game_id=created.game.public_id), 303)
    status = 422 if form.is_submitted() else 200
    return render_template(game_kind.template("new.html"), form=form, player_names=players.suggested_names()), status


def entry_form(kind: GameKind, engine: Any, number: int, **kwargs: Any) -> EntryForm:
    """The entry form for hand (or deal) `number` of the game."""
    return kind.entry_form.for_hand(engine.table, number, **kwargs)


def game_context(game: Game, form: Any = None, **extra: Any) -> dict[str, Any]:
    """What the game page and its board draw; `form` keeps what was typed."""
    kind = GAMES.of(game)
    engine = records.replay(game)
    editable = access.can_edit(game)
    if editable and form is None:
        form = entry_form(kind, engine, len(game.hands) + 1, formdata=None)
    context = {"game": game, "kind": kind, "engine": engine, "form": form, "editable": editable, **extra}
    if kind.has_sessions and (game.session_id or engine.settlement()):
        context["session_summary"] = records.session_summary(game, engine)
    return {"access_token": access.token_for(game), **context}


def render_game(game: Game, form: Any = None, status: int = 200, **extra: Any) -> ResponseReturnValue:
    """The game page, or just its board for htmx; `form` keeps what was typed."""
    kind = GAMES.of(game)
    template = kind.template("_board.html" if is_fragment_request() else "game.html")
    if form is not None:
        extra = {**kind.form_context(form), **extra}
    return render_template(template, **game_context(game, form, **extra)), status


def render_edit(game: Game, number: int, form: Any, status: int = 200, **extra: Any) -> ResponseReturnValue:
    """The page for changing a past hand."""
    engine = records.replay(game)
    kind = GAMES.of(game)
    context = {"game": game, "kind": kind, "engine": engine, "form": form, "number": number,
               **kind.form_context(form), **extra}
    return render_template(kind.template("edit_hand.html"), **context), status


def stored_hand_or_404(game: Game, number: int) -> Any:
    stored = next((hand for hand in game.hands if hand.number == number), None)
    if stored is None:
        abort(404)
    return stored


@bp.get("/g/<game_id>")
def show_game(game_id: str) -> ResponseReturnValue:
    return render_game(records.game_or_404(game_id))


@bp.post("/g/<game_id>/hands")
def add_hand(game_id: str) -> ResponseReturnValue:
    game = editable_game_or_403(game_id)
    engine = records.replay(game)
    form = entry_form(GAMES.of(game), engine, len(game.hands) + 1)
    stale = stale_entry(game, request.form.get("hand", type=int))
    if stale is not None:
        return render_game(game, refused_stale_form(game, engine, stale), 422)
    if form.validate_on_submit():
        try:
            records.add_hand(game, form.payload())
        except RuleError as error:
            form.attach(error)
        else:
            if is_fragment_request():
                return render_game(game)
            return redirect(url_for("views.show_game", game_id=game.public_id), 303)
    return render_game(game, form, 422)


def refused_stale_form(game: Game, engine: Any, stale: StaleEntry) -> EntryForm:
    """A blank form for the hand that is next now, saying why nothing was saved.

    What was typed is not kept: it belongs to another hand, and saving it
    again would store that hand twice.
    """
    form = entry_form(GAMES.of(game), engine, stale.number, formdata=None)
    form.form_errors.append(stale.refusal)
    return form


@bp.route("/g/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit_hand(game_id: str, number: int) -> ResponseReturnValue:
    game = editable_game_or_403(game_id)
    stored = stored_hand_or_404(game, number)
    kind = GAMES.of(game)
    data = kind.entry_form.data_from(stored.entry, game.player_names)
    form = entry_form(kind, records.replay(game), number, data=data)
    if form.validate_on_submit():
        try:
            records.replace_hand(game, number, form.payload())
        except RuleError as error:
            form.attach(error)
        else:
            return redirect(url_for("views.show_game", game_id=game.public_id, _anchor=f"hand-{number}"), 303)
    return render_edit(game, number, form, 422 if form.is_submitted() else 200)


@bp.post("/g/<game_id>/undo")
def undo_hand(game_id: str) -> ResponseReturnValue:
    """Remove the last hand (CSRFProtect has already checked the form's token)."""
    game = editable_game_or_403(game_id)
    if game.hands:
        records.remove_last_hand(game)
    if is_fragment_request():
        return render_game(game)
    return redirect(url_for("views.show_game", game_id=game.public_id), 303)


@bp.get("/g/<game_id>/join/<token>")
def join(game_id: str, token: str) -> ResponseReturnValue:
    """The "share edit access" link: remember the token on this phone."""
    game = records.game_or_404(game_id)
    if not game.has_edit_token(token):
        abort(404)
    access.remember_token(game, token)
    return redirect(url_for("views.show_game", game_id=game.public_id), 303)


def error_page(error: Any) -> ResponseReturnValue:
    messages = {
        400: _("The form had expired. Go back, reload the page and try again."),
        403: _("This link shows the game read-only. Ask the table for the edit link to record hands."),
        404: _("There is no such page. Check the link."),
    }
    code = getattr(error, "code", 500) or 500
    message = messages.get(code, _("That did not work. Go back and try again."))
    return render_template("error.html", code=code, message=message), code
