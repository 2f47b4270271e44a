"""The score-progression chart as geometry: plain arithmetic, drawn by templates/_chart.html.

Coordinates are in the SVG's own units (a `WIDTH` x `HEIGHT` viewBox that
the page scales), rounded to one decimal so that tests can name them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

WIDTH: Final = 340
HEIGHT: Final = 200
# Room for the score labels (left), the hand numbers and the axis title (bottom).
LEFT: Final = 44
RIGHT: Final = 10
TOP: Final = 12
BOTTOM: Final = 36
STYLES: Final = 3  # colour, dash pattern and marker shape come in three distinct sets
MOST_POINTS: Final = 50  # hands a line is drawn through: 340 units hold no more, and the page stays small


class Tick(NamedTuple):
    """A labelled value on an axis and where it sits (x for hands, y for scores)."""

    value: int
    position: float


class Point(NamedTuple):
    """Where a line passes after a hand."""

    x: float
    y: float


@dataclass(frozen=True)
class Line:
    """One player's scores; `style` picks the colour, dash pattern and marker (0, 1 or 2)."""

    name: str
    style: int
    points: tuple[Point, ...]
    path: str


@dataclass(frozen=True)
class Chart:
    left: float
    top: float
    right: float
    bottom: float
    lines: tuple[Line, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    zero: float | None
    reference: Tick | None
    width: int = WIDTH
    height: int = HEIGHT


def player_scores(result: Any) -> Mapping[str, int]:
    """The running scores after a hand or deal whose `players` lines carry a `player` name and a `score`."""
    return {line.player: line.score for line in result.players}


def progression(
    results: Iterable[Any], names: Sequence[str], scores: Callable[[Any], Mapping[str, int]] = player_scores
) -> dict[str, list[int]]:
    """Each side's running score (a player's, or a team's): 0 before the first hand, then after each scored one.

    `results` are an engine's scored hands or deals; `scores` reads the
    running score of each of `names` from one of them.
    """
    series = {name: [0] for name in names}
    for result in results:
        for name, score in scores(result).items():
            series[name].append(score)
    return series


def nice_step(span: int, count: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50... that cuts `span` into at most `count` steps.

    >>> nice_step(371, 5), nice_step(20, 10), nice_step(3, 5)
    (100, 2, 1)
    """
    magnitude = 1
    while magnitude * 10 * count < span:
        magnitude *= 10
    return next(step * magnitude for step in (1, 2, 5, 10) if step * magnitude * count >= span)


def _number(value: float) -> str:
    """A coordinate as SVG text: "44", "87.5"."""
    return f"{value:g}"


def sampled(hands: int, most: int = MOST_POINTS) -> list[int]:
    """The hands a line is drawn through: every one up to `most`, else every k-th and the last.

    >>> sampled(5), sampled(120, 50)[:4], sampled(120, 50)[-2:]
    ([0, 1, 2, 3, 4, 5], [0, 3, 6, 9], [117, 120])
    """
    step = -(-hands // most) if hands > most else 1
    numbers = list(range(0, hands + 1, step))
    if numbers[-1] != hands:
        numbers.append(hands)
    return numbers


def plot(series: Mapping[str, Sequence[int]], *, reference: int | None = None) -> Chart:
    """Lay out one line per player over the hands, with the `reference` score (the target) as a line.

    Every series starts with the score before the first hand (x = 0).
    The score axis always shows 0 and the reference, in round steps. A long
    game's lines go through the hands `sampled` keeps; the axis still spans every score.
    """
    hands = max(len(values) for values in series.values()) - 1
    values = [value for scores in series.values() for value in scores]
    if reference is not None:
        values.append(reference)
    low, high = min(0, *values), max(0, *values)
    step = nice_step(max(high - low, 1), 5)
    low, high = (low // step) * step, -(-high // step) * step
    if high == low:
        high = low + step
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM

    def x(number: int) -> float:
        return round(LEFT + number * (right - LEFT) / max(hands, 1), 1)

    def y(score: int) -> float:
        return round(TOP + (high - score) * (bottom - TOP) / (high - low), 1)

    lines = []
    numbers = sampled(hands)
    for index, (name, scores) in enumerate(series.items()):
        points = tuple(Point(x(number), y(scores[number])) for number in numbers)
        path = " ".join(f"{'L' if i else 'M'}{_number(p.x)},{_number(p.y)}" for i, p in enumerate(points))
        lines.append(Line(name, index % STYLES, points, path))
    x_step = nice_step(max(hands, 1), 10)
    return Chart(
        left=LEFT,
        top=TOP,
        right=right,
        bottom=bottom,
        lines=tuple(lines),
        x_ticks=tuple(Tick(number, x(number)) for number in range(x_step, hands + 1, x_step)),
        y_ticks=tuple(Tick(value, y(value)) for value in range(low, high + 1, step)),
        zero=y(0) if low < 0 else None,
        reference=None if reference is None else Tick(reference, y(reference)),
    )
