"""At a tie for first, the result is confirmed by a side outside the tied leaders (issue 45, item 4).

The hand (docs/rules.md A10): the table's first seat declares 9 and takes 4 with the dummy's 2, going set; the two
defenders bid 3 each and take 4 and 3, 3 of their 7: -90, 34 and 34, the two defenders share first place."""

from __future__ import annotations

from .api_client import auth
from .forms_client import csrf_token
from .test_api_events import EVENT, create, seat


def tie(client, table):
    first, second, third = table["players"]
    hand = {"bids": [{"player": first, "bid": 9}, {"player": second, "bid": 3}, {"player": third, "bid": 3}],
            "tricks": {first: 4, "dummy": 2, second: 4, third: 3}}
    response = client.post(f"/api/v1/games/{table['game']}/hands", json=hand, headers=auth(table["edit_token"]))
    assert response.status_code == 201, response.get_json()


def test_a_tied_leader_cannot_confirm_and_the_page_offers_only_the_player_behind_them(client):
    created = create(client, {**EVENT, "players": ["Ann", "Ben", "Cid"]})
    table = seat(client, created)["tables"][0]
    first, second, third = table["players"]
    tie(client, table)
    csv = client.get(f"/events/{created['id']}/tables.csv").get_data(as_text=True)
    for name, score in ((first, -90), (second, 34), (third, 34)):
        assert f"1,1,{table['game']},finished,{name},{score}," in csv
    client.get(table["edit_url"].removeprefix("http://localhost"))
    html = client.get(f"/events/{created['id']}").get_data(as_text=True)
    assert f"{first} confirms" in html and f"{second} confirms" not in html and f"{third} confirms" not in html
    game_page = client.get(f"/g/{table['game']}").get_data(as_text=True)
    assert f"{first}: I confirm" in game_page and f"{third}: I confirm" not in game_page
    refused = client.post(f"/api/v1/events/{created['id']}/tables/1/1/confirm", json={"player": second},
                          headers=auth(created["edit_token"]))
    assert refused.status_code == 422
    assert refused.get_json()["errors"] == [{"field": "player", "message": f"{second} shares first place at this "
                                             "table: a player of another side confirms the result."}]
    page = f"/events/{created['id']}"
    client.post(f"{page}/tables/1/1/confirm", data={"player": third, "csrf_token": csrf_token(client, page)})
    assert "confirmed by" not in client.get(page).get_data(as_text=True)
    confirmed = client.post(f"/api/v1/events/{created['id']}/tables/1/1/confirm", json={"player": first},
                            headers=auth(created["edit_token"]))
    assert confirmed.status_code == 200 and confirmed.get_json()["tables"][0]["confirmed_by"] == first
