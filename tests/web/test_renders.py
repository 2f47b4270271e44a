"""The shared cache of renders: every worker and host reads what another stored, never an older state's render,
and no render carries a request's host."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import event as sql_event
from sqlalchemy import func, select, update

from scorekeeper import database
from scorekeeper.app import create_app
from scorekeeper.database import STORE_WAIT_MS
from scorekeeper.extensions import db
from scorekeeper.models import Game, Piece, Render, RenderCacheSize
from scorekeeper.store import table_commands

from ..conftest import dispose, make_app
from ..games import SPADES_GAME, SPADES_HANDS
from .api_client import create
from .test_long_reads import statements


def another_worker(app):
    """A second app on the same database, as another worker or host would run it."""
    return create_app({"TESTING": True, "SECRET_KEY": "test",
                       "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"]})


def renders_of(app, game_id, version=None):
    with app.app_context():
        at = [] if version is None else [Render.version == version]
        return db.session.execute(select(func.count()).where(Render.game == game_id, *at)).scalar_one()


def test_a_change_through_one_worker_shows_at_once_through_another(app, client):
    other = another_worker(app)
    try:
        table = create(client, SPADES_GAME)
        table.add(*SPADES_HANDS[:3])
        reader = other.test_client()
        assert len(reader.get(table.path).get_json()["hands"]) == 3
        assert "hand-3" in reader.get(f"/g/{table.id}").text
        assert renders_of(app, table.id) > 0  # what the other worker rendered is shared

        table.add(SPADES_HANDS[3])
        read = reader.get(table.path).get_json()
        assert [hand["number"] for hand in read["hands"]] == [1, 2, 3, 4]
        assert read["totals"] == table.get()["totals"]
        page = reader.get(f"/g/{table.id}").text
        assert 'id="hand-4"' in page
        assert client.get(f"/g/{table.id}").text.count('id="hand-') == 4

        assert table.delete(4).status_code == 204
        assert [hand["number"] for hand in reader.get(table.path).get_json()["hands"]] == [1, 2, 3]
        assert 'id="hand-4"' not in reader.get(f"/g/{table.id}").text
    finally:
        dispose(other)


def test_renders_are_read_from_the_cache_and_only_at_their_version(app, client):
    table = create(client, SPADES_GAME)
    table.add(*SPADES_HANDS[:2])
    assert 'id="hand-2"' in client.get(f"/g/{table.id}").text
    with app.app_context():
        db.session.execute(update(Render).where(Render.game == table.id)
                           .values(body=Render.body + "<p>kept in the cache</p>"))
        db.session.commit()
    assert "kept in the cache" in client.get(f"/g/{table.id}").text
    table.add(SPADES_HANDS[2])
    page = client.get(f"/g/{table.id}").text
    assert "kept in the cache" not in page
    assert 'id="hand-3"' in page
    assert renders_of(app, table.id) == 2  # the hands and the chart of the new version; the older ones dropped


def test_no_render_keeps_the_host_of_the_request_that_made_it(app, client):
    table = create(client, SPADES_GAME)
    table.add(*SPADES_HANDS[:2])
    first_host, second_host = "localhost:5001", "127.0.0.2:5002"  # two addresses of this machine: links follow them
    first = client.get(table.path, headers={"Host": first_host}).get_json()
    assert first["url"] == f"http://{first_host}/g/{table.id}"
    second = client.get(table.path, headers={"Host": second_host}).get_json()
    assert second["url"] == f"http://{second_host}/g/{table.id}"
    assert {**first, "url": None} == {**second, "url": None}
    client.get(f"/g/{table.id}", headers={"Host": first_host})
    assert first_host not in client.get(f"/g/{table.id}", headers={"Host": second_host}).text
    with app.app_context():
        assert not [body for body in db.session.execute(select(Render.body)).scalars()
                    if first_host in body or second_host in body]


def test_each_language_has_its_own_renders(client):
    table = create(client, SPADES_GAME)
    table.add(SPADES_HANDS[0])
    english = client.get(f"/g/{table.id}", headers={"Accept-Language": "en"}).text
    french = client.get(f"/g/{table.id}", headers={"Accept-Language": "fr"}).text
    assert "How hand 1 was scored" in english and "How hand 1 was scored" not in french
    assert "Comment la donne 1 a été comptée" in french
    explained = client.get(f"/g/{table.id}/hands/1", headers={"Accept-Language": "de"}).text
    assert "<h1>Runde 1</h1>" in explained
    api_fr = client.get(table.path, headers={"Accept-Language": "fr"}).get_json()
    api_en = client.get(table.path, headers={"Accept-Language": "en"}).get_json()
    assert api_fr["hands"][0]["explanation"] != api_en["hands"][0]["explanation"]


def game_with_renders_to_keep(client):
    """A game of three hands whose renders are kept as of its second: the next read draws renders to keep. The
    game, and its version now."""
    table = create(client, SPADES_GAME)
    table.add(*SPADES_HANDS[:2])
    client.get(f"/g/{table.id}")  # templates compiled, renders of version 2 stored
    return table, table.add(SPADES_HANDS[2])["game"]["version"]


def test_a_read_waits_only_briefly_for_a_writer_holding_the_sqlite_lock(app, client):
    """Storing a render needs the write lock: while another request holds it longer than STORE_WAIT_MS, the read
    answers and skips storing.

    "Briefly" is SQLite's busy timeout of STORE_WAIT_MS for each write a read makes (with the app's timeout of
    10 s the write would wait, then store once the writer is done); what the reads stored shows they gave up."""
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("SQLite's lock: on PostgreSQL writers lock rows, never the whole database")
    table, version = game_with_renders_to_keep(client)
    timeouts = []

    def busy_timeout(_conn, cursor, statement, *_args):
        if statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            timeouts.append(cursor.connection.execute("PRAGMA busy_timeout").fetchone()[0])

    with app.app_context():
        engine = db.engine
    with engine.connect() as writer:
        # A long write in another worker: it holds the write lock until it ends.
        writer.execute(update(Render).where(Render.game == "none").values(version=0))
        sql_event.listen(engine, "before_cursor_execute", busy_timeout)
        try:
            page = client.get(f"/g/{table.id}")
            api = client.get(table.path)
        finally:
            sql_event.remove(engine, "before_cursor_execute", busy_timeout)
        writer.rollback()

    assert page.status_code == api.status_code == 200
    assert 'id="hand-3"' in page.text
    assert timeouts and set(timeouts) == {STORE_WAIT_MS}, "each write of the reads waited briefly"
    assert renders_of(app, table.id, version) == 0, "nothing was stored while the lock was held"
    client.get(f"/g/{table.id}")
    assert renders_of(app, table.id, version) > 0, "the next reader stores it"


def test_a_read_that_finds_the_sqlite_lock_taken_keeps_its_renders_once_the_writer_is_done(app, client, monkeypatch):
    """Why a read waits at all: a save holds the lock for a few ms, and a render not kept is drawn again by the
    next reader. Here the writer lets go while the read waits to keep what it drew (the wait made long, so that
    the test bounds it instead of timing it), and the read keeps it."""
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("SQLite's lock: on PostgreSQL writers lock rows, never the whole database")
    table, version = game_with_renders_to_keep(client)
    monkeypatch.setattr(database, "STORE_WAIT_MS", 60_000)
    keeping = threading.Event()

    def on_write(_conn, _cursor, statement, *_args):
        if statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            keeping.set()

    with app.app_context():
        engine = db.engine
    answers = []
    with engine.connect() as writer:
        writer.execute(update(Render).where(Render.game == "none").values(version=0))  # holds the write lock
        sql_event.listen(engine, "before_cursor_execute", on_write)
        try:
            reading = threading.Thread(target=lambda: answers.append(client.get(f"/g/{table.id}")))
            reading.start()
            assert keeping.wait(60), "the read came to keep its renders"
            reading.join(0.3)
            assert reading.is_alive(), "the read waits while the writer holds the lock"
            writer.rollback()
            reading.join(60)
        finally:
            sql_event.remove(engine, "before_cursor_execute", on_write)

    assert not reading.is_alive()
    assert answers[0].status_code == 200
    assert 'id="hand-3"' in answers[0].text
    assert renders_of(app, table.id, version) > 0, "kept once the writer was done"


def test_a_read_keeps_the_pieces_and_the_renders_it_drew_in_one_transaction(app, client):
    """A page read after a save draws the new hand's pieces and the page's renders: they are kept together,
    one commit (on SQLite one wait for the write lock), not one each."""
    table, version = game_with_renders_to_keep(client)
    commits = 0
    kept_after = {}  # the table written: how many commits came before its write

    def on_commit(_conn):
        nonlocal commits
        commits += 1

    def on_write(_conn, _cursor, statement, *_args):
        words = statement.split()
        if words[0].upper() == "INSERT":
            kept_after.setdefault(words[2].strip('"'), set()).add(commits)

    with app.app_context():
        engine = db.engine
    sql_event.listen(engine, "commit", on_commit)
    sql_event.listen(engine, "before_cursor_execute", on_write)
    try:
        page = client.get(f"/g/{table.id}")
    finally:
        sql_event.remove(engine, "before_cursor_execute", on_write)
        sql_event.remove(engine, "commit", on_commit)

    assert 'id="hand-3"' in page.text
    assert kept_after["piece"] == kept_after["render"], "in the same transaction"
    assert len(kept_after["render"]) == 1
    assert renders_of(app, table.id, version) > 0


def cache_bytes(app):
    """The bytes the cache holds, as summed from its renders and pieces, and from their bodies and compressed forms;
    checked against the size it keeps (its own row)."""
    with app.app_context():
        summed = sum(db.session.execute(select(func.coalesce(func.sum(model.size), 0))).scalar_one()
                     for model in (Render, Piece))
        measured = sum(len(body.encode()) + len(br or b"") + len(gzip or b"")
                       for body, br, gzip in db.session.execute(select(Render.body, Render.br, Render.gzip)))
        measured += sum(len(body.encode()) for body in db.session.execute(select(Piece.body)).scalars())
        assert summed == measured, "each row's size is its bytes"
        assert db.session.execute(select(RenderCacheSize.bytes)).scalar_one() == summed, "the kept size is exact"
        return summed


def test_the_cache_keeps_its_size_through_stores_newer_versions_whole_answers_and_a_deleted_game(app, client):
    table = create(client, SPADES_GAME)
    older = table.add(*SPADES_HANDS[:2])["game"]["version"]
    assert cache_bytes(app) == 0
    client.get(f"/g/{table.id}")
    for encoding in ("", "gzip", "br"):  # the whole API object, kept as it is and compressed, from the server's host
        client.get(table.path, headers={"Host": "127.0.0.1:5000", "Accept-Encoding": encoding})
    assert cache_bytes(app) > 0
    assert renders_of(app, table.id, older) > 0
    table.add(SPADES_HANDS[2])
    client.get(f"/g/{table.id}")
    client.get(table.path, headers={"Host": "127.0.0.1:5000", "Accept-Encoding": "gzip"})
    assert renders_of(app, table.id, older) == 0, "the older version's renders are dropped"
    assert cache_bytes(app) > 0
    with app.test_request_context():
        table_commands.delete_game(db.session.execute(select(Game).where(Game.public_id == table.id)).scalar_one())
        db.session.commit()
    assert cache_bytes(app) == 0


def test_the_cache_of_renders_stays_under_its_cap_under_a_flood_dropping_the_least_recently_used(tmp_path):
    cap = 200_000
    app = make_app(tmp_path, RENDER_CACHE_MAX_BYTES=cap)
    client = app.test_client()
    tables = []
    try:
        for _ in range(12):
            table = create(client, SPADES_GAME)
            table.add(*SPADES_HANDS[:3])
            tables.append(table)
            for language in ("en", "fr", "de", "es"):
                assert client.get(f"/g/{table.id}", headers={"Accept-Language": language}).status_code == 200
                assert client.get(table.path, headers={"Accept-Language": language}).status_code == 200
                assert cache_bytes(app) <= cap
        with app.app_context():
            sizes = db.session.execute(select(Render.size, func.length(Render.body))).all()
        assert all(size >= length for size, length in sizes)
        assert cache_bytes(app) > cap // 2, "the cache is used up to its cap"
        assert renders_of(app, tables[-1].id) > 0, "the latest renders are kept"
        assert renders_of(app, tables[0].id) == 0, "the least recently used are dropped"

        # A render read again (its last use is known to the hour) outlives those stored after it but not read.
        kept = tables[-3]
        with app.app_context():
            db.session.execute(update(Render).values(used_at=Render.used_at - 7200))
            db.session.execute(update(Piece).values(kept_at=Piece.kept_at - 7200))
            db.session.commit()
        assert renders_of(app, kept.id) > 0
        client.get(kept.path, headers={"Accept-Language": "en"})
        for table in tables[:2]:
            for language in ("en", "fr", "de", "es"):
                client.get(f"/g/{table.id}", headers={"Accept-Language": language})
                client.get(table.path, headers={"Accept-Language": language})
        assert renders_of(app, kept.id) > 0
        assert renders_of(app, tables[-2].id) == 0
        assert cache_bytes(app) <= cap
    finally:
        dispose(app)


def test_a_read_that_keeps_pieces_and_renders_moves_the_cache_size_once_and_keeps_it_the_sum(app, client):
    table = create(client, SPADES_GAME)
    table.add(*SPADES_HANDS[:2])
    client.get(f"/g/{table.id}/join/{table.token}")  # an editor: the page's parts are kept, not a whole answer
    client.get(f"/g/{table.id}")
    table.add(SPADES_HANDS[2])
    ran, page = statements(app, lambda: client.get(f"/g/{table.id}"))

    assert page.status_code == 200
    assert any(sql.startswith("INSERT INTO piece") for sql in ran) and any(
        sql.startswith("INSERT INTO render") for sql in ran)
    assert len([sql for sql in ran if sql.startswith("UPDATE render_cache_size")]) == 1, ran
    assert cache_bytes(app) > 0  # checks the kept size against every row's bytes
