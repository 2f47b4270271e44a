"""What both Spades games' kinds share (three-player Dummy Hand and four-player), for their `kind.py`.

The engine's package (`rules.dummy_spades` or `rules.spades`) sets up the
table and reads, writes and replays the hands; bags stand beside the score; a
hand result starts with the bidding order and the leader, and each of its lines
(a player's, or a team's) scores as `spades_schemas.SCORING` says. Each game's
kind adds what differs: who a line is about, its stats and its CSV (and Dummy
Hand the dummy's seat).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..rules.hands import Tally
from ..rules.phrases import N_
from ..web.i18n import say
from .base import Column, Engine, GameKind, Setup, read_both

if TYPE_CHECKING:
    from ..models import Game
    from ..rules.phrases import Phrase


class SpadesKind(GameKind):
    """A Spades game as the app sees it; `rules` is its engine's package."""

    rules: ModuleType
    standing_columns = (Column("bags", N_("Bags")),)

    def read_setup(self, data: Mapping[str, Any]) -> Setup:
        return read_both(
            lambda: self.rules.Table.create(data.get("players"), data.get("first_dealer")),
            lambda: self.rules.Settings.parse(data.get("settings")),
        )

    def restore(self, game: Game) -> Setup:
        table = self.rules.Table.create(game.player_names, game.first_dealer)
        return Setup(table, self.rules.Settings.parse(game.settings))

    def parse_entry(self, table: Any, data: object) -> Any:
        return self.rules.parse_hand(table, data)

    def entry_to_dict(self, entry: Any) -> dict[str, Any]:
        return self.rules.hand_to_dict(entry)

    def replay(self, setup: Setup, entries: Sequence[Any]) -> Engine:
        return self.rules.Game(setup.table, setup.settings, entries)

    def hand_result(self, step: Any, fields: Mapping[str, Any]) -> dict[str, Any]:
        """The bidding order and the leader, then the game's own `fields`."""
        return super().hand_result(step, {"bidding_order": list(step.bidding_order), "leader": step.leader, **fields})


def scoring_fields(tally: Tally, explanation: Sequence[Phrase]) -> dict[str, Any]:
    """A line's contract and what it scored, as `spades_schemas.SCORING` describes them."""
    return {
        "contract": tally.contract,
        "made": tally.made,
        "contract_points": tally.contract_points,
        "nil_points": tally.nil_points,
        "bags_added": tally.bags_added,
        "bag_penalty": tally.bag_penalty,
        "delta": tally.delta,
        "score": tally.score,
        "bags": tally.bags,
        "explanation": [say(line) for line in explanation],
    }
