"""Numbers no table plays, sent by a careless client: a field's 422 (or the 409 that says which hand is next),
never a 400 for the whole body or a 500 while the message is written."""

from __future__ import annotations

import pytest

from scorekeeper.web.i18n import _written

from .api_client import create

HAND = {"bids": {"Ann": 3, "Ben": 4, "Cid": 4}, "tricks": {"Ann": 3, "Ben": 4, "Cid": 4}}
GAME = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}


@pytest.mark.parametrize("digits", [26, 4300, 5000])
def test_a_huge_hand_number_is_the_fields_422_and_nothing_is_saved(client, digits):
    table = create(client, GAME)
    body = '{"number": %s, "bids": {"Ann": 3, "Ben": 4, "Cid": 4}}' % ("9" * digits)
    response = client.post(f"{table.path}/hands", data=body, content_type="application/json",
                           headers=table.headers)
    assert response.status_code == 422
    assert response.get_json() == {"errors": [
        {"field": "number", "message": "A hand number is a whole number from 1 up."}]}
    assert client.get(table.path).get_json()["hands"] == []


def test_a_hand_number_far_ahead_is_the_409_naming_it(client):
    table = create(client, GAME)
    response = client.post(f"{table.path}/hands", json={**HAND, "number": 10**19}, headers=table.headers)
    assert response.status_code == 409
    assert response.get_json()["errors"][0]["message"] == (
        "Hand 10,000,000,000,000,000,000 cannot be recorded yet: the next hand is hand 1.")


@pytest.mark.parametrize(("language", "written"), [
    ("en", "10,000,000,000,000,000,000,000,000"),
    ("de", "10.000.000.000.000.000.000.000.000"),
])
def test_a_26_digit_number_is_written_in_a_message(language, written):
    assert _written(10**25, language) == written
    assert _written(-(10**25), language) == "\u2212" + written
