"""Long games against short ones, read by read: `make bench` and `make bench-postgres` run it after scripts/bench.py.

Starts the app as `make run` does on a fresh database (SQLite, or the
`--database` given), one request at a time, brotli and gzip accepted as a
browser does, and prints each goal of issue 48's items 2 and 3 as met or
NOT met, with the run-to-run spread (median, min and max of the rounds):

- the first game page and the first API object after a save, in a 400-hand
  game against a 20-hand one (each round a fresh game of 399 or 19 hands,
  read once, then one hand saved through the API): at most 2x the time, and
  the page at most 3x the bytes (decompressed);
- a 500-hand game's `export.json`, CSV and summary once kept, against a
  20-hand game's: at most 2x the time (each round the median of its reads);
  beside them, for the record, the first one after a save (made afresh).

Each round's ratio is of two requests timed in that round, so the machine's
slow phases move both.

    scripts/bench_long_games.py [--rounds N] [--quick] [--database URL]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from bench import ENCODINGS, HAND, SPADES, Client, Reply, decoded, start

ROUNDS = 9
FLAT_GOAL = 2.0  # a 400-hand game's first read after a save, against a 20-hand game's
FLAT_BYTES_GOAL = 3.0  # and the bytes of its page
KEPT_GOAL = 2.0  # a 500-hand game's kept export or summary, against a 20-hand game's
KEPT_READS = 15  # reads of a kept answer a round, of which the median is taken
FLAT_HANDS = (20, 400)
EXPORT_HANDS = (20, 500)
LONG_READS = ("export.json", "export.csv", "summary")


def ratios(label: str, short: list[float], long: list[float], goal: float, hands: tuple[int, int]) -> None:
    """One goal's line: each round's long time over its short one, as median, min and max, and the verdict."""
    each = [slow / fast for fast, slow in zip(short, long, strict=True)]
    middle = statistics.median(each)
    verdict = "met" if middle <= goal else "NOT met"
    print(f"  {label:<44} {hands[1]} hands {statistics.median(long) * 1000:6.1f} ms, {hands[0]} hands "
          f"{statistics.median(short) * 1000:5.1f} ms: {middle:.2f}x (min {min(each):.2f}x, max {max(each):.2f}x)"
          f"  <= {goal:.0f}x {verdict}", flush=True)


def timed(request: Callable[[], Reply]) -> tuple[float, Reply]:
    start = time.perf_counter()
    reply = request()
    spent = time.perf_counter() - start
    if reply.status != 200:
        sys.exit(f"A read answered {reply.status}: {reply.body[:300]!r}")
    return spent, reply


class LongGames:
    """Games of any length, made from one hand's stored entry imported again and again."""

    def __init__(self, client: Client) -> None:
        self.client = client
        template = client.json("POST", "/api/v1/games", SPADES)
        client.json("POST", f"/api/v1/games/{template['id']}/hands", HAND, template["edit_token"])
        self.entry = json.loads(client.request("GET", f"/api/v1/games/{template['id']}").body)["hands"][0]["entry"]

    def game(self, hands: int) -> dict:
        return self.client.json("POST", "/api/v1/games/import", {**SPADES, "hands": [{"entry": self.entry}] * hands})

    def save(self, game: dict) -> None:
        self.client.json("POST", f"/api/v1/games/{game['id']}/hands", HAND, game["edit_token"])

    def get(self, path: str) -> Reply:
        return self.client.request("GET", path, headers=ENCODINGS)


def flat_reads(games: LongGames, rounds: int) -> None:
    print("First reads after a save, 400-hand game against 20-hand game (one request at a time):", flush=True)
    times: dict[tuple[int, str], list[float]] = {}
    sizes: dict[int, list[int]] = {}
    for _ in range(rounds):
        for what in ("page", "api"):
            for hands in FLAT_HANDS:
                game = games.game(hands - 1)
                path = f"/g/{game['id']}" if what == "page" else f"/api/v1/games/{game['id']}"
                games.get(path)
                games.save(game)
                spent, reply = timed(partial(games.get, path))
                times.setdefault((hands, what), []).append(spent)
                if what == "page":
                    sizes.setdefault(hands, []).append(len(decoded(reply)))
    for what, label in (("page", "first game page after a save"), ("api", "first GET /api/v1/games/<id> after a save")):
        ratios(label, times[(FLAT_HANDS[0], what)], times[(FLAT_HANDS[1], what)], FLAT_GOAL, FLAT_HANDS)
    short, long = statistics.median(sizes[FLAT_HANDS[0]]), statistics.median(sizes[FLAT_HANDS[1]])
    verdict = "met" if long / short <= FLAT_BYTES_GOAL else "NOT met"
    print(f"  {'its page, decompressed':<44} {FLAT_HANDS[1]} hands {long / 1024:.1f} KiB, {FLAT_HANDS[0]} hands "
          f"{short / 1024:.1f} KiB: {long / short:.2f}x  <= {FLAT_BYTES_GOAL:.0f}x {verdict}", flush=True)


def kept_reads(games: LongGames, rounds: int) -> None:
    print("Exports and summaries, 500-hand game against 20-hand game (one request at a time):", flush=True)
    kept: dict[tuple[int, str], list[float]] = {}
    afresh: dict[tuple[int, str], list[float]] = {}
    for _ in range(rounds):
        for hands in EXPORT_HANDS:
            game = games.game(hands - 1)
            games.get(f"/g/{game['id']}")
            games.save(game)
            for read in LONG_READS:
                path = f"/g/{game['id']}/{read}"
                afresh.setdefault((hands, read), []).append(timed(partial(games.get, path))[0])
                each = [timed(partial(games.get, path))[0] for _ in range(KEPT_READS)]
                kept.setdefault((hands, read), []).append(statistics.median(each))
    for read in LONG_READS:
        ratios(f"{read}, kept", kept[(EXPORT_HANDS[0], read)], kept[(EXPORT_HANDS[1], read)], KEPT_GOAL, EXPORT_HANDS)
    for read in LONG_READS:
        short, long = afresh[(EXPORT_HANDS[0], read)], afresh[(EXPORT_HANDS[1], read)]
        print(f"  {read + ', first after a save (no goal)':<44} {EXPORT_HANDS[1]} hands "
              f"{statistics.median(long) * 1000:6.1f} ms, {EXPORT_HANDS[0]} hands "
              f"{statistics.median(short) * 1000:5.1f} ms", flush=True)


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--rounds", type=int, default=ROUNDS, help=f"rounds of each comparison (default {ROUNDS})")
    options.add_argument("--quick", action="store_true", help="three rounds (a smoke test)")
    options.add_argument("--database", help="a throwaway database's URL, instead of a fresh SQLite file")
    args = options.parse_args()
    rounds = 3 if args.quick else args.rounds
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-long-"))
    database = args.database or f"sqlite:///{folder / 'bench.db'}"
    app = start("Scorekeeper", database, folder / "app.log")
    try:
        games = LongGames(Client(app.port))
        flat_reads(games, rounds)
        kept_reads(games, rounds)
    finally:
        app.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
