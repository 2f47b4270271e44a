"""Three-Player "Dummy Hand" Spades: the game as a replayable log of hands (RULES.md Part A)."""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import MalformedInput, NotAllowed
from ..phrases import N_, Phrase, phrase
from .entry import HandEntry
from .scoring import HandResult, Standing, names_phrase, score_hand
from .table import Settings, Table


class Game:
    """A game as a replayable log of hand entries (like python-chess's move stack)."""

    def __init__(self, table: Table, settings: Settings, entries: Iterable[HandEntry] = ()):
        self.table = table
        self.settings = settings
        self._replay(tuple(entries))

    def _replay(self, entries: tuple[HandEntry, ...]) -> None:
        """Score `entries` from scratch; those recorded after the game ended are kept unscored."""
        self.entries: tuple[HandEntry, ...] = ()
        self.hands: tuple[HandResult, ...] = ()
        self.after_end: tuple[int, ...] = ()
        for entry in entries:
            if self.is_over():
                self.entries += (entry,)
                self.after_end += (len(self.entries),)
            else:
                self.add(entry)

    def add(self, entry: HandEntry) -> HandResult:
        """Score and record the next hand.

        :raises NotAllowed: if the game is over.
        :raises MalformedInput: if the entry does not fit the table.
        """
        if self.is_over():
            raise NotAllowed.single("game", phrase(N_("This game is over: %(winner)s has won."), winner=self.winner()))
        result = score_hand(self.table, self.settings, self.next_hand_number(), entry, self.totals())
        self.entries += (result.entry,)
        self.hands += (result,)
        return result

    def replace(self, number: int, entry: HandEntry) -> None:
        """Replace recorded hand `number` (from 1) and re-score every hand.

        :raises NotAllowed: if there is no such hand.
        :raises MalformedInput: if the entry does not fit the table.
        """
        if not 1 <= number <= len(self.entries):
            raise NotAllowed.single("number", phrase(N_("There is no hand %(number)s."), number=number))
        entries = self.entries
        try:
            self._replay(entries[: number - 1] + (entry,) + entries[number:])
        except MalformedInput:
            self._replay(entries)
            raise

    def undo(self) -> HandEntry:
        """Remove the last recorded hand and return it.

        :raises NotAllowed: if no hand has been recorded.
        """
        if not self.entries:
            raise NotAllowed.single("game", phrase(N_("There is no hand to undo.")))
        last = self.entries[-1]
        self._replay(self.entries[:-1])
        return last

    def totals(self) -> dict[str, Standing]:
        """Every real player's score and bags, in seating order."""
        if not self.hands:
            return {player: Standing() for player in self.table.players}
        return {mine.player: Standing(mine.score, mine.bags) for mine in self.hands[-1].players}

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
        return len(self.entries) + 1

    def next_dealer(self) -> str:
        """Who deals the next hand."""
        return self.table.dealer(self.next_hand_number())

    def next_bidding_order(self) -> tuple[str, str, str]:
        """The bidding order of the next hand."""
        return self.table.bidding_order(self.next_hand_number())

    def next_leader(self) -> str:
        """Who makes the opening lead of the next hand."""
        return self.table.leader(self.next_hand_number())

