"""The ladders' screens: a new ladder (its name and game)."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectField, StringField

from ..games import GAMES
from ..rules.errors import RuleError
from ..web.i18n import say
from .event_forms import say_title


class NewLadderForm(FlaskForm):
    """What the ladder's keeper types; the store checks it (`store.ladders.create_ladder`)."""

    name = StringField(_l("Ladder name"))
    game = SelectField(_l("Game"), choices=[])

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.game.choices = [(name, say_title(name)) for name in GAMES]

    def payload(self) -> dict[str, Any]:
        return {"name": self.name.data or "", "game": self.game.data}

    def attach(self, error: RuleError) -> None:
        fields = {"name": self.name, "game": self.game}
        for problem in error.errors:
            message = say(problem.message)
            if problem.field in fields:
                fields[problem.field].errors = [*fields[problem.field].errors, message]
            else:
                self.form_errors.append(message)
