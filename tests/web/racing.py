"""Requests made at one moment from several threads, as racing phones make them."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any


def race(app, *calls: Callable[[Any], Any], clients: Sequence[Any] | None = None) -> list[tuple[int, Any]]:
    """Each call made in its own thread, all released together; (status, JSON or None) for each.

    A call gets a test client: its own new one, or `clients[i]` (a phone with its session).
    """
    clients = list(clients) if clients is not None else [app.test_client() for _ in calls]
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int, call: Callable[[Any], Any]) -> None:
        barrier.wait()
        try:
            response = call(clients[index])
            results[index] = (response.status_code, response.get_json(silent=True))
        except BaseException as error:  # re-raised in the test's thread below
            results[index] = error

    threads = [threading.Thread(target=run, args=(index, call)) for index, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return results
