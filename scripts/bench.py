"""Server time per page: builds games in a temporary SQLite database and reports figures.

Run with `make bench`. Reports the median and 95th percentile of each
request over repeated runs, and the number of SQL queries it made.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask_migrate import upgrade  # noqa: E402
from sqlalchemy import event  # noqa: E402

from scorekeeper import records  # noqa: E402
from scorekeeper.app import create_app  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.models import Hand  # noqa: E402

RUNS = 200
HAND = {
    "bids": [{"player": "Ann", "bid": 4}, {"player": "Ben", "bid": 3}, {"player": "Cid", "bid": 3, "nil": ["dummy"]}],
    "tricks": {"Ann": 3, "dummy": 1, "Ben": 5, "Cid": 4},
}
# Six deals: elder's point of 5 and quint, the tricks shared 7-5 with elder winning the cards.
PARTIE = [{"point": {"elder": {"cards": 5, "value": 48}}, "sequences": {"elder": [{"length": 5, "top": "K"}]},
           "tricks": ["elder"] * 7 + ["younger"] * 5}] * 6


def measure(client, label: str, request, queries: list[int], runs: int = RUNS) -> None:
    times = []
    for _ in range(runs):
        queries[0] = 0
        start = time.perf_counter()
        response = request(client)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code < 400, (label, response.status_code)
    times.sort()
    p95 = times[int(len(times) * 0.95)]
    print(f"{label:<42} median {statistics.median(times):6.2f} ms   p95 {p95:6.2f} ms   {queries[0]} queries")


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.db'}"})
    queries = [0]
    with app.app_context():
        upgrade()
        event.listen(db.engine, "before_cursor_execute", lambda *args: queries.__setitem__(0, queries[0] + 1))
    client = app.test_client()
    created = client.post("/api/v1/games", json={"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"],
                                                 "first_dealer": "Ann", "settings": {"target": 10000}}).json
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    game = created["id"]
    for _ in range(20):
        client.post(f"/api/v1/games/{game}/hands", json=HAND, headers=auth)
    with client.session_transaction() as session:
        session["edit_tokens"] = {game: created["edit_token"]}

    print(f"Dummy Hand Spades game with 20 hands, {RUNS} runs each")
    measure(client, "GET game page (editable, 20 hands)", lambda c: c.get(f"/g/{game}"), queries)
    measure(client, "GET game page, htmx fragment", lambda c: c.get(f"/g/{game}", headers={"HX-Request": "true"}), queries)
    measure(client, "GET /api/v1/games/<id>", lambda c: c.get(f"/api/v1/games/{game}"), queries)
    measure(client, "GET home", lambda c: c.get("/"), queries)
    measure(client, "PUT hand 1 (replays 20 hands)",
            lambda c: c.put(f"/api/v1/games/{game}/hands/1", json=HAND, headers=auth), queries)

    # A keen player: 100 more Spades games of 9 hands (won at hand 8) and 50 Rubicon parties.
    with app.app_context():
        store_games(100, {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}, [HAND] * 9)
        store_games(50, {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben"}, PARTIE)
    print("A player with 101 Spades games (920 hands) and 50 Piquet parties (300 deals), 20 runs")
    measure(client, "GET /players/Ann (replays every game)", lambda c: c.get("/players/Ann"), queries, runs=20)
    measure(client, "GET /new/dummy-spades (name suggestions)", lambda c: c.get("/new/dummy-spades"), queries)


def store_games(count: int, payload: dict, entries: list[dict]) -> None:
    """`count` copies of a game with its entries, written at once (the API would replay each game per entry)."""
    for _ in range(count):
        game = records.create_game(payload).game
        game.hands = [Hand(number=number, entry=entry) for number, entry in enumerate(entries, start=1)]
    db.session.commit()


if __name__ == "__main__":
    main()
