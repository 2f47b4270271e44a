"""Corrections at a club night: a table's game changed by the organiser's token, or after it had ended.

The event page then says the table was corrected, and when. A game that is
no club night's table has no row to stamp: the statement changes nothing.
"""

from __future__ import annotations

from sqlalchemy import update

from ..models import EventTable, Game, table, utcnow
from .writes import execute

_TABLES = table(EventTable)


def note_correction(game: Game) -> None:
    """Stamp the table whose game this is as corrected now (not committed)."""
    execute(update(_TABLES).where(_TABLES.c.game_id == game.id).values(corrected_at=utcnow()))
