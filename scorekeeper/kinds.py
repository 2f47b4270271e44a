"""The games the app keeps score for, behind one small interface.

The web layer and the API speak to a game through its `Kind`, so that
storing, replaying and validating work the same for every game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .rules import piquet, spades
from .rules.piquet_entry import deal_to_dict, parse_deal


@dataclass(frozen=True)
class Kind:
    name: str
    player_count: int
    make_table: Callable[..., Any]
    parse_settings: Callable[[object], Any]
    parse_entry: Callable[[Any, object], Any]
    entry_to_dict: Callable[[Any], dict[str, Any]]
    make_game: Callable[[Any, Any, Iterable[Any]], Any]


SPADES = Kind(
    name="dummy-spades",
    player_count=3,
    make_table=lambda players, first_dealer, dummy_after=2: spades.Table.create(
        players, first_dealer, dummy_after
    ),
    parse_settings=spades.Settings.parse,
    parse_entry=spades.parse_hand,
    entry_to_dict=spades.hand_to_dict,
    make_game=spades.Game,
)

PIQUET = Kind(
    name="piquet",
    player_count=2,
    make_table=lambda players, first_dealer, dummy_after=None: piquet.Table.create(players, first_dealer),
    parse_settings=piquet.Settings.parse,
    parse_entry=lambda table, data: parse_deal(data),
    entry_to_dict=deal_to_dict,
    make_game=piquet.Game,
)

KINDS: dict[str, Kind] = {SPADES.name: SPADES, PIQUET.name: PIQUET}


def kind_of(name: object) -> Kind | None:
    return KINDS.get(name) if isinstance(name, str) else None
