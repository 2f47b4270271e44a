"""Names in Unicode's composed form (NFC): look-alike spellings of one name are one player."""

from __future__ import annotations

import re

from scorekeeper.extensions import db
from scorekeeper.models import Seat

from .api_client import create, errors
from .forms_client import errors_in, post_form

COMPOSED = "Ren\u00e9e"  # é as one character
DECOMPOSED = "Rene\u0301e"  # e, then a combining acute accent: looks the same


def spades(*players):
    return {"game": "dummy-spades", "players": list(players), "first_dealer": players[0]}


def test_two_spellings_of_one_name_are_refused_as_two_players(client):
    response = client.post("/api/v1/games", json=spades(DECOMPOSED, COMPOSED, "Cid"))
    assert response.status_code == 422
    assert response.get_json() == errors(("players[1]", f"Two players cannot both be called “{COMPOSED}”."))


def test_the_new_game_page_says_so_beside_the_field(client):
    form = {"player_0": DECOMPOSED, "player_1": COMPOSED, "player_2": "Cid", "dummy_after": "2",
            "first_dealer": "0", "target": "300", "target_other": "", "bag_limit": "10", "bag_penalty": "100",
            "variant": "no-peeky"}
    response = post_form(client, "/new/dummy-spades", form)
    assert response.status_code == 422
    assert errors_in(response.get_data(as_text=True)) == [f"Two players cannot both be called “{COMPOSED}”."]


def test_names_are_stored_and_shown_composed(client, app):
    table = create(client, spades(DECOMPOSED, "Ben", "Cid"))
    game = table.get()
    assert game["players"] == [COMPOSED, "Ben", "Cid"]
    assert game["first_dealer"] == COMPOSED
    with app.app_context():
        assert db.session.execute(db.select(Seat.name).where(Seat.position == 0)).scalar_one() == COMPOSED


def test_a_hand_may_name_a_player_in_either_spelling(client):
    table = create(client, spades(COMPOSED, "Ben", "Cid"))
    hand = table.add({
        "bids": [{"player": DECOMPOSED, "bid": 7}, {"player": "Ben", "bid": 5}, {"player": "Cid", "bid": 6}],
        "tricks": {DECOMPOSED: 5, "dummy": 3, "Ben": 2, "Cid": 3},
    })
    assert hand["game"]["totals"][COMPOSED] == {"score": 71, "bags": 1}


def test_both_spellings_are_one_player_in_the_stats(client):
    create(client, spades(DECOMPOSED, "Ben", "Cid"))
    create(client, spades(COMPOSED, "Dee", "Eve"))
    page = client.get("/players").get_data(as_text=True)
    listed = re.findall(r'<span class="names">([^<]*)</span>\s*<small>([^<]*)</small>', page)
    assert (COMPOSED, "2 games") in listed
    assert [name for name, _ in listed].count(COMPOSED) == 1
    assert client.get(f"/players/{DECOMPOSED}").status_code == 200
