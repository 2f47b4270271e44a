"""A player's Piquet record: finished Rubicon parties and Saunt games, and every scored deal."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...rules import piquet
from ..stats import Tally


@dataclass(frozen=True)
class PiquetRecord:
    """One player's Piquet: finished Rubicon parties and Saunt games, and every scored deal."""

    partie_wins: Tally
    drawn: int
    settlements_won: int
    settlements_lost: int
    rubiconed: int
    saunt_wins: Tally
    unfinished: int
    deals: int
    repiques: int
    piques: int
    capots: int


def piquet_record(games: Iterable[tuple[piquet.Game, str, Sequence[piquet.DealResult]]]) -> PiquetRecord:
    """Count one player's parties and Saunt games, each given with the player's spelling in it and the deals to
    count (`games/stats.py`)."""
    parties = partie_wins = drawn = won = lost = rubiconed = 0
    saunt_games = saunt_wins = unfinished = deals = repiques = piques = capots = 0
    for game, name, deals_counted in games:
        settlement = game.settlement()
        if not game.is_over():
            unfinished += 1
        elif settlement is None:
            saunt_games += 1
            saunt_wins += game.winner() == name
        else:
            parties += 1
            if settlement.winner is None:
                drawn += 1
            elif settlement.winner == name:
                partie_wins += 1
                won += settlement.points
            else:
                lost += settlement.points
                rubiconed += settlement.rubiconed
        for result in deals_counted:
            line = result.player(name)
            deals += 1
            repiques += line.repique > 0
            piques += line.pique > 0
            capots += line.capot > 0
    return PiquetRecord(
        partie_wins=Tally(partie_wins, parties),
        drawn=drawn,
        settlements_won=won,
        settlements_lost=lost,
        rubiconed=rubiconed,
        saunt_wins=Tally(saunt_wins, saunt_games),
        unfinished=unfinished,
        deals=deals,
        repiques=repiques,
        piques=piques,
        capots=capots,
    )
