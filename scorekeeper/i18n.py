"""Translation: Flask-Babel for templates and views, and rendering engine phrases."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask, g
from flask_babel import get_translations

from .extensions import babel
from .rules.phrases import Phrase


def _translate() -> Callable[[str], str]:
    """This request's gettext, looked up once (a page renders hundreds of phrases)."""
    if "translate" not in g:
        g.translate = get_translations().gettext
    return g.translate


def say(phrase: Phrase) -> str:
    """An engine phrase in the reader's language."""
    return phrase.render(_translate())


def init_app(app: Flask) -> None:
    babel.init_app(app)
    # Templates call _() hundreds of times a page: use the request's cached gettext
    # instead of Flask-Babel's, which looks the translations up on every call.
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]  # added by Jinja's i18n extension
        gettext=lambda string: _translate()(string),
        ngettext=lambda singular, plural, n: get_translations().ngettext(singular, plural, n),
        newstyle=True,
    )
    app.jinja_env.filters["say"] = say
