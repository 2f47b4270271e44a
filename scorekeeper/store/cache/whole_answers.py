"""Whole answers for readers, kept in the cache of renders already compressed.

A reader without edit rights gets the same read-only game page, and anyone
the same API game object, as every other reader in that language: the whole
body is kept in the cache of renders (renders.py) as it is sent: as is, and
compressed in each encoding (brotli, gzip) a reader asked for, the first
such reader compressing it once (the others are not made until asked). A
reader it fits gets it from one small query of the game's columns joined to
the kept body, without a template, a replay or compressing anything.

The key holds all the body depends on but the game's version: the release,
what it is, the game, every game's version of its session, the language,
the kind of reader, the static files the page names, and the address the
body's links start with. The kept row names the version it was made at and
is read only at the game's version, in the same query: a stale answer is
impossible, and a newer one replaces it. The address is PUBLIC_URL when
configured; otherwise the request's scheme and host, and then only for a
host the server knows (its own HOST:PORT, or one of TRUSTED_HOSTS): a
request for any other host gets the answer made for it, never kept, so a
Host header can neither read another host's links nor grow the cache.
Editors are never answered from here: their pages carry their forms.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import brotli
from flask import Flask, Response, current_app, request, session

# Flask-Compress's own choice and compression, so that a kept answer is the one it would send (but a large one).
from flask_compress.flask_compress import _choose_algorithm, _compress_data
from sqlalchemy import bindparam, select
from werkzeug.http import quote_etag

from ...database import read_connection
from ...extensions import compress, db
from ...models import PUBLIC_ID, Game, Render, table
from ...web import access
from ...web.htmx import is_fragment_request
from ...web.i18n import select_locale
from ..running_state import source_digest
from . import renders
from .renders import ENCODINGS

# Past this size a kept answer is compressed with brotli's quality 4 (Flask-Compress's default), not the app's 5:
# on a long game's API object (612 KiB) 5 takes 8 ms and 4 takes 2.5 ms, for 8.6 KiB against 13.7 KiB sent. Its
# first reader after each change waits for it; below this size 5 costs a tenth of a millisecond more.
LARGE_BODY_BYTES = 64 * 1024
LARGE_BODY_BR_LEVEL = 4

_GAME = table(Game)
_RENDER = table(Render)
_COLUMNS = {None: _RENDER.c.body, "br": _RENDER.c.br, "gzip": _RENDER.c.gzip}


def _lookup_query(column: Any) -> Any:
    """The game's columns, with `column` of the render kept under `:key` if it is of the game's version."""
    return (
        select(_GAME.c.public_id, _GAME.c.kind, _GAME.c.session_id, _GAME.c.edit_token_hash, _GAME.c.version,
               _RENDER.c.used_at, column)
        .select_from(_GAME.outerjoin(_RENDER, (_RENDER.c.key == bindparam("key"))
                                     & (_RENDER.c.version == _GAME.c.version)))
        .where(_GAME.c.public_id == bindparam("game_id"))
    )


# Built once each: building a query costs more than running it.
_LOOKUPS = {encoding: _lookup_query(column) for encoding, column in _COLUMNS.items()}


@dataclass(frozen=True)
class Shared:
    """A whole answer this request shares with other readers, not kept yet: where to keep it."""

    key: str
    public_id: str
    version: int
    session: str  # every game's version in its session ("" for a game alone)

    def is_current(self) -> bool:
        """Whether the game (and its session) is still at that state: versions only grow, so a render made
        between two equal looks is of that state. Asked on the request's own connection: a request never
        holds two of the pool's connections at once."""
        connection = db.session.connection()
        row = connection.execute(_LOOKUPS[None], {"game_id": self.public_id, "key": ""}).one_or_none()
        return (row is not None and row.version == self.version
                and renders.session_versions(connection, row.session_id) == self.session)


def _address() -> str | None:
    """What of the request's address a body holds, if the body may be kept for it."""
    public_url = current_app.config.get("PUBLIC_URL")
    if public_url:
        return f"{public_url}\0{request.script_root}"
    host = request.host
    if host in current_app.extensions["whole_answers"]["hosts"]:
        return f"{request.scheme}://{host}{request.script_root}"
    return None


def _chosen_encoding() -> str | None:
    """The encoding Flask-Compress would choose for this request."""
    return _choose_algorithm(compress.enabled_algorithms, request.headers.get("Accept-Encoding", ""))


def answer(what: str, game_id: str, mimetype: str, *, page: bool, etag: Callable[[int], str] | None = None,
           headers: Callable[[str, str], dict[str, str]] | None = None) -> Response | Shared | None:
    """The whole answer `what` for this request, kept for every reader: the answer (a hit), where to keep the
    one this request makes (a miss), or None when this request takes today's path.

    A hit costs one query of columns (two for a game in a session) and no ORM
    session. `page`: the game page, a viewer's only, as a full page whose only
    query is `?lang=`. `etag(version)`: the answer's strong ETag before its
    encoding is added to it, as Flask-Compress does. `headers(kind, public_id)`: the answer's own headers (a
    download's file name).
    """
    if request.method not in renders.STORING_METHODS or not PUBLIC_ID.fullmatch(game_id):
        return None
    if page and (is_fragment_request() or set(request.args) - {"lang"} or session.get("keep_edit_link") == game_id):
        return None
    address = _address()
    if address is None:
        return None
    language = select_locale()
    salt = current_app.extensions["whole_answers"]["salt"] if page else ""

    def key(public_id: str, session_state: str) -> str:
        return renders.key_of(f"whole {what}", public_id, session_state, language, "view", address, salt)

    encoding = _chosen_encoding()
    lookup = _LOOKUPS[encoding if encoding in _COLUMNS else None]
    with read_connection() as connection:
        row = connection.execute(lookup, {"game_id": game_id, "key": key(game_id, "")}).one_or_none()
        if row is None:
            return None
        public_id, kind, session_id, edit_token_hash, version, used_at, data = row
        if page and access.holds_token(session_id or public_id, edit_token_hash):
            return None
        session_state = renders.session_versions(connection, session_id)
        if session_id is not None:  # its key holds every game's version of its session
            row = connection.execute(lookup, {"game_id": game_id, "key": key(public_id, session_state)}).one()
            version, used_at, data = row.version, row.used_at, row[-1]
        # Kept (its row has a last use), but not in this encoding yet or too short to compress: its body, to
        # compress once it is read.
        compress_into = encoding if data is None and used_at is not None and encoding in ENCODINGS else None
        if compress_into is not None:
            data = connection.execute(select(_RENDER.c.body).where(
                _RENDER.c.key == key(public_id, session_state), _RENDER.c.version == version)).scalar_one_or_none()
    if data is None:
        return Shared(key(public_id, session_state), public_id, version, session_state)
    if compress_into is not None:  # by the first reader asking for this encoding, kept for the next
        body = data.encode()
        if len(body) >= current_app.config["COMPRESS_MIN_SIZE"]:
            data = _compress(body, compress_into)
            renders.keep_encoded(key(public_id, session_state), version, compress_into, data)
        else:
            encoding = None
    renders.touch(key(public_id, session_state), used_at)
    tag = None if etag is None else etag(version)
    response = Response(data, mimetype=mimetype, headers=None if headers is None else headers(kind, public_id))
    if encoding in ENCODINGS:
        return _encoded(response, encoding, tag)
    return _plain(response, tag)


def kept(found: Shared, response: Response, *, etag: str | None = None) -> Response:
    """`response` (a 200 just made for this request, not compressed) kept for the next readers if the game did
    not change meanwhile, and sent in the encoding this request takes: compressed in that one alone, kept beside
    it; a reader asking for another compresses it then (`answer`)."""
    if response.status_code != 200 or not found.is_current():
        return _plain(response, etag)  # Flask-Compress compresses it as any other
    data = response.get_data()
    encoding = _chosen_encoding()
    if encoding not in ENCODINGS or len(data) < current_app.config["COMPRESS_MIN_SIZE"]:
        renders.keep(found.key, found.public_id, found.version, data.decode())
        return _plain(response, etag)
    compressed = _compress(data, encoding)
    renders.keep(found.key, found.public_id, found.version, data.decode(), **{encoding: compressed})
    response.set_data(compressed)
    return _encoded(response, encoding, etag)


def _compress(data: bytes, encoding: str) -> bytes:
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    if encoding == "br" and len(data) >= LARGE_BODY_BYTES:
        config = app.config
        return bytes(brotli.compress(data, mode=config["COMPRESS_BR_MODE"], quality=LARGE_BODY_BR_LEVEL,
                                     lgwin=config["COMPRESS_BR_WINDOW"], lgblock=config["COMPRESS_BR_BLOCK"]))
    return _compress_data(app, data, encoding)


def _plain(response: Response, etag: str | None) -> Response:
    """Sent as it is, answered conditionally if it has an ETag."""
    if etag is not None:
        response.set_etag(etag)
        response.make_conditional(request)
    return response


def _encoded(response: Response, encoding: str, etag: str | None) -> Response:
    """As Flask-Compress leaves a response it compressed: its encoding, its strong ETag marked with it, and
    answered conditionally."""
    response.headers["Content-Encoding"] = encoding
    if etag is not None:
        response.headers["ETag"] = quote_etag(f"{etag}:{encoding}")
    if current_app.config["COMPRESS_EVALUATE_CONDITIONAL_REQUEST"]:
        response.make_conditional(request)
    return response


def _known_hosts(app: Flask) -> frozenset[str]:
    """The hosts whose address a kept body may hold: the server's own, and each exact one of TRUSTED_HOSTS."""
    trusted = [host for host in app.config.get("TRUSTED_HOSTS") or [] if not host.startswith(".")]
    return frozenset({f"{app.config['HOST']}:{app.config['PORT']}", *trusted})


def init_app(app: Flask, static: Path) -> None:
    app.extensions["whole_answers"] = {
        "hosts": _known_hosts(app),
        # The page names its static files by fingerprint, and htmx by version and hash.
        "salt": "\0".join((source_digest(static, "*.*"), app.config["HTMX_VERSION"], app.config["HTMX_SRI"])),
    }
