"""A ladder's ratings (docs/api.md, "Ladders"): the club nights' matches rated in order with OpenSkill.

The engine (`rules/`) places each finished table's sides; this module
rates those placed matches with the `openskill` package's PlackettLuce
model at its defaults. It sits outside `rules/` because `rules/` is
standard library only (it also runs on the phone, which needs no ladder);
it reads no database: the ratings are a pure function of the ordered
matches.

Players are one person across club nights when their names match
ignoring case (`player_key`); the first spelling seen is shown.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass, field

from openskill.models import PlackettLuce, PlackettLuceRating

from ..models import player_key

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Match:
    """A finished table of a ladder's club night: its sides (names as seated) and their places (1 first)."""

    evening: int  # the club night's position in the ladder, from 0
    round: int
    table: int
    sides: tuple[tuple[str, ...], ...]
    places: tuple[int, ...]

    @property
    def moment(self) -> tuple[int, int]:
        return self.evening, self.round


@dataclass(frozen=True)
class Skill:
    """A player's OpenSkill estimate; `rating` is the conservative mu - 3 sigma (openskill's `ordinal()`)."""

    mu: float
    sigma: float

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma


DEFAULT = Skill(MODEL.mu, MODEL.sigma)


@dataclass(frozen=True)
class Opponent:
    name: str
    rating: float  # before the match


@dataclass(frozen=True)
class Outcome:
    """One player's match: where their side finished, whom against (rated as before it), and the rating's move."""

    match: Match
    place: int
    shared: bool  # another side finished in the same place
    opponents: tuple[Opponent, ...]
    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before


@dataclass
class Ratings:
    """Every player's skill after the whole sequence, and what the pages and the chances need of its history."""

    evenings: int
    names: dict[str, str] = field(default_factory=dict)  # key -> the first spelling seen
    skills: dict[str, Skill] = field(default_factory=dict)
    outcomes: dict[str, list[Outcome]] = field(default_factory=dict)
    # The ratings after each evening (for the chart and the change since the last evening), by evening.
    after_evening: list[dict[str, float]] = field(default_factory=list)
    # The skills before each moment (evening, round) that has a match: for the chances of a round's tables.
    moments: list[tuple[int, int]] = field(default_factory=list)
    before_moment: list[dict[str, Skill]] = field(default_factory=list)

    def skill(self, name: str) -> Skill:
        return self.skills.get(player_key(name), DEFAULT)

    def change(self, key: str) -> float:
        """The rating after the ladder's last evening minus before it; 0 without a rated table in it."""
        last = self.evenings - 1
        if not any(o.match.evening == last for o in self.outcomes.get(key, ())):
            return 0.0
        before = self.after_evening[last - 1][key] if last > 0 and key in self.after_evening[last - 1] else None
        return self.skills[key].rating - (DEFAULT.rating if before is None else before)

    def skills_before(self, evening: int, round_number: int) -> dict[str, Skill]:
        """The skills as they stood before that round of that evening (every match before it rated)."""
        index = bisect_left(self.moments, (evening, round_number))
        return self.before_moment[index] if index < len(self.moments) else self.skills


def _rating(skill: Skill) -> PlackettLuceRating:
    return MODEL.rating(mu=skill.mu, sigma=skill.sigma)


def rate(matches: Iterable[Match], evenings: int) -> Ratings:
    """The ratings of the whole sequence of matches, rated from the start in the order given.

    `evenings` counts the ladder's club nights (the last may have no match yet).
    """
    ratings = Ratings(evenings)
    skills = ratings.skills
    by_evening = sorted(matches, key=lambda m: (m.evening, m.round, m.table))
    next_evening = 0
    for match in by_evening:
        while next_evening < match.evening:
            ratings.after_evening.append({key: skill.rating for key, skill in skills.items()})
            next_evening += 1
        if not ratings.moments or ratings.moments[-1] != match.moment:
            ratings.moments.append(match.moment)
            ratings.before_moment.append(dict(skills))
        _rate_one(ratings, match)
    while next_evening < evenings:
        ratings.after_evening.append({key: skill.rating for key, skill in skills.items()})
        next_evening += 1
    return ratings


def _rate_one(ratings: Ratings, match: Match) -> None:
    skills = ratings.skills
    keys = [[player_key(name) for name in side] for side in match.sides]
    for side, side_keys in zip(match.sides, keys, strict=True):
        for name, key in zip(side, side_keys, strict=True):
            ratings.names.setdefault(key, name)
    before = {key: skills.get(key, DEFAULT) for side_keys in keys for key in side_keys}
    teams = [[_rating(before[key]) for key in side_keys] for side_keys in keys]
    rated = MODEL.rate(teams, ranks=[float(place) for place in match.places])
    for index, (side_keys, team) in enumerate(zip(keys, rated, strict=True)):
        opponents = tuple(Opponent(ratings.names[key], before[key].rating)
                          for other, other_keys in enumerate(keys) if other != index for key in other_keys)
        place = match.places[index]
        shared = match.places.count(place) > 1
        for key, player in zip(side_keys, team, strict=True):
            skills[key] = Skill(player.mu, player.sigma)
            ratings.outcomes.setdefault(key, []).append(
                Outcome(match, place, shared, opponents, before[key].rating, skills[key].rating))
