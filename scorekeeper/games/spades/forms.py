"""The four-player Spades screens: a new game, and a hand (new or edited)."""

from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, FieldList, Form, FormField, RadioField, SelectChoice, StringField

from ...rules import registry, spades, typed
from ...rules.errors import RuleError
from ...rules.phrases import Phrase
from ...web.i18n import say
from ..forms import BidsAndTricksForm, EntryErrors, ErrorsByField, TargetChoice, is_blank, sent_fields

SEATS = (_l("Player 1"), _l("Player 2"), _l("Player 3"), _l("Player 4"))


class NewSpadesGameForm(TargetChoice, FlaskForm):
    player_0 = StringField(SEATS[0])
    player_1 = StringField(SEATS[1])
    player_2 = StringField(SEATS[2])
    player_3 = StringField(SEATS[3])
    first_dealer = RadioField(
        _l("First dealer"),
        choices=[*(SelectChoice(str(seat), label) for seat, label in enumerate(SEATS)),
                 SelectChoice("draw", _l("Draw for me"))],
        default="draw",
    )
    variant = RadioField(_l("Variant"), choices=[], default=spades.Variant.PARTNERSHIP.value)
    target = RadioField(
        _l("Play to"),
        choices=[SelectChoice("500", "500"), SelectChoice("300", "300"), SelectChoice("other", _l("Other"))],
        default="500",
    )
    target_other = StringField(_l("Other target"))
    nil_value = RadioField(
        _l("A Nil is worth"), choices=[SelectChoice("100", "100"), SelectChoice("50", "50")], default="100"
    )
    blind_nil = BooleanField(_l("Blind Nil, for a team behind by at least:"))
    blind_margin = StringField(_l("Blind Nil margin"), default="100")
    failed_nil_helps = BooleanField(_l("A failed Nil's tricks count toward the partner's contract"), default=True)
    zero_is_nil = BooleanField(_l("A bid of 0 is a Nil"))
    bag_limit = StringField(_l("Bag limit (0 = no penalty)"), default="10")
    bag_penalty = StringField(_l("Bag penalty"), default="100")
    mercy = BooleanField(_l("Mercy: a team at or below the floor loses"))
    mercy_floor = StringField(_l("Mercy floor"), default="-200")

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.variant.choices = [SelectChoice(variant.value, say(variant.label)) for variant in spades.Variant]

    @property
    def names(self) -> list[str]:
        return [self.player_0.data or "", self.player_1.data or "", self.player_2.data or "", self.player_3.data or ""]

    def house_rules(self) -> list[Field]:
        """The fields under "House rules", which open when one of them has an error."""
        return [self.nil_value, self.blind_nil, self.blind_margin, self.failed_nil_helps, self.zero_is_nil,
                self.bag_limit, self.bag_penalty, self.mercy, self.mercy_floor]

    def payload(self) -> dict[str, Any]:
        """The API's create payload for what was typed, read by `rules.registry` as the phone reads it offline."""
        return registry.typed_setup("spades", sent_fields(self)).payload

    def attach(self, error: RuleError) -> None:
        fields: dict[str, Field] = {f"players[{seat}]": self[f"player_{seat}"] for seat in range(4)}
        fields["first_dealer"] = self.first_dealer
        fields["settings.target"] = self.target_field
        for name in ("variant", "nil_value", "blind_nil", "blind_margin", "failed_nil_helps", "zero_is_nil",
                     "bag_limit", "bag_penalty", "mercy", "mercy_floor"):
            fields[f"settings.{name}"] = self[name]
        ErrorsByField(self, fields).attach(error)


class BidErrors(EntryErrors):
    """A hand's errors in the player's words: the engine's message for a bid that is not one names the API's values
    ("nil", "blind-nil"), where the form has a number field and chips."""

    BID = re.compile(r"bids\[\d\]\.bid")

    def message(self, path: str, field: Field, message: Phrase) -> str:
        if not self.BID.fullmatch(path) or message.template != spades.BID_IS_NOT_ONE:
            return super().message(path, field, message)
        return str(FILL_THIS_IN_OR_NIL if is_blank(field) else BID_OR_NIL)


FILL_THIS_IN_OR_NIL = _l("Fill this in, or tick Nil.")
BID_OR_NIL = _l("A bid is a whole number from 0 to 13, or tick Nil.")


class BidForm(Form):
    bid = StringField(_l("Bid"))
    nil = BooleanField(_l("Nil"))
    blind = BooleanField(_l("Blind Nil"))


class SpadesHandForm(BidsAndTricksForm):
    """Each player's bid (a number, Nil or Blind Nil) and tricks, in seat order."""

    bids = FieldList(FormField(BidForm), min_entries=4, max_entries=4)

    def bid_form(self, player: str) -> BidForm:
        """The bid fields of one player."""
        return self.bids[self.players.index(player)].form

    def payload(self) -> dict[str, Any]:
        """The API's hand payload for what was entered; a ticked Nil wins over a number typed as well.

        The bids alone when "Save bids" was pressed.
        """
        return typed.spades_hand(self.players, self.sent())

    @classmethod
    def data_from(cls, entry: dict[str, Any], players: tuple[str, ...]) -> dict[str, Any]:
        """Form data for a stored hand entry (for editing); blank tricks for a hand waiting for them."""
        bids = {bid["player"]: bid["bid"] for bid in entry["bids"]}
        tricks = entry.get("tricks", {})
        return {
            "bids": [
                {"bid": "" if isinstance(bids[name], str) else str(bids[name]),
                 "nil": bids[name] == "nil", "blind": bids[name] == "blind-nil"}
                for name in players
            ],
            "tricks": [str(tricks.get(name, "")) for name in players],
        }

    def attach(self, error: RuleError) -> None:
        """Errors beside their fields; a team's error (Suicide) above the form, naming the team."""
        fields: dict[str, Field] = {f"bids[{seat}].bid": entry.form.bid for seat, entry in enumerate(self.bids)}
        fields.update(self.trick_fields(self.players))
        by_field = BidErrors(self, fields)
        for field_error in error.errors:
            if field_error.field.startswith("teams."):
                team = field_error.field.removeprefix("teams.")
                self.form_errors.append(_("%(team)s: %(message)s", team=team, message=say(field_error.message)))
            else:
                by_field.attach(RuleError([field_error]))
