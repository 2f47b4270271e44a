"""Form helpers shared by the games' screens.

Forms collect text; the rules engine validates it. Every value is passed to
the engine as typed (whole numbers as ints, other text as it is), so the
pages and the API share one set of checks and one set of messages.
`ErrorsByField` puts the engine's field errors beside the fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field, FieldList, FormField, RadioField, SelectMultipleField, StringField
from wtforms.widgets import CheckboxInput, ListWidget

from ..rules.errors import RuleError
from ..rules.phrases import Phrase
from ..rules.typed import FIRST_STEP, Fields, filled_tricks, number_or_text
from ..web.i18n import say

__all__ = ["FIRST_STEP", "number_or_text"]


class ErrorsByField:
    """Routes engine errors to form fields; unknown fields become form-level errors."""

    def __init__(self, form: FlaskForm, fields: dict[str, Field]):
        self.form = form
        self.fields = fields

    def attach(self, error: RuleError) -> None:
        for field_error in error.errors:
            field = self.fields.get(field_error.field)
            if field is None:
                self.form.form_errors.append(say(field_error.message))
                continue
            message = self.message(field_error.field, field, field_error.message)
            if message not in field.errors:
                field.errors = [*field.errors, message]

    def message(self, path: str, field: Field, message: Phrase) -> str:
        """What the page says beside `field` (the engine's `path`) for the engine's `message`."""
        return say(message)


FILL_THIS_IN = _l("Fill this in.")


def is_blank(field: Field) -> bool:
    """Whether nothing was typed in a text field."""
    return isinstance(field, StringField) and not (field.data or "").strip()


class EntryErrors(ErrorsByField):
    """An entry's errors beside its fields: a field left blank says "Fill this in.", whatever the engine's reason
    (a blank trick count is not "a whole number from 0 to 13" to the player who skipped it)."""

    def message(self, path: str, field: Field, message: Phrase) -> str:
        return str(FILL_THIS_IN) if is_blank(field) else super().message(path, field, message)


class TargetChoice:
    """A new game's "Play to" chips (`target`, one of them "other") and the number typed as "Other target"."""

    target: RadioField
    target_other: StringField

    @property
    def chose_other_target(self) -> bool:
        """The "Other" chip: "Other target" applies only with it (the page hides the field otherwise, and a number
        left there from before is not the target)."""
        return self.target.data == "other"

    @property
    def target_field(self) -> Field:
        """The field that gives the target: "Other target" when it is chosen, else the chips."""
        return self.target_other if self.chose_other_target else self.target


def sent_fields(form: FlaskForm) -> Fields:
    """A form's fields as the browser sent them (a ticked box as "y", an unticked one not at all), as `rules.typed`
    reads them."""
    fields: dict[str, list[str]] = {}

    def add(field: Field) -> None:
        if isinstance(field, (FieldList, FormField)):
            for inner in field:
                add(inner)
        elif field.data is True:
            fields[field.name] = ["y"]
        elif isinstance(field.data, list):
            fields[field.name] = [str(value) for value in field.data]
        elif isinstance(field.data, str):
            fields[field.name] = [field.data]

    for field in form:
        add(field)
    return fields


class TwoStepForm(FlaskForm):
    """An entry's screen, which may save the entry's first step alone (the bids, the declarations), the play later."""

    step = StringField()  # the button pressed: FIRST_STEP saves the first step alone

    def first_step_only(self) -> bool:
        """Whether the form was sent with its "Save bids" (or "Save declarations") button: the play comes later."""
        return self.step.data == FIRST_STEP

    def sent(self) -> Fields:
        """The form's fields as the browser sent them, as `rules.typed` reads them."""
        return sent_fields(self)


class BidsAndTricksForm(TwoStepForm):
    """A hand of either Spades game: its bids (a subclass's `bids`), then the tricks of the four hands, in order.

    One blank trick count is filled in to make 13 before the engine sees the tricks.
    """

    tricks = FieldList(StringField(_l("Tricks")), min_entries=4, max_entries=4)

    @classmethod
    def for_hand(cls, table: Any, number: int, **kwargs: Any) -> Self:
        """The form for hand `number` at this table (the same fields whatever the hand)."""
        return cls(table.players, **kwargs)

    def __init__(self, players: tuple[str, ...], *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.players = players

    def trick_fields(self, hands: Sequence[str]) -> dict[str, Field]:
        """Where the engine's errors about the tricks go: each hand's count, and the tricks as a whole (their total,
        shown under the four counts rather than above the form)."""
        return {"tricks": self.tricks, **{f"tricks.{hand}": field for hand, field in zip(hands, self.tricks)}}

    def validate(self, extra_validators: Any = None) -> bool:
        self.fill_last_tricks()
        return super().validate(extra_validators)

    def fill_last_tricks(self) -> None:
        """With exactly one hand's tricks left blank, fill them in to make 13 (shown so if the form comes back)."""
        for field, text in zip(self.tricks, filled_tricks([field.data for field in self.tricks])):
            field.data = text


class ChipsField(SelectMultipleField):
    """Several choices as a row of toggle chips (checkboxes)."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()
