"""Concurrent writers against a running server: does every write happen exactly once?

    python scripts/load.py http://127.0.0.1:5000 [--writers 20] [--ops 8]

Two rounds: `--writers` threads on one game, then as many threads on as many
games, each thread picking a game at random for every change. A change is a
hand posted (with `"number"` and `If-Match`, or with neither) or the last
hand undone (with `If-Match`), each with an Idempotency-Key and each sent a
second time with that key, as a phone does when it never saw the first reply.

It checks that every answer is 2xx, 409 or 412; that every repeat got the
first answer; that the versions reported by the acknowledged changes are
exactly 1..n (each change moved the version once, none is missing); and
that replaying the acknowledged changes in version order gives exactly the
stored hands, numbered 1..n. Exit status 1 if anything is off. Standard
library only; not a test (it needs a server, and its timing is the load's).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import urllib.error
import urllib.request
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

GAME = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann", "settings": {"target": 10000}}


def hand(seed: int) -> dict[str, Any]:
    """A hand that sets the declarer (scores stay far from the target); `seed` varies the tricks."""
    ben = 4 + seed % 3
    return {"bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5}, {"player": "Cid", "bid": 6}],
            "tricks": {"Ann": 4, "dummy": 2, "Ben": ben, "Cid": 7 - ben}}


@dataclass
class Game:
    id: str
    token: str
    # Acknowledged changes: version after the change -> ("post", number, entry) or ("undo", number).
    changes: dict[int, tuple] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)


class Server:
    def __init__(self, url: str):
        self.url = url.rstrip("/") + "/api/v1"
        self.statuses: Counter[int] = Counter()
        self.problems: list[str] = []
        self.lock = threading.Lock()

    def call(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                status, raw, replayed = response.status, response.read(), response.headers["Idempotent-Replayed"]
        except urllib.error.HTTPError as error:
            status, raw, replayed = error.code, error.read(), error.headers["Idempotent-Replayed"]
        with self.lock:
            self.statuses[status] += 1
        return status, (json.loads(raw) if raw else None), replayed

    def problem(self, text: str) -> None:
        with self.lock:
            self.problems.append(text)

    def create(self) -> Game:
        status, body, _ = self.call("POST", "/games", GAME)
        assert status == 201, (status, body)
        return Game(body["id"], body["edit_token"])


def change(server: Server, game: Game, rng: random.Random) -> None:
    """Read the game, then one change sent twice with one key; the acknowledged one is noted."""
    status, current, _ = server.call("GET", f"/games/{game.id}")
    if status != 200:
        server.problem(f"GET {game.id}: {status}")
        return
    version, count = current["version"], len(current["hands"])
    headers = {"Authorization": f"Bearer {game.token}", "Idempotency-Key": str(uuid.uuid4())}
    choice = rng.random()
    if choice < 0.25 and count:
        method, path, body, note = "DELETE", f"/games/{game.id}/hands/{count}", None, ("undo", count)
        headers["If-Match"] = f'"{version}"'
    elif choice < 0.6:
        body = {**hand(rng.randrange(3)), "number": count + 1}
        method, path, note = "POST", f"/games/{game.id}/hands", None
        headers["If-Match"] = f'"{version}"'
    else:
        body = hand(rng.randrange(3))
        method, path, note = "POST", f"/games/{game.id}/hands", None
    first = server.call(method, path, body, headers)
    again = server.call(method, path, body, headers)
    for status, answer, _ in (first, again):
        if not (200 <= status < 300 or status in (409, 412)):
            server.problem(f"{method} {path}: {status} {answer}")
    if 200 <= first[0] < 300 and (again[:2] != first[:2] or again[2] != "true"):
        server.problem(f"{method} {path}: the repeat got {again[:2]}, not the first answer {first[:2]}")
    if not 200 <= first[0] < 300:
        return
    if method == "POST":
        after, note = first[1]["game"]["version"], ("post", first[1]["number"], first[1]["entry"])
    else:
        after = version + 1  # If-Match held: the undo moved the version from `version`
    with game.lock:
        if after in game.changes:
            server.problem(f"two acknowledged changes both made version {after} of {game.id}")
        game.changes[after] = note


def check(server: Server, game: Game) -> int:
    """Compare the stored game with its acknowledged changes; returns the number of stored hands."""
    _, stored, _ = server.call("GET", f"/games/{game.id}")
    versions = sorted(game.changes)
    if versions != list(range(1, stored["version"] + 1)):
        server.problem(f"{game.id}: version {stored['version']}, acknowledged changes made versions {versions}")
    expected: list[tuple[int, Any]] = []
    for version in versions:
        kind, number, *entry = game.changes[version]
        if kind == "post":
            if number != len(expected) + 1:
                server.problem(f"{game.id}: version {version} posted hand {number} after {len(expected)} hands")
            expected.append((number, entry[0]))
        else:
            if number != len(expected):
                server.problem(f"{game.id}: version {version} undid hand {number} of {len(expected)}")
            expected.pop()
    actual = [(result["number"], result["entry"]) for result in stored["hands"]]
    if actual != expected:
        server.problem(f"{game.id}: stored hands {[n for n, _ in actual]}, acknowledged {[n for n, _ in expected]}")
    return len(actual)


def run_round(server: Server, games: list[Game], writers: int, ops: int, seed: int) -> None:
    barrier = threading.Barrier(writers)

    def writer(index: int) -> None:
        rng = random.Random(seed * 1000 + index)
        barrier.wait()
        for _ in range(ops):
            change(server, rng.choice(games), rng)

    threads = [threading.Thread(target=writer, args=(index,)) for index in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url", help="the server, e.g. http://127.0.0.1:5000")
    parser.add_argument("--writers", type=int, default=20)
    parser.add_argument("--ops", type=int, default=8, help="changes per writer")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    server = Server(options.url)
    for label, game_count in (("one game", 1), (f"{options.writers} games", options.writers)):
        games = [server.create() for _ in range(game_count)]
        run_round(server, games, options.writers, options.ops, options.seed)
        hands = sum(check(server, game) for game in games)
        changes = sum(len(game.changes) for game in games)
        print(f"{label}: {options.writers} writers, {options.writers * options.ops} changes tried, "
              f"{changes} acknowledged, {hands} hands stored")
    print("answers:", ", ".join(f"{status}: {count}" for status, count in sorted(server.statuses.items())))
    for text in server.problems:
        print("PROBLEM:", text)
    print("every write exactly once" if not server.problems else f"{len(server.problems)} problems")
    return 1 if server.problems else 0


if __name__ == "__main__":
    sys.exit(main())
