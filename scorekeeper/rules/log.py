"""The replay log every game shares: a game is the list of its entries, scored in order.

Like python-chess's move stack: what the table entered is the whole truth,
and every score is derived from it. Each entry is scored from the result
before it (the running state: every result carries the running totals),
so `add` and `undo` cost one entry whatever the length of the game, and
`replace` re-scores from the replaced entry on. Entries recorded after the
game ended (an edit can end it earlier) are kept unscored, numbered in
`after_end`.

An entry may be recorded in two steps, as the hand happens: the bids (or
the declarations) first, the play later. The last entry alone may wait for
its play: `first_step` says what its first step decides (who declares,
which nils apply), it counts in no total, no entry can follow it, and
`replace` with the whole entry completes it exactly as `add` would have
scored it in one step.

A log's `running_state` (its count of entries, its last results, the
entries after the end, the first step of an entry waiting for its play)
is all that scoring the next entry needs: a log `resume`d from it appends
as the whole log would, without its earlier entries, so an append costs
the same on hand 3 and hand 300.

A game subclasses `Log` and says how one entry is scored (`score_next`),
when the game is over, who wins, and how it words its refusals. `Log`
is also the one interface the pages and the API read every game through:
what the phone's board shows of a game (rules/board.py) it asks the game's
own hooks (`parse_entry`, `holders`, `page_facts`...), as python-chess's
variants override a board's, never which game it holds.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .errors import EntryWaiting, NotAllowed, RuleError
from .phrases import Phrase, phrase

Say = Callable[[Phrase], str]
"""Puts a phrase into words (the reader's language)."""
EntryT = TypeVar("EntryT")
ResultT = TypeVar("ResultT")
WaitingT = TypeVar("WaitingT")


class Table(Protocol):
    """Who sits at the table, and who deals which entry."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def first_dealer(self) -> str: ...

    def dealer(self, number: int) -> str:
        """Who deals entry `number` (from 1)."""
        ...


class Settings(Protocol):
    """A game's settings; `to_dict` gives them as the API shows them."""

    def to_dict(self) -> dict[str, object]: ...


@dataclass(frozen=True)
class RunningState(Generic[ResultT, WaitingT]):
    """What a log needs to score its next entry: how many entries it holds and its last results.

    `results` are the last `Log.RESULTS_KEPT` results; `after_end` numbers the entries kept unscored; `waiting`
    is the first step of the last entry while it waits for its play.
    """

    count: int
    results: tuple[ResultT, ...]
    after_end: tuple[int, ...]
    waiting: WaitingT | None = None


class ResumedLog(RuntimeError):
    """A resumed log was asked for what it no longer holds: its earlier entries and results."""


@dataclass(frozen=True)
class Standing:
    """A player's running score; a game's own standing may carry more (Spades adds bags)."""

    score: int = 0


class Log(ABC, Generic[EntryT, ResultT, WaitingT]):
    """A game as a log of entries (hands, deals), with exact undo and replay.

    Subclasses set `NO_SUCH_ENTRY` ("There is no hand %(number)s."),
    `NOTHING_TO_UNDO`, `WAITING` ("Hand %(number)s is waiting for its
    tricks: ...") and `ONLY_LAST_WAITS`, and call
    ``super().__init__(entries)`` once the table and settings that scoring
    needs are in place.
    """

    NO_SUCH_ENTRY: ClassVar[str]
    NOTHING_TO_UNDO: ClassVar[str]
    WAITING: ClassVar[str]
    ONLY_LAST_WAITS: ClassVar[str]
    # How many of the last results scoring the next entry (and is_over, totals, winner) reads.
    RESULTS_KEPT: ClassVar[int] = 1
    table: Table
    settings: Settings

    def __init__(self, entries: Iterable[EntryT] = ()) -> None:
        """Score `entries` in order.

        :raises RuleError: when an entry cannot be scored where it stands.
        """
        self._entries: list[EntryT] = []
        self._results: list[ResultT] = []
        self._after_end: list[int] = []
        self._waiting: WaitingT | None = None
        self._skipped = 0  # entries before `_entries` that a resumed log does not hold
        self._score_from(0, list(entries))

    def running_state(self) -> RunningState[ResultT, WaitingT]:
        """What `resume` needs to go on appending from here."""
        kept = self.RESULTS_KEPT
        results = self._results[-kept:] if kept else []
        return RunningState(self.next_number() - 1, tuple(results), tuple(self._after_end), self._waiting)

    def resume(self, state: RunningState[ResultT, WaitingT]) -> None:
        """Go on from `state`, the running state of this game's log (table and settings as here).

        A resumed log adds entries exactly as the whole log would; it no
        longer holds its earlier entries, so `entries`, `results`, `replace`
        and `undo` raise `ResumedLog` (replay the log for those).
        """
        if self._entries:
            raise ResumedLog("only an empty log can resume")
        self._results = list(state.results)
        self._after_end = list(state.after_end)
        self._waiting = state.waiting
        self._skipped = state.count

    @abstractmethod
    def score_next(self, entry: EntryT) -> ResultT:
        """Score `entry` as entry number `next_number()`, from the results so far.

        :raises RuleError: when the entry cannot be scored there.
        """

    def first_step(self, entry: EntryT) -> WaitingT | None:
        """What `entry`'s first step decides, as entry number `next_number()`, when it waits for its play.

        None for an entry that is complete (the default: every entry is).

        :raises RuleError: when the first step cannot be scored there.
        """
        return None

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the results so far end the game."""

    @abstractmethod
    def refusal_when_over(self) -> Phrase:
        """Why no entry can be added once the game is over."""

    @abstractmethod
    def totals(self) -> Mapping[str, Standing]:
        """Every player's standing after the last scored entry, in seating order."""

    @abstractmethod
    def winner(self) -> str | None:
        """Who has won, once somebody has (None while playing, and for a draw)."""

    @abstractmethod
    def status_line(self) -> Phrase:
        """Where the game stands, in one sentence."""

    @abstractmethod
    def parse_entry(self, payload: object) -> EntryT:
        """The API's payload of one entry, read for this game's table.

        :raises RuleError: when it cannot be read.
        """

    @abstractmethod
    def entry_to_dict(self, entry: EntryT) -> dict[str, Any]:
        """An entry as the API stores it; `parse_entry` reads it back."""

    @abstractmethod
    def holders(self, result: ResultT) -> Iterator[tuple[str, int, int, Sequence[Phrase]]]:
        """Who holds a score after a scored entry (players, or teams), each with the entry's points, the running
        score and the lines that explain them."""

    def hand_limit(self) -> int | None:
        """After how many complete hands the settings end the game (a club night's table); None: no such limit."""
        return None

    def settlement_explanation(self) -> Phrase | None:
        """How a finished game settles, in words, where the game has a settlement (None by default)."""
        return None

    def page_facts(self) -> dict[str, Any]:
        """What a page of the game shows besides every game's fields (who bids or is elder next...), JSON-ready."""
        return {}

    def setup_facts(self) -> dict[str, Any]:
        """What the game's setup holds besides its players, first dealer and settings, as the API shows it."""
        return {}

    def as_typed(self, entry: EntryT, stored: dict[str, Any]) -> dict[str, Any]:
        """An entry (`stored`: as the API stores it) as its page's form would have typed it."""
        return stored

    def roles(self, step: ResultT | WaitingT) -> dict[str, Any]:
        """The roles the players hold in an entry (scored, or waiting for its play), JSON-ready; none by default."""
        return {}

    def needs(self, waiting: WaitingT) -> Sequence[Phrase]:
        """What each side needs in the entry waiting for its play, in words; nothing by default."""
        return ()

    def nils(self, step: ResultT | WaitingT, say: Say) -> list[dict[str, Any]]:
        """The nils of an entry (scored, or waiting for its play), JSON-ready; none by default."""
        return []

    def bids_preview(self, payload: Mapping[str, Any], number: int, say: Say) -> dict[str, Any] | None:
        """What the bids of a hand being typed (`payload`, the API's hand) decide for hand `number`, as the page's
        preview says it; None in a game whose form has no preview, or until the bids can stand."""
        return None

    @property
    def is_resumed(self) -> bool:
        """Whether this log went on from a running state and holds only what appending needs."""
        return bool(self._skipped)

    @property
    def entries(self) -> tuple[EntryT, ...]:
        """Every recorded entry, scored or not."""
        self._check_whole()
        return tuple(self._entries)

    @property
    def results(self) -> tuple[ResultT, ...]:
        """The scored entries' results, in order."""
        self._check_whole()
        return tuple(self._results)

    @property
    def waiting(self) -> WaitingT | None:
        """The last entry's first step, while that entry waits for its play; None otherwise."""
        return self._waiting

    @property
    def after_end(self) -> tuple[int, ...]:
        """The numbers of the entries recorded after the game had ended, not scored."""
        return tuple(self._after_end)

    def last_result(self) -> ResultT | None:
        """The result of the last scored entry: the running state the next entry starts from."""
        return self._results[-1] if self._results else None

    def next_number(self) -> int:
        """The number the next recorded entry gets (from 1)."""
        return self._skipped + len(self._entries) + 1

    def waiting_number(self) -> int | None:
        """The number of the entry waiting for its play, if one is."""
        return self.next_number() - 1 if self._waiting is not None else None

    def next_dealer(self) -> str:
        """Who deals the next entry."""
        return self.table.dealer(self.next_number())

    def current_dealer(self) -> str:
        """Who dealt the cards on the table: the dealer of the entry waiting for its play, else the next one's."""
        return self.table.dealer(self.waiting_number() or self.next_number())

    def scores(self) -> dict[str, int]:
        """Every player's running score, in seating order."""
        return {name: standing.score for name, standing in self.totals().items()}

    def check_new(self, entry: EntryT) -> None:
        """Refuse an entry being recorded or replaced that a replay would still score.

        For rules that hold at the moment of play only (four-player Spades
        checks a Blind Nil's margin against the scores of that moment), so
        correcting an earlier entry never undoes what the table played.
        Nothing by default.

        :raises RuleError: for an entry the rules do not allow now.
        """

    def add(self, entry: EntryT) -> ResultT | WaitingT:
        """Score and record the next entry (or its first step); on error nothing changes.

        :raises EntryWaiting: field ``game`` while the last entry waits for its play.
        :raises NotAllowed: field ``game`` when the game is over.
        :raises RuleError: when the entry cannot be scored.
        """
        if self._waiting is not None:
            raise EntryWaiting.single("game", phrase(self.WAITING, number=self.next_number() - 1))
        if self.is_over():
            raise NotAllowed.single("game", self.refusal_when_over())
        self.check_new(entry)
        return self._append(entry)

    def replace(self, number: int, entry: EntryT) -> None:
        """Replace entry `number` (from 1) and re-score it and everything after it; on error nothing changes.

        :raises NotAllowed: field ``number`` for an entry that does not exist.
        :raises RuleError: when the new log cannot be scored.
        """
        self._check_whole()
        if not 1 <= number <= len(self._entries):
            raise NotAllowed.single("number", phrase(self.NO_SUCH_ENTRY, number=number))
        kept = min(number - 1, len(self._results))  # every entry before `kept` was scored
        self._score_from(kept, [*self._entries[kept:number - 1], entry, *self._entries[number:]], new=number)

    def undo(self) -> EntryT:
        """Remove the last recorded entry and return it.

        :raises NotAllowed: field ``game`` when no entry has been recorded.
        """
        self._check_whole()
        if not self._entries:
            raise NotAllowed.single("game", phrase(self.NOTHING_TO_UNDO))
        number = len(self._entries)
        if self._after_end and self._after_end[-1] == number:
            self._after_end.pop()
        elif self._waiting is not None:
            self._waiting = None
        else:
            self._results.pop()
        return self._entries.pop()

    def _check_whole(self) -> None:
        if self._skipped:
            raise ResumedLog("a resumed log holds only what appending needs: replay the log")

    def _append(self, entry: EntryT) -> ResultT | WaitingT:
        waiting = self.first_step(entry)
        if waiting is not None:
            self._entries.append(entry)
            self._waiting = waiting
            return waiting
        result = self.score_next(entry)
        self._entries.append(entry)
        self._results.append(result)
        return result

    def _score_from(self, kept: int, entries: list[EntryT], *, new: int | None = None) -> None:
        """Keep the first `kept` scored entries, then score `entries` after them; on error nothing changes.

        `new` is the number of the entry being recorded, which `check_new` checks.
        """
        before = (self._entries, self._results, self._after_end, self._waiting)
        self._entries, self._results, self._after_end, self._waiting = before[0][:kept], before[1][:kept], [], None
        try:
            for entry in entries:
                if self.is_over():
                    self._entries.append(entry)
                    self._after_end.append(len(self._entries))
                    continue
                if self._waiting is not None:
                    raise NotAllowed.single("tricks", phrase(self.ONLY_LAST_WAITS, number=len(self._entries)))
                if self.next_number() == new:
                    self.check_new(entry)
                self._append(entry)
        except RuleError:
            self._entries, self._results, self._after_end, self._waiting = before
            raise
