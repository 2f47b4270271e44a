"""Three-Player "Dummy Hand" Spades: the game as a replayable log of hands (docs/rules.md Part A)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..errors import RuleError
from ..hands import HandLog, Standing
from ..log import Say
from ..names import names_phrase
from ..phrases import N_, Phrase, phrase
from .entry import HandEntry, hand_to_dict, parse_hand
from .preview import preview_bids
from .scoring import Bidding, HandResult, decide_bids, score_hand
from .table import Settings, Table


class Game(HandLog[HandEntry, HandResult, Bidding]):
    """A game as a replayable log of hand entries (see `rules.log`)."""

    table: Table
    settings: Settings

    def score_next(self, entry: HandEntry) -> HandResult:
        """Score the next hand from the standings after the last one.

        :raises MalformedInput: if the entry does not fit the table.
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
        """Each real player."""
        for line in result.players:
            yield line.player, line.delta, line.score, result.explain(line.player)

    def setup_facts(self) -> dict[str, Any]:
        """Where the dummy sits."""
        return {"dummy_after": self.table.dummy_after}

    def needs(self, waiting: Bidding) -> Sequence[Phrase]:
        return waiting.needs

    def nils(self, step: HandResult | Bidding, say: Say) -> list[dict[str, Any]]:
        """Every nil, with why it applies or is void (A5)."""
        return [{"bidder": nil.bidder, "hand": nil.hand, "applies": nil.applies, "made": nil.made,
                 "points": nil.points, "reason": say(nil.reason)} for nil in step.nils]

    def bids_preview(self, payload: Mapping[str, Any], number: int, say: Say) -> dict[str, Any] | None:
        """As the server's preview says it (dummy_spades/_macros.html): `{"sides", "lines", "nils": [{"applies",
        "text"}]}`, or `{"refused": [...]}` when the three bids cannot stand together; None until the three are typed
        and each is taken."""
        try:
            shown = preview_bids(self.table, self.settings, number, parse_hand(self.table, {"bids": payload["bids"]}))
        except RuleError:
            return None
        bidding = shown.bidding
        if bidding is None:
            return {"refused": [say(line) for line in shown.refused]}
        return {"sides": say(bidding.sides), "lines": [say(line) for line in bidding.summary],
                "nils": [{"applies": nil.applies, "text": say(nil.reason)}
                         for nil in bidding.nils_to_say(self.settings.style)]}

    def totals(self) -> dict[str, Standing]:
        """Every real player's score and bags, in seating order."""
        last = self.last_result()
        if last is None:
            return {player: Standing() for player in self.table.players}
        return {mine.player: Standing(mine.score, mine.bags) for mine in last.players}

    def winner(self) -> str | None:
        """The single highest score at or above the target (A8), or after the game's last hand; else None."""
        leaders = self.leaders()
        if len(leaders) == 1 and (self.totals()[leaders[0]].score >= self.settings.target
                                  or self.hand_limit_reached()):
            return leaders[0]
        return None

    def status_line(self) -> Phrase:
        """Who has won, a tie at the top past the target, or the target to reach."""
        winner = self.winner()
        top = self.totals()[self.leaders()[0]].score
        if winner is not None:
            return phrase(N_("%(winner)s wins with %(score)s."), winner=winner, score=top)
        if self.hand_limit_reached():
            return phrase(N_("%(players)s share the top with %(score)s after the game's %(hands)s hands."),
                          players=names_phrase(self.leaders()), score=top, hands=self.scored_hands())
        if top >= self.settings.target:
            return phrase(
                N_("%(players)s are tied on %(score)s at the top: play continues."),
                players=names_phrase(self.leaders()),
                score=top,
            )
        return phrase(N_("First to %(target)s wins."), target=self.settings.target)
