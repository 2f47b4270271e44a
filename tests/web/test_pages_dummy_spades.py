"""The Dummy Hand Spades pages through the Flask test client, CSRF on, real SQLite."""

from __future__ import annotations

import re

import pytest
from flask import render_template_string
from sqlalchemy import event

from scorekeeper.extensions import db
from scorekeeper.games.dummy_spades.forms import DummySpadesHandForm
from scorekeeper.models import Game, Hand

from .forms_client import csrf_token, errors_in, post_form, stored

NEW_GAME = {
    "player_0": "Ann",
    "player_1": "Ben",
    "player_2": "Cid",
    "dummy_after": "2",
    "first_dealer": "0",
    "target": "300",
    "target_other": "",
    "bag_limit": "10",
    "bag_penalty": "100",
    "variant": "flip-2",
}
E1_HAND = {"bids-0-bid": "7", "bids-1-bid": "5", "bids-2-bid": "6", "tricks-0": "5", "tricks-1": "2", "tricks-2": "3", "tricks-3": "3"}


def start(client, **changes) -> str:
    response = post_form(client, "/new/dummy-spades", {**NEW_GAME, **changes})
    assert response.status_code == 303
    return response.headers["Location"]


def test_home_offers_a_new_game_and_lists_this_browsers_games(client):
    assert "New Dummy Hand Spades game" in client.get("/").get_data(as_text=True)
    start(client)
    assert "Ann, Ben, Cid" in client.get("/").get_data(as_text=True)


def test_the_home_page_lists_games_without_reading_their_hands(app, client):
    game_url = start(client)
    assert post_form(client, f"{game_url}/hands", E1_HAND, game_url).status_code == 303
    statements = []

    def record(conn, cursor, statement, *args):
        statements.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        assert "Ann, Ben, Cid" in client.get("/").get_data(as_text=True)
    finally:
        event.remove(engine, "before_cursor_execute", record)
    assert statements, "the games were read"
    assert not [statement for statement in statements if "FROM hand" in statement]


def test_creating_a_game_redirects_to_its_editable_page(client, app):
    game_url = start(client)
    page = client.get(game_url).get_data(as_text=True)
    assert 'id="hand-form"' in page
    assert "Ann deals" in page
    assert re.findall(r'<label for="bids-\d-bid">([^ <]+)', page) == ["Ben", "Cid", "Ann"], "the bidding order"
    assert "Ben leads" in page
    assert "Flip 2: before bidding, each player turns 2 dummy cards face up" in page
    with app.app_context():
        game = db.session.execute(db.select(Game)).scalar_one()
        assert game.settings == {"target": 300, "bag_limit": 10, "bag_penalty": 100, "variant": "flip-2", "style": "standard",
                                 "dummy_after": 2}
        assert game.player_names == ("Ann", "Ben", "Cid")


@pytest.mark.parametrize(
    ("changes", "messages"),
    [
        ({"player_1": "ann"}, ["Two players cannot both be called “ann”."]),
        ({"player_2": ""}, ["Enter a name."]),
        ({"player_0": "x" * 31}, ["A name can have at most 30 characters."]),
        ({"target": "other", "target_other": "lots"}, ["The target is a whole number from 1 to 10000."]),
        ({"bag_limit": "-1"}, ["The bag limit is a whole number from 0 to 100."]),
    ],
)
def test_bad_new_game_input_is_shown_beside_the_field_and_nothing_is_saved(client, app, changes, messages):
    response = post_form(client, "/new/dummy-spades", {**NEW_GAME, **changes})
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True)) == messages
    assert stored(app, Game) == 0


def test_recording_a_hand_shows_scores_and_the_explanation(client):
    game_url = start(client)
    response = post_form(client, game_url + "/hands", {**E1_HAND, "bids-1-nil": "dummy"}, game_url)
    assert response.status_code == 303
    page = client.get(game_url).get_data(as_text=True)
    assert re.findall(r'<td class="num score">(−?\d+)</td>', page) == ["71", "50", "−60"]
    assert "Ben&#39;s nil on the dummy is void" not in page, "explanations come when a hand is opened"
    assert f'<a href="{game_url}/hands/1">How hand 1 was scored</a>' in page
    assert f'hx-get="{game_url}/hands/1"' in page
    explanation = client.get(game_url + "/hands/1")
    assert "<h1>Hand 1</h1>" in explanation.text
    assert "Ben&#39;s nil on the dummy is void: Ben is a defender." in explanation.text
    fragment = client.get(game_url + "/hands/1", headers={"HX-Request": "true"}).text
    assert "Ben&#39;s nil on the dummy is void: Ben is a defender." in fragment
    assert "<h1>" not in fragment
    assert client.get(game_url + "/hands/2").status_code == 404


def test_one_blank_trick_count_is_filled_in_to_make_13(client):
    game_url = start(client)
    post_form(client, game_url + "/hands", {**E1_HAND, "tricks-3": ""}, game_url)
    page = client.get(game_url).get_data(as_text=True)
    assert re.findall(r'<td class="num score">(−?\d+)</td>', page) == ["71", "50", "−60"]


def test_bad_hand_input_is_shown_beside_the_field_and_nothing_is_saved(client, app):
    game_url = start(client)
    bad = {**E1_HAND, "bids-0-bid": "seven", "tricks-3": "2"}
    response = post_form(client, game_url + "/hands", bad, game_url)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert errors_in(page) == [
        "A bid is a whole number from 0 to 13.",
        "The four hands took 12 tricks; they must take exactly 13.",
    ]
    # The total is about the four counts together: it is said under them, and their fieldset names it.
    tricks = re.search(r'<fieldset class="tricks has-error".*?</fieldset>', page, re.S).group(0)
    assert 'aria-describedby="tricks-error"' in tricks
    assert '<p class="error" id="tricks-error">The four hands took 12 tricks; they must take exactly 13.</p>' in tricks
    assert stored(app, Hand) == 0


def test_blank_fields_say_fill_this_in(client, app):
    game_url = start(client)
    response = post_form(client, game_url + "/hands", {**E1_HAND, "bids-1-bid": "", "tricks-1": "14", "tricks-2": "",
                                                       "tricks-3": ""}, game_url)
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True)) == [
        "Fill this in.", "Tricks are a whole number from 0 to 13.", "Fill this in.", "Fill this in."]
    assert stored(app, Hand) == 0


def test_each_error_of_a_field_has_its_own_id_and_the_input_names_them_all(app):
    with app.test_request_context():
        form = DummySpadesHandForm(["Ann", "Ben", "Cid"], formdata=None)
        bid = form.bids[0].form.bid
        bid.errors = ["A bid is a whole number from 0 to 13.", "Ann cannot bid twice."]
        html = render_template_string(
            '{% from "_macros.html" import field_errors %}{{ field(**invalid(field)) }}{{ field_errors(field) }}', field=bid)
    assert html == (
        '<input aria-describedby="bids-0-bid-error bids-0-bid-error-2" aria-invalid="true" id="bids-0-bid"'
        ' name="bids-0-bid" type="text" value="">\n'
        '  <p class="error" id="bids-0-bid-error">A bid is a whole number from 0 to 13.</p>'
        '<p class="error" id="bids-0-bid-error-2">Ann cannot bid twice.</p>'
    )


def test_an_htmx_post_gets_the_board_fragment(client):
    game_url = start(client)
    response = post_form(client, game_url + "/hands", E1_HAND, game_url, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="board"') and "<html" not in html
    assert 'id="hand-1"' in html
    assert "HX-Request" in response.headers["Vary"]


def test_an_invalid_htmx_post_gets_the_board_with_errors_and_422(client):
    game_url = start(client)
    response = post_form(client, game_url + "/hands", {**E1_HAND, "bids-0-bid": "14"}, game_url, headers={"HX-Request": "true"})
    assert response.status_code == 422
    assert "A bid is a whole number from 0 to 13." in response.get_data(as_text=True)


def test_edit_and_undo(client, app):
    game_url = start(client)
    post_form(client, game_url + "/hands", E1_HAND, game_url)
    post_form(client, game_url + "/hands", E1_HAND, game_url)
    edit = game_url + "/hands/1/edit"
    assert 'value="7"' in client.get(edit).get_data(as_text=True)
    response = post_form(client, edit, {**E1_HAND, "tricks-0": "3", "tricks-1": "3", "tricks-2": "4"})
    assert response.status_code == 303
    page = client.get(game_url).get_data(as_text=True)
    assert re.findall(r'<td class="num score">(−?\d+)</td>', page) == [str(-70 + 71), str(52 + 50), str(61 - 60)]
    assert post_form(client, game_url + "/undo", {"hand": "2", "version": "3"}, game_url).status_code == 303
    assert stored(app, Hand) == 1
    assert client.get(game_url + "/hands/9/edit").status_code == 404


def test_the_plain_link_is_read_only_and_the_edit_link_shares_access(app, client):
    game_url = start(client)
    viewer = app.test_client()
    page = viewer.get(game_url).get_data(as_text=True)
    assert 'id="hand-form"' not in page and "/undo\"" not in page and ">Undo hand" not in page and "<summary>Share edit access</summary>" not in page
    assert "Read-only: this phone follows the game as it is scored." in page
    assert "X-CSRFToken" not in page, "a viewer's page is the same for every viewer"
    response = viewer.post(game_url + "/hands", data={**E1_HAND, "csrf_token": csrf_token(viewer, "/")})
    assert response.status_code == 403
    assert stored(app, Hand) == 0
    assert viewer.get(game_url + "/join/not-the-token").status_code == 404
    join_link = re.search(r'href="(/g/[^"]+/join/[^"]+)"', client.get(game_url).get_data(as_text=True)).group(1)
    assert viewer.get(join_link).status_code == 303
    assert 'id="hand-form"' in viewer.get(game_url).get_data(as_text=True)


def test_a_form_without_its_csrf_token_is_refused(client, app):
    game_url = start(client)
    response = client.post(game_url + "/hands", data=E1_HAND)
    assert response.status_code == 400
    assert "The form had expired" in response.get_data(as_text=True)
    assert stored(app, Hand) == 0


def test_unknown_pages_are_404(client):
    assert client.get("/g/nope").status_code == 404
    assert client.get("/new/chess").status_code == 404


def test_other_target_counts_only_with_the_other_chip(client, app):
    """The page hides "Other target" unless "Other" is chosen: a number left there does not count."""
    start(client, target="300", target_other=" 450 ")
    start(client, target="other", target_other=" 450 ")
    with app.app_context():
        assert [game.settings["target"] for game in db.session.execute(db.select(Game).order_by(Game.id)).scalars()] \
            == [300, 450]


@pytest.mark.parametrize("typed", ["lots", "", "  "])
def test_a_bad_other_target_is_refused_beside_that_field(client, app, typed):
    """"Other" with no number is not the usual target: the player chose another one and did not say which."""
    response = post_form(client, "/new/dummy-spades", {**NEW_GAME, "target": "other", "target_other": typed})
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True)) == ["The target is a whole number from 1 to 10000."]
    with app.app_context():
        assert db.session.execute(db.select(Game)).first() is None, "nothing saved"
    assert post_form(client, "/new/dummy-spades", {**NEW_GAME, "target": "500", "target_other": "lots"}).status_code \
        == 303


def test_the_history_of_a_spades_game_names_its_hands(client):
    page = client.get(start(client)).get_data(as_text=True)
    assert '<section class="history" aria-label="Hands">' in page
    assert "<h2>Hands</h2>" in page
    assert "No hands yet." in page and "No deals yet." not in page


NILS = {"bids-1-nil": "Cid", "bids-2-nil": "dummy"}


def test_the_bids_typed_say_what_they_decide_out_of_band_and_save_nothing(client, app):
    game_url = start(client)
    bids = {"bids-0-bid": "7", "bids-1-bid": "5", "bids-2-bid": "6", **NILS}
    response = post_form(client, game_url + "/hands/bidding", bids, game_url, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert '<div id="bidding-preview" class="bidding-preview" aria-live="polite" data-heading="What these bids decide:" hx-swap-oob="true">' in html
    assert "<li><b>Ann and the dummy against Ben &amp; Cid</b></li>" in html
    assert '<li class="nil applies">Ben&#39;s nil on Cid&#39;s hand applies: both defend. Cid must take no tricks.</li>' in html
    assert '<li class="nil void">Cid&#39;s nil on the dummy is void: Cid is a defender.</li>' in html
    assert stored(app, Hand) == 0
    # Until the three bids are there (or while one breaks the rules), it says nothing.
    for partial in ({"bids-0-bid": "7", "bids-1-bid": "5"}, {**bids, "bids-2-bid": "14"}):
        response = post_form(client, game_url + "/hands/bidding", partial, game_url)
        assert re.sub(r"\s+", " ", response.get_data(as_text=True)).strip() == (
            '<div id="bidding-preview" class="bidding-preview" aria-live="polite" data-heading="What these bids decide:" hx-swap-oob="true"></div>')


def test_the_bids_of_a_hand_being_edited_are_decided_for_that_hand(client, app):
    game_url = start(client)
    post_form(client, game_url + "/hands", E1_HAND, game_url)
    # Ann and Ben tie at 7: in hand 1 Ben bids first (Ann deals) and declares, in hand 2 Ann bids before Ben.
    tied = {"bids-0-bid": "7", "bids-1-bid": "7", "bids-2-bid": "5"}
    assert "<b>Ben and the dummy against" in post_form(
        client, game_url + "/hands/bidding?number=1", tied, game_url).get_data(as_text=True)
    assert "<b>Ann and the dummy against" in post_form(
        client, game_url + "/hands/bidding", tied, game_url).get_data(as_text=True)
    assert post_form(client, game_url + "/hands/bidding?number=5", tied, game_url).status_code == 404
    assert 'id="bidding-preview"' in client.get(game_url + "/hands/1/edit").get_data(as_text=True)


def test_only_an_editor_asks_what_the_bids_decide(app, client):
    game_url = start(client)
    viewer = app.test_client()
    response = viewer.post(game_url + "/hands/bidding", data={"bids-0-bid": "7", "csrf_token": csrf_token(viewer, "/")})
    assert response.status_code == 403
