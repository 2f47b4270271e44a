"""Commands that change a stored game, shared by the pages and the API.

Each command has the rules engine validate the new entry, and only then
writes what was entered. Adding a hand resumes the engine from the game's
running state (running_state.py); other changes replay the game.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import abort, current_app
from sqlalchemy import insert, inspect, select
from sqlalchemy.orm import lazyload

from ..extensions import db
from ..games import GAMES, GameKind
from ..games.base import Engine
from ..models import PUBLIC_ID, Game, Hand, Seat, hash_token, player_key, table, utcnow
from ..rules.errors import MalformedInput, NotAllowed, RuleError
from ..rules.names import clean_names
from ..rules.phrases import N_, Phrase, phrase
from . import corrections, player_records, running_state
from .writes import ConcurrentChange, claim_version, execute, flush


class HandNotFound(LookupError):
    """No hand with that number in this game."""


class NotLastHand(ValueError):
    """Only the last hand can be removed."""


@dataclass(frozen=True)
class Created:
    """A new game, the edit token it was given (shown only this once), and its engine's game."""

    game: Game
    edit_token: str
    engine: Engine


def game_or_404(public_id: str, *, with_hands: bool = True) -> Game:
    """The game with this public id; a 404 (JSON under /api, a page elsewhere) when there is none.

    `with_hands=False` leaves the hands to load when asked for (pages drawn from the running state and
    the cache of renders need none). Ids are checked before the query: PostgreSQL refuses text with a
    NUL byte outright.
    """
    if not PUBLIC_ID.fullmatch(public_id):
        abort(404)
    query = db.select(Game).filter_by(public_id=public_id)
    return db.first_or_404(query if with_hands else query.options(lazyload(Game.hands)))


def latest_games(edit_keys: list[str]) -> list[Game]:
    """The newest game of each edit key (a game, or the latest of a session), in the order of the keys.

    Their seats come along, not their hands (which a list of games does not show).
    """
    if not edit_keys:
        return []
    games = db.session.execute(
        db.select(Game).where(Game.public_id.in_(edit_keys) | Game.session_id.in_(edit_keys)).order_by(Game.id)
        .options(lazyload(Game.hands))
    ).scalars()
    newest = {game.edit_key: game for game in games}
    return [newest[key] for key in edit_keys if key in newest]


@dataclass(frozen=True)
class Seated:
    """One game a player sat at, as a list of a player's games needs it: no game object is loaded."""

    game_id: int
    public_id: str
    kind: str
    version: int
    name: str  # how the player was spelt in that game


def games_of_player(name: str) -> list[Seated]:
    """Every game with a player of that name (in any case), oldest first, in one query (names are unique in a
    game, ignoring case: one row a game)."""
    if "\x00" in name:  # no name holds one, and PostgreSQL refuses to compare it
        return []
    rows = db.session.execute(
        db.select(Game.id, Game.public_id, Game.kind, Game.version, Seat.name)
        .join(Seat, Seat.game_id == Game.id).where(Seat.name_key == player_key(name)).order_by(Game.id))
    return [Seated(*row) for row in rows]


def frequent_players(limit: int, *, latest_games: int | None = None) -> list[tuple[str, int]]:
    """The players seen most often (among the latest games, if given), with their number of games.

    Spellings that differ only in case are one player, named as in their latest game.
    """
    seats = db.select(
        Seat.name,
        Seat.game_id,
        db.func.count().over(partition_by=Seat.name_key).label("games"),
        db.func.row_number().over(partition_by=Seat.name_key, order_by=Seat.game_id.desc()).label("newest_first"),
    )
    if latest_games is not None:
        seats = seats.where(Seat.game_id.in_(db.select(Game.id).order_by(Game.id.desc()).limit(latest_games)))
    seats = seats.subquery()
    rows = db.session.execute(
        db.select(seats.c.name, seats.c.games)
        .where(seats.c.newest_first == 1)
        .order_by(seats.c.games.desc(), seats.c.game_id.desc(), seats.c.name)
        .limit(limit)
    )
    return [(name, games) for name, games in rows]


def session_games(game: Game) -> list[Game]:
    """Every game of the game's session, first to last (just the game outside a session)."""
    if game.session_id is None:
        return [game]
    return list(
        db.session.execute(db.select(Game).filter_by(session_id=game.session_id).order_by(Game.id)).scalars()
    )


def played_in_session(game: Game, engine: Engine) -> list[tuple[Game, Engine]]:
    """The games of the session replayed (`engine` is `game` replayed); no query outside a session."""
    return [(other, engine if other is game else replay(other)) for other in session_games(game)]


def following_game(game: Game) -> Game | None:
    """The game started after this one in its session, if any."""
    return db.session.execute(db.select(Game).filter_by(previous_id=game.id)).scalar_one_or_none()


def next_game(game: Game) -> Game:
    """Start (not committed) or find the game after this one at the table, in the same session and edit token.

    What "the next game" is, and when it may start, is the game's own rule
    (Piquet: the next Rubicon partie, once this one is over).

    :raises NotAllowed: when the game's kind refuses it.
    """
    kind = GAMES.of(game)
    setup = kind.next_game(kind.restore(game), replay(game))
    later = following_game(game)
    if later is not None:
        return later
    claim_version(game)
    if game.session_id is None:
        game.session_id = game.public_id
    following = Game(
        public_id=secrets.token_urlsafe(8),
        kind=game.kind,
        first_dealer=setup.table.first_dealer,
        settings=kind.stored_settings(setup),
        edit_token_hash=game.edit_token_hash,
        session_id=game.session_id,
        previous_id=game.id,
        seats=[Seat(position=i, name=name) for i, name in enumerate(setup.table.players)],
    )
    db.session.add(following)
    flush()
    return following


def replay(game: Game) -> Engine:
    """The engine's game, replayed from every stored entry."""
    kind = GAMES.of(game)
    setup = kind.restore(game)
    return kind.replay(setup, [kind.parse_entry(setup.table, entry) for entry in game.entries()])


def appending_engine(game: Game) -> Engine:
    """The engine that records the game's next hand: resumed from its running state, else replayed."""
    return running_state.resumed(game) or replay(game)


def create_game(data: object, *, entries: Sequence[Any] = ()) -> Created:
    """Validate a new game (the API's create payload) and store it with its running state (not committed).

    `entries` are the game's entries, already checked by the engine in this game (an import).

    :raises RuleError: with every problem found.
    """
    if not isinstance(data, dict):
        raise MalformedInput.single("body", phrase(N_("Send the new game as a JSON object.")))
    kind = GAMES.find(data.get("game"))
    if kind is None:
        choices = ", ".join(f"“{name}”" for name in GAMES)
        raise MalformedInput.single("game", phrase(N_("Choose the game: %(choices)s."), choices=choices))
    if data.get("first_dealer") is None:
        data = {**data, "first_dealer": _draw_first_dealer(data.get("players"), kind.player_count)}
    setup = kind.read_setup(data)
    engine = kind.replay(setup, entries)
    token = secrets.token_urlsafe(24)
    game = Game(
        public_id=secrets.token_urlsafe(8),
        kind=kind.name,
        first_dealer=setup.table.first_dealer,
        settings=kind.stored_settings(setup),
        edit_token_hash=hash_token(token),
        version=0,
        seats=[Seat(position=i, name=name) for i, name in enumerate(setup.table.players)],
        hands=[Hand(number=number, entry=kind.entry_to_dict(entry)) for number, entry in enumerate(entries, start=1)],
    )
    running_state.store(game, engine)
    db.session.add(game)
    flush()
    return Created(game, token, engine)


def _draw_first_dealer(players: object, count: int) -> str | None:
    """A first dealer drawn from the players; None for names the kind's setup will refuse."""
    try:
        return secrets.choice(clean_names(players, count))
    except RuleError:
        return None


def hand_limit_phrase(kind: GameKind) -> Phrase:
    """What is said when a game has as many hands (or deals) as a game may have."""
    return phrase(kind.words.too_many, max=max_hands())


def max_hands() -> int:
    """The most hands (or deals) a game may have (MAX_HANDS): far more than a game to the highest target
    takes, few enough that its page stays quick and its export can be imported again."""
    return int(current_app.config["MAX_HANDS"])


_INSERT_HAND = insert(table(Hand))


def add_hand(game: Game, data: object, *, engine: Engine | None = None) -> Engine:
    """Score and store the next hand (not committed); returns the engine's game with it.

    `data` may say which number the hand is meant to get (`"number"`).
    `engine` is the game's `appending_engine` (or the game replayed), if the
    caller has it: it is then the one returned. Without one the game is
    resumed from its running state, so the hands already stored are neither
    loaded nor replayed; the returned engine may then be resumed too (see
    `rules.log.Log.resume`: it knows its last results only).

    :raises ConcurrentChange: when that number is not the next one (another phone was first).
    """
    kind = GAMES.of(game)
    engine = engine if engine is not None else appending_engine(game)
    recorded = engine.next_number() - 1
    if recorded >= max_hands():
        raise NotAllowed.single("game", hand_limit_phrase(kind))
    _check_number(recorded + 1, data)
    entry = kind.parse_entry(engine.table, data)
    before = player_records.counted(kind, engine, ())
    engine.add(entry)
    number, stored = recorded + 1, kind.entry_to_dict(entry)
    # What the hand changed in the game's players' records (None: count the game again before it commits).
    counted = player_records.after_append(game, player_records.appended(kind, engine, before))
    if "hands" in inspect(game).unloaded:
        # The game's hands stay unloaded (they are not needed): the hand is inserted, then one UPDATE claims the
        # version and writes the running state and the records (the ORM's unit of work costs more than both).
        execute(_INSERT_HAND, {"game_id": game.id, "number": number, "entry": stored, "scored": game.version + 1})
        claim_version(game, writing={**running_state.columns(game.version + 1, engine), **(counted or {}),
                                     "undone_entry": None})
    else:
        claim_version(game, writing=counted)
        if game.undone_entry is not None:
            game.undone_entry = None
        game.hands.append(Hand(game_id=game.id, number=number, entry=stored, scored=game.version))
        running_state.store(game, engine)
    flush()
    return engine


def _check_number(expected: int, data: object) -> None:
    number = data.get("number") if isinstance(data, dict) else None
    if number is None:
        return
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise MalformedInput.single("number", phrase(N_("A hand number is a whole number from 1 up.")))
    if number < expected:
        raise ConcurrentChange.single("number", phrase(
            N_("Hand %(number)s is already recorded: the next hand is hand %(next)s."), number=number, next=expected))
    if number > expected:
        raise ConcurrentChange.single("number", phrase(
            N_("Hand %(number)s cannot be recorded yet: the next hand is hand %(next)s."),
            number=number, next=expected))


def replace_hand(game: Game, number: int, data: object, *, engine: Engine | None = None) -> Engine:
    """Replace a past hand (not committed) and re-score everything after it; returns the engine's game with it.

    `engine` is the game already replayed, if the caller has it (as in `add_hand`).
    """
    hand = _hand(game, number)
    if engine is None or engine.is_resumed:  # a resumed engine only appends
        engine = replay(game)
    if number in engine.after_end:
        raise NotAllowed.single(
            "number",
            phrase(N_("Hand %(number)s was recorded after the game ended; undo it instead."), number=number),
        )
    kind = GAMES.of(game)
    entry = kind.parse_entry(engine.table, data)
    had_ended = engine.is_over()
    was_complete = number != engine.waiting_number()
    engine.replace(number, entry)
    claim_version(game)
    stored = kind.entry_to_dict(entry)
    if was_complete and stored != hand.entry:
        hand.edited_at = utcnow()
    hand.entry = stored
    for later in game.hands:  # this hand's result and every later one's may have changed: their pieces are stale
        if later.number >= number:
            later.scored = game.version
    running_state.store(game, engine)
    if had_ended:
        corrections.note_correction(game)  # a club night's table changed after its game ended
    flush()
    return engine


def edited_numbers(game: Game) -> frozenset[int]:
    """The numbers of the game's hands changed after they were first recorded (one query; the hands stay unloaded)."""
    return frozenset(db.session.scalars(
        select(Hand.number).where(Hand.game_id == game.id, Hand.edited_at.is_not(None))))


def remove_last_hand(game: Game, number: int | None = None) -> None:
    """Undo (not committed): remove the last hand (or check that `number` is the last)."""
    if not game.hands:
        raise HandNotFound(number)
    last = game.hands[-1]
    if number is not None:
        _hand(game, number)
        if number != last.number:
            raise NotLastHand(number)
    had_ended = appending_engine(game).is_over()
    claim_version(game)
    game.undone_entry = last.entry
    game.hands.remove(last)
    db.session.delete(last)
    if had_ended:
        corrections.note_correction(game)  # a club night's table changed after its game ended
    flush()


def _hand(game: Game, number: int) -> Hand:
    for hand in game.hands:
        if hand.number == number:
            return hand
    raise HandNotFound(number)
