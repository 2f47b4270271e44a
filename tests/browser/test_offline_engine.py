"""The scorer on the phone: the rules engine under Pyodide, kept by the service worker, scoring with the server off.

The server runs under gunicorn in its own process (test_offline.Server) so
that it can really be stopped. Waits are bounds, never measures of speed:
Pyodide's WebAssembly takes seconds to compile on a busy machine.
"""

from __future__ import annotations

import pytest

from ..games import SPADES_GAME, SPADES_HANDS
from . import test_offline
from .support import screenshot, wait_for

pytestmark = pytest.mark.browser
# The server under gunicorn, its database, and a narrow phone on it: the fixtures of the offline tests.
database, server, phone = test_offline.database, test_offline.server, test_offline.phone

ENGINE_FILES = 7  # the worker, Pyodide's five core files, the engine's zip
KEPT_SECONDS = 90
SCORED_SECONDS = 120
BOARD = """(game) => new Promise((resolve) => {
    const worker = new Worker("/engine/worker.js");
    worker.onmessage = (event) => { worker.terminate(); resolve(event.data); };
    worker.onerror = (event) => resolve({ error: event.message || "worker failed" });
    worker.postMessage({ id: 1, game: game, language: document.documentElement.lang });
})"""


def engine_kept(phone) -> int:
    return phone.evaluate("""async () => (await caches.has("engine"))
        ? (await (await caches.open("engine")).keys()).length : 0""")


def test_the_scorer_is_kept_after_a_page_loads_and_scores_with_the_server_stopped(phone, server):
    status, created = server.request("POST", "/api/v1/games", SPADES_GAME)
    assert status == 201
    for hand in SPADES_HANDS[:3]:
        assert server.request("POST", f"/api/v1/games/{created['id']}/hands", hand, created["edit_token"])[0] == 201
    status, api = server.request("GET", f"/api/v1/games/{created['id']}")
    phone.goto(f"/g/{created['id']}")

    assert phone.is_checked("#keep-engine")
    wait_for(phone, f"async () => (await caches.has('engine')) && (await (await caches.open('engine')).keys()).length"
                    f" === {ENGINE_FILES}", seconds=KEPT_SECONDS)
    screenshot(phone, "offline-engine-setting")
    server.stop()
    game = {**{key: api[key] for key in ("game", "players", "first_dealer", "settings", "dummy_after")},
            "entries": [hand["entry"] for hand in api["hands"]]}
    phone.set_default_timeout(SCORED_SECONDS * 1000)
    answer = phone.evaluate(BOARD, game)

    assert "error" not in answer, answer
    board = answer["answer"]["board"]
    assert board["totals"] == api["totals"] == {"Ann": {"score": 148, "bags": 8}, "Ben": {"score": 153, "bags": 3},
                                                "Cid": {"score": 25, "bags": 5}}
    assert board["next_dealer"] == api["next_dealer"]
    assert board["hands"][0]["explanation"] == api["hands"][0]["explanation"]


def test_the_scorer_is_not_kept_when_the_player_turned_it_off(phone, server):
    phone.goto("/")
    phone.uncheck("#keep-engine")
    phone.evaluate("() => caches.delete('engine')")  # kept already, if the page's two seconds have passed
    phone.reload()
    phone.wait_for_timeout(4000)  # twice the page's delay before it asks for the scorer

    assert not phone.is_checked("#keep-engine")
    assert engine_kept(phone) == 0
    phone.check("#keep-engine")
    wait_for(phone, f"async () => (await caches.has('engine')) && (await (await caches.open('engine')).keys()).length"
                    f" === {ENGINE_FILES}", seconds=KEPT_SECONDS)
