"""The installable app: manifest, icons and service worker, the offline page, and a hand sent again by a script."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest

from scorekeeper.models import Hand
from scorekeeper.pages.offline import WORKER_POLICY

from ..games import PIQUET_GAME
from .api_client import create
from .forms_client import stored
from .test_page_writes import GAME, HAND_FORM, Phone
from .test_pages_dummy_spades import start as start_dummy_spades

STATIC = Path(__file__).resolve().parents[2] / "static"
ICON_SIZES = {"icons/icon-192.png": 192, "icons/icon-512.png": 512, "icons/maskable-512.png": 512}


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def static_url(page: str, filename: str) -> str:
    found = re.search(rf'/static/{re.escape(filename)}\?v=[0-9a-f]{{12}}', page)
    assert found, f"no fingerprinted address of {filename}"
    return found.group(0)


def test_the_service_worker_is_served_from_the_root_uncached_under_its_own_policy(client):
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["Content-Security-Policy"] == WORKER_POLICY == "default-src 'none'; connect-src 'self'"
    assert "Service-Worker-Allowed" not in response.headers, "served from the root, its scope is every page"


def test_the_service_worker_keeps_every_static_file_under_its_current_address(client):
    worker = client.get("/sw.js").get_data(as_text=True)
    settings = json.loads(re.search(r"const SETTINGS = (\{.*\});", worker).group(1))
    page = client.get("/").get_data(as_text=True)

    for filename in ("style.css", "app.js", "offline.js"):
        assert static_url(page, filename) in settings["assets"]
    kept = {address.split("?")[0] for address in settings["assets"]}
    assert {"/static/icons/icon-192.png", "/static/icons/maskable-512.png"} <= kept
    # offline.js's parts, which it imports by relative address: every one is there for a page opened offline.
    parts = {f"/static/{path.relative_to(STATIC).as_posix()}" for path in (STATIC / "offline").rglob("*.js")}
    assert {"/static/offline/page/cards.js", "/static/offline/store.js", "/static/offline/games/piquet.js"} <= parts
    assert parts <= kept
    assert settings["shell"] == ["/", "/offline", "/new/dummy-spades", "/new/dummy-spades/blank", "/new/piquet",
                                 "/new/piquet/blank", "/new/spades", "/new/spades/blank",
                                 "/new/dummy-spades/blank?style=suicide", "/new/dummy-spades/blank?style=mirror"]
    assert settings["offlinePage"] == "/offline"
    assert settings["staticPrefix"] == "/static/"
    assert re.fullmatch(r"[0-9a-f]{12}", settings["version"])
    for address in settings["assets"]:
        response = client.get(address)
        assert response.status_code == 200, address
        assert "immutable" in response.headers["Cache-Control"], address


def test_the_manifest_makes_the_app_installable(client):
    response = client.get("/manifest.webmanifest")

    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    assert response.headers["Cache-Control"] == "no-cache"
    manifest = response.get_json(force=True)
    assert {key: manifest[key] for key in ("name", "short_name", "start_url", "scope", "display", "theme_color")} == {
        "name": "Scorekeeper", "short_name": "Scorekeeper", "start_url": "/", "scope": "/",
        "display": "standalone", "theme_color": "#0b5cad"}
    assert [(icon["sizes"], icon["type"], icon["purpose"]) for icon in manifest["icons"]] == [
        ("192x192", "image/png", "any"), ("512x512", "image/png", "any"), ("512x512", "image/png", "maskable")]
    for icon in manifest["icons"]:
        filename = re.fullmatch(r"/static/(.+)\?v=[0-9a-f]{12}", icon["src"]).group(1)
        image = client.get(icon["src"])
        assert image.mimetype == "image/png"
        assert png_size(image.get_data()) == (ICON_SIZES[filename],) * 2


@pytest.mark.parametrize("path", ["/", "/offline", "/new/piquet", "/rules/dummy-spades"])
def test_every_page_names_the_manifest_theme_colour_and_the_script_that_registers_the_worker(client, path):
    page = client.get(path).get_data(as_text=True)

    assert '<html lang="en" data-from="network">' in page
    assert '<meta name="theme-color" content="#0b5cad">' in page
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert f'<script type="module" src="{static_url(page, "offline.js")}"></script>' in page
    assert re.search(r'<div id="connection" class="offline-banner" role="status" hidden\s+data-worker="/sw.js" '
                     r'data-scope="/"', page)
    assert "<script>" not in page, "no inline script"


def test_the_offline_page(client):
    response = client.get("/offline")

    assert response.status_code == 200
    assert "this page was never opened on this phone" in response.get_data(as_text=True)


def test_a_game_page_names_its_game_its_kind_and_entries_for_the_script(client):
    spades = create(client, GAME)
    piquet = create(client, PIQUET_GAME)

    assert (f'data-game="{spades.id}" data-kind="dummy-spades" data-entry="Hand {{number}}"'
            in client.get(f"/g/{spades.id}").get_data(as_text=True))
    assert (f'data-game="{piquet.id}" data-kind="piquet" data-entry="Deal {{number}}"'
            in client.get(f"/g/{piquet.id}").get_data(as_text=True))


def test_only_the_edit_links_qr_codes_are_left_out_of_the_copy_the_worker_keeps(app, client):
    """The worker fetches a page's images without cookies (static/offline.js skips those marked online-only):
    the edit link's QR code would only answer it 403."""
    phone = Phone(app, create(client, GAME))
    page = phone.open()
    images = re.findall(r"<img [^>]*>", page)

    marked = [re.search(r'src="([^"]+)"', image).group(1) for image in images if "data-online-only" in image]

    assert marked == [f"{phone.url}/qr/edit.svg"]  # under Share edit access
    created = client.get(start_dummy_spades(client)).get_data(as_text=True)  # the creator's view: the link to keep
    assert re.search(r'<section class="keep-link".*?<img [^>]*qr/edit\.svg"[^>]*data-online-only', created, re.S)
    without_cookies = app.test_client()  # as the worker asks
    assert without_cookies.get(f"{phone.url}/qr/view.svg").status_code == 200
    assert without_cookies.get(f"{phone.url}/qr/edit.svg").status_code == 403


def test_a_hand_kept_offline_and_sent_again_with_its_idempotency_key_is_stored_once(app, client):
    phone = Phone(app, create(client, GAME))
    phone.open()
    form = {**phone.form(f"{phone.url}/hands"), **HAND_FORM}
    headers = {"HX-Request": "true", "Idempotency-Key": form["request_key"]}

    sent = [phone.client.post(f"{phone.url}/hands", data=form, headers=headers) for _ in range(3)]

    assert [answer.status_code for answer in sent] == [200, 200, 200], "a repeat is answered as the first"
    assert stored(app, Hand) == 1
    assert '<input type="hidden" name="hand" value="2">' in sent[2].get_data(as_text=True)


def test_a_hand_sent_again_after_another_phone_recorded_it_is_refused_with_the_next_form(app, client):
    table = create(client, GAME)
    phone, other_phone = Phone(app, table), Phone(app, table)
    phone.open()
    waiting = {**phone.form(f"{phone.url}/hands"), **HAND_FORM}
    other_phone.open()
    assert other_phone.press(f"{other_phone.url}/hands", HAND_FORM).status_code == 303

    answer = phone.client.post(f"{phone.url}/hands", data=waiting,
                               headers={"HX-Request": "true", "Idempotency-Key": waiting["request_key"]})

    assert answer.status_code == 422
    assert '<input type="hidden" name="hand" value="2">' in answer.get_data(as_text=True)
    assert stored(app, Hand) == 1


def test_the_idempotency_key_header_takes_the_place_of_the_forms_own_key(app, client):
    phone = Phone(app, create(client, GAME))
    phone.open()
    form = {name: value for name, value in phone.form(f"{phone.url}/hands").items() if name != "request_key"}

    def send(**headers):
        return phone.client.post(f"{phone.url}/hands", data={**form, **HAND_FORM}, headers={"HX-Request": "true", **headers})

    assert [send(**{"Idempotency-Key": "kept-offline-1"}).status_code for _ in range(2)] == [200, 200]
    assert stored(app, Hand) == 1
    assert send().status_code == 422, "without a key, the repeat is a stale form"
    assert stored(app, Hand) == 1


def test_files_fetched_beside_a_page_never_renew_the_session_cookie(app, client):
    table = create(client, GAME)
    assert client.get(f"/g/{table.id}/join/{table.token}").status_code == 303
    page = client.get(f"/g/{table.id}")
    assert "Set-Cookie" in page.headers, "a page renews the permanent session"

    for path in ("/sw.js", "/manifest.webmanifest", static_url(page.get_data(as_text=True), "offline.js")):
        response = client.get(path)
        assert "Set-Cookie" not in response.headers, path
        response.close()


def test_the_live_poll_and_fragments_never_renew_the_session_cookie(client):
    table = create(client, GAME)
    assert client.get(f"/g/{table.id}/join/{table.token}").status_code == 303
    assert "Set-Cookie" in client.get(f"/g/{table.id}", headers={"HX-Request": "true", "HX-Boosted": "true"}).headers, (
        "a page opened through htmx renews the permanent session")

    poll = client.get(f"/g/{table.id}/live", headers={"HX-Request": "true"})
    fragment = client.get(f"/g/{table.id}", headers={"HX-Request": "true"})

    assert poll.status_code == fragment.status_code == 200
    assert "Set-Cookie" not in poll.headers
    assert "Set-Cookie" not in fragment.headers


@pytest.mark.parametrize(("language", "since", "entry"), [
    ("fr", "Pas de connexion au serveur depuis {time}.", "Donne {number}"),
    ("de", "Keine Verbindung zum Server seit {time}.", "Runde {number}"),
    ("es", "Sin conexión con el servidor desde {time}.", "Mano {number}"),
])
def test_the_texts_the_script_shows_come_with_the_page_in_its_language(client, language, since, entry):
    table = create(client, GAME)
    page = client.get(f"/g/{table.id}", headers={"Accept-Language": language}).get_data(as_text=True)

    assert f'data-since="{since}"' in page
    assert f'data-entry="{entry}"' in page
    manifest = client.get("/manifest.webmanifest", headers={"Accept-Language": language}).get_json(force=True)
    assert manifest["name"] == {"fr": "Scorekeeper", "de": "Scorekeeper", "es": "Anotador"}[language]
