"""What the bids typed so far decide, as the hand form's live preview says it (rules/dummy_spades/preview.py):
Mirror's dummy spades and both contracts, or why the three bids cannot stand (docs/rules.md A11)."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.board import board_json
from scorekeeper.rules.dummy_spades import Settings, Style, Table, parse_hand, preview_bids
from scorekeeper.rules.errors import NotAllowed

# Ann deals hand 1: Ben, Cid, Ann bid, in that order.
TABLE = Table(("Ann", "Ben", "Cid"), "Ann")
MIRROR = Settings(style=Style.MIRROR)


def preview(settings, bids, number=1):
    """The preview for {player: bid} (Ben, Cid, Ann) of hand `number`, its lines in English."""
    entry = parse_hand(TABLE, {"bids": [{"player": player, "bid": bid} for player, bid in bids.items()]})
    return preview_bids(TABLE, settings, number, entry)


def said(lines):
    return [str(line) for line in lines]


def test_mirror_4_3_2_leaves_the_dummy_4_spades_and_the_declarer_8_tricks_to_make():
    shown = preview(MIRROR, {"Ben": 4, "Cid": 3, "Ann": 2})
    assert shown.refused == ()
    bidding = shown.bidding
    assert (bidding.dummy_spades, bidding.declarer, bidding.defenders) == (4, "Ben", ("Cid", "Ann"))
    assert dict(bidding.contracts) == {"Ben": 8, "Cid": 5, "Ann": 5}
    assert said(bidding.summary) == [
        "The dummy holds 4 spades: 13 minus the three bids.",
        "Ben declares with the dummy: 4 + 4 spades = 8 tricks to make.",
        "Cid and Ann defend: 3 + 2 spades = 5 tricks to make.",
    ]
    assert bidding.nils == ()


def test_mirror_7_4_3_add_up_to_14_and_cannot_stand():
    shown = preview(MIRROR, {"Ben": 7, "Cid": 4, "Ann": 3})
    assert shown.bidding is None
    assert said(shown.refused) == [
        "In Mirror each bid is the spades in that player's hand, so the three bids cannot add up to more than 13 "
        "(these add up to 14)."
    ]


def test_mirror_ties_go_to_the_first_bidder_and_a_dummy_without_spades_is_the_declarers_nil():
    bidding = preview(MIRROR, {"Ben": 3, "Cid": 5, "Ann": 5}).bidding
    assert bidding.declarer == "Cid"
    assert said(bidding.summary) == [
        "The dummy holds no spades: 13 minus the three bids.",
        "Cid declares with the dummy: 5 + 0 spades = 5 tricks to make.",
        "Ben and Ann defend: 3 + 5 spades = 8 tricks to make.",
    ]
    assert [str(nil.reason) for nil in bidding.nils] == [
        "The dummy holds no spades: a nil for Cid, the declarer. The dummy must take no tricks."]


def test_mirror_one_spade_left_for_the_dummy_is_said_in_the_singular():
    assert said(preview(MIRROR, {"Ben": 0, "Cid": 6, "Ann": 6}).bidding.summary)[0] == (
        "The dummy holds 1 spade: 13 minus the three bids.")


def test_in_hand_2_ann_bids_first_and_wins_the_tie():
    assert preview(MIRROR, {"Ben": 5, "Cid": 3, "Ann": 5}, number=2).bidding.declarer == "Ann"


def test_the_other_styles_say_what_each_side_needs():
    bidding = preview(Settings(), {"Ben": 4, "Cid": 3, "Ann": 2}).bidding
    assert said(bidding.summary) == said(bidding.needs) == [
        "Ben and the dummy need 4 of the 13 tricks.",
        "Cid and Ann need 3 of the 13 tricks for Cid's bid and 2 for Ann's.",
    ]


def test_a_bid_refused_on_its_own_is_not_a_preview_it_is_said_beside_the_bid():
    with pytest.raises(NotAllowed):
        preview(Settings(style=Style.SUICIDE), {"Ben": 4, "Cid": 3, "Ann": 2})


@given(st.tuples(st.integers(0, 13), st.integers(0, 13), st.integers(0, 13)))
def test_mirror_bids_either_leave_the_dummy_the_rest_or_are_refused_for_their_total(bids):
    shown = preview(MIRROR, dict(zip(("Ben", "Cid", "Ann"), bids)))
    total = sum(bids)
    if total > 13:
        assert shown.bidding is None
        assert said(shown.refused)[0].endswith(f"(these add up to {total}).")
    else:
        assert shown.refused == ()
        contracts = dict(shown.bidding.contracts)
        assert shown.bidding.dummy_spades == 13 - total
        assert contracts[shown.bidding.declarer] + contracts[shown.bidding.defenders[0]] == 13
        assert contracts[shown.bidding.declarer] == max(bids) + 13 - total


# --- the same preview on the phone (rules/board.py, under Pyodide when the server does not answer) ------------

GAME = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann",
        "settings": {"style": "mirror"}}


def phone_preview(bids, number=None, game=GAME):
    """The phone's answer for {seat: bid} typed into the page's form (seat 0 is Ann, 1 Ben, 2 Cid)."""
    fields = {f"bids-{seat}-bid": [bid] for seat, bid in bids.items()}
    return json.loads(board_json(json.dumps({**game, "preview": {"fields": fields, "number": number}})))["preview"]


def test_the_phone_says_the_mirror_summary_as_the_server_does():
    assert phone_preview({0: "2", 1: "4", 2: "3"}) == {
        "sides": "Ben and the dummy against Cid & Ann",
        "lines": ["The dummy holds 4 spades: 13 minus the three bids.",
                  "Ben declares with the dummy: 4 + 4 spades = 8 tricks to make.",
                  "Cid and Ann defend: 3 + 2 spades = 5 tricks to make."],
        "nils": [],
    }
    assert phone_preview({0: "3", 1: "7", 2: "4"}) == {"refused": [
        "In Mirror each bid is the spades in that player's hand, so the three bids cannot add up to more than 13 "
        "(these add up to 14)."]}
    assert phone_preview({0: "3", 1: "7"}) is None, "two bids of three decide nothing yet"
    assert phone_preview({0: "3", 1: "7", 2: "x"}) is None


def test_the_phone_says_the_nils_that_apply_and_decides_for_the_hand_edited():
    # Ann and Ben tie at 5: Ben bids first in hand 1, Ann in hand 2 (the next one, after hand 1 recorded).
    game = {**GAME, "entries": [{"bids": [{"player": "Ben", "bid": 4}, {"player": "Cid", "bid": 3},
                                          {"player": "Ann", "bid": 2}],
                                 "tricks": {"Ann": 2, "Ben": 4, "Cid": 3, "dummy": 4}}]}
    assert phone_preview({0: "5", 1: "5", 2: "0"}, game=game)["sides"] == "Ann and the dummy against Cid & Ben"
    edited = phone_preview({0: "5", 1: "5", 2: "0"}, number=1, game=game)
    assert edited["sides"] == "Ben and the dummy against Cid & Ann"
    assert edited["nils"] == [{"applies": True,
                               "text": "Cid holds no spades: a nil on their own hand. Cid must take no tricks."}]
