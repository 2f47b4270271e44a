"""The live endpoint, the guard against saving an overtaken form, and the QR codes, on a real database."""

from __future__ import annotations

import html
import re

import pytest
from sqlalchemy import event

from scorekeeper.extensions import db
from scorekeeper.models import Hand
from scorekeeper.web.links import qr_svg

from ..conftest import dispose, make_app

# docs/rules.md A10 E1 (Ann deals): Ann 71, Ben 50, Cid -60.
E1_HAND = {
    "bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5}, {"player": "Cid", "bid": 6}],
    "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3},
}
# The same hand typed into the page's form (seats Ann, Ben, Cid; tricks Ann, Ben, Cid, dummy).
E1_FORM = {"bids-0-bid": "7", "bids-1-bid": "5", "bids-2-bid": "6", "tricks-0": "5", "tricks-1": "2", "tricks-2": "3", "tricks-3": "3"}
# Ann declares 10 and makes it with the dummy: 101, enough to win a game to 100.
WINNING_HAND = {
    "bids": [{"player": "Ann", "bid": 10}, {"player": "Ben", "bid": 1}, {"player": "Cid", "bid": 2}],
    "tricks": {"Ann": 6, "dummy": 5, "Ben": 1, "Cid": 1},
}
# Piquet, nobody declares: elder wins every trick (capot, 53) or the tricks alternate (12 each).
CAPOT = {"tricks": ["elder"] * 12}
ALTERNATE = {"tricks": ["elder", "younger"] * 6}


class Table:
    """A game created through the API; `client` holds its edit token in the session cookie."""

    def __init__(self, client, game: dict):
        created = client.post("/api/v1/games", json=game)
        assert created.status_code == 201
        self.client = client
        self.id = created.get_json()["id"]
        self.token = created.get_json()["edit_token"]
        assert client.get(f"/g/{self.id}/join/{self.token}").status_code == 303

    @property
    def url(self) -> str:
        return f"/g/{self.id}"

    def record(self, *hands: dict) -> None:
        for hand in hands:
            response = self.client.post(f"/api/v1/games/{self.id}/hands", json=hand, headers={"Authorization": f"Bearer {self.token}"})
            assert response.status_code == 201, response.get_json()

    def undo(self) -> None:
        response = self.client.delete(f"/api/v1/games/{self.id}/hands/{self.hands()}",
                                      headers={"Authorization": f"Bearer {self.token}", "If-Match": "*"})
        assert response.status_code == 204

    def hands(self) -> int:
        return len(self.client.get(f"/api/v1/games/{self.id}").get_json()["hands"])


def spades(client, **settings) -> Table:
    return Table(client, {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann", "settings": settings})


def piquet(client) -> Table:
    return Table(client, {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben"})


def live(client, table: Table, etag: str | None = None, hand: int | None = None):
    headers = {"HX-Request": "true", **({"If-None-Match": etag} if etag else {})}
    return client.get(table.url + "/live" + ("" if hand is None else f"?hand={hand}"), headers=headers)


def page_etag(client, table: Table) -> str:
    page = client.get(table.url).get_data(as_text=True)
    return html.unescape(re.search(r'<p id="live"[^>]*data-etag="([^"]*)"', page).group(1))


def region(markup: str, element_id: str) -> str:
    """The opening tag of the element with this id."""
    return re.search(rf'<[a-z]+ id="{element_id}"[^>]*>', markup).group(0)


def test_the_page_knows_its_etag_and_an_unchanged_game_answers_304(client):
    table = spades(client)
    etag = page_etag(client, table)
    assert etag == 'W/"0.0.0.edit.en"'
    response = live(client, table, etag)
    assert response.status_code == 304
    assert response.data == b""
    assert response.headers["ETag"] == 'W/"0.0.0.edit.en"'
    assert response.headers["Cache-Control"] == "private, no-cache"
    assert set(response.vary) == {"Accept-Encoding", "Accept-Language", "Cookie", "HX-Request"}


def test_without_an_etag_the_board_comes_with_its_regions_and_headers(client):
    table = spades(client)
    response = live(client, table, hand=1)
    assert response.status_code == 200
    assert response.headers["ETag"] == 'W/"0.0.0.edit.en"'
    assert response.headers["Cache-Control"] == "private, no-cache"
    assert set(response.vary) == {"Accept-Encoding", "Accept-Language", "Cookie", "HX-Request"}
    markup = response.get_data(as_text=True)
    assert markup.lstrip().startswith('<div id="board" class="board">')
    for element_id in ("standing", "record", "entry", "live"):
        assert f'id="{element_id}"' in markup
    assert re.findall(r'<[^>]*hx-swap-oob[^>]*>', markup) == [
        '<div id="entry-notice" class="notice" role="status" hx-swap-oob="innerHTML">'
    ], "the page's form for hand 1 stays; only its (empty) notice is refreshed"


def test_a_recorded_hand_changes_the_etag_and_the_board(client):
    table = spades(client)
    old = page_etag(client, table)
    table.record(E1_HAND)
    response = live(client, table, old, hand=1)
    assert response.status_code == 200
    assert response.headers["ETag"] == 'W/"1.0.0.edit.en"'
    markup = response.get_data(as_text=True)
    assert re.findall(r'<td class="num score">(−?\d+)</td>', markup) == ["71", "50", "−60"]
    assert 'id="hand-1"' in markup
    assert live(client, table, 'W/"1.0.0.edit.en"', hand=1).status_code == 304
    table.undo()
    assert live(client, table, 'W/"1.0.0.edit.en"').headers["ETag"] == 'W/"2.0.0.edit.en"', "an undo is a change too"


def test_an_unchanged_game_costs_one_query_and_no_replay(app, client):
    table = spades(client)
    table.record(E1_HAND)
    statements = []

    def count(connection, cursor, statement, *args):
        if statement != "BEGIN":  # SQLite's transactions are begun explicitly (scorekeeper/database.py)
            statements.append(statement)

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", count)
        try:
            assert live(client, table, 'W/"1.0.0.edit.en"', hand=2).status_code == 304
        finally:
            event.remove(db.engine, "before_cursor_execute", count)
    assert len(statements) == 1
    assert "FROM game" in statements[0] and "hand" not in statements[0], "no hands loaded, nothing replayed"


def test_the_304_reads_columns_only_and_sets_no_cookie(app, client):
    table = spades(client)
    table.record(E1_HAND)
    statements = []

    def count(connection, cursor, statement, *args):
        statements.append(statement)  # a BEGIN too: one SELECT needs no transaction

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", count)
        try:
            for headers in ({"HX-Request": "true"}, {}):  # with htmx, or as a plain request (a load generator)
                response = client.get(f"{table.url}/live?lang=en", headers={**headers, "If-None-Match": 'W/"1.0.0.edit.en"'})
                assert response.status_code == 304
                assert response.headers["ETag"] == 'W/"1.0.0.edit.en"'
                assert "Set-Cookie" not in response.headers, "a poll never writes nor renews the session"
                assert response.data == b""
        finally:
            event.remove(db.engine, "before_cursor_execute", count)
    assert len(statements) == 2
    for statement in statements:
        assert "settings" not in statement and "undone_entry" not in statement, "no game loaded"


def test_a_reader_who_gains_or_loses_edit_rights_gets_a_new_board_on_the_next_poll(app, client):
    table = spades(client)
    table.record(E1_HAND)
    reader = app.test_client()
    assert live(reader, table, 'W/"1.0.0.view.en"').status_code == 304
    assert reader.get(f"/g/{table.id}/join/{table.token}").status_code == 303
    gained = live(reader, table, 'W/"1.0.0.view.en"')
    assert gained.status_code == 200 and gained.headers["ETag"] == 'W/"1.0.0.edit.en"'
    assert 'id="hand-form"' in gained.get_data(as_text=True)
    assert live(reader, table, 'W/"1.0.0.edit.en"').status_code == 304
    with reader.session_transaction() as cookie:
        cookie["edit_rights"] = []  # this browser forgot the game (it keeps the 60 most recent)
    lost = live(reader, table, 'W/"1.0.0.edit.en"')
    assert lost.status_code == 200 and lost.headers["ETag"] == 'W/"1.0.0.view.en"'
    assert 'id="hand-form"' not in lost.get_data(as_text=True)


def test_the_poll_names_the_pages_language(client):
    table = spades(client)
    assert live(client, table, 'W/"0.0.0.edit.en"').status_code == 304
    response = client.get(f"{table.url}/live?lang=fr", headers={"HX-Request": "true", "If-None-Match": 'W/"0.0.0.edit.en"'})
    assert response.status_code == 200 and response.headers["ETag"] == 'W/"0.0.0.edit.fr"'
    response = client.get(f"{table.url}/live?lang=fr", headers={"HX-Request": "true", "If-None-Match": 'W/"0.0.0.edit.fr"'})
    assert response.status_code == 304


def test_viewers_get_their_own_etag_and_no_edit_controls(app, client):
    table = spades(client)
    table.record(E1_HAND)
    viewer = app.test_client()
    assert page_etag(viewer, table) == 'W/"1.0.0.view.en"'
    response = live(viewer, table, 'W/"1.0.0.edit.en"')
    assert response.status_code == 200, "an editor's ETag does not fit a viewer's board"
    assert response.headers["ETag"] == 'W/"1.0.0.view.en"'
    markup = response.get_data(as_text=True)
    for control in ('id="hand-form"', 'name="hand"', "Undo", "Edit hand", "<summary>Share edit access", "/join/",
                    "qr/edit.svg"):
        assert control not in markup
    assert re.search(r'<div id="entry">\s*</div>', markup), "a viewer's entry area stays empty and is left alone"
    assert live(viewer, table, 'W/"1.0.0.view.en"').status_code == 304
    editor = live(client, table).get_data(as_text=True)
    assert 'id="hand-form"' in editor and "Undo hand 1" in editor
    explained = f"/g/{table.id}/hands/1"
    assert "Edit hand 1" in client.get(explained).text and "Edit hand 1" not in viewer.get(explained).text


def test_a_form_overtaken_by_another_phone_gets_a_notice_and_keeps_its_place(client):
    table = spades(client)
    unchanged = live(client, table, hand=1).get_data(as_text=True)
    assert 'hx-swap-oob="innerHTML"' in region(unchanged, "entry-notice"), "an empty notice clears an old one"
    assert "hx-swap-oob" not in region(unchanged, "entry")
    table.record(E1_HAND)
    markup = live(client, table, hand=1).get_data(as_text=True)
    assert "hx-swap-oob" not in region(markup, "entry"), "the form being typed into is not replaced"
    notice = re.search(r'<div id="entry-notice".*?</div>', markup, re.S).group(0)
    assert re.findall(r"<p>([^<]*)</p>", notice) == ["Another phone recorded hand 1 while you were typing."]
    assert re.search(rf'<a class="button" href="{table.url}" hx-get="{table.url}" hx-target="#board" hx-swap="outerHTML">Start hand 2</a>', notice)
    assert "Start hand 2" not in live(client, table, hand=2).get_data(as_text=True)


def test_the_form_goes_when_the_game_is_won_and_comes_back_after_an_undo(client):
    table = spades(client, target=100)
    table.record(WINNING_HAND)
    markup = live(client, table, hand=1).get_data(as_text=True)
    assert re.search(r'<div id="entry" hx-swap-oob="true">\s*</div>', markup)
    assert '<p class="banner" role="status">Ann wins with 101.</p>' in markup
    assert "hx-swap-oob" not in live(client, table).get_data(as_text=True), "no form, none wanted"
    table.undo()
    markup = live(client, table).get_data(as_text=True)
    assert region(markup, "entry") == '<div id="entry" hx-swap-oob="true">'
    assert '<input type="hidden" name="hand" value="1">' in markup


def post_hand(client, table: Table, **fields):
    page = client.get(table.url).get_data(as_text=True)
    token = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
    return client.post(table.url + "/hands", data={**E1_FORM, "csrf_token": token, **fields}, headers={"HX-Request": "true"})


@pytest.mark.parametrize(
    ("recorded", "undone", "posted", "message"),
    [
        (1, 0, "1", "Another phone recorded hand 1 while you were typing. Nothing was saved: check the hands, then enter hand 2."),
        (2, 1, "3", "Another phone undid hand 2 while you were typing. Nothing was saved: check the hands, then enter hand 2."),
    ],
)
def test_saving_an_overtaken_form_is_refused_and_stores_nothing(app, client, recorded, undone, posted, message):
    table = spades(client)
    table.record(*[E1_HAND] * recorded)
    for _ in range(undone):
        table.undo()
    response = post_hand(client, table, hand=posted)
    assert response.status_code == 422
    markup = response.get_data(as_text=True)
    assert re.findall(r'<p class="error"[^>]*>([^<]*)</p>', markup) == [message]
    assert '<input type="hidden" name="hand" value="2">' in markup, "a fresh form for the hand that is next now"
    assert 'value="7"' not in markup, "what was typed belongs to another hand and is not offered again"
    with app.app_context():
        assert db.session.execute(db.select(db.func.count()).select_from(Hand)).scalar_one() == recorded - undone


def test_a_form_for_the_next_hand_saves(client):
    table = spades(client)
    response = post_hand(client, table, hand="1")
    assert response.status_code == 200
    assert '<input type="hidden" name="hand" value="2">' in response.get_data(as_text=True)
    assert table.hands() == 1


def test_a_piquet_partie_follows_its_session(client):
    table = piquet(client)
    assert page_etag(client, table) == 'W/"0.0.0.edit.en"'
    table.record(*[CAPOT] * 5, ALTERNATE)
    markup = live(client, table, hand=6).get_data(as_text=True)
    assert re.search(r'<div id="entry" hx-swap-oob="true">\s*</div>', markup), "the deal form goes at the end of the partie"
    assert "Next partie" in markup
    assert live(client, table, 'W/"6.0.0.edit.en"').status_code == 304
    response = client.post(f"/api/v1/games/{table.id}/next", headers={"Authorization": f"Bearer {table.token}"})
    assert response.status_code == 201
    after = live(client, table, 'W/"6.0.0.edit.en"')
    assert after.status_code == 200, "starting the next partie changes this one (its version) and its session table"
    assert after.headers["ETag"] == 'W/"7.2.7.edit.en"'
    assert "Next partie" not in after.get_data(as_text=True)
    assert page_etag(client, table) == 'W/"7.2.7.edit.en"'
    assert live(client, table, 'W/"7.2.7.edit.en"').status_code == 304


def test_a_piquet_deal_form_says_which_deal_it_is_for(client):
    table = piquet(client)
    page = client.get(table.url).get_data(as_text=True)
    assert '<input type="hidden" name="hand" value="1">' in page
    table.record(CAPOT)
    notice = re.search(r'<div id="entry-notice".*?</div>', live(client, table, hand=1).get_data(as_text=True), re.S).group(0)
    assert "Another phone recorded deal 1 while you were typing." in notice and "Start deal 2" in notice


def test_an_unknown_game_is_404(client):
    assert client.get("/g/nope/live").status_code == 404
    assert client.get("/g/nope/qr/view.svg").status_code == 404


def test_the_qr_codes_hold_the_read_only_link_for_all_and_the_edit_link_for_editors(app, client):
    table = spades(client)
    view = client.get(table.url + "/qr/view.svg")
    assert view.status_code == 200
    assert view.mimetype == "image/svg+xml"
    assert view.data == qr_svg(f"http://localhost{table.url}")
    assert view.headers["Cache-Control"] == "private, max-age=86400"
    edit = client.get(table.url + "/qr/edit.svg")
    assert edit.status_code == 200
    assert edit.data == qr_svg(f"http://localhost{table.url}/join/{table.token}")
    viewer = app.test_client()
    assert viewer.get(table.url + "/qr/view.svg").data == view.data
    assert viewer.get(table.url + "/qr/edit.svg").status_code == 403
    assert client.get(table.url + "/qr/other.svg").status_code == 404


def test_the_share_section_shows_each_phone_what_it_may_share(app, client):
    table = spades(client)
    editor = client.get(table.url).get_data(as_text=True)
    assert f'src="{table.url}/qr/view.svg"' in editor and f'src="{table.url}/qr/edit.svg"' in editor
    assert f'href="{table.url}/join/{table.token}"' in editor
    viewer = app.test_client().get(table.url).get_data(as_text=True)
    assert f'src="{table.url}/qr/view.svg"' in viewer
    assert "qr/edit.svg" not in viewer and "/join/" not in viewer


def test_an_id_that_cannot_be_a_game_is_404_without_a_query(client):
    assert client.get("/g/%00/live").status_code == 404
    assert client.get("/g/a%00b").status_code == 404
    assert client.get("/api/v1/games/%00").status_code == 404


def test_viewers_share_one_kept_board_which_follows_every_change(tmp_path):
    """A viewer's board is kept whole (store/cache/whole_answers.py): the next viewer's poll reads it in one query,
    with the same body and headers; a change makes a new one, and an editor's poll never takes it."""
    app = make_app(tmp_path, PUBLIC_URL="https://scores.example")
    try:
        editor = app.test_client()
        table = spades(editor)
        table.record(E1_HAND)
        first, second = app.test_client(), app.test_client()
        drawn = live(first, table)
        statements = []

        def count(connection, cursor, statement, *args):
            if statement != "BEGIN":
                statements.append(statement)

        with app.app_context():
            event.listen(db.engine, "before_cursor_execute", count)
            try:
                kept = live(second, table, 'W/"0.0.0.view.en"')
            finally:
                event.remove(db.engine, "before_cursor_execute", count)
        assert (kept.status_code, kept.headers["ETag"], kept.headers["Cache-Control"]) == (
            200, 'W/"1.0.0.view.en"', "private, no-cache")
        assert kept.get_data() == drawn.get_data() and "Cookie" in kept.headers["Vary"]
        assert len(statements) == 2, "the ETag's columns, then the kept board: no game loaded, no template"

        table.record(E1_HAND)
        after = live(second, table, 'W/"1.0.0.view.en"')
        assert after.headers["ETag"] == 'W/"2.0.0.view.en"'
        assert after.get_data(as_text=True).count('class="hand') > drawn.get_data(as_text=True).count('class="hand')
        assert live(first, table, 'W/"1.0.0.view.en"').get_data() == after.get_data()
        assert 'id="hand-form"' in live(editor, table).get_data(as_text=True), "an editor gets their own board"
    finally:
        dispose(app)
