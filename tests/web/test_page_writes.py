"""Write forms on the pages say what they were made for, so a double tap or a stale form never changes twice.

CSRF on, real database; two phones are two test clients with edit access.
"""

from __future__ import annotations

import io
import re

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand

from ..games import PIQUET_DEALS, PIQUET_GAME
from .api_client import Table, create
from .forms_client import errors_in, stored
from .racing import race

GAME = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}
# docs/rules.md A10 E1 (Ann deals): Ann 71, Ben 50, Cid -60; as the API takes it and as the form is filled in.
HAND = {
    "bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5}, {"player": "Cid", "bid": 6}],
    "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3},
}
HAND_FORM = {"bids-0-bid": "7", "bids-1-bid": "5", "bids-2-bid": "6",
             "tricks-0": "5", "tricks-1": "2", "tricks-2": "3", "tricks-3": "3"}
# Ann declares 10 and makes it with the dummy: 101, enough to win a game to 100.
WINNING_HAND = {
    "bids": [{"player": "Ann", "bid": 10}, {"player": "Ben", "bid": 1}, {"player": "Cid", "bid": 2}],
    "tricks": {"Ann": 6, "dummy": 5, "Ben": 1, "Cid": 1},
}
CHANGED = "Another phone changed this game while you were typing."


class Phone:
    """A browser with the game's edit access, and what its page shows."""

    def __init__(self, app, table: Table):
        self.client = app.test_client()
        self.url = f"/g/{table.id}"
        assert self.client.get(f"{self.url}/join/{table.token}").status_code == 303

    def open(self, path: str = "") -> str:
        self.page = self.client.get(self.url + path).get_data(as_text=True)
        return self.page

    def form(self, action: str) -> dict[str, str]:
        """The hidden fields of the page's form posting to `action`, CSRF token included."""
        found = re.search(rf'<form[^>]*action="{re.escape(action)}"[^>]*>(.*?)</form>', self.page, re.S)
        assert found, f"no form for {action}"
        inputs = [dict(re.findall(r'([\w-]+)="([^"]*)"', tag)) for tag in re.findall(r"<input[^>]*>", found.group(1))]
        return {field["name"]: field["value"] for field in inputs if field.get("type") == "hidden"}

    def press(self, action: str, typed: dict[str, str] | None = None, client=None, **headers):
        """Submit the form posting to `action` as the page has it, with what was typed."""
        return (client or self.client).post(action, data={**self.form(action), **(typed or {})}, headers=headers)


@pytest.fixture
def table(client):
    return create(client, GAME)


def hands(app) -> int:
    return stored(app, Hand)


def test_every_write_form_names_the_hand_and_the_version_it_was_made_for(app, table):
    phone = Phone(app, table)
    phone.open()
    fields = phone.form(f"{phone.url}/hands")
    assert (fields["hand"], fields["version"]) == ("1", "0")
    phone.open()
    assert len(fields["request_key"]) >= 16
    assert phone.form(f"{phone.url}/hands")["request_key"] != fields["request_key"], "a key for each rendering"

    table.add(HAND, HAND)
    phone.open()
    assert phone.form(f"{phone.url}/hands")["version"] == "2"
    assert "Undo hand 2</a>" in phone.page
    phone.open("/undo")  # Undo asks on a page of its own; its form says what it was made for
    undo = phone.form(f"{phone.url}/undo")
    assert (undo["hand"], undo["version"]) == ("2", "2")
    phone.open("/hands/1/edit")
    assert phone.form(f"{phone.url}/hands/1/edit")["version"] == "2"


def test_a_second_tap_on_save_records_one_hand(app, table):
    phone = Phone(app, table)
    phone.open()
    taps = [phone.press(f"{phone.url}/hands", HAND_FORM) for _ in range(2)]
    assert [tap.status_code for tap in taps] == [303, 303], "the second tap is answered as the first"
    assert hands(app) == 1

    phone.open()
    taps = [phone.press(f"{phone.url}/hands", HAND_FORM, **{"HX-Request": "true"}) for _ in range(2)]
    assert [tap.status_code for tap in taps] == [200, 200]
    assert '<input type="hidden" name="hand" value="3">' in taps[1].get_data(as_text=True)
    assert hands(app) == 2


def test_the_same_form_sent_again_with_other_values_is_refused(app, table):
    phone = Phone(app, table)
    phone.open()
    assert phone.press(f"{phone.url}/hands", HAND_FORM).status_code == 303

    again = phone.press(f"{phone.url}/hands", {**HAND_FORM, "bids-0-bid": "8"})

    assert again.status_code == 422
    assert errors_in(again.get_data(as_text=True)) == [
        "Another phone recorded hand 1 while you were typing. Nothing was saved: check the hands, then enter hand 2."]
    assert hands(app) == 1


def test_two_saves_of_one_form_at_once_record_one_hand(app, table):
    phone = Phone(app, table)
    phone.open()
    data = {**phone.form(f"{phone.url}/hands"), **HAND_FORM}

    results = race(app, *[lambda client: client.post(f"{phone.url}/hands", data=data)] * 2,
                   clients=[phone.client, phone.client])

    assert [status for status, _ in results] == [303, 303]
    assert hands(app) == 1


def test_two_phones_saving_the_same_hand_at_once_record_it_once(app, table):
    phones = [Phone(app, table), Phone(app, table)]
    for phone in phones:
        phone.open()

    results = race(app, *[lambda client, phone=phone: phone.press(f"{phone.url}/hands", HAND_FORM, client=client)
                          for phone in phones], clients=[phone.client for phone in phones])

    assert sorted(status for status, _ in results) == [303, 422], "the later phone is told, as any overtaken form"
    assert hands(app) == 1


def test_two_phones_pressing_undo_at_once_remove_one_hand(app, table):
    table.add(HAND, HAND)
    phone, other = Phone(app, table), Phone(app, table)
    phone.open("/undo")
    other.open("/undo")

    results = race(app, lambda client: phone.press(f"{phone.url}/undo", client=client),
                   lambda client: other.press(f"{other.url}/undo", client=client),
                   clients=[phone.client, other.client])

    assert sorted(status for status, _ in results) == [303, 422], "the later one is told the hand is undone already"
    assert hands(app) == 1
    assert table.get()["version"] == 3


def test_an_undo_made_before_another_phone_recorded_a_hand_removes_nothing(app, table):
    table.add(HAND)
    phone = Phone(app, table)
    phone.open("/undo")
    table.add(HAND)

    response = phone.press(f"{phone.url}/undo")

    assert response.status_code == 422
    notice = re.search(r'<div id="entry-notice".*?</div>', response.get_data(as_text=True), re.S).group(0)
    assert re.findall(r"<p>([^<]*)</p>", notice) == ["Another phone recorded hand 2 while you were typing."]
    assert "Start hand 3" in notice
    assert hands(app) == 2


def test_an_undo_made_before_another_change_to_a_finished_game_says_so(app, client):
    table = create(client, {**GAME, "settings": {"target": 100}})
    table.add(WINNING_HAND)
    phone = Phone(app, table)
    phone.open("/undo")
    assert table.delete(1).status_code == 204
    table.add(WINNING_HAND)

    response = phone.press(f"{phone.url}/undo", **{"HX-Request": "true"})

    assert response.status_code == 422
    notice = re.search(r'<div id="entry-notice".*?</div>', response.get_data(as_text=True), re.S).group(0)
    assert re.findall(r"<p>([^<]*)</p>", notice) == [CHANGED]
    assert hands(app) == 1


def test_a_form_made_before_another_phone_changed_an_earlier_hand_keeps_what_was_typed(app, table):
    table.add(HAND)
    phone = Phone(app, table)
    phone.open()
    assert table.put(1, {**HAND, "tricks": {"Ann": 4, "dummy": 2, "Ben": 4, "Cid": 3}}).status_code == 200

    refused = phone.press(f"{phone.url}/hands", HAND_FORM)

    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert errors_in(page) == [f"{CHANGED} Nothing was saved: check the scores, then save again."]
    assert 'value="7"' in page, "what was typed is for this same hand: it stays"
    assert '<input type="hidden" name="version" value="2">' in page
    assert hands(app) == 1
    phone.page = page
    assert phone.press(f"{phone.url}/hands", HAND_FORM).status_code == 303
    assert hands(app) == 2


def test_the_live_board_says_when_another_phone_changed_the_game_under_the_form(app, table):
    table.add(HAND)
    phone = Phone(app, table)
    table.put(1, HAND)

    markup = phone.client.get(f"{phone.url}/live?hand=2&version=1", headers={"HX-Request": "true"}).get_data(as_text=True)

    notice = re.search(r'<div id="entry-notice".*?</div>', markup, re.S).group(0)
    assert re.findall(r"<p>([^<]*)</p>", notice) == [CHANGED]
    unchanged = phone.client.get(f"{phone.url}/live?hand=2&version=2", headers={"HX-Request": "true"})
    assert "<p>" not in re.search(r'<div id="entry-notice".*?</div>', unchanged.get_data(as_text=True), re.S).group(0)


def test_an_edit_made_before_another_change_saves_nothing_and_a_second_tap_changes_nothing(app, table):
    table.add(HAND)
    phone = Phone(app, table)
    phone.open("/hands/1/edit")
    table.add(HAND)
    edited = {**HAND_FORM, "tricks-0": "4", "tricks-1": "4", "tricks-2": "3", "tricks-3": "2"}

    refused = phone.press(f"{phone.url}/hands/1/edit", edited)

    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert errors_in(page) == ["Another phone changed this game while you were editing. "
                               "Nothing was saved: check the scores, then save again."]
    assert table.get()["hands"][0]["entry"]["tricks"]["Ann"] == 5
    phone.page = page
    taps = [phone.press(f"{phone.url}/hands/1/edit", edited) for _ in range(2)]
    assert [tap.status_code for tap in taps] == [303, 303]
    game = table.get()
    assert (game["hands"][0]["entry"]["tricks"]["Ann"], game["version"]) == (4, 3)


def test_the_next_partie_form_starts_one_partie_and_a_stale_one_none(app, client):
    table = create(client, PIQUET_GAME)
    table.add(*PIQUET_DEALS[:5])
    phone = Phone(app, table)
    table.add(PIQUET_DEALS[5])
    phone.open()
    stale = {**phone.form(f"{phone.url}/next"), "version": "5"}
    assert phone.client.post(f"{phone.url}/next", data=stale).headers["Location"] == phone.url

    taps = [phone.press(f"{phone.url}/next") for _ in range(2)]

    assert taps[0].headers["Location"] == taps[1].headers["Location"] != phone.url
    with app.app_context():
        assert db.session.execute(db.select(db.func.count(Game.id))).scalar_one() == 2


def page_form(client, path: str, action: str | None = None) -> dict[str, str]:
    """The hidden fields of the form posting to `action` (default `path`) on the page at `path`."""
    page = client.get(path).get_data(as_text=True)
    found = re.search(rf'<form[^>]*action="{re.escape(action or path)}"[^>]*>(.*?)</form>', page, re.S)
    assert found, f"no form for {action or path}"
    inputs = [dict(re.findall(r'([\w-]+)="([^"]*)"', tag)) for tag in re.findall(r"<input[^>]*>", found.group(1))]
    return {field["name"]: field["value"] for field in inputs if field.get("type") == "hidden"}


NEW_GAME_FORM = {"player_0": "Ann", "player_1": "Ben", "player_2": "Cid", "first_dealer": "0",
                 "target": "500", "bag_limit": "10", "bag_penalty": "100", "variant": "no-peeky"}


def test_the_new_game_form_sent_twice_makes_one_game_that_both_answers_lead_to(app, client):
    data = {**page_form(client, "/new/dummy-spades"), **NEW_GAME_FORM}
    assert len(data["request_key"]) >= 16

    first = client.post("/new/dummy-spades", data=data)
    lost = app.test_client()  # the second tap's answer reaches a browser that never got the first one's cookie
    lost.get("/new/dummy-spades")
    with client.session_transaction() as session:
        cookie_session = dict(session)
    with lost.session_transaction() as session:
        session["csrf_token"] = cookie_session["csrf_token"]
    second = lost.post("/new/dummy-spades", data=data)

    assert (first.status_code, second.status_code) == (303, 303)
    assert second.headers["Location"] == first.headers["Location"]
    assert stored(app, Game) == 1
    assert 'id="hand-form"' in lost.get(second.headers["Location"]).get_data(as_text=True), "it may record hands"


def test_a_new_game_form_sent_again_with_other_names_makes_another_game(app, client):
    data = {**page_form(client, "/new/dummy-spades"), **NEW_GAME_FORM}
    first = client.post("/new/dummy-spades", data=data)
    second = client.post("/new/dummy-spades", data={**data, "player_2": "Dan"})
    assert (first.status_code, second.status_code) == (303, 303)
    assert second.headers["Location"] != first.headers["Location"]
    assert stored(app, Game) == 2


def test_two_sendings_of_one_new_game_form_at_once_make_one_game(app, client):
    data = {**page_form(client, "/new/piquet"),
            "player_0": "Ann", "player_1": "Ben", "first_dealer": "1", "variant": "rubicon", "target": "100"}

    results = race(app, *[lambda c: c.post("/new/piquet", data=data)] * 2, clients=[client, client])

    assert [status for status, _ in results] == [303, 303]
    assert stored(app, Game) == 1


def test_the_import_page_sent_twice_makes_one_game(app, client, table):
    table.add(HAND)
    exported = client.get(f"/g/{table.id}/export.json").get_data()
    data = page_form(client, "/import")

    def send(c):
        return c.post("/import", data={**data, "file": (io.BytesIO(exported), "game.json")},
                      content_type="multipart/form-data")

    answers = [send(client) for _ in range(2)]

    assert [answer.status_code for answer in answers] == [303, 303]
    assert answers[0].headers["Location"] == answers[1].headers["Location"]
    assert stored(app, Game) == 2, "the game and one import of it"
    assert stored(app, Hand) == 2


def test_a_double_tap_on_rematch_makes_one_game(app, table):
    phone = Phone(app, table)
    phone.open()
    assert "request_key" in phone.form(f"{phone.url}/rematch")

    taps = race(app, *[lambda client: phone.press(f"{phone.url}/rematch", client=client)] * 2,
                clients=[phone.client, phone.client])
    again = phone.press(f"{phone.url}/rematch")

    assert [status for status, _ in taps] == [303, 303] and again.status_code == 303
    assert stored(app, Game) == 2, "the game and its one rematch"
    with app.app_context():
        rematch = db.session.execute(db.select(Game).order_by(Game.id.desc())).scalars().first()
    assert again.headers["Location"] == f"/g/{rematch.public_id}"
    phone.open()  # a new page, a new key: a second rematch is another game
    assert phone.press(f"{phone.url}/rematch").status_code == 303
    assert stored(app, Game) == 3


UNVERSIONED = ("This form does not say which version of the game it was made for. "
               "Nothing was changed: check the scores, then try again.")


def test_an_undo_without_the_version_it_was_made_on_removes_nothing(app, table):
    """A hand-made undo (no `version`) could remove a hand another phone has just edited."""
    table.add(HAND, HAND)
    phone = Phone(app, table)
    phone.open("/undo")
    assert table.put(2, {**HAND, "tricks": {"Ann": 4, "dummy": 2, "Ben": 4, "Cid": 3}}).status_code == 200
    fields = phone.form(f"{phone.url}/undo")
    del fields["version"]

    response = phone.client.post(f"{phone.url}/undo", data={**fields, "hand": "2"})

    assert response.status_code == 422
    notice = re.search(r'<div id="entry-notice".*?</div>', response.get_data(as_text=True), re.S).group(0)
    assert re.findall(r"<p>([^<]*)</p>", notice) == ["This form does not say which version of the game it was made for."]
    assert hands(app) == 2
    assert table.get()["version"] == 3


def test_an_edit_without_the_version_it_was_made_on_changes_nothing_and_keeps_what_was_typed(app, table):
    table.add(HAND)
    phone = Phone(app, table)
    phone.open("/hands/1/edit")
    fields = phone.form(f"{phone.url}/hands/1/edit")
    del fields["version"]

    response = phone.client.post(f"{phone.url}/hands/1/edit", data={**fields, **HAND_FORM, "tricks-0": "4",
                                                                     "tricks-2": "4"})

    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert errors_in(page) == [UNVERSIONED]
    assert '<input type="hidden" name="version" value="1">' in page, "the form can be saved again as it is"
    assert table.get()["hands"][0]["entry"]["tricks"] == HAND["tricks"]
