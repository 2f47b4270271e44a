"""Absolute links (share links, QR codes, the API's "url") from PUBLIC_URL, and the Host header kept in check."""

from __future__ import annotations

import re

import pytest

from scorekeeper.app import create_app
from scorekeeper.web.links import qr_svg

from ..conftest import dispose, make_app

SPADES = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}


def create(client, **kwargs) -> dict:
    response = client.post("/api/v1/games", json=SPADES, **kwargs)
    assert response.status_code == 201
    return response.get_json()


@pytest.fixture
def public_client(tmp_path):
    app = make_app(tmp_path, PUBLIC_URL="https://scores.example/")
    yield app.test_client()
    dispose(app)


def test_without_public_url_links_follow_the_host_asked_for(client):
    created = create(client, headers={"Host": "table.local:5000"})
    assert created["url"] == f"http://table.local:5000/g/{created['id']}"


def test_public_url_makes_every_absolute_link_whatever_the_host(public_client):
    hostile = {"Host": "evil.example"}
    created = create(public_client, headers=hostile)
    game_id, token = created["id"], created["edit_token"]
    assert created["url"] == f"https://scores.example/g/{game_id}"
    assert public_client.get(f"/api/v1/games/{game_id}", headers=hostile).get_json()["url"] == created["url"]

    assert public_client.get(f"/g/{game_id}/join/{token}", headers=hostile).status_code == 303
    page = public_client.get(f"/g/{game_id}", headers=hostile).get_data(as_text=True)
    assert "evil.example" not in page
    assert f">https://scores.example/g/{game_id}</a>" in page
    assert f">https://scores.example/g/{game_id}/join/{token}</a>" in page

    view = public_client.get(f"/g/{game_id}/qr/view.svg", headers=hostile)
    assert view.data == qr_svg(f"https://scores.example/g/{game_id}")
    edit = public_client.get(f"/g/{game_id}/qr/edit.svg", headers=hostile)
    assert edit.data == qr_svg(f"https://scores.example/g/{game_id}/join/{token}")
    exported = public_client.get(f"/g/{game_id}/export.json", headers=hostile).get_json()
    assert exported["url"] == created["url"]


def test_public_url_may_have_a_path_where_the_app_is_mounted(tmp_path):
    app = make_app(tmp_path, PUBLIC_URL="https://example.org/scores")
    client = app.test_client()
    # Behind a proxy that mounts the app at /scores (SCRIPT_NAME), on an inside address.
    created = create(client, base_url="http://10.0.0.5:8000/scores/")
    assert created["url"] == f"https://example.org/scores/g/{created['id']}"
    dispose(app)


def test_links_are_built_for_each_request_never_kept(client):
    created = create(client)
    game_id = created["id"]
    for host in ("one.local", "two.local", "one.local"):
        view = client.get(f"/g/{game_id}/qr/view.svg", headers={"Host": host})
        assert view.data == qr_svg(f"http://{host}/g/{game_id}")
        page = client.get(f"/g/{game_id}", headers={"Host": host}).get_data(as_text=True)
        assert re.findall(r">(http://[^/<]+)/g/", page) == [f"http://{host}"]


@pytest.mark.parametrize("path", ["/", "/g/{id}", "/api/v1/games/{id}", "/g/{id}/qr/view.svg", "/g/{id}/live"])
def test_nothing_built_for_one_request_may_be_kept_by_a_shared_cache(client, path):
    game_id = create(client)["id"]
    cache_control = client.get(path.format(id=game_id)).headers["Cache-Control"]
    assert cache_control.startswith("private")


@pytest.fixture
def trusting_client(tmp_path):
    app = make_app(tmp_path, TRUSTED_HOSTS=["scores.example", ".club.example"])
    yield app.test_client()
    dispose(app)


@pytest.mark.parametrize("host", ["scores.example", "scores.example:8000", "table.club.example"])
def test_trusted_hosts_are_served(trusting_client, host):
    assert trusting_client.get("/", headers={"Host": host}).status_code == 200


def test_another_host_gets_a_plain_400(trusting_client):
    response = trusting_client.get("/", headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert response.mimetype == "text/plain"
    assert response.get_data(as_text=True) == "This server does not answer to that host name.\n"


def test_another_host_gets_the_api_error_under_api(trusting_client):
    response = trusting_client.post("/api/v1/games", json=SPADES, headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert response.get_json() == {
        "errors": [{"field": "request", "message": "This server does not answer to that host name."}]}


def test_public_url_and_trusted_hosts_come_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "test")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.db'}")
    monkeypatch.setenv("PUBLIC_URL", "https://scores.example")
    monkeypatch.setenv("TRUSTED_HOSTS", "scores.example, 192.168.1.20")
    app = create_app()
    assert app.config["PUBLIC_URL"] == "https://scores.example"
    assert app.config["TRUSTED_HOSTS"] == ["scores.example", "192.168.1.20"]
    assert app.test_client().get("/", headers={"Host": "evil.example"}).status_code == 400
    dispose(app)
