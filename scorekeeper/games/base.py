"""What the pages and the API know about a game: the `GameKind` protocol.

A game is an engine in `rules/<game>/` (a `rules.log.Log`), a folder
`games/<game>/` whose `kind.py` defines `KIND` (an object that is a
`GameKind`), its templates in `templates/<game>/` and
`templates/rules/<game>.html`, and one entry in `games/__init__.py` that
registers `KIND` (docs/architecture.md, "Adding a game", lists every file).
Everything else (records, views, the API, exports, stats, the shared
templates) talks to a game only through its kind, so it never asks which
game it holds.

Message ids (titles, `Words`) are English text marked with `N_`; pages
translate them with gettext when they show them. Modules here may use the
models and the forms, never `records` or `transfer` (which use them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Protocol

from werkzeug.datastructures import MultiDict

from ..rules.errors import ErrorCollector, NotAllowed, RuleError
from ..rules.events import FinishedTable, Side
from ..rules.log import Log
from ..rules.phrases import N_, phrase
from ..web.charts import player_scores
from ..web.i18n import say
from .schemas import KindSchemas

if TYPE_CHECKING:
    from ..models import Game
    from ..rules.phrases import Phrase

Engine = Log[Any, Any, Any]
"""A game replayed by its rules engine: every engine is a `rules.log.Log`."""

Played = Sequence[tuple["Game", Engine]]
"""Stored games with their replayed engines: the games of a session, first to last."""

Counted = tuple[Engine, str, Sequence[Any]]
"""A game as a player's record counts it: its end (the engine), the player's name in it, its hands to count."""

RuleSentences = Mapping[str, Callable[[Mapping[str, Any]], str]]
"""Each setting of a game's new-game form by name, with what it does at the table for the values of a game's
settings (all of them, as a link gives them): one sentence in the reader's language
(`games/<game>/rule_sentences.py`)."""


@dataclass(frozen=True)
class Words:
    """The sentences that name a game's entries, as message ids: a hand's unless a game says otherwise (a deal).

    Each is a whole sentence, so that every language can phrase it its own
    way; `%(number)s` is the entry's number.
    """

    entry: str = N_("Hand")  # a column or an axis title
    entries: str = N_("Hands")  # the history's heading
    none_yet: str = N_("No hands yet.")
    after_end: str = N_("Hands recorded after the game ended are kept but not scored: %(numbers)s.")
    numbered: str = N_("Hand %(number)s")
    share_edit: str = N_("Anyone with this link can record and change hands.")
    recorded_meanwhile: str = N_("Another phone recorded hand %(number)s while you were typing.")
    undone_meanwhile: str = N_("Another phone undid hand %(number)s while you were typing.")
    nothing_saved: str = N_("Nothing was saved: check the hands, then enter hand %(number)s.")
    start_next: str = N_("Start hand %(number)s")
    chart_description: str = N_("Each player's running score, hand by hand. After hand %(number)s: %(scores)s.")
    chart_caption: str = N_("Running score after each hand")
    chart_caption_every: str = N_("Running score every %(step)s hands, and after the last")  # a long game's
    too_many: str = N_("A game can have at most %(max)s hands: start a new game to play on.")
    how_scored: str = N_("How hand %(number)s was scored")
    earlier: str = N_("Earlier hands: 1 to %(last)s")  # the history's link to the hands before those shown
    earlier_one: str = N_("Earlier hand: 1")
    undo: str = N_("Undo hand %(number)s")
    undo_question: str = N_("Undo hand %(number)s?")
    undo_confirmed: str = N_("Yes, undo hand %(number)s")
    redo: str = N_("Redo hand %(number)s")
    margin: str = N_("Margin: the score minus the table's average.")  # a club night's standings explained


@dataclass(frozen=True)
class Link:
    """A page of the game's own, offered on the home page: a Flask endpoint and its label (a message id)."""

    endpoint: str
    label: str


@dataclass(frozen=True)
class Column:
    """A figure of a player's standing beside the score (Spades: bags): its attribute and heading (a message id)."""

    field: str
    heading: str


@dataclass(frozen=True)
class Reference:
    """The score line drawn across the chart: its value, its label and its description (message ids with %(score)s)."""

    score: int
    label: str
    description: str


@dataclass(frozen=True)
class Setup:
    """What a game is played with: the engine's table (players, seats, first dealer) and settings."""

    table: Any
    settings: Any


class NewGameForm(Protocol):
    """The new-game screen: what was typed, as the API's create payload; made filled in from `data` (a link's
    settings, pages/rules_link.py), its fields found by name."""

    def __init__(self, *args: Any, data: dict[str, Any] | None = None, **kwargs: Any) -> None: ...
    def __contains__(self, name: str) -> bool: ...
    def __getitem__(self, name: str) -> Any: ...
    def validate_on_submit(self) -> bool: ...
    def is_submitted(self) -> bool: ...
    def payload(self) -> dict[str, Any]: ...
    def attach(self, error: RuleError) -> None: ...


class EntryForm(Protocol):
    """The screen for one entry (a hand, a deal), new or edited."""

    form_errors: list[str]

    @classmethod
    def for_hand(cls, table: Any, number: int, **kwargs: Any) -> EntryForm:
        """The form for entry `number` at this table; `kwargs` go to the FlaskForm (formdata, data)."""
        ...

    @classmethod
    def data_from(cls, entry: dict[str, Any], players: tuple[str, ...]) -> dict[str, Any]:
        """Form data for a stored entry, to edit it."""
        ...

    def validate_on_submit(self) -> bool: ...
    def is_submitted(self) -> bool: ...
    def payload(self) -> dict[str, Any]: ...
    def attach(self, error: RuleError) -> None: ...


class GameKind(Protocol):
    """One game, as the rest of the app sees it. A kind subclasses this and fills in each member with no default here.

    Identity and words:
      `name` is the game's id in URLs, in the API's "game" field and in the
      stored `Game.kind`; `title`, `new_game_title` and `rules_title` name
      it on pages; `words` say "hand" or "deal"; `player_count` seats it.
    Pages:
      `template_folder` holds `new.html`, `game.html` (with `_board.html`,
      the part live pages refresh, its `_standing.html`, and the entry form
      `entry_template`), `_hand_rows.html` (the history's lines, which the
      shared `_history.html` and `_hands.html` draw: the macros
      `scored_row` and `waiting_row`), `edit_hand.html`, `_summary_hands.html`,
      `_summary_facts.html` and `_stats.html` (and `_session.html` for a
      game whose `session_summary` can be other than None);
      `rules_template` is the rules page; `new_game_form` and `entry_form`
      are the screens (`house_settings`, `ticked_settings` and
      `linked_settings` say what a rules link carries of the first),
      `blank_styles` the styles its blank page for a game started offline
      comes in, and `form_context` what a typed entry form shows
      beside it; `links` are the game's own tools on the home page;
      `standing_heading` (who holds a score: "Player", or "Team"),
      `standing_columns`, `running_scores`, `chart_reference` and
      `outcome_note` complete the summary and the chart; `rule_sentences`
      say what each of its settings does at the table (house rules by link).
    Engine and storage:
      `read_setup` validates the API's create payload, `stored_settings`
      and `restore` carry the setup to and from the database,
      `parse_entry`/`entry_to_dict` read and write one entry, `replay`
      scores a log of entries, `next_game` says what "the next game at this
      table" means (Piquet: the next partie), and `stats` counts a player's
      games.
    JSON and CSV:
      `game_fields` and `result_object` complete the API's game object and
      hand result, and `waiting_object` is the result of a hand waiting for
      its play (what its first step decided); `csv_columns` and `csv_rows`
      are the CSV download; `json_schemas` describe its JSON shapes for the
      API's OpenAPI document (`games/<game>/schemas.py`).
    Club nights (these have defaults: each player a side, a hand limit per round):
      `sides_per_table` and `table_sides` say how a finished table's sides
      are placed (four-player Spades: two teams; Piquet: by the
      settlement), `counts_hands` whether a table can end after the event's
      hands per round, and `table_settings` what a table's game is set to.
    """

    name: str
    title: str
    new_game_title: str
    rules_title: str
    player_count: int
    # The styles a blank page for a game started offline may be asked in (`/new/<kind>/blank?style=`), besides none.
    blank_styles: tuple[str, ...] = ()
    # The settings its new-game form offers, in the form's order, as a rules link names them (pages/house_rules.py),
    # and those of them that are boxes (an unticked box is not sent).
    house_settings: tuple[str, ...]
    ticked_settings: tuple[str, ...] = ()
    words: Words
    template_folder: str
    rules_template: str
    new_game_form: type[NewGameForm]
    entry_form: type[EntryForm]
    entry_template: str = "_hand_form.html"
    links: tuple[Link, ...] = ()
    standing_heading: str = N_("Player")
    standing_columns: tuple[Column, ...] = ()
    csv_columns: tuple[str, ...]
    json_schemas: KindSchemas
    rule_sentences: RuleSentences

    # A club night's table (docs/api.md, "Club nights"): its sides and what a table's game is set to play.
    sides_per_table: int = 0  # 0: each player is a side (`player_count` sides)
    counts_hands: bool = True  # whether a table's game can end after the event's hands per round

    def table_sides(self, engine: Engine) -> FinishedTable:
        """A finished game's sides and final scores, as the event's standings place them: each player by default."""
        return FinishedTable(tuple(Side((name,), score) for name, score in engine.scores().items()))

    def table_settings(self, settings: Mapping[str, Any], hands_per_round: int | None) -> dict[str, Any]:
        """The settings of a table's game: the event's, ending after `hands_per_round` complete hands if given."""
        return {**settings, "hand_limit": hands_per_round} if hands_per_round is not None else dict(settings)

    def linked_settings(self, settings: MultiDict[str, str]) -> MultiDict[str, str]:
        """What a rules link keeps of the settings of a new-game form (pages/rules_link.py): all of them by default."""
        return settings

    def template(self, name: str) -> str:
        """One of the game's templates, e.g. `template("_board.html")`."""
        return f"{self.template_folder}/{name}"

    def form_context(self, form: Any) -> dict[str, Any]:
        """Template variables for an entry form as typed (Piquet: who is good, whether pique is asked)."""
        return {}

    # Engine and storage

    def read_setup(self, data: Mapping[str, Any]) -> Setup:
        """The table and settings of the API's create payload (players, first_dealer, settings, ...).

        :raises RuleError: listing every problem, fields named as in the payload.
        """
        ...

    def stored_settings(self, setup: Setup) -> dict[str, Any]:
        """What `Game.settings` keeps of a setup; `restore` reads it back."""
        return dict(setup.settings.to_dict())

    def restore(self, game: Game) -> Setup:
        """The setup of a stored game."""
        ...

    def parse_entry(self, table: Any, data: object) -> Any:
        """One entry (the API's hand payload) read for this table.

        :raises RuleError: naming the fields of the payload.
        """
        ...

    def entry_to_dict(self, entry: Any) -> dict[str, Any]:
        """An entry as stored and as the API shows it; `parse_entry` reads it back."""
        ...

    def replay(self, setup: Setup, entries: Sequence[Any]) -> Engine:
        """The engine's game with these entries scored in order.

        :raises RuleError: when an entry cannot be scored where it stands.
        """
        ...

    def next_game(self, setup: Setup, engine: Engine) -> Setup:
        """The setup of the game played next at this table, in the same session; by default there is none.

        :raises NotAllowed: field ``game``, when this game is not followed
            by another (or not yet).
        """
        raise NotAllowed.single("game", phrase(
            N_("Only Rubicon Piquet is played in parties: start a new game instead.")))

    def session_summary(self, engine: Engine, played: Played) -> Any:
        """What `_session.html` shows of the session `played` (this game alone outside a session), or None."""
        return None

    def stats(self, played: Sequence[Counted]) -> Any:
        """A player's record over games, each given with the player's name in it and the hands to count
        (games/stats.py); `_stats.html` shows it."""
        ...

    # Pages

    def running_scores(self, result: Any) -> Mapping[str, int]:
        """The running scores after one scored entry, keyed as the engine's `totals` (players; teams in Spades)."""
        return player_scores(result)

    def chart_reference(self, engine: Engine) -> Reference:
        """The score the chart marks: the target to reach (`target_reference`), or the Rubicon."""
        ...

    def outcome_note(self, engine: Engine) -> Phrase | None:
        """A sentence that explains the result beyond the status line (Piquet's settlement), or None."""
        return None

    # JSON and CSV

    def game_fields(self, engine: Engine, played: Played) -> dict[str, Any]:
        """The fields the game adds to the API's game object (docs/api.md), for the session `played`."""
        ...

    def result_object(self, result: Any) -> dict[str, Any]:
        """One scored entry as the API's hand result (docs/api.md), with its entry and explanation."""
        ...

    def waiting_object(self, waiting: Any) -> dict[str, Any]:
        """The last entry's first step (`engine.waiting`) as an API hand result (docs/api.md "A hand in two steps")."""
        ...

    def hand_result(self, step: Any, fields: Mapping[str, Any]) -> dict[str, Any]:
        """A scored entry or a first step as the API's hand result: its number and dealer, the game's own
        `fields`, then the entry and the explanation (what `result_object` and `waiting_object` share)."""
        return {
            "number": step.number,
            "dealer": step.dealer,
            **fields,
            "entry": self.entry_to_dict(step.entry),
            "explanation": [say(line) for line in step.explanation],
        }

    def csv_rows(self, engine: Engine) -> Iterator[list[Any]]:
        """The CSV download's rows under `csv_columns`: one per entry and player, in seating order.

        Entries kept after the end of the game come last, with what was entered and no scores.

        Names go through `spreadsheet.cell`, so that no spreadsheet runs them as formulas.
        """
        ...


def read_both(read_table: Callable[[], Any], read_settings: Callable[[], Any]) -> Setup:
    """A setup from its two readers, with the errors of both reported at once (the settings' first).

    :raises RuleError: listing every problem.
    """
    errors = ErrorCollector()

    def attempt(read: Callable[[], Any]) -> Any:
        try:
            return read()
        except RuleError as error:
            errors.errors.extend(error.errors)
            return None

    settings = attempt(read_settings)
    table = attempt(read_table)
    errors.raise_if_any()
    return Setup(table, settings)


def target_reference(target: int) -> Reference:
    """The chart's line at the score that wins the game."""
    return Reference(target, N_("Target %(score)s"), N_("The dotted line marks the target, %(score)s."))


def standing_object(standing: Any) -> dict[str, Any]:
    """A player's standing as the API's `totals` show it: `{"score": 71, "bags": 1}`."""
    return asdict(standing)


class Registry(Mapping[str, GameKind]):
    """The games by name, in the order pages list them."""

    def __init__(self, *kinds: GameKind):
        self._kinds = {kind.name: kind for kind in kinds}

    def __getitem__(self, name: str) -> GameKind:
        return self._kinds[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._kinds)

    def __len__(self) -> int:
        return len(self._kinds)

    def find(self, name: object) -> GameKind | None:
        """The game called `name`, or None (for any other value, too)."""
        return self._kinds.get(name) if isinstance(name, str) else None

    def of(self, game: Game) -> GameKind:
        """The kind of a stored game."""
        return self._kinds[game.kind]
