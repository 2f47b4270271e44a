"""An evening at the club against a running server: do polls and saves stay quick, and does every phone see
every hand?

    python scripts/club_load.py http://127.0.0.1:5000 [--tables 40] [--phones 4] [--seconds 60]

Plays `--tables` games at once, each watched by `--phones` phones (one of
them the scorer's): every phone asks the game's live endpoint every 3 s
with the ETag it has (a 304 while nothing changed, the new board when
something did), and the scorer records a hand through the API every 20 s.
First the room fills: each phone opens its game's page at a moment spread
over `--fill` seconds (20 by default), and takes the ETag its polls send
from the page, as the browser does. Then the evening is played and
measured for `--seconds`, phones and scorers starting spread over their
first period. One asynchronous process plays them all (aiohttp), so its
own load counts little beside the server's; the run is bounded (at the
deadline the requests under way end, each within 10 s, after which it
counts as an error).

It reports the pages opened while the room filled (their p50 and p99), the
answers that were errors (anything but 200, 201 and 304, or no answer,
while the room filled or after), the p50 and p99 latency of polls and of
saves, and whether every
phone saw each hand within one poll: for every save acknowledged at time t,
every phone of its table whose next poll started after t must have got the
game at that version or later. Exit status 1 if anything failed. Only
loopback addresses; not a test (it needs a server, and its figures are the
machine's): `make bench` runs it and prints its figures.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import ipaddress
import json
import random
import re
import statistics
import sys
import time
import urllib.parse
from dataclasses import dataclass, field

import aiohttp

POLL_EVERY = 3.0
SAVE_EVERY = 20.0
FILL_SECONDS = 20.0
TIMEOUT = aiohttp.ClientTimeout(total=10)  # an answer later than this counts as an error
PAGE_ETAG = re.compile(r'data-etag="([^"]*)"')  # where a game page keeps the ETag of its board (templates/_live.html)


def players(table: int) -> list[str]:
    """The table's three players: each table has its own, as on a real evening (a player's record is kept by
    name, so tables sharing names would all lock the same players' sums)."""
    return [f"{name} {table}" for name in ("Ann", "Ben", "Cid")]


def new_game(table: int) -> dict:
    ann, ben, cid = players(table)
    return {"game": "dummy-spades", "players": [ann, ben, cid], "first_dealer": ann, "settings": {"target": 10000}}


def hand(table: int) -> dict:
    """A hand that sets the declarer: the game stays far from any target."""
    ann, ben, cid = players(table)
    return {"bids": [{"player": ann, "bid": 7}, {"player": ben, "bid": 5}, {"player": cid, "bid": 6}],
            "tricks": {ann: 4, "dummy": 2, ben: 4, cid: 3}}


@dataclass
class Table:
    number: int
    id: str
    token: str
    saves: list[tuple[float, int]] = field(default_factory=list)  # (acknowledged at, version)


@dataclass
class Phone:
    table: Table
    etag: str | None = None  # of the board the phone shows
    polls: list[tuple[float, int]] = field(default_factory=list)  # (started at, version seen)


@dataclass
class Figures:
    page_times: list[float] = field(default_factory=list)
    poll_times: list[float] = field(default_factory=list)
    save_times: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


def version_of(etag: str) -> int:
    """The game's version in the live ETag (`W/"<version>.<games>.<versions>.<reader>.<language>"`)."""
    return int(etag.removeprefix("W/").strip('"').split(".")[0])


async def open_page(session: aiohttp.ClientSession, base: str, seat: Phone, figures: Figures, fill: float) -> None:
    """Open the table's game page at a moment within the first `fill` seconds; the phone keeps its board's ETag."""
    await asyncio.sleep(random.uniform(0, fill))
    began = time.monotonic()
    try:
        async with session.get(f"{base}/g/{seat.table.id}") as response:
            page = await response.text()
            found = PAGE_ETAG.search(page)
            if response.status == 200 and found:
                seat.etag = html.unescape(found.group(1))
            else:
                figures.error(f"page {response.status}")
    except (TimeoutError, aiohttp.ClientError) as error:
        figures.error(f"page {type(error).__name__}")
    figures.page_times.append(time.monotonic() - began)


async def phone(session: aiohttp.ClientSession, base: str, seat: Phone, figures: Figures, start: float,
                deadline: float) -> None:
    """Poll the table's game every POLL_EVERY seconds with the ETag last seen, until the deadline."""
    url = f"{base}/g/{seat.table.id}/live"
    etag = seat.etag
    await asyncio.sleep(random.uniform(0, POLL_EVERY))
    next_poll = time.monotonic()
    while next_poll < deadline and time.monotonic() < deadline:
        began = time.monotonic()
        try:
            async with session.get(url, headers={"If-None-Match": etag} if etag else {}) as response:
                await response.read()
                if response.status in (200, 304):
                    etag = response.headers.get("ETag", etag)
                    seat.polls.append((began - start, version_of(etag or '"-1"')))
                else:
                    figures.error(f"poll {response.status}")
        except (TimeoutError, aiohttp.ClientError) as error:
            figures.error(f"poll {type(error).__name__}")
        figures.poll_times.append(time.monotonic() - began)
        next_poll = max(next_poll + POLL_EVERY, time.monotonic())  # a late answer is not made up for in a burst
        await asyncio.sleep(max(0.0, min(next_poll, deadline) - time.monotonic()))


async def scorer(session: aiohttp.ClientSession, base: str, table: Table, figures: Figures, start: float,
                 deadline: float) -> None:
    """Record a hand every SAVE_EVERY seconds, until the deadline (the last one at least a poll before it)."""
    url = f"{base}/api/v1/games/{table.id}/hands"
    headers = {"Authorization": f"Bearer {table.token}"}
    await asyncio.sleep(random.uniform(0, SAVE_EVERY))
    next_save = time.monotonic()
    while next_save < deadline - POLL_EVERY and time.monotonic() < deadline - POLL_EVERY:
        began = time.monotonic()
        try:
            async with session.post(url, json=hand(table.number), headers=headers) as response:
                body = await response.read()
                if response.status == 201:
                    table.saves.append((time.monotonic() - start, json.loads(body)["game"]["version"]))
                else:
                    figures.error(f"save {response.status}")
        except (TimeoutError, aiohttp.ClientError) as error:
            figures.error(f"save {type(error).__name__}")
        figures.save_times.append(time.monotonic() - began)
        next_save = max(next_save + SAVE_EVERY, time.monotonic())
        await asyncio.sleep(max(0.0, min(next_save, deadline) - time.monotonic()))


def missed(tables: list[Table], phones: list[Phone]) -> tuple[int, int]:
    """How many (phone, save) pairs the phone's first poll after the save did not show, out of how many."""
    checked = late = 0
    for seat in phones:
        for acknowledged, version in seat.table.saves:
            after = [seen for started, seen in seat.polls if started > acknowledged]
            if not after:
                continue  # the run ended before this phone polled again
            checked += 1
            late += after[0] < version
    return late, checked


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def evening(base: str, tables: int, per_table: int, seconds: float, fill: float) -> dict:
    connector = aiohttp.TCPConnector(limit=tables * per_table + tables, limit_per_host=0)
    async with aiohttp.ClientSession(connector=connector, timeout=TIMEOUT) as session:
        games = []
        for number in range(1, tables + 1):  # one after the other: a room fills in minutes, not all at once
            async with session.post(f"{base}/api/v1/games", json=new_game(number)) as response:
                if response.status != 201:
                    sys.exit(f"Creating a game answered {response.status}: {(await response.text())[:300]}")
                created = await response.json()
            games.append(Table(number, created["id"], created["edit_token"]))
        figures = Figures()
        phones = [Phone(table) for table in games for _ in range(per_table)]
        await asyncio.gather(*(open_page(session, base, seat, figures, fill) for seat in phones))
        start = time.monotonic()
        deadline = start + seconds
        await asyncio.gather(*(phone(session, base, seat, figures, start, deadline) for seat in phones),
                             *(scorer(session, base, table, figures, start, deadline) for table in games))
        elapsed = time.monotonic() - start
    late, checked = missed(games, phones)
    return {
        "tables": tables, "phones": len(phones), "seconds": round(elapsed, 1),
        "pages": len(figures.page_times), "fill_seconds": fill,
        "page_p50_ms": percentile(figures.page_times, 0.5) * 1000,
        "page_p99_ms": percentile(figures.page_times, 0.99) * 1000,
        "polls": len(figures.poll_times), "saves": len(figures.save_times), "errors": figures.errors,
        "poll_p50_ms": percentile(figures.poll_times, 0.5) * 1000,
        "poll_p99_ms": percentile(figures.poll_times, 0.99) * 1000,
        "save_p50_ms": percentile(figures.save_times, 0.5) * 1000,
        "save_p99_ms": percentile(figures.save_times, 0.99) * 1000,
        "seen_late": late, "seen_checked": checked,
        "polls_per_second": len(figures.poll_times) / elapsed if elapsed else 0.0,
        "median_poll_ms": statistics.median(figures.poll_times) * 1000 if figures.poll_times else float("nan"),
    }


def loopback(url: str) -> str:
    """The server's base URL, refused unless it is on a loopback address."""
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or ""
    try:
        is_loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        is_loopback = False
    if parts.scheme != "http" or not is_loopback:
        sys.exit(f"club_load plays only against a server on a loopback address (http://127.0.0.1:PORT), not {url}")
    return url.rstrip("/")


def run(url: str, tables: int, per_table: int = 4, seconds: float = 60, fill: float = FILL_SECONDS) -> dict:
    """Fill the room, play the evening; its figures (see `evening`)."""
    return asyncio.run(evening(loopback(url), tables, per_table, seconds, fill))


def summary(figures: dict) -> str:
    errors = sum(figures["errors"].values())
    named = ", ".join(f"{what}: {count}" for what, count in sorted(figures["errors"].items()))
    detail = f" ({named})" if errors else ""
    return (f"{figures['tables']} tables, {figures['phones']} phones; "
            f"the room filled in {figures['fill_seconds']:.0f} s: {figures['pages']} pages, "
            f"p50 {figures['page_p50_ms']:.0f} ms, p99 {figures['page_p99_ms']:.0f} ms; "
            f"then {figures['seconds']:.0f} s: "
            f"{figures['polls']} polls ({figures['polls_per_second']:.0f}/s), {figures['saves']} saves, "
            f"{errors} errors{detail}; poll p50 {figures['poll_p50_ms']:.0f} ms, p99 {figures['poll_p99_ms']:.0f} ms; "
            f"save p50 {figures['save_p50_ms']:.0f} ms, p99 {figures['save_p99_ms']:.0f} ms; "
            f"hands seen late {figures['seen_late']} of {figures['seen_checked']}")


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("url", help="the server, on a loopback address: http://127.0.0.1:5000")
    options.add_argument("--tables", type=int, default=40, help="games played at once (default 40)")
    options.add_argument("--phones", type=int, default=4, help="phones watching each game (default 4)")
    options.add_argument("--seconds", type=float, default=60, help="how long the evening lasts (default 60)")
    options.add_argument("--fill", type=float, default=FILL_SECONDS,
                         help=f"the seconds over which the phones open their pages first (default {FILL_SECONDS:.0f})")
    args = options.parse_args()
    if not (1 <= args.tables <= 2000 and 1 <= args.phones <= 10 and 1 <= args.seconds <= 3600
            and 0 <= args.fill <= 600):
        sys.exit("--tables from 1 to 2000, --phones from 1 to 10, --seconds from 1 to 3600, --fill from 0 to 600")
    figures = run(args.url, args.tables, args.phones, args.seconds, args.fill)
    print(summary(figures))
    sys.exit(1 if figures["errors"] or figures["seen_late"] else 0)


if __name__ == "__main__":
    main()
