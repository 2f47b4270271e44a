"""A player's record across games, counted from replayed engine games.

Pure: it reads the engine's results only, so the figures always follow the
rules as they are now (a rule fix re-counts every old game). A record is
a sum over games: counted once per game and player, it is kept as JSON with
the game's version (`summary`), the kept records are added up as JSON
(`add_summaries`) and the sum read back (`from_summary`; see players.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any, TypeVar

from .rules import dummy_spades, piquet, spades
from .rules.log import Log

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
    """A record as JSON keeps it."""
    return asdict(record)


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


def from_summary(empty: RecordT, data: dict[str, Any]) -> RecordT:
    """A record kept by `summary`, read back as a record of the same class as `empty`."""
    def value(kept: Any) -> Any:
        return Tally(**kept) if isinstance(kept, dict) else tuple(kept) if isinstance(kept, list) else kept

    return type(empty)(**{field.name: value(data[field.name]) for field in fields(empty)})  # type: ignore[arg-type]


@dataclass(frozen=True)
class SpadesRecord:
    """One player's Spades: finished games, and every scored hand (unfinished games too).

    In four-player Spades the games, the contracts and the bags are the
    player's team's, and the Nils the player's own.
    """

    wins: Tally
    unfinished: int
    final_scores: tuple[int, ...]
    contracts: Tally
    nils: Tally
    bags: int

    @property
    def average_score(self) -> float | None:
        """The average final score of the finished games."""
        return sum(self.final_scores) / len(self.final_scores) if self.final_scores else None

    @property
    def bags_per_hand(self) -> float | None:
        hands = self.contracts.out_of
        return self.bags / hands if hands else None


@dataclass(frozen=True)
class DummySpadesRecord(SpadesRecord):
    """One player's Dummy Hand Spades: a Spades record, and how often the player declared."""

    declarer: Tally


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


def dummy_spades_record(games: Iterable[tuple[dummy_spades.Game, str]]) -> DummySpadesRecord:
    """Count one player's games, each given with the player's spelling in it."""
    outcomes = Outcomes()
    hands = made = declared = nils = nils_made = bags = 0
    for game, name in games:
        outcomes.count(game, name)
        for result in game.hands:
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


def spades_record(games: Iterable[tuple[spades.Game, str]]) -> SpadesRecord:
    """Count one player's four-player games, each given with the player's spelling in it: their team's results."""
    outcomes = Outcomes()
    hands = made = nils = nils_made = bags = 0
    for game, name in games:
        team = game.table.team_of(name).name
        outcomes.count(game, team)
        for result in game.hands:
            mine = result.team(team)
            hands += 1
            made += mine.made
            bags += mine.bags_added
            own = [nil for nil in result.nils if nil.player == name]
            nils += len(own)
            nils_made += sum(nil.made for nil in own)
    return SpadesRecord(
        **outcomes.record(),
        contracts=Tally(made, hands),
        nils=Tally(nils_made, nils),
        bags=bags,
    )


def piquet_record(games: Iterable[tuple[piquet.Game, str]]) -> PiquetRecord:
    """Count one player's parties and Saunt games, each given with the player's spelling in it."""
    parties = partie_wins = drawn = won = lost = rubiconed = 0
    saunt_games = saunt_wins = unfinished = deals = repiques = piques = capots = 0
    for game, name in games:
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
        for result in game.deals:
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
