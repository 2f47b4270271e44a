"""Every 4xx an API operation answers is in the API's document, with the error shape: each operation of the
document is sent what makes each error, and the test client (`DocumentedClient`) fails on any status the
operation does not list, and on an error body off the `Error` schema. The 429s and 503s are sent in
test_limits.py, test_rate_limits.py and test_database_outage.py, through the same client."""

from __future__ import annotations

import json
import re

import pytest

from .api_client import auth

IDS = {"game_id": "nothing-here", "event_id": "nothing-here", "ladder_id": "nothing-here", "number": "9",
       "round_number": "9"}
TOO_LONG_KEY = "k" * 101  # a key is 1 to 100 printable characters


@pytest.fixture
def world(client):
    """A game with a hand, a club night seated, a ladder: the ids of each, and the tokens that change them."""
    game = client.post("/api/v1/games", json={"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"],
                                              "first_dealer": "Ann"}).get_json()
    hand = {"bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5}, {"player": "Cid", "bid": 6}]}
    assert client.post(f"/api/v1/games/{game['id']}/hands", json=hand, headers=auth(game["edit_token"])).status_code == 201
    night = client.post("/api/v1/events", json={"name": "Club", "game": "dummy-spades", "rounds": 1,
                                                "players": ["Ann", "Ben", "Cid"]}).get_json()
    assert client.post(f"/api/v1/events/{night['id']}/rounds", headers=auth(night["edit_token"])).status_code == 201
    ladder = client.post("/api/v1/ladders", json={"name": "Club", "game": "dummy-spades"}).get_json()
    return {"ids": {"game_id": game["id"], "event_id": night["id"], "ladder_id": ladder["id"], "number": "1",
                    "round_number": "1"},
            "tokens": {"game_id": game["edit_token"], "event_id": night["edit_token"]}}


def operations(client):
    document = client.get("/api/v1/openapi.json").get_json()
    return [(method.upper(), path, operation) for path, methods in document["paths"].items()
            for method, operation in methods.items()]


def address(path, ids):
    return re.sub(r"\{(\w+)\}", lambda match: ids[match.group(1)], path)


def token_for(path, world):
    """The token that opens the operation: the game's or the club night's (by its first path parameter)."""
    names = re.findall(r"\{(\w+)\}", path)
    return world["tokens"].get(names[0]) if names else None


def test_every_error_an_operation_answers_is_documented_with_the_error_shape(client, world):
    sent = {}
    for method, path, operation in operations(client):
        listed = {int(status) for status in operation["responses"]}
        token = token_for(path, world)
        headers = auth(token) if token and "security" in operation else {}
        if any(parameter.get("$ref", "").endswith("/IfMatch") for parameter in operation["parameters"]):
            headers["If-Match"] = "*"  # any version: only the error provoked stands in the way
        url = address(path, world["ids"])

        def send(expected, why, **kwargs):
            kwargs["headers"] = {**headers, **kwargs.get("headers", {})}
            response = client.open(kwargs.pop("url", url), method=method, **kwargs)  # the client checks it
            assert response.status_code == expected, f"{method} {path} ({why}): {response.get_json()}"
            sent.setdefault(f"{method} {path}", set()).add(expected)

        if "{" in path:
            send(404, "no such resource", url=address(path, IDS))
        if "security" in operation:
            send(403, "no token", headers={"Authorization": ""}, json={})
        if "requestBody" in operation:
            send(400, "not JSON", data="{", content_type="application/json")
            send(422, "not an object", json=[])
        if method != "GET":
            send(415, "a body that is not JSON", data="x", content_type="text/plain")
            send(413, "too large", data=json.dumps({"x": "x" * 1024 * 1024}), content_type="application/json")
        if any(parameter.get("$ref", "").endswith("/IdempotencyKey") for parameter in operation["parameters"]):
            send(422, "a key of 101 characters", headers={"Idempotency-Key": TOO_LONG_KEY}, json={})
        assert sent.get(f"{method} {path}", set()) <= listed
    assert len(sent) == 14  # every operation but GET /openapi.json, which answers 200 whatever is sent


def test_every_route_is_an_operation_and_its_405_allows_the_documented_methods(app, client, world):
    """The app's routes under /api/v1 are the document's operations; a method it has none for is a 405 whose
    Allow header lists the operations' methods (a 405 has no operation of its own in the document to list it)."""
    documented = {}
    for method, path, _ in operations(client):
        documented.setdefault(path, set()).add(method)
    routes = {}
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/v1/"):
            path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
            routes.setdefault(path, set()).update(rule.methods - {"HEAD", "OPTIONS"})
    assert routes == documented
    for path in documented:
        url = address(path, world["ids"])
        # /games/import is also /games/{game_id}, with game_id "import": both addresses' methods are allowed.
        methods = set().union(*(methods for other, methods in documented.items()
                                if re.fullmatch(re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(other)), url)))
        response = client.patch(url)
        assert response.status_code == 405
        allowed = {method.strip() for method in response.headers["Allow"].split(",")}
        assert allowed - {"HEAD", "OPTIONS"} == methods, path
        assert response.get_json() == {"errors": [{"field": "request",
                                                   "message": "This address does not accept that method."}]}
