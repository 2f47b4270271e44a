"""Undo that asks first, redo, a rematch and deleting a game, through the pages (CSRF on, real database)."""

from __future__ import annotations

import re

from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand, IdempotencyKey, Render, Seat

from .forms_client import post_form, stored
from .test_pages_dummy_spades import E1_HAND, start

E2_HAND = {"bids-0-bid": "9", "bids-1-bid": "4", "bids-2-bid": "4", "tricks-0": "5", "tricks-1": "2", "tricks-2": "2", "tricks-3": "4"}


def scores(page: str) -> list[tuple[str, str]]:
    return re.findall(r'<th scope="row" class="name">([^<\s]+).*?<td class="num score">(−?\d+)</td>', page, re.S)


def test_undo_asks_on_a_page_of_its_own_naming_the_hand(client):
    game_url = start(client)
    post_form(client, game_url + "/hands", E1_HAND, game_url)
    page = client.get(game_url).get_data(as_text=True)
    assert (f'<a class="button undo" href="{game_url}/undo"\n         data-undo-action="{game_url}/undo"\n'
            f'         data-undo-label="Undo hand {{number}}"><span aria-hidden="true">↶</span> Undo hand 1</a>') in page

    confirm = client.get(game_url + "/undo")
    html = confirm.get_data(as_text=True)
    assert confirm.status_code == 200
    assert "<h1>Undo hand 1?</h1>" in html
    assert '<input type="hidden" name="hand" value="1">' in html
    assert "Yes, undo hand 1" in html
    assert scores(client.get(game_url).get_data(as_text=True)) == [("Ann", "71"), ("Ben", "50"), ("Cid", "−60")]


def test_confirming_the_undo_of_a_hand_no_longer_last_removes_nothing(client, app):
    game_url = start(client)
    post_form(client, game_url + "/hands", E1_HAND, game_url)
    confirm = client.get(game_url + "/undo").get_data(as_text=True)
    hidden = dict(re.findall(r'<input type="hidden" name="(hand|version|request_key)" value="([^"]*)">', confirm))
    assert hidden["hand"] == "1" and hidden["version"] == "1" and len(hidden["request_key"]) > 16
    # The page asked about hand 1; another phone recorded hand 2 before the answer came.
    post_form(client, game_url + "/hands", E2_HAND, game_url)
    assert post_form(client, game_url + "/undo", hidden, game_url + "/undo").status_code == 422
    with app.app_context():
        assert [hand.number for hand in db.session.execute(db.select(Game)).scalar_one().hands] == [1, 2]
    assert "Redo hand" not in client.get(game_url).get_data(as_text=True)


def test_an_undone_hand_can_be_redone_until_another_is_recorded(client, app):
    game_url = start(client)
    post_form(client, game_url + "/hands", E1_HAND, game_url)
    post_form(client, game_url + "/undo", {"hand": "1"}, game_url + "/undo")
    page = client.get(game_url).get_data(as_text=True)
    assert scores(page) == [("Ann", "0"), ("Ben", "0"), ("Cid", "0")]
    assert "Redo hand 1</button>" in page

    assert post_form(client, game_url + "/redo", {}, game_url).status_code == 303
    page = client.get(game_url).get_data(as_text=True)
    assert scores(page) == [("Ann", "71"), ("Ben", "50"), ("Cid", "−60")]
    assert "Redo hand" not in page

    post_form(client, game_url + "/undo", {"hand": "1"}, game_url + "/undo")
    post_form(client, game_url + "/hands", E2_HAND, game_url)
    page = client.get(game_url).get_data(as_text=True)
    assert "Redo hand" not in page, "recording another hand ends the chance to redo"
    post_form(client, game_url + "/redo", {}, game_url)
    with app.app_context():
        assert len(db.session.execute(db.select(Game)).scalar_one().hands) == 1


def test_no_undo_is_offered_for_a_hand_kept_after_the_end(client):
    game_url = start(client, target="other", target_other="100")
    post_form(client, game_url + "/hands", E1_HAND, game_url)
    ann_set = {"bids-0-bid": "9", "bids-1-bid": "2", "bids-2-bid": "2", "tricks-0": "3", "tricks-1": "4", "tricks-2": "3", "tricks-3": "3"}
    post_form(client, game_url + "/hands", ann_set, game_url)
    # Hand 1 becomes one that ends the game at once: hand 2 is kept but not shown, and not offered for undo.
    ann_wins = {"bids-0-bid": "10", "bids-1-bid": "1", "bids-2-bid": "1", "tricks-0": "6", "tricks-1": "1", "tricks-2": "2", "tricks-3": "4"}
    assert post_form(client, game_url + "/hands/1/edit", ann_wins).status_code == 303
    page = client.get(game_url).get_data(as_text=True)
    assert "Hands recorded after the game ended are kept but not scored: 2." in page
    assert "<a class=\"button undo\"" not in page  # the words for the phone offline are there, no link
    assert client.get(game_url + "/undo").status_code == 303


def test_a_rematch_has_the_same_players_and_settings_and_the_next_dealer(client, app):
    game_url = start(client)
    response = post_form(client, game_url + "/rematch", {}, game_url)
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Ben deals" in page
    assert 'id="hand-form"' in page, "the phone that asked for the rematch can record in it"
    with app.app_context():
        first, rematch = db.session.execute(db.select(Game).order_by(Game.id)).scalars()
        assert rematch.player_names == first.player_names
        assert rematch.settings == first.settings  # the dummy's seat among them
        assert rematch.first_dealer == "Ben"


def test_deleting_a_game_asks_first_needs_edit_rights_and_leaves_the_statistics(client, app):
    game_url = start(client)
    post_form(client, game_url + "/hands", E1_HAND, game_url)
    confirm = client.get(game_url + "/delete").get_data(as_text=True)
    assert "<h1>Delete this game?</h1>" in confirm
    assert "Ann, Ben, Cid: the game, its scores and every hand are deleted for good" in confirm

    other_phone = app.test_client()
    assert other_phone.get(game_url + "/delete").status_code == 403

    post_form(client, game_url + "/hands", {**E2_HAND, "request_key": "k" * 22}, game_url)
    assert stored(app, IdempotencyKey) == 1, "the hand's form was remembered"
    client.get(game_url)
    assert stored(app, Render) == 2, "its renders were kept"
    response = post_form(client, game_url + "/delete", {}, game_url + "/delete")
    assert response.status_code == 303
    assert client.get(game_url).status_code == 404
    assert (stored(app, Game), stored(app, Hand), stored(app, Seat), stored(app, IdempotencyKey)) == (0, 0, 0, 0)
    assert stored(app, Render) == 0
    assert client.get("/players/Ann").status_code == 404, "Ann played no other game: the statistics know her no more"


def test_the_board_warns_one_bag_short_of_the_limit(client):
    game_url = start(client)
    assert "bag-warning" not in client.get(game_url).get_data(as_text=True)
    # Ann declares 4 and her side takes all 13 tricks: 9 bags, one short of the limit of 10.
    nine_bags = {"bids-0-bid": "4", "bids-1-bid": "1", "bids-2-bid": "1", "tricks-0": "7", "tricks-1": "0", "tricks-2": "0", "tricks-3": "6"}
    post_form(client, game_url + "/hands", nine_bags, game_url)
    page = client.get(game_url).get_data(as_text=True)
    assert re.findall(r'<p class="bag-warning">([^<]*)</p>', page) == ["Ann has 9 bags: one more costs 100"]


def test_a_piquet_rematch_passes_the_deal_and_keeps_the_variant(client, app):
    response = post_form(client, "/new/piquet", {"player_0": "Ann", "player_1": "Ben", "first_dealer": "1", "variant": "rubicon", "target": "100"})
    game_url = response.headers["Location"]
    response = post_form(client, game_url + "/rematch", {}, game_url)
    assert response.status_code == 303
    with app.app_context():
        first, rematch = db.session.execute(db.select(Game).order_by(Game.id)).scalars()
        assert (first.first_dealer, rematch.first_dealer) == ("Ben", "Ann")
        assert rematch.settings == first.settings
        assert rematch.kind == "piquet"
