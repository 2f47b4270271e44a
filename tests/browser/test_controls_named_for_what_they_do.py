"""Nothing surprises at the table (a 360 x 780 phone): what is typed is what is chosen, every control is
named for what it does, the history says what happened, and the app's own script never waits for the CDN."""

from __future__ import annotations

import re

import pytest

from .support import CHROMIUM, STEP_TIMEOUT_MS, screenshot, serve_cdn_locally, wait_for
from .test_dummy_spades_flow import fill_hand, start_game
from .test_piquet_flow import declare_point, save_deal, start_piquet, tap_tricks

pytestmark = pytest.mark.browser

SMALL_PHONE = {"width": 360, "height": 780}
assert CHROMIUM  # the fixtures launch Debian's Chromium


def small_page(browser, live_server, *, hang_cdn: bool = False):
    """A page on a 360 x 780 phone; with `hang_cdn`, the htmx request is left unanswered for good."""
    context = browser.new_context(viewport=SMALL_PHONE, base_url=live_server)
    if hang_cdn:
        held = []  # the CDN requests, never answered while the test runs

        def route(route):
            if route.request.url.startswith(live_server):
                return route.continue_()
            held.append(route)

        context.route("**/*", route)
    else:
        serve_cdn_locally(context, live_server)
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT_MS)
    return page


@pytest.fixture
def phone(browser, live_server):
    page = small_page(browser, live_server)
    yield page
    page.context.close()


@pytest.fixture
def phone_without_cdn(browser, live_server):
    page = small_page(browser, live_server, hang_cdn=True)
    yield page
    page.context.close()


def test_another_target_is_typed_once_other_is_chosen(phone):
    phone.goto("/new/dummy-spades")
    assert phone.is_checked("#target-0")
    assert not phone.locator("#target_other").is_visible(), "Other target shows only with the Other chip"
    phone.locator("label.chip:has(#target-2)").click()
    phone.fill("#target_other", "450")
    for seat, name in enumerate(("Ann", "Ben", "Cid")):
        phone.fill(f"#player_{seat}", name)
    phone.click("button:has-text('Start the game')")
    phone.wait_for_url(re.compile(r"/g/[\w-]+$"))
    assert "First to 450 wins." in phone.inner_text(".game-facts")
    screenshot(phone, "no-surprise-target-450")


def test_each_button_of_the_trick_strip_is_named_for_its_own_trick(phone):
    start_piquet(phone)
    for trick in range(1, 13):
        for name in ("Ann", "Ben"):
            assert phone.get_by_role("radio", name=f"Trick {trick}: {name}", exact=True).count() == 1
    assert phone.get_by_role("radio", name="Trick 1: Ann", exact=True).get_attribute("name") == "tricks-0"
    assert phone.get_by_role("radio", name="Trick 12: Ben", exact=True).get_attribute("name") == "tricks-11"


def test_the_history_shows_tricks_separates_nils_and_shows_zero_as_zero(phone):
    start_game(phone)
    # Ben bids nil on himself and on the dummy (void: the dummy is on the declarer's side).
    fill_hand(phone, {"Ann": 7, "Ben": 0, "Cid": 5}, {"Ann": 5, "dummy": 3, "Ben": 0, "Cid": None},
              nils={"Ben": ["Ben", "dummy"]})
    phone.click("button:has-text('Save hand')")
    phone.wait_for_selector("#hand-1")
    lines = phone.locator("#hand-1 summary .meta .line").all_inner_texts()
    assert lines == [
        "Ann declares 7 · Ben bids 0 · Cid bids 5",
        "Tricks: Ann 5, Ben 0, Cid 5, Dummy 3",
        "Ben's nil on Ben: made",
        "Ben's nil on the dummy: void",
    ]
    screenshot(phone, "no-surprise-spades-history")

    start_piquet(phone)
    declare_point(phone, "elder", 5, 48)
    tap_tricks(phone, ["elder"] * 12)  # Ann, elder, takes everything: Ben scores nothing
    save_deal(phone, 1)
    assert phone.locator("#hand-1 summary .delta").all_inner_texts() == ["Ann +58", "Ben 0"]
    assert phone.locator("#hand-1 summary .delta b").nth(1).get_attribute("class") == "even"
    screenshot(phone, "no-surprise-piquet-history")


def test_the_apps_script_works_while_the_cdn_hangs(phone_without_cdn):
    page = phone_without_cdn
    page.goto("/new/dummy-spades", wait_until="commit")
    page.wait_for_selector("#target_other", state="attached")
    wait_for(page, "typeof whenParsed === 'function'")  # the app's own script has run; htmx never will
    for seat, name in enumerate(("Ann", "Ben", "Cid")):
        page.fill(f"#player_{seat}", name)
    page.locator("label.chip:has(#target-2)").click()
    page.fill("#target_other", "250")
    assert page.is_enabled("#target_other"), "the script enables the field its choice makes apply"
    page.click("button:has-text('Start the game')")
    page.wait_for_url(re.compile(r"/g/[\w-]+$"), wait_until="commit")
    page.wait_for_selector(".stepper .step:not([hidden])")
    assert page.evaluate("typeof htmx") == "undefined", "the CDN never answered"

    page.click("button[aria-label='One more for Ann']")
    page.click("button[aria-label='One more for Ann']")
    assert page.input_value("#bids-0-bid") == "1", "from blank, + starts at 0, then counts up"
    for index, value in enumerate(("5", "3", "2")):
        page.fill(f"#tricks-{index}", value)
    assert page.input_value("#tricks-3") == "3", "the dummy's tricks are filled in to make 13"
    screenshot(page, "no-surprise-cdn-hangs")
