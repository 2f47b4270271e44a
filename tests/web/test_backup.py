"""`flask backup PATH` while hands are being written, and `flask restore PATH` (store/backup.py)."""

from __future__ import annotations

import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine, delete, make_url, select, text

from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand

from ..games import SPADES_GAME, SPADES_HANDS
from .api_client import Table, create


@pytest.fixture(autouse=True)
def _tools(app):
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql") and shutil.which("pg_dump") is None:
        pytest.skip("pg_dump is not installed")


def hands_in(app):
    with app.app_context():
        return set(db.session.execute(select(Game.public_id, Hand.number).join(Hand, Hand.game_id == Game.id)).all())


def test_a_backup_taken_during_writes_holds_every_acknowledged_hand_and_restores(app, client, tmp_path):
    tables = [create(client, SPADES_GAME) for _ in range(3)]
    acknowledged: set[tuple[str, int]] = set()
    lock = threading.Lock()
    stop = threading.Event()

    def phone(table: Table) -> None:
        writer = Table(app.test_client(), {"id": table.id, "edit_token": table.token})
        for number, hand in enumerate(SPADES_HANDS * 10, start=1):
            if stop.is_set():
                return
            if writer.post(hand).status_code == 201:
                with lock:
                    acknowledged.add((table.id, number))

    phones = [threading.Thread(target=phone, args=(table,)) for table in tables]
    for thread in phones:
        thread.start()
    runner = app.test_cli_runner()
    backups = []
    try:
        for index in range(3):
            while len(acknowledged) < 4 * (index + 1) and any(thread.is_alive() for thread in phones):
                stop.wait(0.01)
            with lock:
                before = set(acknowledged)
            path = tmp_path / f"backup-{index}"
            result = runner.invoke(args=["backup", str(path)])
            assert result.exit_code == 0, result.output
            assert result.output == f"Backed up to {path}.\n"
            backups.append((path, before))
    finally:
        stop.set()
        for thread in phones:
            thread.join()

    assert len(acknowledged) > len(backups[0][1]) > 0
    path, before = backups[-1]
    with app.app_context():  # every game gone, as after a disaster
        db.session.execute(delete(Hand))
        db.session.commit()
    restored = runner.invoke(args=["restore", "--yes", str(path)])

    assert restored.exit_code == 0, restored.output
    found = hands_in(app)
    assert before <= found, "every hand acknowledged before the backup began is in it"
    assert found <= acknowledged
    for table in tables:  # the restored games read, and take new hands
        numbers = sorted(number for game, number in found if game == table.id)
        assert numbers == list(range(1, len(numbers) + 1))
        assert len(client.get(table.path).get_json()["hands"]) == len(numbers)


def test_restore_refuses_a_file_that_is_not_a_backup(app, tmp_path):
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("pg_restore judges its own files")
    path = tmp_path / "notes.txt"
    path.write_text("not a database")

    result = app.test_cli_runner().invoke(args=["restore", "--yes", str(path)])

    assert result.exit_code == 1
    assert f"{path} cannot be restored: file is not a database." in result.output


def test_restore_asks_first(app, client, tmp_path):
    create(client, SPADES_GAME)
    runner = app.test_cli_runner()
    runner.invoke(args=["backup", str(tmp_path / "backup")])

    result = runner.invoke(args=["restore", str(tmp_path / "backup")], input="n\n")

    assert result.exit_code == 1
    assert "Replace every game in the database with the backup" in result.output


def test_pg_dump_is_given_the_password_in_its_environment_never_on_its_command_line(app, tmp_path, monkeypatch):
    """`ps` shows every user of the machine a program's arguments; PGPASSWORD is seen by its owner only."""
    from scorekeeper.store import backup

    seen = {}

    def run(argv, **kwargs):
        seen.update(argv=argv, env=kwargs.get("env") or {})
        return subprocess.CompletedProcess(argv, 0, "", "")

    monkeypatch.setattr(backup.shutil, "which", lambda program: f"/usr/bin/{program}")
    monkeypatch.setattr(backup.subprocess, "run", run)
    engine = create_engine("postgresql+psycopg://keeper:s3cr3t-pw@db.example:5433/scores")  # never connected
    monkeypatch.setattr(type(backup.db), "engine", property(lambda _db: engine))
    with app.app_context():
        app.test_cli_runner().invoke(backup.backup_command, [str(tmp_path / "copy.dump")], catch_exceptions=False)

    assert seen["argv"][0] == "pg_dump"
    assert not [argument for argument in seen["argv"] if "s3cr3t-pw" in argument]
    assert "--dbname=postgresql://keeper@db.example:5433/scores" in seen["argv"]
    assert seen["env"]["PGPASSWORD"] == "s3cr3t-pw"


def command_lines() -> dict[int, str]:
    lines = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                lines[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:  # the process ended meanwhile
                pass
    return lines


def is_pg_dump_of(path: Path, command_line: str) -> bool:
    """Debian's pg_dump is a Perl wrapper (`perl /usr/bin/pg_dump ...`) that runs the server version's own."""
    arguments = command_line.split()
    return any(Path(argument).name == "pg_dump" for argument in arguments[:2]) and f"--file={path}" in arguments


def test_a_real_pg_dump_never_shows_the_password_on_any_command_line(app, client, tmp_path):
    """While pg_dump runs, every process's arguments (/proc/*/cmdline, what `ps` shows) are free of the password."""
    url = make_url(app.config["SQLALCHEMY_DATABASE_URI"])
    if url.get_backend_name() != "postgresql":
        pytest.skip("a PostgreSQL backup (make test-postgres)")
    password = str(url.password)
    assert password not in (url.username, url.database), "the test needs a password named nowhere else"
    create(client, SPADES_GAME)
    blocker = create_engine(url)
    result = {}
    copy = tmp_path / "copy.dump"

    def take_backup() -> None:
        result["run"] = app.test_cli_runner().invoke(args=["backup", str(copy)])

    with blocker.connect() as connection:  # holds pg_dump at its lock on `game` while /proc is read
        connection.execute(text("LOCK TABLE game IN ACCESS EXCLUSIVE MODE"))
        backup = threading.Thread(target=take_backup)
        backup.start()
        dumps: list[int] = []
        for _ in range(500):
            lines = command_lines()
            dumps = [pid for pid, line in lines.items() if is_pg_dump_of(copy, line)]
            if dumps:
                break
            time.sleep(0.01)
        connection.rollback()
    backup.join()
    blocker.dispose()

    assert dumps, "pg_dump was seen running"
    assert f"--dbname=postgresql://{url.username}@" in lines[dumps[0]]
    assert [pid for pid, line in lines.items() if password in line] == []
    assert result["run"].exit_code == 0, result["run"].output
    assert copy.read_bytes().startswith(b"PGDMP")
