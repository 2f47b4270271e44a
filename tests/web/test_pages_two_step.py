"""The hand as it happens, on the pages without JavaScript: "Save bids" (or declarations), then the play."""

from __future__ import annotations

import html
import re

from scorekeeper.extensions import db
from scorekeeper.models import Game

from .forms_client import csrf_token, errors_in, post_form
from .test_pages_dummy_spades import E1_HAND
from .test_pages_dummy_spades import start as start_dummy_spades

BIDS = {"bids-0-bid": "7", "bids-1-bid": "5", "bids-1-nil": "Cid", "bids-2-bid": "6", "bids-2-nil": ["Cid", "dummy"]}
TRICKS = {"tricks-0": "5", "tricks-1": "2", "tricks-2": "3", "tricks-3": "3"}


def text(page: str) -> str:
    """The page's words, tags and extra spaces taken out."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def stored_entries(app, game_url: str) -> list[dict]:
    with app.app_context():
        game = db.session.execute(db.select(Game).filter_by(public_id=game_url.rsplit("/", 1)[1])).scalar_one()
        return game.entries()


def save_bids(client, game_url, bids=BIDS, hand="1", **extra):
    return post_form(client, f"{game_url}/hands", {**bids, "hand": hand, "step": "first", **extra}, game_url)


def test_the_new_hand_form_offers_save_bids_beside_save_hand(client):
    page = client.get(start_dummy_spades(client)).get_data(as_text=True)

    assert '<button class="button primary" type="submit">Save hand</button>' in page
    assert '<button class="button" type="submit" name="step" value="first">Save bids</button>' in page


def test_save_bids_stores_the_hand_waiting_and_the_board_shows_what_the_bids_decide(client, app):
    game_url = start_dummy_spades(client)

    response = save_bids(client, game_url)

    assert response.status_code == 303
    assert stored_entries(app, game_url) == [{"bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5, "nil": ["Cid"]},
                                                        {"player": "Cid", "bid": 6, "nil": ["Cid", "dummy"]}]}]
    page = text(client.get(game_url).get_data(as_text=True))  # a reload: the waiting hand is stored
    assert "Hand 1: waiting for the tricks" in page
    assert "Ann and the dummy against Ben & Cid" in page
    assert "Ann and the dummy need 7 of the 13 tricks." in page
    assert "Ben and Cid need 5 of the 13 tricks for Ben's bid and 6 for Cid's." in page
    assert "Ben's nil on Cid's hand applies: both defend. Cid must take no tricks." in page
    assert "Cid's nil on the dummy is void: Cid is a defender." in page
    assert "Waiting for the tricks: counts in no total yet" in page
    assert "Save tricks" in page and "Undo hand 1" in page
    board = client.get(game_url).get_data(as_text=True)
    assert re.findall(r'<td class="num score">(−?\d+)</td>', board) == ["0", "0", "0"]
    # The cards on the table are Ann's deal until the tricks are in: the board's tag stays with her.
    assert re.findall(r'class="name">(\w+) <span class="tag">deals</span>', board) == ["Ann"]


def test_the_next_form_asks_for_the_tricks_with_the_bids_kept(client):
    game_url = start_dummy_spades(client)
    save_bids(client, game_url)

    page = client.get(game_url).get_data(as_text=True)

    assert '<input type="hidden" name="hand" value="1">' in page
    assert '<input type="hidden" name="completes" value="1">' in page
    assert page.index('class="tricks"') < page.index('class="kept-bids"')
    assert re.search(r'name="bids-0-bid"[^>]*value="7"', page)
    assert re.search(r'checked[^>]*name="bids-2-nil"[^>]*value="dummy"|name="bids-2-nil"[^>]*value="dummy"[^>]*checked',
                     page)


def test_saving_the_tricks_completes_the_hand_as_one_step_would(client, app):
    game_url = start_dummy_spades(client)
    save_bids(client, game_url)

    response = post_form(client, f"{game_url}/hands", {**BIDS, **TRICKS, "hand": "1", "completes": "1"}, game_url)

    assert response.status_code == 303
    page = client.get(game_url).get_data(as_text=True)
    assert re.findall(r'<td class="num score">(−?\d+)</td>', page) == ["71", "−50", "−160"]
    assert "waiting for the tricks" not in page
    assert stored_entries(app, game_url)[0]["tricks"] == {"Ann": 5, "Ben": 2, "Cid": 3, "dummy": 3}
    assert '<input type="hidden" name="hand" value="2">' in page


def test_a_bids_form_sent_again_after_the_bids_were_saved_stores_nothing_more(client, app):
    game_url = start_dummy_spades(client)
    page = client.get(game_url).get_data(as_text=True)
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    # The very same form twice, as a double tap sends it: its CSRF token too (a token fetched again would be
    # signed anew once the clock passes a second, which makes it another form).
    form = {**BIDS, "hand": "1", "version": version, "request_key": "k1", "step": "first",
            "csrf_token": csrf_token(client, game_url)}

    first = client.post(f"{game_url}/hands", data=form)
    again = client.post(f"{game_url}/hands", data=form)

    assert (first.status_code, again.status_code) == (303, 303)
    assert len(stored_entries(app, game_url)) == 1


def test_a_bids_form_from_another_phone_made_before_the_bids_were_saved_is_refused(client, app):
    game_url = start_dummy_spades(client)
    page = client.get(game_url).get_data(as_text=True)
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    save_bids(client, game_url)

    other = save_bids(client, game_url, version=version, request_key="other phone")

    assert other.status_code == 422
    assert "Another phone changed this game while you were typing." in other.get_data(as_text=True)
    assert len(stored_entries(app, game_url)) == 1


def test_bids_with_an_error_are_refused_beside_the_field(client, app):
    game_url = start_dummy_spades(client)

    response = save_bids(client, game_url, bids={**BIDS, "bids-0-bid": "14"})

    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True)) == ["A bid is a whole number from 0 to 13."]
    assert stored_entries(app, game_url) == []


def test_the_waiting_hand_can_be_edited_and_undone(client, app):
    game_url = start_dummy_spades(client)
    save_bids(client, game_url)

    edit = client.get(f"{game_url}/hands/1/edit").get_data(as_text=True)
    assert 'name="step" value="first">Save bids</button>' in edit
    changed = post_form(client, f"{game_url}/hands/1/edit", {**BIDS, "bids-0-bid": "3", "step": "first"},
                        f"{game_url}/hands/1/edit")
    assert changed.status_code == 303
    assert "Cid and the dummy need 6 of the 13 tricks." in text(client.get(game_url).get_data(as_text=True))

    undo = client.get(f"{game_url}/undo").get_data(as_text=True)
    assert "Undo hand 1?" in text(undo)
    version = re.search(r'name="version" value="(\d+)"', undo).group(1)
    key = re.search(r'name="request_key" value="([^"]+)"', undo).group(1)
    removed = client.post(f"{game_url}/undo", data={"hand": "1", "version": version, "request_key": key,
                                                    "csrf_token": csrf_token(client, game_url)})
    assert removed.status_code == 303
    page = client.get(game_url).get_data(as_text=True)
    assert "Redo hand 1" in page and "waiting for the tricks" not in page
    assert stored_entries(app, game_url) == []


def test_an_earlier_hand_cannot_be_left_without_its_tricks(client):
    game_url = start_dummy_spades(client)
    post_form(client, f"{game_url}/hands", {**E1_HAND, "hand": "1"}, game_url)
    post_form(client, f"{game_url}/hands", {**E1_HAND, "hand": "2"}, game_url)

    edit = client.get(f"{game_url}/hands/1/edit").get_data(as_text=True)

    assert "Save bids" not in edit


def test_a_live_viewer_sees_the_bids_and_gets_the_tricks_form(client, app):
    game_url = start_dummy_spades(client)
    page = client.get(game_url).get_data(as_text=True)
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    viewer = app.test_client()
    save_bids(client, game_url)

    live = viewer.get(f"{game_url}/live", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "Ann and the dummy need 7 of the 13 tricks." in text(live)

    phone = client.get(f"{game_url}/live?hand=1&version={version}", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert '<div id="entry" hx-swap-oob="true">' in phone and "Save tricks" in phone


FOUR_BIDS = {"bids-0-bid": "5", "bids-1-bid": "3", "bids-2-nil": "y", "bids-3-bid": "4"}
FOUR_TRICKS = {"tricks-0": "6", "tricks-1": "3", "tricks-2": "0", "tricks-3": "4"}


def test_four_player_bids_saved_alone_show_each_team_s_contract_then_the_tricks_complete_the_hand(client, app):
    from .test_pages_spades import start as start_four

    game_url = start_four(client)

    saved = save_bids(client, game_url, bids=FOUR_BIDS)

    assert saved.status_code == 303
    page = text(client.get(game_url).get_data(as_text=True))
    assert "Hand 1: waiting for the tricks" in page
    assert "Ann bid 5 and Cid bid Nil: a contract of 5." in page
    assert "Ann & Cid need 5 of the 13 tricks." in page
    assert "Cid bid Nil: Cid must take no tricks (+100, or −100 if not)." in page
    assert "Ben & Dan need 7 of the 13 tricks." in page
    assert "Change the bids (Ben 3 · Cid Nil · Dan 4 · Ann 5)" in page

    done = post_form(client, f"{game_url}/hands", {**FOUR_BIDS, **FOUR_TRICKS, "hand": "1", "completes": "1"}, game_url)

    assert done.status_code == 303
    board = client.get(game_url).get_data(as_text=True)
    assert re.findall(r'<td class="num score">(−?\d+)</td>', board) == ["151", "70"]
    assert stored_entries(app, game_url)[0]["tricks"] == {"Ann": 6, "Ben": 3, "Cid": 0, "Dan": 4}


DECLARED = {"elder-point-cards": "5", "elder-point-value": "48", "younger-point-cards": "5",
            "younger-point-value": "45", "elder-sequences-0-length": "3", "elder-sequences-0-top": "K",
            "younger-sequences-0-length": "3", "younger-sequences-0-top": "A", "elder-sets-A": "3",
            "younger-sets-T": "4"}
PLAY = {"play": "tricks", **{f"tricks-{i}": role for i, role in enumerate(["elder"] * 6 + ["younger"] * 5 + ["elder"])}}


def test_piquet_declarations_saved_alone_show_the_points_then_the_play_completes_the_deal(client, app):
    from .test_pages_piquet import start as start_piquet

    game_url = start_piquet(client)
    first = client.get(game_url).get_data(as_text=True)
    assert '<button class="button" type="submit" name="step" value="first">Save declarations</button>' in first

    saved = post_form(client, f"{game_url}/hands", {**DECLARED, "hand": "1", "step": "first"}, game_url)

    assert saved.status_code == 303
    assert "tricks" not in stored_entries(app, game_url)[0]
    board = client.get(game_url).get_data(as_text=True)
    page = text(board)
    assert "Deal 1: waiting for the play" in page
    assert "Elder: Ann (leads, exchanges up to 5)" in page and "Younger: Ben (the dealer)" in page
    assert "Ann scores 5 points from the declarations" in page
    assert "Ben scores 17 points from the declarations" in page
    assert "Ben's quatorze of tens beats Ann's trio of aces: Ben scores 14." in page
    assert "Waiting for the play: counts in no total yet" in page
    assert board.index('class="play"') < board.index('class="kept-bids"')
    assert "Save the play" in page

    assert re.findall(r'class="name">(\w+) <span class="tag">deals</span>', board) == ["Ben"]  # the dealer of deal 1

    done = post_form(client, f"{game_url}/hands", {**DECLARED, **PLAY, "hand": "1", "completes": "1"}, game_url)

    assert done.status_code == 303
    board = client.get(game_url).get_data(as_text=True)
    assert "waiting for the play" not in board
    assert re.findall(r'class="name">(\w+) <span class="tag">deals</span>', board) == ["Ann"]  # deal 2
    assert re.findall(r'<td class="num score">(−?\d+)</td>', board) == ["24", "23"]


def test_piquet_save_deal_without_the_play_is_still_refused(client, app):
    from .test_pages_piquet import start as start_piquet

    game_url = start_piquet(client)

    response = post_form(client, f"{game_url}/hands", {**DECLARED, "hand": "1"}, game_url)

    assert response.status_code == 422
    assert "Enter exactly 12 trick winners." in response.get_data(as_text=True)
    assert stored_entries(app, game_url) == []
