"""A new game started offline: the blank game page the phone fills in, and the creation sent later, once."""

from __future__ import annotations

import pytest

from scorekeeper.models import Game

from .forms_client import post_form, stored
from .test_edit_rights import NEW_GAME

PHONE_KEY = "0f8e2a64-51c3-4d7b-9a10-6c2f3b8d4e75"  # crypto.randomUUID(), made on the phone


@pytest.mark.parametrize(("kind", "players"), [("dummy-spades", 3), ("spades", 4), ("piquet", 2)])
def test_the_blank_game_page_has_placeholder_players_and_a_form_for_the_first_hand(app, client, kind, players):
    response = client.get(f"/new/{kind}/blank")

    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for number in range(1, players + 1):
        assert f"Player {number}" in page
    assert f"Player {players + 1}" not in page
    assert f'action="/g/new-{kind}-game/hands"' in page
    assert '<input type="hidden" name="hand" value="1">' in page
    assert '<input type="hidden" name="version" value="0">' in page
    assert 'id="share-title"' not in page, "a game not saved has no link to share"
    assert "/rematch" not in page
    assert stored(app, Game) == 0
    assert not [cookie for cookie in response.headers.getlist("Set-Cookie") if "expires" in cookie.lower()]


def test_each_kind_has_its_own_blank_page(client):
    """Under stand-in ids of their own: parts of a page are kept by game id, and one kind's must not show in another's."""
    assert "No hands yet." in client.get("/new/spades/blank").get_data(as_text=True)
    piquet = client.get("/new/piquet/blank").get_data(as_text=True)
    assert "No deals yet." in piquet
    assert "No hands yet." not in piquet


def test_a_blank_page_for_no_game_is_not_found(client):
    assert client.get("/new/bridge/blank").status_code == 404


def test_a_dummy_hand_blank_page_has_its_styles_form_under_an_id_of_its_own(client):
    standard = client.get("/new/dummy-spades/blank").get_data(as_text=True)
    suicide = client.get("/new/dummy-spades/blank?style=suicide").get_data(as_text=True)
    mirror = client.get("/new/dummy-spades/blank?style=mirror").get_data(as_text=True)

    assert 'name="bids-0-nil"' in standard and 'name="bids-0-side"' not in standard
    assert 'name="bids-0-side"' in suicide and 'action="/g/new-dummy-spades-suicide-game/hands"' in suicide
    assert 'name="bids-0-nil"' not in mirror and 'name="bids-0-side"' not in mirror
    assert 'action="/g/new-dummy-spades-mirror-game/hands"' in mirror
    for other in ("/new/dummy-spades/blank?style=chaos", "/new/spades/blank?style=suicide"):
        assert client.get(other).status_code == 404


def test_a_creation_sent_again_with_the_phones_key_makes_one_game(app, client):
    first = post_form(client, "/new/dummy-spades", NEW_GAME, headers={"Idempotency-Key": PHONE_KEY})
    again = post_form(client, "/new/dummy-spades", NEW_GAME, headers={"Idempotency-Key": PHONE_KEY})

    assert first.status_code == again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    assert stored(app, Game) == 1


def test_a_creation_whose_answer_was_lost_gives_the_game_and_its_edit_rights_when_sent_again(app):
    # The answer (and its cookie) never reached the phone, then the browser was closed: a new CSRF token.
    lost, retried = app.test_client(), app.test_client()
    first = post_form(lost, "/new/dummy-spades", NEW_GAME, headers={"Idempotency-Key": PHONE_KEY})
    again = post_form(retried, "/new/dummy-spades", NEW_GAME, headers={"Idempotency-Key": PHONE_KEY})

    assert again.headers["Location"] == first.headers["Location"]
    assert stored(app, Game) == 1
    assert 'id="hand-form"' in retried.get(again.headers["Location"]).get_data(as_text=True), "it may edit the game"
    assert 'id="hand-form"' not in app.test_client().get(again.headers["Location"]).get_data(as_text=True)
