"""What a player typed into a hand's form, read as the API's hand payload: the one reader of those forms.

The server's forms (games/<game>/forms.py) read their
fields with it, and so does the phone when the server does not answer
(rules/board.py, under Pyodide), from the very fields the page's form
sends. Nothing is checked here: every value goes to the engine as typed
(whole numbers as ints, other text as it is), so the pages, the API and the
phone share one set of checks and one set of messages.

The fields are named as the forms name them: `bids-<seat>-bid`,
`bids-<seat>-nil` (Dummy Hand: the hands declared nil on; four-player
Spades: ticked), Dummy Hand's `bids-<seat>-side` (Suicide's chips:
`OWN_HAND`, `PARTNERS_HAND`), `bids-<seat>-blind` (ticked), `tricks-<i>` (in
seat order, Dummy Hand's dummy last) and `step` (`FIRST_STEP`: the bids
alone). Piquet's deal form names its fields by role (`piquet_deal`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .piquet.values import TRICKS

Fields = Mapping[str, Sequence[str]]
"""A form as sent: each field's name and its values (a ticked box sends one)."""

WHOLE_NUMBER = re.compile(r"-?\d{1,6}")
FIRST_STEP = "first"
"""The value of the `step` button that saves a hand's first step only (the bids, the declarations)."""
DUMMY = "dummy"
ROLES = ("elder", "younger")
SEQUENCE_ROWS = 4
SET_RANKS = ("A", "K", "Q", "J", "T")
NOT_GOOD = "no"
"""The point's cards chip that answers another's point "not good": that point is not announced, so not recorded."""
OWN_HAND = "own"
PARTNERS_HAND = "partner"
"""Suicide's chips for a nil: on the bidder's own hand, or on their partner's (one of the three other hands)."""


def number_or_text(text: str | None) -> int | str | None:
    """'7' -> 7; '' -> None; anything else is passed on for the engine to refuse."""
    if text is None or not text.strip():
        return None
    # Stripped first: int() refuses some characters a regular expression's \s takes for spaces ("0\x1f").
    figures = text.strip()
    return int(figures) if WHOLE_NUMBER.fullmatch(figures) else text


def filled_tricks(typed: Sequence[str | None]) -> list[str | None]:
    """The trick counts as typed, with exactly one blank filled in to make 13 when the others allow it."""
    values = [number_or_text(text) for text in typed]
    blanks = [i for i, value in enumerate(values) if value is None]
    known = [value for value in values if isinstance(value, int) and 0 <= value <= 13]
    filled = list(typed)
    if len(blanks) == 1 and len(known) == len(values) - 1 and sum(known) <= 13:
        filled[blanks[0]] = str(13 - sum(known))
    return filled


def first_step_only(fields: Fields) -> bool:
    """Whether the form was sent with its "Save bids" button: the tricks come later."""
    return _one(fields, "step") == FIRST_STEP


def dummy_spades_hand(players: Sequence[str], fields: Fields) -> dict[str, Any]:
    """A Dummy Hand Spades hand (docs/api.md): each player's bid and nils (the hands named, then Suicide's sides), and
    the four hands' tricks."""
    hands = [*players, DUMMY]
    payload: dict[str, Any] = {"bids": [
        {"player": name, "bid": number_or_text(_one(fields, f"bids-{seat}-bid")),
         "nil": [*fields.get(f"bids-{seat}-nil", ()), *_side_hands(name, hands, fields.get(f"bids-{seat}-side", ()))]}
        for seat, name in enumerate(players)
    ]}
    if not first_step_only(fields):
        payload["tricks"] = _tricks(hands, fields)
    return payload


def _side_hands(player: str, hands: Sequence[str], sides: Sequence[str]) -> list[str]:
    """The hands a Suicide bidder's chips name: their own, or their partner's (the three other hands, of which one
    applies); anything else is passed on for the engine to refuse."""
    named = {OWN_HAND: [player], PARTNERS_HAND: [hand for hand in hands if hand != player]}
    return [hand for side in sides for hand in named.get(side, [side])]


def spades_hand(players: Sequence[str], fields: Fields) -> dict[str, Any]:
    """A four-player Spades hand (docs/api.md): each bid (a ticked Nil or Blind Nil wins over a number), the tricks."""
    bids = []
    for seat, name in enumerate(players):
        if _one(fields, f"bids-{seat}-blind"):
            value: int | str | None = "blind-nil"
        elif _one(fields, f"bids-{seat}-nil"):
            value = "nil"
        else:
            value = number_or_text(_one(fields, f"bids-{seat}-bid"))
        bids.append({"player": name, "bid": value})
    if first_step_only(fields):
        return {"bids": bids}
    return {"bids": bids, "tricks": _tricks(players, fields)}


def dummy_spades_fields(players: Sequence[str], entry: Mapping[str, Any]) -> dict[str, list[str]]:
    """The fields a Dummy Hand hand's form would send for a stored entry (the reverse of `dummy_spades_hand`): what the
    phone fills its form with to edit that hand. A page shows one of the two rows of nil chips (the hands, or
    Suicide's sides), or neither (Mirror): each form fills in the fields it has."""
    hands = [*players, DUMMY]

    def nils(seat: int, name: str, bid: Mapping[str, Any]) -> tuple[dict[str, list[str]], Any]:
        nil = list(bid.get("nil") or ())
        return {f"bids-{seat}-nil": nil, f"bids-{seat}-side": _sides(name, nil, hands)}, bid.get("bid")

    return _hand_fields(players, hands, entry, nils)


def spades_fields(players: Sequence[str], entry: Mapping[str, Any]) -> dict[str, list[str]]:
    """The fields a four-player Spades hand's form would send for a stored entry (the reverse of `spades_hand`): a Nil
    or Blind Nil as its ticked box, any other bid as typed."""

    def nils(seat: int, name: str, bid: Mapping[str, Any]) -> tuple[dict[str, list[str]], Any]:
        value = bid.get("bid")
        if value in ("nil", "blind-nil"):
            return {f"bids-{seat}-{'nil' if value == 'nil' else 'blind'}": ["y"]}, None
        return {}, value

    return _hand_fields(players, list(players), entry, nils)


SeatNils = Callable[[int, str, Mapping[str, Any]], tuple[dict[str, list[str]], Any]]
"""A seat's nil fields and the bid left to type, from the seat, the player and their stored bid."""


def _hand_fields(players: Sequence[str], hands: Sequence[str], entry: Mapping[str, Any],
                 nils: SeatNils) -> dict[str, list[str]]:
    """A Spades hand's fields: each seat's nil fields and bid (`nils` gives both from the stored bid), then the hands'
    tricks."""
    fields: dict[str, list[str]] = {}
    bids = {bid.get("player"): bid for bid in entry.get("bids") or ()}
    for seat, name in enumerate(players):
        nil_fields, value = nils(seat, name, bids.get(name) or {})
        fields.update(nil_fields)
        fields[f"bids-{seat}-bid"] = [] if value is None else [str(value)]
    tricks = entry.get("tricks")
    if tricks is not None:
        for i, hand in enumerate(hands):
            fields[f"tricks-{i}"] = [] if tricks.get(hand) is None else [str(tricks[hand])]
    return fields


def _sides(player: str, nil: Sequence[str], hands: Sequence[str]) -> list[str]:
    """The Suicide chips a stored nil stands for: [OWN_HAND], [PARTNERS_HAND], or none."""
    if list(nil) == [player]:
        return [OWN_HAND]
    if nil and set(nil) == {hand for hand in hands if hand != player}:
        return [PARTNERS_HAND]
    return []


def _tricks(hands: Sequence[str], fields: Fields) -> dict[str, int | str | None]:
    typed = filled_tricks([_one(fields, f"tricks-{i}") for i in range(len(hands))])
    return {hand: number_or_text(text) for hand, text in zip(hands, typed)}


def _one(fields: Fields, name: str) -> str | None:
    values = fields.get(name) or ()
    return values[0] if values else None


def piquet_fields(entry: Mapping[str, Any]) -> dict[str, list[str]]:
    """The deal form's fields for a stored deal (its declarations, docs/api.md "Piquet deal"), by role, as `piquet_deal`
    reads them: a point not announced while the other was is the "Not good" chip (what was tapped at the table),
    the sequences in the first rows, a set by its rank's chips, and the play as it was entered (the winner of each
    trick, or the announced totals and the pique). A deal saved with its declarations alone has no play."""
    fields: dict[str, list[str]] = {"carte_blanche": [entry.get("carte_blanche") or ""]}
    points = entry.get("point") or {}
    announced = any(points.values())
    for role in ROLES:
        point = points.get(role)
        fields[f"{role}-point-cards"] = [str(point["cards"]) if point else NOT_GOOD if announced else ""]
        fields[f"{role}-point-value"] = [str(point["value"]) if point else ""]
        sequences = list((entry.get("sequences") or {}).get(role) or ())
        for row in range(SEQUENCE_ROWS):
            sequence = sequences[row] if row < len(sequences) else None
            fields[f"{role}-sequences-{row}-length"] = [str(sequence["length"]) if sequence else ""]
            fields[f"{role}-sequences-{row}-top"] = [str(sequence["top"]) if sequence else ""]
        sizes = {card_set["rank"]: str(card_set["size"]) for card_set in (entry.get("sets") or {}).get(role) or ()}
        fields.update({f"{role}-sets-{rank}": [sizes.get(rank, "")] for rank in SET_RANKS})
    if entry.get("trick_totals") is not None:
        fields["play"] = ["totals"]
        for role in ROLES:
            total = entry["trick_totals"][role]
            fields[f"total_{role}-won"], fields[f"total_{role}-points"] = [str(total["won"])], [str(total["points"])]
        pique = entry.get("pique")
        fields["pique"] = ["" if pique is None else "yes" if pique else "no"]
    elif "tricks" in entry:
        winners = list(entry["tricks"])
        fields["play"] = ["tricks"]
        fields.update({f"tricks-{index}": [winners[index] if index < len(winners) else ""] for index in range(TRICKS)})
    else:
        fields["step"] = [FIRST_STEP]
    return fields


@dataclass(frozen=True)
class TypedDeal:
    """A Piquet deal as typed: the API's payload, and beside which field each of the engine's error paths goes."""

    payload: dict[str, Any]
    fields: dict[str, str]
    """The engine's error path (`point.elder.value`, `tricks[3]`...) -> the name of the form field it is about."""


def piquet_deal(fields: Fields, declarations_only: bool = False) -> TypedDeal:
    """A Piquet deal (docs/api.md "Piquet deal"): carte blanche, both players' declarations, then the play (the winner
    of each trick, or the announced totals and the pique); the declarations alone with "Save declarations" or
    `declarations_only` (enough to say who is good).

    The form's fields, by role: `carte_blanche`, `<role>-point-cards` and `-value`, `<role>-sequences-<row>-length`
    and `-top`, `<role>-sets-<rank>` (3 or 4), `play` ("totals" or the tricks), `tricks-<i>` (a role),
    `total_<role>-won` and `-points`, `pique` ("yes", "no").
    """
    paths = {"carte_blanche": "carte_blanche"}
    payload: dict[str, Any] = {"carte_blanche": _one(fields, "carte_blanche") or None}
    if not declarations_only:
        paths["pique"] = "pique"
    payload.update(_declarations(fields, paths))
    if not declarations_only and not first_step_only(fields):
        payload.update(_play(fields, paths))
    return TypedDeal(payload, paths)


def _declarations(fields: Fields, paths: dict[str, str]) -> dict[str, Any]:
    point: dict[str, Any] = {}
    sequences: dict[str, list[dict[str, Any]]] = {}
    sets: dict[str, list[dict[str, Any]]] = {}
    for role in ROLES:
        cards, value = f"{role}-point-cards", f"{role}-point-value"
        if _one(fields, cards) != NOT_GOOD and (_one(fields, cards) or (_one(fields, value) or "").strip()):
            point[role] = {"cards": number_or_text(_one(fields, cards)), "value": number_or_text(_one(fields, value))}
        paths.update({f"point.{role}": value, f"point.{role}.cards": cards, f"point.{role}.value": value})
        sequences[role] = []
        for row in range(SEQUENCE_ROWS):
            length, top = f"{role}-sequences-{row}-length", f"{role}-sequences-{row}-top"
            if _one(fields, length) or _one(fields, top):
                path = f"sequences.{role}[{len(sequences[role])}]"
                sequences[role].append({"length": number_or_text(_one(fields, length)),
                                        "top": _one(fields, top) or None})
                paths.update({path: length, f"{path}.length": length, f"{path}.top": top})
                paths.setdefault(f"sequences.{role}", length)  # all of them (they do not fit): by the first
        sets[role] = []
        for rank in SET_RANKS:
            size = f"{role}-sets-{rank}"
            if _one(fields, size):
                path = f"sets.{role}[{len(sets[role])}]"
                sets[role].append({"size": number_or_text(_one(fields, size)), "rank": rank})
                paths.update({path: size, f"{path}.size": size, f"{path}.rank": size})
                paths.setdefault(f"sets.{role}", size)
    return {"point": point or None, "sequences": sequences, "sets": sets}


def _play(fields: Fields, paths: dict[str, str]) -> dict[str, Any]:
    if _one(fields, "play") == "totals":
        totals = {}
        for role in ROLES:
            won, points = f"total_{role}-won", f"total_{role}-points"
            totals[role] = {"won": number_or_text(_one(fields, won)), "points": number_or_text(_one(fields, points))}
            paths.update({f"trick_totals.{role}": won, f"trick_totals.{role}.won": won,
                          f"trick_totals.{role}.points": points})
        paths["trick_totals"] = "total_elder-won"
        return {"trick_totals": totals, "pique": {"yes": True, "no": False}.get(_one(fields, "pique") or "")}
    winners = [_one(fields, f"tricks-{index}") or None for index in range(TRICKS)]
    played = len(winners)
    while played and winners[played - 1] is None:
        played -= 1
    paths.update({f"tricks[{index}]": f"tricks-{index}" for index in range(TRICKS)})
    paths["tricks"] = "tricks"
    return {"tricks": winners[:played]}


DRAW = "draw"
"""The first dealer's chip that leaves the choice to a draw (the server draws; the phone draws before reading)."""
OTHER_TARGET = "other"
SPADES_TICKED = ("blind_nil", "failed_nil_helps", "zero_is_nil", "mercy")
"""Four-player Spades' rules that its new-game form offers as boxes (an unticked one is not sent)."""


@dataclass(frozen=True)
class TypedSetup:
    """A new game as typed into its form: the API's create payload, and beside which field each of the engine's error
    paths goes."""

    payload: dict[str, Any]
    fields: dict[str, str]
    """The engine's error path (`players[1]`, `settings.target`...) -> the name of the form field it is about."""


@dataclass(frozen=True)
class TypedSettings:
    """A game's settings as typed into its new-game form, the field its target was typed into, and what the table is
    set with besides its players (Dummy Hand's `dummy_after`)."""

    settings: dict[str, Any]
    target_field: str = "target"
    table: dict[str, Any] = field(default_factory=dict)


def new_game(kind: str, player_count: int, settings_of: Callable[[Fields], TypedSettings],
             fields: Fields) -> TypedSetup:
    """A new game's form (`/new/<kind>`) read as the API's create payload (docs/api.md "Create a game"): the players'
    names (`player_<seat>`), the first dealer (a seat, or `DRAW`: None), and what `settings_of` reads of the kind's
    own fields (each named as the setting). The server's new-game forms read their fields with it, and so does the
    phone for a game started offline (through rules/registry.py). Nothing is checked: the engine refuses what it
    cannot use."""
    names = [_one(fields, f"player_{seat}") or "" for seat in range(player_count)]
    typed = settings_of(fields)
    payload: dict[str, Any] = {"game": kind, "players": names, "first_dealer": _first_dealer(names, fields),
                               **typed.table, "settings": typed.settings}
    paths = {f"players[{seat}]": f"player_{seat}" for seat in range(len(names))}
    paths.update({"players": "player_0", "first_dealer": "first_dealer", "dummy_after": "dummy_after",
                  **{f"settings.{name}": name for name in typed.settings}, "settings.target": typed.target_field})
    return TypedSetup(payload, paths)


def dummy_spades_settings(fields: Fields) -> TypedSettings:
    """Dummy Hand's new-game form: the variant, the target, the bags, the style and where the dummy sits."""
    settings, target = _variant_and_target(fields)
    settings.update(_bags(fields), style=_one(fields, "style"))
    return TypedSettings(settings, target, {"dummy_after": number_or_text(_one(fields, "dummy_after"))})


def spades_settings(fields: Fields) -> TypedSettings:
    """Four-player Spades' new-game form: the variant, the target, the Nils, the bags and the mercy rule."""
    settings, target = _variant_and_target(fields)
    ticked = {name: bool(_one(fields, name)) for name in SPADES_TICKED}
    settings.update(
        nil_value=number_or_text(_one(fields, "nil_value")), blind_nil=ticked["blind_nil"],
        # A margin or floor applies only with its rule ticked (the page hides it otherwise): the default.
        blind_margin=number_or_text(_one(fields, "blind_margin")) if ticked["blind_nil"] else None,
        failed_nil_helps=ticked["failed_nil_helps"], zero_is_nil=ticked["zero_is_nil"], **_bags(fields),
        mercy=ticked["mercy"], mercy_floor=number_or_text(_one(fields, "mercy_floor")) if ticked["mercy"] else None)
    return TypedSettings(settings, target)


def piquet_settings(fields: Fields) -> TypedSettings:
    """Piquet's new-game form: the variant, and the target for Saunt alone."""
    settings: dict[str, Any] = {"variant": _one(fields, "variant")}
    if settings["variant"] == "saunt":
        settings["target"] = number_or_text(_one(fields, "target"))
    return TypedSettings(settings)


def _variant_and_target(fields: Fields) -> tuple[dict[str, Any], str]:
    """A Spades game's variant and target (a chip, or "Other" with its number), and the field the target came from."""
    target = "target_other" if _one(fields, "target") == OTHER_TARGET else "target"
    typed_target = number_or_text(_one(fields, target))
    if typed_target is None and target == "target_other":  # "Other" with no number: not the usual target
        typed_target = ""
    return {"variant": _one(fields, "variant"), "target": typed_target}, target


def _bags(fields: Fields) -> dict[str, Any]:
    return {"bag_limit": number_or_text(_one(fields, "bag_limit")),
            "bag_penalty": number_or_text(_one(fields, "bag_penalty"))}


def _first_dealer(names: Sequence[str], fields: Fields) -> str | None:
    """The first dealer's chip (a seat) as that player's name; `DRAW` (or nothing): None; anything else is passed
    on for the engine to refuse."""
    chosen = _one(fields, "first_dealer")
    if chosen is None or chosen == DRAW:
        return None
    seat = number_or_text(chosen)
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else chosen
