"""The Piquet pages through the Flask test client, CSRF on, real SQLite."""

from __future__ import annotations

import re

import pytest

from scorekeeper.models import Game, Hand

from .forms_client import csrf_token, errors_in, post_form, stored

P3_ELDER = "7H AD 9S AH 8S AS 7C TH JH 7D 9C TC".split()
P3_YOUNGER = "KC QS QD QH KD QC KH KS 9D JC 8C 8H".split()
NEW_GAME = {"player_0": "Ann", "player_1": "Ben", "first_dealer": "1", "variant": "rubicon", "target": "100"}
ELDER_RUN = {f"tricks-{i}": "elder" if i < 7 else "younger" for i in range(12)}
POINT_ONLY = {"elder-point-cards": "5", "elder-point-value": "48", "play": "tricks", **ELDER_RUN}


def start(client, **changes) -> str:
    response = post_form(client, "/new/piquet", {**NEW_GAME, **changes})
    assert response.status_code == 303
    return response.headers["Location"]


def scores(html: str) -> list[str]:
    return re.findall(r'<td class="num score">(-?\d+)</td>', html)


def test_a_new_partie_shows_deal_1_of_6_and_the_roles(client):
    page = client.get(start(client)).get_data(as_text=True)
    assert "Deal 1 of 6" in page
    assert "Ben deals" in page
    assert "Elder: Ann (leads, exchanges up to 5)" in page
    assert "Younger: Ben (the dealer)" in page
    assert 'id="deal-form"' in page


@pytest.mark.parametrize(
    ("changes", "messages"),
    [
        ({"player_1": "ANN"}, ["Two players cannot both be called “ANN”."]),
        ({"variant": "saunt", "target": "lots"}, ["The target is a whole number from 1 to 1000."]),
    ],
)
def test_bad_new_game_input_is_shown_beside_the_field(client, app, changes, messages):
    response = post_form(client, "/new/piquet", {**NEW_GAME, **changes})
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True)) == messages
    assert stored(app, Game) == 0


def test_saving_a_deal_scores_it_with_a_breakdown(client):
    game_url = start(client)
    response = post_form(client, game_url + "/hands", POINT_ONLY, game_url)
    assert response.status_code == 303
    page = client.get(game_url).get_data(as_text=True)
    assert scores(page) == ["23", "6"]
    assert "Elder&#39;s point of 5 (48) is good (younger declared none): elder scores 5." in page
    assert "Elder wins 7 tricks: cards, +10." in page
    assert "Deal 2 of 6" in page


@pytest.mark.parametrize(
    ("fields", "field_id", "message"),
    [
        ({"elder-point-cards": "6", "elder-point-value": "53"}, "elder-point-value", "6 cards of one suit are worth 54 to 60."),
        ({"elder-sequences-0-length": "4", "elder-sequences-0-top": "9"}, "elder-sequences-0-top", "A quart tops at the 10 or higher."),
        ({"elder-sets-K": "3", "younger-sets-K": "3"}, "younger-sets-K", "Both players cannot hold a set of kings."),
    ],
)
def test_impossible_declarations_are_refused_and_nothing_is_saved(client, app, fields, field_id, message):
    game_url = start(client)
    response = post_form(client, game_url + "/hands", {"play": "tricks", **ELDER_RUN, **fields}, game_url)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in errors_in(html)
    assert re.search(rf'<(input|select) aria-describedby="{field_id}-error" aria-invalid="true"[^>]* id="{field_id}"', html)
    assert f'<p class="error" id="{field_id}-error">{message}</p>' in html
    assert stored(app, Hand) == 0


def test_eleven_trick_winners_are_refused_in_a_rubicon_partie(client, app):
    game_url = start(client)
    eleven = {**POINT_ONLY}
    del eleven["tricks-11"]
    response = post_form(client, game_url + "/hands", eleven, game_url)
    assert response.status_code == 422
    assert "Enter exactly 12 trick winners." in response.get_data(as_text=True)
    assert stored(app, Hand) == 0


def test_the_live_verdicts_come_back_out_of_band(client):
    game_url = start(client)
    response = post_form(
        client, game_url + "/deals/verdicts",
        {**POINT_ONLY, "younger-point-cards": "5", "younger-point-value": "45"}, game_url,
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert '<p id="verdict-point" class="verdict" aria-live="polite" hx-swap-oob="true">' in html
    assert "Ann is good" in html
    assert "Elder&#39;s point of 5 (48) beats younger&#39;s point of 5 (45): elder scores 5." in html
    assert "Trick points after trick 12: Ann 8, Ben 6" in html


def test_show_who_is_good_works_without_javascript_and_saves_nothing(client, app):
    game_url = start(client)
    response = post_form(client, game_url + "/deals/preview", POINT_ONLY, game_url)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "Ann is good" in html and 'value="48"' in html
    assert stored(app, Hand) == 0


def test_check_with_cards_fills_the_declarations(client):
    game_url = start(client)
    response = post_form(
        client, game_url + "/deals/fill", {"cards_elder": P3_ELDER, "cards_younger": P3_YOUNGER}, game_url
    )
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert re.search(r'<select aria-label="Ben · Kings" id="younger-sets-K" name="younger-sets-K"><option value="">–</option>'
                     r'<option value="3">trio</option><option selected value="4">quatorze</option>', html)
    assert 'id="younger-point-value" inputmode="numeric" max="88" min="0" name="younger-point-value" type="number" value="38"' in html
    assert "Younger reaches 31 before elder scores: repique, +60." in html


def test_check_with_overlapping_cards_says_which_card(client):
    game_url = start(client)
    younger = ["7H", *P3_YOUNGER[1:]]
    response = post_form(client, game_url + "/deals/fill", {"cards_elder": P3_ELDER, "cards_younger": younger}, game_url)
    assert response.status_code == 422
    assert "The two hands share the 7 of hearts." in errors_in(response.get_data(as_text=True))


def test_announced_totals_ask_for_pique_only_when_it_is_possible(client, app):
    game_url = start(client)
    deal = {
        "elder-point-cards": "6", "elder-point-value": "60",
        "elder-sequences-0-length": "6", "elder-sequences-0-top": "A", "elder-sets-A": "3",
        "play": "totals", "total_elder-won": "7", "total_elder-points": "8",
        "total_younger-won": "5", "total_younger-points": "6",
    }
    response = post_form(client, game_url + "/hands", deal, game_url)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Pique is possible: did Ann reach 30 before Ben scored anything?" in html
    assert "Pique is possible here: say whether elder piqued." in errors_in(html)
    assert stored(app, Hand) == 0
    assert post_form(client, game_url + "/hands", {**deal, "pique": "yes"}, game_url).status_code == 303
    # 6 + 16 + 3 = 25 in combinations, 8 trick points, cards 10, pique 30.
    assert scores(client.get(game_url).get_data(as_text=True)) == ["73", "6"]


def test_editing_a_deal_rescores_the_partie(client):
    game_url = start(client)
    post_form(client, game_url + "/hands", POINT_ONLY, game_url)
    edit = game_url + "/hands/1/edit"
    assert 'value="48"' in client.get(edit).get_data(as_text=True)
    response = post_form(client, edit, {**POINT_ONLY, "elder-point-value": "49"})
    assert response.status_code == 303
    response = post_form(client, edit, {**POINT_ONLY, "elder-point-cards": "6"})
    assert response.status_code == 422
    assert "6 cards of one suit are worth 54 to 60." in errors_in(response.get_data(as_text=True))


def test_next_partie_waits_for_the_end_of_this_one(client, app):
    game_url = start(client)
    assert post_form(client, game_url + "/next", {}, game_url).headers["Location"] == game_url
    assert stored(app, Game) == 1


def test_viewers_cannot_use_the_deal_helpers(client, app):
    game_url = start(client)
    viewer = app.test_client()
    token = csrf_token(viewer, game_url)
    assert 'id="deal-form"' not in viewer.get(game_url).get_data(as_text=True)
    for path in ("/deals/verdicts", "/deals/preview", "/deals/fill", "/next", "/hands"):
        assert viewer.post(game_url + path, data={**POINT_ONLY, "csrf_token": token}).status_code == 403


def test_the_checker_page(client):
    assert "Piquet declaration checker" in client.get("/piquet/check").get_data(as_text=True)
    response = post_form(client, "/piquet/check", {"elder": P3_ELDER, "younger": P3_YOUNGER})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "Younger&#39;s quatorze of kings beats elder&#39;s trio of aces: younger scores 14 + 14." in html
    response = post_form(client, "/piquet/check", {"elder": P3_ELDER[:11], "younger": P3_YOUNGER})
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True)) == ["Enter exactly 12 cards."]
