"""What goes over the wire: compressed answers, and static files under fingerprinted, long-lived addresses."""

from __future__ import annotations

import gzip
import hashlib
import re
from pathlib import Path

import brotli
import rcssmin

STATIC = Path(__file__).resolve().parents[2] / "static"


def test_pages_json_css_and_js_are_compressed_for_browsers_that_accept_it(client):
    page = client.get("/", headers={"Accept-Encoding": "gzip"})
    assert page.headers["Content-Encoding"] == "gzip"
    assert b"Scorekeeper" in gzip.decompress(page.data)
    style = client.get("/static/style.css", headers={"Accept-Encoding": "br, gzip"})
    assert style.headers["Content-Encoding"] == "br"
    assert brotli.decompress(style.data) == rcssmin.cssmin((STATIC / "style.css").read_text()).encode()
    assert "Accept-Encoding" in style.headers["Vary"]


def test_scripts_and_style_sheets_are_sent_without_their_comments(client):
    source = (STATIC / "offline.js").read_text()
    assert "// Offline at the table:" in source
    script = client.get("/static/offline.js").get_data(as_text=True)
    assert "// Offline at the table" not in script
    assert "function start(banner){" in script
    assert len(script) < 0.75 * len(source)
    style = client.get("/static/style.css").get_data(as_text=True)
    assert "/*" not in style
    assert len(style) < len((STATIC / "style.css").read_text())


def test_other_static_files_are_sent_as_they_are(client):
    icon = next((STATIC / "icons").iterdir())
    assert client.get(f"/static/icons/{icon.name}").data == icon.read_bytes()


def test_without_accept_encoding_answers_are_plain(client):
    page = client.get("/")
    assert "Content-Encoding" not in page.headers
    assert b"Scorekeeper" in page.data


def test_static_addresses_carry_the_content_hash_and_are_kept_for_a_year(client):
    page = client.get("/").get_data(as_text=True)
    digest = hashlib.sha256((STATIC / "style.css").read_bytes()).hexdigest()[:12]
    assert f'href="/static/style.css?v={digest}"' in page
    assert re.search(r'src="/static/app\.js\?v=[0-9a-f]{12}"', page)
    fingerprinted = client.get(f"/static/style.css?v={digest}")
    assert fingerprinted.status_code == 200
    assert fingerprinted.headers["Cache-Control"] == "public, max-age=31536000, immutable"


def test_a_static_file_asked_for_under_an_old_hash_is_revalidated(client):
    response = client.get("/static/style.css?v=000000000000")
    assert response.status_code == 200
    assert "immutable" not in response.headers.get("Cache-Control", "")
