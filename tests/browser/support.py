"""Helpers for the browser tests: Chromium's flags, the CDN stand-in, the CSP watch, screenshots, and the app under
gunicorn for the offline tests (a server that can really be stopped)."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from scorekeeper.app import ROOT

from ..ports import free_port

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
    context.on("page", ask_for_the_manifest)


def ask_for_the_manifest(page) -> None:
    """Make Chromium load the page's manifest, under the page's policy, after every load.

    Chromium fetches a manifest only when something asks whether the app can be installed (a phone's browser does
    it on every page; a headless one never): without this, a policy that refuses the manifest is never seen.
    """
    session = page.context.new_cdp_session(page)

    def load(_page) -> None:
        try:
            session.send("Page.getAppManifest")
        except Exception:  # noqa: BLE001 - the page navigated or closed meanwhile; its next load asks again
            pass

    page.on("load", load)


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


STEP_TIMEOUT_MS = 30_000
"""How long a step waits for the page (a click, a wait_for): a guard against a hang, not a measure of speed; shorter
steps ran out on a loaded 2-core machine while the same test passed alone."""


def make_page(browser, base_url: str, *, javascript: bool):
    context = browser.new_context(viewport=PHONE, java_script_enabled=javascript, base_url=base_url)
    serve_cdn_locally(context, base_url)
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT_MS)
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


def wait_until(page, condition: Callable[[], bool], *, seconds: float = 10) -> None:
    """Wait until `condition()`, a test's own record of the page's events (its requests, its responses), is true;
    the page's events keep coming in meanwhile."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"Still not true after {seconds} s")
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


# --- Offline: the app under gunicorn, stopped and started again on one port ------------------------------------

BOOT_SECONDS = 60
ENGINE_FILES = 7  # the worker, Pyodide's five core files, the engine's zip
KEPT_SECONDS = 90  # bounds, never measures of speed: Pyodide's WebAssembly takes seconds on a busy machine


class Server:
    """The app under gunicorn in a process of its own, on one port across restarts."""

    def __init__(self, database_url: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {key: value for key, value in os.environ.items() if key not in ("WEB_CONCURRENCY", "THREADS")}
        self.env.update(HOST="127.0.0.1", PORT=str(self.port), SECRET_KEY="test", DATABASE_URL=database_url,
                        PYTHONPATH=str(ROOT), WEB_CONCURRENCY="1", THREADS="8")
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "scorekeeper.app:create_app()"],
            cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + BOOT_SECONDS
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                if self.request("GET", "/offline")[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the server did not start")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=BOOT_SECONDS)

    def request(self, method: str, path: str, body: dict | None = None, token: str | None = None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        try:
            connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
            response = connection.getresponse()
            data = response.read()
            return response.status, (json.loads(data) if response.getheader("Content-Type", "").startswith(
                "application/json") else data)
        finally:
            connection.close()


def game_with_hands(server: Server, game: dict, hands: list[dict]) -> tuple[str, str]:
    """A new game with `hands` recorded through the API; returns (id, edit token)."""
    status, created = server.request("POST", "/api/v1/games", game)
    assert status == 201
    for hand in hands:
        assert server.request("POST", f"/api/v1/games/{created['id']}/hands", hand, created["edit_token"])[0] == 201
    return created["id"], created["edit_token"]


def another_phone_changes(database, method: str, path: str, token: str, body: dict | None = None) -> int:
    """Another phone changes the game through the API, on the server's database while this phone is offline;
    the status it was answered."""
    with database.test_client() as other_phone:
        headers = {"Authorization": f"Bearer {token}"}
        if method in ("PUT", "DELETE"):  # it changes a hand of the game as it read it (If-Match)
            game_path = path.split("/hands")[0]
            headers["If-Match"] = other_phone.get(game_path).headers["ETag"]
        return other_phone.open(path, method=method, json=body, headers=headers).status_code


def scorer_kept(phone) -> None:
    """Wait until the phone keeps the scorer's files (the worker fetches them after a page has loaded)."""
    wait_for(phone, f"async () => (await caches.has('engine')) && (await (await caches.open('engine')).keys()).length"
                    f" === {ENGINE_FILES}", seconds=KEPT_SECONDS)


def kept_for_offline(phone, game_id: str, *, with_hands: bool = False) -> None:
    """Wait until the phone keeps what it plays on offline: the scorer's files, and the game object of `game_id`
    (`with_hands`: one that has hands already)."""
    scorer_kept(phone)
    wait_for(phone, """([game, withHands]) => new Promise((resolve) => {
        const opened = indexedDB.open("scorekeeper-offline", 2);
        opened.onsuccess = () => {
            const get = opened.result.transaction("games").objectStore("games").get(game);
            get.onsuccess = () => resolve(Boolean(get.result) && (!withHands || get.result.api.hands.length > 0));
        };
    })""", [game_id, with_hands])


def open_offline(phone, server: Server, game_id: str, token: str, form: str = "#hand-form") -> None:
    """The game's page opened with edit rights, its copy, the scorer and its game object kept; then the server off,
    and the page opened again from the phone's copy (its entry form: `form`)."""
    phone.goto(f"/g/{game_id}/join/{token}")
    phone.wait_for_selector(form)
    wait_for(phone, """async () => Boolean(await (await caches.open("pages")).match(location.href, { ignoreVary: true }))""")
    kept_for_offline(phone, game_id, with_hands=True)
    server.stop()
    phone.reload()
