"""The per-player stats page with many games (part of `make bench`): issue 29's "under a second with 10,000 games".

Seeds a fresh SQLite database in a temporary folder, in this process,
through the app's store (a short Dummy Hand Spades game imported again and
again, every one with the same player, each committed as the API commits
it, its players' records counted), then times the first and a later view
of that player's page, and a hand saved in one of the games.

    scripts/bench_players.py [--games N]
"""

from __future__ import annotations

import argparse
import time

from bench_app import fresh_app

from scorekeeper.store import transfer, writes

GOAL_SECONDS = 1.0
GAME = {"game": "dummy-spades", "players": ["Dee", "Eve", "Fay"], "first_dealer": "Dee", "settings": {"target": 1000},
        "hands": [{"entry": {"bids": [{"player": "Eve", "bid": 4}, {"player": "Fay", "bid": 4},
                                      {"player": "Dee", "bid": 5}],
                             "tricks": {"Dee": 4, "dummy": 1, "Eve": 4, "Fay": 4}}}] * 8}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    games = parser.parse_args().games
    with fresh_app() as app:
        client = app.test_client()
        started = time.perf_counter()
        with app.test_request_context():
            for _ in range(games - 1):
                transfer.import_game(GAME)
                writes.commit()
        created = client.post("/api/v1/games/import", json=GAME)
        assert created.status_code == 201, created.get_json()
        print(f"seeded {games} games of 8 hands in {time.perf_counter() - started:.0f} s", flush=True)
        timings = []
        for _ in range(3):
            started = time.perf_counter()
            assert client.get("/players/Dee").status_code == 200
            timings.append(time.perf_counter() - started)
        game = created.get_json()
        started = time.perf_counter()
        saved = client.post(f"/api/v1/games/{game['id']}/hands", json=GAME["hands"][0]["entry"],
                            headers={"Authorization": f"Bearer {game['edit_token']}"})
        save = time.perf_counter() - started
        assert saved.status_code == 201, saved.get_json()
        verdict = "met" if timings[0] <= GOAL_SECONDS else "NOT met"
        print(f"{f'stats page, {games} games':<36} first view {timings[0] * 1000:.1f} ms, then "
              f"{min(timings[1:]) * 1000:.1f} ms  {GOAL_SECONDS:.0f} s {verdict}")
        print(f"{'a hand saved in a 9-hand game':<36} {save * 1000:.1f} ms (its players' sums left to the next page)")


if __name__ == "__main__":
    main()
