"""Four-player Spades: the game as a replayable log of hands, and how it ends.

RULES.md C4. Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import NotAllowed, RuleError
from ..phrases import N_, Phrase, phrase
from .entry import HandEntry
from .results import HandResult, Standing
from .scoring import check_blind_margin, score_hand
from .settings import Settings
from .table import Table


class Game:
    """A game as a replayable log of hand entries (like python-chess's move stack).

    A Blind Nil's margin is checked when its hand is recorded or replaced, against
    the scores of that moment; replaying the log after an earlier hand is corrected
    keeps it, as the table played it.
    """

    def __init__(self, table: Table, settings: Settings, entries: Iterable[HandEntry] = ()):
        self.table = table
        self.settings = settings
        self._replay(tuple(entries))

    def _replay(self, entries: tuple[HandEntry, ...], *, checking: int | None = None) -> None:
        """Score `entries` from scratch; those recorded after the game ended are kept unscored.

        `checking` is the number of the hand whose Blind Nil margin is checked.
        """
        self.entries: tuple[HandEntry, ...] = ()
        self.hands: tuple[HandResult, ...] = ()
        self.after_end: tuple[int, ...] = ()
        for entry in entries:
            if self.is_over():
                self.entries += (entry,)
                self.after_end += (len(self.entries),)
            else:
                self._score(entry, check_margin=self.next_hand_number() == checking)

    def _score(self, entry: HandEntry, *, check_margin: bool) -> HandResult:
        if check_margin:
            check_blind_margin(self.table, self.settings, entry, self.totals())
        result = score_hand(self.table, self.settings, self.next_hand_number(), entry, self.totals())
        self.entries += (result.entry,)
        self.hands += (result,)
        return result

    def add(self, entry: HandEntry) -> HandResult:
        """Score and record the next hand.

        :raises NotAllowed: if the game is over, or the bids break the variant or the Blind Nil margin.
        :raises MalformedInput: if the entry does not fit the table.
        """
        if self.is_over():
            raise NotAllowed.single(
                "game", phrase(N_("This game is over: %(winner)s have won."), winner=self.winner() or "")
            )
        return self._score(entry, check_margin=True)

    def replace(self, number: int, entry: HandEntry) -> None:
        """Replace recorded hand `number` (from 1) and re-score every hand.

        :raises NotAllowed: if there is no such hand, or the new bids are not allowed.
        :raises MalformedInput: if the entry does not fit the table.
        """
        if not 1 <= number <= len(self.entries):
            raise NotAllowed.single("number", phrase(N_("There is no hand %(number)s."), number=number))
        entries = self.entries
        try:
            self._replay(entries[: number - 1] + (entry,) + entries[number:], checking=number)
        except RuleError:
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
        """Each team's score and bags, the first player's team first."""
        if not self.hands:
            return {team.name: Standing() for team in self.table.teams()}
        return {mine.name: Standing(mine.score, mine.bags) for mine in self.hands[-1].teams}

    def leaders(self) -> tuple[str, ...]:
        """The teams sharing the highest score."""
        totals = self.totals()
        top = max(standing.score for standing in totals.values())
        return tuple(team for team, standing in totals.items() if standing.score == top)

    def fallen(self) -> tuple[str, ...]:
        """The teams at or below the mercy floor, when the mercy rule is on (C4)."""
        if not self.settings.mercy:
            return ()
        return tuple(team for team, standing in self.totals().items() if standing.score <= self.settings.mercy_floor)

    def winner(self) -> str | None:
        """The winning team (C4), or None while play goes on.

        A single team at or below the mercy floor loses at once; otherwise the single
        highest score wins once a team has reached the target.
        """
        leaders = self.leaders()
        if len(leaders) > 1:
            return None
        fallen = self.fallen()
        if fallen or self.totals()[leaders[0]].score >= self.settings.target:
            return leaders[0]
        return None

    def is_over(self) -> bool:
        """True once a team has won."""
        return self.winner() is not None

    def status_line(self) -> Phrase:
        """Who has won and how, a tie that plays on, or the target to reach."""
        winner = self.winner()
        top = self.totals()[self.leaders()[0]].score
        fallen = self.fallen()
        if winner is not None and len(fallen) == 1:
            return phrase(
                N_("%(team)s fell to %(score)s, at or below %(floor)s: %(winner)s win by the mercy rule."),
                team=fallen[0],
                score=self.totals()[fallen[0]].score,
                floor=self.settings.mercy_floor,
                winner=winner,
            )
        if winner is not None and fallen:
            return phrase(
                N_("Both teams fell to %(floor)s or below: %(winner)s win with %(score)s."),
                floor=self.settings.mercy_floor,
                winner=winner,
                score=top,
            )
        if winner is not None:
            return phrase(N_("%(winner)s win with %(score)s."), winner=winner, score=top)
        if fallen or top >= self.settings.target:
            first, second = self.leaders()
            return phrase(
                N_("%(first)s and %(second)s are tied on %(score)s: play continues."), first=first, second=second,
                score=top,
            )
        return phrase(N_("First team to %(target)s wins."), target=self.settings.target)

    def next_hand_number(self) -> int:
        """The number the next recorded hand gets."""
        return len(self.entries) + 1

    def next_dealer(self) -> str:
        """Who deals the next hand."""
        return self.table.dealer(self.next_hand_number())

    def next_bidding_order(self) -> tuple[str, str, str, str]:
        """The bidding order of the next hand."""
        return self.table.bidding_order(self.next_hand_number())

    def next_leader(self) -> str:
        """Who leads the next hand."""
        return self.table.leader(self.next_hand_number())

    def is_blind_nil_open(self, team: str) -> bool:
        """True if a player of `team` may bid Blind Nil in the next hand (C2)."""
        if not self.settings.is_blind_nil_allowed():
            return False
        totals = self.totals()
        other = next(name for name in totals if name != team)
        return totals[other].score - totals[team].score >= self.settings.blind_margin
