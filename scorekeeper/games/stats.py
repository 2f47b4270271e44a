"""A player's record across games, counted from replayed engine games.

Pure: it reads the engine's results only. A record is a sum over games:
counted once per game and player (`summary`), each game's record and the
player's sum are kept as JSON (store/player_records.py), and when a game
changes its old record comes off the sum (`subtract_summary`) and its new
one goes on (`add_summaries`); the sum is read back with `from_summary`.
A game's record is what its end adds (finished or not, won, final score)
plus what each scored hand adds, so each kind counts a game given with the
hands to count: every one (`engine.results`), or only the hand an append
scored, whose record less that of the game's end before it is what the
append changed (store/player_records.py: an append replays nothing).
A rule fix that changes old games' figures comes with a migration that
counts them again (`player_records.count_again`). Each game's own record
is in its folder (`games/<game>/stats.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from ..rules.log import Log

RecordT = TypeVar("RecordT")


@dataclass(frozen=True)
class Tally:
    """How many times something happened, out of how many chances."""

    count: int
    out_of: int

    @property
    def rate(self) -> float | None:
        """The share from 0 to 1; None without a chance."""
        return self.count / self.out_of if self.out_of else None


def summary(record: Any) -> dict[str, Any]:
    """A record as JSON keeps it: tallies as objects, tuples as lists.

    >>> summary(Tally(1, 2))
    {'count': 1, 'out_of': 2}
    """
    def kept(value: Any) -> Any:
        if isinstance(value, Tally):
            return {"count": value.count, "out_of": value.out_of}
        return list(value) if isinstance(value, tuple) else value

    return {field.name: kept(getattr(record, field.name)) for field in fields(record)}


def add_summaries(kept: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Records kept by `summary` (at least one), added up: tallies and counts summed, lists of scores joined.

    >>> add_summaries([{"wins": {"count": 1, "out_of": 2}, "scores": [5], "bags": 1},
    ...                {"wins": {"count": 0, "out_of": 1}, "scores": [7], "bags": 2}])
    {'wins': {'count': 1, 'out_of': 3}, 'scores': [5, 7], 'bags': 3}
    """
    total: dict[str, Any] = {}
    for name, value in kept[0].items():
        values = [record[name] for record in kept]
        if isinstance(value, dict):
            total[name] = add_summaries(values)
        elif isinstance(value, list):
            total[name] = [item for items in values for item in items]
        else:
            total[name] = sum(values)
    return total


def subtract_summary(total: dict[str, Any], part: dict[str, Any]) -> dict[str, Any]:
    """A sum of records kept by `summary` without one of them (`part`, which was added into it).

    >>> subtract_summary({"wins": {"count": 1, "out_of": 3}, "scores": [5, 7, 5], "bags": 3},
    ...                  {"wins": {"count": 0, "out_of": 1}, "scores": [5], "bags": 2})
    {'wins': {'count': 1, 'out_of': 2}, 'scores': [7, 5], 'bags': 1}
    """
    rest: dict[str, Any] = {}
    for name, value in total.items():
        if isinstance(value, dict):
            rest[name] = subtract_summary(value, part[name])
        elif isinstance(value, list):
            left = list(value)
            for item in part[name]:
                left.remove(item)
            rest[name] = left
        else:
            rest[name] = value - part[name]
    return rest


def from_summary(empty: RecordT, data: dict[str, Any]) -> RecordT:
    """A record kept by `summary`, read back as a record of the same class as `empty`."""
    def value(kept: Any) -> Any:
        return Tally(**kept) if isinstance(kept, dict) else tuple(kept) if isinstance(kept, list) else kept

    return type(empty)(**{field.name: value(data[field.name]) for field in fields(empty)})  # type: ignore[arg-type]


@dataclass
class Outcomes:
    """How one side's (a player's or a team's) Spades games ended, counted game by game."""

    wins: int = 0
    finished: int = 0
    unfinished: int = 0
    final_scores: list[int] = field(default_factory=list)

    def count(self, game: Log[Any, Any, Any], side: str) -> None:
        if game.is_over():
            self.finished += 1
            self.wins += game.winner() == side
            self.final_scores.append(game.totals()[side].score)
        else:
            self.unfinished += 1

    def record(self) -> dict[str, Any]:
        """The fields of a SpadesRecord these make."""
        return {"wins": Tally(self.wins, self.finished), "unfinished": self.unfinished,
                "final_scores": tuple(self.final_scores)}


