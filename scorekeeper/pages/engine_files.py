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

from flask import Blueprint, Flask, Response, abort, render_template, url_for

from ..web.scorer import PYODIDE_FILES, installed, pyodide_file, pyodide_version, rules_zip

YEAR = 365 * 24 * 3600
# The worker loads its scripts and fetches from this origin only, and may compile WebAssembly.
WORKER_POLICY = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'"

bp = Blueprint("engine", __name__, url_prefix="/engine")


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
