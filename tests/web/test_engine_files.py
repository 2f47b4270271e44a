"""The engine the phone runs offline: Pyodide's core and the engine's files, served by the app, no CDN."""

from __future__ import annotations

import io
import zipfile

from scorekeeper.web.scorer import PYODIDE_FILES, files, pyodide_version

PAGE_POLICY_START = "default-src 'none'; script-src 'self' https://cdn.jsdelivr.net/"


def engine_files(app):
    with app.test_request_context():
        return files()


def test_the_phone_keeps_the_worker_pyodides_core_and_the_engine(app):
    version = pyodide_version()

    assert engine_files(app)[:1] == ["/engine/worker.js"]
    assert engine_files(app)[1:6] == [f"/engine/pyodide-{version}/{name}" for name in PYODIDE_FILES]
    assert engine_files(app)[6].startswith("/engine/rules-") and len(engine_files(app)) == 7


def test_every_file_is_served_with_its_type_and_kept_a_year(app, client):
    for address in engine_files(app)[1:]:
        response = client.get(address)
        assert response.status_code == 200, address
        assert response.cache_control.max_age == 365 * 24 * 3600 and response.cache_control.immutable
        assert response.mimetype == "application/wasm" or not address.endswith(".wasm")


def test_only_the_core_of_pyodide_is_served(client):
    version = pyodide_version()

    assert client.get(f"/engine/pyodide-{version}/console.html").status_code == 404
    assert client.get(f"/engine/pyodide-{version}/package.json").status_code == 404
    assert client.get("/engine/pyodide-0.0.1/pyodide.js").status_code == 404
    assert client.get("/engine/rules-000000000000.zip").status_code == 404


def test_the_engine_zip_holds_the_rules_and_the_catalogs_and_nothing_of_the_web_app(app, client):
    archive = zipfile.ZipFile(io.BytesIO(client.get(engine_files(app)[6]).data))
    names = archive.namelist()

    assert "scorekeeper/rules/board.py" in names and "scorekeeper/rules/piquet/game.py" in names
    assert {"catalogs/fr.mo", "catalogs/de.mo", "catalogs/es.mo"} <= set(names)
    assert archive.read("scorekeeper/__init__.py") == b""
    assert all(name.startswith(("scorekeeper/rules/", "catalogs/")) for name in names if name != "scorekeeper/__init__.py")


def test_only_the_worker_may_compile_webassembly(client):
    worker = client.get("/engine/worker.js")
    page = client.get("/")

    assert worker.headers["Content-Security-Policy"] == (
        "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'")
    assert worker.cache_control.no_cache
    assert "wasm-unsafe-eval" not in page.headers["Content-Security-Policy"]
    assert page.headers["Content-Security-Policy"].startswith(PAGE_POLICY_START)
