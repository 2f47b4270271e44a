"""The API's reference page (/api/docs) in a real browser: at 360 px, under the Content-Security-Policy
(the browser fixtures fail a test on any violation), with nothing sticking out sideways."""

from __future__ import annotations

import pytest

from .support import NARROW_PHONE, screenshot
from .test_accessibility import STICKING_OUT

pytestmark = pytest.mark.browser


def test_the_api_page_fits_a_narrow_phone_and_opens_its_schemas(browser, live_server):
    context = browser.new_context(viewport=NARROW_PHONE, base_url=live_server)
    page = context.new_page()
    page.goto("/api/docs")
    assert page.locator("h1").inner_text() == "Scorekeeper API"
    page.locator("#post-games-game_id-hands").scroll_into_view_if_needed()
    page.locator("#post-games-game_id-hands details").first.locator("summary").click()
    page.locator("#schema-PiquetHand summary").click()
    assert page.locator("#schema-PiquetHand pre").is_visible()
    width = NARROW_PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") == width, page.evaluate(STICKING_OUT, width)
    screenshot(page, "api-docs-360")
    context.close()
