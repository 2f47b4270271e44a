"""Ports for the servers the tests start as processes of their own (gunicorn), which bind a port chosen before.

Each pytest-xdist worker probes a block of ports of its own, below the system's ephemeral range: a port one
worker found free is not handed to another worker, nor to a connection's local end, before its server binds it
(a port the system picks is free only as it answers), nor while a test has stopped its server to start it again
on the same port.
"""

from __future__ import annotations

import os
import random
import socket

FIRST_PORT = 20_000
PORTS_PER_WORKER = 500


def worker_index() -> int:
    """The number of this pytest-xdist worker ("gw3" is 3); 0 without workers."""
    return int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))


def free_port() -> int:
    """A port of this worker's block that nothing listens on now, from a random place in it (a port a test's
    server has just let go of may still hold connections closing)."""
    first = FIRST_PORT + PORTS_PER_WORKER * worker_index()
    start = random.randrange(PORTS_PER_WORKER)
    for offset in range(PORTS_PER_WORKER):
        port = first + (start + offset) % PORTS_PER_WORKER
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port
    raise AssertionError(f"no free port in {first}-{first + PORTS_PER_WORKER - 1}")
