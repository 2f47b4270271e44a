"""How `make run` serves the app: `gunicorn --config gunicorn.conf.py`.

Threads: each worker answers with a pool of six threads. The app's work
is Python, which runs one thread of a process at a time: more threads than
that only take turns, and a busy evening slows down (250 tables on 2
cores: the median poll 28-99 ms with 6 threads, 580 ms with 8 and 1.5 s
with 16; see docs/performance.md).

Slow clients: a thread is given a connection only once its request has
started to arrive (gunicorn holds idle connections aside for `keepalive`
seconds, and waits up to 5 s for a new connection's first bytes). A client
that stops sending its body keeps its thread for at most BODY_READ_SECONDS
of silence (`pre_request` below): the read then fails, the request is
refused with a 400 and the thread serves the next request in line. So any
number of half-sent requests only delay everyone else, by at most
BODY_READ_SECONDS for each round of `workers` x `threads` (12 by default)
of them: 64 held open delayed a page by 21 s on 2 shared cores
(tests/web/test_gunicorn.py), where before the body-read timeout 12 stopped it.
A client that dribbles a byte at a time, or its headers a line at a time,
still keeps a thread; on the open internet put a buffering reverse proxy
(nginx, Caddy) in front; it also terminates HTTPS (see FORWARDED_ALLOW_IPS
in the README).

Requests are limited to a request line of 4094 bytes, 50 header fields of
8190 bytes each, and (in the app) a body of 1 MiB.
"""

import os

from flask import Flask
from gunicorn.glogging import Logger

from scorekeeper.web import templates
from scorekeeper.web.security import RedactTokens, redact

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '5000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
threads = int(os.environ.get("THREADS", "6"))
timeout = 30  # a worker stuck this long in one request is restarted
keepalive = 5
limit_request_line = 4094
limit_request_fields = 50
limit_request_field_size = 8190
accesslog = "-"
BODY_READ_SECONDS = 2  # a phone's form or hand fits in a packet or two; a pause this long is a stalled client


class RedactingLogger(Logger):
    """gunicorn's logger, with the token of an edit link (/g/<id>/join/<token>) blanked in every line, and no
    access line for a live poll that found nothing new."""

    def setup(self, cfg):
        super().setup(cfg)
        self.error_log.addFilter(RedactTokens())

    def access(self, resp, req, environ, request_time):
        # Every open game or club night page asks every few seconds: a club's evening would write thousands of
        # lines a minute saying nothing changed, and writing them costs a tenth of a busy server's time.
        if resp.status_code == 304 and req.path.endswith("/live"):
            return
        super().access(resp, req, environ, request_time)

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        return {name: redact(value) if isinstance(value, str) else value for name, value in atoms.items()}


logger_class = RedactingLogger


def pre_request(worker, req):
    """Reading the body gives up after BODY_READ_SECONDS without a byte (see Slow clients above)."""
    sock = getattr(req.unreader, "sock", None)
    if sock is not None:
        sock.settimeout(BODY_READ_SECONDS)


def post_worker_init(worker):
    """Every template compiled (or read from Jinja's cache) before the worker takes its first request."""
    if isinstance(worker.wsgi, Flask):  # WSGI_APP may name another app (the bench's bare one is Flask too)
        templates.compile_all(worker.wsgi)
