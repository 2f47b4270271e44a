"""Three-Player "Dummy Hand" Spades: inputs, scoring, the game as a replayable log.

Implements RULES.md Part A. Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from .errors import ErrorCollector, MalformedInput, NotAllowed
from .names import clean_names, find_name
from .phrases import N_, Phrase, phrase

DUMMY: Final = "dummy"
TRICKS_PER_DEAL: Final = 13
NIL_POINTS: Final = 100


class Variant(StrEnum):
    """The bidding variations of A9; none changes the scoring."""

    NO_PEEKY = "no-peeky"
    THREE_PEEKY = "three-peeky"
    FOUR_PEEKY = "four-peeky"
    FLIP_1 = "flip-1"
    FLIP_2 = "flip-2"
    FLIP_3 = "flip-3"
    FLIP_4 = "flip-4"

    @property
    def label(self) -> Phrase:
        """The variation's name, e.g. "Flip 2"."""
        return _VARIANT_LABELS[self]

    @property
    def reminder(self) -> Phrase:
        """One line saying what the players do with the dummy before bidding."""
        return _VARIANT_REMINDERS[self]


_VARIANT_LABELS: Final = {
    Variant.NO_PEEKY: phrase(N_("No Peeky")),
    Variant.THREE_PEEKY: phrase(N_("Three Peeky")),
    Variant.FOUR_PEEKY: phrase(N_("Four Peeky")),
    Variant.FLIP_1: phrase(N_("Flip 1")),
    Variant.FLIP_2: phrase(N_("Flip 2")),
    Variant.FLIP_3: phrase(N_("Flip 3")),
    Variant.FLIP_4: phrase(N_("Flip 4")),
}
_VARIANT_REMINDERS: Final = {
    Variant.NO_PEEKY: phrase(N_("No Peeky: nobody looks at the dummy's cards before bidding.")),
    Variant.THREE_PEEKY: phrase(
        N_("Three Peeky: before bidding, each player looks privately at 3 dummy cards of their choice.")
    ),
    Variant.FOUR_PEEKY: phrase(
        N_("Four Peeky: before bidding, each player looks privately at 4 dummy cards of their choice.")
    ),
    Variant.FLIP_1: phrase(
        N_("Flip 1: before bidding, each player turns 1 dummy card face up; "
           "the rest are turned up after the opening lead.")
    ),
    Variant.FLIP_2: phrase(
        N_("Flip 2: before bidding, each player turns 2 dummy cards face up; "
           "the rest are turned up after the opening lead.")
    ),
    Variant.FLIP_3: phrase(
        N_("Flip 3: before bidding, each player turns 3 dummy cards face up; "
           "the rest are turned up after the opening lead.")
    ),
    Variant.FLIP_4: phrase(
        N_("Flip 4: before bidding, each player turns 4 dummy cards face up; "
           "the rest are turned up after the opening lead.")
    ),
}


class Role(StrEnum):
    """A real player's side for one hand."""

    DECLARER = "declarer"
    DEFENDER = "defender"


def _is_whole(value: object, low: int, high: int) -> bool:
    """True for an int (not a bool) from low to high."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _signed(points: int) -> str:
    """Points with their sign, as players say them: "+52", "-100"."""
    return f"{points:+d}"


# --- settings and table ---------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """The house rules of one game (A8, A9)."""

    target: int = 300
    bag_limit: int = 10
    bag_penalty: int = 100
    variant: Variant = Variant.NO_PEEKY

    @classmethod
    def parse(cls, data: object) -> Settings:
        """Settings from the API's optional ``settings`` object; absent or null keys take the default.

        :raises MalformedInput: listing every bad key (fields ``settings.<key>``).
        """
        if data is None:
            return cls()
        errors = ErrorCollector()
        if not isinstance(data, Mapping):
            errors.add("settings", phrase(N_("The settings must be an object.")))
            errors.raise_if_any()
        values: dict[str, object] = {}
        for key, low, high, message in (
            ("target", 1, 10000, phrase(N_("The target is a whole number from 1 to 10000."))),
            ("bag_limit", 0, 100, phrase(N_("The bag limit is a whole number from 0 to 100."))),
            ("bag_penalty", 0, 1000, phrase(N_("The bag penalty is a whole number from 0 to 1000."))),
        ):
            value = data.get(key)
            if value is None:
                continue
            if _is_whole(value, low, high):
                values[key] = value
            else:
                errors.add(f"settings.{key}", message)
        variant = data.get("variant")
        if isinstance(variant, str) and variant in Variant.__members__.values():
            values["variant"] = Variant(variant)
        elif variant is not None:
            choices = ", ".join(Variant)
            errors.add("settings.variant", phrase(N_("Choose a bidding variation: %(choices)s."), choices=choices))
        errors.raise_if_any()
        return cls(**values)

    def to_dict(self) -> dict:
        """The API's ``settings`` object."""
        return {
            "target": self.target,
            "bag_limit": self.bag_limit,
            "bag_penalty": self.bag_penalty,
            "variant": str(self.variant),
        }


@dataclass(frozen=True)
class Table:
    """Who sits where (A1) and who deals first (A2)."""

    players: tuple[str, str, str]
    first_dealer: str
    dummy_after: int = 2

    @classmethod
    def create(cls, players: object, first_dealer: object, dummy_after: object = 2) -> Table:
        """A table from raw input; names are trimmed and the dealer is matched in any case.

        :raises MalformedInput: listing every problem (``players``, ``players[i]``,
            ``first_dealer``, ``dummy_after``).
        """
        errors = ErrorCollector()
        try:
            names = clean_names(players, 3)
        except MalformedInput as error:
            errors.errors.extend(error.errors)
            names = ()
        dealer = find_name(names, first_dealer)
        if names and dealer is None:
            errors.add("first_dealer", phrase(N_("Choose the first dealer from the three players.")))
        if not _is_whole(dummy_after, 0, 2):
            errors.add("dummy_after", phrase(N_("The dummy sits after player 1, 2 or 3 (dummy_after 0, 1 or 2).")))
        errors.raise_if_any()
        return cls(names, dealer, dummy_after)

    def seating(self) -> tuple[str, str, str, str]:
        """All four seats clockwise from the first player, the dummy included."""
        after = self.dummy_after + 1
        return (*self.players[:after], DUMMY, *self.players[after:])

    def dealer(self, hand_number: int) -> str:
        """The dealer of a hand: the first dealer, then clockwise over the real players."""
        first = self.players.index(self.first_dealer)
        return self.players[(first + hand_number - 1) % 3]

    def bidding_order(self, hand_number: int) -> tuple[str, str, str]:
        """The real players from the dealer's left; the dealer bids last."""
        dealer = self.players.index(self.dealer(hand_number))
        return tuple(self.players[(dealer + step) % 3] for step in (1, 2, 3))

    def leader(self, hand_number: int) -> str:
        """The first bidder makes the opening lead."""
        return self.bidding_order(hand_number)[0]

    def hands(self) -> tuple[str, str, str, str]:
        """The four hands of a deal: the real players in seating order, then the dummy."""
        return (*self.players, DUMMY)


# --- one hand as entered --------------------------------------------------


@dataclass(frozen=True)
class Bid:
    """One real player's team bid and the hands they declared nil on."""

    player: str
    bid: int
    nil: tuple[str, ...] = ()


@dataclass(frozen=True)
class HandEntry:
    """What the table reports for one hand: the bids and the tricks of all four hands."""

    bids: tuple[Bid, Bid, Bid]
    tricks: tuple[tuple[str, int], ...]

    def tricks_of(self, hand: str) -> int:
        """Tricks taken by one hand (a player's name or DUMMY)."""
        return dict(self.tricks)[hand]

    def bid_of(self, player: str) -> Bid:
        """The bid a real player made."""
        return next(bid for bid in self.bids if bid.player == player)


def _find_hand(table: Table, value: object) -> str | None:
    """The canonical name of a hand given in any case, or None."""
    if isinstance(value, str) and value.strip().casefold() == DUMMY:
        return DUMMY
    return find_name(table.players, value)


def _hand_phrase(hand: str) -> Phrase:
    """How a hand is named in a sentence: "the dummy" or "Ann's hand"."""
    if hand == DUMMY:
        return phrase(N_("the dummy"))
    return phrase(N_("%(player)s's hand"), player=hand)


def _unknown_hand(value: object) -> Phrase:
    if isinstance(value, str) and value.strip():
        return phrase(N_("“%(name)s” is not a hand in this game."), name=value.strip())
    return phrase(N_("Name a player or “dummy”."))


def parse_hand(table: Table, data: object) -> HandEntry:
    """A hand entry from the API payload ``{"bids": [...], "tricks": {...}}``.

    :raises MalformedInput: listing every problem, with fields such as
        ``bids[1].bid`` or ``tricks.Ann``.
    """
    errors = ErrorCollector()
    if not isinstance(data, Mapping):
        data = {}
    bids = _parse_bids(table, data.get("bids"), errors)
    tricks = _parse_tricks(table, data.get("tricks"), errors)
    errors.raise_if_any()
    return HandEntry(bids, tricks)


def _parse_bids(table: Table, raw: object, errors: ErrorCollector) -> tuple[Bid, ...]:
    if not isinstance(raw, list) or len(raw) != 3:
        errors.add("bids", phrase(N_("Enter one bid for each of the three players.")))
    if not isinstance(raw, list):
        return ()
    bids = tuple(bid for index, item in enumerate(raw) if (bid := _parse_bid(table, index, item, errors)))
    named = [find_name(table.players, item.get("player")) for item in raw if isinstance(item, Mapping)]
    for player in table.players:
        if named.count(player) > 1:
            errors.add("bids", phrase(N_("%(player)s has bid twice."), player=player))
        elif named.count(player) == 0 and len(raw) == 3:
            errors.add("bids", phrase(N_("%(player)s has no bid."), player=player))
    return bids


def _parse_bid(table: Table, index: int, item: object, errors: ErrorCollector) -> Bid | None:
    field = f"bids[{index}]"
    if not isinstance(item, Mapping):
        errors.add(field, phrase(N_("Each bid needs a player and a number of tricks.")))
        return None
    player = find_name(table.players, item.get("player"))
    if player is None:
        value = item.get("player")
        if isinstance(value, str) and value.strip():
            message = phrase(N_("“%(name)s” is not a player in this game."), name=value.strip())
        else:
            message = phrase(N_("Choose the player who made this bid."))
        errors.add(f"{field}.player", message)
    bid = item.get("bid")
    if not _is_whole(bid, 0, TRICKS_PER_DEAL):
        errors.add(f"{field}.bid", phrase(N_("A bid is a whole number from 0 to 13.")))
    nil = _parse_nil(table, f"{field}.nil", player, item.get("nil"), errors)
    if player is None or nil is None or not _is_whole(bid, 0, TRICKS_PER_DEAL):
        return None
    return Bid(player, bid, nil)


def _parse_nil(
    table: Table, field: str, bidder: str | None, raw: object, errors: ErrorCollector
) -> tuple[str, ...] | None:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        errors.add(field, phrase(N_("List the hands declared nil: player names or “dummy”.")))
        return None
    hands: list[str] = []
    valid = True
    for value in raw:
        hand = _find_hand(table, value)
        if hand is None:
            errors.add(field, _unknown_hand(value))
        elif hand in hands and bidder is not None:
            errors.add(
                field,
                phrase(N_("%(bidder)s has declared nil on %(hand)s twice."), bidder=bidder, hand=_hand_phrase(hand)),
            )
        elif hand in hands:
            errors.add(field, phrase(N_("Nil is declared on %(hand)s twice."), hand=_hand_phrase(hand)))
        else:
            hands.append(hand)
            continue
        valid = False
    return tuple(hands) if valid else None


def _parse_tricks(table: Table, raw: object, errors: ErrorCollector) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, Mapping):
        errors.add("tricks", phrase(N_("Enter the tricks each hand took, the dummy included.")))
        return ()
    seen: set[str] = set()
    found: dict[str, int] = {}
    for key, value in raw.items():
        field = f"tricks.{key}"
        hand = _find_hand(table, key)
        if hand is None:
            errors.add(field, _unknown_hand(key))
        elif hand in seen:
            errors.add(field, phrase(N_("The tricks of %(hand)s are entered twice."), hand=_hand_phrase(hand)))
        elif not _is_whole(value, 0, TRICKS_PER_DEAL):
            errors.add(field, phrase(N_("Tricks are a whole number from 0 to 13.")))
        else:
            found[hand] = value
        if hand is not None:
            seen.add(hand)
    for hand in table.hands():
        if hand not in seen:
            errors.add("tricks", phrase(N_("Enter the tricks of %(hand)s."), hand=_hand_phrase(hand)))
    total = sum(found.values())
    if len(found) == 4 and total != TRICKS_PER_DEAL:
        errors.add("tricks", phrase(N_("The four hands took %(total)s tricks; they must take exactly 13."), total=total))
    return tuple((hand, found[hand]) for hand in table.hands() if hand in found)


def hand_to_dict(entry: HandEntry) -> dict:
    """The API payload of a hand entry; the inverse of `parse_hand`."""
    bids = []
    for bid in entry.bids:
        item: dict = {"player": bid.player, "bid": bid.bid}
        if bid.nil:
            item["nil"] = list(bid.nil)
        bids.append(item)
    return {"bids": bids, "tricks": dict(entry.tricks)}


# --- scoring one hand -----------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """A real player's running score and bags."""

    score: int = 0
    bags: int = 0


@dataclass(frozen=True)
class NilOutcome:
    """One nil declaration: whether it applies (A5) and what it scored."""

    bidder: str
    hand: str
    applies: bool
    made: bool | None
    points: int
    reason: Phrase


@dataclass(frozen=True)
class PlayerHand:
    """One real player's score for one hand; ``score`` and ``bags`` are running totals.

    ``delta == contract_points + nil_points + bag_penalty``; ``bag_penalty`` is 0 or negative.
    ``bags_reached`` is the bag count before the bag penalty took the limit off.
    """

    player: str
    role: Role
    bid: int
    team_tricks: int
    made: bool
    contract_points: int
    nil_points: int
    bags_added: int
    bag_penalty: int
    delta: int
    score: int
    bags: int
    bags_reached: int

    def has_bag_penalty(self) -> bool:
        """True if this player's bags reached the limit in this hand."""
        return self.bags_reached != self.bags


@dataclass(frozen=True)
class HandResult:
    """A scored hand: roles, nils, each player's points, and why."""

    number: int
    dealer: str
    bidding_order: tuple[str, str, str]
    leader: str
    declarer: str
    defenders: tuple[str, str]
    nils: tuple[NilOutcome, ...]
    players: tuple[PlayerHand, ...]
    entry: HandEntry
    explanation: tuple[Phrase, ...]

    def player(self, name: str) -> PlayerHand:
        """One real player's score for this hand.

        :raises KeyError: if nobody of that name played.
        """
        for player_hand in self.players:
            if player_hand.player == name:
                return player_hand
        raise KeyError(name)

    def explain(self, name: str) -> tuple[Phrase, ...]:
        """Plain-words lines for one player: contract, nils, bag penalty, total for the hand."""
        mine = self.player(name)
        lines = [_contract_line(mine, self.declarer)]
        lines += [nil.reason for nil in self.nils if nil.bidder == name]
        if mine.has_bag_penalty():
            lines.append(_bag_penalty_line(mine))
        lines.append(
            phrase(
                N_("%(player)s's score for this hand: %(delta)s. Total: %(score)s; bags: %(bags)s."),
                player=name,
                delta=_signed(mine.delta),
                score=mine.score,
                bags=mine.bags,
            )
        )
        return tuple(lines)


def _names_phrase(names: tuple[str, ...]) -> Phrase:
    """Two or three names joined: "Ann and Ben" or "Ann, Ben and Cid"."""
    if len(names) == 2:
        return phrase(N_("%(first)s and %(second)s"), first=names[0], second=names[1])
    return phrase(N_("%(first)s, %(second)s and %(third)s"), first=names[0], second=names[1], third=names[2])


def find_declarer(entry: HandEntry, order: tuple[str, str, str]) -> str:
    """The highest bidder; of tied bidders, the one who bid first (A4)."""
    highest = max(bid.bid for bid in entry.bids)
    return next(player for player in order if entry.bid_of(player).bid == highest)


def _declarer_line(entry: HandEntry, order: tuple[str, str, str], declarer: str) -> Phrase:
    highest = entry.bid_of(declarer).bid
    tied = tuple(player for player in order if entry.bid_of(player).bid == highest)
    if len(tied) == 1:
        return phrase(
            N_("%(declarer)s bid highest (%(bid)s), so %(declarer)s is declarer, partnered with the dummy."),
            declarer=declarer,
            bid=highest,
        )
    if len(tied) == 2:
        template = N_("%(players)s both bid %(bid)s; %(declarer)s bid first, so %(declarer)s is declarer.")
    else:
        template = N_("%(players)s all bid %(bid)s; %(declarer)s bid first, so %(declarer)s is declarer.")
    return phrase(template, players=_names_phrase(tied), bid=highest, declarer=declarer)


def assess_nil(entry: HandEntry, bidder: str, hand: str, declarer: str) -> NilOutcome:
    """Whether one nil declaration applies (A5), and its +100 or -100 (A7)."""
    if hand == DUMMY:
        applies = bidder == declarer
    else:
        applies = hand == bidder or declarer not in (bidder, hand)
    if not applies:
        if hand == DUMMY:
            reason = phrase(N_("%(bidder)s's nil on the dummy is void: %(bidder)s is a defender."), bidder=bidder)
        elif bidder == declarer:
            reason = phrase(
                N_("%(bidder)s's nil on %(hand)s's hand is void: %(bidder)s is declarer and %(hand)s defends."),
                bidder=bidder,
                hand=hand,
            )
        else:
            reason = phrase(N_("%(bidder)s's nil on %(hand)s's hand is void: %(hand)s is declarer."), bidder=bidder, hand=hand)
        return NilOutcome(bidder, hand, False, None, 0, reason)
    tricks = entry.tricks_of(hand)
    made = tricks == 0
    points = NIL_POINTS if made else -NIL_POINTS
    if hand == bidder:
        template = (
            N_("%(bidder)s's nil on their own hand applies. %(bidder)s took no tricks: %(points)s.")
            if made
            else N_("%(bidder)s's nil on their own hand applies. %(bidder)s took %(tricks)s of 13 tricks: %(points)s.")
        )
    elif hand == DUMMY:
        template = (
            N_("%(bidder)s's nil on the dummy applies: %(bidder)s is declarer. The dummy took no tricks: %(points)s.")
            if made
            else N_(
                "%(bidder)s's nil on the dummy applies: %(bidder)s is declarer. "
                "The dummy took %(tricks)s of 13 tricks: %(points)s."
            )
        )
    else:
        template = (
            N_("%(bidder)s's nil on %(hand)s's hand applies: both defend. %(hand)s took no tricks: %(points)s.")
            if made
            else N_(
                "%(bidder)s's nil on %(hand)s's hand applies: both defend. "
                "%(hand)s took %(tricks)s of 13 tricks: %(points)s."
            )
        )
    reason = phrase(template, bidder=bidder, hand=hand, tricks=tricks, points=_signed(points))
    return NilOutcome(bidder, hand, True, made, points, reason)


def _contract_line(mine: PlayerHand, declarer: str) -> Phrase:
    if mine.role is Role.DECLARER:
        team = phrase(N_("%(player)s and the dummy"), player=declarer)
    else:
        team = phrase(N_("The defenders"))
    values = {"team": team, "tricks": mine.team_tricks, "player": mine.player, "bid": mine.bid}
    if not mine.made:
        template = N_("%(team)s took %(tricks)s of 13 tricks against %(player)s's bid of %(bid)s: set, %(points)s.")
    elif mine.bags_added == 0:
        template = N_("%(team)s took %(tricks)s of 13 tricks against %(player)s's bid of %(bid)s: made, %(points)s.")
    elif mine.bags_added == 1:
        template = N_(
            "%(team)s took %(tricks)s of 13 tricks against %(player)s's bid of %(bid)s: "
            "made, %(base)s and 1 bag: %(points)s."
        )
    else:
        template = N_(
            "%(team)s took %(tricks)s of 13 tricks against %(player)s's bid of %(bid)s: "
            "made, %(base)s and %(bags)s bags: %(points)s."
        )
    return phrase(
        template,
        **values,
        base=_signed(10 * mine.bid),
        bags=mine.bags_added,
        points=_signed(mine.contract_points),
    )


def _bag_penalty_line(mine: PlayerHand) -> Phrase:
    if mine.bags == 0:
        template = N_("%(player)s's bags reached %(reached)s: %(points)s, no bags carry over.")
    elif mine.bags == 1:
        template = N_("%(player)s's bags reached %(reached)s: %(points)s, 1 bag carries over.")
    else:
        template = N_("%(player)s's bags reached %(reached)s: %(points)s, %(bags)s bags carry over.")
    return phrase(template, player=mine.player, reached=mine.bags_reached, points=_signed(mine.bag_penalty), bags=mine.bags)


def _contract(bid: int, tricks: int) -> tuple[bool, int, int]:
    """(made, points, bags) for a team bid against the team's tricks (A7)."""
    if tricks >= bid:
        return True, 10 * bid + tricks - bid, tricks - bid
    return False, -10 * bid, 0


def score_hand(
    table: Table, settings: Settings, number: int, entry: HandEntry, before: Mapping[str, Standing]
) -> HandResult:
    """Score hand `number` for every real player, starting from their standings `before`.

    :raises MalformedInput: if the entry does not fit the table.
    """
    entry = parse_hand(table, hand_to_dict(entry))
    order = table.bidding_order(number)
    declarer = find_declarer(entry, order)
    defenders = tuple(player for player in order if player != declarer)
    team_tricks = {
        Role.DECLARER: entry.tricks_of(declarer) + entry.tricks_of(DUMMY),
        Role.DEFENDER: sum(entry.tricks_of(player) for player in defenders),
    }
    nils = tuple(
        assess_nil(entry, bidder, hand, declarer) for bidder in order for hand in entry.bid_of(bidder).nil
    )
    players = tuple(
        _score_player(settings, entry.bid_of(player), declarer, team_tricks, nils, before[player])
        for player in table.players
    )
    explanation = (
        phrase(N_("%(dealer)s deals; %(leader)s bids first and leads."), dealer=table.dealer(number), leader=order[0]),
        _declarer_line(entry, order, declarer),
        phrase(N_("%(defenders)s defend together."), defenders=_names_phrase(defenders)),
        phrase(
            N_("%(declarer)s and the dummy took %(declarer_tricks)s of 13 tricks; the defenders took %(defender_tricks)s."),
            declarer=declarer,
            declarer_tricks=team_tricks[Role.DECLARER],
            defender_tricks=team_tricks[Role.DEFENDER],
        ),
    )
    return HandResult(
        number, table.dealer(number), order, order[0], declarer, defenders, nils, players, entry, explanation
    )


def _score_player(
    settings: Settings,
    bid: Bid,
    declarer: str,
    team_tricks: Mapping[Role, int],
    nils: tuple[NilOutcome, ...],
    before: Standing,
) -> PlayerHand:
    role = Role.DECLARER if bid.player == declarer else Role.DEFENDER
    made, contract_points, bags_added = _contract(bid.bid, team_tricks[role])
    nil_points = sum(nil.points for nil in nils if nil.bidder == bid.player)
    bags_reached = before.bags + bags_added
    limits = bags_reached // settings.bag_limit if settings.bag_limit else 0
    bag_penalty = -settings.bag_penalty * limits
    delta = contract_points + nil_points + bag_penalty
    return PlayerHand(
        player=bid.player,
        role=role,
        bid=bid.bid,
        team_tricks=team_tricks[role],
        made=made,
        contract_points=contract_points,
        nil_points=nil_points,
        bags_added=bags_added,
        bag_penalty=bag_penalty,
        delta=delta,
        score=before.score + delta,
        bags=bags_reached - settings.bag_limit * limits,
        bags_reached=bags_reached,
    )


# --- the game -------------------------------------------------------------


class Game:
    """A game as a replayable log of hand entries (like python-chess's move stack)."""

    def __init__(self, table: Table, settings: Settings, entries: Iterable[HandEntry] = ()):
        self.table = table
        self.settings = settings
        self._replay(tuple(entries))

    def _replay(self, entries: tuple[HandEntry, ...]) -> None:
        """Score `entries` from scratch; those recorded after the game ended are kept unscored."""
        self.entries: tuple[HandEntry, ...] = ()
        self.hands: tuple[HandResult, ...] = ()
        self.after_end: tuple[int, ...] = ()
        for entry in entries:
            if self.is_over():
                self.entries += (entry,)
                self.after_end += (len(self.entries),)
            else:
                self.add(entry)

    def add(self, entry: HandEntry) -> HandResult:
        """Score and record the next hand.

        :raises NotAllowed: if the game is over.
        :raises MalformedInput: if the entry does not fit the table.
        """
        if self.is_over():
            raise NotAllowed.single("game", phrase(N_("This game is over: %(winner)s has won."), winner=self.winner()))
        result = score_hand(self.table, self.settings, self.next_hand_number(), entry, self.totals())
        self.entries += (result.entry,)
        self.hands += (result,)
        return result

    def replace(self, number: int, entry: HandEntry) -> None:
        """Replace recorded hand `number` (from 1) and re-score every hand.

        :raises NotAllowed: if there is no such hand.
        :raises MalformedInput: if the entry does not fit the table.
        """
        if not 1 <= number <= len(self.entries):
            raise NotAllowed.single("number", phrase(N_("There is no hand %(number)s."), number=number))
        entries = self.entries
        try:
            self._replay(entries[: number - 1] + (entry,) + entries[number:])
        except MalformedInput:
            self._replay(entries)
            raise

    def undo(self) -> HandEntry:
        """Remove the last recorded hand and return it.

        :raises NotAllowed: if no hand has been recorded.
        """
        if not self.entries:
            raise NotAllowed.single("game", phrase(N_("There is no hand to undo.")))
        last = self.entries[-1]
        self._replay(self.entries[:-1])
        return last

    def totals(self) -> dict[str, Standing]:
        """Every real player's score and bags, in seating order."""
        if not self.hands:
            return {player: Standing() for player in self.table.players}
        return {mine.player: Standing(mine.score, mine.bags) for mine in self.hands[-1].players}

    def leaders(self) -> tuple[str, ...]:
        """The players sharing the highest score, in seating order."""
        totals = self.totals()
        top = max(standing.score for standing in totals.values())
        return tuple(player for player, standing in totals.items() if standing.score == top)

    def winner(self) -> str | None:
        """The single highest score at or above the target (A8), or None."""
        leaders = self.leaders()
        if len(leaders) == 1 and self.totals()[leaders[0]].score >= self.settings.target:
            return leaders[0]
        return None

    def is_over(self) -> bool:
        """True once somebody has won."""
        return self.winner() is not None

    def status_line(self) -> Phrase:
        """Who has won, a tie at the top past the target, or the target to reach."""
        winner = self.winner()
        top = self.totals()[self.leaders()[0]].score
        if winner is not None:
            return phrase(N_("%(winner)s wins with %(score)s."), winner=winner, score=top)
        if top >= self.settings.target:
            return phrase(
                N_("%(players)s are tied on %(score)s at the top: play continues."),
                players=_names_phrase(self.leaders()),
                score=top,
            )
        return phrase(N_("First to %(target)s wins."), target=self.settings.target)

    def next_hand_number(self) -> int:
        """The number the next recorded hand gets."""
        return len(self.entries) + 1

    def next_dealer(self) -> str:
        """Who deals the next hand."""
        return self.table.dealer(self.next_hand_number())

    def next_bidding_order(self) -> tuple[str, str, str]:
        """The bidding order of the next hand."""
        return self.table.bidding_order(self.next_hand_number())

    def next_leader(self) -> str:
        """Who makes the opening lead of the next hand."""
        return self.table.leader(self.next_hand_number())
