"""Pages run under the Content-Security-Policy, and the browser tests notice when something breaks it."""

from __future__ import annotations

import time

import pytest

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
