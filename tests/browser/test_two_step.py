"""The hand as it happens, on a 360 x 780 phone: the bids (or declarations) first, a reload, then the play."""

from __future__ import annotations

import re

import pytest

from .support import NARROW_PHONE, screenshot, settled, wait_for
from .test_dummy_spades_flow import PLAYERS, scores, start_game
from .test_piquet_flow import declare_point, start_piquet, tap_tricks

pytestmark = pytest.mark.browser


@pytest.fixture
def small_page(new_phone):
    return new_phone(NARROW_PHONE)


def test_a_spades_hand_recorded_in_two_steps_with_a_reload_between(small_page):
    page = small_page
    start_game(page)
    for seat, bid in enumerate((7, 5, 6)):
        page.fill(f"#bids-{seat}-bid", str(bid))
    page.check("input[name='bids-1-nil'][value='Cid']")
    page.check("input[name='bids-2-nil'][value='dummy']")
    page.click("button:has-text('Save bids')")
    page.wait_for_selector(".now.waiting")

    page.reload()  # the waiting hand is stored: it is still there
    assert page.inner_text(".now h2") == "Hand 1: waiting for the tricks"
    now = page.inner_text(".now")
    assert "Ann and the dummy against Ben & Cid" in now
    assert "Ann and the dummy need 7 of the 13 tricks." in now
    assert "Ben and Cid need 5 of the 13 tricks for Ben's bid and 6 for Cid's." in now
    assert "Ben's nil on Cid's hand applies: both defend. Cid must take no tricks." in now
    assert "Cid's nil on the dummy is void: Cid is a defender." in now
    assert scores(page) == {"Ann": 0, "Ben": 0, "Cid": 0}
    assert page.locator("details.hand.waiting").count() == 1
    assert page.input_value("#tricks-0") == ""
    screenshot(page, "two-step-spades-bids-saved")

    page.evaluate("window.sameDocument = true")
    page.fill("#tricks-0", "5")
    page.fill("#tricks-1", "2")
    page.fill("#tricks-3", "3")
    page.fill("#tricks-2", "")
    page.click("button:has-text('Save tricks')")
    wait_for(page, "!document.querySelector('.now.waiting') && !!document.querySelector('#hand-1:not(.waiting)')")
    assert page.evaluate("window.sameDocument") is True, "htmx swapped the board in place"
    # Ann made 7 with 8 (+71); Ben made 5 (+50) but his nil on Cid failed (-100); Cid was set (-60), his nil void.
    assert scores(page) == {"Ann": 71, "Ben": -50, "Cid": -60}
    assert page.inner_text(".now h2") == "Hand 2"
    screenshot(page, "two-step-spades-hand-complete")


def test_a_live_phone_sees_the_bids_another_phone_saved(small_page, new_phone):
    page = small_page
    game_url = start_game(page)
    watcher = new_phone(NARROW_PHONE)
    watcher.goto(game_url)  # read-only: no edit link on this phone
    assert watcher.locator(".now.waiting").count() == 0

    for seat, bid in enumerate((7, 5, 6)):
        page.fill(f"#bids-{seat}-bid", str(bid))
    page.click("button:has-text('Save bids')")

    wait_for(watcher, "!!document.querySelector('.now.waiting')", seconds=15)
    assert "Ann and the dummy need 7 of the 13 tricks." in watcher.inner_text(".now")


DECLARED_POINT = ("elder", 5, 48)


def test_a_piquet_deal_recorded_in_two_steps_with_a_reload_between(small_page):
    page = small_page
    start_piquet(page)
    declare_point(page, *DECLARED_POINT)
    settled(page)  # the point's verdict is shown before the next tap
    page.check("input[name='elder-sequences-0-length'][value='4']")
    settled(page)
    page.check("input[name='elder-sequences-0-top'][value='K']")
    page.click("button:has-text('Save declarations')")
    page.wait_for_selector(".now.waiting")

    page.reload()
    assert page.inner_text(".now h2") == "Deal 1: waiting for the play"
    now = page.inner_text(".now")
    assert "Elder: Ann (leads, exchanges up to 5)" in now
    assert "Younger: Ben (the dealer)" in now
    assert "Ann scores 9 points from the declarations" in now
    assert "Ben scores 0 points from the declarations" in now
    assert scores(page) == {"Ann": 0, "Ben": 0}
    screenshot(page, "two-step-piquet-declarations-saved")

    tap_tricks(page, ["elder"] * 7 + ["younger"] * 5)
    page.click("button:has-text('Save the play')")
    wait_for(page, "!document.querySelector('.now.waiting') && !!document.querySelector('#hand-1:not(.waiting)')")
    # Ann: point 5 + quart 4 + trick points 8 + cards 10 = 27; Ben: 6 trick points.
    assert scores(page) == {"Ann": 27, "Ben": 6}
    assert page.inner_text(".now h2") == "Deal 2 of 6"
    screenshot(page, "two-step-piquet-deal-complete")


def test_without_javascript_the_bids_then_the_tricks(new_phone):
    page = new_phone(NARROW_PHONE, java_script_enabled=False)
    start_game(page)
    for seat, bid in enumerate((7, 5, 6)):
        page.fill(f"#bids-{seat}-bid", str(bid))
    page.click("button:has-text('Save bids')")
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    assert page.inner_text(".now h2") == "Hand 1: waiting for the tricks"
    for index, tricks in enumerate((5, 2, 3, 3)):
        page.fill(f"#tricks-{index}", str(tricks))
    page.click("button:has-text('Save tricks')")
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    assert scores(page) == {name: score for name, score in zip(PLAYERS, (71, 50, -60))}
