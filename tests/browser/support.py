"""Helpers for the browser tests: Chromium's flags, the CDN stand-in, screenshots."""

from __future__ import annotations

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
HTMX_COPY = ROOT / "node_modules" / "htmx.org" / "dist" / "htmx.min.js"
ARTIFACTS = ROOT / "test-artifacts"


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


def screenshot(page, name: str) -> Path:
    """Save a full-page screenshot under test-artifacts/ and return its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
