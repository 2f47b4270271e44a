"""A club night's exports as a club keeps them: the standings, and every table's result, each a CSV of one header.

The tables' file has a line for each player at each table and for each bye, with the figures they earned and
what those come from (place of sides, score and the table's average), so its match points and margins add up
to the standings.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

from ..web.spreadsheet import cell

STANDINGS_HEADER = ["place", "player", "match_points", "margin", "tables", "byes"]
TABLES_HEADER = ["round", "table", "game", "status", "player", "score", "place", "sides", "table_average",
                 "match_points", "margin", "confirmed_by", "corrected_at"]


def standings_csv(view: dict[str, Any]) -> str:
    return written(STANDINGS_HEADER, (
        [line["place"], cell(line["player"]), f"{line['match_points']:.1f}", f"{line['margin']:.1f}", line["tables"],
         line["byes"]] for line in view["standings"]))


def tables_csv(view: dict[str, Any]) -> str:
    return written(TABLES_HEADER, [*table_rows(view), *bye_rows(view)])


def table_rows(view: dict[str, Any]) -> Iterable[list[Any]]:
    """A line for each player of each table; a table still playing has its scores so far and no figures."""
    for table in view["tables"]:
        sides = {name: side for side in table["worked"] for name in side["players"]}
        for name, score in table["scores"]:
            side = sides.get(name)
            figures = ([side["place"], side["sides"], "" if side["average"] is None else f"{side['average']:.1f}",
                        f"{side['match_points']:.1f}", f"{side['margin']:.1f}"] if side else ["", "", "", "", ""])
            yield [table["round"], table["table"], table["game"], table["status"], cell(name), score, *figures,
                   cell(table["confirmed_by"] or ""), table["corrected_at"] or ""]


def bye_rows(view: dict[str, Any]) -> Iterable[list[Any]]:
    """A line for each bye the standings count: a table's average in match points, no margin."""
    for bye in view["byes_counted"]:
        yield [bye["round"], "", "", "bye", cell(bye["player"]), "", "", "", "", f"{view['bye_points']:.1f}", "0.0",
               "", ""]


def written(header: list[str], rows: Iterable[list[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()
