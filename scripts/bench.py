"""How close Scorekeeper comes to what its stack can serve: `make bench`.

Starts the app exactly as `make run` does (same command, same gunicorn
settings) on a free port of 127.0.0.1 with a fresh SQLite database, seeds
it through the app's own API, and starts a bare Flask app returning a 6 KB
page under the same settings (`make run WSGI_APP=...`). Debian's `wrk`
drives both in turn, A/B/A/B, each run bounded in time, only ever to
127.0.0.1. It measures the stack's own limits in the same run (bare Flask
after one query, after one committed write, and after the minimal save
transaction: the game's row read, a hand inserted, the game's row updated,
committed; for scale, also after the statements a save runs, with none of
the save's own Python work), and prints every goal of the "close to the
stack's limit" issue as a share of the limit it needs (median, min and max
of the rounds; reads 90% of one query's, saves 60% of the minimal save
transaction's on SQLite and 50% on PostgreSQL, a save into a 200-hand game
85% of one into a 20-hand game), the bytes on the wire, and the stats
page's cost against the home page. Then 8 clients loop on a 500-hand game's
export.json while another reader reads: its median against 100 ms.

    scripts/bench.py [--rounds N] [--seconds S] [--quick] [--database URL]

`--database` benches on another database (`make bench-postgres` gives it a
throwaway PostgreSQL one): it must be empty or the bench's own, as it is
migrated and seeded like the SQLite file.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
CONNECTIONS = 20
# On a shared 2-core machine one round in three or four can fall in a moment when the machine is slowed (bare
# Flask's rate swings by a third, and the app's can fall to a third in one round of a pair): the median of five
# pairs leaves out two such rounds, that of three only one.
ROUNDS = 5
BARE_APP = "scripts.bench_bare:app"

# A Dummy Hand Spades hand that keeps a game going for hundreds of hands (nobody reaches 10,000 soon).
HAND = {
    "bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 7}, {"player": "Cid", "bid": 7}],
    "tricks": {"Ann": 4, "dummy": 1, "Ben": 4, "Cid": 4},
}
SPADES = {
    "game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann", "settings": {"target": 10000},
}
# The stats player's games: Spades won at hand 8 and Rubicon parties of six deals.
STATS_HAND = {
    "bids": [{"player": "Dee", "bid": 4}, {"player": "Eve", "bid": 3}, {"player": "Fay", "bid": 3, "nil": ["dummy"]}],
    "tricks": {"Dee": 3, "dummy": 1, "Eve": 5, "Fay": 4},
}
STATS_SPADES = {"game": "dummy-spades", "players": ["Dee", "Eve", "Fay"], "first_dealer": "Dee"}
PIQUET = {"game": "piquet", "players": ["Dee", "Gus"], "first_dealer": "Gus"}
DEAL = {"point": {"elder": {"cards": 5, "value": 48}}, "sequences": {"elder": [{"length": 5, "top": "K"}]},
        "tricks": ["elder"] * 7 + ["younger"] * 5}

GOALS = {  # request: (the stack's limit it needs, the share of that limit's requests per second it must reach)
    "game page, 20 hands, read-only": ("read", 0.90),
    "GET /api/v1/games/<id>, 20 hands": ("read", 0.90),
    "live poll answered 304": ("read", 0.90),
    "POST a hand (API), 20-hand games": ("save", None),  # None: the database's, SAVE_SHARE_GOALS
    "POST a hand (API), 200-hand games": ("save", None),
}
# A save against the minimal save transaction: on PostgreSQL each of a save's statements is a round trip.
SAVE_SHARE_GOALS = {"sqlite": 0.60, "postgresql": 0.50}
LIMIT = "the stack's limit"
SAVES_STATEMENTS = "a save's statements"
LONG_SAVE_GOAL = 0.85  # a save into a 200-hand game, against one into a 20-hand game (requests per second)
FIRST_VIEW_GOAL = 30 * 1024
CLUB_EVENINGS = (40, 250)  # tables, each with four phones: a club, and a hosted server on a busy evening
CLUB_POLL_GOAL_MS = 100
CLUB_SAVE_GOAL_MS = 250
SAVE_GOAL = 4 * 1024
STATS_GOAL = 5.0
EVENT_GOAL = 1.25  # a club night of 30 tables against one of 3: as fast, within the noise
EVENT_SIZES = (3, 30)


@dataclass
class Server:
    """A `make run` in its own process group, on a free port."""

    name: str
    port: int
    process: subprocess.Popen

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def start(name: str, database: str, log: Path, app: str | None = None) -> Server:
    """`make run` on a free port of 127.0.0.1 (serving `app` instead of Scorekeeper, if given)."""
    port = free_port()
    # The bench seeds thousands of games from one address: creation stays limited (its check is timed), but
    # far above what the seeding needs.
    env = {**os.environ, "HOST": HOST, "PORT": str(port), "DATABASE_URL": database, "SECRET_KEY": "bench",
           "CREATION_LIMIT": "1000000 per minute"}
    command = ["make", "--no-print-directory", "-C", str(ROOT), "run"] + ([f"WSGI_APP={app}"] if app else [])
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(name, port, process)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"{name} did not start; see {log}:\n{log.read_text()[-2000:]}")
        try:
            Client(port).request("GET", "/")
            return server
        except OSError:
            time.sleep(0.3)
    server.stop()
    sys.exit(f"{name} did not answer within two minutes; see {log}")


@dataclass
class Reply:
    status: int
    headers: http.client.HTTPMessage
    body: bytes
    wire: int  # status line, headers and body as sent

    def json(self) -> dict:
        return json.loads(self.body)


@dataclass
class Client:
    """HTTP/1.1 to 127.0.0.1 that keeps cookies and counts the bytes of each response."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None) -> Reply:
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection = http.client.HTTPConnection(HOST, self.port, timeout=60)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
        finally:
            connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        head = f"HTTP/1.1 {response.status} {response.reason}\r\n".encode() + bytes(response.headers)
        return Reply(response.status, response.headers, data, len(head) + len(data))

    def json(self, method: str, path: str, payload: object, token: str | None = None) -> dict:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        reply = self.request(method, path, json.dumps(payload).encode(), headers)
        if reply.status >= 400:
            sys.exit(f"{method} {path} answered {reply.status}: {reply.body[:500]!r}")
        return reply.json()


@dataclass(frozen=True)
class Seeded:
    game20: list[tuple[str, str]]  # (id, edit token)
    game200: list[tuple[str, str]]
    stats_player: str
    events: dict[int, str] = field(default_factory=dict)  # tables: the id of a club night that size


def seed(client: Client, games: int, stats_games: tuple[int, int]) -> Seeded:
    """Everything through the API: a game built hand by hand, then copies of it imported."""
    first = client.json("POST", "/api/v1/games", SPADES)
    for _ in range(20):
        client.json("POST", f"/api/v1/games/{first['id']}/hands", HAND, first["edit_token"])
    template = json.loads(client.request("GET", f"/api/v1/games/{first['id']}").body)
    entry = template["hands"][0]["entry"]

    def copies(count: int, hands: int, base: dict = template, one: dict = entry) -> list[tuple[str, str]]:
        made = []
        for _ in range(count):
            game = client.json("POST", "/api/v1/games/import", {**base, "hands": [{"entry": one}] * hands})
            made.append((game["id"], game["edit_token"]))
        return made

    game20 = [(first["id"], first["edit_token"])] + copies(games - 1, 20)
    game200 = copies(games, 200)

    spades, parties = stats_games
    stats = client.json("POST", "/api/v1/games", STATS_SPADES)
    for _ in range(8):
        client.json("POST", f"/api/v1/games/{stats['id']}/hands", STATS_HAND, stats["edit_token"])
    stats_export = json.loads(client.request("GET", f"/api/v1/games/{stats['id']}").body)
    for _ in range(spades - 1):
        client.json("POST", "/api/v1/games/import", stats_export)
    partie = client.json("POST", "/api/v1/games", PIQUET)
    for _ in range(6):
        client.json("POST", f"/api/v1/games/{partie['id']}/hands", DEAL, partie["edit_token"])
    partie_export = json.loads(client.request("GET", f"/api/v1/games/{partie['id']}").body)
    for _ in range(parties - 1):
        client.json("POST", "/api/v1/games/import", partie_export)
    return Seeded(game20, game200, "Dee", seed_events(client))


def event_hand(seats: list[str]) -> dict:
    """docs/rules.md A10 E1 at a club night's table, its first seat as Ann."""
    first, second, third = seats
    return {"bids": [{"player": first, "bid": 7}, {"player": second, "bid": 5}, {"player": third, "bid": 6}],
            "tricks": {first: 5, "dummy": 3, second: 2, third: 3}}


def seed_events(client: Client) -> dict[int, str]:
    """A club night of each size in EVENT_SIZES, its first round played (one hand a table) and the second seated."""
    made = {}
    for tables in EVENT_SIZES:
        players = [f"Player {index}" for index in range(tables * 3)]
        event = client.json("POST", "/api/v1/events", {"name": f"{tables} tables", "game": "dummy-spades",
                                                        "players": players, "rounds": 3, "hands_per_round": 1})
        seated = client.json("POST", f"/api/v1/events/{event['id']}/rounds", {}, event["edit_token"])
        for table in seated["tables"]:
            client.json("POST", f"/api/v1/games/{table['game']}/hands", event_hand(table["players"]),
                        table["edit_token"])
        client.json("POST", f"/api/v1/events/{event['id']}/rounds", {}, event["edit_token"])
        made[tables] = event["id"]
    return made


# --- load ---------------------------------------------------------------------------------------

ROTATING_POST = """
local games = {%s}
local body = '%s'
local threads = 0
function setup(thread)
  thread:set("offset", threads * 1000003)
  threads = threads + 1
end
local n = 0
function request()
  n = n + 1
  local game = games[(offset + n) %% #games + 1]
  return wrk.format("POST", %s,
    {["Authorization"] = "Bearer " .. game[2], ["Content-Type"] = "application/json"}, body)
end
"""
SAVE_PATH = '"/api/v1/games/" .. game[1] .. "/hands"'
SAVES_STATEMENTS_PATH = '"/a-saves-statements?game=" .. game[1]'  # scripts/bench_bare.py
MINIMAL_SAVE_PATH = '"/minimal-save?game=" .. game[1]'  # scripts/bench_bare.py


ONE_WRITE = """
wrk.method = "POST"
wrk.body = "a hand's worth of text"
"""


@dataclass(frozen=True)
class Load:
    """One kind of request, as wrk arguments against a server."""

    label: str
    path: str
    headers: tuple[str, ...] = ()
    script: str | None = None


def wrk(port: int, load: Load, seconds: float, folder: Path) -> tuple[float, int]:
    """Requests per second, and how many answers were errors (4xx/5xx) or failed."""
    command = ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{max(1, round(seconds))}s", "--timeout", "10s"]
    for header in load.headers:
        command += ["-H", header]
    if load.script:
        script = folder / "load.lua"
        script.write_text(load.script)
        command += ["-s", str(script)]
    command.append(f"http://{HOST}:{port}{load.path}")
    output = subprocess.run(command, capture_output=True, text=True, check=True, timeout=seconds + 60).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    errors = sum(int(count) for count in re.findall(r"Non-2xx or 3xx responses: (\d+)", output))
    errors += sum(int(count) for count in re.findall(r"(?:connect|read|write|timeout) (\d+)", output))
    return rate, errors


def timed(request: Callable[[], Reply], times: int) -> float:
    """The median time of `times` requests made one after the other, in seconds."""
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        if request().status != 200:
            sys.exit("A stats or home page did not answer 200.")
        spent.append(time.perf_counter() - start)
    return statistics.median(spent)


def spread(values: list[float], unit: str = "%") -> str:
    low, middle, high = min(values), statistics.median(values), max(values)
    if unit == "%":
        return f"{middle * 100:6.1f}%  (min {low * 100:.1f}%, max {high * 100:.1f}%)"
    return f"{middle:6.2f}{unit}  (min {low:.2f}{unit}, max {high:.2f}{unit})"


# --- bytes --------------------------------------------------------------------------------------

ENCODINGS = {"Accept-Encoding": "gzip, deflate, br"}


class FormFields(HTMLParser):
    """The stylesheet and script addresses of a page, and the inputs of its #hand-form."""

    def __init__(self) -> None:
        super().__init__()
        self.assets: list[str] = []
        self.inputs: dict[str, str] = {}
        self._in_form = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        if tag == "link" and a.get("rel") == "stylesheet" and a.get("href", "").startswith("/"):
            self.assets.append(a["href"])
        if tag == "script" and a.get("src", "").startswith("/"):
            self.assets.append(a["src"])
        if tag == "form":
            self._in_form = a.get("id") == "hand-form"
        if self._in_form and tag == "input" and a.get("name") and a.get("type") in ("hidden", None, "text", "number"):
            self.inputs[a["name"]] = a.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._in_form = False


def parse(html: bytes) -> FormFields:
    parser = FormFields()
    parser.feed(html.decode())
    return parser


def decoded(reply: Reply) -> bytes:
    encoding = reply.headers.get("Content-Encoding")
    if encoding == "gzip":
        import gzip
        return gzip.decompress(reply.body)
    if encoding == "br":
        import brotli  # type: ignore[import-not-found]
        return brotli.decompress(reply.body)
    if encoding == "deflate":
        import zlib
        return zlib.decompress(reply.body)
    return reply.body


def first_view(port: int, game_id: str) -> tuple[int, list[tuple[str, int]]]:
    """Bytes of a first, read-only view of a game: the page, then its own CSS and JS (htmx comes from a CDN)."""
    client = Client(port)
    page = client.request("GET", f"/g/{game_id}", headers=ENCODINGS)
    parts = [(f"/g/{game_id}", page.wire)]
    for asset in parse(decoded(page)).assets:
        parts.append((asset, client.request("GET", asset, headers=ENCODINGS).wire))
    return sum(size for _, size in parts), parts


def htmx_save(port: int, game_id: str, token: str) -> int:
    """Bytes of the answer to saving a hand from the game page through htmx, as an editor."""
    client = Client(port)
    client.request("GET", f"/g/{game_id}/join/{token}")
    page = client.request("GET", f"/g/{game_id}")
    fields = parse(decoded(page)).inputs
    for name in fields:
        if re.fullmatch(r"bids-\d+-bid", name):
            fields[name] = "7"
    tricks = sorted(name for name in fields if re.fullmatch(r"tricks-\d+", name))
    for name, count in zip(tricks, ("4", "4", "4", "1")):  # the three players, then the dummy
        fields[name] = count
    headers = {**ENCODINGS, "HX-Request": "true", "HX-Current-URL": f"http://{HOST}:{port}/g/{game_id}",
               "HX-Target": "board", "Content-Type": "application/x-www-form-urlencoded"}
    reply = client.request("POST", f"/g/{game_id}/hands", urllib.parse.urlencode(fields).encode(), headers)
    if reply.status != 200:
        sys.exit(f"The htmx save answered {reply.status}: {decoded(reply)[:800]!r}")
    return reply.wire


# --- the run ------------------------------------------------------------------------------------


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--rounds", type=int, default=ROUNDS, help=f"A/B rounds for each request (default {ROUNDS})")
    options.add_argument("--seconds", type=float, default=3, help="length of each wrk run (default 3)")
    options.add_argument("--quick", action="store_true", help="one short round on a small database (a smoke test)")
    options.add_argument("--database", help="a throwaway database's URL, instead of a fresh SQLite file")
    options.add_argument("--club-seconds", type=float, default=60, help="length of each club evening (default 60)")
    args = options.parse_args()
    if args.quick:
        args.rounds, args.seconds, args.club_seconds = 1, 1, 10
    if shutil.which("wrk") is None:
        sys.exit("make bench needs Debian's wrk: run 'sudo apt-get install wrk' (make bench does, as root).")

    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    database = args.database or f"sqlite:///{folder / 'bench.db'}"
    servers: list[Server] = []
    try:
        app = start("Scorekeeper", database, folder / "app.log")
        servers.append(app)
        bare = start("bare Flask", database, folder / "bare.log", BARE_APP)
        servers.append(bare)
        size = "quick" if args.quick else "full"
        print(f"Seeding {database.partition(':')[0]} through the API ({size})...", flush=True)
        seeded = seed(Client(app.port), 4 if args.quick else 40, (3, 2) if args.quick else (100, 50))
        report(app, bare, seeded, args.rounds, args.seconds, folder, SAVE_SHARE_GOALS[database_kind(database)])
        bare.stop()  # what follows has the machine to the app alone
        export_flood(Client(app.port), seeded, 5 if args.quick else 20)
        club(app, args.club_seconds)
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@dataclass(frozen=True)
class Measured:
    label: str
    shares: list[float]  # of bare Flask's requests per second, one per round
    rate: float  # median requests per second
    bare_rate: float
    errors: int


def measure(bare: Server, baseline: Load, server: Server, load: Load, rounds: int, seconds: float,
            folder: Path) -> Measured:
    """`load` against `server`, each round right after bare Flask's page, as shares of the latter."""
    shares, rates, bare_rates, errors = [], [], [], 0
    for _ in range(rounds):
        bare_rate, _ = wrk(bare.port, baseline, seconds, folder)
        rate, failed = wrk(server.port, load, seconds, folder)
        shares.append(rate / bare_rate)
        bare_rates.append(bare_rate)
        rates.append(rate)
        errors += failed
    return Measured(load.label, shares, statistics.median(rates), statistics.median(bare_rates), errors)


def database_kind(url: str) -> str:
    """sqlite or postgresql, from a database's URL (postgresql+psycopg://... included)."""
    return "sqlite" if url.startswith("sqlite") else "postgresql"


def report(app: Server, bare: Server, seeded: Seeded, rounds: int, seconds: float, folder: Path,
           save_goal: float) -> None:
    game_id = seeded.game20[0][0]
    live = Client(app.port).request("GET", f"/g/{game_id}/live")
    etag = live.headers["ETag"]
    lua = lambda games, path=SAVE_PATH: ROTATING_POST % (  # noqa: E731
        ", ".join(f'{{"{gid}", "{token}"}}' for gid, token in games), json.dumps(HAND), path)
    loads = [
        Load("game page, 20 hands, read-only", f"/g/{game_id}", ("Accept-Encoding: gzip",)),
        Load("GET /api/v1/games/<id>, 20 hands", f"/api/v1/games/{game_id}", ("Accept-Encoding: gzip",)),
        Load("live poll answered 304", f"/g/{game_id}/live", (f"If-None-Match: {etag}",)),
        Load("POST a hand (API), 20-hand games", "/", script=lua(seeded.game20[1:])),
        Load("POST a hand (API), 200-hand games", "/", script=lua(seeded.game200)),
    ]
    baseline = Load("bare Flask, 6 KB page", "/", ("Accept-Encoding: gzip",))
    # What the stack allows a request that must read the database once, or commit once.
    ceilings = {
        "read": Load("bare Flask + one query", f"/one-query?game={game_id}"),
        "write": Load("bare Flask + one committed write", "/one-write", script=ONE_WRITE),
        "save": Load("bare Flask + the minimal save", "/",
                     script=lua(seeded.game20[1:], MINIMAL_SAVE_PATH)),
        # Not a goal's limit: how near the goal of saves a save could come if its own Python work cost nothing.
        SAVES_STATEMENTS: Load("bare Flask + a save's statements", "/",
                               script=lua(seeded.game20[1:], SAVES_STATEMENTS_PATH)),
    }
    print(f"wrk: {CONNECTIONS} connections, {rounds} rounds of {max(1, round(seconds))} s, A/B interleaved", flush=True)
    print(f"{'request':<36} {'share of its limit (median, min, max)':<42} goal")
    limits = {}
    for kind, load in ceilings.items():
        measured = measure(bare, baseline, bare, load, rounds, seconds, folder)
        limits[kind] = statistics.median(measured.shares)
        if kind == "save":
            what = f"{LIMIT}: {limits['save'] / limits['write']:.1%} of one committed write's"
        elif kind == SAVES_STATEMENTS:
            what = f"{limits[kind] / limits['save']:6.1%} of the minimal save's"
        else:
            what = LIMIT if kind == "read" else "(for scale)"
        note = f", {measured.errors} failed" if measured.errors else ""
        print(f"{load.label:<36} {what:<42} {measured.rate:.0f} req/s{note},"
              f" {spread(measured.shares).strip()} of bare Flask's {measured.bare_rate:.0f}", flush=True)
    shares = {}
    for load in loads:
        measured = measure(bare, baseline, app, load, rounds, seconds, folder)
        kind, goal = GOALS[load.label]
        goal = save_goal if goal is None else goal
        # Each round's share of bare Flask's rate, against the median share of the limit: the limit as it was
        # measured in the same run, with bare Flask's swings between rounds taken out.
        of_limit = [share / limits[kind] for share in measured.shares]
        shares[load.label] = statistics.median(measured.shares)
        verdict = "met" if statistics.median(of_limit) >= goal else "NOT met"
        note = f", {measured.errors} failed" if measured.errors else ""
        print(f"{load.label:<36} {spread(of_limit):<42} {goal:.0%} {verdict}  ({measured.rate:.0f} req/s{note},"
              f" {shares[load.label]:.1%} of bare Flask's {measured.bare_rate:.0f};"
              f" its limit: {ceilings[kind].label})", flush=True)
    long_save = shares["POST a hand (API), 200-hand games"] / shares["POST a hand (API), 20-hand games"]
    verdict = "met" if long_save >= LONG_SAVE_GOAL else "NOT met"
    print(f"{'a save, 200-hand / 20-hand games':<36} {long_save * 100:6.1f}%{'':<35} {LONG_SAVE_GOAL:.0%} {verdict}",
          flush=True)

    # One request at a time: a stats page may take longer than a wrk run lasts.
    client = Client(app.port)
    costs = []
    for _ in range(rounds):
        home_time = timed(lambda: client.request("GET", "/"), 5)
        stats_time = timed(lambda: client.request("GET", f"/players/{seeded.stats_player}"), 5)
        costs.append(stats_time / home_time)
    verdict = "met" if statistics.median(costs) <= STATS_GOAL else "NOT met"
    print(f"{'stats page (150 games) / home page':<36} {spread(costs, 'x'):<42} {STATS_GOAL:.0f}x {verdict}")

    small, large = (seeded.events[size] for size in EVENT_SIZES)
    for label, path in (("club night API object", "/api/v1/events/{}"), ("club night big screen", "/events/{}/screen"),
                        ("club night event page", "/events/{}")):
        costs = []
        for _ in range(rounds):
            small_time = timed(lambda: client.request("GET", path.format(small)), 20)
            large_time = timed(lambda: client.request("GET", path.format(large)), 20)
            costs.append(large_time / small_time)
        verdict = "met" if statistics.median(costs) <= EVENT_GOAL else "NOT met"
        print(f"{label + ', 30 tables / 3':<36} {spread(costs, 'x'):<42} {EVENT_GOAL:.2f}x {verdict}", flush=True)

    total, parts = first_view(app.port, game_id)
    verdict = "met" if total <= FIRST_VIEW_GOAL else "NOT met"
    detail = ", ".join(f"{path.split('?')[0]} {size / 1024:.1f}" for path, size in parts)
    print(f"{'first view of a 20-hand game':<36} {total / 1024:6.1f} KiB ({detail}) "
          f"{FIRST_VIEW_GOAL // 1024} KiB {verdict}")
    game, token = seeded.game20[0]  # still 20 hands: the POST loads write to the other games
    save = htmx_save(app.port, game, token)
    verdict = "met" if save <= SAVE_GOAL else "NOT met"
    print(f"{'a hand saved through htmx':<36} {save / 1024:6.1f} KiB {'':<35} {SAVE_GOAL // 1024} KiB {verdict}")


LONG_HAND = {"bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 7}, {"player": "Cid", "bid": 7}],
             "tricks": {"Ann": 4, "dummy": 1, "Ben": 4, "Cid": 4}}
FLOOD_CLIENTS = 8
FLOOD_GOAL_MS = 100


def export_flood(client: Client, seeded: Seeded, seconds: float) -> None:
    """8 clients looping on a 500-hand game's export.json (and, each tenth request, on its summary and CSV) while
    one other reader reads game pages and API objects: the other reader's median must stay within
    FLOOD_GOAL_MS (pages/long_reads.py bounds the long reads made afresh, the kept ones cost a query)."""
    game = client.json("POST", "/api/v1/games/import", {
        "game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann",
        "settings": {"target": 10000}, "hands": [{"entry": LONG_HAND}] * 500})
    long_reads = [f"/g/{game['id']}/export.json"] * 8 + [f"/g/{game['id']}/summary", f"/g/{game['id']}/export.csv"]
    others = [path for game_id, _ in seeded.game20[:4] for path in (f"/g/{game_id}", f"/api/v1/games/{game_id}")]
    stop = time.monotonic() + seconds
    statuses: dict[int, int] = {}

    def flood() -> None:
        flooder, turn = Client(client.port), 0
        while time.monotonic() < stop:
            status = flooder.request("GET", long_reads[turn % len(long_reads)]).status
            statuses[status] = statuses.get(status, 0) + 1
            turn += 1

    flooders = [threading.Thread(target=flood) for _ in range(FLOOD_CLIENTS)]
    for thread in flooders:
        thread.start()
    reader, times, turn = Client(client.port), [], 0
    while time.monotonic() < stop:
        started = time.perf_counter()
        reply = reader.request("GET", others[turn % len(others)])
        times.append((time.perf_counter() - started) * 1000)
        if reply.status != 200:
            sys.exit(f"{others[turn % len(others)]} answered {reply.status} during the export flood")
        turn += 1
    for thread in flooders:
        thread.join()
    median = statistics.median(times)
    verdict = "met" if median <= FLOOD_GOAL_MS else "NOT met"
    answered = ", ".join(f"{count} x {status}" for status, count in sorted(statuses.items()))
    print(f"{'others during an export flood':<36} median {median:.1f} ms of {len(times)} ({FLOOD_CLIENTS} clients on a "
          f"500-hand game's export.json: {answered})  <= {FLOOD_GOAL_MS} ms {verdict}", flush=True)


def club(app: Server, seconds: float) -> None:
    """Club evenings against the app (scripts/club_load.py): every phone polls every 3 s, a scorer per table
    saves every 20 s; the goals are no errors, polls and saves within their p99, every hand seen within one poll."""
    import club_load  # beside this script; needs aiohttp (the test extras)

    print(f"Club evenings of {seconds:.0f} s (scripts/club_load.py; goals: no errors, poll p99 <= "
          f"{CLUB_POLL_GOAL_MS} ms, save p99 <= {CLUB_SAVE_GOAL_MS} ms, every hand seen within one poll)", flush=True)
    for tables in CLUB_EVENINGS:
        figures = club_load.run(f"http://{HOST}:{app.port}", tables, 4, seconds)
        met = (not figures["errors"] and figures["poll_p99_ms"] <= CLUB_POLL_GOAL_MS
               and figures["save_p99_ms"] <= CLUB_SAVE_GOAL_MS and figures["seen_late"] == 0)
        print(f"  {club_load.summary(figures)}: {'met' if met else 'NOT met'}", flush=True)


if __name__ == "__main__":
    main()
