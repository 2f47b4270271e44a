"""RFC 9110 on methods and waiting: a 405 names the methods the address accepts (API and pages), and Retry-After is
sent only where it means something (a 429, a 503)."""

from __future__ import annotations

import pytest

from ..conftest import dispose, make_app

SPADES = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}


def allowed(response) -> set[str]:
    return {method.strip() for method in response.headers["Allow"].split(",")}


@pytest.fixture
def game_id(client):
    return client.post("/api/v1/games", json=SPADES).get_json()["id"]


def test_a_405_in_the_api_says_which_methods_the_address_accepts(client, game_id):
    response = client.patch(f"/api/v1/games/{game_id}/hands/1", json={})

    assert response.status_code == 405
    assert response.get_json() == {"errors": [{"field": "request",
                                               "message": "This address does not accept that method."}]}
    assert allowed(response) == {"PUT", "DELETE", "OPTIONS"}


def test_a_405_on_a_page_says_which_methods_the_address_accepts(client, game_id):
    response = client.delete(f"/g/{game_id}")

    assert response.status_code == 405
    assert allowed(response) == {"GET", "HEAD", "OPTIONS"}


def test_other_errors_carry_no_allow_header(client):
    assert "Allow" not in client.get("/api/v1/games/nothing").headers
    assert "Allow" not in client.get("/nothing").headers


@pytest.fixture
def limited(tmp_path):
    app = make_app(tmp_path, LIMITS_ENABLED=True, CREATION_LIMIT="2 per minute")
    yield app
    dispose(app)


def test_retry_after_only_once_the_limit_refuses(limited):
    client = limited.test_client()

    created = [client.post("/api/v1/games", json=SPADES) for _ in range(2)]
    refused = client.post("/api/v1/games", json=SPADES)

    assert [response.status_code for response in created] == [201, 201]
    assert all("Retry-After" not in response.headers for response in created)
    assert refused.status_code == 429
    assert 0 < int(refused.headers["Retry-After"]) <= 60
