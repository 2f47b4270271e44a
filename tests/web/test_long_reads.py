"""A long game's summary and downloads are kept whole like its page, and made afresh at most
LONG_READS_AT_ONCE at a time in a process (pages/long_reads.py)."""

from __future__ import annotations

import pytest
from sqlalchemy import event as sql_event

from scorekeeper.extensions import db
from scorekeeper.pages import long_reads

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
