"""`flask --app scorekeeper.app purge`: delete abandoned games, those with no change for `PURGE_AFTER_DAYS`.

A game goes with everything kept for it: hands, seats, running state,
kept pieces and renders, and the keys of the writes made to it; it comes
off its players' records. What a
player would miss is never cut in half:
- a session (Piquet parties played in a row) goes only as a whole, once
  none of its games has changed for the time;
- a club night's tables go only with the club night, once it was created
  and none of its tables changed (or was corrected) for the time.
A game that followed a purged one (a session cut by an older purge) no
longer points back to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy import delete, func, or_, select, update

from ..extensions import db
from ..models import (
    Event,
    EventTable,
    Game,
    Hand,
    IdempotencyKey,
    PlayerGameRecord,
    Seat,
    utcnow,
)
from . import player_records
from .cache import hand_pieces, renders

BATCH = 500


@dataclass(frozen=True)
class Abandoned:
    """What a purge deletes: the games' ids and the club nights' ids."""

    games: list[int]
    events: list[int]


def abandoned(since: datetime) -> Abandoned:
    """The games and club nights with no change since `since`, sessions and club nights kept whole."""
    recent_sessions = select(Game.session_id).where(Game.changed_at >= since, Game.session_id.is_not(None))
    recent_events = (
        select(Event.id).where(Event.created_at >= since)
        .union(select(EventTable.event_id).join(Game, Game.id == EventTable.game_id)
               .where(or_(Game.changed_at >= since, EventTable.corrected_at >= since)))
    )
    kept_by_event = select(EventTable.game_id).where(EventTable.event_id.in_(recent_events))
    games = db.session.execute(
        select(Game.id).where(
            Game.changed_at < since,
            or_(Game.session_id.is_(None), Game.session_id.not_in(recent_sessions)),
            Game.id.not_in(kept_by_event),
        ).order_by(Game.id)
    ).scalars().all()
    events = db.session.execute(select(Event.id).where(Event.id.not_in(recent_events)).order_by(Event.id))
    return Abandoned(list(games), list(events.scalars().all()))


def purge(found: Abandoned) -> None:
    """Delete them, a batch of games at a time, each batch committed."""
    for start in range(0, len(found.events), BATCH):
        events = found.events[start:start + BATCH]
        db.session.execute(delete(EventTable).where(EventTable.event_id.in_(events)))
        db.session.execute(delete(Event).where(Event.id.in_(events)))
        db.session.commit()
    for start in range(0, len(found.games), BATCH):
        _delete_games(found.games[start:start + BATCH])
        db.session.commit()


def _delete_games(ids: Sequence[int]) -> None:
    public_ids = select(Game.public_id).where(Game.id.in_(ids)).scalar_subquery()
    # A kept game that followed one of these starts its session now; its version moves, so nothing kept of it
    # still shows the link back.
    db.session.execute(update(Game).where(Game.previous_id.in_(ids), Game.id.not_in(ids))
                       .values(previous_id=None, version=Game.version + 1))
    player_records.forget(ids)
    db.session.execute(delete(IdempotencyKey).where(IdempotencyKey.scope.in_(public_ids)))
    renders.forget_games(public_ids)
    hand_pieces.forget_games(ids)
    for model in (PlayerGameRecord, Hand, Seat, EventTable):
        db.session.execute(delete(model).where(model.game_id.in_(ids)))
    db.session.execute(update(Game).where(Game.id.in_(ids)).values(previous_id=None))
    db.session.execute(delete(Game).where(Game.id.in_(ids)))


def count_hands(games: Sequence[int]) -> int:
    return sum(db.session.execute(select(func.count(Hand.id)).where(Hand.game_id.in_(games[start:start + BATCH])))
               .scalar_one() for start in range(0, len(games), BATCH))


@click.command("purge")
@click.option("--older-than", "days", type=click.IntRange(min=1), default=None,
              help="Purge games with no change for this many days (default: the PURGE_AFTER_DAYS setting).")
@click.option("--dry-run", is_flag=True, help="Only count what would be purged.")
@with_appcontext
def purge_command(days: int | None, dry_run: bool) -> None:
    """Delete abandoned games: no change for a year (PURGE_AFTER_DAYS), club nights and sessions kept whole."""
    days = days or int(current_app.config["PURGE_AFTER_DAYS"])
    since = utcnow() - timedelta(days=days)
    found = abandoned(since)
    what = (f"{len(found.games)} games ({count_hands(found.games)} hands) and {len(found.events)} club nights "
            f"with no change for {days} days (since {since:%Y-%m-%d %H:%M} UTC)")
    if dry_run:
        click.echo(f"Would purge {what}.")
        return
    purge(found)
    click.echo(f"Purged {what}.")


def init_app(app: Flask) -> None:
    app.cli.add_command(purge_command)
