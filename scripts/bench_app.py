"""The app of the in-process benches (scripts/bench_players.py, scripts/bench_ladder.py): a fresh SQLite database
in a temporary folder, migrated, with the limits off (a bench seeds thousands of writes from one address)."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask
from flask_migrate import upgrade

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.app import create_app  # noqa: E402


@contextmanager
def fresh_app() -> Iterator[Flask]:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.db",
                          "LIMITS_ENABLED": False})
        with app.app_context():
            upgrade(directory=str(ROOT / "migrations"))
        yield app
