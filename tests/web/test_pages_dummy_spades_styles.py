"""Dummy Hand Spades styles through the pages (CSRF on, real database): the style chosen with the game, Suicide's
two nil chips, Mirror's bids without chips, refusals beside the bid, the board, editing, Rematch and stats."""

from __future__ import annotations

import json
import re

from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand
from scorekeeper.rules.board import board_json

from .forms_client import errors_in, post_form, stored
from .test_pages_dummy_spades import start

# Seats Ann, Ben, Cid; Ann deals hand 1, so Ben bids first. The fields are in seat order: Ann, Ben, Cid (dummy).
SU_E1 = {"bids-0-bid": "4", "bids-0-side": "partner", "bids-1-bid": "5", "bids-1-side": "own",
         "bids-2-bid": "7", "bids-2-side": "partner",
         "tricks-0": "6", "tricks-1": "0", "tricks-2": "7", "tricks-3": "0"}
MI_E2 = {"bids-0-bid": "5", "bids-1-bid": "0", "bids-2-bid": "6",
         "tricks-0": "5", "tricks-1": "0", "tricks-2": "6", "tricks-3": "2"}
AT_LEAST_4 = "In Suicide every player bids at least 4."
OVER_13 = ("In Mirror each bid is the spades in that player&#39;s hand, so the three bids cannot add up to more than "
           "13 (these add up to 14).")


def scores(page: str) -> list[str]:
    return re.findall(r'<td class="num score">(−?\d+)</td>', page)


def test_the_new_game_page_offers_the_three_styles_standard_first(client):
    page = client.get("/new/dummy-spades").get_data(as_text=True)
    chips = re.findall(r'<input[^>]*name="style"[^>]*value="(\w+)"', page)
    assert chips == ["standard", "suicide", "mirror"]
    assert re.search(r'<input checked[^>]*name="style"[^>]*value="standard"', page)
    assert "Suicide: each player bids at least 4 and names one nil" in page


def test_a_suicide_hand_from_the_form(client, app):
    game_url = start(client, style="suicide")
    page = client.get(game_url).get_data(as_text=True)
    assert "Ben names one nil, on" in page
    assert re.findall(r'name="bids-1-side"[^>]*value="(\w+)"', page) == ["own", "partner"]
    assert 'name="bids-1-nil"' not in page
    assert "Suicide: each player bids at least 4" in page

    response = post_form(client, game_url + "/hands", SU_E1, game_url)
    assert response.status_code == 303
    page = client.get(game_url).get_data(as_text=True)
    assert scores(page) == ["142", "151", "170"]
    assert "Ann's nil on Ben: made" in page
    assert "Ann's nil on Cid: void" not in page, "in Suicide the history shows where each nil landed"
    with app.app_context():
        assert db.session.execute(db.select(Game)).scalar_one().settings["style"] == "suicide"


def test_a_suicide_bid_under_4_is_refused_beside_it_and_nothing_is_saved(client, app):
    game_url = start(client, style="suicide")
    response = post_form(client, game_url + "/hands", {**SU_E1, "bids-1-bid": "3"}, game_url)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert errors_in(page) == [AT_LEAST_4]
    assert f'<p class="error" id="bids-1-bid-error">{AT_LEAST_4}</p>' in page
    assert stored(app, Hand) == 0


def test_both_suicide_chips_or_none_are_refused_beside_the_bid(client):
    game_url = start(client, style="suicide")
    both = {**SU_E1, "bids-1-side": ["own", "partner"], "bids-2-side": []}
    page = post_form(client, game_url + "/hands", both, game_url).get_data(as_text=True)
    message = "In Suicide every player names one nil: their own hand or their partner&#39;s."
    assert errors_in(page) == [message, message]


def test_suicide_bids_saved_first_show_where_each_nil_landed_and_edit_back_into_their_chips(client):
    game_url = start(client, style="suicide")
    bids = {key: value for key, value in SU_E1.items() if not key.startswith("tricks")}
    assert post_form(client, game_url + "/hands", {**bids, "step": "first"}, game_url).status_code == 303
    page = client.get(game_url).get_data(as_text=True)
    assert "Ann&#39;s nil on Ben&#39;s hand applies: both defend. Ben must take no tricks." in page
    assert "Cid&#39;s nil on the dummy applies: Cid is declarer. The dummy must take no tricks." in page
    assert "is void" not in page
    edit = client.get(game_url + "/hands/1/edit").get_data(as_text=True)
    assert re.search(r'<input checked[^>]*name="bids-0-side"[^>]*value="partner"', edit)
    assert re.search(r'<input checked[^>]*name="bids-1-side"[^>]*value="own"', edit)


def test_a_mirror_hand_from_the_form(client):
    game_url = start(client, style="mirror")
    page = client.get(game_url).get_data(as_text=True)
    assert "declares nil on" not in page and "names one nil" not in page
    # What the bids decide is the engine's, asked for as they are typed (htmx), as in the other styles.
    assert re.search(r'<div class="live-bids" hx-post="[^"]*/hands/bidding"', page)
    assert "Each bid is the spades in that player's hand" in page

    response = post_form(client, game_url + "/hands", MI_E2, game_url)
    assert response.status_code == 303
    page = client.get(game_url).get_data(as_text=True)
    assert scores(page) == ["50", "150", "80"]
    assert "Cid declares 8 · Ben bids 0 · Ann bids 5 · Dummy's spades: 2" in page
    explanation = client.get(game_url + "/hands/1").get_data(as_text=True)
    assert "Cid declares with the dummy: 6 + 2 spades = 8 tricks to make." in explanation
    assert "Ben held no spades: a nil on their own hand. Ben took no tricks: +100." in explanation


def test_mirror_bids_over_13_are_refused_under_the_bids(client, app):
    game_url = start(client, style="mirror")
    response = post_form(client, game_url + "/hands", {**MI_E2, "bids-1-bid": "3", "step": "first"}, game_url)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert errors_in(page) == [OVER_13]
    # About the three bids together: said under them, and their fieldset names it.
    assert f'<p class="error" id="bids-error">{OVER_13}</p>' in page
    assert re.search(r'<fieldset class="has-error" aria-describedby="bids-error">\s*<legend>Bids, in bidding order', page)
    assert stored(app, Hand) == 0


def preview_of(client, game_url: str, bids: dict[str, str]) -> str:
    html = post_form(client, game_url + "/hands/bidding", bids, game_url, headers={"HX-Request": "true"})
    return re.sub(r"\s+", " ", html.get_data(as_text=True))


def test_mirror_bids_typed_say_the_dummys_spades_and_both_contracts_from_the_engine(client, app):
    game_url = start(client, style="mirror")
    # Ben 4, Cid 3, Ann 2 (bidding order): the dummy holds 4, Ben declares with 8 to make.
    html = preview_of(client, game_url, {"bids-0-bid": "2", "bids-1-bid": "4", "bids-2-bid": "3"})
    assert ("<ul> <li><b>Ben and the dummy against Cid &amp; Ann</b></li> "
            "<li>The dummy holds 4 spades: 13 minus the three bids.</li>"
            "<li>Ben declares with the dummy: 4 + 4 spades = 8 tricks to make.</li>"
            "<li>Cid and Ann defend: 3 + 2 spades = 5 tricks to make.</li> </ul>") in html
    # Ben 7, Cid 4, Ann 3: why they cannot stand, and nothing else.
    html = preview_of(client, game_url, {"bids-0-bid": "3", "bids-1-bid": "7", "bids-2-bid": "4"})
    assert re.sub(r"> <", "><", html).strip() == (
        '<div id="bidding-preview" class="bidding-preview" aria-live="polite" data-heading="What these bids decide:" hx-swap-oob="true">'
        f'<p class="refused">{OVER_13}</p></div>')
    assert stored(app, Hand) == 0


def test_a_mirror_form_that_comes_back_says_what_its_bids_decide_without_javascript(client):
    game_url = start(client, style="mirror")
    response = post_form(client, game_url + "/hands", {**MI_E2, "tricks-3": "3"}, game_url)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "<li>The dummy holds 2 spades: 13 minus the three bids.</li>" in page
    assert "<li>Cid declares with the dummy: 6 + 2 spades = 8 tricks to make.</li>" in page
    assert "<li>Ben and Ann defend: 0 + 5 spades = 5 tricks to make.</li>" in page
    # Bids refused together: said once, under them, not again in the preview.
    page = post_form(client, game_url + "/hands", {**MI_E2, "bids-1-bid": "3"}, game_url).get_data(as_text=True)
    assert page.count("these add up to 14") == 1 and 'class="refused"' not in page


def test_mirror_bids_saved_first_show_the_dummys_spades_and_both_contracts(client):
    game_url = start(client, style="mirror")
    bids = {key: value for key, value in MI_E2.items() if not key.startswith("tricks")}
    assert post_form(client, game_url + "/hands", {**bids, "step": "first"}, game_url).status_code == 303
    page = client.get(game_url).get_data(as_text=True)
    assert "Cid declares with the dummy: 6 + 2 spades = 8 tricks to make." in page
    assert "Ben and Ann defend: 0 + 5 spades = 5 tricks to make." in page
    assert "Ben holds no spades: a nil on their own hand. Ben must take no tricks." in page


def test_a_rematch_keeps_the_style(client, app):
    game_url = start(client, style="mirror")
    response = post_form(client, game_url + "/rematch", {}, game_url)
    assert response.status_code == 303
    assert "Each bid is the spades in that player's hand" in client.get(response.headers["Location"]).get_data(
        as_text=True)
    with app.app_context():
        styles = [game.settings["style"] for game in db.session.execute(db.select(Game).order_by(Game.id)).scalars()]
    assert styles == ["mirror", "mirror"]


def test_the_summary_names_the_style(client):
    game_url = start(client, style="suicide")
    post_form(client, game_url + "/hands", SU_E1, game_url)
    page = client.get(game_url + "/summary").get_data(as_text=True)
    assert re.search(r"<dt>Style</dt><dd>Suicide</dd>", page)


def test_a_players_stats_count_mirror_nils_that_applied(client):
    game_url = start(client, style="mirror")
    post_form(client, game_url + "/hands", MI_E2, game_url)
    page = client.get("/players/Ben").get_data(as_text=True)
    assert re.search(r"Nils made</dt>\s*<dd>[^<]*1 of 1", page), page


def test_the_form_links_to_the_styles_rule_on_the_rules_page(client):
    rules = client.get("/rules/dummy-spades").get_data(as_text=True)
    for style in ("suicide", "mirror"):
        page = client.get(start(client, style=style)).get_data(as_text=True)
        assert re.search(rf'<a class="rules-link" href="/rules/dummy-spades#{style}"[^>]*>Rules: {style.title()}<', page)
        assert f'id="{style}"' in rules
    assert "Rules: Standard" not in client.get(start(client)).get_data(as_text=True)


def test_a_suicide_hand_typed_with_its_side_nils_scores_the_same_on_the_phone_and_on_the_server(client):
    """The page's form and the offline phone read the chips with one reader (rules/typed.py)."""
    game_url = start(client, style="suicide")
    api_url = "/api/v1/games/" + game_url.rsplit("/", 1)[1]
    before = client.get(api_url).get_json()
    typed = {name: [value] for name, value in SU_E1.items()}
    phone = json.loads(board_json(json.dumps({
        **{key: before[key] for key in ("game", "players", "first_dealer", "settings", "dummy_after")},
        "entries": [], "changes": [{"fields": typed}]})))["board"]

    assert post_form(client, game_url + "/hands", SU_E1, game_url).status_code == 303
    server = client.get(api_url).get_json()
    assert phone["totals"] == server["totals"] == {"Ann": {"score": 142, "bags": 2}, "Ben": {"score": 151, "bags": 1},
                                                   "Cid": {"score": 170, "bags": 0}}
    assert phone["entries"] == [hand["entry"] for hand in server["hands"]]
    assert [(nil["bidder"], nil["hand"], nil["applies"]) for nil in phone["hands"][0]["nils"]] == [
        (nil["bidder"], nil["hand"], nil["applies"]) for nil in server["hands"][0]["nils"]]
    assert any(nil["applies"] and nil["bidder"] == "Ann" and nil["hand"] == "Ben" for nil in phone["hands"][0]["nils"])
