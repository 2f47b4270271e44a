"""The page an error answers with, in the reader's language."""

from __future__ import annotations

from typing import Any

from flask import render_template
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ..config import request_size_limit


def error_page(error: Any) -> ResponseReturnValue:
    messages = {
        400: _("The form had expired. Go back, reload the page and try again."),
        403: _("This link shows the game read-only. Ask the table for the edit link to record hands."),
        404: _("There is no such page. Check the link."),
        409: _("Another phone changed this game at the same moment. Go back, reload the page and try again."),
        413: _("That was too large to send: a game file (or any form) can be at most %(size)s.",
               size=request_size_limit()),
        503: _("The scores cannot be reached for a moment: the server is waiting for its database. Nothing is "
               "lost. Try again in a few seconds."),
    }
    code = getattr(error, "code", 500) or 500
    if code == 429:  # a limit (web/limits.py), whose message is already in the reader's language
        messages[429] = error.description
    message = messages.get(code, _("That did not work. Go back and try again."))
    return render_template("error.html", code=code, message=message), code
