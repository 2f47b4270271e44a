"""The four-player Spades pages through the Flask test client, CSRF on, real SQLite."""

from __future__ import annotations

import re

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand

from .forms_client import errors_in, post_form, stored
from .markup import table_rows, text_of

NEW_GAME = {
    "player_0": "Ann", "player_1": "Ben", "player_2": "Cid", "player_3": "Dan", "first_dealer": "0",
    "variant": "partnership", "target": "500", "target_other": "", "nil_value": "100", "blind_margin": "100",
    "failed_nil_helps": "y", "bag_limit": "10", "bag_penalty": "100", "mercy_floor": "-200",
}
# docs/rules.md C-E2, hand 1 (Ann deals): fields in seat order Ann, Ben, Cid, Dan.
C_E2 = {"bids-0-bid": "5", "bids-1-bid": "3", "bids-2-bid": "4", "bids-3-bid": "2",
        "tricks-0": "4", "tricks-1": "2", "tricks-2": "6", "tricks-3": "1"}


def start(client, **changes) -> str:
    response = post_form(client, "/new/spades", {**NEW_GAME, **changes})
    assert response.status_code == 303, errors_in(response.get_data(as_text=True))
    return response.headers["Location"]


def bidding_order(page: str) -> list[str]:
    """The players of the entry form's bids, top to bottom: the bidding order (the "now" strip leaves it to the form
    on a page that can edit)."""
    return re.findall(r'<label for="bids-\d-bid">([^ <]+)', page)


def scores(page: str) -> list[list[str]]:
    """The scoreboard: a heading row, then each team, its score and its bags."""
    rows = re.findall(r'<th scope="row" class="name">([^<]*)</th>\s*<td class="num score">(−?\d+)</td>\s*'
                      r'<td class="num">(\d+)</td>', page)
    return [["Team", "Score", "Bags"], *([name.replace("&amp;", "&"), score, bags] for name, score, bags in rows)]


def test_home_offers_a_new_spades_game_and_its_rules(client):
    page = client.get("/").get_data(as_text=True)
    assert "New Spades game" in page
    assert 'href="/rules/spades"' in page


def test_the_new_game_form_seats_partners_opposite_with_500_and_300_one_tap_away(client):
    page = client.get("/new/spades").get_data(as_text=True)
    assert "Partners sit opposite: players 1 and 3 play against players 2 and 4." in page
    assert re.findall(r'name="target" type="radio" value="(\w+)"', page) == ["500", "300", "other"]
    assert re.findall(r'name="variant" type="radio" value="(\w+)"', page) == ["partnership", "suicide", "mirror"]
    assert 'checked id="target-0" name="target" type="radio" value="500"' in page
    assert "House rules" in page


def test_creating_a_game_stores_the_settings_and_shows_the_now_strip(client, app):
    game_url = start(client, variant="suicide", target="300", nil_value="50", zero_is_nil="y", mercy="y",
                     mercy_floor="-300", first_dealer="3")
    page = client.get(game_url).get_data(as_text=True)
    # The scores, then the hand to enter; the game's settings in a line under the form, before the chart.
    assert text_of(page, "standing").startswith("Team Score Bags Ann & Cid 0 0 Ben & Dan 0 0 Hand 1 Dan deals Ann leads")
    assert text_of(page, "record").startswith(
        "First team to 300 wins. · Suicide · 10 bags cost 100 · Nil 50 · 0 is Nil · mercy at −300")
    assert bidding_order(page) == ["Ann", "Ben", "Cid", "Dan"]
    assert "Suicide: in each team one partner bids Nil and the other 4 or more." in page
    with app.app_context():
        game = db.session.execute(db.select(Game)).scalar_one()
        assert game.kind == "spades"
        assert game.player_names == ("Ann", "Ben", "Cid", "Dan")
        assert game.settings == {
            "variant": "suicide", "target": 300, "bag_limit": 10, "bag_penalty": 100, "nil_value": 50,
            "blind_nil": False, "blind_margin": 100, "failed_nil_helps": True, "zero_is_nil": True, "mercy": True,
            "mercy_floor": -300,
        }


@pytest.mark.parametrize(
    ("changes", "messages"),
    [
        ({"player_3": "ann"}, ["Two players cannot both be called “ann”."]),
        ({"player_2": ""}, ["Enter a name."]),
        ({"target": "other", "target_other": "lots"}, ["The target is a whole number from 1 to 10000."]),
        ({"mercy": "y", "mercy_floor": "10"}, ["The mercy floor is a whole number from -10000 to -1."]),
        ({"variant": "mirror", "blind_nil": "y"}, ["Mirror is played without Blind Nil."]),
    ],
)
def test_bad_new_game_input_is_shown_beside_the_field_and_nothing_is_saved(client, app, changes, messages):
    response = post_form(client, "/new/spades", {**NEW_GAME, **changes})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert errors_in(page) == messages
    assert stored(app, Game) == 0


def test_fields_that_do_not_apply_are_not_read(client, app):
    """A number left in "Other target" with 300 chosen, a Blind Nil margin and a mercy floor without their rules
    (fields the page hides): the game is made with the choices, the defaults for the rest."""
    start(client, target="300", target_other="450", blind_margin="x", mercy_floor="10")
    with app.app_context():
        settings = db.session.execute(db.select(Game)).scalar_one().settings
    assert (settings["target"], settings["blind_margin"], settings["mercy_floor"]) == (300, 100, -200)
    start(client, target="other", target_other="450", blind_nil="y", blind_margin="50", mercy="y", mercy_floor="-300")
    with app.app_context():
        settings = db.session.execute(db.select(Game).order_by(Game.id.desc())).scalars().first().settings
    assert (settings["target"], settings["blind_margin"], settings["mercy_floor"]) == (450, 50, -300)


def test_a_house_rule_error_opens_the_house_rules(client):
    response = post_form(client, "/new/spades", {**NEW_GAME, "bag_limit": "-1"})
    assert '<details class="more house-rules" open>' in response.get_data(as_text=True)


def test_recording_a_hand_shows_team_scores_bags_and_the_explanation(client):
    game_url = start(client)
    page = client.get(game_url).get_data(as_text=True)
    assert re.findall(r'<label for="bids-\d-bid">(\w+) <small', page) == ["Ben", "Cid", "Dan", "Ann"]
    assert "with Cid" in page
    response = post_form(client, game_url + "/hands", C_E2, game_url)
    assert response.status_code == 303
    page = client.get(game_url).get_data(as_text=True)
    assert scores(page)[1:] == [["Ann & Cid", "91", "1"], ["Ben & Dan", "−50", "0"]]
    assert text_of(page, "hand-1") == (
        "1 Ann & Cid +91 Ben & Dan −50 Ann & Cid bid 9, took 10 (Ann 5: 4 tricks · Cid 4: 6 tricks)"
        " Ben & Dan bid 5, took 3 (Ben 3: 2 tricks · Dan 2: 1 trick) How hand 1 was scored"
    )
    explained = client.get(game_url + "/hands/1").text
    assert text_of(explained, "explanation").startswith(
        "Ann deals; Ben bids first and leads."
        " Ann & Cid: +91 → 91 Ann bid 5 and Cid bid 4: a contract of 9."
        " Ann & Cid made 9 with 10 tricks: +90 and 1 bag: +91."
    )
    assert "Ben &amp; Dan took 3 of 5: set, −50." in explained
    assert "Ben deals" in page and bidding_order(page) == ["Cid", "Dan", "Ann", "Ben"]


def test_nil_and_the_last_trick_count_filled_in(client):
    game_url = start(client)
    hand = {**C_E2, "bids-0-bid": "", "bids-0-nil": "y", "bids-2-bid": "5", "bids-1-bid": "4", "bids-3-bid": "4",
            "tricks-0": "1", "tricks-1": "4", "tricks-2": "4", "tricks-3": ""}
    assert post_form(client, game_url + "/hands", hand, game_url).status_code == 303
    page = client.get(game_url).get_data(as_text=True)
    assert scores(page)[1:] == [["Ann & Cid", "−50", "0"], ["Ben & Dan", "80", "0"]]
    assert "Ann bid Nil but took 1 trick: −100." in client.get(game_url + "/hands/1").text


def test_blind_nil_is_offered_only_to_a_team_far_enough_behind(client):
    game_url = start(client, blind_nil="y")
    page = client.get(game_url).get_data(as_text=True)
    assert "Blind Nil" not in text_of(page, "hand-form")
    # Ann & Cid 12 with 13 tricks: +121; Ben & Dan bid 0 and 0: 0.
    sweep = {"bids-0-bid": "6", "bids-1-bid": "0", "bids-2-bid": "6", "bids-3-bid": "0",
             "tricks-0": "7", "tricks-1": "0", "tricks-2": "6", "tricks-3": "0"}
    post_form(client, game_url + "/hands", sweep, game_url)
    page = client.get(game_url).get_data(as_text=True)
    assert "Ben &amp; Dan may bid Blind Nil." in page
    assert re.findall(r'name="bids-(\d)-blind"', page) == ["3", "1"]


def test_refused_bids_are_shown_and_nothing_is_saved(client, app):
    game_url = start(client, variant="suicide")
    response = post_form(client, game_url + "/hands", C_E2, game_url)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert re.findall(r'<p class="error">([^<]*)</p>', page) == [
        "Ann &amp; Cid: In Suicide one partner bids Nil and the other 4 or more.",
        "Ben &amp; Dan: In Suicide one partner bids Nil and the other 4 or more.",
    ]
    assert stored(app, Hand) == 0
    response = post_form(client, game_url + "/hands", {**C_E2, "bids-0-bid": "x", "tricks-3": "3"}, game_url)
    page = response.get_data(as_text=True)
    assert errors_in(page) == [
        "A bid is a whole number from 0 to 13, or tick Nil.",
        "The four players took 15 tricks; they must take exactly 13.",
    ]
    tricks = re.search(r'<fieldset class="tricks has-error".*?</fieldset>', page, re.S).group(0)
    assert '<p class="error" id="tricks-error">The four players took 15 tricks; they must take exactly 13.</p>' in tricks


def test_a_blank_bid_or_count_says_fill_this_in_in_the_players_words(client, app):
    game_url = start(client)
    response = post_form(client, game_url + "/hands", {**C_E2, "bids-2-bid": "", "tricks-1": "", "tricks-2": ""},
                         game_url)
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True)) == ["Fill this in, or tick Nil.", "Fill this in.", "Fill this in."]
    assert stored(app, Hand) == 0


def test_edit_and_undo(client):
    game_url = start(client)
    post_form(client, game_url + "/hands", C_E2, game_url)
    edit_url = game_url + "/hands/1/edit"
    page = client.get(edit_url).get_data(as_text=True)
    assert 'value="5"' in page and "Edit hand 1" in page
    response = post_form(client, edit_url, {**C_E2, "bids-3-bid": "3", "tricks-3": "2", "tricks-2": "5"})
    assert response.status_code == 303
    page = client.get(game_url).get_data(as_text=True)
    assert scores(page)[1:] == [["Ann & Cid", "90", "0"], ["Ben & Dan", "−60", "0"]]
    response = post_form(client, game_url + "/undo", {"hand": "1"}, game_url)
    assert response.status_code == 303
    assert scores(client.get(game_url).get_data(as_text=True))[1:] == [["Ann & Cid", "0", "0"], ["Ben & Dan", "0", "0"]]


def test_redo_restores_the_hand_undone_and_a_team_near_the_bag_limit_is_warned(client):
    game_url = start(client)
    # Ann & Cid bid 3 and take 12: 9 bags.
    bags = {"bids-0-bid": "2", "bids-1-bid": "0", "bids-2-bid": "1", "bids-3-bid": "0",
            "tricks-0": "6", "tricks-1": "0", "tricks-2": "6", "tricks-3": "1"}
    post_form(client, game_url + "/hands", bags, game_url)
    page = client.get(game_url).get_data(as_text=True)
    assert '<p class="bag-warning">Ann &amp; Cid have 9 bags: one more costs 100</p>' in page
    assert post_form(client, game_url + "/undo", {"hand": "1"}, game_url).status_code == 303
    page = client.get(game_url).get_data(as_text=True)
    assert "Redo hand 1" in page and "bag-warning" not in page
    assert post_form(client, game_url + "/redo", {}, game_url).status_code == 303
    assert scores(client.get(game_url).get_data(as_text=True))[1:] == [["Ann & Cid", "39", "9"], ["Ben & Dan", "1", "1"]]


def test_editing_a_nil_hand_keeps_the_nil_ticked(client):
    game_url = start(client)
    post_form(client, game_url + "/hands", {**C_E2, "bids-0-nil": "y"}, game_url)
    page = client.get(game_url + "/hands/1/edit").get_data(as_text=True)
    assert '<input aria-label="Ann bids Nil" checked id="bids-0-nil"' in page


def test_summary_exports_and_rules_page(client):
    game_url = start(client)
    post_form(client, game_url + "/hands", C_E2, game_url)
    game_id = game_url.rsplit("/", 1)[1]
    page = client.get(f"/g/{game_id}/summary").get_data(as_text=True)
    assert table_rows(page, "hands-table")[0][2:] == [["1", "9", "10", "+91", "91", "5", "3", "−50", "−50"]]
    assert "Teams" in page and "Ann &amp; Cid · Ben &amp; Dan" in page
    csv = client.get(f"/g/{game_id}/export.csv").get_data(as_text=True)
    assert csv.splitlines() == [
        "\ufeffhand,dealer,team,first_player,first_bid,first_tricks,second_player,second_bid,second_tricks,contract,"
        "tricks,made,contract_points,nil_points,bags_added,bag_penalty,delta,score,bags",
        "1,Ann,Ann & Cid,Ann,5,4,Cid,4,6,9,10,true,91,0,1,0,91,91,1",
        "1,Ann,Ben & Dan,Ben,3,2,Dan,2,1,5,3,false,-50,0,0,0,-50,-50,0",
    ]
    exported = client.get(f"/g/{game_id}/export.json").get_json()
    imported = client.post("/api/v1/games/import", json=exported)
    assert imported.status_code == 201
    assert imported.get_json()["totals"] == exported["totals"]
    rules = client.get("/rules/spades").get_data(as_text=True)
    assert "Rules of Spades" in rules and 'id="blind-nil"' in rules and 'id="mirror"' in rules


def test_a_players_stats_are_their_teams_results(client):
    game_url = start(client, target="other", target_other="100")
    post_form(client, game_url + "/hands", C_E2, game_url)
    # Hand 2 (Ben deals): Ann & Cid make 5 of 5 and reach 141; Ben bids Nil and fails.
    hand_2 = {"bids-0-bid": "2", "bids-1-bid": "", "bids-1-nil": "y", "bids-2-bid": "3", "bids-3-bid": "4",
              "tricks-0": "2", "tricks-1": "1", "tricks-2": "3", "tricks-3": "7"}
    assert post_form(client, game_url + "/hands", hand_2, game_url).status_code == 303
    page = client.get("/players/Ben").get_data(as_text=True)
    stats = dict(row for row in re.findall(r"<dt>([^<]*)</dt>\s*<dd[^>]*>([^<]*)</dd>", page))
    assert text_of(page, "spades-stats") == "Spades"
    assert stats["Games finished"] == "1"
    assert stats["Team contracts made"].startswith("1 of 2")
    assert stats["Own Nils made"].startswith("0 of 1")


def test_the_live_board_follows_the_game(client):
    game_url = start(client)
    first = client.get(game_url + "/live")
    assert first.status_code == 200
    assert client.get(game_url + "/live", headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    post_form(client, game_url + "/hands", C_E2, game_url)
    board = client.get(game_url + "/live", headers={"If-None-Match": first.headers["ETag"]}).get_data(as_text=True)
    assert scores(board)[1:] == [["Ann & Cid", "91", "1"], ["Ben & Dan", "−50", "0"]]


def test_a_rematch_keeps_the_teams_and_house_rules_and_passes_the_deal(client, app):
    game_url = start(client, variant="mirror", nil_value="50")
    response = post_form(client, game_url + "/rematch", {}, game_url)
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Ben deals" in page and bidding_order(page) == ["Cid", "Dan", "Ann", "Ben"]
    with app.app_context():
        first, rematch = db.session.execute(db.select(Game).order_by(Game.id)).scalars()
        assert (rematch.kind, rematch.player_names, rematch.settings) == ("spades", first.player_names, first.settings)
        assert rematch.settings["variant"] == "mirror" and rematch.settings["nil_value"] == 50
