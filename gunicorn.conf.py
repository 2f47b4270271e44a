"""How `make run` serves the app: `gunicorn --config gunicorn.conf.py`.

Threads: each worker answers with a pool of six threads. The app's work
is Python, which runs one thread of a process at a time: more threads than
that only take turns, and a busy evening slows down (250 tables on 2
cores: the median poll 28-99 ms with 6 threads, 580 ms with 8 and 1.5 s
with 16; see docs/performance.md).

Slow clients: a thread is given a connection only once its request has
started to arrive (gunicorn holds idle connections aside for `keepalive`
seconds). A client that dribbles its request keeps one thread until the
request is complete, so up to `workers` x `threads` such clients (12 by
default) can be served at once while everyone else is still answered.
Beyond that, or on the open internet at large, put a buffering reverse
proxy (nginx, Caddy) in front; it also terminates HTTPS (see
FORWARDED_ALLOW_IPS in the README).

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


def post_worker_init(worker):
    """Every template compiled (or read from Jinja's cache) before the worker takes its first request."""
    if isinstance(worker.wsgi, Flask):  # WSGI_APP may name another app (the bench's bare one is Flask too)
        templates.compile_all(worker.wsgi)
