"""The club nights' screens: a new event, and the organiser's "Seat round n" button."""

from __future__ import annotations

from typing import Any, cast

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectField, StringField, TextAreaField

from ..games import GAMES
from ..games.base import NewGameForm
from ..games.forms import number_or_text, sent_fields
from ..rules import registry, typed
from ..rules.errors import RuleError
from ..web.i18n import say


class NewEventForm(FlaskForm):
    """What the organiser types; the engine checks it all (`rules.events.EventSpec` and the game's settings)."""

    name = StringField(_l("Event name"))
    game = SelectField(_l("Game"), choices=[])
    players = TextAreaField(_l("Players, one name a line"))
    rounds = StringField(_l("Rounds"), default="3")
    hands_per_round = StringField(_l("Hands per round (Spades; empty: play each game to its end)"))
    round_minutes = StringField(_l("Minutes per round (empty: no round clock)"))

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.game.choices = [(name, say_title(name)) for name in GAMES]
        # Each game's settings are the fields of its own new-game form, named after the game ("piquet-variant"):
        # the page shows the chosen game's, and the event takes that form's settings.
        self.settings_forms: dict[str, NewGameForm] = {
            name: kind.new_game_form(prefix=settings_prefix(name), meta={"csrf": False}) for name, kind in GAMES.items()
        }

    def settings_parts(self) -> list[tuple[str, str, str, NewGameForm]]:
        """What the page shows of each game's settings: its name, title, fields' template and form."""
        return [(name, say_title(name), GAMES[name].template("_settings_fields.html"), form)
                for name, form in self.settings_forms.items()]

    def settings_setup(self) -> typed.TypedSetup | None:
        """The chosen game's settings as its new-game form reads them (None for no such game)."""
        form = self.settings_forms.get(self.game.data or "")
        if form is None:
            return None
        prefix = settings_prefix(self.game.data or "")
        return registry.typed_setup(self.game.data or "", {
            name.removeprefix(prefix): values for name, values in sent_fields(cast(FlaskForm, form)).items()})

    def payload(self) -> dict[str, Any]:
        """The API's create payload."""
        players = [line.strip() for line in (self.players.data or "").splitlines() if line.strip()]
        setup = self.settings_setup()
        return {
            "name": self.name.data or "", "game": self.game.data, "players": players,
            "rounds": number_or_text(self.rounds.data), "hands_per_round": number_or_text(self.hands_per_round.data),
            "round_minutes": number_or_text(self.round_minutes.data),
            "settings": setup.payload["settings"] if setup is not None else {},
        }

    def attach(self, error: RuleError) -> None:
        """Each message beside its field: a player's beside the list, naming the line, a setting's beside it in the
        game's settings; the rest above the form."""
        fields = {"name": self.name, "game": self.game, "players": self.players, "rounds": self.rounds,
                  "hands_per_round": self.hands_per_round, "round_minutes": self.round_minutes}
        setup = self.settings_setup()
        if setup is not None:
            form = self.settings_forms[self.game.data or ""]
            fields.update({path: form[name] for path, name in setup.fields.items()
                           if path.startswith("settings.") and name in form})
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


def settings_prefix(game: str) -> str:
    """How a game's settings fields are named on the new-club-night form: "piquet-variant"."""
    return f"{game}-"


def say_title(name: str) -> str:
    return gettext(GAMES[name].title)


def say_line(line: int, message: str) -> str:
    return gettext("Line %(line)s: %(message)s", line=line, message=message)
