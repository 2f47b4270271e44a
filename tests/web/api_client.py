"""A game created through the JSON API, as the Flask test client sees it; every API response checked against\nthe API's OpenAPI document (`DocumentedClient`, the test client of every app the tests make)."""

from __future__ import annotations

import functools
import gzip
import json
import re
from weakref import WeakKeyDictionary

import brotli
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate as validate_spec

from scorekeeper.api import openapi


def errors(*pairs):
    """The API's error body for (field, message) pairs."""
    return {"errors": [{"field": field, "message": message} for field, message in pairs]}


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def changing(token, version=None):
    """What a change of an existing hand sends: the token and If-Match, naming `version` (or any: `*`)."""
    return {**auth(token), "If-Match": "*" if version is None else f'"{version}"'}


class Table:
    """A created game: its id, edit token and the calls that change it."""

    def __init__(self, client, created):
        self.client = client
        self.id = created["id"]
        self.token = created["edit_token"]
        self.headers = auth(self.token)

    @property
    def path(self):
        return f"/api/v1/games/{self.id}"

    def get(self):
        response = self.client.get(self.path)
        assert response.status_code == 200
        return response.get_json()

    def post(self, hand, **kwargs):
        kwargs.setdefault("headers", self.headers)
        return self.client.post(f"{self.path}/hands", json=hand, **kwargs)

    def current(self):
        """The edit token and If-Match naming the game's version now: what a change of an existing hand needs."""
        return {**self.headers, "If-Match": f'"{self.get()["version"]}"'}

    def put(self, number, hand, **kwargs):
        if "headers" not in kwargs:
            kwargs["headers"] = self.current()
        return self.client.put(f"{self.path}/hands/{number}", json=hand, **kwargs)

    def delete(self, number, **kwargs):
        if "headers" not in kwargs:
            kwargs["headers"] = self.current()
        return self.client.delete(f"{self.path}/hands/{number}", **kwargs)

    def next(self, **kwargs):
        kwargs.setdefault("headers", self.headers)
        return self.client.post(f"{self.path}/next", **kwargs)

    def add(self, *hands):
        """Record hands (or deals) in order, each expected to be accepted; returns the last response body."""
        for hand in hands:
            response = self.post(hand)
            assert response.status_code == 201, response.get_json()
        return response.get_json()


def create(client, payload):
    """Create a game through the API (expected to succeed) and return its Table."""
    response = client.post("/api/v1/games", json=payload)
    assert response.status_code == 201, response.get_json()
    return Table(client, response.get_json())


class DocumentedClient(FlaskClient):
    """The app's test client, checking every /api/v1 response it receives against the API's OpenAPI document:
    its status is documented for the operation, its body (JSON) validates against the documented schema,
    and the documented headers are there. A field renamed in the code then fails the test that sees it."""

    def open(self, *args, **kwargs):
        response = super().open(*args, **kwargs)
        request = response.request
        if request.path.startswith("/api/v1/") and request.path != "/api/v1/openapi.json":
            check_documented(self.application, request.method, request.path, response)
        return response


def api_document(app):
    """The app's OpenAPI document, as served; checked against the OpenAPI 3.1 specification once a run."""
    return served_document(app)[0]


SERVED: WeakKeyDictionary[Flask, tuple[dict, str]] = WeakKeyDictionary()
BY_ROUTES: dict[tuple, tuple[dict, str]] = {}


def served_document(app):
    """The app's document and its text (sorted keys), built once for all the apps of a run that have the same API
    routes: every test makes an app, and building and writing out the document took longer than most tests'
    requests."""
    known = SERVED.get(app)
    if known is None:
        routes = api_routes(app)
        if routes not in BY_ROUTES:
            with app.test_request_context():
                served = json.dumps(openapi.document(), sort_keys=True)
            BY_ROUTES[routes] = checked_document(served), served
        known = SERVED[app] = BY_ROUTES[routes]
    return known


def api_routes(app) -> tuple:
    """What openapi.build() makes the document of: each API route, its methods and its view's description."""
    return tuple(sorted((rule.rule, tuple(sorted(rule.methods or ())),
                         id(getattr(app.view_functions[rule.endpoint], "openapi", None)))
                        for rule in app.url_map.iter_rules() if rule.rule.startswith(f"{openapi.PREFIX}/")))


@functools.cache
def checked_document(served):
    document = json.loads(served)
    validate_spec(document)
    return document


@functools.cache
def validator(served, schema):
    """A validator of one schema of the document (both given as JSON text, so that they can be cached), made
    strict: a field the document does not name fails too (clients may meet new fields; the document may not
    miss them)."""
    return Draft202012Validator(strict({**json.loads(schema), "components": json.loads(served)["components"]}))


def strict(schema):
    """The schema with every object that lists its properties closed to others."""
    if isinstance(schema, list):
        return [strict(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    closed = {key: strict(value) for key, value in schema.items()}
    if "properties" in schema and "additionalProperties" not in schema:
        closed["additionalProperties"] = False
    return closed


def documented_operation(document, method, path):
    """The document's operation for this request, or None when no path and method match."""
    candidates = []
    for template, operations in document["paths"].items():
        pattern = re.sub(r"\\{\w+\\}", "[^/]+", re.escape(template))
        if re.fullmatch(pattern, path) and method.lower() in operations:
            candidates.append((template.count("{"), operations[method.lower()]))
    return min(candidates, key=lambda pair: pair[0])[1] if candidates else None


def check_documented(app, method, path, response):
    document, served = served_document(app)
    head, method = method == "HEAD", "GET" if method == "HEAD" else method  # HEAD is answered as GET, bodiless
    operation = documented_operation(document, method, path)
    if operation is None:
        assert response.status_code in (404, 405), f"{method} {path} is not in the API's document"
        return
    documented = operation["responses"].get(str(response.status_code))
    assert documented is not None, f"{method} {path}: status {response.status_code} is not documented"
    for header, reference in documented.get("headers", {}).items():
        assert header in response.headers, f"{method} {path} {response.status_code}: no {header} header"
        pattern = document["components"]["headers"][reference["$ref"].rpartition("/")[2]]["schema"].get("pattern")
        assert pattern is None or re.search(pattern, response.headers[header]), f"{method} {path}: {header} off"
    content = documented.get("content")
    if head:
        return
    if content is None:
        assert not response.data, f"{method} {path} {response.status_code}: a body where none is documented"
        return
    assert response.mimetype == "application/json", f"{method} {path}: {response.mimetype}"
    schema = json.dumps(content["application/json"]["schema"], sort_keys=True)
    errors = documented_errors(served, schema, body_of(response))
    assert not errors, f"{method} {path} {response.status_code} differs from the API's document: " + "; ".join(errors)


@functools.lru_cache(maxsize=64)
def documented_errors(served, schema, body):
    """How the JSON `body` differs from `schema`, at most five errors. Cached: a body read again (the same game in
    another language, compressed, by its editor) is checked once, and a long game's takes a second."""
    errors = [closest(error) for error in validator(served, schema).iter_errors(json.loads(body))]
    return tuple(f"at {'/'.join(map(str, error.absolute_path))}: {error.message[:200]}" for error in errors[:5])


def body_of(response):
    """The response's body, decompressed first when it was sent compressed."""
    data = response.get_data()
    encoding = response.headers.get("Content-Encoding")
    if encoding == "gzip":
        return gzip.decompress(data)
    if encoding == "br":
        return brotli.decompress(data)
    return data


def closest(error):
    """For an object no branch of a oneOf or anyOf fits: the first error of the branch that fits best."""
    if not error.context:
        return error
    branches = {}
    for inner in error.context:
        branches.setdefault(inner.schema_path[0], []).append(inner)
    return closest(min(branches.values(), key=len)[0])
