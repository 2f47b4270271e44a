"""What the bids typed decide, with the server stopped: the phone's scorer (rules/board.py under Pyodide) says it in
place of the server, Mirror's dummy spades and contracts or why the bids cannot stand, in the page's language.

The server runs under gunicorn in its own process (the `server` fixture), so that it can really be stopped.
"""

from __future__ import annotations

import pytest

from ..games import SPADES_GAME
from .support import game_with_hands, open_offline, wait_for
from .test_languages import texts
from .test_offline_engine import SCORED_SECONDS

pytestmark = pytest.mark.browser
MIRROR_GAME = {**SPADES_GAME, "settings": {**SPADES_GAME["settings"], "style": "mirror"}}
HAND_1 = {"bids": [{"player": "Ann", "bid": 2}, {"player": "Ben", "bid": 4}, {"player": "Cid", "bid": 3}],
          "tricks": {"Ann": 2, "Ben": 4, "Cid": 3, "dummy": 4}}


@pytest.fixture
def phone(scoring_phone):
    return scoring_phone


def type_bids(phone, bids: list[int]) -> None:
    for seat, bid in enumerate(bids):
        phone.fill(f"#bids-{seat}-bid", str(bid))


def test_mirror_bids_typed_offline_are_decided_by_the_phones_scorer(phone, server):
    game_id, token = game_with_hands(server, MIRROR_GAME, [HAND_1])
    open_offline(phone, server, game_id, token)
    assert phone.locator("#connection").is_visible()
    players = MIRROR_GAME["players"]
    # Hand 2: Ben deals, Cid bids first.
    type_bids(phone, [2, 4, 3])
    wait_for(phone, "document.querySelectorAll('#bidding-preview li').length === 4", seconds=SCORED_SECONDS)
    shown = texts(phone, "#bidding-preview li")
    assert phone.locator("#bidding-preview p").inner_text() == "What these bids decide:"
    assert shown[1] == "The dummy holds 4 spades: 13 minus the three bids."
    assert shown[2] == f"{players[1]} declares with the dummy: 4 + 4 spades = 8 tricks to make."

    phone.fill("#bids-0-bid", "3")
    phone.fill("#bids-1-bid", "7")
    phone.fill("#bids-2-bid", "4")
    wait_for(phone, "Boolean(document.querySelector('#bidding-preview .refused'))", seconds=SCORED_SECONDS)
    assert texts(phone, "#bidding-preview .refused") == [
        "In Mirror each bid is the spades in that player's hand, so the three bids cannot add up to more than 13 "
        "(these add up to 14)."]
