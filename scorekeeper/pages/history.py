"""The history of a game's hands as the game page shows it: the latest lines, and the older ones on demand.

Each line is a kept piece of its hand (store/cache/hand_pieces.py): after a hand is
recorded only its line is drawn, whatever the length of the game. The game
page shows the latest `LATEST` lines and a link to the earlier ones, which
htmx fetches in place (`OLDER` at a time) and which leads to a page of its
own without JavaScript. No routes: the game's blueprint serves them.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Flask, render_template
from flask_babel import get_locale
from markupsafe import Markup

from ..games import GAMES
from ..games.base import Engine
from ..models import Game
from ..store import records
from ..store.cache import hand_pieces

LATEST = 20
"""Lines the game page shows: a game to the usual targets has fewer hands, so it shows them all."""
OLDER = 100
"""Lines each fetch of earlier hands brings."""


@dataclass(frozen=True)
class Lines:
    """Lines of the history, newest first, and how many hands come before them (0: none)."""

    lines: tuple[Markup, ...]
    older: int


def history_lines(game: Game, engine: Engine, editable: bool, *, before: int | None = None,
                  count: int = LATEST) -> Lines:
    """The `count` lines before hand `before` (the latest by default), from the kept pieces of their hands."""
    last = hand_pieces.last_number(engine)
    upto = last if before is None else min(before - 1, last)
    after = max(upto - count, 0)
    kind = GAMES.of(game)
    edited: list[frozenset[int]] = []  # read when a line is drawn, once

    def make(whole: Engine, number: int) -> str:
        hand = hand_pieces.hand_of(whole, number)
        if not edited:
            edited.append(records.edited_numbers(game))
        return render_template("_hand_line.html", game=game, kind=kind, engine=whole, editable=editable,
                               hand=hand, waiting=number == whole.waiting_number(), edited=number in edited[0])

    what = f"line {get_locale()} {'edit' if editable else 'view'}"
    kept = hand_pieces.kept(game, engine, what, make, after=after, upto=upto)
    return Lines(tuple(Markup(body) for _, body in reversed(kept)), after)  # noqa: S704  # our own render


def init_app(app: Flask) -> None:
    app.add_template_global(history_lines)
