"""What may be declared in a Piquet deal (docs/rules.md B3, B9).

`validate_declarations` checks one player's declarations as a deal is
read: each combination possible, all of them in one 12-card hand.
`check_together` checks both players' declarations as a deal is added to a
game: two disjoint 12-card hands of one pack must hold them, and the hand
of a carte blanche holder few enough kings, queens and jacks. Its messages
name the players and the declarations that cannot all be true.
"""

from __future__ import annotations

from collections.abc import Sequence as Ordered
from dataclasses import dataclass
from typing import Final

from ..cards import Card, Rank
from ..errors import ErrorCollector
from ..phrases import N_, ParamValue, Phrase, phrase
from .combinations import (
    LOWEST_SET_RANK,
    SEQUENCE_NAMES,
    SET_POINTS,
    CardSet,
    Declarations,
    point_values,
)
from .fit import NO_CAP, Cap, Declaration, courts_cap, courts_in, fewest, fits, rank_cap
from .values import ByRole, Role

COURT_LIMITS: Final = ByRole(5, 7)
"""Kings, queens and jacks a carte blanche holder can hold after the exchange: elder takes at most 5
cards, younger at most 7 (what elder left)."""

_CARDS_OVER_LIMIT: Final = {
    Role.ELDER: N_("With carte blanche, elder holds at most 5 kings, queens and jacks after the exchange; "
                   "these cards hold %(count)s."),
    Role.YOUNGER: N_("With carte blanche, younger holds at most 7 kings, queens and jacks after the exchange; "
                     "these cards hold %(count)s."),
}
_PAIR: Final = {
    "same rank": N_("%(elder)s's %(elder_declarations)s and %(younger)s's %(younger_declarations)s "
                    "need the same %(rank)s."),
    "carte blanche": N_("%(elder)s's %(elder_declarations)s and %(younger)s's %(younger_declarations)s "
                        "cannot both be true with %(holder)s's carte blanche."),
    "no two hands": N_("%(elder)s's %(elder_declarations)s and %(younger)s's %(younger_declarations)s "
                       "cannot both be true: two hands from one pack cannot hold them."),
}
_GROUPS: Final = {  # when a player has several declarations in the conflict, "and" would be ambiguous
    "same rank": N_("These declarations need the same %(rank)s: %(elder)s's %(elder_declarations)s; "
                    "%(younger)s's %(younger_declarations)s."),
    "carte blanche": N_("With %(holder)s's carte blanche these declarations cannot all be true: "
                        "%(elder)s's %(elder_declarations)s; %(younger)s's %(younger_declarations)s."),
    "no two hands": N_("Two hands from one pack cannot hold all these declarations: "
                       "%(elder)s's %(elder_declarations)s; %(younger)s's %(younger_declarations)s."),
}
_CARDS_OF_A_RANK: Final = 4


@dataclass(frozen=True)
class _Declared:
    """One declaration with its holder and the payload field it came from."""

    role: Role
    field: str
    declaration: Declaration


def validate_declarations(declared: Declarations, role: str, errors: ErrorCollector) -> None:
    """Add an error for each impossible declaration of one player (B9).

    Fields follow the deal payload: ``point.<role>.value``,
    ``sequences.<role>[i].top``, ``sets.<role>[i].rank``. Once each
    combination is possible on its own, the declarations must fit together
    in one 12-card hand.
    """
    before = len(errors.errors)
    point = declared.point
    if point is not None:
        if not 3 <= point.cards <= 8:
            errors.add(f"point.{role}.cards", phrase(N_("A point has 3 to 8 cards.")))
        elif point.value not in point_values(point.cards):
            errors.add(f"point.{role}.value", _point_range(point.cards))
    for index, sequence in enumerate(declared.sequences):
        if not 3 <= sequence.length <= 8:
            errors.add(f"sequences.{role}[{index}].length", phrase(N_("A sequence has 3 to 8 cards.")))
        elif int(sequence.top) - sequence.length + 1 < Rank.SEVEN:
            errors.add(f"sequences.{role}[{index}].top", _lowest_top(sequence.length))
    held: dict[Rank, CardSet] = {}
    for index, card_set in enumerate(declared.sets):
        field = f"sets.{role}[{index}]"
        if card_set.size not in SET_POINTS:
            errors.add(f"{field}.size", phrase(N_("A set has 3 or 4 cards.")))
        elif card_set.rank < LOWEST_SET_RANK:
            errors.add(f"{field}.rank", phrase(N_("Sets are of tens or higher.")))
        elif card_set.rank in held and held[card_set.rank].size != card_set.size:
            errors.add(f"{field}.rank", phrase(
                N_("One player cannot hold both a quatorze and a trio of %(rank)s."), rank=card_set.rank.plural))
        elif card_set.rank in held:
            errors.add(f"{field}.rank", phrase(
                N_("The set of %(rank)s is declared twice."), rank=card_set.rank.plural))
        held.setdefault(card_set.rank, card_set)
    if len(errors.errors) > before:
        return
    point_only = (point,) if point else ()
    if not _fits_alone(declared.sequences):
        errors.add(f"sequences.{role}", phrase(N_("These sequences do not fit in 12 cards.")))
    elif not _fits_alone((*point_only, *declared.sequences)):
        errors.add(f"point.{role}", phrase(N_("This point and these sequences do not fit in 12 cards.")))
    elif not _fits_alone((*point_only, *declared.sequences, *declared.sets)):
        errors.add(f"sets.{role}", phrase(N_("These sets do not fit in 12 cards with the other declarations.")))


def court_caps(carte_blanche: Role | None) -> ByRole[Cap]:
    """The kings, queens and jacks each hand may hold after the exchange."""
    return ByRole.build(lambda role: courts_cap(COURT_LIMITS[role]) if role is carte_blanche else NO_CAP)


def check_together(declared: ByRole[Declarations], carte_blanche: Role | None, names: ByRole[str],
                   errors: ErrorCollector) -> None:
    """Add an error when the two players' declarations cannot all be true (B3, B9).

    Each player's declarations were validated alone. A carte blanche
    holder's declarations that need too many kings, queens and jacks are
    refused on ``carte_blanche``; declarations of the two players that no
    two hands can hold are refused on the younger player's declaration
    (elder announced first), naming the fewest declarations that conflict.
    """
    caps = court_caps(carte_blanche)
    everything = _listed(declared)
    if carte_blanche is not None:
        own = [item for item in everything if item.role is carte_blanche]
        if not fits(_by_role(own), caps):
            errors.add("carte_blanche", phrase(
                N_("With carte blanche, %(player)s holds at most %(limit)s kings, queens and jacks after the "
                   "exchange; %(player)s's declarations need %(needed)s."),
                player=names[carte_blanche], limit=COURT_LIMITS[carte_blanche],
                needed=fewest([item.declaration for item in own], courts_cap)))
            return
    if fits(_by_role(everything), caps):
        return
    conflict = _fewest_in_conflict(everything, caps)
    held = _by_role(conflict)
    params: dict[str, ParamValue] = {
        "elder": names.elder, "younger": names.younger,
        "elder_declarations": _listing([d.label for d in held.elder]),
        "younger_declarations": _listing([d.label for d in held.younger]),
    }
    shared = [rank for rank in sorted(Rank, reverse=True)
              if sum(fewest(held[role], lambda count: rank_cap(rank, count)) for role in Role) > _CARDS_OF_A_RANK]
    field = next(item.field for item in conflict if item.role is Role.YOUNGER)
    templates = _PAIR if len(held.elder) == len(held.younger) == 1 else _GROUPS
    if shared:
        errors.add(field, phrase(templates["same rank"], rank=shared[0].label, **params))
    elif carte_blanche is not None and fits(held):
        errors.add(field, phrase(templates["carte blanche"], holder=names[carte_blanche], **params))
    else:
        errors.add(field, phrase(templates["no two hands"], **params))


def check_blank_cards(cards: Ordered[Card], holder: Role, errors: ErrorCollector, name: str | None = None) -> None:
    """Add an error (field ``carte_blanche``) when the carte blanche holder's cards hold too many courts (B9).

    With *name* the message names the player; without, it says elder or younger (the checker).
    """
    count = courts_in(cards)
    if count <= COURT_LIMITS[holder]:
        return
    if name is None:
        errors.add("carte_blanche", phrase(_CARDS_OVER_LIMIT[holder], count=count))
    else:
        errors.add("carte_blanche", phrase(
            N_("With carte blanche, %(player)s holds at most %(limit)s kings, queens and jacks after the "
               "exchange; %(player)s's cards hold %(count)s."),
            player=name, limit=COURT_LIMITS[holder], count=count))


def _fits_alone(declared: Ordered[Declaration]) -> bool:
    return fits(ByRole(declared, ()))


def _listed(declared: ByRole[Declarations]) -> list[_Declared]:
    """Every declaration of both players with its payload field, elder's first."""
    items = []
    for role in Role:
        point = declared[role].point
        if point is not None:
            items.append(_Declared(role, f"point.{role}", point))
        items += [_Declared(role, f"sequences.{role}[{i}]", s) for i, s in enumerate(declared[role].sequences)]
        items += [_Declared(role, f"sets.{role}[{i}]", s) for i, s in enumerate(declared[role].sets)]
    return items


def _by_role(items: list[_Declared]) -> ByRole[tuple[Declaration, ...]]:
    return ByRole.build(lambda role: tuple(item.declaration for item in items if item.role is role))


def _fewest_in_conflict(items: list[_Declared], caps: ByRole[Cap]) -> list[_Declared]:
    """A smallest group of *items* that still cannot be held: each one left out in turn, the last first."""
    kept = list(items)
    for item in reversed(items):
        without = [other for other in kept if other is not item]
        if not fits(_by_role(without), caps):
            kept = without
    return kept


def _listing(labels: list[Phrase]) -> Phrase:
    """The labels joined: "x", "x and y", "x, y and z"."""
    if len(labels) == 1:
        return labels[0]
    if len(labels) == 2:
        return phrase(N_("%(first)s and %(second)s"), first=labels[0], second=labels[1])
    return phrase(N_("%(first)s, %(rest)s"), first=labels[0], rest=_listing(labels[1:]))


def _point_range(cards: int) -> Phrase:
    values = point_values(cards)
    if len(values) == 1:
        return phrase(N_("%(cards)s cards of one suit are worth exactly %(value)s."), cards=cards, value=min(values))
    return phrase(N_("%(cards)s cards of one suit are worth %(low)s to %(high)s."),
                  cards=cards, low=min(values), high=max(values))


def _lowest_top(length: int) -> Phrase:
    lowest = Rank(Rank.SEVEN + length - 1)
    if lowest is Rank.ACE:
        return phrase(N_("A %(name)s tops at the ace."), name=phrase(SEQUENCE_NAMES[length]))
    return phrase(N_("A %(name)s tops at the %(rank)s or higher."),
                  name=phrase(SEQUENCE_NAMES[length]), rank=lowest.label)
