"""The chances of each side at a ladder's club night's tables (docs/api.md, "Ladders"): openskill's `predict_win`
from the ratings of every match before the table's round, as they stand now.

The players' skills before each round of a club night are kept under the
ladder's version (a correction of an earlier table moves it), so the
event object and the big screen do not rate the ladder again between
changes.
"""

from __future__ import annotations

import json

from sqlalchemy import func, select
from sqlalchemy.orm import joinedload

from ..extensions import db
from ..models import Event, EventTable, Game, Ladder, Render, player_key
from .cache import renders
from .ladders import load_ladder, version_of
from .ratings import DEFAULT, MODEL


def skills_before_rounds(event: Event) -> dict[int, dict[str, list[float]]]:
    """For a club night of a ladder: by round seated, each of its players' [mu, sigma] from the matches before that
    round as they stand now; kept under the ladder's version (a correction of an earlier table changes them)."""
    ladder = db.session.get(Ladder, event.ladder_id)
    assert ladder is not None
    key = renders.key_of("ladder-skills", ladder.public_id, event.public_id)
    version = version_of(ladder)
    kept = db.session.execute(select(Render.body).where(Render.key == key, Render.version == version)
                              ).scalar_one_or_none()
    if kept is None:
        state = load_ladder(ladder.public_id)
        evening = state.events.index(event.public_id)
        rounds = sorted({row.round for row in event.tables})
        skills = {number: {player_key(name): [skill.mu, skill.sigma] for name in event.players
                           for skill in [state.ratings.skills_before(evening, number).get(player_key(name), DEFAULT)]}
                  for number in rounds}
        kept = json.dumps(skills)
        renders.keep(key, ladder.public_id, state.version, kept)
    return {int(number): skills for number, skills in json.loads(kept).items()}


def chances(skills: dict[str, list[float]], sides: list[list[str]]) -> list[float]:
    """Each side's probability of winning (openskill's `predict_win`) from the players' [mu, sigma]."""
    known = {key: MODEL.rating(mu=mu, sigma=sigma) for key, (mu, sigma) in skills.items()}
    teams = [[known.get(player_key(name)) or MODEL.rating() for name in side] for side in sides]
    return list(MODEL.predict_win(teams))


def evening_of_ladder(event_public_id: str) -> Event | None:
    """The club night, if it belongs to a ladder (its tables then carry chances)."""
    return db.session.execute(select(Event).where(Event.public_id == event_public_id, Event.ladder_id.is_not(None))
                              ).scalar_one_or_none()


def table_sides(players: list[str]) -> list[list[str]]:
    """A table's sides from its seats, as the standings name them: four-player partners the first and third seats
    against the second and fourth; otherwise each player a side."""
    if len(players) == 4:
        return [[players[0], players[2]], [players[1], players[3]]]
    return [[name] for name in players]


def table_chances(skills: dict[str, list[float]], players: list[str]) -> dict[str, float]:
    """Each side's chance of winning the table, named as in the standings ("Ann", or "Ann & Cid")."""
    sides = table_sides(players)
    return {" & ".join(side): chance for side, chance in zip(sides, chances(skills, sides), strict=True)}


def round_chances(event_public_id: str) -> list[tuple[int, dict[str, float]]]:
    """A ladder's club night: each table of its latest round seated, with each side's chances (none for a club
    night of no ladder or before round 1). One query for the tables and their seats."""
    evening = evening_of_ladder(event_public_id)
    if evening is None:
        return []
    latest = select(func.max(EventTable.round)).where(EventTable.event_id == evening.id).scalar_subquery()
    rows = db.session.execute(
        select(EventTable).where(EventTable.event_id == evening.id, EventTable.round == latest)
        .order_by(EventTable.number).options(joinedload(EventTable.game).joinedload(Game.seats))
    ).unique().scalars().all()
    if not rows:
        return []
    skills = skills_before_rounds(evening)[rows[0].round]
    return [(row.number, table_chances(skills, list(row.game.player_names))) for row in rows]
