"""The API's OpenAPI 3.1 document, built from the code: the routes under /api/v1, each view's `@describe`, and
the games' own schemas (`GameKind.json_schemas`). No routes here: `GET /api/v1/openapi.json` serves it.

To describe a new endpoint, put `@describe(...)` under its route decorator (see `create_game` in
`api/games.py`): a summary, the body's schema, the success responses, and whether it needs the edit token,
If-Match or an Idempotency-Key. The error responses follow from those. A schema of its own is named with
`named("Event", obj({...}))` in the endpoint's module (it returns the `$ref` to use), a game's own in its
`json_schemas`. An /api/v1 route without `@describe` makes the document
fail to build, which the tests notice at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from flask import Flask, current_app
from flask_babel import force_locale

from ..games import GAMES, GameKind
from ..games.schemas import NAME, NAMES, SENTENCES, STRING, Schema, array, integer, keyed, nullable, obj, ref
from ..store.idempotency import HEADER as IDEMPOTENCY_KEY
from ..store.idempotency import KEY
from .requests import WRITES

PREFIX = "/api/v1"
View = TypeVar("View", bound=Callable[..., Any])


@dataclass(frozen=True)
class Reply:
    """One response of an operation: what it means, its body's schema (None: no body), its headers, and its links
    (`link(...)`: the calls it opens, with the values they take from it)."""

    description: str
    schema: Schema | None = None
    headers: tuple[str, ...] = ()
    examples: Mapping[str, Any] = field(default_factory=dict)
    links: Mapping[str, Schema] = field(default_factory=dict)


@dataclass(frozen=True)
class Operation:
    """What `@describe` records of a view (see its arguments)."""

    summary: str
    description: str
    body: Schema | None
    examples: Mapping[str, Any]
    replies: Mapping[int, Reply]
    token: str
    if_match: bool
    needs_version: bool
    idempotent: bool
    tag: str


def describe(
    summary: str, *, description: str = "", body: Schema | None = None, examples: Mapping[str, Any] | None = None,
    replies: Mapping[int, Reply], token: str = "", if_match: bool = False, needs_version: bool = False,
    idempotent: bool = False, tag: str = "games",
) -> Callable[[View], View]:
    """Describe a view in the API's document.

    `body` is the JSON body's schema and `examples` its named examples;
    `replies` the responses the view itself makes (success, and any 409).
    `token`: whose token is needed, if any (403 without it); `if_match`: the
    If-Match header is honoured (412); `needs_version`: it is required (428
    without it: a change of an existing hand); `idempotent`: an Idempotency-Key is
    accepted. The 400, 404, 413, 415 and 422 replies follow from the body,
    the method and the path.
    """
    operation = Operation(
        summary, description, body, examples or {}, replies, token, if_match, needs_version, idempotent, tag)

    def attach(view: View) -> View:
        view.openapi = operation  # type: ignore[attr-defined]
        return view

    return attach


NAMED: dict[str, Schema] = {}


def named(name: str, schema: Schema) -> Schema:
    """Add a schema to the document under `name` (at import, beside the views that use it); returns its `$ref`."""
    if NAMED.get(name, schema) != schema:
        raise ValueError(f"two schemas are named {name}")
    NAMED[name] = schema
    return ref(name)


ERROR_REPLIES = {
    400: "The body is not valid JSON.",
    403: "The edit token is missing or wrong.",
    404: "There is no such game or hand.",
    409: "Another request changed the game at the same moment, or still holds this Idempotency-Key: nothing "
         "changed; read the game and try again.",
    412: "If-Match names another version than the game's: nothing changed.",
    428: "If-Match is missing: a change of an existing hand must name the version it was made on. Nothing "
         "changed.",
    413: "The body is larger than 1 MiB (sent with a Content-Length or in chunks).",
    415: "The request has a body that does not say it is JSON: send it with Content-Type: application/json.",
    422: "The input is not valid (every problem listed, each beside its field); nothing was saved.",
    429: "Too many new games from this address, or too many wrong tokens for this game or from this address "
         "(the right token is never refused for it): nothing changed; try again after Retry-After seconds.",
    503: "The database cannot be reached for a moment: nothing changed; try again after Retry-After seconds.",
}


NOT_FOUND = {"events": "There is no such club night.", "ladders": "There is no such ladder."}
"""A 404's wording where it is not a game's (api/events.py answers its own)."""


def error_reply(status: int, tag: str) -> Reply:
    description = NOT_FOUND.get(tag, ERROR_REPLIES[status]) if status == 404 else ERROR_REPLIES[status]
    return Reply(description, ref("Error"), ("Retry-After",) if status in (429, 503) else ())

# Every response that names a header sends it (the tests' client checks each answer for them; schemathesis too).
HEADERS: dict[str, Schema] = {
    "ETag": {"description": "The version of the game (or club night) answered, as a strong entity tag.",
             "required": True, "schema": {**STRING, "pattern": '^"[^"]*"$'}},
    "Location": {"description": "The address in the API of the game (or club night) answered.",
                 "required": True, "schema": STRING},
    "Retry-After": {"description": "Seconds to wait before trying again.",
                    "required": True, "schema": {**STRING, "pattern": "^[0-9]+$"}},
}

PARAMETERS: dict[str, Schema] = {
    "AcceptLanguage": {
        "name": "Accept-Language", "in": "header", "required": False,
        "description": "Picks the language of every `message` and explanation: en, fr, de or es.",
        "schema": STRING, "example": "fr",
    },
    "IdempotencyKey": {
        "name": IDEMPOTENCY_KEY, "in": "header", "required": False,
        "description": "1 to 100 printable characters. A repeat with the same key and request returns the first "
                       "response and changes nothing; the same key with another request is a 422. On a write that "
                       "creates (a game, an import, a club night) the key must be unguessable, else a 422: a UUID or "
                       "22 to 100 base64url characters, of at least 8 different characters, and at least 96 bits "
                       "counted as its length times the bits of the smallest of these alphabets holding all its "
                       "characters: digits (3.3), hex digits of one case (4), digits and letters of one case (5.2), "
                       "base64url (6). A new random UUID always passes.",
        "schema": {"type": "string", "pattern": f"^{KEY.pattern}$"},
    },
    "IfMatch": {
        "name": "If-Match", "in": "header", "required": False,
        "description": "The version (ETag) the change is meant for: another one gets 412 and nothing changes.",
        "schema": STRING, "example": '"3"',
    },
    "IfMatchRequired": {
        "name": "If-Match", "in": "header", "required": True,
        "description": "The version (ETag) the change was made on: another one gets 412, none 428, and nothing "
                       "changes (`*` names whatever version the game is at).",
        "schema": STRING, "example": '"3"',
    },
    "IfNoneMatch": {
        "name": "If-None-Match", "in": "header", "required": False,
        "description": "The ETag already held: 304 while the game has not changed.",
        "schema": STRING,
    },
}

ERROR = obj({
    "errors": array(obj({
        "field": {**STRING, "description": "The field of the request, e.g. `bids[1].bid` or `tricks.Ann`."},
        "message": {**STRING, "description": "A sentence a player understands, in the request's language."},
    }), minItems=1),
}, examples=[{"errors": [{"field": "tricks", "message": "The four hands took 12 tricks; they must take exactly 13."}]}])


EDIT_TOKEN = {**STRING, "description": "Send it as `Authorization: Bearer <edit_token>` to change the game; "
                                       "shown only this once."}
UPDATED = {
    "game": ref("GameSummary"),
    "after_end": array(integer(1), description="Hands now after the end of the game, not scored."),
}


def example_results(kind: GameKind) -> tuple[list[Any], list[Any]]:
    """The hand results of the game's hand examples, scored by its engine at the table of its first create
    example, in English: the scored ones and the waiting ones."""
    create = next(iter(kind.json_schemas.create_examples.values()))
    setup = kind.read_setup(create)
    scored, waiting = [], []
    with force_locale("en"):
        for hand in kind.json_schemas.hand_examples.values():
            engine = kind.replay(setup, [kind.parse_entry(setup.table, hand)])
            if engine.waiting is not None:
                waiting.append({**kind.waiting_object(engine.waiting), "complete": False})
            else:
                scored.append({**kind.result_object(engine.last_result()), "complete": True})
    return scored, waiting


def game_schemas(kind: GameKind) -> dict[str, Schema]:
    """A game's named schemas: its settings, hand, results, game object and create payload."""
    schemas, kind_name = kind.json_schemas, kind.name
    p = schemas.prefix
    scored, waiting = example_results(kind)
    step = {"number": integer(1), "dealer": NAME}
    trail = {"entry": ref(f"{p}Hand"), "explanation": SENTENCES}
    game = {
        "id": STRING, "game": {"const": kind_name}, "players": NAMES, "first_dealer": NAME,
        "settings": ref(f"{p}StoredSettings"), "version": integer(0),
        "status": {"enum": ["in_progress", "finished"]}, "winner": nullable(STRING), "next_dealer": nullable(NAME),
        "after_end": array(integer(1), description="Hands kept after the end of the game, not scored."),
        "url": {**STRING, "description": "The game's page."},
        "totals": keyed(schemas.standing, "Each player's (team's) standing; an incomplete hand not counted."),
        **schemas.game_fields,
    }
    whole = {
        **game,
        "hands": array({"anyOf": [ref(f"{p}Result"), ref(f"{p}Waiting")]}),
        "hands_after_end": array(obj({"number": integer(1), "entry": ref(f"{p}Hand")})),
    }
    return {
        f"{p}Settings": schemas.settings,
        f"{p}StoredSettings": schemas.stored_settings,
        f"{p}Hand": {**schemas.hand, "examples": list(schemas.hand_examples.values())},
        # Whole, not `allOf` of the union and {number}: generators take allOf only over objects.
        f"{p}NewHand": {**schemas.hand, "properties": {**schemas.hand["properties"], "number": NEW_HAND_NUMBER}},
        f"{p}Result": obj({**step, **schemas.result, **trail, "complete": {"const": True}}, examples=scored,
                              optional=schemas.optional_in_results),
        f"{p}Waiting": obj({**step, **schemas.waiting, **trail, "complete": {"const": False}}, examples=waiting,
                           optional=schemas.optional_in_results,
                           description="A hand waiting for its play: what its first step decided."),
        f"{p}Game": obj(whole, optional=schemas.optional_in_games),
        f"{p}GameSummary": obj(game, optional=schemas.optional_in_games,
                               description="The game object without its hands."),
        f"{p}CreatedGame": obj({**whole, "edit_token": EDIT_TOKEN}, optional=schemas.optional_in_games),
        f"{p}ResultResponse": obj({**step, **schemas.result, **trail, "complete": {"const": True}, **UPDATED},
                                      optional=schemas.optional_in_results),
        f"{p}WaitingResponse": obj({**step, **schemas.waiting, **trail, "complete": {"const": False}, **UPDATED},
                                       optional=schemas.optional_in_results),
        f"{p}NewGame": obj({
            "game": {"const": kind_name},
            "players": array(NAME, minItems=kind.player_count, maxItems=kind.player_count),
            "first_dealer": {**NAME, "description": "Chosen at random when left out."},
            **schemas.create_fields,
            "settings": ref(f"{p}Settings"),
        }, optional=["first_dealer", "settings", *schemas.create_fields],
           examples=list(schemas.create_examples.values())),
        **schemas.named,
    }


NEW_HAND_NUMBER = integer(1, description="The number it is meant to get.")


def all_schemas() -> dict[str, Schema]:
    """Every named schema: the games' own, then those that span the games."""
    named: dict[str, Schema] = {"Error": ERROR}
    prefixes = []
    for kind in GAMES.values():
        named.update(game_schemas(kind))
        prefixes.append(kind.json_schemas.prefix)

    def one_of(suffix: str, description: str) -> Schema:
        return {"oneOf": [ref(p + suffix) for p in prefixes], "description": description}

    def any_of(suffixes: tuple[str, ...], description: str) -> Schema:
        return {"anyOf": [ref(p + suffix) for p in prefixes for suffix in suffixes], "description": description}

    named.update({
        "Game": one_of("Game", "The game object."),
        "GameSummary": one_of("GameSummary", "The game object without its hands."),
        "NewGame": one_of("NewGame", "A new game: the game, its players in clockwise order, and its settings."),
        "CreatedGame": one_of("CreatedGame", "The game object, with its edit token."),
        "Hand": any_of(("Hand",), "A hand (a Piquet deal) as entered, in its game's shape."),
        "NewHand": any_of(("NewHand",), "A hand (a Piquet deal) to record, in its game's shape, with the number "
                                        "it is meant to get."),
        "HandResult": any_of(("Result", "Waiting"), "A hand's result: scored (complete), or waiting for its play."),
        "HandResponse": any_of(("ResultResponse", "WaitingResponse"),
                               "A hand's result, with the updated game object (without its hands)."),
        "ExportedGame": obj({
            "game": {"enum": list(GAMES)}, "players": NAMES, "first_dealer": NAME, "settings": {"type": "object"},
            "hands": array(obj({"entry": ref("Hand")}, description="A hand as the game object lists it.")),
            "hands_after_end": array(obj({"entry": ref("Hand")})),
        }, optional=["first_dealer", "settings", "hands_after_end"],
           description="A game object, as `GET /games/{game_id}` returns it: every other field is ignored."),
    })
    return {**named, **NAMED}


PATH_PARAMETER = re.compile(r"<(?:(\w+):)?(\w+)>")


def operation_object(operation: Operation, converters: Mapping[str, str], method: str) -> Schema:
    """One operation of the document, its error replies added from what it needs."""
    parameters: list[Schema] = [
        {"name": name, "in": "path", "required": True,
         "schema": integer(1) if converters.get(name) == "int" else STRING}
        for name in converters
    ]
    parameters.append(ref_parameter("AcceptLanguage"))
    if operation.idempotent:
        parameters.append(ref_parameter("IdempotencyKey"))
    if operation.if_match:
        parameters.append(ref_parameter("IfMatchRequired" if operation.needs_version else "IfMatch"))
    if 304 in operation.replies:  # only a read answers If-None-Match; a write's ETag is not a condition on it
        parameters.append(ref_parameter("IfNoneMatch"))
    errors = {503}  # any request, while the database cannot be reached
    if operation.token or operation.idempotent:
        errors.add(429)  # the limits on creating games and on wrong edit tokens
    if operation.body is not None:
        errors |= {400, 413, 422}
    if method in WRITES:
        errors |= {413, 415}  # any write may carry a body: too large, or not JSON
    if operation.idempotent:
        errors |= {409, 422}  # 409: a repeat still in hand, or another phone's change, past the wait
    if converters:
        errors.add(404)
    if operation.token:
        errors.add(403)
    if operation.if_match:
        errors.add(412)
    if operation.needs_version:
        errors.add(428)
    responses = {
        str(status): reply_object(reply)
        for status, reply in sorted({**{s: error_reply(s, operation.tag) for s in errors}, **operation.replies}.items())
    }
    result: Schema = {
        "summary": operation.summary,
        "tags": [operation.tag],
        "parameters": parameters,
        "responses": responses,
    }
    if operation.description:
        result["description"] = operation.description
    if operation.token:
        responses["403"]["description"] = f"Needs {operation.token}, sent as `Authorization: Bearer <token>`: " \
                                          "it is missing or wrong."
        result["security"] = [{"editToken": []}]
    if operation.body is not None:
        media: Schema = {"schema": operation.body}
        if operation.examples:
            media["examples"] = {name: {"value": value} for name, value in operation.examples.items()}
        result["requestBody"] = {"required": True, "content": {"application/json": media}}
    return result


def ref_parameter(name: str) -> Schema:
    return {"$ref": f"#/components/parameters/{name}"}


def reply_object(reply: Reply) -> Schema:
    result: Schema = {"description": reply.description}
    if reply.schema is not None:
        media: Schema = {"schema": reply.schema}
        if reply.examples:
            media["examples"] = {name: {"value": value} for name, value in reply.examples.items()}
        result["content"] = {"application/json": media}
    if reply.headers:
        result["headers"] = {name: {"$ref": f"#/components/headers/{name}"} for name in reply.headers}
    if reply.links:
        result["links"] = dict(reply.links)
    return result


def link(operation_id: str, description: str, **parameters: str) -> Schema:
    """An OpenAPI link to the operation `operation_id` (see `operation_id`), each parameter named as
    `path_game_id` or `header_If_Match` for `path.game_id` or `header.If-Match`, its value a runtime expression
    (`$response.body#/id`), or a string holding some (`Bearer {$response.body#/edit_token}`)."""
    named = {}
    for key, value in parameters.items():
        where, _, name = key.partition("_")
        named[f"{where}.{name.replace('_', '-') if where == 'header' else name}"] = value
    return {"operationId": operation_id, "description": description, "parameters": named}


def build(app: Flask) -> Schema:
    """The document of every route under /api/v1.

    :raises LookupError: for a route whose view has no `@describe`.
    """
    paths: dict[str, Schema] = {}
    for rule in sorted(app.url_map.iter_rules(), key=lambda rule: rule.rule):
        if not rule.rule.startswith(f"{PREFIX}/"):
            continue
        operation = getattr(app.view_functions[rule.endpoint], "openapi", None)
        if not isinstance(operation, Operation):
            raise LookupError(f"{rule.rule} has no @describe: the API's document cannot describe it")
        converters = {name: converter or "default" for converter, name in PATH_PARAMETER.findall(rule.rule)}
        path = PATH_PARAMETER.sub(r"{\2}", rule.rule)
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            paths.setdefault(path, {})[method.lower()] = {
                **operation_object(operation, converters, method), "operationId": operation_id(method, path),
            }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Scorekeeper API",
            "version": "1",
            "description": "Keeps score at the card table: Three-Player Dummy Hand Spades, four-player Spades "
                           "and Piquet. JSON in, JSON out, UTF-8. Reading needs no token; every change needs "
                           "the game's edit token. Invalid input is a 422 listing every problem; nothing is "
                           "saved then.",
        },
        "paths": paths,
        "components": {
            "schemas": all_schemas(),
            "parameters": PARAMETERS,
            "headers": HEADERS,
            "securitySchemes": {"editToken": {
                "type": "http", "scheme": "bearer",
                "description": "The `edit_token` returned when the game or club night was created; each operation's "
                               "403 says whose token it needs.",
            }},
        },
    }


def operation_id(method: str, path: str) -> str:
    """e.g. `post-games-game_id-hands` for POST /api/v1/games/{game_id}/hands."""
    words = [word.strip("{}") for word in path.removeprefix(PREFIX).split("/") if word]
    return "-".join([method.lower(), *words]).replace(".", "-")


def document() -> Schema:
    """The app's document, built once."""
    kept = current_app.extensions.get("openapi")
    if kept is None:
        kept = current_app.extensions["openapi"] = build(current_app)
    return kept

