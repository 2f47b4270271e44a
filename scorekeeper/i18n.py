"""Translation: Flask-Babel for templates and views, and rendering engine phrases."""

from __future__ import annotations

from flask import Flask
from flask_babel import gettext

from .extensions import babel
from .rules.phrases import Phrase


def say(phrase: Phrase) -> str:
    """An engine phrase in the reader's language."""
    return phrase.render(gettext)


def init_app(app: Flask) -> None:
    babel.init_app(app)
    app.jinja_env.filters["say"] = say
