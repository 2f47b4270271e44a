"""Real-browser fixtures: the app on a local port, Debian's Chromium driven by Playwright.

The page loads htmx from the CDN with SRI; here that request is answered
from the copy npm installed (the same version), since the machine has no
network. Every page runs under the app's Content-Security-Policy, and a
test fails when Chromium reports a violation. Screenshots are saved under
test-artifacts/ to be looked at.
"""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import sync_playwright

from ..conftest import dispose, make_app, serving
from .support import (
    CHROMIUM,
    CHROMIUM_FLAGS,
    NARROW_PHONE,
    PHONE,
    STEP_TIMEOUT_MS,
    Server,
    WatchedBrowser,
    make_page,
    serve_cdn_locally,
)


class CurrentApp:
    """The WSGI app a module's server hands every request to: the app of the test running now."""

    def __init__(self) -> None:
        self.app = None

    def __call__(self, environ, start_response):
        return self.app(environ, start_response)


@pytest.fixture(scope="module")
def module_server():
    """One server on 127.0.0.1 for a module's tests, each test with an app of its own (`live_server`): stopping a
    server waits for its loop's next turn, and that wait, once per test, added up."""
    current = CurrentApp()
    with serving(current) as url:
        yield current, url


@pytest.fixture
def live_server(module_server, tmp_path):
    """The app on 127.0.0.1 with a fresh database, the module's server handing it this test's requests; yields
    its base URL."""
    current, url = module_server
    current.app = make_app(tmp_path, TESTING=False)
    yield url
    dispose(current.app)
    current.app = None


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield WatchedBrowser(browser)
        browser.close()


@pytest.fixture(autouse=True)
def no_csp_violations(request):
    """Fail a browser test when any of its pages broke the Content-Security-Policy."""
    if "browser" not in request.fixturenames:
        yield
        return
    watched = request.getfixturevalue("browser")
    watched.csp_violations.clear()
    yield
    assert not watched.csp_violations, "Content-Security-Policy violations:\n" + "\n".join(
        dict.fromkeys(watched.csp_violations))


@pytest.fixture
def page(browser, live_server):
    page = make_page(browser, live_server, javascript=True)
    yield page
    page.context.close()


@pytest.fixture
def page_without_js(browser, live_server):
    page = make_page(browser, live_server, javascript=False)
    yield page
    page.context.close()


@pytest.fixture
def new_phone(browser, live_server):
    """Opens a page on a phone of its own, `new_phone(viewport, **context_options)`: a browser context on the live
    server, htmx's CDN answered locally. Every phone is closed after the test."""
    contexts = []

    def open_page(viewport: dict = PHONE, **options):
        context = browser.new_context(viewport=viewport, base_url=live_server, **options)
        serve_cdn_locally(context, live_server)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(STEP_TIMEOUT_MS)
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def database(tmp_path):
    """The offline tests' database, migrated here; the server process (`server`) uses the same file."""
    app = make_app(tmp_path, TESTING=False)
    yield app
    dispose(app)


@pytest.fixture
def server(database, tmp_path):
    """The app under gunicorn (support.Server), which a test can stop and start again for real."""
    if os.environ.get("TEST_DATABASE_URL"):
        pytest.skip("the server process runs on its own SQLite file")
    server = Server(f"sqlite:///{tmp_path / 'test.db'}")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def scoring_phone(browser, server):
    """A narrow phone on `server`, the scorer kept as every phone keeps it unless its player turns that off."""
    context = browser.new_context(viewport=NARROW_PHONE, base_url=server.url)
    serve_cdn_locally(context, server.url)
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT_MS)
    yield page
    context.close()
