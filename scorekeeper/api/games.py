"""The JSON API at /api/v1 (docs/api.md). Every error under /api is JSON."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, abort, jsonify, make_response, request, url_for

from ..games import GAMES
from ..games.base import Engine
from ..games.schemas import ref
from ..models import Game
from ..rules.errors import RuleError
from ..store import records, transfer
from ..store.cache import whole_answers
from ..store.idempotency import exactly_once
from ..web.limits import creation_limit, edit_token_attempts
from .openapi import Reply, describe, document, link
from .requests import check_if_match, editable_game, game_etag, json_body, object_body, rule_error
from .serialize import game_object, game_object_now, hand_object

bp = Blueprint("api", __name__, url_prefix="/api/v1")
bp.register_error_handler(RuleError, rule_error)


def created_response(created: records.Created) -> Response:
    """201 with the new game, its edit token (shown only this once) and its Location."""
    game = created.game
    payload = game_object(game, created.engine)
    payload["edit_token"] = created.edit_token
    return make_response(jsonify(payload), 201, {"Location": url_for("api.show_game", game_id=game.public_id)})


GAME = ref("Game")
LOCATION = ("Location",)
GAME_TOKEN = "the game's edit token (`edit_token`, from its creation or its club night's table)"


def read_game(game_id: str) -> dict[str, Any]:
    return link("get-games-game_id", "Read the game.", path_game_id=game_id)


# The calls each answer opens (OpenAPI links): create, then record a hand, replace or undo it, read the game.
CREATED_LINKS = {
    "ReadGame": read_game("$response.body#/id"),
    "RecordHand": link("post-games-game_id-hands", "Record its first hand, with its edit token.",
                       path_game_id="$response.body#/id", header_Authorization="Bearer {$response.body#/edit_token}"),
}


def hand_links(number: str) -> dict[str, Any]:
    """Replace or undo the hand answered, at the version the answer made; read its game."""
    same = {"path_game_id": "$request.path.game_id", "path_number": number,
            "header_Authorization": "$request.header.Authorization",
            "header_If_Match": '"{$response.body#/game/version}"'}
    return {
        "ReplaceHand": link("put-games-game_id-hands-number", "Replace the hand, or complete it.", **same),
        "RemoveHand": link("delete-games-game_id-hands-number", "Undo the hand (the last one).", **same),
        "ReadGame": read_game("$request.path.game_id"),
    }


@bp.get("/openapi.json")
@describe("This document: the API's OpenAPI 3.1 description", tag="about",
          replies={200: Reply("The OpenAPI document.", {"type": "object"})})
def openapi_document() -> Response:
    return jsonify(document())


@bp.post("/games")
@describe(
    "Create a game", body=ref("NewGame"), idempotent=True,
    examples={name: example for kind in GAMES.values() for name, example in kind.json_schemas.create_examples.items()},
    replies={201: Reply("The game object, its edit token (shown only this once) and its page's url.",
                        ref("CreatedGame"), LOCATION, links=CREATED_LINKS)},
)
@creation_limit
def create_game() -> Response:
    return exactly_once(request.path, lambda: created_response(records.create_game(object_body())),
                        creates=True)


@bp.get("/games/<game_id>")
@describe("Read a game", replies={
    200: Reply("The game object, with every hand.", GAME, ("ETag",)),
    304: Reply("The game has not changed since the ETag of If-None-Match."),
})
def show_game(game_id: str) -> Response:
    """The game object, kept whole for every reader in that language (store/cache/whole_answers.py) when it may be;
    a 304 when If-None-Match holds its ETag."""
    shared = whole_answers.answer("api-game", game_id, "application/json", page=False, etag=str)
    if isinstance(shared, Response):
        return shared
    game = records.game_or_404(game_id, with_hands=False)
    # A whole answer to keep holds the object: it is not kept by itself as well (as many bytes again to store).
    response = Response(game_object_now(game, store=shared is None) + "\n", mimetype="application/json")
    if shared is None:
        response.set_etag(game_etag(game))
        response.make_conditional(request)
        return response
    return whole_answers.kept(shared, response, etag=game_etag(game))


def hand_response(game: Game, engine: Engine, number: int) -> dict[str, Any]:
    payload = hand_object(game, engine, number)
    payload["game"] = game_object(game, engine, with_hands=False)
    payload["after_end"] = list(engine.after_end)
    return payload


def change(game_id: str, write: Callable[[Game], Response], *, needs_version: bool = False) -> Response:
    """Run `write(game)` on the locked game once per Idempotency-Key, then honour If-Match (required when
    `needs_version`: a change of an existing hand).

    If-Match is checked after the write (still uncommitted, so a 412 or 428 rolls it back): a request that would
    fail without the condition fails as it would (a bad body is a 422 whatever version it names), as RFC 9110
    section 13.2.1 says."""
    game = editable_game(game_id)

    def checked_write() -> Response:
        stored_version = game.version
        response = write(game)
        check_if_match(stored_version, required=needs_version)
        return response

    return exactly_once(game.public_id, checked_write)


HAND_EXAMPLES = {
    f"{kind.json_schemas.prefix}: {name}": example
    for kind in GAMES.values() for name, example in kind.json_schemas.hand_examples.items()
}


@bp.post("/games/<game_id>/hands")
@describe(
    "Record a hand (a Piquet deal)", examples=HAND_EXAMPLES, token=GAME_TOKEN, if_match=True, idempotent=True,
    body=ref("NewHand"),
    description="Without its play (Spades: `tricks`; Piquet: `tricks` and `trick_totals`) the hand waits for "
                "it, `complete: false`, and no total changes. Posting to a finished game is a 422.",
    replies={
        201: Reply("The hand result, with the updated game object (without its hands).", ref("HandResponse"),
                   LOCATION, links=hand_links("$response.body#/number")),
        409: Reply("Another hand took this `number`, or the last hand still waits for its play.", ref("Error")),
    },
)
@edit_token_attempts
def add_hand(game_id: str) -> Response:
    def write(game: Game) -> Response:
        engine = records.add_hand(game, object_body())
        number = engine.next_number() - 1
        location = url_for("api.show_game", game_id=game.public_id)
        return make_response(jsonify(hand_response(game, engine, number)), 201, {"Location": location})

    return change(game_id, write)


@bp.put("/games/<game_id>/hands/<int:number>")
@describe(
    "Replace a hand, or complete a hand waiting for its play", body=ref("Hand"), examples=HAND_EXAMPLES,
    token=GAME_TOKEN, if_match=True, needs_version=True, idempotent=True,
    description="Every later total is recomputed; hands that fall after a new end are listed in `after_end`.",
    replies={200: Reply("The hand result, with the updated game object.", ref("HandResponse"),
                        links=hand_links("$request.path.number"))},
)
@edit_token_attempts
def replace_hand(game_id: str, number: int) -> Response:
    def write(game: Game) -> Response:
        try:
            engine = records.replace_hand(game, number, object_body())
        except records.HandNotFound:
            abort(404)
        return jsonify(hand_response(game, engine, number))

    return change(game_id, write, needs_version=True)


@bp.delete("/games/<game_id>/hands/<int:number>")
@describe("Remove the last hand", token=GAME_TOKEN, if_match=True, needs_version=True, idempotent=True, replies={
    204: Reply("Removed.", links={"ReadGame": read_game("$request.path.game_id")}),
    409: Reply("Only the last hand can be removed.", ref("Error")),
})
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

    return change(game_id, write, needs_version=True)


@bp.post("/games/<game_id>/next")
@describe(
    "Start the next game at this table (Rubicon Piquet: the next partie)", token=GAME_TOKEN, if_match=True,
    idempotent=True,
    description="A game not played in parties, or a partie not yet over, is a 422.",
    replies={
        201: Reply("The next game, started now.", GAME, LOCATION, links={"ReadGame": read_game("$response.body#/id")}),
        200: Reply("The next game, started before.", GAME, LOCATION,
                   links={"ReadGame": read_game("$response.body#/id")}),
    },
)
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
@describe(
    "Import an exported game", body=ref("ExportedGame"), idempotent=True,
    replies={201: Reply("The new game, with a new edit token.", ref("CreatedGame"), LOCATION, links=CREATED_LINKS)},
)
@creation_limit
def import_game() -> Response:
    """A new game from an exported game object: 201 with its new edit token, or 422 with every problem."""
    return exactly_once(request.path, lambda: created_response(transfer.import_game(json_body())),
                        creates=True, rebuild=imported_game)


def imported_game(game_id: str) -> dict[str, Any]:
    """An import's answer again, for a repeat: the game object of the game as stored now (its hands are not
    kept with the key: they may be a megabyte)."""
    game = records.game_or_404(game_id)
    return game_object(game, records.replay(game))
