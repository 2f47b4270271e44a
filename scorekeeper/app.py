"""The app factory: `create_app()` builds the Flask app with its extensions and blueprints."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from flask import Blueprint, Flask, Response, make_response, request
from flask.typing import ResponseReturnValue
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import Conflict, HTTPException, MethodNotAllowed, ServiceUnavailable

from .store.writes import ConcurrentChange, is_contention
from .web.vary import vary_on

if TYPE_CHECKING:
    from .games.base import GameKind

ROOT = Path(__file__).resolve().parent.parent
DATABASE_RETRY_AFTER = 5  # seconds: what a restart of the database takes


def create_app(test_config: dict | None = None) -> Flask:
    """Build the app; `test_config` replaces instance/config.py and the environment."""
    from . import database
    from .api import events as events_api
    from .api import games as api
    from .api import ladders as ladders_api
    from .api.requests import json_writes_only
    from .config import configure
    from .extensions import compress, csrf, db, migrate
    from .games import GAMES
    from .pages import (
        api_docs,
        engine_files,
        events,
        game_page,
        games,
        history,
        ladders,
        live,
        long_reads,
        offline,
        players,
        rulebook,
        rules_link,
        share,
        summary,
        table,
    )
    from .store import backup, purge
    from .store.cache import after_answer, hand_pieces, renders, whole_answers
    from .web import access, assets, bodies, i18n, limits, security, templates

    app = Flask(
        __name__,
        instance_path=str(ROOT / "instance"),
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    configure(app, test_config)
    bodies.init_app(app)
    db.init_app(app)
    database.init_app(app)
    migrate.init_app(app, db, directory=str(ROOT / "migrations"))
    csrf.init_app(app)
    access.init_app(app)
    i18n.init_app(app, ROOT / "translations")
    compress.init_app(app)
    assets.init_app(app)
    security.init_app(app)
    limits.init_app(app)
    renders.init_app(app)
    after_answer.init_app(app, writers=(hand_pieces.write_new, renders.write_new), settle=renders.settle_size)
    whole_answers.init_app(app, ROOT / "static")
    long_reads.init_app(app)
    templates.init_app(app)
    app.jinja_env.globals["game_kinds"] = GAMES  # pages ask a game's kind, never which game it is
    game_page.init_app(app)
    history.init_app(app)
    app.register_blueprint(games.bp)
    for blueprint, json_only in game_blueprints(GAMES.values()):
        app.register_blueprint(blueprint)
        if json_only:
            csrf.exempt(blueprint)
    app.register_blueprint(live.bp)
    app.register_blueprint(share.bp)
    app.register_blueprint(rules_link.bp)
    app.register_blueprint(players.bp)
    app.register_blueprint(rulebook.bp)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)
    app.register_blueprint(events_api.bp)
    csrf.exempt(events_api.bp)
    app.register_blueprint(ladders_api.bp)
    csrf.exempt(ladders_api.bp)
    app.register_blueprint(events.bp)
    app.register_blueprint(ladders.bp)
    app.register_blueprint(summary.bp)
    app.register_blueprint(api_docs.bp)
    app.register_blueprint(table.bp)
    offline.init_app(app)
    engine_files.init_app(app)
    backup.init_app(app)
    purge.init_app(app)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(OperationalError, _database_busy)
    app.register_error_handler(InterfaceError, _database_unreachable)
    app.register_error_handler(PoolTimeout, _database_unreachable)
    app.register_error_handler(ConcurrentChange, _changed_meanwhile)
    app.before_request(json_writes_only)
    app.after_request(_vary_on_htmx)
    return app


def game_blueprints(kinds: Iterable[GameKind]) -> Iterator[tuple[Blueprint, bool]]:
    """Each game's own blueprints, found beside its kind: the `bp` of `games/<game>/pages.py` (pages) and of
    `games/<game>/api.py` (JSON endpoints, which take no form token: True), for the games that have them."""
    for kind in kinds:
        package = type(kind).__module__.rpartition(".")[0]  # scorekeeper.games.<game>
        for module, json_only in (("pages", False), ("api", True)):
            if importlib.util.find_spec(f"{package}.{module}") is not None:
                yield importlib.import_module(f"{package}.{module}").bp, json_only


def _http_error(error: HTTPException) -> ResponseReturnValue:
    from .api import games as api
    from .api.requests import http_error
    from .pages.errors import error_page

    if isinstance(getattr(error, "original_exception", None), (DBAPIError, PoolTimeout)):
        return _database_unreachable(error)  # the database failed after the answer was made (after_request)
    api_request = request.path.startswith(f"{api.bp.url_prefix}/")
    response = make_response(http_error(error) if api_request else error_page(error))
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        response.headers["Allow"] = ", ".join(error.valid_methods)  # RFC 9110: a 405 names what is accepted
    return response


def _database_busy(error: OperationalError) -> ResponseReturnValue:
    """A write that waited too long for another one is a 409, like any other race (store/writes.py); any other
    failure of the database (unreachable, restarting, its disk gone) is a 503."""
    if not is_contention(error):
        return _database_unreachable(error)
    return _changed_meanwhile(ConcurrentChange.now())


def _database_unreachable(_error: Exception) -> ResponseReturnValue:
    """503 with Retry-After while the database cannot be reached: the pool's connections are checked before use
    (database.py), so the first request after the database is back is answered as usual."""
    from .api import games as api
    from .api.requests import http_error
    from .pages.errors import error_page

    unavailable = ServiceUnavailable(retry_after=DATABASE_RETRY_AFTER)
    api_request = request.path.startswith(f"{api.bp.url_prefix}/")
    response = make_response(http_error(unavailable) if api_request else error_page(unavailable))
    response.headers["Retry-After"] = str(DATABASE_RETRY_AFTER)
    return response


def _changed_meanwhile(error: ConcurrentChange) -> ResponseReturnValue:
    """A race lost where no form can say so (the API's own handler answers its requests first)."""
    from .api import games as api
    from .api.requests import error_response
    from .pages.errors import error_page

    if request.path.startswith(f"{api.bp.url_prefix}/"):
        return error_response(409, error.errors)
    return error_page(Conflict())


def _vary_on_htmx(response: Response) -> Response:
    """Pages differ for htmx requests, so caches must key on the header."""
    vary_on(response, "HX-Request")
    return response
