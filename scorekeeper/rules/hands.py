"""What both Spades games share: a hand as bids and tricks, standings with bags, the bag penalty, and
the game as a log of hands dealt, bid and led in turn (docs/rules.md A2, A6, A7; C1, C3).

Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar

from . import log
from .phrases import N_, Phrase, Signed, phrase


class Bidder(Protocol):
    """A bid names the player who made it."""

    @property
    def player(self) -> str: ...


BidT = TypeVar("BidT", bound=Bidder)
HandT = TypeVar("HandT")
ResultT = TypeVar("ResultT")
WaitingT = TypeVar("WaitingT")


@dataclass(frozen=True)
class Hand(Generic[BidT]):
    """What the table reports for one hand: every bid, and the tricks each hand took.

    No tricks: the hand is being played, its bids recorded as the bidding ended.
    """

    bids: tuple[BidT, ...]
    tricks: tuple[tuple[str, int], ...] = ()

    @property
    def complete(self) -> bool:
        """Whether the tricks are entered (else the hand waits for them)."""
        return bool(self.tricks)

    # Plain loops over three or four pairs: scoring a hand asks a dozen times, and a loop costs less than
    # building a dict or a generator each time.
    def tricks_of(self, hand: str) -> int:
        """Tricks one hand took."""
        for name, tricks in self.tricks:
            if name == hand:
                return tricks
        raise KeyError(hand)

    def bid_of(self, player: str) -> BidT:
        """The bid a player made."""
        for bid in self.bids:
            if bid.player == player:
                return bid
        raise KeyError(player)


@dataclass(frozen=True)
class Standing(log.Standing):
    """A running score and bags (a player's in Dummy Hand Spades, a team's in four-player Spades)."""

    bags: int = 0


@dataclass(frozen=True)
class Seats:
    """The players who bid, clockwise, and who deals first; the deal and the bidding go round them (A2, C1)."""

    players: tuple[str, ...]
    first_dealer: str

    def dealer(self, hand_number: int) -> str:
        """The dealer of a hand: the first dealer, then clockwise."""
        first = self.players.index(self.first_dealer)
        return self.players[(first + hand_number - 1) % len(self.players)]

    def bidding_order(self, hand_number: int) -> tuple[str, ...]:
        """Everyone from the dealer's left; the dealer bids last."""
        dealer = self.players.index(self.dealer(hand_number))
        count = len(self.players)
        return tuple(self.players[(dealer + step) % count] for step in range(1, count + 1))

    def leader(self, hand_number: int) -> str:
        """The first bidder makes the opening lead."""
        return self.bidding_order(hand_number)[0]


@dataclass(frozen=True)
class Deal:
    """Which hand of the game, who dealt it, the order of the bids and who leads (A2, C1): what both games' scored
    hands and biddings start with."""

    number: int
    dealer: str
    bidding_order: tuple[str, ...]
    leader: str

    def dealt_line(self) -> Phrase:
        """ "Ann deals; Ben bids first and leads." """
        return phrase(N_("%(dealer)s deals; %(leader)s bids first and leads."), dealer=self.dealer, leader=self.leader)


def bag_penalty(bags_reached: int, limit: int, penalty: int) -> tuple[int, int]:
    """The bag penalty (0 or negative) once bags reach `bags_reached`, and the bags that carry over (A7, C3).

    Every full `limit` reached costs `penalty`; a limit of 0 turns penalties off.

    >>> bag_penalty(12, 10, 100), bag_penalty(22, 10, 100), bag_penalty(9, 10, 100), bag_penalty(22, 0, 100)
    ((-100, 2), (-200, 2), (0, 9), (0, 22))
    """
    limits = bags_reached // limit if limit else 0
    return -penalty * limits, bags_reached - limit * limits


class BagRules(Protocol):
    """The settings a hand's bags are counted by."""

    @property
    def bag_limit(self) -> int: ...

    @property
    def bag_penalty(self) -> int: ...


@dataclass(frozen=True)
class Tally:
    """What a player (Dummy Hand) or a team (four-player Spades) ends a hand with; each game's result adds who
    it is and how its tricks were counted.

    ``delta == contract_points + nil_points + bag_penalty``; ``bag_penalty`` is 0 or negative; ``score`` and
    ``bags`` are running totals; ``bags_reached`` is the bag count before the bag penalty took the limit off.
    """

    contract: int
    made: bool
    contract_points: int
    nil_points: int
    bags_added: int
    bag_penalty: int
    delta: int
    score: int
    bags: int
    bags_reached: int

    @classmethod
    def settle(
        cls, before: Standing, rules: BagRules, *, contract: int, judged: int, nil_points: int, uncounted: int = 0,
        **side: Any,
    ) -> Self:
        """Judge the `judged` tricks against `contract` (A7, C3) from the standing `before`; `side` names who scores.

        Made: 10 a trick bid, and a bag for every trick over, the `uncounted` ones (a failed Nil's, C3) too;
        set: -10 a trick bid. Then the bag penalty, if the bags reach the limit.
        """
        made = judged >= contract
        bags_added = judged - contract + uncounted if made else 0
        contract_points = 10 * contract + bags_added if made else -10 * contract
        bags_reached = before.bags + bags_added
        penalty, bags = bag_penalty(bags_reached, rules.bag_limit, rules.bag_penalty)
        delta = contract_points + nil_points + penalty
        return cls(
            contract=contract, made=made, contract_points=contract_points, nil_points=nil_points,
            bags_added=bags_added, bag_penalty=penalty, delta=delta, score=before.score + delta, bags=bags,
            bags_reached=bags_reached, **side,
        )

    def has_bag_penalty(self) -> bool:
        """True if the bags reached the limit in this hand."""
        return self.bags_reached != self.bags


@dataclass(frozen=True)
class TallyWords:
    """How a game names who scores (``%(player)s`` or ``%(team)s``) in the last lines of a hand's explanation."""

    name_key: str
    no_bag_carries: str
    one_bag_carries: str
    bags_carry: str
    total: str


def tally_lines(name: str, side: Tally, words: TallyWords) -> list[Phrase]:
    """The bag penalty when the bags reached the limit (A7, C3), then the hand's score, total and bags."""
    named: dict[str, str] = {words.name_key: name}
    lines = []
    if side.has_bag_penalty():
        carry = {0: words.no_bag_carries, 1: words.one_bag_carries}.get(side.bags, words.bags_carry)
        lines.append(phrase(carry, **named, reached=side.bags_reached, points=Signed(side.bag_penalty), bags=side.bags))
    lines.append(phrase(words.total, **named, delta=Signed(side.delta), score=side.score, bags=side.bags))
    return lines


class Table(log.Table, Protocol):
    """A Spades table: besides who deals, who bids in which order and who leads."""

    def bidding_order(self, number: int) -> tuple[str, ...]:
        """The players from the dealer's left; the dealer bids last."""
        ...

    def leader(self, number: int) -> str:
        """Who makes the opening lead of hand `number`: the first bidder."""
        ...


class HandLimited(log.Settings, Protocol):
    """Settings that may end a game after a number of complete hands (a club night's tables)."""

    @property
    def hand_limit(self) -> int | None: ...


class HandLog(log.Log[HandT, ResultT, WaitingT]):
    """A Spades game as a log of hands, each waiting for its tricks at most while it is the last."""

    NO_SUCH_ENTRY = N_("There is no hand %(number)s.")
    NOTHING_TO_UNDO = N_("There is no hand to undo.")
    WAITING = N_("Hand %(number)s is waiting for its tricks: enter them (or undo the hand) first.")
    ONLY_LAST_WAITS = N_("Only the last hand can wait for its tricks: enter the tricks of hand %(number)s.")
    HAS_WON = N_("This game is over: %(winner)s has won.")
    """What an entry after the winner's hand hears (a team "have won")."""
    table: Table
    settings: HandLimited

    def __init__(self, table: Table, settings: HandLimited, entries: Iterable[HandT] = ()) -> None:
        self.table = table
        self.settings = settings
        super().__init__(entries)

    def is_over(self) -> bool:
        """True once a player or team has won, or the game has had its hands (a tie at the top then stays a tie)."""
        return self.winner() is not None or self.hand_limit_reached()

    def refusal_when_over(self) -> Phrase:
        winner = self.winner()
        if winner is None:
            return phrase(N_("This game is over: it has had its %(hands)s hands."), hands=self.scored_hands())
        return phrase(self.HAS_WON, winner=winner)

    @property
    def hands(self) -> tuple[ResultT, ...]:
        """The scored hands."""
        return self.results

    def scored_hands(self) -> int:
        """How many hands are scored: recorded, complete, and not after the end."""
        return self.next_number() - 1 - len(self.after_end) - (1 if self.waiting is not None else 0)

    def hand_limit_reached(self) -> bool:
        """Whether the game has had the complete hands its settings allow (never, without a limit)."""
        limit = self.settings.hand_limit
        return limit is not None and self.scored_hands() >= limit

    def hand_limit(self) -> int | None:
        return self.settings.hand_limit

    def page_facts(self) -> dict[str, Any]:
        """Who bids in which order in the hand the page's form is for (the one waiting for its tricks, else the
        next: the order of the form's bid rows) and who leads; None once the game is over."""
        over = self.is_over()
        number = self.waiting_number() or self.next_hand_number()
        return {
            "next_bidding_order": None if over else list(self.table.bidding_order(number)),
            "next_leader": None if over else self.table.leader(number),
        }

    def leaders(self) -> tuple[str, ...]:
        """The players (or teams) sharing the highest score, in seating order."""
        totals = self.totals()
        top = max(standing.score for standing in totals.values())
        return tuple(name for name, standing in totals.items() if standing.score == top)

    def next_hand_number(self) -> int:
        """The number the next recorded hand gets."""
        return self.next_number()

    def next_bidding_order(self) -> tuple[str, ...]:
        """The bidding order of the next hand."""
        return self.table.bidding_order(self.next_hand_number())

    def next_leader(self) -> str:
        """Who makes the opening lead of the next hand."""
        return self.table.leader(self.next_hand_number())
