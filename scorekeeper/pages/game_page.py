"""What every game's pages are built from: the game to change, its entry form and context, the answers after a
change, and the template helpers the forms share. No routes: the blueprints import from here, never each other."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask, abort, make_response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from ..games import GAMES
from ..games.base import Engine, EntryForm, GameKind
from ..models import Game
from ..store import idempotency, records, writes
from ..store.event_seats import seat_of
from ..store.stale import StaleEntry
from ..web import access
from ..web.htmx import is_fragment_request


def error_ids(field: Any) -> list[str]:
    """The ids of a field's error messages: `<id>-error`, then `<id>-error-2`, `<id>-error-3`..."""
    return [f"{field.id}-error" + (f"-{number}" if number > 1 else "") for number in range(1, len(field.errors) + 1)]


def trend(points: int) -> str:
    """The class that colours a change of score: up, down, or even for zero."""
    return "up" if points > 0 else "down" if points < 0 else "even"


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
        "session_summary": kind.session_summary(engine, played), "for_every_reader": not editable,
        "event_seat": seat_of(game, engine), **extra,
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


def form_key() -> str:
    """A new key for a write form being drawn: it tells a second tap on it from a form made before a change."""
    return idempotency.new_form_key()


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
    swapped = {"live", "standing", "undo-redo", *(["record"] if whole_record else [])}
    html = LINE_INDENT.sub("\n", render_template("_saved.html", **context, swapped=swapped, replaced=replaced))
    return make_response(html, 200, {"HX-Reswap": "none"})


# The indentation of the templates' lines: a tenth of what a save sends, even compressed, and nothing a browser
# shows (the parts hold no <pre> or <textarea>, where it would count).
LINE_INDENT = re.compile(r"\n\s+")


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


SUGGESTED_NAMES = 40
SUGGESTED_FROM_LATEST_GAMES = 500


def suggested_names() -> list[str]:
    """The names offered as you type a new game's players: the most frequent of the latest games."""
    return [name for name, _ in records.frequent_players(SUGGESTED_NAMES, latest_games=SUGGESTED_FROM_LATEST_GAMES)]


def init_app(app: Flask) -> None:
    """Give every template the helpers its forms and saves draw with."""
    for helper in (error_ids, invalid, form_key, swapped_in_place):
        app.add_template_global(helper)
    app.add_template_filter(trend)
