"""The club nights' screens: a new event, and the organiser's "Seat round n" button."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectField, StringField, TextAreaField

from ..games import GAMES
from ..games.forms import number_or_text
from ..rules.errors import RuleError
from ..web.i18n import say


class NewEventForm(FlaskForm):
    """What the organiser types; the engine checks it all (`rules.events.EventSpec` and the game's settings)."""

    name = StringField(_l("Event name"))
    game = SelectField(_l("Game"), choices=[])
    players = TextAreaField(_l("Players, one name a line"))
    rounds = StringField(_l("Rounds"), default="3")
    hands_per_round = StringField(_l("Hands per round (Spades; empty: play each game to its end)"))
    target = StringField(_l("Play to (empty: the game's usual target)"))

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.game.choices = [(name, say_title(name)) for name in GAMES]

    def payload(self) -> dict[str, Any]:
        """The API's create payload."""
        players = [line.strip() for line in (self.players.data or "").splitlines() if line.strip()]
        target = number_or_text(self.target.data)
        return {
            "name": self.name.data or "", "game": self.game.data, "players": players,
            "rounds": number_or_text(self.rounds.data), "hands_per_round": number_or_text(self.hands_per_round.data),
            "settings": {"target": target} if target is not None else {},
        }

    def attach(self, error: RuleError) -> None:
        """Each message beside its field: a player's beside the list, naming the line; the rest above the form."""
        fields = {"name": self.name, "game": self.game, "players": self.players, "rounds": self.rounds,
                  "hands_per_round": self.hands_per_round, "settings.target": self.target}
        for problem in error.errors:
            message = say(problem.message)
            if problem.field.startswith("players["):
                line = int(problem.field[len("players["):-1]) + 1
                message = say_line(line, message)
                self.players.errors = [*self.players.errors, message]
            elif problem.field in fields:
                field = fields[problem.field]
                field.errors = [*field.errors, message]
            else:
                self.form_errors.append(message)


class SeatRoundForm(FlaskForm):
    """The organiser's button: a form for its CSRF token only."""


def say_title(name: str) -> str:
    return gettext(GAMES[name].title)


def say_line(line: int, message: str) -> str:
    return gettext("Line %(line)s: %(message)s", line=line, message=message)
