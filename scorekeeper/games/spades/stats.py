"""A player's four-player Spades record: their team's games, contracts and bags, and their own Nils."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...rules import spades
from ..stats import Outcomes, Tally


@dataclass(frozen=True)
class SpadesRecord:
    """One player's Spades: finished games, and every scored hand (unfinished games too).

    In four-player Spades the games, the contracts and the bags are the
    player's team's, and the Nils the player's own.
    """

    wins: Tally
    unfinished: int
    final_scores: tuple[int, ...]
    contracts: Tally
    nils: Tally
    bags: int

    @property
    def average_score(self) -> float | None:
        """The average final score of the finished games."""
        return sum(self.final_scores) / len(self.final_scores) if self.final_scores else None

    @property
    def bags_per_hand(self) -> float | None:
        hands = self.contracts.out_of
        return self.bags / hands if hands else None


def spades_record(games: Iterable[tuple[spades.Game, str, Sequence[spades.HandResult]]]) -> SpadesRecord:
    """Count one player's four-player games, each given with the player's spelling in it and the hands to count
    (`games/stats.py`): their team's results."""
    outcomes = Outcomes()
    hands = made = nils = nils_made = bags = 0
    for game, name, hands_counted in games:
        team = game.table.team_of(name).name
        outcomes.count(game, team)
        for result in hands_counted:
            mine = result.team(team)
            hands += 1
            made += mine.made
            bags += mine.bags_added
            own = [nil for nil in result.nils if nil.player == name]
            nils += len(own)
            nils_made += sum(nil.made for nil in own)
    return SpadesRecord(
        **outcomes.record(),
        contracts=Tally(made, hands),
        nils=Tally(nils_made, nils),
        bags=bags,
    )
