"""Every game's own pages: the home page, a new game, the game page, a hand's explanation, and the forms that
add, edit and undo a hand. A full page, or only the changed part for an htmx request."""

from __future__ import annotations

from flask import Blueprint, Response, abort, make_response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from markupsafe import Markup

from ..games import GAMES
from ..models import Game, Seat
from ..rules.errors import RuleError
from ..store import idempotency, records, writes
from ..store.cache import renders, whole_answers
from ..store.event_seats import game_with_seat_or_404
from ..store.stale import MadeFor, stale_entry, unversioned_change
from ..web import access
from ..web.htmx import is_fragment_request
from ..web.limits import creation_limit, edit_token_attempts
from . import house_rules
from .game_page import (
    commit_form_change,
    created_once,
    editable_game_or_403,
    entry_form,
    entry_number,
    game_to_change,
    refused_stale_form,
    render_edit,
    render_game,
    replay_creation,
    saved,
    stored_hand_or_404,
    suggested_names,
)
from .history import OLDER, history_lines

bp = Blueprint("views", __name__)


@bp.get("/")
def home() -> ResponseReturnValue:
    return render_template("home.html", games=records.latest_games(access.remembered_keys()))


@bp.route("/new/<kind>", methods=["GET", "POST"])
@creation_limit
def new_game(kind: str) -> ResponseReturnValue:
    game_kind = GAMES.find(kind) or abort(404)
    if request.method == "POST" and (replayed := replay_creation(request.path)) is not None:
        return replayed
    link_problems: list[str] = []
    link_rules: list[tuple[str, str, str]] = []
    if request.method == "GET" and request.args.keys() - {house_rules.LANGUAGE}:  # house rules by link
        settings, link_problems = house_rules.read_link(game_kind, request.args)
        form = game_kind.new_game_form(data=house_rules.form_data(game_kind, settings))
        link_rules = house_rules.explained(game_kind, settings)
    else:
        form = game_kind.new_game_form()
    if form.validate_on_submit():
        try:
            return created_once(request.path, records.create_game(form.payload()))
        except RuleError as error:
            form.attach(error)
    status = 422 if form.is_submitted() else 200
    return render_template(game_kind.template("new.html"), form=form, player_names=suggested_names(),
                           link_problems=link_problems, link_rules=link_rules), status



def blank_id(kind: str, style: str | None = None) -> str:
    """A blank game page's stand-in id, one per kind and Dummy Hand style (renders are kept under it): outside the
    ids the server gives (token_urlsafe(8): 11 characters)."""
    return f"new-{kind}-{style}-game" if style else f"new-{kind}-game"


@bp.get("/new/<kind>/blank")
def blank_game(kind: str) -> ResponseReturnValue:
    """A game page for a game not saved, with placeholder players, its form for the first hand: the page the phone
    fills in for a game started offline (see docs/decisions/offline-new-game.md). No game is stored
    (only renders, as for any page), and no edit rights given. A Dummy Hand game's form depends on its style:
    `?style=suicide` or `?style=mirror` gives that style's."""
    game_kind = GAMES.find(kind) or abort(404)
    style = request.args.get("style")
    if style is not None and style not in game_kind.blank_styles:
        abort(404)
    players = [_("Player %(number)s", number=number) for number in range(1, game_kind.player_count + 1)]
    setup = game_kind.read_setup({"game": game_kind.name, "players": players, "first_dealer": players[0],
                                  **({"settings": {"style": style}} if style else {})})
    engine = game_kind.replay(setup, ())
    game = Game(public_id=blank_id(game_kind.name, style), kind=game_kind.name, first_dealer=setup.table.first_dealer,
                settings=game_kind.stored_settings(setup), edit_token_hash="", version=0,
                seats=[Seat(position=i, name=name) for i, name in enumerate(setup.table.players)], hands=[])
    form = entry_form(game_kind, engine, engine.next_number(), formdata=None)
    return render_game(game, form, engine=engine, editable=True, for_every_reader=False, blank=True)


@bp.get("/g/<game_id>")
def show_game(game_id: str) -> ResponseReturnValue:
    """The game page; a viewer's is the one every viewer in that language gets, kept whole
    (store/cache/whole_answers.py)."""
    shared = whole_answers.answer("page", game_id, "text/html", page=True)
    if isinstance(shared, Response):
        return shared
    game = game_with_seat_or_404(game_id)
    page = render_game(game, offer_edit_link=access.take_edit_link_offer(game))
    return page if shared is None else whole_answers.kept(shared, make_response(page))


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


@bp.get("/g/<game_id>/hands")
def older_hands(game_id: str) -> ResponseReturnValue:
    """The lines of the hands before `?before=`, newest first: in place of the history's link for htmx, or a
    page of their own."""
    game = records.game_or_404(game_id, with_hands=False)
    before = request.args.get("before", type=int)
    if before is None or before < 2:
        abort(404)
    kind = GAMES.of(game)
    editable = access.can_edit(game)
    shown = history_lines(game, records.appending_engine(game), editable, before=before, count=OLDER)
    context = {"game": game, "kind": kind, "shown": shown, "editable": editable}
    if is_fragment_request():
        return render_template("_older_lines.html", **context)
    return render_template("older_hands.html", **context)


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


@bp.route("/g/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit_hand(game_id: str, number: int) -> ResponseReturnValue:
    game = game_to_change(game_id) if request.method == "POST" else editable_game_or_403(game_id)
    stored = stored_hand_or_404(game, number)
    kind = GAMES.of(game)
    data = kind.entry_form.data_from(stored.entry, game.player_names)
    engine = records.replay(game)
    form = entry_form(kind, engine, number, data=data)
    if form.validate_on_submit():
        if MadeFor.posted().version is None:
            form.form_errors.append(unversioned_change(game).refusal)
        elif MadeFor.posted().version == game.version:
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
    if made_for.version is None:
        return render_game(game, status=422, stale_entry=unversioned_change(game))
    if made_for.hand is not None and made_for.hand == last and made_for.version == game.version:
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
@edit_token_attempts
def join(game_id: str, token: str) -> ResponseReturnValue:
    """The "share edit access" link: remember the token on this phone."""
    game = records.game_or_404(game_id)
    if not game.has_edit_token(token):
        abort(404)
    access.remember_token(game, token)
    return redirect(url_for("views.show_game", game_id=game.public_id), 303)


