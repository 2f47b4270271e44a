"""Dummy Hand Spades styles: what Suicide and Mirror ask of the bids, and what Mirror derives from them.

docs/rules.md A11. Standard is A1-A10 unchanged: no check here, each bid its own contract.
Standard library only.
"""

from __future__ import annotations

from typing import Final

from ..errors import ErrorCollector, NotAllowed
from ..phrases import N_, phrase
from .entry import HandEntry
from .table import DUMMY, TRICKS_PER_DEAL, Style, Table

SUICIDE_LEAST_BID: Final = 4


def partners_hand(table: Table, bidder: str) -> frozenset[str]:
    """A Suicide nil on "partner's hand": the dummy and both other players, of which A5 keeps one."""
    return frozenset(hand for hand in table.hands() if hand != bidder)


def check_bids(table: Table, style: Style, entry: HandEntry) -> None:
    """Refuse bids the style does not allow, each on its own bid (A11); Standard allows every bid.

    :raises NotAllowed: ``bids[i].bid`` in Suicide and for a Mirror nil, ``bids`` for Mirror bids over 13.
    """
    errors = ErrorCollector()
    if style is Style.SUICIDE:
        for index, bid in enumerate(entry.bids):
            if bid.bid < SUICIDE_LEAST_BID:
                errors.add(f"bids[{index}].bid", phrase(N_("In Suicide every player bids at least 4.")))
            if set(bid.nil) not in ({bid.player}, partners_hand(table, bid.player)):
                errors.add(
                    f"bids[{index}].bid",
                    phrase(N_("In Suicide every player names one nil: their own hand or their partner's.")),
                )
    elif style is Style.MIRROR:
        for index, bid in enumerate(entry.bids):
            if bid.nil:
                errors.add(
                    f"bids[{index}].bid",
                    phrase(N_("In Mirror nils are not declared: every hand without spades is a nil.")),
                )
        total = sum(bid.bid for bid in entry.bids)
        if total > TRICKS_PER_DEAL:
            errors.add(
                "bids",
                phrase(
                    N_("In Mirror each bid is the spades in that player's hand, so the three bids cannot add up "
                       "to more than 13 (these add up to %(total)s)."),
                    total=total,
                ),
            )
    errors.raise_if_any(NotAllowed)


def dummy_spades(entry: HandEntry) -> int:
    """The dummy's spades in Mirror: all 13 are dealt, and the three bids are the real players' (A11)."""
    return TRICKS_PER_DEAL - sum(bid.bid for bid in entry.bids)


def spadeless_nils(entry: HandEntry, order: tuple[str, ...], declarer: str) -> tuple[tuple[str, str], ...]:
    """Mirror's nils as (bidder, hand), in bidding order: a bid of 0 on the bidder's own hand, a dummy without
    spades the declarer's (A11)."""
    nils = []
    for player in order:
        if entry.bid_of(player).bid == 0:
            nils.append((player, player))
        if player == declarer and dummy_spades(entry) == 0:
            nils.append((player, DUMMY))
    return tuple(nils)


def contracts(style: Style, entry: HandEntry, declarer: str, defenders: tuple[str, ...]) -> dict[str, int]:
    """The number each real player's made or set is judged by: their bid, or in Mirror their team's spades."""
    if style is not Style.MIRROR:
        return {bid.player: bid.bid for bid in entry.bids}
    defence = sum(entry.bid_of(player).bid for player in defenders)
    return {declarer: entry.bid_of(declarer).bid + dummy_spades(entry), **dict.fromkeys(defenders, defence)}
