"""The forms of the pages that belong to no one game: importing a game file, finding a player."""

from __future__ import annotations

import json
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import StringField

from ..rules.errors import RuleError
from ..web.i18n import say


class NotJson(ValueError):
    """The uploaded file is not JSON text."""


class ImportForm(FlaskForm):
    file = FileField(_l("Game file (.json)"), validators=[FileRequired(_l("Choose the game's .json file."))])

    def game_data(self) -> Any:
        """The file's JSON.

        :raises NotJson: for anything that is not UTF-8 JSON.
        """
        try:
            return json.loads(self.file.data.read().decode("utf-8-sig"))
        except (UnicodeDecodeError, ValueError, RecursionError) as error:
            raise NotJson from error

    def refuse_non_json(self) -> None:
        self.file.errors = [_l("This file is not JSON. Choose the .json file downloaded from a game's summary.")]

    def attach(self, error: RuleError) -> None:
        """Every problem goes beside the file field; the place in the file is named unless it is the whole file."""
        self.file.errors = [
            say(e.message) if e.field == "body" else f"{say(e.message)} ({e.field})" for e in error.errors
        ]


class FindPlayerForm(FlaskForm):
    """A search, sent with GET: nothing to protect from cross-site posting."""

    class Meta:
        csrf = False

    name = StringField(_l("Find a player"))

    @property
    def wanted(self) -> str:
        return (self.name.data or "").strip()
