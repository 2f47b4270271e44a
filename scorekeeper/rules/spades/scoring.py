"""Four-player Spades: checking the bids and scoring one hand for both teams.

docs/rules.md C2, C3 and C5. Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import ErrorCollector, MalformedInput, NotAllowed
from ..hands import Standing
from ..phrases import N_, phrase
from .entry import Bid, HandEntry
from .results import Bidding, HandResult, NilBid, NilOutcome, TeamBid, TeamHand
from .settings import Settings, Variant
from .table import TRICKS_PER_DEAL, Table, Team

SUICIDE_LEAST_BID = 4


def check_entry(table: Table, settings: Settings, entry: HandEntry) -> None:
    """Refuse an entry made for another table, then bids the variant does not allow.

    An entry without tricks (its bids only) is checked as far as it goes.

    :raises MalformedInput: field ``bids`` for other players.
    :raises NotAllowed: see `check_bids`.
    """
    if {bid.player for bid in entry.bids} != set(table.players) or (
        entry.complete and {player for player, _ in entry.tricks} != set(table.players)
    ):
        raise MalformedInput.single("bids", phrase(N_("This hand was entered for other players.")))
    check_bids(table, settings, entry)


def check_bids(table: Table, settings: Settings, entry: HandEntry) -> None:
    """Refuse bids the variant does not allow: Blind Nil where it is off, Suicide's and Mirror's patterns (C2, C5).

    :raises NotAllowed: with ``bids[i].bid`` for a Blind Nil, ``teams.<team>`` for Suicide, ``bids`` for Mirror.
    """
    errors = ErrorCollector()
    for index, bid in enumerate(entry.bids):
        if bid.is_blind() and not settings.is_blind_nil_allowed():
            if settings.variant.has_blind_nil():
                message = phrase(N_("Blind Nil is off in this game."))
            else:
                message = phrase(N_("%(variant)s is played without Blind Nil."), variant=settings.variant.label)
            errors.add(f"bids[{index}].bid", message)
    if settings.variant is Variant.SUICIDE:
        for team in table.teams():
            bids = [entry.bid_of(player) for player in team.players]
            nils = [bid for bid in bids if bid.is_nil(zero_is_nil=settings.counts_zero_as_nil())]
            if len(nils) != 1 or max(bid.number for bid in bids) < SUICIDE_LEAST_BID:
                errors.add(f"teams.{team.name}", phrase(N_("In Suicide one partner bids Nil and the other 4 or more.")))
    if settings.variant is Variant.MIRROR:
        total = sum(bid.number for bid in entry.bids)
        if total != TRICKS_PER_DEAL:
            errors.add(
                "bids",
                phrase(
                    N_("In Mirror the bids are the spades each player holds, so they add up to 13 "
                       "(these add up to %(total)s)."),
                    total=total,
                ),
            )
    errors.raise_if_any(NotAllowed)


def check_blind_margin(table: Table, settings: Settings, entry: HandEntry, before: Mapping[str, Standing]) -> None:
    """Refuse a Blind Nil unless the bidder's team is behind by at least the margin before the deal (C2).

    A game without Blind Nil refuses it in `check_bids`; this checks only the margin.

    :raises NotAllowed: with ``bids[i].bid``.
    """
    errors = ErrorCollector()
    for index, bid in enumerate(entry.bids):
        if not bid.is_blind() or not settings.is_blind_nil_allowed():
            continue
        mine = table.team_of(bid.player)
        other = next(team for team in table.teams() if team != mine)
        if before[other.name].score - before[mine.name].score < settings.blind_margin:
            errors.add(
                f"bids[{index}].bid",
                phrase(
                    N_("Blind Nil needs your team to be behind by at least %(margin)s"), margin=settings.blind_margin
                ),
            )
    errors.raise_if_any(NotAllowed)


def decide_bids(table: Table, settings: Settings, number: int, entry: HandEntry) -> Bidding:
    """What the bids of hand `number` decide before its play: each team's contract and the Nils.

    :raises MalformedInput: if the entry names other players than the table's.
    :raises NotAllowed: if the bids break the variant (see `check_bids`).
    """
    check_entry(table, settings, entry)
    order = table.bidding_order(number)
    nils = tuple(
        NilBid(player, table.team_of(player).name, entry.bid_of(player).is_blind(),
               settings.nil_value * (2 if entry.bid_of(player).is_blind() else 1))
        for player in order
        if entry.bid_of(player).is_nil(zero_is_nil=settings.counts_zero_as_nil())
    )
    first, second = (
        TeamBid(team, sum(entry.bid_of(player).number for player in team.players)) for team in table.teams()
    )
    return Bidding(number, table.dealer(number), order, order[0], (first, second), nils, entry)


def score_hand(
    table: Table, settings: Settings, number: int, entry: HandEntry, before: Mapping[str, Standing]
) -> HandResult:
    """Score hand `number` for both teams, starting from their standings `before`.

    `entry` comes from `parse_hand` for this table, which has checked its shape.

    :raises MalformedInput: if the entry names other players than the table's.
    :raises NotAllowed: if the bids break the variant (see `check_bids`).
    """
    check_entry(table, settings, entry)
    order = table.bidding_order(number)
    nils = tuple(
        _score_nil(settings, table.team_of(player), entry.bid_of(player), entry.tricks_of(player))
        for player in order
        if entry.bid_of(player).is_nil(zero_is_nil=settings.counts_zero_as_nil())
    )
    first, second = (_score_team(settings, team, entry, nils, before[team.name]) for team in table.teams())
    return HandResult(number, table.dealer(number), order, order[0], (first, second), nils, entry)


def _score_nil(settings: Settings, team: Team, bid: Bid, tricks: int) -> NilOutcome:
    value = settings.nil_value * (2 if bid.is_blind() else 1)
    made = tricks == 0
    return NilOutcome(bid.player, team.name, bid.is_blind(), tricks, made, value if made else -value)


def _score_team(
    settings: Settings, team: Team, entry: HandEntry, nils: tuple[NilOutcome, ...], before: Standing
) -> TeamHand:
    mine = tuple(nil for nil in nils if nil.team == team.name)
    contract = sum(entry.bid_of(player).number for player in team.players)
    tricks = sum(entry.tricks_of(player) for player in team.players)
    nil_tricks = 0 if settings.failed_nil_helps else sum(nil.tricks for nil in mine)
    return TeamHand.settle(
        before, settings, contract=contract, judged=tricks - nil_tricks, uncounted=nil_tricks,
        nil_points=sum(nil.points for nil in mine), team=team, tricks=tricks, counted=tricks - nil_tricks,
    )
