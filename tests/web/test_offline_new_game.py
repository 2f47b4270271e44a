"""A new game started offline: the creation, kept on the phone with a key of its own, makes one game however often it is sent."""

from __future__ import annotations

from scorekeeper.models import Game

from .forms_client import post_form, stored
from .test_edit_rights import NEW_GAME

PHONE_KEY = "0f8e2a64-51c3-4d7b-9a10-6c2f3b8d4e75"  # crypto.randomUUID(), made on the phone


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
