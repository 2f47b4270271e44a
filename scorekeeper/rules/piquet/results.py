"""What Piquet produces: a scored deal line per player, a deal result, a partie's settlement."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from ..phrases import N_, ParamValue, Phrase, phrase
from .entry import DealEntry
from .values import ClassResult, Role

RUBICON: Final = 100


@dataclass(frozen=True)
class PlayerDeal:
    """One player's points in one deal (the API's field names); ``score`` is the running total."""

    player: str
    role: Role
    carte_blanche: int
    point: int
    sequences: int
    sets: int
    repique: int
    pique: int
    tricks: int
    cards: int
    capot: int
    total: int
    score: int


@dataclass(frozen=True)
class DealResult:
    """One deal scored in its game.

    ``ended_game``: this deal ends the game (Saunt: a player reached the
    target, and the fields count only up to that moment; Rubicon: the last
    deal of the partie). ``running_trick_points`` holds the cumulative
    (elder, younger) trick points after each entered trick, elder's lead
    point included; it is empty when trick totals were entered.
    """

    number: int
    dealer: str
    elder: str
    younger: str
    classes: dict[str, ClassResult]
    players: tuple[PlayerDeal, PlayerDeal]
    ended_game: bool
    entry: DealEntry
    explanation: tuple[Phrase, ...]
    running_trick_points: tuple[tuple[int, int], ...]

    def player(self, name: str) -> PlayerDeal:
        """The line of the player called *name* (exact spelling)."""
        return next(line for line in self.players if line.player == name)

    def tricks_won(self, name: str) -> int:
        """How many of the deal's tricks the player called *name* won, as entered (winners or totals)."""
        role = self.player(name).role
        if self.entry.trick_totals is not None:
            return self.entry.trick_totals[role].won
        return sum(1 for winner in self.entry.tricks if winner is role)


@dataclass(frozen=True)
class PlayerDeclarations:
    """One player's points from the declarations of a deal not yet played; ``total`` adds them up."""

    player: str
    role: Role
    carte_blanche: int
    point: int
    sequences: int
    sets: int
    repique: int
    total: int


@dataclass(frozen=True)
class DeclaredDeal:
    """A deal whose declarations are recorded and whose play is not yet: who is good in each class, and why."""

    number: int
    dealer: str
    elder: str
    younger: str
    classes: dict[str, ClassResult]
    players: tuple[PlayerDeclarations, PlayerDeclarations]
    entry: DealEntry
    explanation: tuple[Phrase, ...]

    def player(self, name: str) -> PlayerDeclarations:
        """The line of the player called *name* (exact spelling)."""
        return next(line for line in self.players if line.player == name)


@dataclass(frozen=True)
class Settlement:
    """The end of a Rubicon partie: who scores how much; a draw is ``(None, 0, False)``."""

    winner: str | None
    points: int
    rubiconed: bool


def settle(totals: dict[str, int]) -> Settlement:
    """Settle a partie from the two final totals (B8).

    >>> settle({"Napoleon": 154, "Josephine": 113})
    Settlement(winner='Napoleon', points=141, rubiconed=False)
    >>> settle({"Napoleon": 93, "Josephine": 154})
    Settlement(winner='Josephine', points=347, rubiconed=True)
    """
    (first, first_total), (second, second_total) = totals.items()
    if first_total == second_total:
        return Settlement(None, 0, False)
    winner, high, low = (first, first_total, second_total) if first_total > second_total else (
        second, second_total, first_total)
    if low >= RUBICON:
        return Settlement(winner, RUBICON + high - low, False)
    return Settlement(winner, RUBICON + high + low, True)


def explain_settlement(totals: dict[str, int]) -> Phrase:
    """The settlement of a partie in words: how the winner's points add up (B8).

    >>> str(explain_settlement({"Napoleon": 154, "Josephine": 113}))
    'Josephine crossed the Rubicon with 113. Napoleon scores 100 + 154 − 113 = 141.'
    """
    result = settle(totals)
    if result.winner is None:
        return phrase(N_("Level after the extra deals: the partie is drawn, nobody scores."))
    loser = next(name for name in totals if name != result.winner)
    values: dict[str, ParamValue] = {
        "winner": result.winner, "loser": loser, "high": totals[result.winner], "low": totals[loser],
        "points": result.points,
    }
    if result.rubiconed:
        return phrase(N_("%(loser)s has %(low)s, under 100: rubiconed. "
                         "%(winner)s scores 100 + %(high)s + %(low)s = %(points)s."), **values)
    return phrase(N_("%(loser)s crossed the Rubicon with %(low)s. "
                     "%(winner)s scores 100 + %(high)s − %(low)s = %(points)s."), **values)


def add_settlements(settlements: Iterable[Settlement], players: Iterable[str]) -> dict[str, int]:
    """A session's balance: each partie adds its points to the winner and takes them from the loser.

    >>> add_settlements([Settlement("Ann", 141, False), Settlement("Ben", 347, True)], ["Ann", "Ben"])
    {'Ann': -206, 'Ben': 206}
    """
    balance = {name: 0 for name in players}
    for settlement in settlements:
        if settlement.winner is not None:
            for name in balance:
                balance[name] += settlement.points if name == settlement.winner else -settlement.points
    return balance
