"""Phones at one table: what one records shows on the others within seconds; QR codes; the screen stays awake."""

from __future__ import annotations

import re

import pytest
import zxingcpp
from PIL import Image

from .support import ARTIFACTS, make_page, open_hand, screenshot, wait_for, wait_until
from .test_dummy_spades_flow import fill_hand, scores, start_game
from .test_piquet_flow import declare_point, start_piquet, tap_tricks

pytestmark = pytest.mark.browser

E1_BIDS = {"Ann": 7, "Ben": 5, "Cid": 6}
E1_TRICKS = {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3}
# Watches the board: what in it changed, leaving out the poller's own "request in flight" class.
COUNT_CHANGES = """() => {
  window.boardChanges = [];
  new MutationObserver((records) => {
    records.filter((record) => !(record.target.id === "live" && record.attributeName === "class"))
      .forEach((record) => window.boardChanges.push(record.type + " " + (record.target.id || record.target.nodeName)));
  }).observe(document.getElementById("main"), {subtree: true, childList: true, attributes: true, characterData: true});
}"""
# Wraps the real Wake Lock API to see what the page asks for.
WATCH_WAKE_LOCK = """
window.wakeLocks = [];
const request = WakeLock.prototype.request;
WakeLock.prototype.request = function (type) {
  return request.call(this, type).then((sentinel) => { window.wakeLocks.push(sentinel); return sentinel; });
};
"""


class Phones:
    """Browser contexts at phone size, each its own phone with its own cookies; page errors are kept."""

    def __init__(self, browser, base_url: str):
        self.browser = browser
        self.base_url = base_url
        self.pages = []
        self.errors: list[str] = []

    def open(self, *, init_script: str | None = None):
        page = make_page(self.browser, self.base_url, javascript=True)
        if init_script:
            page.add_init_script(init_script)
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.pages.append(page)
        return page

    def close(self) -> None:
        for page in self.pages:
            page.context.close()


@pytest.fixture
def phones(browser, live_server):
    phones = Phones(browser, live_server)
    yield phones
    phones.close()


def edit_link(page) -> str:
    return page.locator(".share details a").get_attribute("href")


def polls(page) -> list[tuple[int, str | None]]:
    """Every answer to the page's polls: its status and the If-None-Match the poll sent."""
    answers = []
    page.on("response", lambda response: answers.append((response.status, response.request.headers.get("if-none-match")))
            if "/live" in response.url else None)
    return answers


def poll_requests(page) -> list:
    """Every poll the page sends, in order."""
    sent: list = []
    page.on("request", lambda request: sent.append(request) if "/live" in request.url else None)
    return sent


def brought_by_poll(sent: list) -> int:
    """How many polls had been sent when one first brought a change (a 200, where the ones before said 304)."""
    for count, request in enumerate(sent, start=1):
        response = request.response()
        if response is not None and response.status == 200:
            return count
    raise AssertionError("no poll brought the change")


def test_a_viewer_sees_a_hand_recorded_on_another_phone_within_3_seconds(phones):
    editor, viewer = phones.open(), phones.open()
    game_url = start_game(editor)
    viewer.goto(game_url)
    answers = polls(viewer)
    sent = poll_requests(viewer)
    assert viewer.locator("#live [data-live=on]").is_visible()
    assert not viewer.locator("#live a:has-text('Refresh')").is_visible()
    viewer.evaluate("window.sameDocument = true")
    viewer.evaluate(COUNT_CHANGES)

    # Nothing happens at the table: the viewer's polls send the page's ETag and get 304, and nothing moves.
    wait_until(viewer, lambda: len(answers) >= 2)
    assert answers[:2] == [(304, 'W/"0.0.0.view.en"'), (304, 'W/"0.0.0.view.en"')]
    assert viewer.evaluate("window.boardChanges") == []

    fill_hand(editor, E1_BIDS, E1_TRICKS)
    editor.click("button:has-text('Save hand')")
    editor.wait_for_selector("#hand-1")
    saved = len(sent)
    viewer.wait_for_selector("#hand-1", state="attached", timeout=10000)
    assert brought_by_poll(sent) <= saved + 1, "the first poll sent after the save brings the hand"
    assert viewer.evaluate("window.sameDocument") is True, "no reload"
    assert scores(viewer) == {"Ann": 71, "Ben": 50, "Cid": -60}
    assert viewer.text_content("#announcer[role=status]") == "Scores now: Ann 71, Ben 50, Cid −60"
    assert viewer.inner_text(".now h2") == "Hand 2"
    assert viewer.locator("#score-chart").count() == 1
    for control in ("#hand-form", "text=Undo", "text=Edit hand 1", ".share details"):
        assert viewer.locator(control).count() == 0, control
    open_hand(viewer, 1)
    assert viewer.locator("#hand-1 .explain a.button").count() == 0
    assert (200, 'W/"0.0.0.view.en"') in answers
    screenshot(viewer, "live-viewer-after-hand-1")

    # The hand the viewer opened stays open when the next one arrives.
    fill_hand(editor, {"Ann": 4, "Ben": 4, "Cid": 5}, {"Ann": 4, "Ben": 3, "Cid": 3, "dummy": 3})
    editor.click("button:has-text('Save hand')")
    viewer.wait_for_selector("#hand-2", state="attached", timeout=10000)
    assert viewer.evaluate("document.getElementById('hand-1').open") is True
    assert phones.errors == []


def test_a_half_filled_form_keeps_what_was_typed_when_another_phone_records_the_hand(phones, live_server):
    ann = phones.open()
    game_url = start_game(ann)
    ben = phones.open()
    ben.goto(live_server + edit_link(ann))
    ben.wait_for_url(game_url)
    ben.evaluate("window.sameDocument = true")
    sent = poll_requests(ben)

    # Ben is halfway through hand 1, his cursor in Cid's bid, when Ann saves hand 1 on her phone.
    ben.fill("#bids-0-bid", "7")
    ben.fill("#bids-1-bid", "5")
    ben.click("#bids-2-bid")
    ben.keyboard.type("6")
    fill_hand(ann, E1_BIDS, E1_TRICKS)
    ann.click("button:has-text('Save hand')")
    ann.wait_for_selector("#hand-1")
    saved = len(sent)
    ben.wait_for_selector("#hand-1", state="attached", timeout=10000)
    assert brought_by_poll(sent) <= saved + 1, "the first poll sent after the save brings the hand"
    assert scores(ben) == {"Ann": 71, "Ben": 50, "Cid": -60}
    assert [ben.input_value(f"#bids-{seat}-bid") for seat in range(3)] == ["7", "5", "6"]
    assert ben.evaluate("document.activeElement.id") == "bids-2-bid", "the cursor stays where Ben was typing"
    assert ben.inner_text("#entry-notice p") == "Another phone recorded hand 1 while you were typing."
    assert ben.evaluate("window.sameDocument") is True
    screenshot(ben, "live-overtaken-form")

    # Saving the overtaken form would store hand 1 twice: refused, and the form is for hand 2.
    for index, tricks in enumerate([5, 2, 3, 3]):
        ben.fill(f"#tricks-{index}", str(tricks))
    ben.click("button:has-text('Save hand')")
    ben.wait_for_selector(".error-box")
    assert ben.inner_text(".error-box") == (
        "Another phone recorded hand 1 while you were typing. Nothing was saved: check the hands, then enter hand 2."
    )
    assert ben.locator("details.hand").count() == 1
    assert ben.input_value("#bids-0-bid") == ""
    assert ben.inner_text("#entry-notice") == ""
    screenshot(ben, "live-overtaken-form-refused")

    # Another overtaken form: "Start hand 3" brings a fresh form without a reload.
    ben.fill("#bids-0-bid", "4")
    fill_hand(ann, {"Ann": 4, "Ben": 4, "Cid": 5}, {"Ann": 4, "Ben": 3, "Cid": 3, "dummy": 3})
    ann.click("button:has-text('Save hand')")
    ben.wait_for_selector("#entry-notice a", timeout=10000)
    ben.click("#entry-notice a:has-text('Start hand 3')")
    ben.wait_for_selector("#hand-form input[name=hand][value='3']", state="attached")
    assert ben.input_value("#bids-0-bid") == ""
    assert ben.evaluate("window.sameDocument") is True
    assert phones.errors == []


def test_the_form_goes_on_every_phone_when_the_game_is_won(phones, live_server):
    ann = phones.open()
    game_url = start_game(ann, target="100")
    ben = phones.open()
    ben.goto(live_server + edit_link(ann))
    ben.wait_for_url(game_url)
    ben.fill("#bids-0-bid", "10")
    fill_hand(ann, {"Ann": 10, "Ben": 1, "Cid": 2}, {"Ann": 6, "dummy": 5, "Ben": 1, "Cid": 1})
    ann.click("button:has-text('Save hand')")
    ben.wait_for_selector(".banner", timeout=10000)
    assert ben.inner_text(".banner") == "Ann wins with 101."
    assert ben.locator("#hand-form").count() == 0
    assert ben.locator(".now").count() == 0
    screenshot(ben, "live-game-won-on-the-other-phone")
    assert phones.errors == []


def test_a_piquet_deal_shows_live_on_a_viewer(phones):
    editor, viewer = phones.open(), phones.open()
    game_url = start_piquet(editor)
    viewer.goto(game_url)
    viewer.evaluate("window.sameDocument = true")
    sent = poll_requests(viewer)
    declare_point(editor, "elder", 5, 48)
    tap_tricks(editor, ["elder"] * 7 + ["younger"] * 5)
    editor.click("button:has-text('Save deal')")
    editor.wait_for_selector("#hand-1")
    saved = len(sent)
    viewer.wait_for_selector("#hand-1", state="attached", timeout=10000)
    assert brought_by_poll(sent) <= saved + 1, "the first poll sent after the save brings the deal"
    assert viewer.evaluate("window.sameDocument") is True
    assert scores(viewer) == scores(editor)
    assert viewer.inner_text(".now h2") == "Deal 2 of 6"
    for control in ("#deal-form", "text=Undo", "text=Edit deal 1", ".share details"):
        assert viewer.locator(control).count() == 0, control
    screenshot(viewer, "live-piquet-viewer")
    assert phones.errors == []


def decode(locator, name: str) -> list[str]:
    """Photograph the QR code as the phone shows it and read it back."""
    locator.scroll_into_view_if_needed()
    wait_for(locator.page, "(img) => img.complete && img.naturalWidth > 0", arg=locator.element_handle())
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    locator.screenshot(path=str(path))
    return [barcode.text for barcode in zxingcpp.read_barcodes(Image.open(path))]


def test_the_qr_codes_scan_to_the_read_only_and_the_edit_links(phones, live_server):
    editor = phones.open()
    game_url = start_game(editor)
    assert decode(editor.locator("#qr-view img"), "qr-read-only-link") == [game_url]

    editor.click(".share summary")
    assert decode(editor.locator("#qr-edit img"), "qr-edit-link") == [live_server + edit_link(editor)]
    assert re.fullmatch(r"/g/[\w-]+/join/[\w-]+", edit_link(editor))
    screenshot(editor, "live-share-qr-codes")

    viewer = phones.open()
    viewer.goto(game_url)
    assert decode(viewer.locator("#qr-view img"), "qr-read-only-link-viewer") == [game_url]
    assert viewer.locator("#qr-edit").count() == 0
    assert viewer.request.get(game_url + "/qr/edit.svg").status == 403
    assert phones.errors == []


def test_the_screen_stays_awake_on_a_game_page(phones):
    page = phones.open(init_script=WATCH_WAKE_LOCK)
    page.goto("/")
    page.wait_for_timeout(300)
    assert page.evaluate("window.wakeLocks.length") == 0, "only game pages keep the screen on"
    start_game(page)
    wait_for(page, "window.wakeLocks.length === 1")
    assert page.evaluate("[wakeLocks[0].type, wakeLocks[0].released]") == ["screen", False]

    # Hiding the tab makes the browser let go; coming back takes the lock again.
    page.evaluate("wakeLocks[0].release()")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    wait_for(page, "window.wakeLocks.length === 2")
    assert page.evaluate("wakeLocks[1].released") is False

    page.click(".brand")
    wait_for(page, "window.wakeLocks[1].released")
    assert page.evaluate("window.wakeLocks.length") == 2
    assert phones.errors == []


def test_without_a_wake_lock_api_the_page_works_without_errors(phones):
    page = phones.open(init_script="delete Navigator.prototype.wakeLock;")
    start_game(page)
    assert page.evaluate("'wakeLock' in navigator") is False
    fill_hand(page, E1_BIDS, E1_TRICKS)
    page.click("button:has-text('Save hand')")
    page.wait_for_selector("#hand-1")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_timeout(300)
    assert phones.errors == []


def test_without_javascript_nothing_polls_and_refresh_reloads(page_without_js, browser, live_server):
    page = page_without_js
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    game_url = start_game(page)
    refresh = page.locator("#live a")
    assert refresh.inner_text() == "Refresh"
    assert refresh.is_visible()
    assert not page.locator("#live [data-live=on]").is_visible()
    page.wait_for_timeout(2500)
    assert not [url for url in requests if "/live" in url]
    refresh.click()
    page.wait_for_url(game_url)
    screenshot(page, "live-without-javascript")
