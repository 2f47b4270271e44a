"""The worked lines under a club night's standings: how one player's match points and margin came about.

The figures are the engine's (`rules.events.worked_figures`, kept in the event's view); this only writes them
in the reader's language, table by table and bye by bye.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from babel.numbers import get_decimal_symbol
from flask_babel import get_locale, gettext

from ..store.event_seats import EventSeat
from ..web.i18n import minus_sign, number


def event_figure(value: float) -> str:
    """A match-point or margin figure as the leaderboard shows it: one decimal, with the reader's decimal sign
    (formatted here rather than by Babel for each of a big event's hundreds of figures) and its minus sign, as
    the games' pages write scores; a figure that rounds to nothing has no sign."""
    shown = round(value, 1)
    text = f"{abs(shown):.1f}".replace(".", decimal_sign(str(get_locale())))
    return minus_sign() + text if shown < 0 else text


@cache
def decimal_sign(language: str) -> str:
    return str(get_decimal_symbol(language))


def signed_figure(value: float) -> str:
    """A margin with its sign: "+21.7", "−3.0", "0.0"."""
    written = event_figure(value)
    return "+" + written if round(value, 1) > 0 else written


def worked_line(player: str, round_number: int, table: int, side: dict[str, Any]) -> str:
    """How `player`'s figures at one finished table came about; `side` is theirs, as `events.worked_sides` gives it:
    "Ann, round 1, table 1: place 2 of 3 → match points 1.0; 212 − 190.3 average → margin +21.7."."""
    margin = signed_figure(side["margin"])
    if side["average"] is None:
        how = gettext("the partie's settlement → margin %(margin)s", margin=margin)
    else:
        how = gettext("%(score)s − %(average)s average → margin %(margin)s", score=number(side["score"]),
                      average=event_figure(side["average"]), margin=margin)
    return gettext("%(name)s, round %(round)s, table %(table)s: place %(place)s of %(sides)s → match points "
                   "%(points)s; %(how)s.", name=player, round=round_number, table=table, place=side["place"],
                   sides=side["sides"], points=event_figure(side["match_points"]), how=how)


def worked_lines(view: dict[str, Any], player: str) -> list[str]:
    """`player`'s worked line for each finished table and each bye, in round order."""
    lines: list[tuple[int, str]] = []
    for table in view["tables"]:
        side = next((side for side in table["worked"] if player in side["players"]), None)
        if side is not None:
            lines.append((table["round"], worked_line(player, table["round"], table["table"], side)))
    for bye in view["byes_counted"]:
        if bye["player"] == player:
            lines.append((bye["round"], gettext(
                "%(name)s, round %(round)s: a bye → match points %(points)s, margin %(margin)s.", name=player,
                round=bye["round"], points=event_figure(view["bye_points"]), margin=event_figure(0.0))))
    return [line for _, line in sorted(lines, key=lambda pair: pair[0])]


def table_lines(seat: EventSeat) -> list[str]:
    """At a finished table's phone, every player's worked line (its readers are that table's players)."""
    return [worked_line(name, seat.round, seat.table, side) for side in seat.worked for name in side["players"]]
