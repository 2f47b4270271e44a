"""The documented caps: hands per game (MAX_HANDS, 500) and the size of a request (1 MiB), refused clearly."""

from __future__ import annotations

import json
from io import BytesIO

import pytest

from scorekeeper.models import Hand

from .api_client import Table, auth, errors
from .forms_client import csrf_token, post_form, stored

MAX_HANDS = 500
# Ann declares 1 and her team takes 7 (6 bags); Ben and Cid bid 0: bags pile up and
# penalties pull every score down, so the game never reaches its target.
ENDLESS_HAND = {"bids": [{"player": "Ann", "bid": 1}, {"player": "Ben", "bid": 0}, {"player": "Cid", "bid": 0}],
                "tricks": {"Ann": 4, "dummy": 3, "Ben": 3, "Cid": 3}}
HAND_FORM = {"bids-0-bid": "1", "bids-1-bid": "0", "bids-2-bid": "0",
             "tricks-0": "4", "tricks-1": "3", "tricks-2": "3", "tricks-3": "3"}


def exported_game(hands: int) -> dict:
    return {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann",
            "settings": {"target": 300}, "hands": [{"entry": ENDLESS_HAND}] * hands}


def multipart(token: str, file: bytes) -> bytes:
    """The import form's body, written out (the test client would spool a large one to a file it never closes)."""
    return (b'--cut\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n' + token.encode()
            + b'\r\n--cut\r\nContent-Disposition: form-data; name="file"; filename="game.json"\r\n'
            + b"Content-Type: application/json\r\n\r\n" + file + b"\r\n--cut--\r\n")


@pytest.fixture
def full_game(client):
    """A game with as many hands as a game may have, brought in by an import."""
    response = client.post("/api/v1/games/import", json=exported_game(MAX_HANDS))
    assert response.status_code == 201, response.get_json()
    return Table(client, response.get_json())


def test_the_cap_is_500_hands(app):
    assert app.config["MAX_HANDS"] == MAX_HANDS


def test_a_full_game_refuses_another_hand(full_game, app):
    response = full_game.post(ENDLESS_HAND)
    assert response.status_code == 422
    assert response.get_json() == errors(("game", "A game can have at most 500 hands: start a new game to play on."))
    assert stored(app, Hand) == MAX_HANDS


def test_a_full_game_page_says_so_and_saves_nothing(full_game, client, app):
    assert client.get(f"/g/{full_game.id}/join/{full_game.token}").status_code == 303
    path = f"/g/{full_game.id}"
    response = post_form(client, f"{path}/hands", {**HAND_FORM, "hand": str(MAX_HANDS + 1)}, form_path=path)
    assert response.status_code == 422
    assert "A game can have at most 500 hands: start a new game to play on." in response.get_data(as_text=True)
    assert stored(app, Hand) == MAX_HANDS


def test_a_file_with_too_many_hands_is_refused_before_it_is_read(client, app):
    response = client.post("/api/v1/games/import", json=exported_game(MAX_HANDS + 1))
    assert response.status_code == 422
    assert response.get_json() == errors(("hands", "A game can have at most 500 hands: start a new game to play on."))
    assert stored(app, Hand) == 0


def test_a_piquet_file_says_deals(client):
    game = {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben", "hands": [{}] * (MAX_HANDS + 1)}
    response = client.post("/api/v1/games/import", json=game)
    assert response.get_json() == errors(("hands", "A game can have at most 500 deals: start a new game to play on."))


def test_a_full_game_can_be_downloaded_and_imported_again(full_game, client, app):
    exported = client.get(f"/g/{full_game.id}/export.json").get_data()
    assert len(exported) < app.config["MAX_CONTENT_LENGTH"]
    response = client.post("/import", data=multipart(csrf_token(client, "/import"), exported),
                           content_type="multipart/form-data; boundary=cut")
    assert response.status_code == 303
    assert stored(app, Hand) == 2 * MAX_HANDS


def test_an_api_request_over_1_mib_is_refused(client, app):
    body = json.dumps(exported_game(1) | {"padding": "x" * 1024 * 1024})
    response = client.post("/api/v1/games/import", data=body, content_type="application/json")
    assert response.status_code == 413
    assert response.get_json() == errors(("body", "The request is too large: send at most 1 MiB."))
    response = client.post("/api/v1/games", data=body, headers=auth("x"), content_type="application/json")
    assert response.status_code == 413


def chunked(client, path: str, body: bytes, content_type: str = "application/json"):
    """A body sent in chunks, without Content-Length, read to its end as gunicorn and Werkzeug's server let it be
    (`wsgi.input_terminated`)."""
    return client.post(path, input_stream=BytesIO(body), environ_overrides={"wsgi.input_terminated": True},
                       headers={"Transfer-Encoding": "chunked", "Content-Type": content_type})


def test_an_api_request_over_1_mib_sent_in_chunks_is_refused_as_too_large(client, app):
    body = json.dumps(exported_game(1) | {"padding": "x" * 1024 * 1024}).encode()
    for path in ("/api/v1/games/import", "/api/v1/games"):
        response = chunked(client, path, body)
        assert response.status_code == 413
        assert response.get_json() == errors(("body", "The request is too large: send at most 1 MiB."))
    assert stored(app, Hand) == 0


def test_a_request_sent_in_chunks_within_1_mib_is_read_whole(client, app):
    body = json.dumps(exported_game(1) | {"padding": "x" * (1024 * 1024 - 2000)}).encode()
    assert 1024 * 1024 - 2000 < len(body) <= 1024 * 1024
    response = chunked(client, "/api/v1/games/import", body)
    assert response.status_code == 201, response.get_json()
    assert stored(app, Hand) == 1


def test_a_game_file_over_1_mib_sent_in_chunks_gets_the_page_that_says_so(client, app):
    big = json.dumps(exported_game(1) | {"padding": "x" * 1024 * 1024}).encode()
    response = chunked(client, "/import", multipart(csrf_token(client, "/import"), big),
                       content_type="multipart/form-data; boundary=cut")
    assert response.status_code == 413
    assert ("That was too large to send: a game file (or any form) can be at most 1 MiB."
            in response.get_data(as_text=True))
    assert stored(app, Hand) == 0


def test_a_game_file_over_1_mib_is_refused_with_a_page_that_says_so(client, app):
    big = json.dumps(exported_game(1) | {"padding": "x" * 1024 * 1024}).encode()
    response = client.post("/import", data=multipart(csrf_token(client, "/import"), big),
                           content_type="multipart/form-data; boundary=cut")
    assert response.status_code == 413
    assert ("That was too large to send: a game file (or any form) can be at most 1 MiB."
            in response.get_data(as_text=True))
    assert stored(app, Hand) == 0
