"""The Piquet screens: a new partie or Saunt game, a deal (new or edited), the checker.

Declarations are entered the way they are announced: the point as number
of cards then value, sequences by length and top card, sets by rank and
size. The play is either the winner of each trick or the announced totals.
"""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext
from flask_babel.speaklater import LazyString
from flask_wtf import FlaskForm
from wtforms import Field, FieldList, Form, FormField, RadioField, SelectChoice, StringField

from ...rules import registry, typed
from ...rules.cards import PACK, format_card
from ...rules.errors import RuleError
from ...rules.piquet import Table, Variant
from ...rules.typed import NOT_GOOD
from ..forms import ChipsField, ErrorsByField, TwoStepForm, sent_fields

ROLES, SEQUENCE_ROWS, SET_RANKS, TRICKS = typed.ROLES, typed.SEQUENCE_ROWS, typed.SET_RANKS, typed.TRICKS
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# The rank as printed on the reader's cards: a French pack says R, D, V for K, Q, J.
RANK_LETTERS = {
    "A": lazy_pgettext("card rank", "A"), "K": lazy_pgettext("card rank", "K"),
    "Q": lazy_pgettext("card rank", "Q"), "J": lazy_pgettext("card rank", "J"),
    "T": "10", "9": "9", "8": "8", "7": "7",
}


def card_choices() -> list[SelectChoice]:
    """The 32 cards, suit by suit, ace first: value "AS", label "A♠"."""
    return [
        SelectChoice(text, LazyString(lambda text=text: f"{RANK_LETTERS[text[0]]}{SUIT_SYMBOLS[text[1]]}"))
        for text in map(format_card, PACK)
    ]


class NewPiquetGameForm(FlaskForm):
    player_0 = StringField(_l("Player 1"))
    player_1 = StringField(_l("Player 2"))
    first_dealer = RadioField(
        _l("First dealer (the lower cut deals)"),
        choices=[
            SelectChoice("0", _l("Player 1")),
            SelectChoice("1", _l("Player 2")),
            SelectChoice("draw", _l("Draw for me")),
        ],
        default="draw",
    )
    variant = RadioField(
        _l("Game"),
        choices=[
            SelectChoice(Variant.RUBICON.value, _l("Rubicon: a partie of six deals")),
            SelectChoice(Variant.SAUNT.value, _l("Saunt: first to the target")),
        ],
        default=Variant.RUBICON.value,
    )
    target = StringField(_l("Saunt target"), default="100")

    def payload(self) -> dict[str, Any]:
        """The API's create payload for what was typed, read by `rules.registry` as the phone reads it offline."""
        return registry.typed_setup("piquet", sent_fields(self)).payload

    def attach(self, error: RuleError) -> None:
        ErrorsByField(
            self,
            {
                "players[0]": self.player_0,
                "players[1]": self.player_1,
                "first_dealer": self.first_dealer,
                "settings.variant": self.variant,
                "settings.target": self.target,
            },
        ).attach(error)


# Declarations are chosen from rows of chips ("–" for none), one tap each: no dropdown to open.
class PointForm(Form):
    cards = RadioField(
        _l("Cards"),
        choices=[SelectChoice("", "–")] + [SelectChoice(str(n), str(n)) for n in range(3, 9)]
        + [SelectChoice(NOT_GOOD, _l("Not good"))],
        default="",
    )
    value = StringField(_l("Value"))


class SequenceForm(Form):
    length = RadioField(
        _l("Sequence"),
        choices=[SelectChoice("", "–")] + [SelectChoice(str(n), str(n)) for n in range(3, 9)],
        default="",
    )
    top = RadioField(
        _l("to the"),
        choices=[SelectChoice("", "–")]
        + [SelectChoice(rank, RANK_LETTERS[rank]) for rank in ("A", "K", "Q", "J", "T", "9")],
        default="",
    )


def set_choices() -> list[SelectChoice]:
    """A set's size as a chip: "3" (a trio) or "4" (a quatorze); the chips say the words to screen readers."""
    return [SelectChoice("", "–"), SelectChoice("3", "3"), SelectChoice("4", "4")]


class SetsForm(Form):
    A = RadioField(_l("Aces"), choices=set_choices(), default="")
    K = RadioField(_l("Kings"), choices=set_choices(), default="")
    Q = RadioField(_l("Queens"), choices=set_choices(), default="")
    J = RadioField(_l("Jacks"), choices=set_choices(), default="")
    T = RadioField(_l("Tens"), choices=set_choices(), default="")


class SideForm(Form):
    """One player's declarations."""

    point = FormField(PointForm)
    sequences = FieldList(FormField(SequenceForm), min_entries=SEQUENCE_ROWS, max_entries=SEQUENCE_ROWS)
    sets = FormField(SetsForm)


class TotalForm(Form):
    won = StringField(_l("Tricks won"))
    points = StringField(_l("Trick points"))


class PiquetDealForm(TwoStepForm):
    """Carte blanche, both players' declarations, and the play."""

    not_good = NOT_GOOD
    rank_letters = RANK_LETTERS

    carte_blanche = RadioField(_l("Carte blanche"), choices=[SelectChoice("", _l("Nobody"))], default="")
    elder = FormField(SideForm)
    younger = FormField(SideForm)
    cards_elder = ChipsField(_l("Elder's cards"), choices=card_choices())
    cards_younger = ChipsField(_l("Younger's cards"), choices=card_choices())
    play = RadioField(
        _l("Play"),
        choices=[SelectChoice("tricks", _l("Trick by trick")), SelectChoice("totals", _l("Announced totals"))],
        default="tricks",
    )
    tricks = FieldList(
        RadioField(choices=[SelectChoice("elder", _l("Elder")), SelectChoice("younger", _l("Younger"))],
                   validate_choice=False),
        min_entries=TRICKS,
        max_entries=TRICKS,
    )
    total_elder = FormField(TotalForm)
    total_younger = FormField(TotalForm)
    pique = RadioField(
        _l("Did elder pique?"),
        choices=[
            SelectChoice("", _l("Not asked")), SelectChoice("yes", _l("Yes, pique")), SelectChoice("no", _l("No")),
        ],
        default="",
    )

    @classmethod
    def for_hand(cls, table: Table, number: int, **kwargs: Any) -> PiquetDealForm:
        """The form for deal `number`, its roles labelled with who holds them."""
        return cls(table.players, roles={"elder": table.elder(number), "younger": table.younger(number)}, **kwargs)

    def __init__(self, players: tuple[str, ...], *args: Any, roles: dict[str, str] | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.players = players
        self.roles = roles or {}
        self.carte_blanche.choices = [
            SelectChoice("", _l("Nobody")),
            *(SelectChoice(role, self.roles.get(role, role)) for role in ROLES),
        ]
        self.field_paths: dict[str, Field] = {}

    def side(self, role: str) -> SideForm:
        return (self.elder if role == "elder" else self.younger).form

    def has_cards(self) -> bool:
        return bool(self.cards_elder.data or self.cards_younger.data)

    def payload(self) -> dict[str, Any]:
        """The API's deal payload for what was entered (declarations, then the play); the declarations alone
        when "Save declarations" was pressed. Read by `rules.typed`, as the phone reads it offline."""
        return self._read(typed.piquet_deal(self.sent()))

    def declarations_payload(self) -> dict[str, Any]:
        """Only carte blanche and the declarations: enough to say who is good."""
        return self._read(typed.piquet_deal(self.sent(), declarations_only=True))

    def _read(self, deal: typed.TypedDeal) -> dict[str, Any]:
        by_name = fields_by_name(self)
        self.field_paths = {path: by_name[name] for path, name in deal.fields.items()}
        return deal.payload

    def cards_payload(self) -> dict[str, Any]:
        """The cards tapped on the pickers, for "check with cards"."""
        self.field_paths = {
            "elder": self.cards_elder, "younger": self.cards_younger, "carte_blanche": self.carte_blanche,
        }
        return {
            "elder": list(self.cards_elder.data or []),
            "younger": list(self.cards_younger.data or []),
            "carte_blanche": self.carte_blanche.data or None,
        }

    def attach(self, error: RuleError) -> None:
        ErrorsByField(self, self.field_paths).attach(error)

    @classmethod
    def data_from(cls, entry: dict[str, Any], players: tuple[str, ...]) -> dict[str, Any]:
        """Form data for a stored deal entry (for editing)."""
        data: dict[str, Any] = {"carte_blanche": entry.get("carte_blanche") or ""}
        points = entry.get("point") or {}
        for role in ROLES:
            point = points.get(role)
            rows = [{"length": str(s["length"]), "top": s["top"]} for s in (entry.get("sequences") or {}).get(role, [])]
            rows += [{"length": "", "top": ""}] * (SEQUENCE_ROWS - len(rows))
            sets = {s["rank"]: str(s["size"]) for s in (entry.get("sets") or {}).get(role, [])}
            data[role] = {
                # A point not announced against one that was: "Not good", as tapped (and as the phone fills it).
                "point": {"cards": str(point["cards"]), "value": str(point["value"])} if point
                else {"cards": NOT_GOOD} if any(points.values()) else {},
                "sequences": rows,
                "sets": sets,
            }
        if entry.get("cards"):
            data["cards_elder"] = entry["cards"]["elder"]
            data["cards_younger"] = entry["cards"]["younger"]
        if entry.get("trick_totals"):
            data["play"] = "totals"
            for role in ROLES:
                total = entry["trick_totals"][role]
                data[f"total_{role}"] = {"won": str(total["won"]), "points": str(total["points"])}
            pique = entry.get("pique")
            data["pique"] = "" if pique is None else "yes" if pique else "no"
        else:
            data["play"] = "tricks"
            winners = list(entry.get("tricks") or [])
            data["tricks"] = winners + [""] * (TRICKS - len(winners))
        return data

    def fill_from(self, found: dict[str, Any]) -> None:
        """Put the combinations found in each player's cards into the declaration fields."""
        for role in ROLES:
            side, hand = self.side(role), found[role]
            side.point.form.cards.data = str(hand.point.cards) if hand.point else ""
            side.point.form.value.data = str(hand.point.value) if hand.point else ""
            rows = list(hand.sequences[:SEQUENCE_ROWS])
            for row, sequence in zip(side.sequences, rows + [None] * (SEQUENCE_ROWS - len(rows))):
                row.form.length.data = str(sequence.length) if sequence else ""
                row.form.top.data = sequence.top.letter if sequence else ""
            sizes = {card_set.rank.letter: str(card_set.size) for card_set in hand.sets}
            for rank in SET_RANKS:
                side.sets.form[rank].data = sizes.get(rank, "")


def fields_by_name(form: Form) -> dict[str, Field]:
    """Every field of `form` by the name the browser sends it under, lists and sub-forms too."""
    found: dict[str, Field] = {}

    def add(field: Field) -> None:
        found[field.name] = field
        if isinstance(field, (FieldList, FormField)):
            for inner in field:
                add(inner)

    for field in form:
        add(field)
    return found


class CheckerForm(FlaskForm):
    """The declaration checker: both players' 12 cards and carte blanche."""

    elder = ChipsField(_l("Elder's 12 cards"), choices=card_choices())
    younger = ChipsField(_l("Younger's 12 cards"), choices=card_choices())
    carte_blanche = RadioField(
        _l("Carte blanche (dealt hand without K, Q, J)"),
        choices=[
            SelectChoice("", _l("Nobody")), SelectChoice("elder", _l("Elder")), SelectChoice("younger", _l("Younger")),
        ],
        default="",
    )

    def payload(self) -> dict[str, Any]:
        return {
            "elder": list(self.elder.data or []),
            "younger": list(self.younger.data or []),
            "carte_blanche": self.carte_blanche.data or None,
        }

    def attach(self, error: RuleError) -> None:
        fields: dict[str, Field] = {"elder": self.elder, "younger": self.younger, "carte_blanche": self.carte_blanche}
        for index in range(32):
            fields[f"elder[{index}]"] = self.elder
            fields[f"younger[{index}]"] = self.younger
        ErrorsByField(self, fields).attach(error)
