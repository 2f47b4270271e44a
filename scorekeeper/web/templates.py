"""The page templates, compiled once for every worker rather than by the first requests each one answers.

Jinja compiles a template to Python the first time a process renders it:
all of the app's templates take about 1.4 s of processor time, which the
first requests after a start or a restart would pay, each worker its own
share, while phones wait. The compiled code is kept on disk (Jinja's
`FileSystemBytecodeCache`, in its own directory of the system's temporary
files, readable by this user only, and checked against each template's
source), so a worker loads it in milliseconds, and `compile_all` loads
every template as the worker starts (gunicorn.conf.py), before it takes a
request.
"""

from __future__ import annotations

from flask import Flask
from jinja2 import FileSystemBytecodeCache


def init_app(app: Flask) -> None:
    app.jinja_env.bytecode_cache = FileSystemBytecodeCache()


def compile_all(app: Flask) -> int:
    """Load every template of the app (compiled, or read from the cache); how many there are."""
    names = app.jinja_env.list_templates()
    for name in names:
        app.jinja_env.get_template(name)
    return len(names)
