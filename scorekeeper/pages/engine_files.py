"""The rules engine for the phone: Pyodide and the engine's own files, served by the app.

When the server does not answer, the phone scores with this very engine
(`scorekeeper/rules/`, standard library only) under Pyodide, in a web
worker (templates/offline/engine.js). Everything it needs comes from here,
never from a CDN:

- Pyodide's core, vendored from npm (`node_modules/pyodide`, package.json):
  its loader, its WebAssembly and Python's standard library; nothing else
  of the package is served, so Pyodide has no package to load.
- `rules-<hash>.zip`: the engine's own `.py` files and the compiled
  catalogs, so that its sentences come in the reader's language.
- The worker script, under a policy of its own that adds only
  `'wasm-unsafe-eval'` (compiling WebAssembly) to what it needs: the pages'
  policy does not change.

The first view of a page loads none of it: static/offline.js asks the
service worker to keep these files once the page has loaded, unless the
player turned that off, and starts the worker only when the phone needs it.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from functools import cache
from pathlib import Path

from flask import Blueprint, Flask, Response, abort, render_template, url_for

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "node_modules" / "pyodide"
RULES = ROOT / "scorekeeper" / "rules"
TRANSLATIONS = ROOT / "translations"
# The core, and only it: the loader, its lock file (read at start), the WebAssembly and the standard library.
PYODIDE_FILES = {
    "pyodide.js": "text/javascript",
    "pyodide.asm.js": "text/javascript",
    "pyodide.asm.wasm": "application/wasm",
    "python_stdlib.zip": "application/zip",
    "pyodide-lock.json": "application/json",
}
YEAR = 365 * 24 * 3600
# The worker loads its scripts and fetches from this origin only, and may compile WebAssembly.
WORKER_POLICY = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'"

bp = Blueprint("engine", __name__, url_prefix="/engine")


@cache
def pyodide_version() -> str:
    """The vendored Pyodide's version, which its files' addresses carry (they never change at one address)."""
    return str(json.loads((PYODIDE / "package.json").read_text())["version"])


@cache
def rules_zip() -> tuple[bytes, str]:
    """The engine's files and compiled catalogs as one zip, and the hash of its content.

    Inside: `scorekeeper/__init__.py` (empty: the app's package is not the engine's), `scorekeeper/rules/...`,
    and `catalogs/<language>.mo`.
    """
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(zipfile.ZipInfo("scorekeeper/__init__.py", (2020, 1, 1, 0, 0, 0)), "")
        files = [(path, f"scorekeeper/rules/{path.relative_to(RULES).as_posix()}")
                 for path in sorted(RULES.rglob("*.py"))]
        files += [(path, f"catalogs/{path.parent.parent.name}.mo")
                  for path in sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.mo"))]
        for path, name in files:
            archive.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), path.read_bytes())
    data = buffer.getvalue()
    return data, hashlib.sha256(data).hexdigest()[:12]


def installed() -> bool:
    """Whether npm installed Pyodide (`make run` and `make test` do)."""
    return (PYODIDE / "package.json").is_file()


def files() -> list[str]:
    """Every address the phone keeps to score offline: the worker, Pyodide's core, the engine (none without npm)."""
    if not installed():
        return []
    return [url_for("engine.worker"), *(url_for("engine.pyodide", version=pyodide_version(), name=name)
                                        for name in PYODIDE_FILES), url_for("engine.rules", digest=rules_zip()[1])]


def _kept_for_a_year(response: Response) -> Response:
    response.cache_control.public = True
    response.cache_control.max_age = YEAR
    response.cache_control.immutable = True
    return response


@bp.get("/pyodide-<version>/<name>")
def pyodide(version: str, name: str) -> Response:
    if not installed() or version != pyodide_version() or name not in PYODIDE_FILES:
        abort(404)
    return _kept_for_a_year(Response(pyodide_file(name), mimetype=PYODIDE_FILES[name]))


@cache
def pyodide_file(name: str) -> bytes:
    """One of Pyodide's core files, read once (13 MB in all): a stream left open by a phone that went away while
    fetching it would keep its file open."""
    return (PYODIDE / name).read_bytes()


@bp.get("/rules-<digest>.zip")
def rules(digest: str) -> Response:
    data, current = rules_zip()
    if digest != current:
        abort(404)
    return _kept_for_a_year(Response(data, mimetype="application/zip"))


@bp.get("/worker.js")
def worker() -> Response:
    settings = {
        "pyodide": url_for("engine.pyodide", version=pyodide_version(), name="pyodide.js"),
        "rules": url_for("engine.rules", digest=rules_zip()[1]),
    }
    response = Response(render_template("offline/engine.js", settings=settings), mimetype="text/javascript")
    response.headers["Content-Security-Policy"] = WORKER_POLICY
    response.cache_control.no_cache = True
    return response


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    if not installed():
        app.logger.warning("Pyodide is not installed (npm install): the phone cannot score offline.")
