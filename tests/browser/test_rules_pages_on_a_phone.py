"""The Piquet rules page and the page that shares house rules on a 360-px phone, in each language: nothing wider
than the screen and every control big enough to tap."""

from __future__ import annotations

import pytest

from .support import screenshot
from .test_accessibility import TAP_TARGETS, too_small
from .test_table_actions import small_phone

pytestmark = pytest.mark.browser

PAGES = {
    "piquet-rules": "/rules/piquet",
    "piquet-share": "/new/piquet/rules?variant=saunt&target=100",
    "spades-share": "/new/spades/rules?variant=partnership&target=250&nil_value=50&blind_nil=false"
                    "&blind_margin=100&failed_nil_helps=false&zero_is_nil=true&bag_limit=7&bag_penalty=60&mercy=true"
                    "&mercy_floor=-150",
}


@pytest.mark.parametrize("language", ["en", "fr", "de", "es"])
@pytest.mark.parametrize("name", PAGES)
def test_the_page_fits_a_360_px_phone(browser, live_server, name, language):
    page = small_phone(browser, live_server, javascript=True)
    path = PAGES[name]
    page.goto(f"{path}{'&' if '?' in path else '?'}lang={language}")

    assert page.locator("html").get_attribute("lang") == language
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "nothing wider than the phone"
    assert too_small(page.evaluate(TAP_TARGETS)) == []
    screenshot(page, f"{name}-{language}-360")
