"""Edit rights that last: a permanent cookie, Secure when configured, that no one can read a token out of,
and the edit link shown to keep."""

from __future__ import annotations

import re
import zlib
from datetime import UTC, datetime, timedelta
from email.utils import parsedate_to_datetime
from io import BytesIO

import pytest
from flask_migrate import upgrade
from itsdangerous import base64_decode

from scorekeeper.app import create_app
from scorekeeper.web.access import REMEMBERED_GAMES
from scorekeeper.web.links import qr_svg

from ..conftest import dispose, make_app
from .forms_client import post_form

NEW_GAME = {
    "player_0": "Ann", "player_1": "Ben", "player_2": "Cid", "dummy_after": "2", "first_dealer": "0",
    "target": "300", "target_other": "", "bag_limit": "10", "bag_penalty": "100", "variant": "no-peeky",
}
SPADES = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}


def session_cookie(response) -> str:
    [cookie] = [header for header in response.headers.getlist("Set-Cookie") if header.startswith("session=")]
    return cookie


def attributes(cookie: str) -> dict[str, str]:
    """The cookie's attributes, by lower-case name ("" for flags)."""
    parts = [part.strip() for part in cookie.split(";")[1:]]
    return {name.lower(): value for name, _, value in (part.partition("=") for part in parts)}


def create(client):
    response = post_form(client, "/new/dummy-spades", NEW_GAME)
    assert response.status_code == 303
    return response


def test_the_cookie_that_remembers_edit_rights_lasts_a_year(client):
    cookie = attributes(session_cookie(create(client)))
    expires = parsedate_to_datetime(cookie["expires"])
    assert timedelta(days=364) < expires - datetime.now(UTC) <= timedelta(days=365)
    assert "httponly" in cookie
    assert cookie["samesite"] == "Lax"
    assert cookie["path"] == "/"
    assert "secure" not in cookie  # SESSION_COOKIE_SECURE is not set


def test_every_visit_starts_the_year_again(client):
    game_url = create(client).headers["Location"]
    cookie = attributes(session_cookie(client.get(game_url)))
    assert parsedate_to_datetime(cookie["expires"]) - datetime.now(UTC) > timedelta(days=364)


def test_a_reader_without_edit_rights_gets_no_lasting_cookie(client):
    page = client.get("/new/dummy-spades")  # the form's CSRF token goes in a cookie that ends with the browser
    assert "expires" not in attributes(session_cookie(page))


@pytest.fixture
def app_from_environment(tmp_path, monkeypatch):
    """The app configured as `make run` configures it: from the environment."""
    monkeypatch.setenv("SECRET_KEY", "test")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.db'}")
    monkeypatch.setenv("SESSION_COOKIE_SECURE", "true")
    app = create_app()
    with app.app_context():
        upgrade()
    yield app
    dispose(app)


def test_the_cookie_is_secure_when_the_environment_says_so(app_from_environment):
    client = app_from_environment.test_client()
    assert "secure" in attributes(session_cookie(client.get("/new/dummy-spades")))
    response = post_form(client, "/new/dummy-spades", NEW_GAME, base_url="https://localhost")
    assert response.status_code == 303
    cookie = attributes(session_cookie(response))
    assert "secure" in cookie
    assert "expires" in cookie


def test_the_cookie_is_secure_whenever_the_page_came_over_https(client):
    """No setting needed: plain HTTP (make run on a LAN) keeps a cookie without Secure, HTTPS gets Secure."""
    response = post_form(client, "/new/dummy-spades", NEW_GAME, base_url="https://localhost")
    assert response.status_code == 303
    assert "secure" in attributes(session_cookie(response))
    page = client.get(response.headers["Location"], base_url="https://localhost")
    assert "secure" in attributes(session_cookie(page))
    assert 'id="hand-form"' in page.get_data(as_text=True)

    plain = create(client)
    assert "secure" not in attributes(session_cookie(plain))
    assert 'id="hand-form"' in client.get(plain.headers["Location"]).get_data(as_text=True)


@pytest.mark.parametrize(("proxies", "secure"), [(0, False), (1, True)])
def test_behind_a_proxy_its_https_counts_when_the_proxy_is_trusted(tmp_path, proxies, secure):
    app = make_app(tmp_path, FORWARDED_FOR_PROXIES=proxies)
    client = app.test_client()
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    response = client.get("/new/dummy-spades", headers=forwarded)
    assert ("secure" in attributes(session_cookie(response))) is secure
    assert ("Strict-Transport-Security" in response.headers) is secure
    dispose(app)


def test_the_browser_remembers_the_latest_games_within_a_cookie_browsers_keep(client):
    """4 KB is what every browser keeps of a cookie; Werkzeug warns (an error here) past 4093 bytes."""
    ids = []
    for _ in range(REMEMBERED_GAMES + 1):
        created = client.post("/api/v1/games", json=SPADES).get_json()
        response = client.get(f"/g/{created['id']}/join/{created['edit_token']}")
        ids.append(created["id"])
    assert len(session_cookie(response)) < 4000
    home = client.get("/").get_data(as_text=True)
    listed = re.findall(r'href="/g/([^"/]+)"', home)
    assert listed == list(reversed(ids))[:REMEMBERED_GAMES]
    assert REMEMBERED_GAMES == 60


def readable(cookie: str) -> str:
    """What anyone holding the session cookie reads in it: Flask signs the cookie, it does not encrypt it."""
    value = cookie.split(";")[0].removeprefix("session=")
    payload = base64_decode(value.lstrip(".").split(".")[0])
    return (zlib.decompress(payload) if value.startswith(".") else payload).decode()


def test_the_cookie_grants_edit_rights_without_holding_a_readable_token(client):
    created = client.post("/api/v1/games", json=SPADES).get_json()
    game_id, token = created["id"], created["edit_token"]
    cookie = session_cookie(client.get(f"/g/{game_id}/join/{token}"))
    assert game_id in readable(cookie)  # which games it may edit is no secret
    assert token not in readable(cookie)
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert 'id="hand-form"' in page
    assert f"/g/{game_id}/join/{token}" in page  # the share box still shows the edit link to pass on

    other = client.application.test_client()  # the same cookie in another browser: the same rights
    other.set_cookie("session", cookie.split(";")[0].removeprefix("session="))
    assert 'id="hand-form"' in other.get(f"/g/{game_id}").get_data(as_text=True)


def test_rights_outlast_a_new_secret_key_while_the_old_one_is_a_fallback(client, app):
    created = client.post("/api/v1/games", json=SPADES).get_json()
    assert client.get(f"/g/{created['id']}/join/{created['edit_token']}").status_code == 303
    app.config.update(SECRET_KEY="a new key", SECRET_KEY_FALLBACKS=["test"])
    assert 'id="hand-form"' in client.get(f"/g/{created['id']}").get_data(as_text=True)
    app.config.update(SECRET_KEY_FALLBACKS=[])  # the cookie was sealed again with the new key on that visit
    assert 'id="hand-form"' in client.get(f"/g/{created['id']}").get_data(as_text=True)


def test_a_sealed_token_the_key_cannot_open_grants_nothing_and_breaks_nothing(client, app):
    created = client.post("/api/v1/games", json=SPADES).get_json()
    with client.session_transaction() as session:
        session["edit_rights"] = [[created["id"], "bm90IGEgdG9rZW4"], ["other", "!"]]
    response = client.get(f"/g/{created['id']}")
    assert response.status_code == 200
    assert 'id="hand-form"' not in response.get_data(as_text=True)


@pytest.mark.parametrize("older", [dict, lambda kept: [list(pair) for pair in kept.items()]],
                         ids=["a dict", "readable pairs"])
def test_rights_kept_in_the_cookie_of_an_older_version_still_count_and_are_sealed(client, older):
    created = client.post("/api/v1/games", json=SPADES).get_json()
    with client.session_transaction() as session:
        session["edit_tokens"] = older({created["id"]: created["edit_token"]})
    response = client.get(f"/g/{created['id']}")
    assert 'id="hand-form"' in response.get_data(as_text=True)
    assert created["edit_token"] not in readable(session_cookie(response))
    assert 'id="hand-form"' in client.get(f"/g/{created['id']}").get_data(as_text=True)


def test_forms_work_over_https_without_a_referrer(client):
    """Pages send no referrer, so the CSRF check cannot ask for one (Flask-WTF does by default over HTTPS)."""
    response = post_form(client, "/new/dummy-spades", NEW_GAME, base_url="https://localhost")
    assert response.status_code == 303


def keep_link_box(page: str) -> str | None:
    found = re.search(r'<section class="keep-link".*?</section>', page, re.S)
    return found.group(0) if found else None


def test_the_creator_is_shown_the_edit_link_to_keep_once(client):
    game_url = create(client).headers["Location"]
    page = client.get(game_url).get_data(as_text=True)
    box = keep_link_box(page)
    assert box is not None
    join_path = re.search(r'href="(/g/[^"]+/join/[^"]+)"', box).group(1)
    assert f">http://localhost{join_path}</a>" in box
    assert f'<img src="{game_url}/qr/edit.svg"' in box
    assert "Keep your edit link" in box
    assert "or after this browser's data is cleared, open this link or scan the code" in box

    assert keep_link_box(client.get(game_url).get_data(as_text=True)) is None  # once only

    # The kept link gives the rights back to a browser that lost them.
    cleared = client.application.test_client()
    assert cleared.get(join_path).status_code == 303
    assert 'id="hand-form"' in cleared.get(game_url).get_data(as_text=True)


def test_the_edit_link_qr_code_is_the_link_shown(client):
    game_url = create(client).headers["Location"]
    box = keep_link_box(client.get(game_url).get_data(as_text=True))
    link = re.search(r'>(http://localhost/g/[^<]+/join/[^<]+)</a>', box).group(1)
    assert client.get(f"{game_url}/qr/edit.svg").data == qr_svg(link)


def test_an_imported_game_shows_its_new_edit_link_to_keep(client):
    exported = client.get(client.post("/api/v1/games", json=SPADES).headers["Location"]).get_data()
    response = post_form(client, "/import", {"file": (BytesIO(exported), "game.json")}, form_path="/import",
                         content_type="multipart/form-data")
    assert response.status_code == 303
    assert keep_link_box(client.get(response.headers["Location"]).get_data(as_text=True)) is not None


def test_other_phones_are_not_shown_the_box(client, app):
    game_url = create(client).headers["Location"]
    viewer = app.test_client()
    assert keep_link_box(viewer.get(game_url).get_data(as_text=True)) is None
    assert keep_link_box(client.get(game_url).get_data(as_text=True)) is not None

