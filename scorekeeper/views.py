"""HTML pages: a full page, or only the changed part for an htmx request."""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, Response, abort, make_response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from . import access, idempotency, players, records, renders, whole_renders, writes
from .config import request_size_limit
from .games import GAMES
from .games.base import Engine, EntryForm, GameKind
from .htmx import is_fragment_request
from .models import Game
from .rules.errors import RuleError
from .stale import MadeFor, StaleEntry, stale_entry

bp = Blueprint("views", __name__)


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


def game_to_change(game_id: str) -> Game:
    """The game, locked for this request's change, if this browser may edit it (403 otherwise)."""
    game = writes.locked_game(game_id)
    if not access.can_edit(game):
        abort(403)
    return game


@bp.get("/")
def home() -> ResponseReturnValue:
    return render_template("home.html", games=records.latest_games(access.remembered_keys()))


@bp.route("/new/<kind>", methods=["GET", "POST"])
def new_game(kind: str) -> ResponseReturnValue:
    game_kind = GAMES.find(kind) or abort(404)
    if request.method == "POST" and (replayed := replay_creation(request.path)) is not None:
        return replayed
    form = game_kind.new_game_form()
    if form.validate_on_submit():
        try:
            return created_once(request.path, records.create_game(form.payload()))
        except RuleError as error:
            form.attach(error)
    status = 422 if form.is_submitted() else 200
    return render_template(game_kind.template("new.html"), form=form, player_names=players.suggested_names()), status


def replay_creation(scope: str) -> ResponseReturnValue | None:
    """The answer to a form that already created its game (a double tap, a retry): that game, editable here too."""
    sent = idempotency.sent_before(scope)
    if sent is None:
        return None
    if sent.game_id is not None and sent.edit_token is not None:
        access.remember_token(records.game_or_404(sent.game_id), sent.edit_token)
    return redirect(sent.location, 303)


def created_once(scope: str, created: records.Created) -> ResponseReturnValue:
    """Commit a game a page's form created, with the form's key, and open it; a second sending leads to it too.

    :raises RuleError: when the database refused the change (it is then undone).
    """
    location = url_for("views.show_game", game_id=created.game.public_id)
    try:
        idempotency.remember_form(scope, location, game_id=created.game.public_id, edit_token=created.edit_token)
        writes.commit()
    except writes.ConcurrentChange:
        # The same form, sent twice at once, lost the race for its key: answer as the first sending did.
        replayed = replay_creation(scope)
        if replayed is None:
            raise
        return replayed
    access.remember_token(created.game, created.edit_token)
    access.offer_edit_link(created.game)
    return redirect(location, 303)


def entry_form(kind: GameKind, engine: Engine, number: int, **kwargs: Any) -> EntryForm:
    """The entry form for hand (or deal) `number` of the game."""
    return kind.entry_form.for_hand(engine.table, number, **kwargs)


def entry_number(game: Game, engine: Engine) -> int:
    """The hand the game page's form records: the one waiting for its play, else the next."""
    return engine.waiting_number() or engine.next_number()


def board_form(game: Game, engine: Engine) -> EntryForm:
    """The game page's entry form, as nothing was typed: for the next hand, or the waiting hand's play (its
    first step filled in)."""
    kind = GAMES.of(game)
    waiting = engine.waiting_number()
    if waiting is None:
        return entry_form(kind, engine, engine.next_number(), formdata=None)
    data = kind.entry_form.data_from(game.hands[-1].entry, game.player_names)
    return entry_form(kind, engine, waiting, formdata=None, data=data)


def game_context(game: Game, form: Any = None, engine: Engine | None = None, **extra: Any) -> dict[str, Any]:
    """What the game page and its board draw; `form` keeps what was typed, `engine` is `game`'s engine if known
    (replayed, or resumed from its running state)."""
    kind = GAMES.of(game)
    if engine is None:  # resumed when it can be: the hands and the chart come from the cache of renders
        engine = records.appending_engine(game)
    editable = access.can_edit(game)
    if editable and form is None:
        form = board_form(game, engine)
    played = records.played_in_session(game, engine)
    context = {
        "game": game, "kind": kind, "engine": engine, "form": form, "editable": editable, "played": played,
        "session_summary": kind.session_summary(engine, played), "for_every_reader": not editable, **extra,
    }
    return {"access_token": access.token_for(game), **context}


def render_game(
    game: Game, form: Any = None, status: int = 200, engine: Engine | None = None, **extra: Any
) -> ResponseReturnValue:
    """The game page, or just its board for htmx; `form` keeps what was typed, `engine` is `game` replayed if known."""
    kind = GAMES.of(game)
    template = kind.template("_board.html" if is_fragment_request() else "game.html")
    if form is not None:
        extra = {**kind.form_context(form), **extra}
    return render_template(template, **game_context(game, form, engine, **extra)), status


def render_edit(
    game: Game, number: int, form: Any, status: int = 200, engine: Engine | None = None, **extra: Any
) -> ResponseReturnValue:
    """The page for changing a past hand; `engine` is `game` replayed if known."""
    kind = GAMES.of(game)
    if engine is None or engine.is_resumed:
        engine = records.replay(game)
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
    """The game page; a viewer's is the one every viewer in that language gets, kept whole (whole_renders.py)."""
    shared = whole_renders.answer("page", game_id, "text/html", page=True)
    if isinstance(shared, Response):
        return shared
    game = records.game_or_404(game_id, with_hands=False)
    page = render_game(game, offer_edit_link=access.take_edit_link_offer(game))
    return page if shared is None else whole_renders.kept(shared, make_response(page))


@bp.get("/g/<game_id>/hands/<int:number>")
def show_hand(game_id: str, number: int) -> ResponseReturnValue:
    """How one hand was scored: the fragment a hand's line fetches when it is opened, or a page of its own."""
    game = records.game_or_404(game_id, with_hands=False)
    kind = GAMES.of(game)
    editable = access.can_edit(game)

    def make() -> str:
        engine = records.replay(game)
        if not 1 <= number <= len(engine.results):
            abort(404)
        return render_template(kind.template("_explain.html"), game=game, kind=kind, engine=engine,
                               result=engine.results[number - 1], editable=editable)

    explanation = Markup(renders.cached(f"explain {number}", game, make, editable=editable))  # noqa: S704  # our render
    if is_fragment_request():
        return explanation
    return render_template("hand.html", game=game, kind=kind, number=number, explanation=explanation)


@bp.app_template_global()
def form_key() -> str:
    """A new key for a write form being drawn: it tells a second tap on it from a form made before a change."""
    return idempotency.new_form_key()


@bp.post("/g/<game_id>/hands")
def add_hand(game_id: str) -> ResponseReturnValue:
    game = game_to_change(game_id)
    kind = GAMES.of(game)
    engine = records.appending_engine(game)
    made_for = MadeFor.posted()
    waiting = engine.waiting_number()
    stale = stale_entry(game, made_for.hand, made_for.version, expected=entry_number(game, engine))
    if stale is not None:
        if idempotency.sent_before(game.public_id) is not None:
            return saved(game, engine)
        form = refused_stale_form(game, engine, stale, keep_typing=stale.number == made_for.hand)
        return render_game(game, form, 422, engine)
    form = entry_form(kind, engine, entry_number(game, engine))
    if form.validate_on_submit():
        try:
            if waiting is None:
                engine = records.add_hand(game, form.payload(), engine=engine)
            else:  # the play of the hand waiting for it (or other bids)
                engine = records.replace_hand(game, waiting, form.payload(), engine=engine)
            commit_form_change(game)
        except writes.ConcurrentChange as error:
            form.attach(error)
            return render_game(game, form, 422)  # the stored game moved on: the page replays it
        except RuleError as error:
            form.attach(error)  # refused before anything changed: the engine is as it was
        else:
            return saved(game, engine, pieces_for=made_for.version, replaced=waiting)
    return render_game(game, form, 422, engine)


def commit_form_change(game: Game) -> None:
    """Commit the change a page's form made, noting the form so that sending it again changes nothing."""
    idempotency.remember_form(game.public_id, url_for("views.show_game", game_id=game.public_id))
    writes.commit()


def saved(game: Game, engine: Engine | None = None, *, pieces_for: int | None = None,
          replaced: int | None = None) -> ResponseReturnValue:
    """After a change: the new board for htmx (drawn with `engine`, `game` replayed, if known), else the game page.

    `pieces_for` is the version of the game the page showed, when it is known (the form said so, and it was the
    version the change was made to): a save from that page through htmx then answers with only what changed
    (`saved_pieces`); `replaced` is the hand that was waiting for its play, which the change completed or changed.
    """
    if is_fragment_request():
        if engine is not None and pieces_for == game.version - 1 and request.headers.get("HX-Target") == "board":
            pieces = saved_pieces(game, engine, replaced)
            if pieces is not None:
                return pieces
        return render_game(game, engine=engine)
    return redirect(url_for("views.show_game", game_id=game.public_id), 303)


def saved_pieces(game: Game, engine: Engine, replaced: int | None) -> ResponseReturnValue | None:
    """What a save changed on the page that made it, each part swapped in place (`_saved.html`); None when the
    whole board changes (the game ended)."""
    if engine.is_over():
        return None
    context = game_context(game, engine=engine, live_entry="replace")
    number = engine.waiting.number if engine.waiting else engine.next_number() - 1
    had_lines = number > 1 or replaced is not None
    whole_record = not had_lines or bool(context["session_summary"]) or bool(engine.after_end)
    swapped = {"live", "standing", "record"} if whole_record else {"live", "standing", "undo-redo"}
    html = LINE_INDENT.sub("\n", render_template("_saved.html", **context, swapped=swapped, replaced=replaced))
    return make_response(html, 200, {"HX-Reswap": "none"})


# The indentation of the templates' lines: a tenth of what a save sends, even compressed, and nothing a browser
# shows (the parts hold no <pre> or <textarea>, where it would count).
LINE_INDENT = re.compile(r"\n\s+")


@bp.app_template_global()
@pass_context
def swapped_in_place(context: Context, part: str) -> Markup:
    """The attribute that has htmx swap `part` (an id) in place, when the answer being drawn swaps it
    (`_saved.html`); nothing otherwise."""
    return Markup(' hx-swap-oob="true"') if part in context.get("swapped", ()) else Markup("")


def refused_stale_form(game: Game, engine: Engine, stale: StaleEntry, *, keep_typing: bool = False) -> EntryForm:
    """The form for the hand that is next now, saying why nothing was saved.

    What was typed is kept only when the form was for that same hand (another
    phone changed an earlier one): otherwise it belongs to another hand, and
    saving it again would store that hand twice.
    """
    form = entry_form(GAMES.of(game), engine, stale.number) if keep_typing else board_form(game, engine)
    form.form_errors.append(stale.refusal)
    return form


@bp.route("/g/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit_hand(game_id: str, number: int) -> ResponseReturnValue:
    game = game_to_change(game_id) if request.method == "POST" else editable_game_or_403(game_id)
    stored = stored_hand_or_404(game, number)
    kind = GAMES.of(game)
    data = kind.entry_form.data_from(stored.entry, game.player_names)
    engine = records.replay(game)
    form = entry_form(kind, engine, number, data=data)
    if form.validate_on_submit():
        if MadeFor.posted().version in (None, game.version):
            try:
                records.replace_hand(game, number, form.payload(), engine=engine)
                commit_form_change(game)
            except writes.ConcurrentChange as error:
                form.attach(error)
                return render_edit(game, number, form, 422)  # the stored game moved on: the page replays it
            except RuleError as error:
                form.attach(error)  # refused before anything changed: the engine is as it was
            else:
                return edited(game, number)
        elif idempotency.sent_before(game.public_id) is not None:
            return edited(game, number)
        else:
            form.form_errors.append(_("Another phone changed this game while you were editing. "
                                      "Nothing was saved: check the scores, then save again."))
    return render_edit(game, number, form, 422 if form.is_submitted() else 200, engine)


def edited(game: Game, number: int) -> ResponseReturnValue:
    return redirect(url_for("views.show_game", game_id=game.public_id, _anchor=f"hand-{number}"), 303)


@bp.post("/g/<game_id>/undo")
def undo_hand(game_id: str) -> ResponseReturnValue:
    """Remove the hand the form names, if it is still the last one and nothing changed since (CSRF is checked)."""
    game = game_to_change(game_id)
    made_for = MadeFor.posted()
    last = game.hands[-1].number if game.hands else None
    if made_for.hand is not None and made_for.hand == last and made_for.version in (None, game.version):
        records.remove_last_hand(game, last)
        commit_form_change(game)  # a race lost here is the app's 409 page
        return saved(game)
    if idempotency.sent_before(game.public_id) is not None:
        return saved(game)
    # Told as an entry form made alongside this Undo would be: it was for the hand after the one to undo.
    if made_for.hand is None:
        stale = stale_entry(game, len(game.hands) + 1, -1)
    else:
        stale = stale_entry(game, made_for.hand + 1, made_for.version)
    return render_game(game, status=422, stale_entry=stale)


@bp.post("/g/<game_id>/next")
def next_game(game_id: str) -> ResponseReturnValue:
    """Start the next game at this table, the next partie (or go to the one already started).

    A form made before a change, or a game its kind does not follow with another, only shows the game.
    """
    game = game_to_change(game_id)
    following = records.following_game(game)
    if following is None and MadeFor.posted().version in (None, game.version):
        try:
            following = records.next_game(game)
            commit_form_change(game)
        except RuleError:
            following = None
    return redirect(url_for("views.show_game", game_id=(following or game).public_id), 303)


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
        409: _("Another phone changed this game at the same moment. Go back, reload the page and try again."),
        413: _("That was too large to send: a game file (or any form) can be at most %(size)s.",
               size=request_size_limit()),
    }
    code = getattr(error, "code", 500) or 500
    message = messages.get(code, _("That did not work. Go back and try again."))
    return render_template("error.html", code=code, message=message), code
