"""What an organiser asks for when creating a club night: its name, players, rounds, hands per round and the
round clock's minutes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import ErrorCollector, MalformedInput
from ..names import clean_names, title
from ..phrases import N_, phrase

MIN_PLAYERS = 2
MAX_PLAYERS = 120
MAX_ROUNDS = 20
MAX_HANDS_PER_ROUND = 100
MAX_EVENT_NAME = 60
MAX_ROUND_MINUTES = 240


@dataclass(frozen=True)
class EventSpec:
    """A valid event's shape; `hands_per_round` is None when a table plays its game to its own end, `round_minutes`
    when the rounds have no clock."""

    name: str
    players: tuple[str, ...]
    rounds: int
    hands_per_round: int | None
    round_minutes: int | None = None

    @classmethod
    def parse(cls, data: dict[str, Any], table_size: int, counts_hands: bool) -> EventSpec:
        """Validate the create payload for a game of *table_size* players a table.

        *counts_hands* is False for a game whose tables play a whole game (Piquet): `hands_per_round` is ignored.

        :raises MalformedInput: fields ``name``, ``players``, ``players[i]``, ``rounds``, ``hands_per_round``,
            ``round_minutes``.
        """
        errors = ErrorCollector()
        name = _name(data.get("name"), errors)
        players = _players(data.get("players"), table_size, errors)
        rounds = _whole(data.get("rounds"), 1, MAX_ROUNDS, "rounds", errors,
                        N_("The number of rounds is a whole number from 1 to %(max)s."))
        hands = data.get("hands_per_round")
        if hands is not None:
            hands = _whole(hands, 1, MAX_HANDS_PER_ROUND, "hands_per_round", errors,
                           N_("The hands per round are a whole number from 1 to %(max)s."))
        minutes = data.get("round_minutes")
        if minutes is not None:
            minutes = _whole(minutes, 1, MAX_ROUND_MINUTES, "round_minutes", errors,
                             N_("The minutes per round are a whole number from 1 to %(max)s."))
        errors.raise_if_any()
        return cls(name, players, rounds, hands if counts_hands else None, minutes)


def _name(value: object, errors: ErrorCollector) -> str:
    return title(value, MAX_EVENT_NAME, errors, missing=phrase(N_("Give the event a name.")), malformed=phrase(
        N_("An event's name is up to %(max)s letters, digits, spaces and punctuation."), max=MAX_EVENT_NAME))


def _players(value: object, table_size: int, errors: ErrorCollector) -> tuple[str, ...]:
    if not isinstance(value, list) or not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
        errors.add("players", phrase(N_("An event has from %(min)s to %(max)s players."),
                                     min=MIN_PLAYERS, max=MAX_PLAYERS))
        return ()
    if len(value) < table_size:
        errors.add("players", phrase(N_("A table of this game needs %(count)s players: enter at least that many."),
                                     count=table_size))
        return ()
    try:
        return clean_names(value, len(value))
    except MalformedInput as refused:
        errors.errors.extend(refused.errors)
        return ()


def _whole(value: object, low: int, high: int, field: str, errors: ErrorCollector, message: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        errors.add(field, phrase(message, max=high))
        return low
    return value
