"""What was entered at the table. Scores are derived from it: replayed, or kept with the version they are of."""

from __future__ import annotations

import hashlib
import hmac
import re
import unicodedata
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import JSON, BigInteger, DateTime, Float, ForeignKey, LargeBinary, String, Table, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship, validates

from .extensions import Model


def utcnow() -> datetime:
    return datetime.now(UTC)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str | None, token_hash: str) -> bool:
    """Whether `token` is the edit token stored as `token_hash`."""
    return bool(token) and hmac.compare_digest(hash_token(token or ""), token_hash)


def player_key(name: str) -> str:
    """How a player is recognised across games: trimmed, ignoring case and Unicode composition.

    >>> player_key(" ANN ") == player_key("ann")
    True
    """
    return unicodedata.normalize("NFC", name.strip()).casefold()


PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a game's public id can be: checked before any query, so a malformed id is a 404 at once."""


class Game(Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True)
    kind: Mapped[str] = mapped_column(String(20))
    first_dealer: Mapped[str] = mapped_column(String(30))
    # The settings as the game's kind stores them (Dummy Hand Spades keeps the dummy's seat there too).
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    # Games played in a row at one table (Piquet parties) share a session (and its edit token).
    session_id: Mapped[str | None] = mapped_column(String(32), index=True)
    # The game this one follows in its session; unique, so two phones cannot both start "the next game".
    previous_id: Mapped[int | None] = mapped_column(ForeignKey("game.id"), unique=True)
    # Moves by one with every change, in SQL (records.claim_version): the API's ETag, the pages' live polls.
    version: Mapped[int] = mapped_column(default=0)
    # The hand undone last, until another hand is recorded: Redo records it again.
    undone_entry: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # When the game last changed (every change claims a version and sets it): abandoned games can be purged.
    changed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
    # The engine's running state at `state_version`, written by the rules engine `state_engine`: an append resumes
    # from it (store/running_state.py). Derived, never the truth; loaded only when asked for.
    state: Mapped[bytes | None] = mapped_column(LargeBinary, deferred=True)
    state_version: Mapped[int | None]
    state_engine: Mapped[str | None] = mapped_column(String(64))
    # Each player's record in this game as it stands, by player key: [name as spelt here, record]; and whether it
    # changed since the players' sums counted it (store/player_records.py). Loaded only when asked for.
    records: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict, deferred=True)
    records_pending: Mapped[bool] = mapped_column(default=False, index=True)
    seats: Mapped[list[Seat]] = relationship(
        order_by="Seat.position", lazy="selectin", cascade="all, delete-orphan"
    )
    hands: Mapped[list[Hand]] = relationship(
        order_by="Hand.number", lazy="selectin", cascade="all, delete-orphan"
    )

    @property
    def player_names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    @property
    def edit_key(self) -> str:
        """Under which key browsers remember this game's edit token."""
        return self.session_id or self.public_id

    def entries(self) -> list[dict[str, Any]]:
        return [hand.entry for hand in self.hands]

    def has_edit_token(self, token: str | None) -> bool:
        return token_matches(token, self.edit_token_hash)


class Seat(Model):
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id"), primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(30), index=True)
    # Case folding can lengthen a name (ß -> ss), at most threefold.
    name_key: Mapped[str] = mapped_column(String(90), index=True)

    @validates("name")
    def _set_name_key(self, _key: str, name: str) -> str:
        self.name_key = player_key(name)
        return name


class Hand(Model):
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id"), index=True)
    number: Mapped[int]
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    # The game's version when this hand's result last changed (it was recorded, or it or a hand before it was
    # replaced): the kept pieces of the hand (store/cache/hand_pieces.py) count only at that version.
    scored: Mapped[int] = mapped_column(default=0, server_default="0")
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # When the hand was last changed after it was first recorded (None: never): the history marks it "edited".
    # Completing a hand recorded in two steps is not a change, nor is a replacement that changes nothing.
    edited_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Render(Model):
    """A render derived from a game's stored entries (part of a page, the API's game object), shared by every
    worker and host (store/cache/renders.py).

    `key` is a digest of all it depends on, the game's version among them,
    so a render kept for an older state is never read; `version` lets the
    older ones of a game be dropped. A whole answer (store/cache/whole_answers.py) is
    kept compressed too, in each encoding a reader asked for.
    """

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), index=True)  # the game's public id
    version: Mapped[int]
    body: Mapped[str] = mapped_column(Text)
    br: Mapped[bytes | None] = mapped_column(LargeBinary)
    gzip: Mapped[bytes | None] = mapped_column(LargeBinary)
    # Its bytes (body and compressed forms), and when it was last stored or read (to the hour), in seconds since
    # the epoch: the cache keeps under RENDER_CACHE_MAX_BYTES by dropping the least recently used.
    size: Mapped[int] = mapped_column(default=0)
    used_at: Mapped[float] = mapped_column(Float, default=0, index=True)


class RenderCacheSize(Model):
    """The bytes the cache of renders holds (the sum of its renders' `size`), in one row (`id` 1): every write of
    a render moves it in the same transaction (store/cache/renders.py), so the cap is checked without summing the
    cache."""

    id: Mapped[int] = mapped_column(primary_key=True)
    bytes: Mapped[int] = mapped_column(BigInteger)


class Piece(Model):
    """A piece drawn from one hand's result (its history line, its API object, its running scores), kept while
    the result stays what it was (store/cache/hand_pieces.py): it counts only when `scored` is the hand's and
    `release` the app's. One row a hand and `what` (the piece, its language and reader): a newer one replaces it."""

    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)
    what: Mapped[str] = mapped_column(String(40), primary_key=True)
    release: Mapped[str] = mapped_column(String(16))
    scored: Mapped[int]
    body: Mapped[str] = mapped_column(Text)
    # Its bytes and when it was kept, in seconds since the epoch: pieces count under RENDER_CACHE_MAX_BYTES with
    # the renders, the oldest dropped first (store/cache/renders.py).
    size: Mapped[int] = mapped_column(default=0, server_default="0")
    kept_at: Mapped[float] = mapped_column(Float, default=0, server_default="0", index=True)


class IdempotencyKey(Model):
    """A write already done under an Idempotency-Key, and the response it got (store/idempotency.py).

    Written in the same transaction as the change itself. The key is kept
    hashed: with the app's secret it unseals the edit token of a new game.
    """

    __table_args__ = (UniqueConstraint("scope", "key_hash"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # The game's public id, or the address that creates a game.
    scope: Mapped[str] = mapped_column(String(64))
    key_hash: Mapped[str] = mapped_column(String(64))
    fingerprint: Mapped[str] = mapped_column(String(64))
    status: Mapped[int]
    body: Mapped[Any | None] = mapped_column(JSON)
    headers: Mapped[dict[str, str]] = mapped_column(JSON)
    sealed_token: Mapped[str | None] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)


class PlayerGameRecord(Model):
    """One player's record in one game (games/stats.py `summary`) as the player's sum counted it
    (store/player_records.py): what comes off the sum when the game's own `records` are counted again."""

    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), primary_key=True)
    name_key: Mapped[str] = mapped_column(String(90), primary_key=True)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)


class PlayerRecord(Model):
    """A player's record over all their games of one kind: the sum of their `PlayerGameRecord`s, brought up to
    date from the games changed since when a player's page is read (store/player_records.py)."""

    name_key: Mapped[str] = mapped_column(String(90), primary_key=True)
    kind: Mapped[str] = mapped_column(String(20), primary_key=True)
    # The player's name as spelt in their latest game of the kind (the one with the highest id).
    name: Mapped[str] = mapped_column(String(30))
    latest_game: Mapped[int]
    games: Mapped[int]
    record: Mapped[dict[str, Any]] = mapped_column(JSON)


class RateLimit(Model):
    """A counter of the limits on what one client may do, shared by every worker and host (web/limits.py)."""

    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    count: Mapped[int]
    # When the counter's window ends, in seconds since the epoch (as the `limits` library counts time).
    expires_at: Mapped[float] = mapped_column(Float, index=True)


def table(model: type[Model]) -> Table:
    """A model's table, for the Core statements of the hot paths (built once: building costs more than running)."""
    return cast(Table, model.__table__)


class Ladder(Model):
    """A club's ladder (docs/api.md, "Ladders"): club nights of one game whose tables rate their players.

    `version` grows with the ladder's own changes (a club night joining it);
    the ladder object adds its club nights' versions to it.
    """

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True)
    name: Mapped[str] = mapped_column(String(60))
    kind: Mapped[str] = mapped_column(String(20))
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    def has_edit_token(self, token: str | None) -> bool:
        return token_matches(token, self.edit_token_hash)


class Event(Model):
    """A club night (docs/api.md, "Club nights"): several tables of one game, one leaderboard.

    Each table is an ordinary `Game`; its edit token is derived from the
    organiser's (events.table_token), so the organiser's token opens every
    table and no table token is stored. `version` grows with the event's
    own changes; the event object adds its tables' versions to it.
    """

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True)
    name: Mapped[str] = mapped_column(String(60))
    kind: Mapped[str] = mapped_column(String(20))
    players: Mapped[list[str]] = mapped_column(JSON)
    # Who sat out which round: [{"round": 1, "player": "Ivy"}, ...], kept in the event's row so that reading
    # an event is one query.
    byes: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    rounds: Mapped[int]
    hands_per_round: Mapped[int | None]
    # The round clock, if the organiser set one: minutes per round, and when the round seated last ends.
    round_minutes: Mapped[int | None]
    round_deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # The ladder the club night joined when it was created, if any.
    ladder_id: Mapped[int | None] = mapped_column(ForeignKey("ladder.id"), index=True)
    tables: Mapped[list[EventTable]] = relationship(
        order_by="(EventTable.round, EventTable.number)", back_populates="event"
    )

    def has_edit_token(self, token: str | None) -> bool:
        return token_matches(token, self.edit_token_hash)


class EventTable(Model):
    """A table of a round: its game, and what happened to it besides play (a correction, a confirmation)."""

    __table_args__ = (UniqueConstraint("event_id", "round", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id"), index=True)
    round: Mapped[int]
    number: Mapped[int]
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id"), unique=True)
    # The last change the organiser's token made to the table's game.
    corrected_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Who of another side confirmed the result at the table, and the game's version they confirmed.
    confirmed_by: Mapped[str | None] = mapped_column(String(30))
    confirmed_version: Mapped[int | None]
    event: Mapped[Event] = relationship(back_populates="tables")
    game: Mapped[Game] = relationship()

