"""Undo (asked on a page of its own), redo, a rematch and deleting a game on a 360 x 780 phone, with and without JavaScript."""

from __future__ import annotations

import re

import pytest

from .support import STEP_TIMEOUT_MS, screenshot, serve_cdn_locally
from .test_dummy_spades_flow import fill_hand, scores, start_game

pytestmark = pytest.mark.browser

SMALL_PHONE = {"width": 360, "height": 780}
E1 = ({"Ann": 7, "Ben": 5, "Cid": 6}, {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3})


def small_phone(browser, live_server, *, javascript: bool):
    context = browser.new_context(viewport=SMALL_PHONE, java_script_enabled=javascript, base_url=live_server)
    serve_cdn_locally(context, live_server)
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT_MS)
    return page


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
def test_undo_asks_on_a_page_naming_the_hand_and_redo_restores_it(browser, live_server, javascript):
    page = small_phone(browser, live_server, javascript=javascript)
    game_url = start_game(page)
    fill_hand(page, *E1)
    page.click("button:has-text('Save hand')")
    page.wait_for_selector("#hand-1")
    assert scores(page) == {"Ann": 71, "Ben": 50, "Cid": -60}
    undo = page.locator("a.undo:has-text('Undo hand 1')")
    assert undo.evaluate("el => getComputedStyle(el).borderStyle") == "dashed", "Undo does not look like Edit"
    screenshot(page, f"table-undo-offered-{'js' if javascript else 'nojs'}")

    undo.click()
    page.wait_for_selector("h1:has-text('Undo hand 1?')")
    assert page.locator("main p").first.inner_text().startswith("Hand 1 is removed and every total goes back")
    screenshot(page, f"table-undo-confirm-{'js' if javascript else 'nojs'}")

    # "No" goes back and changes nothing.
    page.click("a:has-text('No, go back')")
    page.wait_for_selector("#hand-1", state="attached")
    assert scores(page) == {"Ann": 71, "Ben": 50, "Cid": -60}

    page.click("a.undo:has-text('Undo hand 1')")
    page.click("button:has-text('Yes, undo hand 1')")
    page.wait_for_selector("button:has-text('Redo hand 1')")
    assert page.locator("details.hand").count() == 0
    assert scores(page) == {"Ann": 0, "Ben": 0, "Cid": 0}
    screenshot(page, f"table-redo-offered-{'js' if javascript else 'nojs'}")

    page.click("button:has-text('Redo hand 1')")
    page.wait_for_selector("#hand-1", state="attached")
    assert scores(page) == {"Ann": 71, "Ben": 50, "Cid": -60}
    assert page.locator("text=Redo hand").count() == 0
    assert page.url.startswith(game_url)
    page.context.close()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
def test_a_rematch_then_deleting_it(browser, live_server, javascript):
    page = small_phone(browser, live_server, javascript=javascript)
    game_url = start_game(page)
    fill_hand(page, *E1)
    page.click("button:has-text('Save hand')")
    page.wait_for_selector("#hand-1")

    page.click("button:has-text('Rematch: new game, same players')")
    page.wait_for_url(lambda url: url != game_url and re.search(r"/g/[\w-]+$", url) is not None)
    assert scores(page) == {"Ann": 0, "Ben": 0, "Cid": 0}
    assert page.locator(".scoreboard th:has-text('Ben') .tag").inner_text() == "deals"
    assert page.locator("#hand-form").count() == 1
    screenshot(page, f"table-rematch-{'js' if javascript else 'nojs'}")
    rematch_url = page.url

    page.click("a:has-text('Delete this game…')")
    page.wait_for_selector("h1:has-text('Delete this game?')")
    screenshot(page, f"table-delete-confirm-{'js' if javascript else 'nojs'}")
    page.click("button:has-text('Yes, delete the game')")
    page.wait_for_url(lambda url: url.rstrip("/") == live_server)
    assert page.goto(rematch_url).status == 404
    assert page.goto(game_url).status == 200, "the first game is still there"
    page.context.close()
