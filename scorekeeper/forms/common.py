"""Form helpers shared by the games' screens.

Forms collect text; the rules engine validates it. Every value is passed to
the engine as typed (whole numbers as ints, other text as it is), so the
pages and the API share one set of checks and one set of messages.
`ErrorsByField` puts the engine's field errors beside the fields.
"""

from __future__ import annotations

import re

from flask_wtf import FlaskForm
from wtforms import Field, SelectMultipleField, StringField
from wtforms.widgets import CheckboxInput, ListWidget

from ..i18n import say
from ..rules.errors import RuleError

WHOLE_NUMBER = re.compile(r"\s*-?\d{1,6}\s*")


def number_or_text(text: str | None) -> int | str | None:
    """'7' -> 7; '' -> None; anything else is passed on for the engine to refuse."""
    if text is None or not text.strip():
        return None
    return int(text) if WHOLE_NUMBER.fullmatch(text) else text


class ErrorsByField:
    """Routes engine errors to form fields; unknown fields become form-level errors."""

    def __init__(self, form: FlaskForm, fields: dict[str, Field]):
        self.form = form
        self.fields = fields

    def attach(self, error: RuleError) -> None:
        for field_error in error.errors:
            field = self.fields.get(field_error.field)
            message = say(field_error.message)
            if field is None:
                self.form.form_errors.append(message)
            else:
                field.errors = [*field.errors, message]


FIRST_STEP = "first"
"""The value of the `step` button that saves a hand's first step only (the bids, the declarations)."""


class TwoStepForm(FlaskForm):
    """An entry's screen, which may save the entry's first step alone (the bids, the declarations), the play later."""

    step = StringField()  # the button pressed: FIRST_STEP saves the first step alone

    def first_step_only(self) -> bool:
        """Whether the form was sent with its "Save bids" (or "Save declarations") button: the play comes later."""
        return self.step.data == FIRST_STEP


class ChipsField(SelectMultipleField):
    """Several choices as a row of toggle chips (checkboxes)."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()
