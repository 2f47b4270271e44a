"""Dummy Hand Spades: scoring one hand, with a plain-words explanation of every number.

docs/rules.md A4 to A7, and A11 for the styles. Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from ..errors import MalformedInput
from ..hands import Deal, Standing, Tally, TallyWords, tally_lines
from ..names import names_phrase
from ..phrases import N_, ParamValue, Phrase, Signed, phrase
from .entry import Bid, HandEntry
from .styles import check_bids, contracts, dummy_spades, spadeless_nils
from .table import DUMMY, Settings, Style, Table

NIL_POINTS: Final = 100


class Role(StrEnum):
    """A real player's side for one hand."""

    DECLARER = "declarer"
    DEFENDER = "defender"


@dataclass(frozen=True)
class NilOutcome:
    """One nil declaration: whether it applies (A5) and what it scored.

    ``tricks`` is what the nil hand took, for a nil that applies once the hand is played (None before the play,
    and for a void nil); ``declarer`` says why a nil is void. Whether it was made and its points follow from them.
    ``spadeless``: a Mirror nil, made by a hand without spades rather than declared (A11).
    """

    bidder: str
    hand: str
    declarer: str
    applies: bool
    tricks: int | None = None
    spadeless: bool = False

    @property
    def made(self) -> bool | None:
        """Whether the nil hand took no trick; None until an applying nil is played, and for a void one."""
        return None if self.tricks is None else self.tricks == 0

    @property
    def points(self) -> int:
        """+100 for a nil made, -100 for one failed, 0 otherwise (A7)."""
        return 0 if self.made is None else NIL_POINTS if self.made else -NIL_POINTS

    @property
    def reason(self) -> Phrase:
        """Why it applies or is void, and once played what it scored, in plain words (built when asked for)."""
        if not self.applies:
            return _void_nil_reason(self.bidder, self.hand, self.declarer)
        if self.spadeless:
            return _spadeless_nil_reason(self.bidder, self.hand, self.tricks, self.points)
        if self.tricks is None:
            return _applying_nil_reason(self.bidder, self.hand)
        return _played_nil_reason(self.bidder, self.hand, self.tricks, self.points)


@dataclass(frozen=True)
class PlayerHand(Tally):
    """One real player's score for one hand (see `Tally`).

    ``contract`` is what made or set is judged by: the bid, or in Mirror the team's spades (A11).
    """

    player: str
    role: Role
    bid: int
    team_tricks: int


@dataclass(frozen=True)
class _Declared(Deal):
    """A hand whose bids are in: who declares, who defends, the nils and, in Mirror, the dummy's spades."""

    declarer: str
    defenders: tuple[str, ...]
    nils: tuple[NilOutcome, ...]
    entry: HandEntry
    dummy_spades: int | None  # the dummy's spades in Mirror, None in the other styles

    def _sides_lines(self) -> tuple[Phrase, ...]:
        return (
            self.dealt_line(),
            _declarer_line(self.entry, self.bidding_order, self.declarer),
            phrase(N_("%(defenders)s defend together."), defenders=names_phrase(self.defenders)),
            *_mirror_lines(self.entry, self.declarer, self.defenders, self.dummy_spades),
        )


@dataclass(frozen=True)
class HandResult(_Declared):
    """A scored hand: roles, nils, each player's points, and why."""

    players: tuple[PlayerHand, ...]

    @property
    def explanation(self) -> tuple[Phrase, ...]:
        """Who dealt, declared and defended, and how the tricks fell, in plain words (built when asked for)."""
        return (
            *self._sides_lines(),
            phrase(
                N_(
                    "%(declarer)s and the dummy took %(declarer_tricks)s of 13 tricks; "
                    "the defenders took %(defender_tricks)s."
                ),
                declarer=self.declarer,
                declarer_tricks=self.player(self.declarer).team_tricks,
                defender_tricks=self.player(self.defenders[0]).team_tricks,
            ),
        )

    def player(self, name: str) -> PlayerHand:
        """One real player's score for this hand.

        :raises KeyError: if nobody of that name played.
        """
        for player_hand in self.players:
            if player_hand.player == name:
                return player_hand
        raise KeyError(name)

    def tricks_taken(self, name: str) -> int:
        """The tricks the player called *name* took: their own hand's, and the dummy's too for the declarer."""
        return self.entry.tricks_of(name) + (self.entry.tricks_of(DUMMY) if name == self.declarer else 0)

    def explain(self, name: str) -> tuple[Phrase, ...]:
        """Plain-words lines for one player: contract, nils, bag penalty, total for the hand."""
        mine = self.player(name)
        lines = [_contract_line(mine, self.declarer, mirror=self.dummy_spades is not None)]
        lines += [nil.reason for nil in self.nils if nil.bidder == name]
        return tuple(lines + tally_lines(name, mine, _TALLY_WORDS))


@dataclass(frozen=True)
class Bidding(_Declared):
    """A hand whose bids are recorded and whose tricks are not yet: what the bidding decides.

    ``nils`` say which apply (``made`` None, no points yet) and which are
    void, and why. ``contracts`` give each real player's contract (A7, A11).
    """

    contracts: tuple[tuple[str, int], ...]

    @property
    def explanation(self) -> tuple[Phrase, ...]:
        """Who deals, bids first and declares, and who defends, in plain words (built when asked for)."""
        return self._sides_lines()

    @property
    def sides(self) -> Phrase:
        """Who plays with whom: "Ann and the dummy against Ben & Cid"."""
        return phrase(N_("%(declarer)s and the dummy against %(defenders)s"),
                      declarer=self.declarer, defenders=" & ".join(self.defenders))

    def nils_to_say(self, style: Style) -> tuple[NilOutcome, ...]:
        """The nils worth saying while the tricks are to come: all of them, but in Suicide only those that apply (a
        nil on "partner's hand" is declared on three hands, of which only the one that applies is news)."""
        return tuple(nil for nil in self.nils if nil.applies or style != Style.SUICIDE)

    def contract_of(self, player: str) -> int:
        """The number `player`'s made or set will be judged by."""
        return dict(self.contracts)[player]

    def role(self, player: str) -> Role:
        """Whether `player` declares or defends in this hand."""
        return Role.DECLARER if player == self.declarer else Role.DEFENDER

    @property
    def summary(self) -> tuple[Phrase, ...]:
        """What the bids decide, in words, before the nils: in Mirror the dummy's spades, then each side's
        contract (A11); in the other styles what each side needs."""
        if self.dummy_spades is not None:
            return _mirror_lines(self.entry, self.declarer, self.defenders, self.dummy_spades)
        return self.needs

    @property
    def needs(self) -> tuple[Phrase, ...]:
        """What each side needs, in words: the declarer's contract, then the defenders'."""
        if self.dummy_spades is not None:
            return _mirror_contract_lines(self.entry, self.declarer, self.defenders, self.dummy_spades)
        return (
            phrase(N_("%(declarer)s and the dummy need %(tricks)s of the 13 tricks."),
                   declarer=self.declarer, tricks=self.entry.bid_of(self.declarer).bid),
            _defenders_need(self.entry, self.defenders),
        )


def find_declarer(entry: HandEntry, order: tuple[str, ...]) -> str:
    """The highest bidder; of tied bidders, the one who bid first (A4)."""
    highest = max(bid.bid for bid in entry.bids)
    return next(player for player in order if entry.bid_of(player).bid == highest)


def _declarer_line(entry: HandEntry, order: tuple[str, ...], declarer: str) -> Phrase:
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
    return phrase(template, players=names_phrase(tied), bid=highest, declarer=declarer)


def nil_applies(bidder: str, hand: str, declarer: str) -> bool:
    """Whether a nil declared by `bidder` on `hand` applies once `declarer` is known (A5)."""
    if hand == DUMMY:
        return bidder == declarer
    return hand == bidder or declarer not in (bidder, hand)


def declare_nil(bidder: str, hand: str, declarer: str) -> NilOutcome:
    """One nil declaration as the bidding leaves it: void, or applying and not yet played."""
    return NilOutcome(bidder, hand, declarer, nil_applies(bidder, hand, declarer))


def assess_nil(entry: HandEntry, declared: NilOutcome) -> NilOutcome:
    """A nil declaration as the bidding left it (`declare_nil`), played: its +100 or -100 if it applies (A7)."""
    if not declared.applies:
        return declared
    return replace(declared, tricks=entry.tricks_of(declared.hand))


def _void_nil_reason(bidder: str, hand: str, declarer: str) -> Phrase:
    if hand == DUMMY:
        return phrase(N_("%(bidder)s's nil on the dummy is void: %(bidder)s is a defender."), bidder=bidder)
    if bidder == declarer:
        return phrase(
            N_("%(bidder)s's nil on %(hand)s's hand is void: %(bidder)s is declarer and %(hand)s defends."),
            bidder=bidder,
            hand=hand,
        )
    return phrase(N_("%(bidder)s's nil on %(hand)s's hand is void: %(hand)s is declarer."), bidder=bidder, hand=hand)


def _applying_nil_reason(bidder: str, hand: str) -> Phrase:
    if hand == bidder:
        template = N_("%(bidder)s's nil on their own hand applies: %(bidder)s must take no tricks.")
    elif hand == DUMMY:
        template = N_("%(bidder)s's nil on the dummy applies: %(bidder)s is declarer. The dummy must take no tricks.")
    else:
        template = N_("%(bidder)s's nil on %(hand)s's hand applies: both defend. %(hand)s must take no tricks.")
    return phrase(template, bidder=bidder, hand=hand)


def _played_nil_reason(bidder: str, hand: str, tricks: int, points: int) -> Phrase:
    made = tricks == 0
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
    return phrase(template, bidder=bidder, hand=hand, tricks=tricks, points=Signed(points))


def _contract_line(mine: PlayerHand, declarer: str, *, mirror: bool) -> Phrase:
    if mine.role is Role.DECLARER:
        team = phrase(N_("%(player)s and the dummy"), player=declarer)
    else:
        team = phrase(N_("The defenders"))
    values: dict[str, ParamValue] = {"team": team, "tricks": mine.team_tricks, "player": mine.player, "bid": mine.bid}
    if mirror:
        template = _MIRROR_CONTRACT_TEMPLATES[min(mine.bags_added, 2) if mine.made else -1]
        return phrase(template, **values, contract=mine.contract, base=Signed(10 * mine.contract),
                      bags=mine.bags_added, points=Signed(mine.contract_points))
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
        base=Signed(10 * mine.bid),
        bags=mine.bags_added,
        points=Signed(mine.contract_points),
    )


_MIRROR_CONTRACT_TEMPLATES: Final = {
    -1: N_("%(team)s took %(tricks)s of 13 tricks against a contract of %(contract)s: set, %(points)s."),
    0: N_("%(team)s took %(tricks)s of 13 tricks against a contract of %(contract)s: made, %(points)s."),
    1: N_("%(team)s took %(tricks)s of 13 tricks against a contract of %(contract)s: "
          "made, %(base)s and 1 bag: %(points)s."),
    2: N_("%(team)s took %(tricks)s of 13 tricks against a contract of %(contract)s: "
          "made, %(base)s and %(bags)s bags: %(points)s."),
}


def _mirror_lines(
    entry: HandEntry, declarer: str, defenders: tuple[str, ...], spades: int | None
) -> tuple[Phrase, ...]:
    """In Mirror: the dummy's spades, then each side's contract; nothing in the other styles."""
    if spades is None:
        return ()
    if spades == 0:
        held = phrase(N_("The dummy holds no spades: 13 minus the three bids."))
    elif spades == 1:
        held = phrase(N_("The dummy holds 1 spade: 13 minus the three bids."))
    else:
        held = phrase(N_("The dummy holds %(spades)s spades: 13 minus the three bids."), spades=spades)
    return (held, *_mirror_contract_lines(entry, declarer, defenders, spades))


def _mirror_contract_lines(
    entry: HandEntry, declarer: str, defenders: tuple[str, ...], spades: int
) -> tuple[Phrase, ...]:
    first, second = (entry.bid_of(player).bid for player in defenders)
    bid = entry.bid_of(declarer).bid
    return (
        phrase(
            N_("%(declarer)s declares with the dummy: %(bid)s + %(dummy)s spades = %(contract)s tricks to make."),
            declarer=declarer, bid=bid, dummy=spades, contract=bid + spades,
        ),
        phrase(
            N_("%(defenders)s defend: %(first)s + %(second)s spades = %(contract)s tricks to make."),
            defenders=names_phrase(defenders), first=first, second=second, contract=first + second,
        ),
    )


def _spadeless_nil_reason(bidder: str, hand: str, tricks: int | None, points: int) -> Phrase:
    if hand == DUMMY:
        if tricks is None:
            template = N_("The dummy holds no spades: a nil for %(bidder)s, the declarer. "
                          "The dummy must take no tricks.")
        elif tricks == 0:
            template = N_("The dummy held no spades: a nil for %(bidder)s, the declarer. "
                          "The dummy took no tricks: %(points)s.")
        else:
            template = N_("The dummy held no spades: a nil for %(bidder)s, the declarer. "
                          "The dummy took %(tricks)s of 13 tricks: %(points)s.")
    elif tricks is None:
        template = N_("%(bidder)s holds no spades: a nil on their own hand. %(bidder)s must take no tricks.")
    elif tricks == 0:
        template = N_("%(bidder)s held no spades: a nil on their own hand. %(bidder)s took no tricks: %(points)s.")
    else:
        template = N_("%(bidder)s held no spades: a nil on their own hand. "
                      "%(bidder)s took %(tricks)s of 13 tricks: %(points)s.")
    return phrase(template, bidder=bidder, tricks=tricks or 0, points=Signed(points))


_TALLY_WORDS: Final = TallyWords(
    "player",
    N_("%(player)s's bags reached %(reached)s: %(points)s, no bags carry over."),
    N_("%(player)s's bags reached %(reached)s: %(points)s, 1 bag carries over."),
    N_("%(player)s's bags reached %(reached)s: %(points)s, %(bags)s bags carry over."),
    N_("%(player)s's score for this hand: %(delta)s. Total: %(score)s; bags: %(bags)s."),
)


def decide_bids(table: Table, settings: Settings, number: int, entry: HandEntry) -> Bidding:
    """What the bids of hand `number` decide before its play: declarer, defenders, nils, contracts.

    :raises MalformedInput: if the bids name other players than the table's.
    :raises NotAllowed: if the bids break the game's style (A11).
    """
    if {bid.player for bid in entry.bids} != set(table.players):
        raise MalformedInput.single("bids", phrase(N_("This hand was entered for other players.")))
    check_bids(table, settings.style, entry)
    order = table.bidding_order(number)
    declarer = find_declarer(entry, order)
    defenders = tuple(player for player in order if player != declarer)
    if settings.style is Style.MIRROR:
        nils = tuple(
            NilOutcome(bidder, hand, declarer, applies=True, spadeless=True)
            for bidder, hand in spadeless_nils(entry, order, declarer)
        )
        spades: int | None = dummy_spades(entry)
    else:
        nils = tuple(declare_nil(bidder, hand, declarer) for bidder in order for hand in entry.bid_of(bidder).nil)
        spades = None
    contract = tuple(contracts(settings.style, entry, declarer, defenders).items())
    return Bidding(number, table.dealer(number), order, order[0], declarer, defenders, nils, entry, spades, contract)


def _defenders_need(entry: HandEntry, defenders: tuple[str, ...]) -> Phrase:
    first, second = (entry.bid_of(player) for player in defenders)
    if first.bid == second.bid:
        return phrase(N_("%(defenders)s need %(tricks)s of the 13 tricks between them."),
                      defenders=names_phrase(defenders), tricks=first.bid)
    return phrase(
        N_("%(defenders)s need %(first_tricks)s of the 13 tricks for %(first)s's bid "
           "and %(second_tricks)s for %(second)s's."),
        defenders=names_phrase(defenders), first=first.player, first_tricks=first.bid,
        second=second.player, second_tricks=second.bid,
    )


def score_hand(
    table: Table, settings: Settings, number: int, entry: HandEntry, before: Mapping[str, Standing]
) -> HandResult:
    """Score hand `number` for every real player, starting from their standings `before`.

    `entry` comes from `parse_hand` for this table, which has checked it.

    :raises MalformedInput: if the entry names other players than the table's.
    """
    if {hand for hand, _ in entry.tricks} != set(table.hands()):
        raise MalformedInput.single("bids", phrase(N_("This hand was entered for other players.")))
    bidding = decide_bids(table, settings, number, entry)
    order, declarer, defenders = bidding.bidding_order, bidding.declarer, bidding.defenders
    team_tricks = {
        Role.DECLARER: entry.tricks_of(declarer) + entry.tricks_of(DUMMY),
        Role.DEFENDER: sum(entry.tricks_of(player) for player in defenders),
    }
    nils = tuple(assess_nil(entry, declared) for declared in bidding.nils)
    players = tuple(
        _score_player(
            settings, entry.bid_of(player), bidding.contract_of(player), declarer, team_tricks, nils, before[player]
        )
        for player in table.players
    )
    return HandResult(
        number, bidding.dealer, order, bidding.leader, declarer, defenders, nils, entry, bidding.dummy_spades, players
    )


def _score_player(
    settings: Settings,
    bid: Bid,
    contract: int,
    declarer: str,
    team_tricks: Mapping[Role, int],
    nils: tuple[NilOutcome, ...],
    before: Standing,
) -> PlayerHand:
    role = Role.DECLARER if bid.player == declarer else Role.DEFENDER
    return PlayerHand.settle(
        before, settings, contract=contract, judged=team_tricks[role],
        nil_points=sum(nil.points for nil in nils if nil.bidder == bid.player),
        player=bid.player, role=role, bid=bid.bid, team_tricks=team_tricks[role],
    )
