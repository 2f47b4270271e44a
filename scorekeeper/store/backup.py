"""`flask --app scorekeeper.app backup PATH` and `restore PATH`: a consistent copy of the database while the
server runs, and bringing one back.

SQLite: SQLite's online backup API copies the database as one transaction
saw it (a snapshot: every hand acknowledged before the backup began is in
it, whatever is written meanwhile), into PATH; `restore` checks the copy
(integrity, and that it is this app's database) and copies it back the same
way, under the write lock, so running workers see the restored games at
once. PostgreSQL: `pg_dump` (custom format, itself a snapshot) and
`pg_restore --clean`, run with the app's DATABASE_URL, its password
passed in the environment (PGPASSWORD), never on the command line that
`ps` shows to every user of the machine; they must be installed
(Debian: postgresql-client) and of the server's version or newer.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import click
from flask import Flask
from flask.cli import with_appcontext

from ..extensions import db


class BackupError(click.ClickException):
    pass


@click.command("backup")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@with_appcontext
def backup_command(path: Path) -> None:
    """Copy the database to PATH, consistently, while the server runs."""
    if db.engine.dialect.name == "sqlite":
        _sqlite_backup(path)
    else:
        _run("pg_dump", "--format=custom", "--no-owner", "--no-privileges", f"--file={path}",
             f"--dbname={_libpq_url()}")
    click.echo(f"Backed up to {path}.")


@click.command("restore")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--yes", is_flag=True, help="Do not ask before replacing every game in the database.")
@with_appcontext
def restore_command(path: Path, yes: bool) -> None:
    """Replace the database's contents with the backup in PATH."""
    if not yes:
        click.confirm(f"Replace every game in the database with the backup {path}?", abort=True)
    if db.engine.dialect.name == "sqlite":
        _sqlite_restore(path)
    else:
        _run("pg_restore", "--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction",
             f"--dbname={_libpq_url()}", str(path))
    db.engine.dispose()  # no pooled connection keeps a view of the old contents
    click.echo(f"Restored from {path}.")


def _sqlite_backup(path: Path) -> None:
    draft = path.with_name(f".{path.name}.{os.getpid()}")
    source = db.engine.raw_connection()
    try:
        target = sqlite3.connect(draft)
        try:
            source.driver_connection.backup(target)  # type: ignore[union-attr]
        finally:
            target.close()
        os.replace(draft, path)  # whole or not at all
    finally:
        source.close()
        draft.unlink(missing_ok=True)


def _sqlite_restore(path: Path) -> None:
    backup = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        if backup.execute("PRAGMA integrity_check").fetchone() != ("ok",):
            raise BackupError(f"{path} is damaged: SQLite's integrity check fails.")
        if backup.execute("SELECT count(*) FROM sqlite_master WHERE name IN ('game', 'alembic_version')"
                          ).fetchone() != (2,):
            raise BackupError(f"{path} is not a backup of this app's database.")
        target = db.engine.raw_connection()
        try:
            backup.backup(target.driver_connection)  # type: ignore[arg-type]
        finally:
            target.close()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} cannot be restored: {error}.") from error
    finally:
        backup.close()


def _libpq_url() -> str:
    """The database's address without its password (which `_password_env` passes)."""
    return db.engine.url._replace(drivername="postgresql", password=None).render_as_string(hide_password=False)


def _password_env() -> dict[str, str]:
    password = db.engine.url.password
    return {**os.environ, "PGPASSWORD": str(password)} if password is not None else dict(os.environ)


def _run(program: str, *args: str) -> None:
    if shutil.which(program) is None:
        raise BackupError(f"{program} is not installed (Debian: apt-get install postgresql-client).")
    finished = subprocess.run([program, *args], capture_output=True, text=True, check=False, env=_password_env())
    if finished.returncode != 0:
        raise BackupError(f"{program} failed: {finished.stderr.strip()}")


def init_app(app: Flask) -> None:
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
