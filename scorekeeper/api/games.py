"""The JSON API at /api/v1 (API.md). Every error under /api is JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, abort, jsonify, make_response, request, url_for

from ..games.base import Engine
from ..models import Game
from ..rules.errors import RuleError
from ..store import records, renders, transfer, whole_renders
from ..store.idempotency import exactly_once
from ..web.limits import creation_limit, edit_token_attempts
from ..web.links import absolute_url
from .requests import check_if_match, editable_game, game_etag, json_body, object_body, rule_error
from .serialize import game_object, hand_object

bp = Blueprint("api", __name__, url_prefix="/api/v1")
bp.register_error_handler(RuleError, rule_error)


def created_response(created: records.Created) -> Response:
    """201 with the new game, its edit token (shown only this once) and its Location."""
    game = created.game
    payload = game_object(game, created.engine)
    payload["edit_token"] = created.edit_token
    return make_response(jsonify(payload), 201, {"Location": url_for("api.show_game", game_id=game.public_id)})


@bp.post("/games")
@creation_limit
def create_game() -> Response:
    return exactly_once(request.path, lambda: created_response(records.create_game(object_body())),
                        creates=True)


@bp.get("/games/<game_id>")
def show_game(game_id: str) -> Response:
    """The game object, kept whole for every reader in that language (store/whole_renders.py) when it may be."""
    shared = whole_renders.answer("api-game", game_id, "application/json", page=False, etag=str)
    if isinstance(shared, Response):
        return shared
    game = records.game_or_404(game_id, with_hands=False)
    response = jsonify(game_object_now(game))
    if shared is None:
        response.set_etag(game_etag(game))
        return response
    return whole_renders.kept(shared, response, etag=game_etag(game))


def game_object_now(game: Game) -> dict[str, Any]:
    """The game object of the game as stored now, from the cache of renders (its `url` added for this request)."""
    def make() -> str:
        payload = game_object(game, records.replay(game))
        del payload["url"]  # from PUBLIC_URL, or this request's host: never kept
        return json.dumps(payload)

    payload = json.loads(renders.cached("api-game", game, make, with_session=True))
    payload["url"] = absolute_url("views.show_game", game_id=game.public_id)
    return payload


def hand_response(game: Game, engine: Engine, number: int) -> dict[str, Any]:
    payload = hand_object(game, engine, number)
    payload["game"] = game_object(game, engine, with_hands=False)
    payload["after_end"] = list(engine.after_end)
    return payload


def change(game_id: str, write: Callable[[Game], Response]) -> Response:
    """Run `write(game)` on the locked game once per Idempotency-Key, after If-Match."""
    game = editable_game(game_id)

    def checked_write() -> Response:
        check_if_match(game)
        return write(game)

    return exactly_once(game.public_id, checked_write)


@bp.post("/games/<game_id>/hands")
@edit_token_attempts
def add_hand(game_id: str) -> Response:
    def write(game: Game) -> Response:
        engine = records.add_hand(game, object_body())
        number = engine.next_number() - 1
        location = url_for("api.show_game", game_id=game.public_id)
        return make_response(jsonify(hand_response(game, engine, number)), 201, {"Location": location})

    return change(game_id, write)


@bp.put("/games/<game_id>/hands/<int:number>")
@edit_token_attempts
def replace_hand(game_id: str, number: int) -> Response:
    def write(game: Game) -> Response:
        try:
            engine = records.replace_hand(game, number, object_body())
        except records.HandNotFound:
            abort(404)
        return jsonify(hand_response(game, engine, number))

    return change(game_id, write)


@bp.delete("/games/<game_id>/hands/<int:number>")
@edit_token_attempts
def remove_hand(game_id: str, number: int) -> Response:
    def write(game: Game) -> Response:
        try:
            records.remove_last_hand(game, number)
        except records.HandNotFound:
            abort(404)
        except records.NotLastHand:
            abort(409)
        return Response(status=204)

    return change(game_id, write)


@bp.post("/games/<game_id>/next")
@edit_token_attempts
def next_game(game_id: str) -> Response:
    """Start the next game at this table, the next partie (201), or return the one already started (200)."""
    def write(game: Game) -> Response:
        started = records.following_game(game) is None
        following = records.next_game(game)
        location = url_for("api.show_game", game_id=following.public_id)
        body = jsonify(game_object(following, records.replay(following)))
        return make_response(body, 201 if started else 200, {"Location": location})

    return change(game_id, write)


@bp.post("/games/import")
@creation_limit
def import_game() -> Response:
    """A new game from an exported game object: 201 with its new edit token, or 422 with every problem."""
    return exactly_once(request.path, lambda: created_response(transfer.import_game(json_body())),
                        creates=True)
