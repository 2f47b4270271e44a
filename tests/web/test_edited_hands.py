"""The history marks a hand changed after it was first recorded: "edited" under its number, on every phone."""

from __future__ import annotations

import re

from scorekeeper.extensions import db
from scorekeeper.models import Hand

from .api_client import Table, create

GAME = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}
BIDS = {"bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5, "nil": ["Cid"]},
                 {"player": "Cid", "bid": 6, "nil": ["Cid", "dummy"]}]}
HAND = {**BIDS, "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3}}
CHANGED = {**BIDS, "tricks": {"Ann": 4, "dummy": 3, "Ben": 3, "Cid": 3}}
EDITED = '<small class="edited">edited</small>'


def marked(client, table) -> list[int]:
    """The hands the game page's history marks as edited, as a reader sees it."""
    page = client.get(f"/g/{table.id}").get_data(as_text=True)
    return sorted(int(number) for number in re.findall(rf'<span class="hand-no">(\d+) {EDITED}</span>', page))


def edited_at(app, number: int):
    with app.app_context():
        return db.session.scalars(db.select(Hand.edited_at).where(Hand.number == number)).one()


def test_a_hand_changed_after_it_was_recorded_is_marked_edited(client, app):
    table = create(client, GAME)
    table.add(HAND, HAND, HAND)
    assert marked(client, table) == []
    assert table.put(2, CHANGED).status_code == 200
    assert marked(client, table) == [2]
    assert edited_at(app, 2) is not None and edited_at(app, 1) is None
    # Undoing the edited hand's successor and recording it again leaves the marks as they were.
    assert table.delete(3).status_code == 204
    table.add(HAND)
    assert marked(client, table) == [2]


def test_a_replacement_that_changes_nothing_is_not_an_edit(client, app):
    table = create(client, GAME)
    table.add(HAND)
    assert table.put(1, HAND).status_code == 200
    assert marked(client, table) == []
    assert edited_at(app, 1) is None


def test_completing_a_hand_recorded_in_two_steps_is_not_an_edit(client, app):
    table = create(client, GAME)
    table.add(BIDS)
    assert table.put(1, HAND).status_code == 200
    assert marked(client, table) == []
    # Changed once complete, it is.
    assert table.put(1, CHANGED).status_code == 200
    assert marked(client, table) == [1]


def test_an_exported_game_imports_as_recorded_unedited(client):
    table = create(client, GAME)
    table.add(HAND, HAND)
    table.put(1, CHANGED)
    exported = table.get()
    response = client.post("/api/v1/games/import", json=exported)
    assert response.status_code == 201, response.get_json()
    imported = Table(client, response.get_json())
    assert marked(client, imported) == [], "an imported game's history starts with its hands as they are"
