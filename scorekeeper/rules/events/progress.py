"""Where a club night stands, for its status lines: one state at a time, each waiting for one action of someone.

- ``to_seat``: no round seated yet; the organiser seats round 1.
- ``playing``: round n has a table still playing; its players finish it, and the standings are provisional.
- ``round_over``: every table of round n has finished; the organiser seats round n + 1.
- ``finished``: the last round's tables have all finished; each result not yet confirmed waits for a player of
  another side (or the organiser's correction).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class TableProgress:
    """A seated table as the status needs it: its round and number, whether it has finished and been confirmed."""

    round: int
    number: int
    finished: bool
    confirmed: bool


@dataclass(frozen=True)
class Progress:
    """The club night's state; `round` is the round it concerns (the one to seat for ``to_seat``), and the counts
    are of that round's tables (of every round's when ``finished``)."""

    state: str
    round: int
    rounds: int
    tables: int
    finished: int
    confirmed: int
    playing: tuple[int, ...]
    unconfirmed: tuple[int, ...]

    @property
    def provisional(self) -> bool:
        """Whether the standings may still change with this round's play."""
        return self.state == "playing"


def progress(rounds: int, tables: Sequence[TableProgress]) -> Progress:
    """The state of a club night of `rounds` rounds whose seated tables are `tables`.

    >>> progress(2, []).state
    'to_seat'
    >>> p = progress(2, [TableProgress(1, 1, True, True), TableProgress(1, 2, False, False)])
    >>> (p.state, p.round, p.tables, p.finished, p.confirmed, p.playing)
    ('playing', 1, 2, 1, 1, (2,))
    >>> progress(2, [TableProgress(1, 1, True, False)]).state
    'round_over'
    >>> p = progress(1, [TableProgress(1, 1, True, False), TableProgress(1, 2, True, True)])
    >>> (p.state, p.unconfirmed)
    ('finished', (1,))
    """
    current = max((table.round for table in tables), default=0)
    if current == 0:
        return Progress("to_seat", 1, rounds, 0, 0, 0, (), ())
    of_round = [table for table in tables if table.round == current]
    playing = tuple(table.number for table in of_round if not table.finished)
    if playing:
        state = "playing"
    else:
        state = "round_over" if current < rounds else "finished"
    counted = tables if state == "finished" else of_round
    unconfirmed = tuple(table.number for table in counted if table.finished and not table.confirmed)
    return Progress(state, current, rounds, len(counted), sum(table.finished for table in counted),
                    sum(table.confirmed for table in counted), playing, unconfirmed)
