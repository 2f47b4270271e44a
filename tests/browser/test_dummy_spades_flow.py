"""A table records a Dummy Hand Spades game on a phone, with and without JavaScript."""

from __future__ import annotations

import base64
import hashlib
import re

import pytest

from scorekeeper.app import create_app

from .support import HTMX_COPY, in_view, open_hand, score_value, screenshot, wait_for

pytestmark = pytest.mark.browser

PLAYERS = ("Ann", "Ben", "Cid")


def start_game(page, *, target: str | None = None) -> str:
    page.goto("/new/dummy-spades")
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#player_{seat}", name)
    page.check("#first_dealer-0")  # Ann deals first: Ben, Cid, Ann bid
    if target == "500":
        page.check("#target-1")
    elif target:
        page.check("#target-2")
        page.fill("#target_other", target)
    page.click("button:has-text('Start the game')")
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    return page.url


def fill_hand(page, bids: dict[str, int], tricks: dict[str, int | None], nils: dict[str, list[str]] | None = None):
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#bids-{seat}-bid", str(bids[name]))
        for hand in (nils or {}).get(name, []):
            page.check(f"input[name='bids-{seat}-nil'][value='{hand}']")
    for index, hand in enumerate((*PLAYERS, "dummy")):
        value = tricks.get(hand)
        page.fill(f"#tricks-{index}", "" if value is None else str(value))


def scores(page) -> dict[str, int]:
    rows = page.locator(".scoreboard tbody tr")
    result = {}
    for i in range(rows.count()):
        name = rows.nth(i).locator("th").inner_text().split()[0]
        result[name] = score_value(rows.nth(i).locator("td.score").inner_text())
    return result


def test_htmx_copy_matches_the_pinned_sri_hash():
    app = create_app({"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    digest = base64.b64encode(hashlib.sha384(HTMX_COPY.read_bytes()).digest()).decode()
    assert app.config["HTMX_SRI"] == f"sha384-{digest}"
    assert f'"version": "{app.config["HTMX_VERSION"]}"' in (HTMX_COPY.parent.parent / "package.json").read_text()


def test_a_game_with_javascript_records_edits_undoes_and_finds_the_winner(page):
    start_game(page, target="500")
    assert page.evaluate("typeof htmx") == "object", "htmx loaded through its SRI check"
    page.evaluate("window.sameDocument = true")

    # Hand 1: Ben 5, Cid 6, Ann 7 -> Ann declares; defenders take 5: E1 of docs/rules.md A10.
    fill_hand(page, {"Ann": 7, "Ben": 5, "Cid": 6}, {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": None})
    assert page.input_value("#tricks-2") == "3", "the last trick count is filled in to make 13"
    page.click("button:has-text('Save hand')")
    page.wait_for_selector("#hand-1")
    assert page.evaluate("window.sameDocument") is True, "htmx swapped the board in place"
    assert scores(page) == {"Ann": 71, "Ben": 50, "Cid": -60}
    assert page.locator(".now h2").inner_text() == "Hand 2"
    # As after a reload, the screen shows the board from its top: the new scores, then the next hand's form.
    assert page.evaluate("Math.abs(document.querySelector('#board').getBoundingClientRect().top)") < 2
    assert in_view(page, ".scoreboard") and in_view(page, ".now")

    # Hands 2 to 5: Ann declares 9, and every contract is made exactly.
    for number in range(2, 6):
        fill_hand(page, {"Ann": 9, "Ben": 4, "Cid": 4}, {"Ann": 5, "dummy": 4, "Ben": 2, "Cid": 2})
        page.click("button:has-text('Save hand')")
        page.wait_for_selector(f"#hand-{number}")
    assert scores(page) == {"Ann": 71 + 4 * 90, "Ben": 50 + 4 * 40, "Cid": -60 + 4 * 40}
    screenshot(page, "spades-js-after-hand-5")

    # Bad input: a bid of 14 is refused beside the field and nothing is saved.
    fill_hand(page, {"Ann": 14, "Ben": 4, "Cid": 4}, {"Ann": 5, "dummy": 4, "Ben": 2, "Cid": 2})
    page.click("button:has-text('Save hand')")
    page.wait_for_selector("#bids-0-bid-error")
    assert page.inner_text("#bids-0-bid-error") == "A bid is a whole number from 0 to 13."
    assert in_view(page, "#bids-0-bid-error"), "the refusal is brought on screen, above where Save was tapped"
    assert page.text_content("#announcer") == "A bid is a whole number from 0 to 13.", "said to screen readers"
    assert page.locator("details.hand").count() == 5
    screenshot(page, "spades-js-error")

    # Edit hand 1 after hand 5: the defenders took 7 instead (E1's second case).
    open_hand(page, 1)
    page.click("#hand-1 >> text=Edit hand 1")
    page.wait_for_url(re.compile(r"/hands/1/edit$"))
    assert page.input_value("#bids-0-bid") == "7"
    for index, tricks in enumerate([4, 3, 4, 2]):
        page.fill(f"#tricks-{index}", str(tricks))
    page.click("button:has-text('Save changes')")
    page.wait_for_url(re.compile(r"/g/[\w-]+(#hand-1)?$"))
    assert scores(page) == {"Ann": -70 + 4 * 90, "Ben": 52 + 4 * 40, "Cid": 61 + 4 * 40}

    # Undo the last hand: a page of its own asks first and names the hand.
    page.click("a:has-text('Undo hand 5')")
    page.wait_for_selector("h1:has-text('Undo hand 5?')")
    page.click("button:has-text('Yes, undo hand 5')")
    wait_for(page, "document.querySelectorAll('details.hand').length === 4")
    assert scores(page) == {"Ann": -70 + 3 * 90, "Ben": 52 + 3 * 40, "Cid": 61 + 3 * 40}

    # Cid declares 13 with the dummy and takes every trick until someone passes 500.
    number = 5
    while not page.locator(".banner").count():
        fill_hand(page, {"Ann": 1, "Ben": 2, "Cid": 13}, {"Ann": 0, "Ben": 0, "Cid": 13, "dummy": 0})
        page.click("button:has-text('Save hand')")
        page.wait_for_selector(f"#hand-{number}")
        number += 1
    assert number == 8
    assert scores(page) == {"Ann": 200 - 30, "Ben": 172 - 60, "Cid": 181 + 3 * 130}
    assert page.inner_text(".banner") == "Cid wins with 571."
    assert page.locator("#hand-form").count() == 0
    screenshot(page, "spades-js-winner")


def test_a_game_without_javascript(page_without_js):
    page = page_without_js
    game_url = start_game(page, target="100")
    fill_hand(page, {"Ann": 7, "Ben": 5, "Cid": 6}, {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": None})
    page.click("button:has-text('Save hand')")
    page.wait_for_url(game_url)
    assert scores(page) == {"Ann": 71, "Ben": 50, "Cid": -60}, "the server filled the blank trick count"

    fill_hand(page, {"Ann": 7, "Ben": 5, "Cid": 6}, {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 2})
    page.click("button:has-text('Save hand')")
    assert page.inner_text("fieldset.tricks .error") == "The four hands took 12 tricks; they must take exactly 13."
    assert page.locator("details.hand").count() == 1

    page.goto(game_url + "/hands/1/edit")
    page.fill("#tricks-0", "6")
    page.fill("#tricks-2", "2")
    page.click("button:has-text('Save changes')")
    page.wait_for_url(game_url + "#hand-1")  # the edited game, loaded
    assert scores(page) == {"Ann": 72, "Ben": -50, "Cid": -60}

    page.click("a:has-text('Undo hand 1')")
    assert page.inner_text("h1") == "Undo hand 1?"
    page.click("button:has-text('Yes, undo hand 1')")
    assert scores(page) == {"Ann": 0, "Ben": 0, "Cid": 0}

    fill_hand(page, {"Ann": 10, "Ben": 1, "Cid": 2}, {"Ann": 6, "dummy": 5, "Ben": 1, "Cid": 1})
    page.click("button:has-text('Save hand')")
    assert page.inner_text(".banner") == "Ann wins with 101."
    screenshot(page, "spades-nojs-winner")


def test_the_plain_link_is_read_only(page, browser, live_server):
    game_url = start_game(page)
    other = browser.new_context(viewport={"width": 390, "height": 844})
    viewer = other.new_page()
    viewer.goto(game_url)
    assert viewer.locator("#hand-form").count() == 0
    assert viewer.locator("text=Undo").count() == 0
    edit_link = page.locator(".share details a").get_attribute("href")
    viewer.goto(live_server + edit_link)
    assert viewer.locator("#hand-form").count() == 1
    other.close()


def test_a_digit_typed_over_a_trick_count_filled_in_by_itself_replaces_it(page):
    start_game(page)
    for index, count in enumerate(["5", "2", "3"]):  # Ann, Ben, Cid: the dummy's 3 is filled in
        page.click(f"#tricks-{index}")
        page.keyboard.type(count)
    assert page.input_value("#tricks-3") == "3"
    page.click("#tricks-3")
    page.keyboard.press("End")
    page.keyboard.type("2")  # the table counted the dummy's tricks again: 2
    assert page.input_value("#tricks-3") == "2"
    page.click("#tricks-3")
    page.keyboard.press("End")
    page.keyboard.type("1")  # typed by hand now, so a second digit goes on the end: 21 is for the form to refuse
    assert page.input_value("#tricks-3") == "21"
