"""The API's OpenAPI document (GET /api/v1/openapi.json) and its page (/api/docs)."""

from __future__ import annotations

import re

import pytest
from flask import Response
from jsonschema import Draft202012Validator

from scorekeeper.api import openapi
from scorekeeper.pages import api_docs

from .api_client import api_document, create

OPERATIONS = {
    "/api/v1/openapi.json": {"get"},
    "/api/v1/games": {"post"},
    "/api/v1/games/import": {"post"},
    "/api/v1/games/{game_id}": {"get"},
    "/api/v1/games/{game_id}/hands": {"post"},
    "/api/v1/games/{game_id}/hands/{number}": {"put", "delete"},
    "/api/v1/games/{game_id}/next": {"post"},
    "/api/v1/piquet/check": {"post"},
    "/api/v1/events": {"post"},
    "/api/v1/events/{event_id}": {"get"},
    "/api/v1/events/{event_id}/rounds": {"post"},
    "/api/v1/events/{event_id}/tables/{round_number}/{number}/confirm": {"post"},
    "/api/v1/ladders": {"post"},
    "/api/v1/ladders/{ladder_id}": {"get"},
}


def test_the_document_is_openapi_3_1_and_describes_every_route(app, client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    document = response.get_json()
    assert document["openapi"] == "3.1.0"
    assert document == api_document(app)  # and it passes openapi-spec-validator
    assert {path: set(operations) for path, operations in document["paths"].items()} == OPERATIONS


def test_every_status_and_header_of_the_contract_is_documented(client):
    document = client.get("/api/v1/openapi.json").get_json()
    statuses = {status for operations in document["paths"].values() for operation in operations.values()
                for status in operation["responses"]}
    assert statuses >= {"200", "201", "204", "304", "400", "403", "404", "409", "412", "413", "422"}
    hand = document["paths"]["/api/v1/games/{game_id}/hands"]["post"]
    assert [p["$ref"].rpartition("/")[2] for p in hand["parameters"] if "$ref" in p] == [
        "AcceptLanguage", "IdempotencyKey", "IfMatch"]
    assert hand["security"] == [{"editToken": []}]
    assert set(hand["requestBody"]["content"]["application/json"]["examples"]) >= {
        "DummySpades: whole hand", "Spades: whole hand", "Piquet: declarations and trick winners",
        "Piquet: the actual cards", "Piquet: trick totals"}
    read = document["paths"]["/api/v1/games/{game_id}"]["get"]["responses"]
    assert read["200"]["headers"] == {"ETag": {"$ref": "#/components/headers/ETag"}}
    assert document["components"]["schemas"]["Error"]["required"] == ["errors"]
    assert document["components"]["securitySchemes"]["editToken"]["scheme"] == "bearer"


def test_each_operation_says_whose_token_it_needs_and_its_own_404(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    forbidden = {f"{method.upper()} {path}": operation["responses"]["403"]["description"]
                 for path, operations in paths.items() for method, operation in operations.items()
                 if "403" in operation["responses"]}
    game = ("Needs the game's edit token (`edit_token`, from its creation or its club night's table), sent as "
            "`Authorization: Bearer <token>`: it is missing or wrong.")
    assert forbidden == {
        "POST /api/v1/games/{game_id}/hands": game,
        "PUT /api/v1/games/{game_id}/hands/{number}": game,
        "DELETE /api/v1/games/{game_id}/hands/{number}": game,
        "POST /api/v1/games/{game_id}/next": game,
        "POST /api/v1/events/{event_id}/rounds": "Needs the club night's organiser token (its `edit_token`), "
                                                 "sent as `Authorization: Bearer <token>`: it is missing or wrong.",
        "POST /api/v1/events/{event_id}/tables/{round_number}/{number}/confirm":
            "Needs the table's edit token (the `edit_token` of its game) or the club night's organiser token, "
            "sent as `Authorization: Bearer <token>`: it is missing or wrong.",
        "POST /api/v1/events": "A club night joining a ladder (`ladder`) needs the ladder keeper's token (the "
                               "ladder's `edit_token`), sent as "
                               "`Authorization: Bearer <token>`: it is missing or wrong.",
    }
    assert paths["/api/v1/ladders/{ladder_id}"]["get"]["responses"]["404"]["description"] == (
        "There is no such ladder.")
    assert paths["/api/v1/events/{event_id}"]["get"]["responses"]["404"]["description"] == (
        "There is no such club night.")
    assert paths["/api/v1/events/{event_id}/rounds"]["post"]["responses"]["404"]["description"] == (
        "There is no such club night.")
    assert paths["/api/v1/events/{event_id}/tables/{round_number}/{number}/confirm"]["post"]["responses"]["404"][
        "description"] == "There is no such club night or table."
    assert paths["/api/v1/games/{game_id}"]["get"]["responses"]["404"]["description"] == (
        "There is no such game or hand.")
    page = client.get("/api/docs").text
    assert ("Confirm a finished table&#39;s result (a player of a side not placed first) · Needs the "
            "table&#39;s edit token (the <code>edit_token</code> of its game) or the club night&#39;s organiser "
            "token") in page
    assert ("Create a club night · A club night joining a ladder (<code>ladder</code>) needs the ladder keeper&#39;s "
            "token") in page


def test_if_none_match_is_listed_only_on_the_reads_that_answer_304(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    listing = {f"{method.upper()} {path}" for path, operations in paths.items()
               for method, operation in operations.items()
               if {"$ref": "#/components/parameters/IfNoneMatch"} in operation["parameters"]}
    assert listing == {"GET /api/v1/games/{game_id}", "GET /api/v1/events/{event_id}", "GET /api/v1/ladders/{ladder_id}"}


def test_a_hands_body_is_a_choice_of_whole_objects_for_client_generators(client):
    document = client.get("/api/v1/openapi.json").get_json()
    body = document["paths"]["/api/v1/games/{game_id}/hands"]["post"]["requestBody"]["content"]["application/json"]
    schemas = document["components"]["schemas"]
    assert body["schema"] == {"$ref": "#/components/schemas/NewHand"}
    assert [choice["$ref"].rpartition("/")[2] for choice in schemas["NewHand"]["anyOf"]] == [
        "DummySpadesNewHand", "PiquetNewHand", "SpadesNewHand"]
    assert schemas["PiquetNewHand"]["properties"]["number"] == {
        "type": "integer", "minimum": 1, "description": "The number it is meant to get."}
    assert "allOf" not in str(document)


def test_a_route_without_a_description_stops_the_document(app):
    app.add_url_rule("/api/v1/undescribed", "undescribed", lambda: Response(status=204))
    with pytest.raises(LookupError, match="/api/v1/undescribed has no @describe"):
        openapi.build(app)


def test_an_unchanged_game_is_a_304_for_its_etag(client):
    table = create(client, {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben"})
    etag = client.get(table.path).headers["ETag"]
    response = client.get(table.path, headers={"If-None-Match": etag})
    assert (response.status_code, response.data) == (304, b"")


def test_the_api_page_lists_every_operation_and_schema(client):
    response = client.get("/api/docs")
    assert response.status_code == 200
    headings = re.findall(r"<h2>(?:<code>)?([^<]+)", response.text)
    expected = [f"{method.upper()} {path}" for path, methods in OPERATIONS.items() for method in methods]
    assert sorted(headings[:-1]) == sorted(expected)
    assert headings[-1] == "Schemas"
    assert 'id="schema-PiquetHand"' in response.text
    assert not re.search(r"<script(?![^>]*\bsrc=)", response.text), "no inline script under the CSP"


def test_the_api_page_sets_the_documents_code_spans_as_code_and_escapes_them(client):
    page = client.get("/api/docs").text
    prose = re.sub(r"<pre\b.*?</pre>", "", page, flags=re.DOTALL)  # the schemas' JSON is shown as it is
    assert "`" not in prose
    assert "Another hand took this <code>number</code>, or the last hand still waits for its play." in prose
    assert "Picks the language of every <code>message</code> and explanation" in prose
    # Escaped before the spans are set: a span's text, or any other, is never markup.
    assert api_docs.prose("`<b>` & <i>x</i> `a`b`") == "<code>&lt;b&gt;</code> &amp; &lt;i&gt;x&lt;/i&gt; <code>a</code>b`"


def test_every_example_of_the_document_fits_its_schema(app):
    """The examples (docs/api.md's, and the hand results the engine scores from them) are valid instances."""
    document = api_document(app)
    checked = 0
    for name, schema in document["components"]["schemas"].items():
        for example in schema.get("examples", []):
            check = Draft202012Validator({**schema, "components": document["components"]})
            assert list(check.iter_errors(example)) == [], name
            checked += 1
    for operations in document["paths"].values():
        for operation in operations.values():
            media = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
            for example in media.get("examples", {}).values():
                check = Draft202012Validator({**media["schema"], "components": document["components"]})
                assert list(check.iter_errors(example["value"])) == []
                checked += 1
    assert checked >= 25


def test_no_request_body_schema_has_a_default_for_typescript_generators(client):
    """openapi-typescript makes a field with a `default` required in a named schema's type, even where only a
    request uses it: the defaults the server fills in are said in the fields' descriptions instead."""
    document = client.get("/api/v1/openapi.json").get_json()
    schemas = document["components"]["schemas"]

    def defaults(schema, seen):
        if isinstance(schema, list):
            return [found for item in schema for found in defaults(item, seen)]
        if not isinstance(schema, dict):
            return []
        name = schema.get("$ref", "").rpartition("/")[2]
        if name:
            return [] if name in seen else defaults(schemas[name], seen | {name})
        return (["default"] if "default" in schema else []) + [
            found for key, value in schema.items() if key not in ("examples", "default")
            for found in defaults(value, seen)]

    bodies = [operation["requestBody"]["content"]["application/json"]["schema"]
              for operations in document["paths"].values() for operation in operations.values()
              if "requestBody" in operation]
    assert len(bodies) == 8
    assert defaults(bodies, frozenset()) == []
    assert schemas["DummySpadesSettings"]["properties"]["target"] == {
        "type": "integer", "minimum": 1, "maximum": 10000, "description": "Left out: 300."}
    assert schemas["DummySpadesStoredSettings"]["properties"]["target"]["default"] == 300


def test_the_links_lead_from_create_to_hands_to_edit_and_undo(client):
    """The OpenAPI links schemathesis follows (and a reader too): each names an operation of the document and
    only path parameters it has."""
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    by_id = {operation["operationId"]: path for path, operations in paths.items() for operation in operations.values()}
    links = {}
    for path, operations in paths.items():
        for method, operation in operations.items():
            for status, response in operation["responses"].items():
                for name, target in response.get("links", {}).items():
                    links[f"{method.upper()} {path} {status} {name}"] = target["operationId"]
                    assert target["operationId"] in by_id
                    for parameter in target["parameters"]:
                        where, _, name = parameter.partition(".")
                        assert where in ("path", "header")
                        assert where == "header" or "{" + name + "}" in by_id[target["operationId"]]
    assert {key: value for key, value in links.items() if "/games" in key and "ReadGame" not in key} == {
        "POST /api/v1/games 201 RecordHand": "post-games-game_id-hands",
        "POST /api/v1/games/import 201 RecordHand": "post-games-game_id-hands",
        "POST /api/v1/games/{game_id}/hands 201 ReplaceHand": "put-games-game_id-hands-number",
        "POST /api/v1/games/{game_id}/hands 201 RemoveHand": "delete-games-game_id-hands-number",
        "PUT /api/v1/games/{game_id}/hands/{number} 200 ReplaceHand": "put-games-game_id-hands-number",
        "PUT /api/v1/games/{game_id}/hands/{number} 200 RemoveHand": "delete-games-game_id-hands-number",
    }
    hand = paths["/api/v1/games/{game_id}/hands"]["post"]["responses"]["201"]["links"]["RemoveHand"]
    assert hand["parameters"] == {"path.game_id": "$request.path.game_id", "path.number": "$response.body#/number",
                                  "header.Authorization": "$request.header.Authorization",
                                  "header.If-Match": '"{$response.body#/game/version}"'}
