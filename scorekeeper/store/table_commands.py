"""What a table does with a whole game, besides recording hands: redo an undone hand, a rematch, delete.

Every game goes through its kind (`GameKind`), so these work for every game alike.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Any

from sqlalchemy import delete

from ..extensions import db
from ..games import GAMES
from ..games.base import Setup
from ..models import Game, IdempotencyKey, Seat
from ..rules.errors import NotAllowed
from ..rules.phrases import N_, phrase
from . import player_records, records, writes
from .cache import hand_pieces, renders


def redo_hand(game: Game) -> Any:
    """Record again the hand undone last (it can be redone until another hand is recorded); not committed.

    :raises NotAllowed: when there is nothing to redo.
    :raises RuleError: when the hand no longer fits where it would go.
    """
    if game.undone_entry is None:
        raise NotAllowed.single("game", phrase(N_("There is no undone hand to restore.")))
    return records.add_hand(game, dict(game.undone_entry))


def next_first_dealer(game: Game) -> str:
    """Who deals first in a rematch: the player after this game's first dealer, clockwise."""
    names = game.player_names
    return names[(names.index(game.first_dealer) + 1) % len(names)]


def rematch(game: Game) -> Game:
    """A new game with the same players, seats and settings; the deal passes to the next player (not committed).

    It shares the edit token of this game, so whoever could change this one can change the rematch.
    """
    kind = GAMES.of(game)
    setup = kind.restore(game)
    table = replace(setup.table, first_dealer=next_first_dealer(game))  # every table is a frozen dataclass
    new = Game(
        public_id=secrets.token_urlsafe(8),
        kind=kind.name,
        first_dealer=table.first_dealer,
        settings=kind.stored_settings(Setup(table, setup.settings)),
        edit_token_hash=game.edit_token_hash,
        seats=[Seat(position=seat.position, name=seat.name) for seat in game.seats],
    )
    db.session.add(new)
    writes.flush()
    return new


def delete_game(game: Game) -> None:
    """Delete the game, its hands and the writes remembered for it; its players' statistics no longer count it.

    A game that followed this one in a session no longer points back to it. Not committed.
    """
    following = records.following_game(game)
    if following is not None:
        writes.claim_version(following)
        following.previous_id = None
        writes.flush()
    db.session.execute(delete(IdempotencyKey).where(IdempotencyKey.scope == game.public_id)
                       .execution_options(synchronize_session=False))
    renders.forget(game)
    hand_pieces.forget(game)
    player_records.forget([game.id])
    db.session.delete(game)
    writes.flush()
