"""Idempotency-Key (the IETF httpapi draft's header): a write sent twice with one key happens once.

The first successful response to a key is stored in the same transaction as
the change it reports, so the change and its key are committed together or
not at all, on every worker and host. A repeat of the request with the same
key gets that response again (with `Idempotent-Replayed: true`) and changes
nothing; the same key with another request is refused (422).

A repeat that arrives while the first is still running waits for it: the
first holds the game's lock (writes.locked_game), or for a new game the
database holds the repeat's key row until the first commits; the repeat then
finds the stored response. Refusals (4xx) are not stored: they changed
nothing, so a repeat is simply judged again.

Page forms use the same table: each write form carries a key of its own
(`FORM_FIELD`, new with every rendering), so the page can tell a second
tap on the same form, which it answers as the first, from a form made
before another phone's change, which it refuses.

A write that creates something new (a game, an import, an event) is scoped
to its address, shared by every client, so its key must be unguessable
(`creation_key`): at least 128 random bits, or another client sending the
same key and body would be answered with the first one's game and edit token.

A write whose answer is large (an import: a game of 500 hands is about a
megabyte) keeps a reference instead (`rebuild`): the row holds the new
game's id, and a repeat rebuilds the answer from the game as stored.

Keys are kept at least `KEPT_FOR`; each write that stores a key deletes a
batch of older ones (no background process is needed).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, cast

from flask import Response, current_app, request
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models import IdempotencyKey, utcnow
from ..rules.errors import MalformedInput
from ..rules.phrases import N_, phrase
from . import writes

HEADER = "Idempotency-Key"
KEY = re.compile(r"[\x20-\x7e]{1,100}")
# A UUID, or 22 or more base64url characters (22 x 6 bits = 132 bits): 128 random bits at least.
UNGUESSABLE_KEY = re.compile(r"[0-9A-Fa-f]{8}(-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}|[A-Za-z0-9_-]{22,100}")
# A random key's characters are of many kinds, and it is as strong as its length times the bits of the smallest
# alphabet that holds them: a key of one repeated character, all zeros or a short alphabet is not random.
ALPHABETS = (frozenset("0123456789"), frozenset("0123456789abcdef"), frozenset("0123456789ABCDEF"),
             frozenset("0123456789abcdefghijklmnopqrstuvwxyz"), frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
BASE64URL_BITS = 6.0
MIN_KEY_BITS = 96
MIN_DISTINCT_CHARACTERS = 8
KEPT_FOR = timedelta(hours=24)
FORGET_BATCH = 100
REPLAYED_HEADER = "Idempotent-Replayed"
KEPT_HEADERS = ("Location", "ETag")
FORM_FIELD = "request_key"
REFERENCE = "created"
"""The only field of a stored body kept as a reference: the public id of what the write created."""

Rebuild = Callable[[str], dict[str, Any]]
"""The body of a write's answer, rebuilt from the public id of what it created (for a repeat)."""


def exactly_once(scope: str, write: Callable[[], Response], *, creates: bool = False,
                 rebuild: Rebuild | None = None) -> Response:
    """Run `write` (a change left uncommitted, and its response) once per Idempotency-Key, then commit.

    `scope` is the game's public id, or for a new game the address that creates it; a write that `creates`
    something new (a game, an import, an event: its scope is shared by every client) needs an unguessable key.
    With `rebuild`, the answer's body is kept as the `id` it names, and a repeat's body is rebuilt from it.
    """
    key = creation_key() if creates else request_key()
    if key is not None:
        replayed = stored_response(scope, key, rebuild)
        if replayed is not None:
            return replayed
    try:
        response = write()
        if key is not None and response.status_code < 300:
            _remember(scope, key, response, by_reference=rebuild is not None)
        writes.commit()
    except writes.ConcurrentChange:
        # Another request may have been the same one (a new game's key row): answer as it did.
        db.session.rollback()
        replayed = stored_response(scope, key, rebuild) if key is not None else None
        if replayed is not None:
            return replayed
        raise
    return response


def request_key() -> str | None:
    """The request's key (bare, or quoted as the draft's structured-field string), or None.

    :raises MalformedInput: for a key that is empty, too long or not printable.
    """
    raw = request.headers.get(HEADER)
    if raw is None:
        return None
    if len(raw) >= 2 and raw.startswith('"') and raw.endswith('"'):
        raw = raw[1:-1]
    if not KEY.fullmatch(raw):
        raise MalformedInput.single(HEADER, phrase(N_("An Idempotency-Key is 1 to 100 printable characters.")))
    return raw


def creation_key() -> str | None:
    """The request's key for a write that creates something new (a game, an import, an event), or None.

    Such a key is scoped to the address, shared by every client, and its replay returns the new thing's edit
    token: a key another client could guess would lend it out. So it must be a UUID or at least 22 base64url
    characters (128 random bits).

    :raises MalformedInput: for a malformed key, or one shorter than that.
    """
    key = request_key()
    if key is not None and not is_unguessable(key):
        raise MalformedInput.single(HEADER, phrase(N_(
            "This Idempotency-Key is too easy to guess: send a UUID, or at least 22 random base64url characters "
            "(128 bits).")))
    return key


def is_unguessable(key: str) -> bool:
    """Whether a creation key looks random enough: a UUID or 22+ base64url characters, of 8 or more different
    characters, and at least 96 bits by its length and the smallest usual alphabet that holds its characters.

    >>> is_unguessable("8e03978e-40d5-4f0a-9c1e-2b7d4a6c8e10")
    True
    >>> is_unguessable("00000000-0000-0000-0000-000000000000"), is_unguessable("A" * 22)
    (False, False)
    >>> is_unguessable("0123456789" * 3), is_unguessable("0123456789012345678901")
    (True, False)
    """
    if not UNGUESSABLE_KEY.fullmatch(key):
        return False
    characters = frozenset(key.replace("-", "")) if "-" in key and len(key) == 36 else frozenset(key)
    if len(characters) < MIN_DISTINCT_CHARACTERS:
        return False
    length = len(key) - key.count("-") if len(key) == 36 else len(key)
    bits_each = min((math.log2(len(alphabet)) for alphabet in ALPHABETS if characters <= alphabet),
                    default=BASE64URL_BITS)
    return length * bits_each >= MIN_KEY_BITS


def stored_response(scope: str, key: str, rebuild: Rebuild | None = None) -> Response | None:
    """The response stored for this key, to send again (its body rebuilt by `rebuild` when kept as a reference);
    None for a key not seen yet.

    :raises MalformedInput: when the key was used for a different request.
    """
    row = _row(scope, key)
    if row is None:
        return None
    if not hmac.compare_digest(row.fingerprint, fingerprint()):
        raise MalformedInput.single(HEADER, phrase(
            N_("This Idempotency-Key was already used for a different request: send a new key with each new change.")))
    if row.body is None:
        response = Response(status=row.status)
    else:
        body = row.body
        if rebuild is not None and isinstance(body, dict) and set(body) == {REFERENCE}:
            body = rebuild(body[REFERENCE])
        if row.sealed_token is not None:
            body = {**body, "edit_token": _unseal(row.sealed_token, key)}
        response = cast(Response, current_app.json.response(body))
        response.status_code = row.status
    response.headers.update(row.headers)
    response.headers[REPLAYED_HEADER] = "true"
    return response


def fingerprint() -> str:
    """What makes two requests the same: method, address and body (JSON compared as data, not as text)."""
    data = request.get_data(cache=True)
    try:
        body = json.dumps(json.loads(data), sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    except (ValueError, RecursionError):
        body = data
    return _digest(body)


def new_form_key() -> str:
    """A key for one rendering of a write form (its hidden `FORM_FIELD`)."""
    return secrets.token_urlsafe(16)


def form_key() -> str | None:
    """The posted form's key, or None when it has none (or not one of ours).

    A form sent again by a script (static/offline.js) also names its key in the Idempotency-Key header,
    which then takes the place of the field.
    """
    for key in (request.headers.get(HEADER), request.form.get(FORM_FIELD)):
        if key and KEY.fullmatch(key):
            return key
    return None


@dataclass(frozen=True)
class SentForm:
    """What a page form did the first time it was sent: where it led, and the game it created (with the
    edit token it gave), if it created one."""

    location: str
    game_id: str | None = None
    edit_token: str | None = None


def sent_before(scope: str) -> SentForm | None:
    """What this very form, as filled in now, did when it was sent before (a double tap, a retry); else None."""
    key = form_key()
    row = None if key is None else _row(scope, key)
    if key is None or row is None or not hmac.compare_digest(row.fingerprint, _form_fingerprint()):
        return None
    game_id = row.body.get("game") if isinstance(row.body, dict) else None
    token = None if row.sealed_token is None else _unseal(row.sealed_token, key)
    return SentForm(row.headers["Location"], game_id, token)


def remember_form(scope: str, location: str, *, game_id: str | None = None, edit_token: str | None = None) -> None:
    """Note (in the change's transaction) that the posted form made its change; a form without a key is not noted.

    A form that created a game notes the game and its edit token (sealed with the form's key), so that a
    second sending of it leads to that game and gives this browser its token again (`sent_before`).

    The key's unique row decides a race: when this very form, sent at once elsewhere, was noted first,
    that sending's change stands for this one, which is undone (ConcurrentChange: answer as `sent_before`
    says). A key noted for another filling of the form (sent again after a change) keeps its note, and
    this change stands unnoted.

    :raises ConcurrentChange: when this very form made its change meanwhile.
    """
    key = form_key()
    if key is None:
        return
    try:
        with db.session.begin_nested():
            db.session.add(IdempotencyKey(
                scope=scope, key_hash=_hash(key), fingerprint=_form_fingerprint(), status=303,
                body=None if game_id is None else {"game": game_id}, headers={"Location": location},
                sealed_token=None if edit_token is None else _seal(edit_token, key)))
    except IntegrityError:
        if sent_before(scope) is not None:
            db.session.rollback()
            raise writes.ConcurrentChange.now() from None
    _forget_expired()


def _form_fingerprint() -> str:
    """The form's fields and the content of its files (an import sent again with another file is another import).

    Not its CSRF token: a form kept on a phone (static/offline.js) and sent again after the browser was closed
    needs a new one, and is still the same form; its key alone, unguessable, says who may send it.
    """
    csrf_field = current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    fields = sorted((name, value) for name, value in request.form.items(multi=True) if name != csrf_field)
    files = []
    for name, upload in request.files.items(multi=True):
        upload.stream.seek(0)
        files.append((name, hashlib.sha256(upload.stream.read()).hexdigest()))
        upload.stream.seek(0)
    return _digest(json.dumps([fields, sorted(files)], ensure_ascii=False).encode())


def _digest(body: bytes) -> str:
    return hashlib.sha256(f"{request.method} {request.path}\n".encode() + body).hexdigest()


def _row(scope: str, key: str) -> IdempotencyKey | None:
    return db.session.execute(
        select(IdempotencyKey).filter_by(scope=scope, key_hash=_hash(key))
    ).scalar_one_or_none()


def _remember(scope: str, key: str, response: Response, *, by_reference: bool = False) -> None:
    body: Any = response.get_json(silent=True) if response.get_data() else None
    sealed = None
    if isinstance(body, dict) and "edit_token" in body:
        body = dict(body)
        sealed = _seal(body.pop("edit_token"), key)
    if by_reference and isinstance(body, dict):
        body = {REFERENCE: body["id"]}
    db.session.add(IdempotencyKey(
        scope=scope,
        key_hash=_hash(key),
        fingerprint=fingerprint(),
        status=response.status_code,
        body=body,
        headers={name: response.headers[name] for name in KEPT_HEADERS if name in response.headers},
        sealed_token=sealed,
    ))
    writes.flush()  # the same key sent at once elsewhere shows here, as ConcurrentChange
    _forget_expired()


def _forget_expired() -> None:
    """Delete a batch of keys older than KEPT_FOR; rows another write is deleting are skipped, not waited for."""
    expired = (select(IdempotencyKey.id).where(IdempotencyKey.created_at < utcnow() - KEPT_FOR)
               .order_by(IdempotencyKey.id).limit(FORGET_BATCH).with_for_update(skip_locked=True))
    db.session.execute(delete(IdempotencyKey).where(IdempotencyKey.id.in_(expired))
                       .execution_options(synchronize_session=False))


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _pad(key: str) -> bytes:
    """A one-time pad for a new game's edit token, known only to whoever holds the key and the app's secret."""
    secret = current_app.config["SECRET_KEY"]
    secret = secret.encode() if isinstance(secret, str) else secret
    return hmac.digest(secret, b"idempotency edit token\x00" + key.encode(), "sha512")


def _seal(token: str, key: str) -> str:
    plain = token.encode()
    pad = _pad(key)
    if len(plain) > len(pad):
        raise ValueError("an edit token longer than the pad")
    return bytes(a ^ b for a, b in zip(plain, pad, strict=False)).hex()


def _unseal(sealed: str, key: str) -> str:
    return bytes(a ^ b for a, b in zip(bytes.fromhex(sealed), _pad(key), strict=False)).decode()
