"""API writes take JSON only: a body of another type, or of none, is a 415 and changes nothing.

A page of another site may POST text/plain, a form or a body without a type without asking first (no CORS
preflight); none of them may create a game or change one.
"""

from __future__ import annotations

import json

import pytest

from scorekeeper.models import Game, Hand

from .api_client import Table, auth, errors
from .forms_client import stored

SPADES = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}
PIQUET = {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben"}
HAND = {"bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5}, {"player": "Cid", "bid": 6}],
        "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3}}
EVENT = {"name": "Friday", "game": "dummy-spades", "players": ["Ann", "Ben", "Cid", "Dan", "Eve", "Fay"],
         "rounds": 2, "hands_per_round": 4}
NOT_JSON = errors(("Content-Type", "Send the body as JSON, with the header “Content-Type: application/json”."))
OTHER_TYPES = ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data",
               "text/json", None]


@pytest.fixture
def table(client):
    created = client.post("/api/v1/games", json=SPADES)
    table = Table(client, created.get_json())
    table.add(HAND)
    return table


def writes(table: Table, event: dict) -> list[tuple[str, str, dict]]:
    """Every write of the API, with a body each would accept as JSON."""
    exported = table.client.get(table.path).get_json()
    event_path = f"/api/v1/events/{event['id']}"
    return [
        ("POST", "/api/v1/games", SPADES),
        ("POST", "/api/v1/games/import", exported),
        ("POST", f"{table.path}/hands", HAND),
        ("PUT", f"{table.path}/hands/1", HAND),
        ("DELETE", f"{table.path}/hands/1", {}),
        ("POST", f"{table.path}/next", {}),
        ("POST", "/api/v1/events", EVENT),
        ("POST", f"{event_path}/rounds", {}),
        ("POST", f"{event_path}/tables/1/1/confirm", {"player": "Ann"}),
        ("POST", "/api/v1/piquet/check", {"elder": [], "younger": []}),
    ]


def test_every_api_write_refuses_a_body_that_is_not_json(app, client, table):
    created_event = client.post("/api/v1/events", json=EVENT).get_json()
    before = (stored(app, Game), stored(app, Hand), table.get()["version"])
    for method, path, body in writes(table, created_event):
        token = created_event["edit_token"] if "/events/" in path else table.token
        for content_type in OTHER_TYPES:
            response = client.open(path, method=method, data=json.dumps(body), content_type=content_type,
                                   headers=auth(token))
            assert (method, path, content_type, response.status_code) == (method, path, content_type, 415)
            assert response.get_json() == NOT_JSON
    assert (stored(app, Game), stored(app, Hand), table.get()["version"]) == before


@pytest.mark.parametrize("content_type", ["application/json", "application/json; charset=utf-8",
                                          "application/merge-patch+json"])
def test_json_by_any_of_its_names_is_read(client, content_type):
    response = client.post("/api/v1/games", data=json.dumps(SPADES), content_type=content_type)
    assert response.status_code == 201


def test_a_cross_site_text_plain_post_creates_no_game(app, client):
    """What a form or fetch() of another site sends without a preflight."""
    response = client.post("/api/v1/games", data=json.dumps(SPADES), content_type="text/plain",
                           headers={"Origin": "https://evil.example"})
    assert response.status_code == 415
    assert stored(app, Game) == 0


def test_writes_without_a_body_need_no_type(table):
    assert table.delete(1).status_code == 204
    assert table.client.post(f"{table.path}/hands", data=b"", headers=table.headers).status_code == 400  # empty


def test_a_body_sent_in_chunks_is_held_to_the_same_rule(app, client):
    response = client.post("/api/v1/games", data=json.dumps(SPADES).encode(), content_type="text/plain",
                           headers={"Transfer-Encoding": "chunked"}, environ_overrides={"wsgi.input_terminated": True})
    assert response.status_code == 415
    assert stored(app, Game) == 0


@pytest.mark.parametrize(("language", "message"), [
    ("fr", "Envoyez le corps en JSON, avec l’en-tête «\u00a0Content-Type: application/json\u00a0»."),
    ("de", "Sende den Inhalt als JSON, mit dem Header „Content-Type: application/json“."),
    ("es", "Envía el cuerpo como JSON, con la cabecera «Content-Type: application/json»."),
])
def test_the_message_is_in_the_clients_language(client, language, message):
    response = client.post("/api/v1/games", data=json.dumps(SPADES), content_type="text/plain",
                           headers={"Accept-Language": language})
    assert response.get_json() == errors(("Content-Type", message))


def test_the_document_lists_413_and_415_for_every_write(client):
    document = client.get("/api/v1/openapi.json").get_json()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            expected = {"413", "415"} if method in ("post", "put", "patch", "delete") else set()
            assert expected <= set(operation["responses"]), (method, path)
            assert ("415" in operation["responses"]) is (method != "get"), (method, path)
