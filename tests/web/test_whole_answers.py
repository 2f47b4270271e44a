"""Whole answers kept compressed for readers: the read-only game page and the API's game object.

The server's own address is HOST:PORT (127.0.0.1:5000 in tests); the test
client's default host, "localhost", is a host the server does not know.
"""

from __future__ import annotations

import gzip
import json

import brotli
import pytest
from sqlalchemy import event, func, or_, select

from scorekeeper.extensions import db
from scorekeeper.models import Render
from scorekeeper.store.cache import whole_answers as whole_answers_module

from ..conftest import dispose, make_app
from ..games import PIQUET_DEALS, PIQUET_GAME, SPADES_GAME, SPADES_HANDS
from .api_client import create
from .test_renders import another_worker, cache_bytes

OWN = "127.0.0.1:5000"
FOREIGN = "other.example"


def get(client, path, host=OWN, encoding="", **headers):
    return client.get(path, headers={"Host": host, "Accept-Encoding": encoding, **headers})


def decoded(response) -> bytes:
    encoding = response.headers.get("Content-Encoding")
    if encoding == "br":
        return brotli.decompress(response.data)
    if encoding == "gzip":
        return gzip.decompress(response.data)
    assert encoding is None
    return response.data


def kept_answers(app, game_id) -> list[Render]:
    """The game's whole answers kept: those compressed in some encoding."""
    with app.app_context():
        compressed = or_(Render.br.is_not(None), Render.gzip.is_not(None))
        return list(db.session.execute(select(Render).where(Render.game == game_id, compressed)).scalars())


def render_count(app) -> int:
    with app.app_context():
        return db.session.execute(select(func.count()).select_from(Render)).scalar_one()


@pytest.fixture
def game(client):
    table = create(client, SPADES_GAME)  # this client has no edit rights: the API keeps the token
    table.add(*SPADES_HANDS[:3])
    return table


def test_a_viewers_page_is_kept_whole_and_sent_in_each_encoding(app, client, game):
    page = f"/g/{game.id}"
    made = get(client, page, encoding="gzip, deflate, br")
    assert made.status_code == 200
    assert made.headers["Content-Encoding"] == "br"
    [kept] = kept_answers(app, game.id)
    assert kept.version == 3 and kept.br is not None
    assert kept.gzip is None, "the first reader compresses in its own encoding alone"

    for accepted, expected in (("gzip, deflate, br", "br"), ("gzip", "gzip"), ("br;q=0.5, gzip", "gzip"),
                               ("", None), ("identity", None)):
        response = get(client, page, encoding=accepted)
        assert response.status_code == 200
        assert response.headers.get("Content-Encoding") == expected
        assert response.headers["Content-Type"] == "text/html; charset=utf-8"
        assert response.headers["Vary"] == made.headers["Vary"]
        assert "Accept-Encoding" in response.headers["Vary"]
        assert "ETag" not in response.headers
        assert int(response.headers["Content-Length"]) == len(response.data)
        assert decoded(response) == decoded(made)
        assert "Set-Cookie" not in response.headers
    [kept_gzip] = kept_answers(app, game.id)
    assert kept_gzip.gzip is not None and kept_gzip.br == kept.br, "the first reader asking for gzip kept it"

    # Today's path, for a host the server does not know, makes the same page but for that host's address.
    fresh = get(client, page, host=FOREIGN, encoding="gzip")
    assert decoded(fresh).decode().replace(FOREIGN, OWN) == decoded(made).decode()
    text = decoded(made).decode()
    assert f"http://{OWN}/g/{game.id}" in text
    assert 'id="hand-3"' in text and 'id="hand-form"' not in text and "X-CSRFToken" not in text


def test_a_kept_page_is_read_from_the_cache_and_only_at_its_version(app, client, game):
    page = f"/g/{game.id}"
    get(client, page, encoding="br")
    with app.app_context():
        [kept] = db.session.execute(select(Render).where(Render.br.is_not(None))).scalars()
        kept.br = brotli.compress(brotli.decompress(kept.br) + b"<!-- kept -->")
        db.session.commit()
    assert decoded(get(client, page, encoding="br")).endswith(b"<!-- kept -->")
    game.add(SPADES_HANDS[3])
    after = decoded(get(client, page, encoding="br")).decode()
    assert "<!-- kept -->" not in after and 'id="hand-4"' in after
    assert [render.version for render in kept_answers(app, game.id)] == [4]


def test_each_language_and_each_host_has_its_own_page(app, client, game):
    page = f"/g/{game.id}"
    english = decoded(get(client, page, encoding="gzip", **{"Accept-Language": "en"})).decode()
    french = decoded(get(client, page, encoding="gzip", **{"Accept-Language": "fr"})).decode()
    assert '<html lang="en"' in english and '<html lang="fr"' in french
    assert decoded(get(client, page + "?lang=fr", encoding="br")).decode() == french
    assert len(kept_answers(app, game.id)) == 2

    kept = render_count(app)
    foreign = decoded(get(client, page, host=FOREIGN, encoding="gzip")).decode()
    assert f"http://{OWN}/g/{game.id}" in foreign and FOREIGN not in foreign  # links never follow it (links.py)
    assert render_count(app) == kept, "a host the server does not know adds nothing to the cache"
    assert get(client, page + "?x=1", encoding="gzip").status_code == 200
    assert render_count(app) == kept, "nor does a query the page would carry in its links"


def test_an_editor_never_gets_a_viewers_page(app, client, game):
    page = f"/g/{game.id}"
    viewer = decoded(get(client, page, encoding="br")).decode()
    editor = app.test_client()
    assert get(editor, f"/g/{game.id}/join/{game.token}").status_code == 303
    for encoding in ("br", "gzip", ""):
        mine = decoded(get(editor, page, encoding=encoding)).decode()
        assert 'id="hand-form"' in mine and "X-CSRFToken" in mine and mine != viewer
    assert len(kept_answers(app, game.id)) == 1


def test_the_api_object_is_kept_whole_with_its_etags(app, client, game):
    made = get(client, game.path, encoding="gzip")
    assert made.headers["Content-Encoding"] == "gzip"
    assert made.headers["ETag"] == '"3:gzip"'
    for accepted, expected, etag in (("gzip", "gzip", '"3:gzip"'), ("br", "br", '"3:br"'), ("", None, '"3"')):
        response = get(client, game.path, encoding=accepted)
        assert response.status_code == 200
        assert response.headers.get("Content-Encoding") == expected
        assert response.headers["ETag"] == etag
        assert response.headers["Content-Type"] == "application/json"
        assert response.headers["Vary"] == made.headers["Vary"]
        assert decoded(response) == decoded(made)
    assert get(client, game.path, encoding="gzip", **{"If-None-Match": '"3:gzip"'}).status_code == 304
    assert get(client, game.path, encoding="br", **{"If-None-Match": '"3:gzip"'}).status_code == 200
    assert get(client, game.path, encoding="", **{"If-None-Match": '"3"'}).status_code == 304, "kept, not encoded"
    assert get(client, game.path, host=FOREIGN, encoding="", **{"If-None-Match": '"3"'}).status_code == 304, \
        "made for another host, not kept"

    fresh = get(client, game.path, host=FOREIGN, encoding="gzip")
    assert fresh.headers["ETag"] == '"3:gzip"'
    assert decoded(fresh).decode().replace(FOREIGN, OWN) == decoded(made).decode()
    assert json.loads(decoded(made))["url"] == f"http://{OWN}/g/{game.id}"

    game.add(SPADES_HANDS[3])
    after = get(client, game.path, encoding="br")
    assert after.headers["ETag"] == '"4:br"'
    assert [hand["number"] for hand in json.loads(decoded(after))["hands"]] == [1, 2, 3, 4]


def test_each_encoding_is_compressed_once_by_the_first_reader_asking_for_it(app, client, game, monkeypatch):
    compressed = []

    def compress(data, encoding, _compress=whole_answers_module._compress):
        compressed.append(encoding)
        return _compress(data, encoding)

    monkeypatch.setattr(whole_answers_module, "_compress", compress)
    answers = {}
    for accepted in ("gzip", "gzip", "", "br", "br", "gzip, br"):
        compressed.clear()
        response = get(client, game.path, encoding=accepted)
        assert response.status_code == 200
        answers.setdefault(accepted, []).append((tuple(compressed), response.headers.get("Content-Encoding")))
    assert answers == {
        "gzip": [(("gzip",), "gzip"), ((), "gzip")],  # made and compressed in its encoding alone, then read kept
        "": [((), None)],
        "br": [(("br",), "br"), ((), "br")],  # the kept body compressed once more, on demand, then read kept
        "gzip, br": [((), "br")],
    }
    [kept] = kept_answers(app, game.id)
    assert kept.size == len(kept.body.encode()) + len(kept.gzip) + len(kept.br)
    assert render_count(app) == 1, "the object is kept within its whole answer, not by itself as well"
    assert cache_bytes(app) >= kept.size  # and the cache's kept size is its renders' sum


def test_a_long_games_object_is_kept_in_brotli_of_quality_4_and_a_short_ones_of_5(app, client, game):
    def brotli_of(body: bytes, quality: int) -> bytes:
        return brotli.compress(body, mode=app.config["COMPRESS_BR_MODE"], quality=quality,
                               lgwin=app.config["COMPRESS_BR_WINDOW"], lgblock=app.config["COMPRESS_BR_BLOCK"])

    exported = game.get()
    exported["hands"] = exported["hands"] * 20  # the three hands again and again: 60 hands
    exported["settings"]["target"] = 10_000
    imported = client.post("/api/v1/games/import", json=exported)
    assert imported.status_code == 201, imported.get_json()
    long_game = f"/api/v1/games/{imported.get_json()['id']}"

    large = whole_answers_module.LARGE_BODY_BYTES
    for path, size, quality, not_quality in ((game.path, range(large), 5, 4), (long_game, range(large, 10**7), 4, 5)):
        made = get(client, path, encoding="br")
        body = decoded(made)
        assert len(body) in size
        assert made.data == brotli_of(body, quality) != brotli_of(body, not_quality)
        assert get(client, path, encoding="br").data == made.data, "read kept"


def test_a_piquet_partie_follows_every_game_of_its_session(app, client):
    table = create(client, PIQUET_GAME)
    table.add(*PIQUET_DEALS)
    first = json.loads(decoded(get(client, table.path, encoding="gzip")))
    page = decoded(get(client, f"/g/{table.id}", encoding="gzip")).decode()
    assert table.next().status_code == 201
    second = json.loads(decoded(get(client, table.path, encoding="gzip")))
    assert first["session"] is None and second["session"] == table.id, "the first partie's object names its session"
    assert decoded(get(client, f"/g/{table.id}", encoding="gzip")).decode() != page


def test_with_a_public_address_every_host_gets_the_kept_answer(tmp_path):
    app = make_app(tmp_path, PUBLIC_URL="https://scores.example")
    try:
        client = app.test_client()
        game = create(client, SPADES_GAME)
        game.add(SPADES_HANDS[0])
        one = decoded(get(client, f"/g/{game.id}", host="a.example", encoding="br")).decode()
        two = decoded(get(client, f"/g/{game.id}", host="b.example", encoding="gzip")).decode()
        assert one == two and f"https://scores.example/g/{game.id}" in one
        assert len(kept_answers(app, game.id)) == 1
    finally:
        dispose(app)


def test_a_change_through_one_worker_shows_at_once_in_the_answers_another_kept(app, client, game):
    other = another_worker(app)
    try:
        reader = other.test_client()
        for _ in range(2):  # made, then read back
            assert 'id="hand-3"' in decoded(get(reader, f"/g/{game.id}", encoding="br")).decode()
            assert len(json.loads(decoded(get(reader, game.path, encoding="gzip")))["hands"]) == 3
        assert len(kept_answers(app, game.id)) == 2, "what the other worker kept is shared"

        game.add(SPADES_HANDS[3])
        assert 'id="hand-4"' in decoded(get(reader, f"/g/{game.id}", encoding="br")).decode()
        assert len(json.loads(decoded(get(reader, game.path, encoding="gzip")))["hands"]) == 4
        assert game.delete(4).status_code == 204
        assert 'id="hand-4"' not in decoded(get(reader, f"/g/{game.id}", encoding="gzip")).decode()
        assert len(json.loads(decoded(get(reader, game.path, encoding="br")))["hands"]) == 3
    finally:
        dispose(other)


def test_a_kept_answer_costs_one_query(app, client, game):
    for path in (f"/g/{game.id}", game.path):
        get(client, path, encoding="br")
    statements = []

    def count(connection, cursor, statement, *args):
        statements.append(statement)

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", count)
        try:
            for path in (f"/g/{game.id}", game.path):
                assert get(client, path, encoding="br").status_code == 200
                assert len(statements) == 1, statements
                assert "FROM game LEFT OUTER JOIN render" in statements.pop()
        finally:
            event.remove(db.engine, "before_cursor_execute", count)


def test_an_answer_not_kept_yet_is_looked_up_once_and_a_kept_one_in_another_encoding_twice(app, client, game):
    statements = []

    def count(connection, cursor, statement, *args):
        statements.append(statement)

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", count)
        try:
            assert get(client, game.path, encoding="br").status_code == 200  # made, then kept
            bodies = [sql for sql in statements if sql.startswith("SELECT render.body") and "render.version" in sql]
            assert bodies == [], "a miss reads no kept body to compress"
            statements.clear()
            assert get(client, game.path, encoding="gzip").headers["Content-Encoding"] == "gzip"
            assert len(statements) == 2, statements  # kept in brotli: its body, read to compress in gzip
            assert statements[1].startswith("SELECT render.body") and "render.version" in statements[1]
        finally:
            event.remove(db.engine, "before_cursor_execute", count)
