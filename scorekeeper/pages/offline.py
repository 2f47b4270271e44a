"""The installable app: its manifest, its service worker and the page shown offline.

The worker (templates/offline/sw.js) is served from the app's root, so its
scope covers every page, and never cached for long, so a new version is
seen on the next visit. It is rendered with the fingerprinted address of
every static file: a changed file makes a changed worker, which caches the
new files. What the worker does, and how a hand saved offline is sent
later (static/offline.js), is told at the top of each file.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, render_template, url_for
from flask_babel import gettext as _

from ..games import GAMES
from ..rules import dummy_spades
from ..web import scorer

bp = Blueprint("offline", __name__)

THEME_COLOR = "#0b5cad"  # --accent in static/style.css, as the icons
BACKGROUND_COLOR = "#fbfaf7"  # --bg
ICONS = (("icons/icon-192.png", "192x192", "any"), ("icons/icon-512.png", "512x512", "any"),
         ("icons/maskable-512.png", "512x512", "maskable"))
PAGES_KEPT = 120  # pages and the images on them
# A worker's own policy comes from its script's response: it fetches from this origin only.
WORKER_POLICY = "default-src 'none'; connect-src 'self'"


def static_files() -> list[str]:
    """Every file of static/, as a path inside it (all small: the worker keeps each one)."""
    folder = Path(current_app.static_folder or "")
    return sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file())


@bp.get("/sw.js")
def service_worker() -> Response:
    assets = [url_for("static", filename=name) for name in static_files()]
    # The shell: the home page, the offline page, and for a game started offline each kind's new-game page and the
    # blank game page the phone fills in (docs/decisions/offline-new-game.md).
    shell = [url_for("views.home"), url_for("offline.page")]
    for kind in GAMES:
        shell += [url_for("views.new_game", kind=kind), url_for("views.blank_game", kind=kind)]
    shell += [url_for("views.blank_game", kind="dummy-spades", style=style)  # a Dummy Hand form differs by style
              for style in dummy_spades.Style if style != dummy_spades.Style.STANDARD]
    settings = {
        "assets": assets,
        "shell": shell,
        "offlinePage": url_for("offline.page"),
        "staticPrefix": url_for("static", filename=""),
        "pagesKept": PAGES_KEPT,
        "enginePrefix": url_for("engine.worker").rsplit("/", 1)[0] + "/",
        "engineWorker": url_for("engine.worker"),
        "engineFiles": scorer.files(),
    }
    template = current_app.jinja_env.get_or_select_template("offline/sw.js")
    source = Path(template.filename or "").read_bytes()
    settings["version"] = hashlib.sha256(json.dumps(settings).encode() + source).hexdigest()[:12]
    body = render_template("offline/sw.js", settings=settings)
    response = Response(body, mimetype="text/javascript")
    response.headers["Content-Security-Policy"] = WORKER_POLICY
    response.cache_control.no_cache = True
    return response


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    home = url_for("views.home")
    data = {
        "name": _("Scorekeeper"),
        "short_name": _("Scorekeeper"),
        "description": _("Keeps score at a real card table, even when the connection drops."),
        "start_url": home,
        "scope": home,
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [{"src": url_for("static", filename=name), "sizes": sizes, "type": "image/png", "purpose": purpose}
                  for name, sizes, purpose in ICONS],
    }
    response = Response(json.dumps(data, ensure_ascii=False), mimetype="application/manifest+json")
    response.cache_control.no_cache = True
    return response


@bp.get("/offline")
def page() -> str:
    """Shown by the worker for a page this phone never opened, when the server does not answer."""
    return render_template("offline/page.html")


def init_app(app: Flask) -> None:
    app.jinja_env.globals["theme_color"] = THEME_COLOR
    app.register_blueprint(bp)
