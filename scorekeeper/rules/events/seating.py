"""Seating a club night's round (docs/api.md, "Club nights").

Round 1 is drawn at random. Later rounds seat by standings: the leaders
together at table 1, and so on down. Players ranked equal (a shared place)
may trade seats between tables, and do wherever that seats fewer pairs
who already met at a table. When the players do not divide into tables,
the fewest sit out (a bye): those with the fewest byes so far, and among
them the lowest ranked.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

Pair = frozenset[str]


@dataclass(frozen=True)
class Seating:
    """A round: its tables in order (each a tuple of players, in seat order) and who has a bye."""

    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...]


def pairs_met(tables: Iterable[Sequence[str]]) -> set[Pair]:
    """Every pair of players who sat at one of *tables*.

    >>> sorted(sorted(pair) for pair in pairs_met([("Ann", "Ben", "Cid")]))
    [['Ann', 'Ben'], ['Ann', 'Cid'], ['Ben', 'Cid']]
    """
    return {frozenset(pair) for table in tables for pair in combinations(table, 2)}


def draw_round(players: Sequence[str], table_size: int, rng: random.Random,
               byes_so_far: Mapping[str, int] | None = None) -> Seating:
    """Round 1: the players in a random order, seated as if that order were the standings."""
    order = list(players)
    rng.shuffle(order)
    return seat_round([[name] for name in order], table_size, byes_so_far or {}, set())


def seat_round(ranked: Sequence[Sequence[str]], table_size: int, byes_so_far: Mapping[str, int],
               met: set[Pair]) -> Seating:
    """Seat a round from the standings: *ranked* lists groups of equally ranked players, best first.

    >>> seat_round([["Ann"], ["Ben", "Cid"], ["Dan"], ["Eve"]], 2, {"Eve": 1}, {frozenset({"Ann", "Ben"})})
    Seating(tables=(('Ann', 'Cid'), ('Ben', 'Eve')), byes=('Dan',))
    """
    order = [(name, group) for group, names in enumerate(ranked) for name in names]
    bye_count = len(order) % table_size
    by_need = sorted(range(len(order)), key=lambda index: (byes_so_far.get(order[index][0], 0), -index))
    bye_indexes = set(by_need[:bye_count])
    seated = [entry for index, entry in enumerate(order) if index not in bye_indexes]
    tables = [seated[start:start + table_size] for start in range(0, len(seated), table_size)]
    _trade_equal_seats(tables, met)
    return Seating(
        tuple(tuple(name for name, _ in table) for table in tables),
        tuple(order[index][0] for index in sorted(bye_indexes)),
    )


def _repeats(table: Sequence[tuple[str, int]], met: set[Pair]) -> int:
    """How many pairs at *table* already met."""
    return sum(1 for (a, _), (b, _) in combinations(table, 2) if frozenset((a, b)) in met)


def _trade_equal_seats(tables: list[list[tuple[str, int]]], met: set[Pair]) -> None:
    """Swap equally ranked players between tables while a swap seats fewer repeat pairs (each swap lowers the count)."""
    if not met:
        return
    improved = True
    while improved:
        improved = False
        for first, second in combinations(range(len(tables)), 2):
            for i, (_, group_a) in enumerate(tables[first]):
                for j, (_, group_b) in enumerate(tables[second]):
                    if group_a != group_b:
                        continue
                    before = _repeats(tables[first], met) + _repeats(tables[second], met)
                    tables[first][i], tables[second][j] = tables[second][j], tables[first][i]
                    if _repeats(tables[first], met) + _repeats(tables[second], met) < before:
                        improved = True
                    else:
                        tables[first][i], tables[second][j] = tables[second][j], tables[first][i]
