"""Four-player Spades: the table (partners, dealer, bidding order).

docs/rules.md C1. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..errors import ErrorCollector
from ..hands import Seats
from ..names import seat_players
from ..phrases import N_, phrase

PLAYERS: Final = 4
TRICKS_PER_DEAL: Final = 13


@dataclass(frozen=True)
class Team:
    """Two partners, named after them: "Ann & Cid"."""

    players: tuple[str, str]

    @property
    def name(self) -> str:
        """The team's name, also its key in the API: ``"Ann & Cid"``."""
        return f"{self.players[0]} & {self.players[1]}"

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Table(Seats):
    """Four players in clockwise order; partners sit opposite (C1)."""

    @classmethod
    def create(cls, players: object, first_dealer: object) -> Table:
        """A table from raw input; names are trimmed and the dealer is matched in any case.

        >>> Table.create(["Ann", "Ben", "Cid", "Dan"], "ann").teams()[0].name
        'Ann & Cid'

        :raises MalformedInput: listing every problem (``players``, ``players[i]``, ``first_dealer``).
        """
        errors = ErrorCollector()
        names, dealer = seat_players(players, first_dealer, PLAYERS, errors,
                                     phrase(N_("Choose the first dealer from the four players.")))
        if names:
            first, second = cls(names, names[0]).teams()
            if first.name.casefold() == second.name.casefold():
                errors.add(
                    "players",
                    phrase(N_("These names make both teams “%(team)s”; change one of them."), team=first.name),
                )
        errors.raise_if_any()
        assert dealer is not None  # else an error was raised
        return cls(names, dealer)

    def teams(self) -> tuple[Team, Team]:
        """The first and third players against the second and fourth."""
        first, second, third, fourth = self.players
        return Team((first, third)), Team((second, fourth))

    def team_of(self, player: str) -> Team:
        """The team a player belongs to.

        :raises KeyError: if nobody of that name plays.
        """
        for team in self.teams():
            if player in team.players:
                return team
        raise KeyError(player)

    def partner_of(self, player: str) -> str:
        """The player sitting opposite."""
        first, second = self.team_of(player).players
        return second if player == first else first
