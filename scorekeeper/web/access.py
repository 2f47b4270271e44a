"""Who may change a game: holders of its edit token.

The creator's browser remembers the token in the signed session cookie,
sealed (`seal`): Flask signs the cookie but does not encrypt it, and whoever
holds the cookie must not read the API's edit token out of it. The cookie is
permanent: it lasts PERMANENT_SESSION_LIFETIME (a year) after the
browser's last visit. A "share edit access" link hands the token to other
phones; the creator is shown that link once, to keep, in case this browser
forgets. The plain game link is read-only. Nothing is kept in the process.

Only a page being opened renews the unchanged cookie, which is Secure whenever
the page came over HTTPS (`PagesRenewTheCookie`).
"""

from __future__ import annotations

import hmac
import string
from typing import Any

from flask import Flask, current_app, request, session
from flask.sessions import SecureCookieSessionInterface, SessionMixin

from ..models import Game, token_matches
from .htmx import is_fragment_request

# About 50 bytes each in the cookie: 60 games keep it near 3 KB, under the 4 KB browsers accept.
REMEMBERED_GAMES = 60
KEPT = "edit_rights"  # [edit key, sealed token] pairs, oldest first
OLD_FORMAT = "edit_tokens"  # [edit key, token] pairs (or a dict) kept by versions before tokens were sealed
ALPHABET = string.ascii_uppercase + string.ascii_lowercase + string.digits + "-_"  # base64url: every edit token's
# Sealed after the token: a key that opens it to this is the key that sealed it (another does 1 time in 4096).
MARK = "AA"


def _pad(secret: str | bytes, edit_key: str, length: int) -> bytes:
    """`length` bytes that only the app's secret key gives for `edit_key`: HMAC-SHA256 in counter mode."""
    key = hmac.digest(secret.encode() if isinstance(secret, str) else secret, b"scorekeeper edit rights", "sha256")
    blocks = range(length // 32 + 1)  # SHA-256 gives 32 bytes a block
    return b"".join(hmac.digest(key, f"{block}\0{edit_key}".encode(), "sha256") for block in blocks)[:length]


def seal(edit_key: str, token: str) -> str:
    """The token as the cookie keeps it, as long as the token and unreadable without the app's secret key:
    each character moved along the base64url alphabet by a pad byte (256 is four rounds of 64), then a mark.

    Each edit key has one token, so its pad never hides two different ones; the cookie's
    signature already guards what it holds against changes.
    """
    return _shift(current_app.config["SECRET_KEY"], edit_key, token + MARK, 1)


def unseal(edit_key: str, sealed: str) -> str | None:
    """The token `seal` sealed, with the app's secret key or one it had before (SECRET_KEY_FALLBACKS)."""
    if not _is_token(sealed):
        return None
    for secret in (current_app.config["SECRET_KEY"], *(current_app.config.get("SECRET_KEY_FALLBACKS") or ())):
        opened = _shift(secret, edit_key, sealed, -1)
        if opened.endswith(MARK) and len(opened) > len(MARK):
            return opened.removesuffix(MARK)
    return None


def _is_token(text: str) -> bool:
    return bool(text) and not set(text) - set(ALPHABET)


def _shift(secret: str | bytes, edit_key: str, text: str, direction: int) -> str:
    pad = _pad(secret, edit_key, len(text))
    return "".join(ALPHABET[(ALPHABET.index(char) + direction * step) % 64] for char, step in zip(text, pad))


def _pairs(kept: Any) -> list[tuple[str, str]]:
    """A session entry's [key, value] pairs (a dict in older versions)."""
    return [(key, value) for key, value in (kept.items() if isinstance(kept, dict) else kept)]


def _sealed() -> dict[str, str]:
    """Sealed tokens by edit key, oldest first; an older version's readable tokens are sealed on the way,
    and, while the app has an older secret key (SECRET_KEY_FALLBACKS), tokens sealed with it are sealed again.

    Kept in the cookie as a list of pairs: the session's JSON sorts the keys of an object,
    which would lose which games are the most recent.
    """
    kept = dict(_pairs(session.get(KEPT, [])))
    sealed = kept
    if OLD_FORMAT in session:
        older = {key: seal(key, token) for key, token in _pairs(session.pop(OLD_FORMAT)) if _is_token(token)}
        sealed = {**{key: value for key, value in older.items() if key not in kept}, **kept}
    if current_app.config.get("SECRET_KEY_FALLBACKS"):
        tokens = {key: unseal(key, value) for key, value in sealed.items()}
        sealed = {key: seal(key, token) for key, token in tokens.items() if token is not None}
    if sealed != kept:
        _keep(sealed)
    return sealed


def _keep(sealed: dict[str, str]) -> None:
    session[KEPT] = [list(pair) for pair in list(sealed.items())[-REMEMBERED_GAMES:]]


def _remembered(edit_key: str, sealed: dict[str, str] | None = None) -> str | None:
    """The token kept under `edit_key`, from `sealed` (the cookie's, read now if not given)."""
    kept = (_sealed() if sealed is None else sealed).get(edit_key)
    return None if kept is None else unseal(edit_key, kept)


def remember_token(game: Game, token: str) -> None:
    """Keep the token in this browser (the most recent games only, to keep the cookie small)."""
    remember_key(game.edit_key, token)


def remember_key(edit_key: str, token: str) -> None:
    """Keep a token under `edit_key` (a game's, or a club night's organiser's) in this browser."""
    sealed = _sealed()
    sealed.pop(edit_key, None)
    sealed[edit_key] = seal(edit_key, token)
    _keep(sealed)
    session.permanent = True


def remembered_token(edit_key: str) -> str | None:
    """The token this browser keeps under `edit_key`, if any."""
    return _remembered(edit_key)


def offer_edit_link(game: Game) -> None:
    """Show this browser the game's edit link, to keep, the next time it opens the game's page."""
    session["keep_edit_link"] = game.public_id


def take_edit_link_offer(game: Game) -> bool:
    """Whether this page view should offer the edit link (once only)."""
    if session.get("keep_edit_link") != game.public_id:
        return False
    del session["keep_edit_link"]
    return can_edit(game)


def token_for(game: Game) -> str | None:
    return _remembered(game.edit_key)


def can_edit(game: Game) -> bool:
    return game.has_edit_token(token_for(game))


def holds_token(edit_key: str, edit_token_hash: str) -> bool:
    """`can_edit` from the game's columns alone: the game's edit key and its stored token hash."""
    return token_matches(_remembered(edit_key), edit_token_hash)


def holding_tokens(hashes: dict[str, str]) -> set[str]:
    """`holds_token` for many games at once, the cookie read once: the edit keys of `hashes` (edit key: stored
    token hash) whose token this browser keeps."""
    sealed = _sealed()
    return {key for key, token_hash in hashes.items() if token_matches(_remembered(key, sealed), token_hash)}


def remembered_keys() -> list[str]:
    """Edit keys (game or session ids) of the games this browser can edit, most recent first."""
    return list(reversed(_sealed()))


class PagesRenewTheCookie(SecureCookieSessionInterface):
    """A changed session is always sent; an unchanged one is renewed only by a page being opened.

    A renewed cookie is the session as its request found it, so a renewal answered after a "join" link's
    answer would undo the edit rights the link just gave. What is fetched beside a page, at any moment
    (its files, the worker, the manifest, the live poll every two seconds, htmx fragments), never renews it.
    """

    BESIDE_A_PAGE = frozenset({"static", "offline.service_worker", "offline.manifest", "live.changes"})

    def __init__(self) -> None:
        self._serializer: tuple[Any, Any] | None = None

    def get_signing_serializer(self, app: Flask) -> Any:
        """Flask's serializer, built once for the app's keys instead of on every request (it holds no state)."""
        keys = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        if self._serializer is None or self._serializer[0] != keys:
            self._serializer = (keys, super().get_signing_serializer(app))
        return self._serializer[1]

    def get_cookie_secure(self, app: Flask) -> bool:
        """Secure when SESSION_COOKIE_SECURE says so, and whenever the request came over HTTPS (behind a proxy,
        as far as the proxy settings trust its X-Forwarded-Proto): only plain HTTP, as on a LAN, goes without."""
        return super().get_cookie_secure(app) or request.is_secure

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        if session.modified:
            return True
        return (super().should_set_cookie(app, session) and request.endpoint not in self.BESIDE_A_PAGE
                and not is_fragment_request())


def init_app(app: Flask) -> None:
    app.session_interface = PagesRenewTheCookie()
