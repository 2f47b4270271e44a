"""A page's form that creates something under a token (a club night, a ladder, a ladder's club night) exactly once:
the same form sent again (a double tap, a retry, two sendings at once) leads where the first sending went, and this
browser keeps the token that sending was given. A game's own form does the same through `game_page.created_once`,
whose token is kept under the game's edit key."""

from __future__ import annotations

from collections.abc import Callable

from flask import redirect
from flask.typing import ResponseReturnValue

from ..store import idempotency, writes
from ..web import access

KeyOf = Callable[[str], str]  # under which key this browser keeps the token of the thing with that public id


def replayed(scope: str, key_of: KeyOf | None = None) -> ResponseReturnValue | None:
    """Where this very form led when it was sent before, its token kept here too; None for a form not sent yet."""
    sent = idempotency.sent_before(scope)
    if sent is None:
        return None
    if key_of is not None and sent.game_id is not None and sent.edit_token is not None:
        access.remember_key(key_of(sent.game_id), sent.edit_token)
    return redirect(sent.location, 303)


def committed(scope: str, location: str, key_of: KeyOf | None = None, *, public_id: str | None = None,
              token: str | None = None) -> ResponseReturnValue:
    """Commit what the form created, noted under the form's key, keep its token here and go to `location`.

    :raises RuleError: when the database refused the change (it is then undone).
    """
    try:
        idempotency.remember_form(scope, location, game_id=public_id, edit_token=token)
        writes.commit()
    except writes.ConcurrentChange:
        # The same form, sent twice at once, lost the race for its key: answer as the first sending did.
        answer = replayed(scope, key_of)
        if answer is None:
            raise
        return answer
    if key_of is not None and public_id is not None and token is not None:
        access.remember_key(key_of(public_id), token)
    return redirect(location, 303)
