"""JSON Schema building blocks, and what a game's kind says of its JSON shapes (`KindSchemas`).

The API's OpenAPI document (`api/openapi.py`) is built from these: each
game's `games/<game>/schemas.py` describes its settings, its hand payload,
its hand results and what it adds to the game object, taking limits and
choices from the engine's own constants. The API tests validate every
response against the document, so a shape here that differs from the code
fails a test.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

Schema = dict[str, Any]


def ref(name: str) -> Schema:
    """A reference to a named schema of the document."""
    return {"$ref": f"#/components/schemas/{name}"}


def obj(properties: Mapping[str, Schema], *, optional: Iterable[str] = (), **extra: Any) -> Schema:
    """An object with these properties, every one required except the `optional` ones."""
    optional = set(optional)
    schema: Schema = {"type": "object", "properties": dict(properties)}
    required = [name for name in properties if name not in optional]
    if required:
        schema["required"] = required
    return {**schema, **extra}


def request_obj(properties: Mapping[str, Schema], **extra: Any) -> Schema:
    """A request object whose properties are all optional (the engine says which are missing, as a 422)."""
    return obj(properties, optional=properties, **extra)


def said_default(schema: Schema) -> Schema:
    """A request's field whose `default` is said in its description: openapi-typescript makes a field with a
    `default` required in the type of a request body's named schema, where the server fills it in."""
    if "default" not in schema:
        return schema
    rest = {key: value for key, value in schema.items() if key != "default"}
    told = f"Left out: {json.dumps(schema['default'])}."
    return {**rest, "description": f"{rest['description']} {told}" if "description" in rest else told}


def array(items: Schema, **extra: Any) -> Schema:
    return {"type": "array", "items": items, **extra}


def keyed(values: Schema, description: str | None = None) -> Schema:
    """An object keyed by names (players, teams), each value of one shape."""
    schema: Schema = {"type": "object", "additionalProperties": values}
    return {**schema, "description": description} if description else schema


def nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def integer(low: int | None = None, high: int | None = None, **extra: Any) -> Schema:
    schema: Schema = {"type": "integer", **extra}
    if low is not None:
        schema["minimum"] = low
    if high is not None:
        schema["maximum"] = high
    return schema


def choice(values: Iterable[object], **extra: Any) -> Schema:
    return {"enum": [str(value) for value in values], **extra}


STRING: Schema = {"type": "string"}
INTEGER: Schema = {"type": "integer"}
BOOLEAN: Schema = {"type": "boolean"}
NAME: Schema = {"type": "string", "description": "A player's name as given at game creation."}
NAMES: Schema = array(NAME)
SENTENCES: Schema = array(STRING, description="Sentences a player reads, in the request's language.")


@dataclass(frozen=True)
class KindSchemas:
    """A game's JSON shapes, as JSON Schemas (names are the document's, e.g. "PiquetHand" for prefix "Piquet").

    `settings` is the create payload's settings (every key optional) and
    `stored_settings` the game object's (every key present); `hand` is the
    hand payload and `hand_examples` its examples (docs/api.md's); `result` and
    `waiting` are the hand result's own fields for a scored hand and for a
    hand waiting for its play; `standing` is one entry of `totals`;
    `game_fields` what the game adds to the game object, `create_fields` to
    the create payload (beside players, first_dealer and settings),
    `create_examples` are examples of that payload; `named` any other
    schemas the game's own endpoints use; `optional_in_results` the result
    fields only some hands have (a Mirror hand's `dummy_spades`), and
    `optional_in_games` the game fields only some games have (a Saunt
    game's `double`).
    """

    prefix: str
    settings: Schema
    stored_settings: Schema
    hand: Schema
    hand_examples: Mapping[str, Any]
    result: Mapping[str, Schema]
    waiting: Mapping[str, Schema]
    standing: Schema
    game_fields: Mapping[str, Schema]
    create_fields: Mapping[str, Schema] = field(default_factory=dict)
    create_examples: Mapping[str, Any] = field(default_factory=dict)
    named: Mapping[str, Schema] = field(default_factory=dict)
    optional_in_results: tuple[str, ...] = ()
    optional_in_games: tuple[str, ...] = ()


def settings_schemas(
    settings: Any, numbers: Iterable[tuple[str, int, int, str]], switches: Iterable[tuple[str, str]] = (),
    choices: Mapping[str, Iterable[object]] | None = None,
) -> tuple[Schema, Schema]:
    """The create payload's settings (every key optional) and the game object's (every key present but the
    numbers without a default), from the
    engine's `Settings` defaults and its tables of numbers (key, lowest, highest, message) and switches."""
    defaults = settings()
    properties: dict[str, Schema] = {}
    for key, values in (choices or {}).items():
        properties[key] = choice(values, default=str(getattr(defaults, key)))
    unset = set()  # a number without a default (a club night's hand limit) is in the game object only when set
    for key, low, high, _ in numbers:
        default = getattr(defaults, key)
        properties[key] = integer(low, high) if default is None else integer(low, high, default=default)
        if default is None:
            unset.add(key)
    for key, _ in switches:
        properties[key] = {**BOOLEAN, "default": getattr(defaults, key)}
    requested = {key: said_default(schema) for key, schema in properties.items()}
    return request_obj(requested), obj(properties, optional=unset)
