"""Three-Player "Dummy Hand" Spades: the game as a replayable log of hands (RULES.md Part A)."""

from __future__ import annotations

from collections.abc import Iterable

from ..hands import Standing
from ..log import Log
from ..names import names_phrase
from ..phrases import N_, Phrase, phrase
from .entry import HandEntry
from .scoring import Bidding, HandResult, decide_bids, score_hand
from .table import Settings, Table


class Game(Log[HandEntry, HandResult, Bidding]):
    """A game as a replayable log of hand entries (see `rules.log`)."""

    NO_SUCH_ENTRY = N_("There is no hand %(number)s.")
    NOTHING_TO_UNDO = N_("There is no hand to undo.")
    WAITING = N_("Hand %(number)s is waiting for its tricks: enter them (or undo the hand) first.")
    ONLY_LAST_WAITS = N_("Only the last hand can wait for its tricks: enter the tricks of hand %(number)s.")
    table: Table
    settings: Settings

    def __init__(self, table: Table, settings: Settings, entries: Iterable[HandEntry] = ()):
        self.table = table
        self.settings = settings
        super().__init__(entries)

    @property
    def hands(self) -> tuple[HandResult, ...]:
        """The scored hands."""
        return self.results

    def score_next(self, entry: HandEntry) -> HandResult:
        """Score the next hand from the standings after the last one.

        :raises MalformedInput: if the entry does not fit the table.
        """
        return score_hand(self.table, self.settings, self.next_number(), entry, self.totals())

    def first_step(self, entry: HandEntry) -> Bidding | None:
        """The bidding of a hand recorded without its tricks; None for a whole hand."""
        return None if entry.complete else decide_bids(self.table, self.next_number(), entry)

    def refusal_when_over(self) -> Phrase:
        return phrase(N_("This game is over: %(winner)s has won."), winner=self.winner() or "")

    def totals(self) -> dict[str, Standing]:
        """Every real player's score and bags, in seating order."""
        last = self.last_result()
        if last is None:
            return {player: Standing() for player in self.table.players}
        return {mine.player: Standing(mine.score, mine.bags) for mine in last.players}

    def leaders(self) -> tuple[str, ...]:
        """The players sharing the highest score, in seating order."""
        totals = self.totals()
        top = max(standing.score for standing in totals.values())
        return tuple(player for player, standing in totals.items() if standing.score == top)

    def winner(self) -> str | None:
        """The single highest score at or above the target (A8), or None."""
        leaders = self.leaders()
        if len(leaders) == 1 and self.totals()[leaders[0]].score >= self.settings.target:
            return leaders[0]
        return None

    def is_over(self) -> bool:
        """True once somebody has won."""
        return self.winner() is not None

    def status_line(self) -> Phrase:
        """Who has won, a tie at the top past the target, or the target to reach."""
        winner = self.winner()
        top = self.totals()[self.leaders()[0]].score
        if winner is not None:
            return phrase(N_("%(winner)s wins with %(score)s."), winner=winner, score=top)
        if top >= self.settings.target:
            return phrase(
                N_("%(players)s are tied on %(score)s at the top: play continues."),
                players=names_phrase(self.leaders()),
                score=top,
            )
        return phrase(N_("First to %(target)s wins."), target=self.settings.target)

    def next_hand_number(self) -> int:
        """The number the next recorded hand gets."""
        return self.next_number()

    def next_bidding_order(self) -> tuple[str, ...]:
        """The bidding order of the next hand."""
        return self.table.bidding_order(self.next_hand_number())

    def next_leader(self) -> str:
        """Who makes the opening lead of the next hand."""
        return self.table.leader(self.next_hand_number())

