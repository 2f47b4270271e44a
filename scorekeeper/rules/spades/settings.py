"""Four-player Spades: the variant and house rules of one game.

docs/rules.md C2 to C5. Standard library only.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Final

from ..choices import Choice
from ..errors import ErrorCollector
from ..phrases import N_, phrase
from ..settings_entry import BAG_LIMIT, BAG_PENALTY, HAND_LIMIT, TARGET, read_choice, read_numbers, settings_object


class Variant(Choice):
    """How the bids are made (C5)."""

    PARTNERSHIP = (
        "partnership", N_("Partnership"), N_("Partnership: each team's contract is the sum of the partners' bids.")
    )
    SUICIDE = "suicide", N_("Suicide"), N_("Suicide: in each team one partner bids Nil and the other 4 or more.")
    MIRROR = "mirror", N_("Mirror"), N_("Mirror: everyone bids the number of spades they hold, Nil with none.")

    def has_blind_nil(self) -> bool:
        """Suicide and Mirror do not use Blind Nil."""
        return self is Variant.PARTNERSHIP


NUMBERS: Final = (
    TARGET,
    BAG_LIMIT,
    BAG_PENALTY,
    ("nil_value", 1, 1000, N_("The value of a Nil is a whole number from 1 to 1000.")),
    ("blind_margin", 0, 10000, N_("The Blind Nil margin is a whole number from 0 to 10000.")),
    ("mercy_floor", -10000, -1, N_("The mercy floor is a whole number from -10000 to -1.")),
    HAND_LIMIT,
)
SWITCHES: Final = (
    ("blind_nil", N_("Blind Nil is on or off: true or false.")),
    ("failed_nil_helps", N_("Whether a failed Nil's tricks help the contract is true or false.")),
    ("zero_is_nil", N_("Whether a bid of 0 is a Nil is true or false.")),
    ("mercy", N_("The mercy rule is on or off: true or false.")),
)


@dataclass(frozen=True)
class Settings:
    """The variant and house rules of one game, with the defaults of Part C."""

    variant: Variant = Variant.PARTNERSHIP
    target: int = 500
    bag_limit: int = 10
    bag_penalty: int = 100
    nil_value: int = 100
    blind_nil: bool = False
    blind_margin: int = 100
    failed_nil_helps: bool = True
    zero_is_nil: bool = False
    mercy: bool = False
    mercy_floor: int = -200
    hand_limit: int | None = None  # a club night's table ends after that many complete hands

    @classmethod
    def parse(cls, data: object) -> Settings:
        """Settings from the API's optional ``settings`` object; absent or null keys take the default.

        >>> Settings.parse({"target": 300, "blind_nil": True}).blind_nil
        True

        :raises MalformedInput: listing every bad key (fields ``settings.<key>``).
        """
        given = settings_object(data)
        if given is None:
            return cls()
        errors = ErrorCollector()
        values: dict[str, object] = {}
        variant = read_choice(given, "variant", Variant, errors,
                              lambda choices: phrase(N_("Choose a variant: %(choices)s."), choices=choices))
        if variant is not None:
            values["variant"] = variant
        values.update(read_numbers(given, NUMBERS, errors))
        for key, message in SWITCHES:
            value = given.get(key)
            if isinstance(value, bool):
                values[key] = value
            elif value is not None:
                errors.add(f"settings.{key}", phrase(message))
        chosen = values.get("variant", Variant.PARTNERSHIP)
        if values.get("blind_nil") and isinstance(chosen, Variant) and not chosen.has_blind_nil():
            errors.add(
                "settings.blind_nil", phrase(N_("%(variant)s is played without Blind Nil."), variant=chosen.label)
            )
        errors.raise_if_any()
        return cls(**values)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, object]:
        """The API's ``settings`` object, every key present (``hand_limit`` only when the game has one)."""
        values = asdict(self)
        values["variant"] = str(self.variant)
        if self.hand_limit is None:
            del values["hand_limit"]
        return values

    def is_blind_nil_allowed(self) -> bool:
        """True if this game plays Blind Nil at all (C2, C5)."""
        return self.blind_nil and self.variant.has_blind_nil()

    def counts_zero_as_nil(self) -> bool:
        """True if a bid of 0 is a Nil: "zero is nil" is on, or in Mirror, where no spades means Nil."""
        return self.zero_is_nil or self.variant is Variant.MIRROR
