"""schemathesis against the live app (SQLite): every operation of the API's OpenAPI document, with an edit
token, finds no server error, no undocumented status, content type or header, and no response off its schema.

One game of each kind is created first; its id and edit token go into every request, so that the hands'
operations reach a real game and not only its 404; so does a ladder's id. The examples are bounded: this runs
on two cores in CI.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest
from werkzeug.serving import make_server

from ..conftest import dispose, make_app
from .api_client import create

CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance"
MAX_EXAMPLES = 10
GAMES = {
    "dummy-spades": {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"},
    "spades": {"game": "spades", "players": ["Ann", "Ben", "Cid", "Dan"], "first_dealer": "Ann"},
    "piquet": {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben"},
}


@pytest.fixture
def live_app(tmp_path):
    """The app on 127.0.0.1 with a fresh database: its test client and its base URL."""
    app = make_app(tmp_path, TESTING=False)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield app, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()
    dispose(app)


@pytest.mark.skipif(bool(os.environ.get("TEST_DATABASE_URL")), reason="runs once, on SQLite, in `make test`")
@pytest.mark.parametrize("game", GAMES)
def test_schemathesis_finds_nothing(live_app, tmp_path, game):
    app, base_url = live_app
    table = create(app.test_client(), GAMES[game])
    ladder = app.test_client().post("/api/v1/ladders", json={"name": "Club", "game": game}).get_json()
    config = tmp_path / "schemathesis.toml"
    config.write_text(f'[parameters]\n"path.game_id" = "{table.id}"\n"path.ladder_id" = "{ladder["id"]}"\n',
                      encoding="utf-8")
    command = [
        sys.executable, "-m", "schemathesis.cli", "--config-file", str(config), "run", f"{base_url}/api/v1/openapi.json",
        "--checks", CHECKS, "--max-examples", str(MAX_EXAMPLES), "--workers", "1", "--seed", "26",
        "--header", f"Authorization: Bearer {table.token}", "--no-color", "--phases", "examples,fuzzing",
        "--suppress-health-check", "too_slow",
        "--generation-database", "none", "--request-timeout", "30",
    ]
    if game != "dummy-spades":  # the operations that do not depend on the game are fuzzed once
        command += ["--include-path-regex", "/games/\\{game_id\\}"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=900, cwd=tmp_path)  # its files stay there
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
