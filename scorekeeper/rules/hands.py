"""What both Spades games share: standings with bags and the bag penalty (RULES.md A7, C3).

Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import log


@dataclass(frozen=True)
class Standing(log.Standing):
    """A running score and bags (a player's in Dummy Hand Spades, a team's in four-player Spades)."""

    bags: int = 0


def bag_penalty(bags_reached: int, limit: int, penalty: int) -> tuple[int, int]:
    """The bag penalty (0 or negative) once bags reach `bags_reached`, and the bags that carry over (A7, C3).

    Every full `limit` reached costs `penalty`; a limit of 0 turns penalties off.

    >>> bag_penalty(12, 10, 100), bag_penalty(22, 10, 100), bag_penalty(9, 10, 100), bag_penalty(22, 0, 100)
    ((-100, 2), (-200, 2), (0, 9), (0, 22))
    """
    limits = bags_reached // limit if limit else 0
    return -penalty * limits, bags_reached - limit * limits
