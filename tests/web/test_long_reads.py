"""A long game's summary and downloads are kept whole like its page, and made afresh at most
LONG_READS_AT_ONCE at a time in a process (pages/long_reads.py)."""

from __future__ import annotations

import json

import pytest
from flask import jsonify
from sqlalchemy import delete, update
from sqlalchemy import event as sql_event

from scorekeeper.api.serialize import game_object
from scorekeeper.extensions import db
from scorekeeper.models import Piece, Render, RenderCacheSize
from scorekeeper.pages import long_reads
from scorekeeper.store import records

from .api_client import auth
from .test_hand_pieces import HAND, LONG_GAME, long_game

READS = [("summary", "text/html", None), ("export.json", "application/json", "json"),
         ("export.csv", "text/csv", "csv")]
SERVER = "127.0.0.1:5000"  # answers are kept for the server's own address only (store/cache/whole_answers.py)
BUSY = "The server is busy with many long downloads at this moment. Try again in a few seconds."


def statements(app, request):
    """The statements `request()` runs, and its answer."""
    ran = []

    def count(_conn, _cursor, statement, *_args):
        ran.append(statement)

    with app.app_context():
        engine = db.engine
    sql_event.listen(engine, "before_cursor_execute", count)
    try:
        response = request()
    finally:
        sql_event.remove(engine, "before_cursor_execute", count)
    return ran, response


def get(client, path, **headers):
    return client.get(path, headers={"Host": SERVER, **headers})


@pytest.mark.parametrize(("read", "mimetype", "extension"), READS)
def test_a_long_games_read_is_kept_whole_then_answered_from_one_query(app, client, read, mimetype, extension):
    game_id = long_game(client, 300)
    first = get(client, f"/g/{game_id}/{read}")
    assert first.status_code == 200 and first.mimetype == mimetype

    ran, again = statements(app, lambda: get(client, f"/g/{game_id}/{read}"))

    assert len(ran) == 1, ran
    assert again.get_data() == first.get_data()
    assert again.mimetype == mimetype
    if extension:
        assert again.headers["Content-Disposition"] == (
            f'attachment; filename="scorekeeper-dummy-spades-{game_id}.{extension}"')
        assert again.headers["Content-Disposition"] == first.headers["Content-Disposition"]
    compressed = get(client, f"/g/{game_id}/{read}", **{"Accept-Encoding": "br"})
    assert compressed.headers["Content-Encoding"] == "br"


def test_a_kept_download_follows_the_next_hand(client):
    created = client.post("/api/v1/games/import", json={**LONG_GAME, "hands": [{"entry": HAND}] * 3}).get_json()
    game_id = created["id"]
    assert len(get(client, f"/g/{game_id}/export.json").get_json()["hands"]) == 3
    csv_lines = get(client, f"/g/{game_id}/export.csv").text.count("\n")
    assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND, headers=auth(created["edit_token"])
                       ).status_code == 201

    assert len(get(client, f"/g/{game_id}/export.json").get_json()["hands"]) == 4
    assert get(client, f"/g/{game_id}/export.csv").text.count("\n") > csv_lines


def test_long_reads_made_afresh_wait_for_a_free_slot_and_kept_ones_never_do(app, client, monkeypatch):
    monkeypatch.setattr(long_reads, "WAIT_SECONDS", 0.01)
    game_id = long_game(client, 50)
    assert get(client, f"/g/{game_id}/export.json").status_code == 200  # kept
    slots = app.extensions["long_reads"]
    assert slots.acquire(blocking=False), "one slot a process by default"
    try:
        assert get(client, f"/g/{game_id}/export.json").status_code == 200, "a kept read takes no slot"
        for read, _, _ in READS[::2]:
            busy = get(client, f"/g/{game_id}/{read}")
            assert busy.status_code == 503
            assert busy.headers["Retry-After"] == "2"
            assert BUSY in busy.text
    finally:
        slots.release()
    assert get(client, f"/g/{game_id}/export.csv").status_code == 200
    assert get(client, f"/g/{game_id}/summary").status_code == 200


OTHER_HAND = {"bids": [{"player": "Ann", "bid": 5}, {"player": "Ben", "bid": 4}, {"player": "Cid", "bid": 3}],
              "tricks": {"Ann": 6, "dummy": 1, "Ben": 4, "Cid": 2}}


def made_afresh(app, client, path) -> bytes:
    """The answer made with nothing kept: every render and piece dropped first (the cache's size with them)."""
    with app.app_context():
        db.session.execute(delete(Render))
        db.session.execute(delete(Piece))
        db.session.execute(update(RenderCacheSize).values(bytes=0))
        db.session.commit()
    return get(client, path).get_data()


def object_replayed(app, game_id) -> bytes:
    """The game object as the API sends it, from the game replayed from its entries (nothing kept)."""
    with app.test_request_context(base_url=f"http://{SERVER}"):
        game = records.game_or_404(game_id)
        return jsonify(game_object(game, records.replay(game))).get_data()


@pytest.mark.parametrize("read", [read for read, _, _ in READS])
def test_a_kept_read_is_byte_for_byte_the_one_made_afresh_and_an_edit_or_an_undo_makes_it_anew(app, client, read):
    created = client.post("/api/v1/games/import", json={**LONG_GAME, "hands": [{"entry": HAND}] * 30}).get_json()
    game_id, path = created["id"], f"/g/{created['id']}/{read}"
    token = auth(created["edit_token"])
    assert get(client, f"/g/{game_id}").status_code == 200  # the page keeps the hands' pieces
    assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND, headers=token).status_code == 201
    first = get(client, path).get_data()  # made from the kept pieces but the new hand's
    ran, kept = statements(app, lambda: get(client, path))

    assert len(ran) == 1 and kept.get_data() == first
    assert b"csrf" not in first.lower(), "kept for every reader: no reader's CSRF token"
    assert made_afresh(app, client, path) == first
    if read == "export.json":
        assert first == object_replayed(app, game_id)
        assert len(json.loads(first)["hands"]) == 31

    for change in (lambda: client.put(f"/api/v1/games/{game_id}/hands/5", json=OTHER_HAND,
                                      headers={**token, "If-Match": "*"}),
                   lambda: client.delete(f"/api/v1/games/{game_id}/hands/31", headers={**token, "If-Match": "*"})):
        before = get(client, path).get_data()
        assert change().status_code in (200, 204)
        after = get(client, path).get_data()

        assert after != before
        assert after == made_afresh(app, client, path)
        if read == "export.json":
            assert after == object_replayed(app, game_id)
    if read == "export.json":
        assert json.loads(after)["hands"][4] != json.loads(first)["hands"][4], "the edited hand"
        assert json.loads(after)["hands"][3] == json.loads(first)["hands"][3]
        assert len(json.loads(after)["hands"]) == 30
