"""What is entered for one Piquet deal: the API payload, read and written.

See docs/api.md "Piquet deal". Field names in errors follow the payload, e.g.
``point.elder.value``, ``sequences.younger[0].top``, ``cards.elder[3]``,
``tricks[4]``, ``trick_totals``. Every error `parse_deal` finds is raised
at once, as one `MalformedInput`; `check_deal` then refuses what cannot be
true of the deal as a whole (the players' declarations together, the pique).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from ..cards import Card, Rank, format_card, parse_card, parse_rank
from ..errors import ErrorCollector, MalformedInput, NotAllowed, RuleError
from ..phrases import N_, phrase
from .combinations import CardSet, Declarations, Point, Sequence, find_combinations
from .scoring import combination_points, compare_classes, score_deal
from .tricks import PiqueChance, check_trick_totals, pique_chance
from .validation import check_blank_cards, check_together, validate_declarations
from .values import ROLE_NAMES, TRICKS, ByRole, DealScore, PlayerName, Role, TrickTotal

T = TypeVar("T")
NOTHING_DECLARED: Final = ByRole(Declarations(), Declarations())
_BY_ROLE: Final = N_("Give this for elder and for younger.")
_WHOLE: Final = N_("Enter a whole number.")


@dataclass(frozen=True)
class DealEntry:
    """One deal as entered: declarations or the actual cards, then the play.

    ``cards`` (post-exchange hands) replaces ``declared`` when given; the
    play is either ``tricks`` (winners in order, at most 12) or
    ``trick_totals`` with ``pique`` (None when the totals settle it).
    ``without_play``: neither was entered (the declarations were saved as
    they were made, the play comes later).
    """

    carte_blanche: Role | None = None
    declared: ByRole[Declarations] = NOTHING_DECLARED
    cards: ByRole[tuple[Card, ...]] | None = None
    tricks: tuple[Role, ...] = ()
    trick_totals: ByRole[TrickTotal] | None = None
    pique: bool | None = None
    without_play: bool = False

    def declarations(self) -> ByRole[Declarations]:
        """What each player declared, found from the cards when they were entered."""
        if self.cards is None:
            return self.declared
        cards = self.cards
        return ByRole.build(lambda role: find_combinations(cards[role]))

    def score(self, names: ByRole[PlayerName] = ROLE_NAMES) -> DealScore:
        """The whole deal scored, every event in order, explained with elder's and younger's *names*."""
        return score_deal(self.carte_blanche, self.declarations(), self.tricks, self.trick_totals, self.pique, names)


def pique_from_totals(entry: DealEntry) -> PiqueChance | None:
    """Whether the entered trick totals make the pique certain, impossible, or leave it open (then it is asked).

    None when trick winners were entered (the pique follows from them).
    """
    if entry.trick_totals is None:
        return None
    earned = combination_points(entry.carte_blanche, compare_classes(entry.declarations()))
    return pique_chance(earned, entry.trick_totals)


def is_pique_possible(entry: DealEntry) -> bool:
    """Whether the entered trick totals leave the pique open, so the form must ask."""
    return pique_from_totals(entry) is PiqueChance.POSSIBLE


def check_deal(entry: DealEntry, names: ByRole[str]) -> None:
    """Refuse a new deal the rules cannot allow as a whole (B3, B5, B9); *names* are elder's and younger's.

    `parse_deal` has checked each part on its own. Here: the two players'
    declarations together and the carte blanche holder's kings, queens and
    jacks (`check_together`, or the cards), and the pique against what
    the trick totals allow. Games run it on the deals added or replaced, not
    on stored deals replayed, which are scored as they were saved.

    :raises NotAllowed: with every problem found.
    """
    errors = ErrorCollector()
    if entry.cards is not None:
        if entry.carte_blanche is not None:
            holder = entry.carte_blanche
            check_blank_cards(entry.cards[holder], holder, errors, names[holder])
    else:
        check_together(entry.declared, entry.carte_blanche, names, errors)
    chance = pique_from_totals(entry)
    if chance is PiqueChance.POSSIBLE and entry.pique is None:
        errors.add("pique", phrase(N_("Pique is possible here: say whether elder piqued.")))
    elif chance is PiqueChance.IMPOSSIBLE and entry.pique:
        errors.add("pique", phrase(N_("Elder cannot have piqued in this deal.")))
    elif chance is PiqueChance.CERTAIN and entry.pique is False:
        errors.add("pique", phrase(N_("Elder reached 30 before younger scored anything, so elder piqued.")))
    errors.raise_if_any(NotAllowed)


def parse_deal(data: object) -> DealEntry:
    """Read a deal payload (docs/api.md "Piquet deal") into a `DealEntry`; without `tricks` and `trick_totals`,
    the deal's declarations only (docs/api.md "A hand in two steps").

    Fewer than 12 trick winners are accepted here; the game decides whether
    the deal may stop early (a Saunt game ended during the play).

    :raises MalformedInput: with every problem found, each naming its field.
    """
    errors = ErrorCollector()
    if not isinstance(data, Mapping):
        raise MalformedInput.single("deal", phrase(N_("Enter the deal's declarations and play.")))
    carte_blanche = read_carte_blanche(data.get("carte_blanche"), errors)
    declared, cards = NOTHING_DECLARED, None
    if data.get("cards") is not None:
        if any(data.get(name) is not None for name in ("point", "sequences", "sets")):
            errors.add("cards", phrase(N_("Enter either the declarations or the cards, not both.")))
        raw = _by_role(data["cards"], "cards", errors)
        if raw is not None:
            cards = read_hands(raw.elder, raw.younger, "cards.", errors)
    else:
        declared = _read_all_declarations(data, errors)
    tricks: tuple[Role, ...] = ()
    totals = None
    without_play = data.get("tricks") is None and data.get("trick_totals") is None
    if data.get("trick_totals") is not None:
        if data.get("tricks") is not None:
            errors.add("trick_totals", phrase(N_("Enter either the trick winners or the trick totals, not both.")))
        totals = _read_totals(data["trick_totals"], errors)
    else:
        tricks = _read_tricks(data.get("tricks"), errors)
    pique = data.get("pique")
    if pique is not None and not isinstance(pique, bool):
        errors.add("pique", phrase(N_("Say yes or no for pique.")))
    elif pique is not None and totals is None:
        errors.add("pique", phrase(N_("Pique follows from the trick winners; leave it out.")))
    errors.raise_if_any()
    return DealEntry(carte_blanche, declared, cards, tricks, totals, pique, without_play)


def read_hands(elder: object, younger: object, prefix: str, errors: ErrorCollector) -> ByRole[tuple[Card, ...]] | None:
    """Two post-exchange hands: 12 cards each from the pack, no card twice.

    Fields are ``<prefix>elder`` and ``<prefix>elder[i]`` (likewise younger).
    Returns None when there were errors.
    """
    before = len(errors.errors)
    elder_cards = _read_hand(elder, f"{prefix}elder", errors)
    hands = ByRole(elder_cards, _read_hand(younger, f"{prefix}younger", errors, elder_cards))
    return hands if len(errors.errors) == before else None


def _read_hand(raw: object, field: str, errors: ErrorCollector, other: tuple[Card, ...] = ()) -> tuple[Card, ...]:
    """One hand's cards; a card repeated, or also in *other* (the elder hand), is an error at its index."""
    if not isinstance(raw, (list, tuple)):
        errors.add(field, phrase(N_("Enter exactly 12 cards.")))
        return ()
    if len(raw) != TRICKS:
        errors.add(field, phrase(N_("Enter exactly 12 cards.")))
    cards: list[Card] = []
    for index, text in enumerate(raw):
        try:
            card = parse_card(text, f"{field}[{index}]")
        except RuleError as error:
            errors.errors.extend(error.errors)
            continue
        if card in cards:
            errors.add(f"{field}[{index}]", phrase(N_("The %(card)s appears twice."), card=card.label))
        elif card in other:
            errors.add(f"{field}[{index}]", phrase(N_("The two hands share the %(card)s."), card=card.label))
        cards.append(card)
    return tuple(cards)


def deal_to_dict(entry: DealEntry) -> dict[str, Any]:
    """The entry as an API payload; ``parse_deal(deal_to_dict(e)) == e``."""
    data: dict[str, Any] = {"carte_blanche": entry.carte_blanche and str(entry.carte_blanche)}
    if entry.cards is not None:
        data["cards"] = {str(r): [format_card(c) for c in entry.cards[r]] for r in Role}
    else:
        declared = entry.declared
        data["point"] = {str(r): _point_to_dict(declared[r].point) for r in Role}
        data["sequences"] = {str(r): [{"length": s.length, "top": s.top.letter} for s in declared[r].sequences]
                             for r in Role}
        data["sets"] = {str(r): [{"size": s.size, "rank": s.rank.letter} for s in declared[r].sets] for r in Role}
    if entry.without_play:
        return data
    if entry.trick_totals is not None:
        data["trick_totals"] = {str(r): {"won": entry.trick_totals[r].won, "points": entry.trick_totals[r].points}
                                for r in Role}
        data["pique"] = entry.pique
    else:
        data["tricks"] = [str(role) for role in entry.tricks]
    return data


def read_carte_blanche(raw: object, errors: ErrorCollector) -> Role | None:
    """``"elder"``, ``"younger"`` or None (field ``carte_blanche``)."""
    if raw is None:
        return None
    if isinstance(raw, (list, tuple)) and len(raw) > 1:
        errors.add("carte_blanche", phrase(N_("Only one player can have carte blanche.")))
    elif isinstance(raw, str) and raw in Role.__members__.values():
        return Role(raw)
    else:
        errors.add("carte_blanche", phrase(N_("Carte blanche is held by elder, younger or nobody.")))
    return None


def _by_role(raw: object, field: str, errors: ErrorCollector) -> ByRole[object] | None:
    """The payload's ``{"elder": ..., "younger": ...}``; a missing role is None."""
    if not isinstance(raw, Mapping) or not set(raw) <= {"elder", "younger"}:
        errors.add(field, phrase(_BY_ROLE))
        return None
    return ByRole(raw.get("elder"), raw.get("younger"))


def _point_to_dict(point: Point | None) -> dict[str, int] | None:
    return None if point is None else {"cards": point.cards, "value": point.value}


def _read_int(raw: object, field: str, errors: ErrorCollector, low: int | None = None, high: int | None = None) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool) and (low is None or high is None or low <= raw <= high):
        return raw
    if low is None or high is None:
        errors.add(field, phrase(_WHOLE))
    else:
        errors.add(field, phrase(N_("Enter a whole number from %(low)s to %(high)s."), low=low, high=high))
    return 0


def _read_rank(raw: object, field: str, errors: ErrorCollector) -> Rank:
    try:
        return parse_rank(raw, field)
    except RuleError as error:
        errors.errors.extend(error.errors)
        return Rank.ACE


def _read_list(raw: object, field: str, errors: ErrorCollector, item: Callable[[Mapping[str, Any], str], T],
               shape: str) -> tuple[T, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, (list, tuple)):
        errors.add(field, phrase(shape))
        return ()
    items = []
    for index, value in enumerate(raw):
        if isinstance(value, Mapping):
            items.append(item(value, f"{field}[{index}]"))
        else:
            errors.add(f"{field}[{index}]", phrase(shape))
    return tuple(items)


def _read_all_declarations(data: Mapping[str, Any], errors: ErrorCollector) -> ByRole[Declarations]:
    parts = {name: _by_role(data[name], name, errors) if data.get(name) is not None else ByRole(None, None)
             for name in ("point", "sequences", "sets")}
    before = len(errors.errors)

    def read(role: Role) -> Declarations:
        raw_point = parts["point"] and parts["point"][role]
        point = None
        if isinstance(raw_point, Mapping):
            point = Point(_read_int(raw_point.get("cards"), f"point.{role}.cards", errors),
                          _read_int(raw_point.get("value"), f"point.{role}.value", errors))
        elif raw_point is not None:
            errors.add(f"point.{role}", phrase(N_("Enter the point's number of cards and value.")))

        sequences = _read_list(
            parts["sequences"] and parts["sequences"][role], f"sequences.{role}", errors,
            lambda raw, field: Sequence(_read_int(raw.get("length"), f"{field}.length", errors),
                                        _read_rank(raw.get("top"), f"{field}.top", errors)),
            N_("Enter each sequence's length and top card."))
        sets = _read_list(
            parts["sets"] and parts["sets"][role], f"sets.{role}", errors,
            lambda raw, field: CardSet(_read_int(raw.get("size"), f"{field}.size", errors),
                                       _read_rank(raw.get("rank"), f"{field}.rank", errors)),
            N_("Enter each set's size and rank."))
        return Declarations(point, sequences, sets)

    declared = ByRole.build(read)
    if len(errors.errors) == before:
        for role in Role:
            validate_declarations(declared[role], str(role), errors)
        elder_ranks = {card_set.rank for card_set in declared.elder.sets}
        for index, card_set in enumerate(declared.younger.sets):
            if card_set.rank in elder_ranks:
                errors.add(f"sets.younger[{index}].rank", phrase(
                    N_("Both players cannot hold a set of %(rank)s."), rank=card_set.rank.plural))
    return declared


def _read_tricks(raw: object, errors: ErrorCollector) -> tuple[Role, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, (list, tuple)) or len(raw) > TRICKS:
        errors.add("tricks", phrase(N_("Enter exactly 12 trick winners.")))
        return ()
    winners = []
    for index, value in enumerate(raw):
        if isinstance(value, str) and value in Role.__members__.values():
            winners.append(Role(value))
        else:
            errors.add(f"tricks[{index}]", phrase(N_("Each trick is won by elder or younger.")))
    return tuple(winners)


def _read_totals(raw: object, errors: ErrorCollector) -> ByRole[TrickTotal] | None:
    pair = _by_role(raw, "trick_totals", errors)
    if pair is None:
        return None
    before = len(errors.errors)

    def read(role: Role) -> TrickTotal:
        value = pair[role]
        if not isinstance(value, Mapping):
            errors.add(f"trick_totals.{role}", phrase(N_("Enter the tricks won and the trick points.")))
            return TrickTotal(0, 0)
        return TrickTotal(_read_int(value.get("won"), f"trick_totals.{role}.won", errors, 0, TRICKS),
                          _read_int(value.get("points"), f"trick_totals.{role}.points", errors, 0, 2 * TRICKS))

    totals = ByRole.build(read)
    if len(errors.errors) == before:
        check_trick_totals(totals, errors)
    return totals
