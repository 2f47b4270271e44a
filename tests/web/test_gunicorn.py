"""The app served as `make run` serves it: gunicorn with gunicorn.conf.py, on a free port of 127.0.0.1.

Waits here are bounds on how long a test may take, never measures of the app's speed.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time

import pytest

from scorekeeper.app import ROOT

from ..conftest import dispose, make_app
from ..ports import free_port

BOOT_SECONDS = 60
ANSWER_SECONDS = 20
SLOW_CLIENTS = 4
HALF_SENT = 64
HALF_SENT_ANSWER_SECONDS = 90


class Gunicorn:
    """gunicorn started with the command of `make run`, everything it writes kept in `lines`."""

    def __init__(self, database_url: str):
        self.port = free_port()
        env = {key: value for key, value in os.environ.items() if key not in ("WEB_CONCURRENCY", "THREADS")}
        env.update(HOST="127.0.0.1", PORT=str(self.port), SECRET_KEY="test", DATABASE_URL=database_url,
                   PYTHONPATH=str(ROOT))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "scorekeeper.app:create_app()"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self._wait_until_ready()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.append(line)

    def _wait_until_ready(self) -> None:
        deadline = time.monotonic() + BOOT_SECONDS
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                if self.request("GET", "/rules/piquet").status == 200:
                    return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise AssertionError("gunicorn did not start:\n" + "".join(self.lines))

    def request(self, method: str, path: str, body: dict | None = None,
                headers: dict | None = None) -> http.client.HTTPResponse:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=ANSWER_SECONDS)
        headers = ({"Content-Type": "application/json"} if body is not None else {}) | (headers or {})
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = connection.getresponse()
        response.body = response.read()
        connection.close()
        return response

    def wait_for_lines(self, text: str, count: int) -> list[str]:
        """The first `count` lines with `text`, once gunicorn has written them."""
        deadline = time.monotonic() + ANSWER_SECONDS
        while time.monotonic() < deadline:
            found = [line for line in self.lines if text in line]
            if len(found) >= count:
                return found[:count]
            time.sleep(0.1)
        raise AssertionError(f"Fewer than {count} lines with {text!r} in:\n" + "".join(self.lines))

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=BOOT_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.reader.join(timeout=5)
        self.process.stdout.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("gunicorn")
    app = make_app(folder)  # migrates the database, as `make run` does before serving
    dispose(app)
    url = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{folder / 'test.db'}"
    server = Gunicorn(url)
    yield server
    server.stop()


def test_the_access_log_never_shows_an_edit_token(server):
    created = json.loads(server.request("POST", "/api/v1/games", {
        "game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}).body)
    game_id, token = created["id"], created["edit_token"]

    assert server.request("GET", f"/g/{game_id}/join/{token}").status == 303
    # However the link is written: percent-encoded letters and slashes reach the same page.
    assert server.request("GET", f"/g/{game_id}%2F%6Aoin%2F{token}").status == 303

    logged = server.wait_for_lines(f'"GET /g/{game_id}/join/[token] HTTP/1.1" 303', count=2)
    assert len(logged) == 2
    assert not [line for line in server.lines if token in line]


def test_the_access_log_never_shows_any_token_of_any_link(server):
    """Every kind of link or header that carries a token: a game's edit link, a club night's organiser link
    (however its query is written), a table's edit link, the API's Authorization, and a page reached from
    one of those links (its Referer)."""
    game = json.loads(server.request("POST", "/api/v1/games", {
        "game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}).body)
    event = json.loads(server.request("POST", "/api/v1/events", {
        "name": "Thursday", "game": "dummy-spades", "players": ["Ann", "Ben", "Cid", "Dan", "Eve", "Fay"],
        "rounds": 2}).body)
    organiser = {"Authorization": f"Bearer {event['edit_token']}"}
    seated = json.loads(server.request("POST", f"/api/v1/events/{event['id']}/rounds", {}, headers=organiser).body)
    tables = seated["tables"]
    tokens = [game["edit_token"], event["edit_token"], *(table["edit_token"] for table in tables)]

    assert server.request("GET", f"/events/{event['id']}/organise?token={event['edit_token']}").status == 303
    assert server.request("GET", f"/events/{event['id']}/organise?lang=fr&%74oken={event['edit_token']}").status == 303
    assert server.request("GET", f"/events/{event['id']}/organise?token={event['edit_token']}x").status == 403
    for table in tables:
        assert server.request("GET", f"/g/{table['game']}/join/{table['edit_token']}").status == 303
    assert server.request("GET", f"/g/{game['id']}/join/{game['edit_token']}").status == 303
    assert server.request("DELETE", f"/api/v1/games/{game['id']}/hands/1",
                          headers={"Authorization": f"Bearer {game['edit_token']}"}).status in (404, 409)
    assert server.request("GET", f"/g/{game['id']}?after-the-links", headers={
        "Referer": f"http://127.0.0.1/events/{event['id']}/organise?token={event['edit_token']}"}).status == 200

    server.wait_for_lines(f'"GET /g/{game["id"]}?after-the-links HTTP/1.1" 200', count=1)
    assert len([line for line in server.lines if "organise?token=[token]" in line]) == 3
    assert not [line for line in server.lines if any(token in line for token in tokens)]


def test_the_access_log_leaves_out_live_polls_that_found_nothing_new(server):
    game_id = json.loads(server.request("POST", "/api/v1/games", {
        "game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}).body)["id"]
    changed = server.request("GET", f"/g/{game_id}/live")
    assert changed.status == 200
    for _ in range(3):
        assert server.request("GET", f"/g/{game_id}/live",
                              headers={"If-None-Match": changed.getheader("ETag")}).status == 304
    assert server.request("GET", f"/g/{game_id}?after-the-polls").status == 200

    server.wait_for_lines(f'"GET /g/{game_id}?after-the-polls HTTP/1.1" 200', count=1)
    polls = [line for line in server.lines if f"/g/{game_id}/live" in line]
    assert len(polls) == 1
    assert f'"GET /g/{game_id}/live HTTP/1.1" 200' in polls[0]


def test_the_cookie_is_secure_when_the_proxy_in_front_says_https(server):
    """gunicorn believes X-Forwarded-Proto from FORWARDED_ALLOW_IPS (127.0.0.1 by default): a proxy on this
    machine that terminates HTTPS gets a Secure cookie; plain HTTP, as `make run` serves a LAN, does not."""
    def cookie(headers: dict) -> str:
        response = server.request("GET", "/new/dummy-spades", headers=headers)
        [session] = [value for name, value in response.getheaders() if name == "Set-Cookie" and value.startswith("session=")]
        return session.lower()

    assert "; secure" in cookie({"X-Forwarded-Proto": "https"})
    assert "; secure" not in cookie({})


def send_in_chunks(server, path: str, body: bytes) -> tuple[int, dict]:
    """POST `body` with Transfer-Encoding: chunked (no Content-Length), 64 KiB a chunk."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=ANSWER_SECONDS)
    chunks = (body[start:start + 65536] for start in range(0, len(body), 65536))
    connection.request("POST", path, body=chunks, headers={"Content-Type": "application/json"}, encode_chunked=True)
    response = connection.getresponse()
    answer = json.loads(response.read())
    connection.close()
    return response.status, answer


def test_a_body_over_1_mib_sent_in_chunks_is_too_large_and_one_within_is_read(server):
    game = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}
    status, answer = send_in_chunks(server, "/api/v1/games", json.dumps(game | {"x": "x" * 1024 * 1024}).encode())
    assert (status, answer) == (413, {"errors": [
        {"field": "body", "message": "The request is too large: send at most 1 MiB."}]})
    status, answer = send_in_chunks(server, "/api/v1/games", json.dumps(game).encode())
    assert status == 201 and answer["players"] == ["Ann", "Ben", "Cid"]


def test_a_chunked_body_cut_short_is_a_400_not_a_500(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=ANSWER_SECONDS) as cut:
        cut.sendall(b"POST /api/v1/piquet/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    b"Transfer-Encoding: chunked\r\n\r\n64\r\n{\"game\": ")
        cut.shutdown(socket.SHUT_WR)
        answer = b"".join(iter(lambda: cut.recv(4096), b""))
    assert answer.split(b"\r\n")[0] == b"HTTP/1.1 400 BAD REQUEST"
    assert answer.endswith(b'{"errors":[{"field":"body","message":"The request body is not valid JSON."}]}\n')


def dribble(port: int, stop: threading.Event, started: threading.Barrier) -> None:
    """A client that sends its request one header line every half second, until told to stop."""
    with socket.create_connection(("127.0.0.1", port), timeout=ANSWER_SECONDS) as slow:
        slow.sendall(b"GET /rules/piquet HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        started.wait()
        number = 0
        while not stop.wait(0.5):
            number += 1
            slow.sendall(b"X-Slow-%d: still coming\r\n" % number)


def half_send(port: int) -> socket.socket:
    """A request whose body says 1000 bytes and sends 9, then nothing, held open."""
    slow = socket.create_connection(("127.0.0.1", port), timeout=ANSWER_SECONDS)
    slow.sendall(b"POST /api/v1/piquet/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 1000\r\n\r\n{\"game\":1")
    return slow


def test_64_half_sent_requests_held_open_do_not_stop_the_server_answering(server):
    """Each stalled body gives up its thread after gunicorn.conf.py's BODY_READ_SECONDS (12 stopped the server
    before); the bound is the test's own, not a measure of speed."""
    held = [half_send(server.port) for _ in range(HALF_SENT)]
    try:
        time.sleep(1)  # every half-sent request has reached the server
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=HALF_SENT_ANSWER_SECONDS)
        connection.request("GET", "/rules/piquet")
        assert connection.getresponse().status == 200
        connection.close()
        assert [slow.recv(64).split(b"\r\n")[0] for slow in held[:3]] == [b"HTTP/1.1 400 BAD REQUEST"] * 3
    finally:
        for slow in held:
            slow.close()


def test_slow_clients_do_not_stall_the_table(server):
    stop = threading.Event()
    started = threading.Barrier(SLOW_CLIENTS + 1)
    slow_clients = [threading.Thread(target=dribble, args=(server.port, stop, started)) for _ in range(SLOW_CLIENTS)]
    for client in slow_clients:
        client.start()
    try:
        started.wait(timeout=ANSWER_SECONDS)
        time.sleep(1)  # each slow request is well under way on the server
        response = server.request("GET", "/")  # raises if not answered within ANSWER_SECONDS
        assert response.status == 200
    finally:
        stop.set()
        for client in slow_clients:
            client.join()
