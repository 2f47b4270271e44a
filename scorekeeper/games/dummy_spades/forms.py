"""The Dummy Hand Spades screens: a new game, and a hand (new or edited)."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    Field,
    FieldList,
    Form,
    FormField,
    RadioField,
    SelectChoice,
    SelectField,
    StringField,
)

from ...rules import dummy_spades, registry, typed
from ...rules.errors import RuleError
from ...rules.typed import OWN_HAND, PARTNERS_HAND
from ...web.i18n import say
from ..forms import BidsAndTricksForm, ChipsField, EntryErrors, ErrorsByField, TargetChoice, sent_fields


class NewDummySpadesGameForm(TargetChoice, FlaskForm):
    player_0 = StringField(_l("Player 1"))
    player_1 = StringField(_l("Player 2"))
    player_2 = StringField(_l("Player 3"))
    style = RadioField(_l("Style"), choices=[], default=dummy_spades.Style.STANDARD.value)
    dummy_after = RadioField(
        _l("The dummy sits after"),
        choices=[
            SelectChoice("0", _l("Player 1")), SelectChoice("1", _l("Player 2")), SelectChoice("2", _l("Player 3")),
        ],
        default="2",
    )
    first_dealer = RadioField(
        _l("First dealer"),
        choices=[
            SelectChoice("0", _l("Player 1")), SelectChoice("1", _l("Player 2")), SelectChoice("2", _l("Player 3")),
            SelectChoice("draw", _l("Draw for me")),
        ],
        default="draw",
    )
    target = RadioField(
        _l("Play to"),
        choices=[SelectChoice("300", "300"), SelectChoice("500", "500"), SelectChoice("other", _l("Other"))],
        default="300",
    )
    target_other = StringField(_l("Other target"))
    bag_limit = StringField(_l("Bag limit (0 = no penalty)"), default="10")
    bag_penalty = StringField(_l("Bag penalty"), default="100")
    variant = SelectField(
        _l("Bidding variation"),
        choices=[SelectChoice(variant.value, variant.value) for variant in dummy_spades.Variant],
        default=dummy_spades.Variant.NO_PEEKY.value,
    )

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.variant.choices = [SelectChoice(variant.value, say(variant.label)) for variant in dummy_spades.Variant]
        self.style.choices = [SelectChoice(style.value, say(style.label)) for style in dummy_spades.Style]

    @property
    def styles(self) -> tuple[dummy_spades.Style, ...]:
        """The styles offered, each with its reminder (shown under the chips)."""
        return tuple(dummy_spades.Style)

    @property
    def names(self) -> list[str]:
        return [self.player_0.data or "", self.player_1.data or "", self.player_2.data or ""]

    def payload(self) -> dict[str, Any]:
        """The API's create payload for what was typed, read by `rules.registry` as the phone reads it offline."""
        return registry.typed_setup("dummy-spades", sent_fields(self)).payload

    def attach(self, error: RuleError) -> None:
        ErrorsByField(
            self,
            {
                "players[0]": self.player_0,
                "players[1]": self.player_1,
                "players[2]": self.player_2,
                "first_dealer": self.first_dealer,
                "dummy_after": self.dummy_after,
                "settings.target": self.target_field,
                "settings.bag_limit": self.bag_limit,
                "settings.bag_penalty": self.bag_penalty,
                "settings.variant": self.variant,
                "settings.style": self.style,
            },
        ).attach(error)


class BidForm(Form):
    """A bid with its nils: on any hands (Standard), or on the bidder's own hand or partner's (Suicide's `side`).

    A page shows one of the two rows of chips, or neither (Mirror), so a hand sent from it fills in one at most.
    """

    bid = StringField(_l("Bid"))
    nil = ChipsField(_l("Nil on"), choices=[])
    side = ChipsField(
        _l("Nil on"),
        choices=[SelectChoice(OWN_HAND, _l("Own hand")), SelectChoice(PARTNERS_HAND, _l("Partner's hand"))],
    )


class DummySpadesHandForm(BidsAndTricksForm):
    """Bids and nils per player (seat order) and tricks per hand (players, then the dummy)."""

    bids = FieldList(FormField(BidForm), min_entries=3, max_entries=3)

    def __init__(self, players: tuple[str, ...], *args: Any, **kwargs: Any):
        super().__init__(players, *args, **kwargs)
        self.hands = [*players, dummy_spades.DUMMY]
        nil_choices = [SelectChoice(name, name) for name in players]
        nil_choices.append(SelectChoice(dummy_spades.DUMMY, str(_l("Dummy"))))
        for bid_form in self.bids:
            bid_form.form.nil.choices = nil_choices

    def payload(self) -> dict[str, Any]:
        """The API's hand payload for what was entered (Suicide's chips as the hands they name); the bids alone when
        "Save bids" was pressed."""
        return typed.dummy_spades_hand(self.players, self.sent())

    def bidding(self, game: dummy_spades.Game, number: int) -> dummy_spades.BidsPreview | None:
        """What the bids as typed decide for hand `number` (the declarer, the teams, which nils are void, Mirror's
        contracts), as "Save bids" would record it, or why the three together cannot stand (Mirror's total over
        13); None until all three are typed, or while one of them is refused on its own."""
        try:
            entry = dummy_spades.parse_hand(game.table, {"bids": self.payload()["bids"]})
            return dummy_spades.preview_bids(game.table, game.settings, number, entry)
        except RuleError:
            return None

    @classmethod
    def data_from(cls, entry: dict[str, Any], players: tuple[str, ...]) -> dict[str, Any]:
        """Form data for a stored hand entry (for editing); blank tricks for a hand waiting for them.

        The nils fill in both rows of chips (whichever the page shows), a Suicide nil as the side it names.
        """
        bids = {bid["player"]: bid for bid in entry["bids"]}
        tricks = entry.get("tricks", {})
        return {
            "bids": [
                {"bid": str(bids[name]["bid"]), "nil": list(bids[name].get("nil", [])),
                 "side": _sides(name, bids[name].get("nil", []), players)}
                for name in players
            ],
            "tricks": [str(tricks.get(hand, "")) for hand in [*players, dummy_spades.DUMMY]],
        }

    def attach(self, error: RuleError) -> None:
        fields: dict[str, Field] = {"bids": self.bids}  # about the bids together (Mirror's total): under them
        for i, bid_form in enumerate(self.bids):
            fields[f"bids[{i}].bid"] = bid_form.form.bid
            fields[f"bids[{i}].nil"] = bid_form.form.nil
        fields.update(self.trick_fields(self.hands))
        EntryErrors(self, fields).attach(error)


def _sides(player: str, nil: list[str], players: tuple[str, ...]) -> list[str]:
    """The Suicide chips a stored nil stands for: [OWN_HAND], [PARTNERS_HAND], or none."""
    if nil == [player]:
        return [OWN_HAND]
    if set(nil) == {hand for hand in (*players, dummy_spades.DUMMY) if hand != player}:
        return [PARTNERS_HAND]
    return []
