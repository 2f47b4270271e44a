"""A game as the phone shows it, from the game as plain JSON: the one entry point the offline phone calls.

The phone runs this very engine under Pyodide when the server does not
answer (templates/offline/engine.js). It holds each game as the API shows it
(docs/api.md: `game`, `players`, `first_dealer`, `settings`, Dummy Hand's
`dummy_after`) with its entries in the API's hand format, and asks `board`
for everything its pages show: the totals, who deals next, the winner, the
status line and every hand's scores, explanation and nil reasons, as text
in the reader's language. `board_json` is the same from and to JSON text,
with a compiled gettext catalog (`.mo`) for the language.

Nothing here scores, and nothing asks which game it holds: the games' own
parsers (`Game.parse_entry`, `Settings.parse`, `Table.create`) read the JSON,
their `Game` logs score it, as they do on the server, and each `Game` answers
the hooks of `rules.log.Log` for what only it shows (Piquet's elder, Spades'
nils). A game that cannot be scored is a
`RuleError`, whose messages `board_json` returns as the API's 422 body.
"""

from __future__ import annotations

import gettext
import io
import json
from collections.abc import Callable, Mapping
from dataclasses import asdict
from pathlib import Path
from typing import Any

from . import typed
from .errors import MalformedInput, NotAllowed, RuleError
from .log import Say
from .phrases import N_, Signed, phrase
from .registry import RULES_GAMES, Engine, rules_of, typed_fields, typed_setup

TYPOGRAPHIC_MINUS = "\u2212"
# How each language separates a number's thousands, as Babel writes them on the server (CLDR).
THOUSANDS = {"en": ",", "de": ".", "fr": "\u202f", "es": "."}


def replay(game: Mapping[str, Any]) -> Engine:
    """The game's engine with its entries scored in order (`game["entries"]`, the API's hand payloads).

    :raises RuleError: when the setup or an entry cannot be read or scored.
    """
    rules = rules_of(game.get("game"))
    if rules is not None:
        return rules.replay(game)
    choices = ", ".join(f"“{name}”" for name in RULES_GAMES)
    raise MalformedInput.single("game", phrase(N_("The game must be one of %(choices)s."), choices=choices))


def typed_entry(game: Mapping[str, Any], fields: typed.Fields) -> dict[str, Any]:
    """A hand typed into the game's page form (`rules.typed`), as the API's hand payload (of a game `replay` read)."""
    return RULES_GAMES[game["game"]].typed_entry(list(game.get("players") or ()), fields)


def apply_change(engine: Engine, game: Mapping[str, Any], change: Mapping[str, Any]) -> None:
    """A change made on the phone, applied as the server applies it: a hand typed into the page's form recorded as
    new (checked as a new entry is, `check_new`), or completing the hand waiting for its play (the form's
    `completes`); `{"edit": number, "fields": ...}`, hand `number` replaced by the one typed into its edit form and
    every later one scored again; or `{"undo": number}`, the last hand undone.

    :raises RuleError: when the server would refuse it.
    """
    if "undo" in change:
        if change["undo"] != len(engine.entries) or not engine.entries:
            raise NotAllowed.single("undo", phrase(N_("Only the last hand can be removed.")))
        engine.undo()
        return
    fields = change["fields"]
    if "edit" in change:
        number = change["edit"]
        if not isinstance(number, int) or not 1 <= number <= len(engine.entries):
            raise NotAllowed.single("edit", phrase(N_("There is no hand %(number)s."), number=number))
        engine.replace(number, engine.parse_entry(typed_entry(game, fields)))
        return
    entry = engine.parse_entry(typed_entry(game, fields))
    completes = typed.number_or_text(next(iter(fields.get("completes") or ()), None))
    if isinstance(completes, int) and completes == engine.waiting_number():
        engine.replace(completes, entry)
    else:
        engine.add(entry)


def bids_preview(engine: Engine, game: Mapping[str, Any], preview: Mapping[str, Any], say: Say = str
                 ) -> dict[str, Any] | None:
    """What the bids typed into the page's one-step form decide (`preview["fields"]`, name -> values), for hand
    `preview["number"]` (None: the next), as the game's own preview says it (`Log.bids_preview`; None in a game
    without one), of a game `replay` read."""
    try:
        hand = typed_entry(game, preview.get("fields") or {})
    except RuleError:
        return None
    return engine.bids_preview(hand, preview.get("number") or engine.next_number(), say)


def board(game: Mapping[str, Any], say: Say = str) -> dict[str, Any]:
    """Everything a page of the game shows, as JSON-ready values; `say` puts a phrase into words.

    :raises RuleError: when the game cannot be scored.
    """
    return board_of(replay(game), game.get("game"), say)


def board_of(engine: Engine, kind: object, say: Say = str) -> dict[str, Any]:
    """`board` of the game's engine as it stands."""
    over = engine.is_over()
    hands = [_scored(engine, result, say) for result in engine.results]
    if engine.waiting is not None:
        hands.append(_waiting(engine, engine.waiting, say))
    outcome = engine.settlement_explanation()
    return {
        "game": kind,
        "players": list(engine.table.players),
        "settings": engine.settings.to_dict(),
        "status": "finished" if over else "in_progress",
        "status_line": say(engine.status_line()),
        "outcome": outcome and say(outcome),
        "winner": engine.winner(),
        "next_dealer": None if over else engine.next_dealer(),
        "next_number": engine.next_number(),
        "waiting_number": engine.waiting_number(),
        "after_end": list(engine.after_end),
        "totals": {name: asdict(standing) for name, standing in engine.totals().items()},
        "entries": [engine.entry_to_dict(entry) for entry in engine.entries],
        "hands": hands,
        **engine.page_facts(),
    }


def _scored(engine: Engine, result: Any, say: Say) -> dict[str, Any]:
    """One scored hand: who holds a score (players, or teams in four-player Spades), each one's lines."""
    return {
        **engine.roles(result),
        "number": result.number,
        "dealer": result.dealer,
        "complete": True,
        "explanation": [say(line) for line in result.explanation],
        "scores": {name: {"delta": delta, "score": score, "explanation": [say(line) for line in lines]}
                   for name, delta, score, lines in engine.holders(result)},
        "nils": engine.nils(result, say),
    }


def _waiting(engine: Engine, waiting: Any, say: Say) -> dict[str, Any]:
    """The last hand's first step: its explanation, what each side needs, its nils."""
    return {
        **engine.roles(waiting),
        "number": waiting.number,
        "dealer": waiting.dealer,
        "complete": False,
        "explanation": [say(line) for line in waiting.explanation],
        "needs": [say(line) for line in engine.needs(waiting)],
        "scores": {},
        "nils": engine.nils(waiting, say),
    }


def number_writer(language: str) -> Callable[[object], object]:
    """How the server writes a phrase's numbers in `language` (its thousands, a typographic minus, signs)."""
    separator = THOUSANDS.get(language, THOUSANDS["en"])

    def written(value: int) -> str:
        text = f"{abs(value):,}".replace(",", separator)
        return f"{TYPOGRAPHIC_MINUS}{text}" if value < 0 else text

    def write(value: object) -> object:
        if isinstance(value, Signed):
            return f"+{written(value.value)}" if value.value > 0 else written(value.value)
        if isinstance(value, int) and not isinstance(value, bool):
            return written(value)
        return value

    return write


def sayer(language: str, catalog: bytes | None) -> Say:
    """Phrases in `language`, translated by its compiled catalog (None: the English message ids)."""
    translations = gettext.GNUTranslations(io.BytesIO(catalog)) if catalog else gettext.NullTranslations()
    write = number_writer(language)
    return lambda line: line.render(translations.gettext, write)


def board_json(text: str, language: str = "en", catalog: bytes | None = None) -> str:
    """`board` from and to JSON text: `{"board": ...}`, or the API's 422 body `{"errors": [...]}`.

    With `"changes"` beside the game (made on the phone, in order: `{"fields": ...}` a hand typed into the page's
    form, name -> values; `{"edit": number, "fields": ...}` a hand changed in its edit form; `{"undo": number}` the
    last hand undone), the board of the game with those changes, and the fields each entry's form would send
    (`"typed"`, to edit it); an error about the hand typed last names the form's field as `input` where it is known
    (else None). With `"preview"` (`{"fields": ..., "number": ...}`, bids typed into the one-step form), also what
    they decide (`bids_preview`), for the phone to say when the server cannot.

    With `"setup_fields"` in place of the players and settings (a new game's form as typed on the phone, name ->
    values, read by `registry.typed_setup`), the game it starts, as the API would show it (`"setup"`); an error names
    the new-game form's field as `input`.
    """
    say = sayer(language, catalog)
    inputs: dict[str, str] = {}
    try:
        game = json.loads(text)
        if "setup_fields" in game and rules_of(game.get("game")) is not None:  # else `replay` names the games
            setup = typed_setup(game["game"], game["setup_fields"])
            inputs = setup.fields
            game = {**game, **setup.payload}
        engine = replay(game)
        for change in game.get("changes") or ():
            inputs = typed_inputs(game, change.get("fields") or {})
            apply_change(engine, game, change)
        kind = game.get("game")
        shown = board_of(engine, kind, say)
        forms = [typed_fields(kind, shown["players"], engine.as_typed(entry, stored))
                 for entry, stored in zip(engine.entries, shown["entries"])]
        answer: dict[str, Any] = {"board": shown, "typed": forms}
        if "setup_fields" in game:
            answer["setup"] = setup_of(engine, kind)
        if "preview" in game:
            answer["preview"] = bids_preview(engine, game, game["preview"], say)
    except RuleError as error:
        answer = {"errors": [{"field": problem.field, "message": say(problem.message),
                              "input": inputs.get(problem.field)} for problem in error.errors]}
    return json.dumps(answer, ensure_ascii=False)


def setup_of(engine: Engine, kind: object) -> dict[str, Any]:
    """A game's setup as the API shows it (docs/api.md): the players' names as the engine keeps them, the first dealer,
    the settings, and where Dummy Hand's dummy sits."""
    return {"game": kind, "players": list(engine.table.players), "first_dealer": engine.table.first_dealer,
            "settings": engine.settings.to_dict(), **engine.setup_facts()}


def typed_inputs(game: Mapping[str, Any], fields: typed.Fields) -> dict[str, str]:
    """Which field of the page's form each of the engine's error paths is about, for the hand typed last (Piquet's
    deal form: its errors are marked on the phone as the server's page marks them), of a game `replay` read."""
    return RULES_GAMES[game["game"]].typed_inputs(fields) if fields else {}


def board_in(text: str, language: str, catalogs: str) -> str:
    """`board_json` with the language's catalog read from the folder `catalogs` (`<language>.mo`; none: English)."""
    path = Path(catalogs) / f"{language}.mo"
    return board_json(text, language, path.read_bytes() if path.is_file() else None)
