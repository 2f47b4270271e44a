"""The Piquet pages through the Flask test client, CSRF on, real SQLite."""

from __future__ import annotations

import re

import pytest

from scorekeeper.extensions import db
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


def test_a_point_answered_not_good_is_recorded_as_none_and_its_value_is_not_read(client, app):
    """Without JavaScript: "Not good" beside a value typed before it still says the point was not announced."""
    game_url = start(client)
    deal = {**POINT_ONLY, "younger-point-cards": "no", "younger-point-value": "45"}
    assert post_form(client, game_url + "/hands", deal, game_url).status_code == 303
    with app.app_context():
        entry = db.session.scalars(db.select(Hand)).one().entry
    assert entry["point"] == {"elder": {"cards": 5, "value": 48}, "younger": None}
    assert scores(client.get(game_url).get_data(as_text=True)) == ["23", "6"]


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
    explained = client.get(game_url + "/hands/1").text  # how the deal was scored
    assert "Ann&#39;s point of 5 (48) is good (Ben declared none): Ann scores 5." in explained
    assert "Ann wins 7 tricks: cards, +10." in explained
    assert "Deal 2 of 6" in page


MARKED_INVALID = r'<(input|select) aria-describedby="{id}-error" aria-invalid="true"[^>]* id="{id}"'
# A row of chips (a sequence's top card, a set's size) is described by its error as a whole.
MARKED_GROUP = r'<fieldset class="chips segments has-error" aria-describedby="{id}-error">'


@pytest.mark.parametrize(
    ("fields", "field_id", "marked", "message"),
    [
        ({"elder-point-cards": "6", "elder-point-value": "53"}, "elder-point-value", MARKED_INVALID,
         "6 cards of one suit are worth 54 to 60."),
        ({"elder-sequences-0-length": "4", "elder-sequences-0-top": "9"}, "elder-sequences-0-top", MARKED_GROUP,
         "A quart tops at the 10 or higher."),
        # Under the table of both players' sets, a message names whose set it is.
        ({"elder-sets-K": "3", "younger-sets-K": "3"}, "younger-sets-K", MARKED_GROUP,
         "Ben: Both players cannot hold a set of kings."),
        # What does not fit in 12 cards as a whole stands by the first of those declarations, in its player's place.
        ({"elder-sequences-0-length": "8", "elder-sequences-0-top": "A", "elder-sequences-1-length": "5",
          "elder-sequences-1-top": "A"}, "elder-sequences-0-length", MARKED_GROUP,
         "These sequences do not fit in 12 cards."),
        ({"younger-point-cards": "8", "younger-point-value": "75", "younger-sets-A": "4", "younger-sets-K": "4"},
         "younger-sets-A", MARKED_GROUP, "Ben: These sets do not fit in 12 cards with the other declarations."),
    ],
)
def test_impossible_declarations_are_refused_and_nothing_is_saved(client, app, fields, field_id, marked, message):
    game_url = start(client)
    response = post_form(client, game_url + "/hands", {"play": "tricks", **ELDER_RUN, **fields}, game_url)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert errors_in(html) == [message], "beside its field, not above the form"
    assert re.search(marked.format(id=field_id), html)
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
    assert "Ann&#39;s point of 5 (48) beats Ben&#39;s point of 5 (45): Ann scores 5." in html
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
    assert re.search(r'<input aria-label="quatorze" checked id="younger-sets-K-2" name="younger-sets-K" type="radio" value="4">',
                     html)
    assert 'id="younger-point-value" inputmode="numeric" max="88" min="0" name="younger-point-value" type="number" value="38"' in html
    assert "Ben reaches 31 before Ann scores: repique, +60." in html


def test_check_with_overlapping_cards_says_which_card(client):
    game_url = start(client)
    younger = ["7H", *P3_YOUNGER[1:]]
    response = post_form(client, game_url + "/deals/fill", {"cards_elder": P3_ELDER, "cards_younger": younger}, game_url)
    assert response.status_code == 422
    assert "The two hands share the 7 of hearts." in errors_in(response.get_data(as_text=True))


# Elder: point of 6 (6) and sixieme (16), 23 with the lead. Nine tricks with one capture each:
# elder wins 0 to 8 tricks before younger's first, so the pique is open.
OPEN_PIQUE = {
    "elder-point-cards": "6", "elder-point-value": "60", "elder-sequences-0-length": "6", "elder-sequences-0-top": "A",
    "play": "totals", "total_elder-won": "9", "total_elder-points": "11", "total_younger-won": "3",
    "total_younger-points": "4",
}
# The audit's example: elder's 24 (point of 5 worth 51, quint and quart to the ace); elder won 5 tricks
# for 6 points, younger 7 for 8. Elder won tricks 1 to 5 (no capture), so elder piqued.
CERTAIN_PIQUE = {
    "elder-point-cards": "5", "elder-point-value": "51", "elder-sequences-0-length": "5", "elder-sequences-0-top": "A",
    "elder-sequences-1-length": "4", "elder-sequences-1-top": "A",
    "play": "totals", "total_elder-won": "5", "total_elder-points": "6", "total_younger-won": "7",
    "total_younger-points": "8",
}
PIQUE_QUESTION = "Pique is possible: did Ann reach 30 before Ben scored anything?"
CERTAIN_LINE = "With these totals Ann reaches 30 before Ben scores anything: pique, +30."


def test_announced_totals_ask_for_pique_only_when_it_is_open(client, app):
    game_url = start(client)
    response = post_form(client, game_url + "/hands", OPEN_PIQUE, game_url)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert PIQUE_QUESTION in html
    assert errors_in(html) == ["Pique is possible here: say whether elder piqued."]
    assert '<fieldset class="chips has-error" aria-describedby="pique-error">' in html
    assert stored(app, Hand) == 0
    assert post_form(client, game_url + "/hands", {**OPEN_PIQUE, "pique": "yes"}, game_url).status_code == 303
    # 6 + 16 in combinations, 11 trick points, cards 10, pique 30; younger 4.
    assert scores(client.get(game_url).get_data(as_text=True)) == ["73", "4"]


def test_totals_that_make_the_pique_certain_score_it_without_asking(client, app):
    game_url = start(client)
    assert post_form(client, game_url + "/hands", CERTAIN_PIQUE, game_url).status_code == 303
    page = client.get(game_url).get_data(as_text=True)
    # Ann: 5 + 15 + 4, the pique 30 and 6 trick points; Ben: 8 trick points and cards.
    assert scores(page) == ["60", "18"]
    explained = client.get(game_url + "/hands/1").text  # how the deal was scored
    assert "Ann reaches 30 before Ben scores anything: pique, +30." in explained


def test_a_pique_answer_the_totals_contradict_is_refused_beside_the_question(client, app):
    game_url = start(client)
    response = post_form(client, game_url + "/hands", {**CERTAIN_PIQUE, "pique": "no"}, game_url)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Did Ann pique?" in html and PIQUE_QUESTION not in html
    assert errors_in(html) == ["Elder reached 30 before younger scored anything, so elder piqued."]
    assert '<p class="error" id="pique-error">' in html
    assert stored(app, Hand) == 0


@pytest.mark.parametrize(("path", "headers"), [("/deals/verdicts", {"HX-Request": "true"}), ("/deals/preview", {})])
def test_the_live_verdicts_and_the_preview_ask_the_pique_only_when_it_is_open(client, path, headers):
    game_url = start(client)
    open_html = post_form(client, game_url + path, OPEN_PIQUE, game_url, headers=headers).get_data(as_text=True)
    assert PIQUE_QUESTION in open_html and CERTAIN_LINE not in open_html
    assert 'name="pique" type="radio" value="yes"' in open_html
    certain = post_form(client, game_url + path, CERTAIN_PIQUE, game_url, headers=headers).get_data(as_text=True)
    assert CERTAIN_LINE in certain and PIQUE_QUESTION not in certain
    assert 'name="pique"' not in certain
    tricks = post_form(client, game_url + path, POINT_ONLY, game_url, headers=headers).get_data(as_text=True)
    assert 'name="pique"' not in tricks and CERTAIN_LINE not in tricks


def test_the_edit_page_asks_the_pique_of_a_deal_saved_with_an_open_pique(client):
    game_url = start(client)
    post_form(client, game_url + "/hands", {**OPEN_PIQUE, "pique": "no"}, game_url)
    html = client.get(game_url + "/hands/1/edit").get_data(as_text=True)
    assert PIQUE_QUESTION in html
    assert re.search(r'<input checked id="pique-2" name="pique" type="radio" value="no">', html)


def test_editing_a_deal_rescores_the_partie(client):
    game_url = start(client)
    post_form(client, game_url + "/hands", POINT_ONLY, game_url)
    edit = game_url + "/hands/1/edit"
    page = client.get(edit).get_data(as_text=True)
    assert 'value="48"' in page
    assert re.search(r'<input [^>]*checked id="[^"]+" name="younger-point-cards" type="radio" value="no">', page), (
        "Ben's point, not announced against Ann's: Not good, as on the phone")
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
    token = csrf_token(viewer, "/")  # a valid token of this browser's: the game page has none for a viewer
    assert 'id="deal-form"' not in viewer.get(game_url).get_data(as_text=True)
    for path in ("/deals/verdicts", "/deals/preview", "/deals/fill", "/next", "/hands"):
        assert viewer.post(game_url + path, data={**POINT_ONLY, "csrf_token": token}).status_code == 403


def test_the_checker_page(client):
    assert "Piquet declaration checker" in client.get("/piquet/check").get_data(as_text=True)
    response = post_form(client, "/piquet/check", {"elder": P3_ELDER, "younger": P3_YOUNGER})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "Younger&#39;s quatorze of kings beats Elder&#39;s trio of aces: Younger scores 14 for quatorze of kings + 14 for quatorze of queens." in html
    response = post_form(client, "/piquet/check", {"elder": P3_ELDER[:11], "younger": P3_YOUNGER})
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True)) == ["Enter exactly 12 cards."]


def test_declarations_no_two_hands_can_hold_are_refused_beside_the_younger_declaration(client, app):
    game_url = start(client)
    fields = {"elder-sets-A": "4", "younger-sequences-0-length": "4", "younger-sequences-0-top": "A"}
    response = post_form(client, game_url + "/hands", {"play": "tricks", **ELDER_RUN, **fields}, game_url)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    message = "Ann&#39;s quatorze of aces and Ben&#39;s quart to the ace need the same ace."
    assert errors_in(html) == [message]
    assert f'<p class="error" id="younger-sequences-0-length-error">{message}</p>' in html
    assert stored(app, Hand) == 0


def test_declarations_beyond_what_carte_blanche_allows_are_refused_beside_it(client, app):
    game_url = start(client)
    fields = {"carte_blanche": "elder", "elder-sets-K": "4", "elder-sets-Q": "3"}
    response = post_form(client, game_url + "/hands", {"play": "tricks", **ELDER_RUN, **fields}, game_url)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    message = ("With carte blanche, Ann holds at most 5 kings, queens and jacks after the exchange; "
               "Ann&#39;s declarations need 7.")
    assert f'<p class="error" id="carte_blanche-error">{message}</p>' in html
    assert '<fieldset class="chips has-error" aria-describedby="carte_blanche-error">' in html
    assert stored(app, Hand) == 0


def test_a_saunt_game_ends_on_the_repique_before_the_trio_declared_after_the_sequences(client):
    game_url = start(client, variant="saunt", target="90")
    # Point of 6 (6), sixieme and quint (31): 37, repique 60 makes 97; the trio of tens is not scored.
    deal = {"elder-point-cards": "6", "elder-point-value": "60",
            "elder-sequences-0-length": "6", "elder-sequences-0-top": "A",
            "elder-sequences-1-length": "5", "elder-sequences-1-top": "A", "elder-sets-T": "3", "play": "tricks"}
    assert post_form(client, game_url + "/hands", deal, game_url).status_code == 303
    page = client.get(game_url).get_data(as_text=True)
    assert scores(page) == ["97", "0"]
    explained = client.get(game_url + "/hands/1").text  # how the deal was scored
    assert "Ann reaches 37 before Ben scores: repique, +60." in explained
    assert "Ann reaches 90: the game ends here and nothing after counts." in explained
    assert "Ann won with Ben under 45: a double game." in explained
    assert "Ann reaches 90 and wins a double game." in page
    assert "Ann reaches 90 and wins a double game." in client.get(game_url + "/summary").text


def test_the_checker_page_applies_the_carte_blanche_limit(client):
    elder = "JH TH 9H 8H KD QD JD 9D KC QC JC TC".split()
    younger = "AS KS QS JS TS 9S AH KH QH AD TD AC".split()
    response = post_form(client, "/piquet/check", {"elder": elder, "younger": younger, "carte_blanche": "elder"})
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True)) == [
        "With carte blanche, elder holds at most 5 kings, queens and jacks after the exchange; these cards hold 7."]
    response = post_form(client, "/piquet/check", {"elder": younger, "younger": elder, "carte_blanche": "elder"})
    assert response.status_code == 200
    assert "Elder has carte blanche: +10." in response.get_data(as_text=True)


def test_explanations_name_the_players_of_each_deal_and_say_what_each_set_scores_for(client):
    game_url = start(client)
    assert post_form(client, game_url + "/hands", POINT_ONLY, game_url).status_code == 303
    # Deal 2: Ann deals, so Ben is elder; Ann, younger, holds two quatorzes.
    deal = {"younger-sets-A": "4", "younger-sets-K": "4", "younger-point-cards": "4", "younger-point-value": "40",
            "elder-point-cards": "5", "elder-point-value": "45", "play": "tricks",
            **{f"tricks-{i}": "elder" for i in range(12)}}
    assert post_form(client, game_url + "/hands", deal, game_url).status_code == 303
    page = client.get(game_url + "/hands/2").text  # how deal 2 was scored
    assert ("<li>Ann&#39;s quatorze of aces is good (Ben declared none): "
            "Ann scores 14 for quatorze of aces + 14 for quatorze of kings.</li>") in page
    assert "<li>Ben&#39;s point of 5 (45) beats Ann&#39;s point of 4 (40): Ben scores 5.</li>" in page
    assert ("<li>Trick points: Ben 13 (leads 12, captures 0, last trick 1), Ann 0 (leads 0, captures 0, last trick 0)."
            "</li>") in page
    assert "<li>Ben wins every trick: capot, +40.</li>" in page


def test_the_history_of_a_partie_names_its_deals(client):
    game_url = start(client)
    page = client.get(game_url).get_data(as_text=True)
    assert '<section class="history" aria-label="Deals">' in page
    assert "<h2>Deals</h2>" in page
    assert "No deals yet." in page and "No hands yet." not in page

    post_form(client, game_url + "/hands", POINT_ONLY, game_url)
    page = client.get(game_url).get_data(as_text=True)
    assert "No deals yet." not in page and 'id="hand-1"' in page
