"""Four-player Spades: a scored hand, and every number of it in plain words.

docs/rules.md C3. Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Generic, Protocol, TypeVar

from ..hands import Deal, Tally, TallyWords, tally_lines
from ..phrases import N_, ParamValue, Phrase, Signed, phrase
from .entry import Bid, HandEntry, Nil
from .table import Team


@dataclass(frozen=True)
class NilOutcome:
    """One Nil or Blind Nil and what it scored for the bidder's team."""

    player: str
    team: str
    blind: bool
    tricks: int
    made: bool
    points: int


@dataclass(frozen=True)
class TeamBid:
    """One team's contract as the bidding leaves it."""

    team: Team
    contract: int

    @property
    def name(self) -> str:
        """The team's name: "Ann & Cid"."""
        return self.team.name


@dataclass(frozen=True)
class TeamHand(Tally, TeamBid):
    """One team's contract played: its score for one hand (see `Tally`).

    ``tricks`` is what both partners took; ``counted`` is what counts toward the
    contract (less a Nil bidder's tricks when "failed nil helps the contract" is off).
    """

    tricks: int
    counted: int


class _Named(Protocol):
    @property
    def name(self) -> str: ...


SideT = TypeVar("SideT", bound=_Named)
NilT = TypeVar("NilT")


@dataclass(frozen=True)
class _TeamsDeal(Deal, Generic[SideT, NilT]):
    """A hand of two teams (their scores or their contracts), with its Nils."""

    teams: tuple[SideT, SideT]
    nils: tuple[NilT, ...]
    entry: HandEntry

    @property
    def explanation(self) -> tuple[Phrase, ...]:
        """Who deals and leads, in plain words (built when asked for)."""
        return (self.dealt_line(),)

    def team(self, name: str) -> SideT:
        """One team's score or contract for this hand.

        :raises KeyError: if no team has that name.
        """
        found = next((team for team in self.teams if team.name == name), None)
        if found is None:
            raise KeyError(name)
        return found


@dataclass(frozen=True)
class HandResult(_TeamsDeal[TeamHand, NilOutcome]):
    """A scored hand: both teams' points, every Nil, and why."""

    def explain(self, name: str) -> tuple[Phrase, ...]:
        """Plain-words lines for one team: bids, contract, Nils, bag penalty, total for the hand."""
        mine = self.team(name)
        lines = [
            _bids_line(self.entry, mine.team, mine.contract, self.bid_label),
            _contract_line(mine, tuple(nil for nil in self.nils if nil.team == name)),
        ]
        lines += [_nil_line(nil) for nil in self.nils if nil.team == name]
        return tuple(lines + tally_lines(name, mine, _TALLY_WORDS))

    def bid_label(self, bid: Bid) -> Phrase | int:
        """How a bid is said in this game: 4, "Nil", "Blind Nil", or "0, a Nil" when zero is nil."""
        if bid.value == 0 and any(nil.player == bid.player for nil in self.nils):
            return phrase(N_("0, a Nil"))
        return bid.label


@dataclass(frozen=True)
class NilBid:
    """A Nil or Blind Nil bid, before the play: what it wins or loses."""

    player: str
    team: str
    blind: bool
    points: int


@dataclass(frozen=True)
class Bidding(_TeamsDeal[TeamBid, NilBid]):
    """A hand whose bids are recorded and whose tricks are not yet: the teams' contracts, the Nils, what each needs."""

    def needs(self, name: str) -> tuple[Phrase, ...]:
        """Plain-words lines for one team: its bids and contract, what it needs, what its Nils must do."""
        mine = self.team(name)
        labels = {nil.player: (Nil.BLIND if nil.blind else Nil.NIL).label for nil in self.nils}
        lines = [
            _bids_line(self.entry, mine.team, mine.contract, lambda bid: labels.get(bid.player, bid.label)),
            phrase(N_("%(team)s need %(tricks)s of the 13 tricks."), team=name, tricks=mine.contract)
            if mine.contract
            else phrase(N_("%(team)s bid no tricks: every trick they take is a bag."), team=name),
        ]
        lines += [
            phrase(N_("%(player)s bid %(nil)s: %(player)s must take no tricks (%(points)s, or %(loss)s if not)."),
                   player=nil.player, nil=labels[nil.player], points=Signed(nil.points), loss=Signed(-nil.points))
            for nil in self.nils
            if nil.team == name
        ]
        return tuple(lines)


def _bids_line(entry: HandEntry, team: Team, contract: int, label: Callable[[Bid], Phrase | int]) -> Phrase:
    """ "Ann bid 5 and Cid bid 4: a contract of 9.", each bid said by `label`."""
    first, second = (entry.bid_of(player) for player in team.players)
    return phrase(
        N_("%(first)s bid %(first_bid)s and %(second)s bid %(second_bid)s: a contract of %(contract)s."),
        first=first.player, first_bid=label(first), second=second.player, second_bid=label(second), contract=contract,
    )


def _contract_line(mine: TeamHand, nils: tuple[NilOutcome, ...]) -> Phrase:
    """How the team's tricks met its contract: "Ann & Cid made 9 of 9: +90."."""
    uncounted = next((nil.player for nil in nils if mine.counted < mine.tricks and nil.tricks), None)
    values: dict[str, ParamValue] = {
        "team": mine.name,
        "contract": mine.contract,
        "counted": mine.counted,
        "tricks": mine.tricks,
        "player": uncounted or "",
        "base": Signed(10 * mine.contract),
        "bags": _bags(mine.bags_added),
        "points": Signed(mine.contract_points),
    }
    if mine.contract == 0:
        if mine.tricks == 0:
            template = N_("%(team)s bid no tricks and took none: %(points)s.")
        elif mine.tricks == 1:
            template = N_("%(team)s bid no tricks and took 1, a bag: %(points)s.")
        else:
            template = N_("%(team)s bid no tricks and took %(tricks)s, all bags: %(points)s.")
    elif not mine.made and uncounted:
        template = N_("%(team)s took %(counted)s of %(contract)s, not counting %(player)s's tricks under Nil: "
                      "set, %(points)s.")
    elif not mine.made:
        template = N_("%(team)s took %(counted)s of %(contract)s: set, %(points)s.")
    elif uncounted:
        template = N_("%(team)s made %(contract)s with %(counted)s tricks, not counting %(player)s's tricks under "
                      "Nil, which are bags: %(base)s and %(bags)s: %(points)s.")
    elif mine.bags_added == 0:
        template = N_("%(team)s made %(contract)s of %(contract)s: %(points)s.")
    else:
        template = N_("%(team)s made %(contract)s with %(counted)s tricks: %(base)s and %(bags)s: %(points)s.")
    return phrase(template, **values)


def _bags(count: int) -> Phrase:
    """ "1 bag" or "3 bags"."""
    if count == 1:
        return phrase(N_("1 bag"))
    return phrase(N_("%(count)s bags"), count=count)


def _nil_line(nil: NilOutcome) -> Phrase:
    """ "Cid bid Nil and took no tricks: +100." """
    label = (Nil.BLIND if nil.blind else Nil.NIL).label
    if nil.made:
        template = N_("%(player)s bid %(nil)s and took no tricks: %(points)s.")
    elif nil.tricks == 1:
        template = N_("%(player)s bid %(nil)s but took 1 trick: %(points)s.")
    else:
        template = N_("%(player)s bid %(nil)s but took %(tricks)s tricks: %(points)s.")
    return phrase(template, player=nil.player, nil=label, tricks=nil.tricks, points=Signed(nil.points))


_TALLY_WORDS: Final = TallyWords(
    "team",
    N_("%(team)s's bags reached %(reached)s: %(points)s, no bags carry over."),
    N_("%(team)s's bags reached %(reached)s: %(points)s, 1 bag carries over."),
    N_("%(team)s's bags reached %(reached)s: %(points)s, %(bags)s bags carry over."),
    N_("%(team)s's score for this hand: %(delta)s. Total: %(score)s; bags: %(bags)s."),
)
