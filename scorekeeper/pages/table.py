"""Pages for what a table does with a whole game: confirm an undo, redo it, a rematch, delete the game."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ..games import GAMES
from ..rules.errors import RuleError
from ..store import idempotency, records, table_commands, writes
from ..store.stale import MadeFor
from ..web import access
from ..web.limits import creation_limit
from .game_page import commit_form_change, editable_game_or_403, game_to_change, saved

bp = Blueprint("table", __name__)


def undoable_hand(game, engine) -> int | None:
    """The number of the hand Undo would remove, if that hand is shown (not kept after the game's end)."""
    if not game.hands or game.hands[-1].number in engine.after_end:
        return None
    return game.hands[-1].number


@bp.get("/g/<game_id>/undo")
def confirm_undo(game_id: str) -> ResponseReturnValue:
    """Ask before removing the last hand; the answer is posted to the undo command."""
    game = editable_game_or_403(game_id)
    number = undoable_hand(game, records.replay(game))
    back = url_for("views.show_game", game_id=game.public_id)
    if number is None:
        return redirect(back, 303)
    words = GAMES.of(game).words
    numbered = _(words.numbered, number=number)
    return render_template(
        "confirm.html",
        title=_(words.undo_question, number=number),
        lines=[_("%(entry)s is removed and every total goes back to what it was before it. "
                 "You can redo it until another one is recorded.", entry=numbered)],
        action=url_for("views.undo_hand", game_id=game.public_id),
        # The undo happens only if that hand is still the last and nothing changed since (see games.undo_hand).
        hidden={"hand": number, "version": game.version, "request_key": idempotency.new_form_key()},
        confirm_label=_(words.undo_confirmed, number=number),
        back=url_for("views.show_game", game_id=game.public_id, _anchor=f"hand-{number}"),
    )


@bp.post("/g/<game_id>/redo")
def redo(game_id: str) -> ResponseReturnValue:
    """Record the undone hand again, if the game is still as the Redo button saw it; else show it as it is now."""
    game = game_to_change(game_id)
    if MadeFor.posted().version in (None, game.version) and game.undone_entry is not None:
        try:
            engine = table_commands.redo_hand(game)
        except RuleError:
            pass  # It no longer fits (the game changed meanwhile): the board shows what is there now.
        else:
            commit_form_change(game)
            return saved(game, engine)
    return saved(game)


@bp.post("/g/<game_id>/rematch")
@creation_limit
def rematch(game_id: str) -> ResponseReturnValue:
    """A new game with the same players; the same Rematch form sent twice (a double tap) makes one."""
    game = game_to_change(game_id)  # one rematch at a time: a second tap waits, then finds the first's
    token = access.token_for(game)
    assert token is not None  # the game is editable here
    sent = idempotency.sent_before(game.public_id)
    if sent is not None and sent.game_id is not None:
        access.remember_token(records.game_or_404(sent.game_id), token)
        return redirect(sent.location, 303)
    new = table_commands.rematch(game)
    location = url_for("views.show_game", game_id=new.public_id)
    idempotency.remember_form(game.public_id, location, game_id=new.public_id)
    writes.commit()
    access.remember_token(new, token)
    return redirect(location, 303)


@bp.route("/g/<game_id>/delete", methods=["GET", "POST"])
def delete(game_id: str) -> ResponseReturnValue:
    if request.method == "POST":
        table_commands.delete_game(game_to_change(game_id))
        writes.commit()
        return redirect(url_for("views.home"), 303)
    game = editable_game_or_403(game_id)
    return render_template(
        "confirm.html",
        title=_("Delete this game?"),
        lines=[_("%(players)s: the game, its scores and every hand are deleted for good, "
                 "and the players' statistics no longer count it.", players=", ".join(game.player_names))],
        action=url_for("table.delete", game_id=game.public_id),
        confirm_label=_("Yes, delete the game"),
        back=url_for("views.show_game", game_id=game.public_id),
    )
