"""Configuration: defaults in code, then instance/config.py, then the environment."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask

ENVIRONMENT_KEYS = ("SECRET_KEY", "DATABASE_URL", "HOST", "PORT")


def configure(app: Flask, test_config: dict | None) -> None:
    """Load settings in order; later sources win."""
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=f"sqlite:///{Path(app.instance_path) / 'scorekeeper.db'}",
        HOST="127.0.0.1",
        PORT=5000,
        MAX_CONTENT_LENGTH=256 * 1024,
        WTF_CSRF_TIME_LIMIT=None,
        SESSION_COOKIE_SAMESITE="Lax",
        BABEL_DEFAULT_LOCALE="en",
        # Brotli or gzip for pages, JSON, CSS and JS (Flask-Compress); no zstd module is required.
        COMPRESS_ALGORITHM=["br", "gzip"],
        HTMX_VERSION="2.0.11",
        HTMX_SRI="sha384-2OatzQy1H+Zd/IIrjr1TcuDGqLXeHhbooAyJY1KdQMKnr4LZ22k31GBLdYKHmVjg",
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        for key in ENVIRONMENT_KEYS:
            if os.environ.get(key):
                app.config[key] = os.environ[key]
    else:
        app.config.from_mapping(test_config)
    if app.config.get("DATABASE_URL"):
        app.config["SQLALCHEMY_DATABASE_URI"] = database_uri(app.config["DATABASE_URL"])
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret_key(Path(app.instance_path))


def database_uri(url: str) -> str:
    """Use the psycopg 3 driver for PostgreSQL URLs given in the common forms.

    >>> database_uri("postgres://u@h/db")
    'postgresql+psycopg://u@h/db'
    """
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def instance_secret_key(instance: Path) -> str:
    """A key generated once into instance/secret_key and shared by every process.

    Several hosts on one database must set SECRET_KEY in the environment instead.
    """
    path = instance / "secret_key"
    instance.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        # Written aside, then linked into place: a process starting at the same
        # moment never reads a half-written key, and the first link wins.
        draft = instance / f"secret_key.{os.getpid()}"
        draft.write_text(secrets.token_urlsafe(48), encoding="ascii")
        try:
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    return path.read_text(encoding="ascii").strip()
