"""Helpers for the browser tests: Chromium's flags, the CDN stand-in, the CSP watch, screenshots."""

from __future__ import annotations

import time
from pathlib import Path

from scorekeeper.app import ROOT

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
NARROW_PHONE = {"width": 360, "height": 780}  # the narrowest phone the pages are made for
HTMX_COPY = ROOT / "node_modules" / "htmx.org" / "dist" / "htmx.min.js"
ARTIFACTS = ROOT / "test-artifacts"


# Runs before the page's own scripts (init scripts are not subject to the page's CSP).
CSP_REPORTER = """
document.addEventListener("securitypolicyviolation", (event) => {
  window.reportCspViolation(`${location.pathname}: ${event.effectiveDirective} refused ${event.blockedURI || "?"} `
                            + `(${event.sourceFile || "page"}:${event.lineNumber})`);
});
"""


# Numbers, in order, the typing htmx answers after its pause and the requests it then starts (`htmx:trigger`, heard on
# the form itself, which a swap may since have taken out of the page): `settled` waits until the last typing has
# had its request.
HTMX_TRIGGERS = """
window.htmxWatch = { events: 0, lastTyping: 0, lastTrigger: 0 };
document.addEventListener("input", (event) => {
  const form = typeof htmx !== "undefined" && event.target.closest?.("[hx-trigger*='input']");
  if (form) {
    window.htmxWatch.lastTyping = ++window.htmxWatch.events;
    form.addEventListener("htmx:trigger", () => { window.htmxWatch.lastTrigger = ++window.htmxWatch.events; },
                          { once: true });
  }
}, true);
"""


def watch_csp(context, violations: list[str]) -> None:
    """Collect every Content-Security-Policy violation in `context`: the page's event, and the console line
    Chromium writes (which also comes when scripts are off)."""
    context.expose_function("reportCspViolation", lambda line: violations.append(line))
    context.add_init_script(CSP_REPORTER)

    def console(message):
        if "Content Security Policy" in message.text:
            violations.append(message.text)

    context.on("console", console)


class WatchedBrowser:
    """The browser, with every context it opens watched for CSP violations (checked after each test) and for
    htmx's pending requests (see `settled`)."""

    def __init__(self, browser):
        self._browser = browser
        self.csp_violations: list[str] = []

    def new_context(self, **options):
        context = self._browser.new_context(**options)
        watch_csp(context, self.csp_violations)
        context.add_init_script(HTMX_TRIGGERS)
        return context

    def __getattr__(self, name):
        return getattr(self._browser, name)


def serve_cdn_locally(context, base_url: str) -> None:
    """Answer the htmx CDN request from the local copy; refuse every other outside request."""

    def route(route):
        url = route.request.url
        if url.startswith(base_url):
            return route.continue_()
        if url.startswith("https://cdn.jsdelivr.net/npm/htmx.org@") and url.endswith("/dist/htmx.min.js"):
            return route.fulfill(
                body=HTMX_COPY.read_bytes(),
                content_type="application/javascript",
                headers={"Access-Control-Allow-Origin": "*"},
            )
        return route.abort()

    context.route("**/*", route)


def make_page(browser, base_url: str, *, javascript: bool):
    context = browser.new_context(viewport=PHONE, java_script_enabled=javascript, base_url=base_url)
    serve_cdn_locally(context, base_url)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def score_value(text: str) -> int:
    """A score as the page writes it ("−60", with the minus sign) as a number."""
    return int(text.strip().replace("\N{MINUS SIGN}", "-"))


def wait_for(page, expression: str, arg=None, *, seconds: float = 10) -> None:
    """Wait until `expression` (JavaScript, or a function of `arg`) is true in the page.

    Playwright's own wait_for_function runs its text through eval(), which the page's CSP refuses.
    """
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"Still not true after {seconds} s: {expression}")
        page.wait_for_timeout(50)


def in_view(page, selector: str) -> bool:
    """Whether the first element matching `selector` is on the screen as it is scrolled now (not above or below)."""
    return page.evaluate("""(selector) => {
        const box = document.querySelector(selector).getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
    }""", selector)


def open_hand(page, number: int) -> None:
    """Open hand `number`'s line in the history and wait for its explanation, fetched as the line opens."""
    page.click(f"#hand-{number} summary")
    wait_for(page, "(number) => !document.querySelector(`#hand-${number} .explain a[href$='/hands/${number}']`)",
             number)


def screenshot(page, name: str) -> Path:
    """Save a full-page screenshot under test-artifacts/ and return its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def settled(page) -> None:
    """Wait until the live verdicts asked for by typing (after htmx's 400 ms pause) are back and shown, so that
    nothing moves under the next tap.

    The pause is waited for as an event, not as a time: a loaded machine may run htmx's timer late.
    """
    wait_for(page, "(window.htmxWatch?.lastTrigger ?? 0) >= (window.htmxWatch?.lastTyping ?? 0)"
                   " && !document.querySelector('.htmx-request')")
