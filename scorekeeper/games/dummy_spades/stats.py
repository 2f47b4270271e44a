"""A player's Dummy Hand Spades record: a Spades record, and how often the player declared."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...rules import dummy_spades
from ..spades.stats import SpadesRecord
from ..stats import Outcomes, Tally


@dataclass(frozen=True)
class DummySpadesRecord(SpadesRecord):
    """One player's Dummy Hand Spades: a Spades record, and how often the player declared."""

    declarer: Tally


def dummy_spades_record(games: Iterable[tuple[dummy_spades.Game, str, Sequence[dummy_spades.HandResult]]],
                        ) -> DummySpadesRecord:
    """Count one player's games, each given with the player's spelling in it and the hands to count
    (`games/stats.py`)."""
    outcomes = Outcomes()
    hands = made = declared = nils = nils_made = bags = 0
    for game, name, hands_counted in games:
        outcomes.count(game, name)
        for result in hands_counted:
            mine = result.player(name)
            hands += 1
            made += mine.made
            declared += result.declarer == name
            bags += mine.bags_added
            applied = [nil for nil in result.nils if nil.bidder == name and nil.applies]
            nils += len(applied)
            nils_made += sum(1 for nil in applied if nil.made)
    return DummySpadesRecord(
        **outcomes.record(),
        contracts=Tally(made, hands),
        declarer=Tally(declared, hands),
        nils=Tally(nils_made, nils),
        bags=bags,
    )
