"""What the bids typed so far decide, said while they are typed (the hand form's live preview, on the server and
on the phone): the bidding, or why the three bids together cannot stand. Standard library only."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import NotAllowed
from ..phrases import Phrase
from .entry import HandEntry
from .scoring import Bidding, decide_bids
from .table import Settings, Table


@dataclass(frozen=True)
class BidsPreview:
    """The bidding the bids decide, or (``bidding`` None) the reasons the bids together are refused, e.g. Mirror's
    three bids adding up to more than 13 (A11). A refusal about one bid is said beside it when the hand is saved."""

    bidding: Bidding | None = None
    refused: tuple[Phrase, ...] = ()


def preview_bids(table: Table, settings: Settings, number: int, entry: HandEntry) -> BidsPreview:
    """What the bids of `entry` decide for hand `number`, as "Save bids" would record it, or why they cannot.

    :raises RuleError: when the bids are refused one by one (e.g. a Suicide bid under 4) or are malformed.
    """
    try:
        return BidsPreview(decide_bids(table, settings, number, entry))
    except NotAllowed as error:
        together = tuple(problem.message for problem in error.errors if problem.field == "bids")
        if len(together) < len(error.errors):
            raise
        return BidsPreview(refused=together)
