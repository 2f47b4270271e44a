"""Configuration: defaults in code, then instance/config.py, then the environment."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path

from flask import Flask, current_app

ENVIRONMENT_KEYS = ("SECRET_KEY", "DATABASE_URL", "HOST", "PORT", "PUBLIC_URL", "FORWARDED_FOR_PROXIES",
                    "CREATION_LIMIT", "EDIT_TOKEN_FAILURES_PER_GAME", "EDIT_TOKEN_FAILURES_PER_ADDRESS",
                    "PURGE_AFTER_DAYS", "RENDER_CACHE_MAX_BYTES",
                    "LONG_READS_AT_ONCE")
# Read from the environment as "true"/"false" (also 1/0, yes/no, on/off).
ENVIRONMENT_FLAGS = ("SESSION_COOKIE_SECURE", "LIMITS_ENABLED")
# Read from the environment as comma-separated lists.
ENVIRONMENT_LISTS = ("TRUSTED_HOSTS",)


def configure(app: Flask, test_config: dict | None) -> None:
    """Load settings in order; later sources win."""
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=f"sqlite:///{Path(app.instance_path) / 'scorekeeper.db'}",
        SQLALCHEMY_ENGINE_OPTIONS={},
        HOST="127.0.0.1",
        PORT=5000,
        # A request (an imported game file above all) may hold 1 MiB: the export of a game of MAX_HANDS hands fits.
        MAX_CONTENT_LENGTH=1024 * 1024,
        MAX_HANDS=500,
        WTF_CSRF_TIME_LIMIT=None,
        # Over HTTPS Flask-WTF would also demand a Referer from this site, which pages never send
        # (Referrer-Policy: no-referrer keeps edit tokens out of it); the token and SameSite do the work.
        WTF_CSRF_SSL_STRICT=False,
        SESSION_COOKIE_SAMESITE="Lax",
        # The cookie that remembers edit rights lasts a year after the browser's last visit.
        PERMANENT_SESSION_LIFETIME=timedelta(days=365),
        PUBLIC_URL=None,
        BABEL_DEFAULT_LOCALE="en",
        # Brotli or gzip for pages, JSON, CSS and JS (Flask-Compress); no zstd module is required.
        COMPRESS_ALGORITHM=["br", "gzip"],
        # Brotli one level above Flask-Compress's default: a saved hand's answer is a fifth smaller for about
        # a millisecond, and the pages and API objects kept in the cache are compressed once per version.
        COMPRESS_BR_LEVEL=5,
        # What one client may do (web/limits.py), in the `limits` library's notation. CREATION_LIMIT counts
        # games, a seated round its tables: a 30-table club night seats a round a minute, 20 rounds in an
        # evening, beside its players' own games; a script filling the disk is soon refused.
        LIMITS_ENABLED=True,
        CREATION_LIMIT="90 per minute;900 per hour;3000 per day",
        EDIT_TOKEN_FAILURES_PER_GAME="10 per minute;100 per day",
        EDIT_TOKEN_FAILURES_PER_ADDRESS="20 per minute;300 per day",
        # How many reverse proxies' X-Forwarded-For to believe when telling clients apart (0: none).
        FORWARDED_FOR_PROXIES=0,
        # Everything kept for readers (renders, whole answers, the hands' pieces: store/cache/renders.py) stays under
        # this many bytes, the oldest dropped first.
        RENDER_CACHE_MAX_BYTES=256 * 1024 * 1024,
        # Long reads made afresh (summaries and exports not kept yet) at once in each process (pages/long_reads.py).
        LONG_READS_AT_ONCE=1,
        # `flask purge` deletes the games with no change for this many days (store/purge.py).
        PURGE_AFTER_DAYS=365,
        HTMX_VERSION="2.0.11",
        HTMX_SRI="sha384-2OatzQy1H+Zd/IIrjr1TcuDGqLXeHhbooAyJY1KdQMKnr4LZ22k31GBLdYKHmVjg",
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.update(environment_settings(os.environ))
    else:
        app.config.from_mapping(test_config)
    if app.config.get("DATABASE_URL"):
        app.config["SQLALCHEMY_DATABASE_URI"] = database_uri(app.config["DATABASE_URL"])
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret_key(Path(app.instance_path))


def environment_settings(environ: Mapping[str, str]) -> dict[str, object]:
    """The settings given in the environment (empty variables are not settings).

    >>> environment_settings({"PORT": "8000", "SESSION_COOKIE_SECURE": "true", "TRUSTED_HOSTS": "a.org, b.org"})
    {'PORT': '8000', 'SESSION_COOKIE_SECURE': True, 'TRUSTED_HOSTS': ['a.org', 'b.org']}
    """
    settings: dict[str, object] = {key: environ[key] for key in ENVIRONMENT_KEYS if environ.get(key)}
    for key in ENVIRONMENT_FLAGS:
        if environ.get(key):
            settings[key] = environ[key].strip().lower() in ("1", "true", "yes", "on")
    for key in ENVIRONMENT_LISTS:
        if environ.get(key):
            settings[key] = [item.strip() for item in environ[key].split(",") if item.strip()]
    return settings


def request_size_limit() -> str:
    """The app's MAX_CONTENT_LENGTH, as it is said to people: "1 MiB"."""
    return f"{current_app.config['MAX_CONTENT_LENGTH'] / 1024 / 1024:g} MiB"


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
    """A key generated once into instance/secret_key (readable by its owner only) and shared by every process.

    Several hosts on one database must set SECRET_KEY in the environment instead.
    """
    path = instance / "secret_key"
    instance.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        # Written aside, then linked into place: a process starting at the same
        # moment never reads a half-written key, and the first link wins.
        draft = instance / f"secret_key.{os.getpid()}"
        with os.fdopen(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w", encoding="ascii") as file:
            file.write(secrets.token_urlsafe(48))
        try:
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    if path.stat().st_mode & 0o077:  # a key written before it was kept private: readable by its owner only
        path.chmod(0o600)
    return path.read_text(encoding="ascii").strip()
