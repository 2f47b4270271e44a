"""A game as the phone shows it, from the game as plain JSON: the one entry point the offline phone calls.

The phone runs this very engine under Pyodide when the server does not
answer (templates/offline/engine.js). It holds each game as the API shows it
(docs/api.md: `game`, `players`, `first_dealer`, `settings`, Dummy Hand's
`dummy_after`) with its entries in the API's hand format, and asks `board`
for everything its pages show: the totals, who deals next, the winner, the
status line and every hand's scores, explanation and nil reasons, as text
in the reader's language. `board_json` is the same from and to JSON text,
with a compiled gettext catalog (`.mo`) for the language.

Nothing here scores: the games' own parsers (`parse_hand`, `parse_deal`,
`Settings.parse`, `Table.create`) read the JSON, and their `Game` logs
score it, as they do on the server. A game that cannot be scored is a
`RuleError`, whose messages `board_json` returns as the API's 422 body.
"""

from __future__ import annotations

import gettext
import io
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from . import dummy_spades, piquet, spades, typed
from .errors import MalformedInput, NotAllowed, RuleError
from .hands import HandLog
from .phrases import N_, Phrase, Signed, phrase
from .registry import RULES_GAMES, Engine, rules_of

Say = Callable[[Phrase], str]
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


def parse_entry(engine: Engine, payload: object) -> Any:
    """The API's hand payload read by the game's own parser.

    :raises RuleError: when it cannot be read.
    """
    if isinstance(engine, dummy_spades.Game):
        return dummy_spades.parse_hand(engine.table, payload)
    if isinstance(engine, spades.Game):
        return spades.parse_hand(engine.table, payload)
    return piquet.parse_deal(payload)


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
        engine.replace(number, parse_entry(engine, typed_entry(game, fields)))
        return
    entry = parse_entry(engine, typed_entry(game, fields))
    completes = typed.number_or_text(next(iter(fields.get("completes") or ()), None))
    if isinstance(completes, int) and completes == engine.waiting_number():
        engine.replace(completes, entry)
    else:
        engine.add(entry)


def bids_preview(engine: Engine, preview: Mapping[str, Any], say: Say = str) -> dict[str, Any] | None:
    """What the Dummy Hand bids typed into the page's one-step form decide (`preview["fields"]`, name -> values),
    for hand `preview["number"]` (None: the next), as the server's preview says it (dummy_spades/_macros.html):
    `{"sides", "lines", "nils": [{"applies", "text"}]}`, or `{"refused": [...]}` when the three bids cannot stand
    together; None until the three are typed and each is taken (or in another game)."""
    if not isinstance(engine, dummy_spades.Game):
        return None
    table, settings = engine.table, engine.settings
    try:
        bids = typed.dummy_spades_hand(list(table.players), preview.get("fields") or {})["bids"]
        shown = dummy_spades.preview_bids(table, settings, preview.get("number") or engine.next_number(),
                                          dummy_spades.parse_hand(table, {"bids": bids}))
    except RuleError:
        return None
    bidding = shown.bidding
    if bidding is None:
        return {"refused": [say(line) for line in shown.refused]}
    return {"sides": say(bidding.sides), "lines": [say(line) for line in bidding.summary],
            "nils": [{"applies": nil.applies, "text": say(nil.reason)} for nil in bidding.nils_to_say(settings.style)]}


def board(game: Mapping[str, Any], say: Say = str) -> dict[str, Any]:
    """Everything a page of the game shows, as JSON-ready values; `say` puts a phrase into words.

    :raises RuleError: when the game cannot be scored.
    """
    return board_of(replay(game), game.get("game"), say)


def board_of(engine: Engine, kind: object, say: Say = str) -> dict[str, Any]:
    """`board` of the game's engine as it stands."""
    over = engine.is_over()
    hands = [_scored(result, say) for result in engine.results]
    if engine.waiting is not None:
        hands.append(_waiting(engine.waiting, say))
    outcome = engine.settlement_explanation() if isinstance(engine, piquet.Game) else None
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
        "entries": [_entry_dict(engine, entry) for entry in engine.entries],
        "hands": hands,
        **(_partie(engine) if isinstance(engine, piquet.Game) else
           _next_hand(engine, over) if isinstance(engine, HandLog) else {}),
    }


def _next_hand(engine: HandLog[Any, Any, Any], over: bool) -> dict[str, Any]:
    """What a Spades page says of the hand its form is for (the one waiting for its tricks, else the next): who
    bids in which order (the order of the form's bid rows) and who leads."""
    number = engine.waiting_number() or engine.next_hand_number()
    return {
        "next_bidding_order": None if over else list(engine.table.bidding_order(number)),
        "next_leader": None if over else engine.table.leader(number),
    }


def _partie(engine: piquet.Game) -> dict[str, Any]:
    """What a Piquet page shows besides: the deals planned (a Rubicon partie: 6, or 8 when level), who is elder
    and younger in the next deal, and the settlement once the partie is over (as the API has it)."""
    settlement = engine.settlement()
    over = engine.is_over()
    return {
        "deals_planned": engine.deals_planned(),
        "next_elder": None if over else engine.next_elder(),
        "next_younger": None if over else engine.next_younger(),
        "settlement": settlement and {"winner": settlement.winner, "points": settlement.points,
                                      "rubiconed": settlement.rubiconed},
    }


def _entry_dict(engine: Engine, entry: Any) -> dict[str, Any]:
    """An entry as the API stores it (what the phone sends the server)."""
    if isinstance(engine, dummy_spades.Game):
        return dummy_spades.hand_to_dict(entry)
    if isinstance(engine, spades.Game):
        return spades.hand_to_dict(entry)
    return piquet.deal_to_dict(entry)


def _scored(result: Any, say: Say) -> dict[str, Any]:
    """One scored hand: who holds a score (players, or teams in four-player Spades), each one's lines."""
    return {
        **_roles(result),
        "number": result.number,
        "dealer": result.dealer,
        "complete": True,
        "explanation": [say(line) for line in result.explanation],
        "scores": {name: {"delta": delta, "score": score, "explanation": [say(line) for line in lines]}
                   for name, delta, score, lines in _holders(result)},
        "nils": _nils(result, say),
    }


def _waiting(waiting: Any, say: Say) -> dict[str, Any]:
    """The last hand's first step: its explanation, what each side needs, its nils."""
    if isinstance(waiting, spades.Bidding):
        needs = [line for team in waiting.teams for line in waiting.needs(team.name)]
    else:
        needs = list(getattr(waiting, "needs", ()))
    return {
        **_roles(waiting),
        "number": waiting.number,
        "dealer": waiting.dealer,
        "complete": False,
        "explanation": [say(line) for line in waiting.explanation],
        "needs": [say(line) for line in needs],
        "scores": {},
        "nils": _nils(waiting, say),
    }


def _roles(deal: Any) -> dict[str, Any]:
    """A Piquet deal's elder and younger; waiting for its play, each player's points from the declarations."""
    if isinstance(deal, piquet.DeclaredDeal):
        return {"elder": deal.elder, "younger": deal.younger,
                "declared": {line.player: line.total for line in deal.players}}
    if isinstance(deal, piquet.DealResult):
        return {"elder": deal.elder, "younger": deal.younger}
    return {}


def _holders(result: Any) -> Iterator[tuple[str, int, int, Sequence[Phrase]]]:
    if isinstance(result, spades.HandResult):
        for team in result.teams:
            yield team.name, team.delta, team.score, result.explain(team.name)
    elif isinstance(result, dummy_spades.HandResult):
        for line in result.players:
            yield line.player, line.delta, line.score, result.explain(line.player)
    else:
        for deal_line in result.players:
            yield deal_line.player, deal_line.total, deal_line.score, ()


def _nils(step: Any, say: Say) -> list[dict[str, Any]]:
    """Dummy Hand's nils with why each applies or is void; four-player Spades' with who bid them."""
    if isinstance(step, (dummy_spades.HandResult, dummy_spades.Bidding)):
        return [{"bidder": nil.bidder, "hand": nil.hand, "applies": nil.applies, "made": nil.made,
                 "points": nil.points, "reason": say(nil.reason)} for nil in step.nils]
    if isinstance(step, spades.HandResult):
        return [{"player": nil.player, "team": nil.team, "blind": nil.blind, "made": nil.made, "points": nil.points}
                for nil in step.nils]
    if isinstance(step, spades.Bidding):
        return [{"player": nil.player, "team": nil.team, "blind": nil.blind, "made": None, "points": 0}
                for nil in step.nils]
    return []


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
    values, read by `typed.new_game`), the game it starts, as the API would show it (`"setup"`); an error names the
    new-game form's field as `input`.
    """
    say = sayer(language, catalog)
    inputs: dict[str, str] = {}
    try:
        game = json.loads(text)
        if "setup_fields" in game:
            typed_setup = typed.new_game(str(game.get("game")), game["setup_fields"])
            inputs = typed_setup.fields
            game = {**game, **typed_setup.payload}
        engine = replay(game)
        for change in game.get("changes") or ():
            inputs = typed_inputs(game, change.get("fields") or {})
            apply_change(engine, game, change)
        kind = game.get("game")
        shown = board_of(engine, kind, say)
        forms = [typed.typed_fields(kind, shown["players"], entry) for entry in _as_typed(engine, shown["entries"])]
        answer: dict[str, Any] = {"board": shown, "typed": forms}
        if "setup_fields" in game:
            answer["setup"] = setup_of(engine, kind)
        if "preview" in game:
            answer["preview"] = bids_preview(engine, game["preview"], say)
    except RuleError as error:
        answer = {"errors": [{"field": problem.field, "message": say(problem.message),
                              "input": inputs.get(problem.field)} for problem in error.errors]}
    return json.dumps(answer, ensure_ascii=False)


def setup_of(engine: Engine, kind: object) -> dict[str, Any]:
    """A game's setup as the API shows it (docs/api.md): the players' names as the engine keeps them, the first dealer,
    the settings, and where Dummy Hand's dummy sits."""
    setup = {"game": kind, "players": list(engine.table.players), "first_dealer": engine.table.first_dealer,
             "settings": engine.settings.to_dict()}
    if isinstance(engine, dummy_spades.Game):
        setup["dummy_after"] = engine.table.dummy_after
    return setup


def _as_typed(engine: Engine, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries as their forms would have typed them: a Piquet deal given as cards (through the API), by the
    declarations found in them, which the deal form has fields for."""
    if not isinstance(engine, piquet.Game):
        return entries
    return [piquet.deal_to_dict(replace(entry, declared=entry.declarations(), cards=None)) if entry.cards else stored
            for entry, stored in zip(engine.entries, entries)]


def typed_inputs(game: Mapping[str, Any], fields: typed.Fields) -> dict[str, str]:
    """Which field of the page's form each of the engine's error paths is about, for the hand typed last (Piquet's
    deal form: its errors are marked on the phone as the server's page marks them), of a game `replay` read."""
    return RULES_GAMES[game["game"]].typed_inputs(fields) if fields else {}


def board_in(text: str, language: str, catalogs: str) -> str:
    """`board_json` with the language's catalog read from the folder `catalogs` (`<language>.mo`; none: English)."""
    path = Path(catalogs) / f"{language}.mo"
    return board_json(text, language, path.read_bytes() if path.is_file() else None)
