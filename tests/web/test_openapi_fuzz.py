"""schemathesis against the live app (SQLite): every operation of the API's OpenAPI document, with an edit
token, and every check schemathesis has (`--checks all`): no server error, no undocumented status, content type
or header, no response off its schema, invalid data refused, valid data not refused but by the game's rules,
a 405 with its Allow header, authentication not ignored, a removed hand gone.

One game of each kind is created first; its id and edit token go into every request, so that the hands'
operations reach a real game and not only its 404; so does a ladder's id. Then (once) the stateful phase
follows the document's links from a new game to its hands, their edits and undos, and from a new club night to
its rounds and confirmations, each with the token the links carry. The examples are bounded: this runs on two
cores in CI.

Valid data may still break a rule of the game (three bids that do not leave the dummy any spades in Mirror,
a 13th trick): the engine answers 422, as the document says, and schemathesis's check of valid data takes that
answer, and 412 for an If-Match it made up, as the refusals they are (docs/decisions/api-clients.md).
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from .api_client import create

# The game's rules and a made-up If-Match refuse valid data; nothing else does.
CONFIG = """[parameters]
"path.game_id" = "{game}"
"path.ladder_id" = "{ladder}"

[checks.positive_data_acceptance]
expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "412", "422", "429", "5xx"]
"""
MAX_EXAMPLES = 10
GAMES = {
    "dummy-spades": {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"},
    "spades": {"game": "spades", "players": ["Ann", "Ben", "Cid", "Dan"], "first_dealer": "Ann"},
    "piquet": {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben"},
}


@pytest.mark.skipif(bool(os.environ.get("TEST_DATABASE_URL")), reason="runs once, on SQLite, in `make test`")
@pytest.mark.parametrize("game", GAMES)
def test_schemathesis_finds_nothing(live_app, tmp_path, game):
    app, base_url = live_app
    table = create(app.test_client(), GAMES[game])
    ladder = app.test_client().post("/api/v1/ladders", json={"name": "Club", "game": game}).get_json()
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG.format(game=table.id, ladder=ladder["id"]), encoding="utf-8")
    # The operations that do not depend on the game, and the links' paths, are followed once.
    phases = "examples,fuzzing,stateful" if game == "dummy-spades" else "examples,fuzzing"
    command = [
        sys.executable, "-m", "schemathesis.cli", "--config-file", str(config), "run", f"{base_url}/api/v1/openapi.json",
        "--checks", "all", "--max-examples", str(MAX_EXAMPLES), "--workers", "1", "--seed", "26",
        "--header", f"Authorization: Bearer {table.token}", "--no-color", "--phases", phases,
        "--suppress-health-check", "too_slow",
        "--generation-database", "none", "--request-timeout", "30",
    ]
    if game != "dummy-spades":
        command += ["--include-path-regex", "/games/\\{game_id\\}"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=900, cwd=tmp_path)  # its files stay there
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert ("✅  Stateful" in run.stdout) == (game == "dummy-spades"), run.stdout[-3000:]
