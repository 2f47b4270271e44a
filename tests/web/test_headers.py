"""Security headers on every response, and templates the Content-Security-Policy can live with."""

from __future__ import annotations

import re

import pytest

from scorekeeper.app import ROOT
from scorekeeper.web.assets import fingerprint

CSP = (
    "default-src 'none'; "
    "script-src 'self' https://cdn.jsdelivr.net/npm/htmx.org@2.0.11/dist/htmx.min.js; "
    "style-src 'self'; img-src 'self'; manifest-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; "
    "frame-ancestors 'none'"
)
SPADES = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}


@pytest.fixture
def game_id(client):
    return client.post("/api/v1/games", json=SPADES).get_json()["id"]


@pytest.fixture(params=["page", "game page", "api", "api 404", "page 404", "static", "qr code", "download"])
def response(request, client, game_id):
    path = {
        "page": "/",
        "game page": f"/g/{game_id}",
        "api": f"/api/v1/games/{game_id}",
        "api 404": "/api/v1/games/nothing",
        "page 404": "/nothing",
        "static": "/static/app.js",
        "qr code": f"/g/{game_id}/qr/view.svg",
        "download": f"/g/{game_id}/export.csv",
    }[request.param]
    response = client.get(path)
    yield response
    response.close()  # a static file is sent from an open file


def test_every_response_has_the_content_security_policy(response):
    assert response.headers["Content-Security-Policy"] == CSP


def test_every_response_forbids_sniffing(response):
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_every_response_forbids_framing(response):
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Frame-Options"] == "DENY"


def test_every_response_sends_no_referrer(response):
    assert response.headers["Referrer-Policy"] == "no-referrer"


def test_a_header_the_view_set_is_kept_and_not_sent_twice(client, game_id):
    """The QR code sets its own Cache-Control: the default one is not added beside it."""
    response = client.get(f"/g/{game_id}/qr/view.svg")
    assert response.headers.getlist("Cache-Control") == ["private, max-age=86400"]
    assert response.headers.getlist("Content-Security-Policy") == [CSP]


def test_plain_http_gets_no_strict_transport_security(response):
    assert "Strict-Transport-Security" not in response.headers


def test_https_gets_strict_transport_security(client):
    response = client.get("/", base_url="https://scores.example")
    assert response.headers["Strict-Transport-Security"] == "max-age=31536000"


def test_https_behind_a_proxy_is_recognised_by_the_server_not_by_any_client(client):
    """X-Forwarded-Proto is for gunicorn to trust (forwarded_allow_ips); the app never reads it itself."""
    response = client.get("/", headers={"X-Forwarded-Proto": "https"})
    assert "Strict-Transport-Security" not in response.headers


def test_pages_load_htmx_from_the_address_the_policy_allows_with_its_hash(client, app):
    page = client.get("/").get_data(as_text=True)
    with app.app_context():
        version, offline_version = fingerprint("app.js"), fingerprint("offline.js")
    scripts = re.findall(r"<script ([^>]*)>", page)
    assert scripts == [
        f'src="/static/app.js?v={version}" defer',
        f'type="module" src="/static/offline.js?v={offline_version}"',
        'src="https://cdn.jsdelivr.net/npm/htmx.org@2.0.11/dist/htmx.min.js"\n'
        f'          integrity="{app.config["HTMX_SRI"]}" crossorigin="anonymous" defer',
    ]


def test_htmx_is_told_not_to_inject_styles_or_evaluate_code(client):
    page = client.get("/").get_data(as_text=True)
    config = re.search(r"<meta name=\"htmx-config\" content='([^']*)'>", page).group(1)
    assert '"includeIndicatorStyles": false' in config
    assert '"allowEval": false' in config
    assert '"attributesToSettle": ["class", "width", "height"]' in config


TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: str(path.relative_to(ROOT / "templates")))
def test_no_template_has_what_the_policy_would_block(template):
    """No inline script, event handler attribute, style attribute or element, javascript: link, or eval'd
    htmx trigger filter."""
    text = template.read_text(encoding="utf-8")
    assert not re.findall(r"<script(?![^>]*\ssrc=)[^>]*>", text)
    assert not re.findall(r"<[a-zA-Z][^>]*\son[a-z]+\s*=", text)
    assert not re.findall(r"<[a-zA-Z][^>]*\sstyle\s*=|<style", text)
    assert "javascript:" not in text
    assert not re.findall(r'hx-trigger="[^"]*\[', text)
    assert "hx-on" not in text
