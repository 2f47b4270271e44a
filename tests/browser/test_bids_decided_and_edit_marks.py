"""On a 360 x 780 phone: what one-step Dummy Hand bids decide, shown as they are typed,
and the history's mark on a hand changed after it was recorded."""

from __future__ import annotations

import pytest

from .support import NARROW_PHONE, screenshot, settled, wait_for

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Ben", "Cid"]


def open_new_game(page, game: dict) -> dict:
    """Create the game through the API and open it on this phone with edit access."""
    created = page.request.post("/api/v1/games", data=game).json()
    page.goto(f"/g/{created['id']}/join/{created['edit_token']}")
    return created


def type_the_bids(page) -> None:
    """docs/rules.md A10 E1's bids: Ben 5 with a nil on Cid's hand, Cid 6 with a nil on the dummy, Ann 7."""
    page.fill("#bids-1-bid", "5")
    page.check("input[name='bids-1-nil'][value='Cid']")
    page.fill("#bids-2-bid", "6")
    page.check("input[name='bids-2-nil'][value='dummy']")
    page.fill("#bids-0-bid", "7")


DECIDED = [
    "Ann and the dummy against Ben & Cid",
    "Ann and the dummy need 7 of the 13 tricks.",
    "Ben and Cid need 5 of the 13 tricks for Ben's bid and 6 for Cid's.",
    "Ben's nil on Cid's hand applies: both defend. Cid must take no tricks.",
    "Cid's nil on the dummy is void: Cid is a defender.",
]


def test_one_step_bids_show_the_declarer_the_teams_and_the_void_nils_as_they_are_typed(new_phone):
    page = new_phone(NARROW_PHONE, has_touch=True, is_mobile=True)
    open_new_game(page, {"game": "dummy-spades", "players": PLAYERS, "first_dealer": "Ann"})
    assert page.inner_text("#bidding-preview") == "", "nothing to say before the bids"
    page.fill("#bids-1-bid", "5")
    page.fill("#bids-2-bid", "6")
    settled(page)  # the server has answered what these two bids decide
    assert page.inner_text("#bidding-preview") == "", "two bids of three decide nothing yet"
    page.check("input[name='bids-1-nil'][value='Cid']")
    page.check("input[name='bids-2-nil'][value='dummy']")
    page.fill("#bids-0-bid", "7")
    wait_for(page, "document.querySelector('#bidding-preview').innerText.includes('void')")
    shown = page.inner_text("#bidding-preview")
    assert [line for line in DECIDED if line not in shown] == []
    assert page.locator("#bidding-preview li.nil.void").inner_text() == DECIDED[-1]
    assert page.locator("#bidding-preview").bounding_box()["width"] <= NARROW_PHONE["width"]
    page.locator("#bids-0-bid").scroll_into_view_if_needed()
    screenshot(page, "round-three-bids-live")

    # A bid changed changes what they decide: Cid 8 now declares, and Ben's nil on Cid's hand is void.
    page.fill("#bids-2-bid", "8")
    wait_for(page, "document.querySelector('#bidding-preview').innerText.includes('Cid and the dummy against')")
    assert "Ben's nil on Cid's hand is void" in page.inner_text("#bidding-preview")
    # What is shown is what "Save bids" records.
    page.fill("#bids-2-bid", "6")
    wait_for(page, "document.querySelector('#bidding-preview').innerText.includes('Ann and the dummy against')")
    page.click("button:has-text('Save bids')")
    page.wait_for_selector(".now.waiting")
    assert [line for line in DECIDED if line not in page.inner_text(".now.waiting")] == []


def test_without_javascript_the_bids_decided_show_when_the_form_comes_back(new_phone):
    page = new_phone(NARROW_PHONE, java_script_enabled=False)
    open_new_game(page, {"game": "dummy-spades", "players": PLAYERS, "first_dealer": "Ann"})
    type_the_bids(page)
    page.fill("#tricks-0", "5")  # two counts left blank: the form comes back
    page.click("button:has-text('Save hand')")
    page.wait_for_selector(".error")
    shown = page.inner_text("#bidding-preview")
    assert [line for line in DECIDED if line not in shown] == []
    screenshot(page, "round-three-bids-no-js")


def test_the_history_marks_a_hand_edited_after_it_was_recorded(new_phone):
    page = new_phone(NARROW_PHONE, has_touch=True, is_mobile=True)
    created = open_new_game(page, {"game": "dummy-spades", "players": PLAYERS, "first_dealer": "Ann"})
    hand = {"bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5}, {"player": "Cid", "bid": 6}],
            "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3}}
    for _ in range(2):
        assert page.request.post(f"/api/v1/games/{created['id']}/hands", data=hand,
                                 headers={"Authorization": f"Bearer {created['edit_token']}"}).status == 201
    page.reload()
    assert page.locator("#hands .edited").count() == 0

    page.goto(page.url.split("?")[0] + "/hands/1/edit")
    page.fill("#tricks-0", "4")
    page.fill("#tricks-1", "3")
    page.click("button:has-text('Save changes')")
    page.wait_for_selector("#hand-1 .edited")
    assert page.inner_text("#hand-1 .hand-no") == "1\nedited"
    assert page.locator("#hand-2 .edited").count() == 0
    mark, number = page.locator("#hand-1 .edited").bounding_box(), page.locator("#hand-1 .hand-no").bounding_box()
    assert mark["x"] + mark["width"] <= number["x"] + number["width"] + 1, "the mark fits under the number"
    page.locator("#hand-1").scroll_into_view_if_needed()
    screenshot(page, "round-three-edited-mark")


def test_a_point_answered_not_good_clears_its_value_and_a_value_typed_takes_it_back(new_phone):
    page = new_phone(NARROW_PHONE, has_touch=True, is_mobile=True)
    open_new_game(page, {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben"})
    page.fill("#younger-point-value", "45")
    page.locator("label.chip:has(input[name='younger-point-cards'][value='no'])").click()
    assert page.input_value("#younger-point-value") == ""
    page.locator("#younger-point-value").click()
    page.keyboard.type("4")
    assert page.locator("input[name='younger-point-cards']:checked").get_attribute("value") == ""
    # The point's cards go on to the value, whose number pad is then open.
    page.locator("label.chip:has(input[name='elder-point-cards'][value='5'])").click()
    assert page.evaluate("document.activeElement.id") == "elder-point-value"
