"""Pages run under the Content-Security-Policy, and the browser tests notice when something breaks it."""

from __future__ import annotations

import re
import time
from urllib.parse import urlparse

import pytest

from .support import screenshot, wait_for

pytestmark = pytest.mark.browser


def test_an_inline_script_is_refused_and_reported(page, browser):
    page.goto("/")
    page.evaluate("""() => {
      const script = document.createElement("script");
      script.textContent = "window.ran = true";
      document.body.append(script);
    }""")
    deadline = time.monotonic() + 10
    while len(browser.csp_violations) < 2 and time.monotonic() < deadline:
        page.wait_for_timeout(50)  # the reports come in as events
    reported = list(browser.csp_violations)
    browser.csp_violations.clear()  # expected here; any other test fails on one
    assert page.evaluate("window.ran === undefined")
    assert [line for line in reported if line.startswith("Executing inline script violates")], reported
    assert "/: script-src-elem refused inline (page:4)" in reported


def test_the_creator_keeps_the_edit_link_and_links_send_no_referrer(page):
    page.goto("/new/dummy-spades")
    for seat, name in enumerate(["Ann", "Ben", "Cid"]):
        page.fill(f"#player_{seat}", name)
    page.click("button:has-text('Start the game')")
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    game_url = page.url

    box = page.locator("#keep-link")
    assert box.is_visible()
    link = box.locator("figcaption a")
    assert link.inner_text() == page.url.replace(urlparse(game_url).path, link.get_attribute("href"))
    wait_for(page, "document.querySelector('#keep-link img').complete")
    assert page.evaluate("document.querySelector('#keep-link img').naturalWidth") > 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "keep-the-edit-link")

    page.click("a:has-text('Summary, print and downloads')")
    page.wait_for_url(re.compile(r"/summary$"))
    assert page.evaluate("document.referrer") == ""

    page.goto(game_url)
    assert page.locator("#keep-link").count() == 0  # shown once


def test_the_manifest_loads_under_the_pages_policy(page):
    """Chromium asks for the manifest when it checks whether the app can be installed; the policy lets it load."""
    for path in ("/", "/new/dummy-spades", "/offline"):
        page.goto(path)
        manifest = page.context.new_cdp_session(page).send("Page.getAppManifest")
        assert manifest["errors"] == [], path
        assert '"start_url"' in manifest["data"], path
