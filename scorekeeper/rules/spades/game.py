"""Four-player Spades: the game as a replayable log of hands, and how it ends.

docs/rules.md C4. Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ..hands import HandLog, Standing
from ..log import Say
from ..phrases import N_, Phrase, phrase
from .entry import HandEntry, hand_to_dict, parse_hand
from .results import Bidding, HandResult
from .scoring import check_blind_margin, check_entry, decide_bids, score_hand
from .settings import Settings
from .table import Table


class Game(HandLog[HandEntry, HandResult, Bidding]):
    """A game as a replayable log of hand entries (see `rules.log`).

    A Blind Nil's margin is checked when its hand is recorded or replaced
    (`check_new`), against the scores of that moment; replaying the log after
    an earlier hand is corrected keeps it, as the table played it.
    """

    HAS_WON = N_("This game is over: %(winner)s have won.")
    table: Table
    settings: Settings

    def score_next(self, entry: HandEntry) -> HandResult:
        """Score the next hand from the standings after the last one.

        :raises MalformedInput: if the entry does not fit the table.
        :raises NotAllowed: if the bids break the variant.
        """
        return score_hand(self.table, self.settings, self.next_number(), entry, self.totals())

    def first_step(self, entry: HandEntry) -> Bidding | None:
        """The bidding of a hand recorded without its tricks; None for a whole hand."""
        return None if entry.complete else decide_bids(self.table, self.settings, self.next_number(), entry)

    def parse_entry(self, payload: object) -> HandEntry:
        return parse_hand(self.table, payload)

    def entry_to_dict(self, entry: HandEntry) -> dict[str, Any]:
        return hand_to_dict(entry)

    def holders(self, result: HandResult) -> Iterator[tuple[str, int, int, Sequence[Phrase]]]:
        """Each team."""
        for team in result.teams:
            yield team.name, team.delta, team.score, result.explain(team.name)

    def needs(self, waiting: Bidding) -> Sequence[Phrase]:
        """Each team's lines in turn."""
        return [line for team in waiting.teams for line in waiting.needs(team.name)]

    def nils(self, step: HandResult | Bidding, say: Say) -> list[dict[str, Any]]:
        """Every Nil and Blind Nil with who bid it; made and its points once the tricks are in."""
        if isinstance(step, Bidding):
            return [{"player": nil.player, "team": nil.team, "blind": nil.blind, "made": None, "points": 0}
                    for nil in step.nils]
        return [{"player": nil.player, "team": nil.team, "blind": nil.blind, "made": nil.made, "points": nil.points}
                for nil in step.nils]

    def check_new(self, entry: HandEntry) -> None:
        """Refuse bids the variant does not allow, then a Blind Nil without the margin (C2).

        :raises MalformedInput: for an entry made for other players.
        :raises NotAllowed: naming the bid or the team.
        """
        check_entry(self.table, self.settings, entry)
        check_blind_margin(self.table, self.settings, entry, self.totals())

    def totals(self) -> dict[str, Standing]:
        """Each team's score and bags, the first player's team first."""
        last = self.last_result()
        if last is None:
            return {team.name: Standing() for team in self.table.teams()}
        return {mine.name: Standing(mine.score, mine.bags) for mine in last.teams}

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
        if fallen or self.totals()[leaders[0]].score >= self.settings.target or self.hand_limit_reached():
            return leaders[0]
        return None

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
        if self.hand_limit_reached():
            first, second = self.leaders()
            return phrase(N_("%(first)s and %(second)s share the top with %(score)s after the game's %(hands)s hands."),
                          first=first, second=second, score=top, hands=self.scored_hands())
        if fallen or top >= self.settings.target:
            first, second = self.leaders()
            return phrase(
                N_("%(first)s and %(second)s are tied on %(score)s: play continues."), first=first, second=second,
                score=top,
            )
        return phrase(N_("First team to %(target)s wins."), target=self.settings.target)

    def standings_before(self, number: int) -> dict[str, Standing]:
        """Each team's score and bags before hand `number` (from 1) was played."""
        if number >= self.next_hand_number():  # the running state knows these (a resumed log too)
            return self.totals()
        if number <= 1 or not self.hands:
            return {team.name: Standing() for team in self.table.teams()}
        last = self.hands[min(number, len(self.hands) + 1) - 2]
        return {mine.name: Standing(mine.score, mine.bags) for mine in last.teams}

    def is_blind_nil_open(self, team: str, *, number: int | None = None) -> bool:
        """True if a player of `team` may bid Blind Nil in hand `number` (the next hand by default) (C2)."""
        if not self.settings.is_blind_nil_allowed():
            return False
        standings = self.standings_before(self.next_hand_number() if number is None else number)
        other = next(name for name in standings if name != team)
        return standings[other].score - standings[team].score >= self.settings.blind_margin
