"""Absolute links (share links, QR codes, the API's "url") from PUBLIC_URL, and the Host header kept in check."""

from __future__ import annotations

import re

import pytest

from scorekeeper.app import create_app
from scorekeeper.web import links
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


@pytest.mark.parametrize("host", ["127.0.0.1:5000", "localhost:8000", "[::1]:5000", "127.0.0.2"])
def test_without_settings_links_follow_an_address_of_this_machine(client, host):
    """On a LAN phones type the server's address (http://192.168.1.20:5000): links follow it, no setting needed."""
    created = create(client, headers={"Host": host})
    assert created["url"] == f"http://{host}/g/{created['id']}"


NO_SETTINGS_NOTICE = ("These links start with this server's own address (127.0.0.1:5000), not with the name your "
                      "browser used, because the server was not told which names are its own. If other phones cannot "
                      "open them, whoever runs the server can start it with PUBLIC_URL set to the address everyone uses "
                      "(for example PUBLIC_URL=https://scores.example.org), or with TRUSTED_HOSTS set to the names it "
                      "answers to, separated by commas (for example TRUSTED_HOSTS=scores.example.org).")


@pytest.mark.parametrize("host", ["evil.example", "evil.example:5000", "192.0.2.1:5000", "0.0.0.0:5000"])
def test_without_settings_another_host_never_makes_a_link(client, host):
    """Anyone may name any Host: without PUBLIC_URL or TRUSTED_HOSTS, a name not known to be this machine gives
    the server's own address (HOST:PORT), and the editor is told which setting names the server."""
    hostile = {"Host": host}
    created = create(client, headers=hostile)
    game_id, token = created["id"], created["edit_token"]
    assert created["url"] == f"http://127.0.0.1:5000/g/{game_id}"
    assert client.get(f"/api/v1/games/{game_id}", headers=hostile).get_json()["url"] == created["url"]

    assert client.get(f"/g/{game_id}/join/{token}", headers=hostile).status_code == 303
    page = client.get(f"/g/{game_id}", headers=hostile).get_data(as_text=True)
    assert host not in page
    assert f">http://127.0.0.1:5000/g/{game_id}</a>" in page
    assert f">http://127.0.0.1:5000/g/{game_id}/join/{token}</a>" in page
    assert NO_SETTINGS_NOTICE in page
    assert client.get(f"/g/{game_id}/qr/view.svg", headers=hostile).data == qr_svg(f"http://127.0.0.1:5000/g/{game_id}")
    edit = client.get(f"/g/{game_id}/qr/edit.svg", headers=hostile)
    assert edit.data == qr_svg(f"http://127.0.0.1:5000/g/{game_id}/join/{token}")

    assert NO_SETTINGS_NOTICE not in client.get(f"/g/{game_id}").get_data(as_text=True)  # links follow localhost
    reader = client.application.test_client()
    assert "PUBLIC_URL" not in reader.get(f"/g/{game_id}", headers=hostile).get_data(as_text=True)  # editors only


def test_a_server_on_every_address_links_with_its_address_on_the_network(tmp_path):
    app = make_app(tmp_path, HOST="0.0.0.0", PORT=8000)
    client = app.test_client()
    url = create(client, headers={"Host": "evil.example"})["url"]
    address = re.fullmatch(r"http://([0-9.]+):8000/g/[^/]+", url).group(1)
    assert address != "0.0.0.0"
    assert create(client, headers={"Host": f"{address}:8000"})["url"].startswith(f"http://{address}:8000/")
    dispose(app)


def test_the_organiser_of_a_club_night_is_told_too(client):
    created = client.post("/api/v1/events", json={
        "name": "Friday", "game": "dummy-spades", "players": ["Ann", "Ben", "Cid", "Dan", "Eve", "Fay"],
        "rounds": 2, "hands_per_round": 4})
    assert created.status_code == 201, created.get_json()
    event = created.get_json()
    hostile = {"Host": "evil.example"}
    assert client.get(f"/events/{event['id']}/organise?token={event['edit_token']}", headers=hostile).status_code == 303
    page = client.get(f"/events/{event['id']}", headers=hostile).get_data(as_text=True)
    assert NO_SETTINGS_NOTICE in page and "evil.example" not in page


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
    for host in ("127.0.0.1:5000", "localhost:5000", "127.0.0.1:5000"):
        view = client.get(f"/g/{game_id}/qr/view.svg", headers={"Host": host})
        assert view.data == qr_svg(f"http://{host}/g/{game_id}")
        page = client.get(f"/g/{game_id}", headers={"Host": host}).get_data(as_text=True)
        assert re.findall(r">(http://[^/<]+)/g/", page) == [f"http://{host}"]


@pytest.fixture
def fresh_address_checks():
    """The process's remembered address checks forgotten before the test and after it, whatever it does."""
    links._bindable.cache_clear()
    yield
    links._bindable.cache_clear()


def test_whether_an_address_is_this_machines_is_asked_once_a_minute(client, monkeypatch, fresh_address_checks):
    """Binding a socket to the Host's address tells whether it is this machine's; a process asks once a minute,
    so an address the machine no longer has stops making links within a minute."""
    game_id = create(client)["id"]
    real_socket, probes = links.socket.socket, []

    def counted(*args):
        probes.append(args)
        return real_socket(*args)

    now = [960.0]  # the start of a minute
    monkeypatch.setattr(links.socket, "socket", counted)
    monkeypatch.setattr(links.time, "monotonic", lambda: now[0])
    here = {"Host": "127.0.0.2:5000"}
    for _ in range(3):
        assert client.get(f"/api/v1/games/{game_id}", headers=here).get_json()["url"] == f"http://127.0.0.2:5000/g/{game_id}"
    assert len(probes) == 1

    class Gone:  # the machine has left the network that gave it the address
        def __init__(self, *_args):
            probes.append(_args)

        def __enter__(self):
            return self

        def __exit__(self, *_exc):
            return False

        def bind(self, _address):
            raise OSError("Cannot assign requested address")

    monkeypatch.setattr(links.socket, "socket", Gone)
    now[0] += 59
    assert client.get(f"/api/v1/games/{game_id}", headers=here).get_json()["url"] == f"http://127.0.0.2:5000/g/{game_id}"
    now[0] += 1
    assert client.get(f"/api/v1/games/{game_id}", headers=here).get_json()["url"] == f"http://127.0.0.1:5000/g/{game_id}"
    assert len(probes) == 2


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
