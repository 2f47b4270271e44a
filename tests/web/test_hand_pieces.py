"""Each hand's history line, API object and running scores are kept pieces (store/cache/hand_pieces.py): a change draws
only what it changed, and the game page shows the latest hands, fetching the earlier ones on demand."""

from __future__ import annotations

import re

from sqlalchemy import func, select, update
from sqlalchemy.pool import NullPool

from scorekeeper.extensions import db
from scorekeeper.models import Piece

from ..conftest import dispose, make_app
from ..games import SPADES_GAME, SPADES_HANDS, SPADES_SETTINGS
from .api_client import changing, create
from .test_api_two_step import BIDS

LONG_GAME = {**SPADES_GAME, "settings": {**SPADES_SETTINGS, "target": 10000}}
HAND = {"bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 7}, {"player": "Cid", "bid": 7}],
        "tricks": {"Ann": 4, "dummy": 1, "Ben": 4, "Cid": 4}}


def long_game(client, hands: int):
    """A game of `hands` hands, imported in one request."""
    response = client.post("/api/v1/games/import", json={**LONG_GAME, "hands": [{"entry": HAND}] * hands})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def numbers(html: str) -> list[int]:
    """The hands whose lines `html` shows, in order."""
    return [int(number) for number in re.findall(r'<details class="hand[^"]*" id="hand-(\d+)"', html)]


def earlier_link(html: str) -> tuple[str, str] | None:
    """The history's link to the earlier hands: its address (the same for htmx) and its text."""
    found = re.search(r'<a class="button" href="([^"]+)" hx-get="\1"[^>]*>([^<]+)</a>', html)
    return None if found is None else (found.group(1).replace("&amp;", "&"), found.group(2))


def test_a_game_of_twenty_hands_shows_them_all(client):
    game_id = long_game(client, 20)
    page = client.get(f"/g/{game_id}").text
    assert numbers(page) == list(range(20, 0, -1))
    assert earlier_link(page) is None


def test_the_page_shows_the_latest_twenty_hands_and_links_to_the_earlier_ones(client):
    game_id = long_game(client, 25)
    page = client.get(f"/g/{game_id}").text
    assert numbers(page) == list(range(25, 5, -1))
    assert earlier_link(page) == (f"/g/{game_id}/hands?before=6", "Earlier hands: 1 to 5")

    without_javascript = client.get(f"/g/{game_id}/hands?before=6")
    assert without_javascript.status_code == 200
    assert "<h1>Ann · Ben · Cid</h1>" in without_javascript.text
    assert numbers(without_javascript.text) == [5, 4, 3, 2, 1]
    assert earlier_link(without_javascript.text) is None
    fragment = client.get(f"/g/{game_id}/hands?before=6", headers={"HX-Request": "true"}).text
    assert numbers(fragment) == [5, 4, 3, 2, 1]
    assert "<h1>" not in fragment


def test_earlier_hands_come_a_hundred_at_a_time_each_with_the_way_to_the_ones_before(client):
    game_id = long_game(client, 130)
    assert earlier_link(client.get(f"/g/{game_id}").text)[0] == f"/g/{game_id}/hands?before=111"
    fragment = client.get(f"/g/{game_id}/hands?before=111", headers={"HX-Request": "true"}).text
    assert numbers(fragment) == list(range(110, 10, -1))
    assert earlier_link(fragment) == (f"/g/{game_id}/hands?before=11", "Earlier hands: 1 to 10")
    assert numbers(client.get(f"/g/{game_id}/hands?before=2").text) == [1]
    assert client.get(f"/g/{game_id}/hands?before=1").status_code == 404
    assert client.get(f"/g/{game_id}/hands").status_code == 404


def test_one_earlier_hand_is_named_alone(client):
    game_id = long_game(client, 21)
    assert earlier_link(client.get(f"/g/{game_id}").text) == (f"/g/{game_id}/hands?before=2", "Earlier hand: 1")


def kept_mark(app, game_id: int, number: int) -> None:
    """Mark the kept line and API object of a hand, as only a piece read from the database can carry it."""
    with app.app_context():
        db.session.execute(update(Piece).where(Piece.game_id == game_id, Piece.number == number,
                                               Piece.what.startswith("line"))
                           .values(body=Piece.body + "<!-- kept -->"))
        db.session.execute(update(Piece).where(Piece.game_id == game_id, Piece.number == number,
                                               Piece.what.startswith("api"))
                           .values(body=db.func.replace(Piece.body, '"complete":true', '"complete":true,"kept":1')))
        db.session.commit()


def marked_hands(app, public_id: str) -> list:
    """The game object's hands read past the document's check: the mark is a field no document names."""
    from flask.testing import FlaskClient

    return FlaskClient(app, app.response_class).get(f"/api/v1/games/{public_id}").get_json()["hands"]


def game_row_id(app, public_id: str) -> int:
    from scorekeeper.models import Game

    with app.app_context():
        return db.session.execute(db.select(Game.id).where(Game.public_id == public_id)).scalar_one()


def test_a_recorded_hand_draws_its_own_pieces_and_reads_every_other(app, client):
    table = create(client, SPADES_GAME)
    table.add(*SPADES_HANDS[:3])
    client.get(f"/g/{table.id}")
    table.get()
    kept_mark(app, game_row_id(app, table.id), 2)

    table.add(SPADES_HANDS[3])
    edit = changing(table.token)  # any version: a read of the marked game's object would not be the document's
    page, hands = client.get(f"/g/{table.id}").text, marked_hands(app, table.id)
    assert page.count("<!-- kept -->") == 1
    assert [hand.get("kept") for hand in hands] == [None, 1, None, None]

    assert table.delete(4, headers=edit).status_code == 204  # an undo changes no other hand's result, but leaves no running
    assert "<!-- kept -->" not in client.get(f"/g/{table.id}").text  # state: the readers replay the game
    table.add(SPADES_HANDS[3])
    assert client.get(f"/g/{table.id}").text.count("<!-- kept -->") == 1
    assert [hand.get("kept") for hand in marked_hands(app, table.id)] == [None, 1, None, None]

    assert table.put(1, SPADES_HANDS[0], headers=edit).status_code == 200  # an edit rescores hand 1 and every later one
    assert "<!-- kept -->" not in client.get(f"/g/{table.id}").text
    assert "kept" not in str(marked_hands(app, table.id))


def test_the_api_object_built_from_kept_pieces_is_the_game_replayed(client):
    table = create(client, SPADES_GAME)
    export = f"/g/{table.id}/export.json"  # built from the game replayed, as the API object was
    edit = changing(table.token)
    for change in (lambda: table.add(*SPADES_HANDS[:2]), lambda: table.post(BIDS),
                   lambda: table.put(3, SPADES_HANDS[2], headers=edit),
                   lambda: table.put(1, SPADES_HANDS[3], headers=edit), lambda: table.delete(3, headers=edit)):
        change()
        for language in ("en", "fr"):
            headers = {"Accept-Language": language}
            assert client.get(table.path, headers=headers).get_json() == client.get(export, headers=headers).get_json()
        assert client.get(table.path).data == client.get(export).data


def test_the_chart_of_a_long_game_goes_through_fifty_hands_and_its_table_lists_them(client):
    game_id = long_game(client, 120)
    page = client.get(f"/g/{game_id}").text
    rows = re.findall(r'<tr><th scope="row">(\d+)</th>', page)
    assert rows == [str(number) for number in range(3, 121, 3)]
    assert "Running score every 3 hands, and after the last" in page
    paths = re.findall(r'<g class="series s\d">\s*<path d="([^"]+)"', page)
    assert len(paths) == 3 and all(path.count("L") == 40 for path in paths)


def test_a_reader_keeps_its_pieces_when_the_pool_closes_each_connection_given_back(tmp_path):
    """Storing the pieces sets SQLite's lock timeout back before the connection returns to the pool: a connection
    given back may be closed at once (an overflow connection; every one with NullPool), or taken by another thread."""
    app = make_app(tmp_path, SQLALCHEMY_ENGINE_OPTIONS={"poolclass": NullPool})
    try:
        client = app.test_client()
        game_id = long_game(client, 3)
        assert client.get(f"/g/{game_id}").status_code == 200
        with app.app_context():
            assert db.session.scalar(select(func.count()).select_from(Piece)) > 0
    finally:
        dispose(app)
