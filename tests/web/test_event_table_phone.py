"""A club night's table on its own phone (issue 45, item 1): the game page names the evening, the round and the
table, counts the round's hands, and once the table has finished takes the confirmation and points to the next
round."""

from __future__ import annotations

from .forms_client import csrf_token
from .test_api_events import EVENT, create, play, seat
from .test_long_reads import statements


def test_a_tables_phone_names_its_evening_confirms_its_result_and_points_to_the_next_round(client):
    created = create(client, {**EVENT, "players": ["Ann", "Ben", "Cid"], "hands_per_round": 2})
    table = seat(client, created)["tables"][0]
    winner, second, third = table["players"]
    client.get(table["edit_url"].removeprefix("http://localhost"))  # the table's phone opens its edit link
    page = f"/g/{table['game']}"
    html = client.get(page).get_data(as_text=True)
    assert "Thursday club</a>\n    · round 1 of 2\n    · table 1 · 2 hands" in html
    assert f'href="/events/{created["id"]}"' in html
    assert "Hand 1 of 2" in html and "Rematch" not in html
    play(client, table)
    assert "Hand 2 of 2" in client.get(page).get_data(as_text=True)
    play(client, table)
    html = client.get(page).get_data(as_text=True)
    assert "This table has finished. A player of a side not placed first checks the scores" in html
    assert f"{second}: I confirm" in html and f"{third}: I confirm" in html and f"{winner}: I confirm" not in html
    assert "Next: the organiser seats round 2 once every table has finished." in html
    assert "Rematch" not in html and "Hand 2 of 2" not in html
    confirmed = client.post(f"/events/{created['id']}/tables/1/1/confirm",
                            data={"player": third, "back": "table", "csrf_token": csrf_token(client, page)})
    assert confirmed.status_code == 303 and confirmed.headers["Location"] == page
    html = client.get(page).get_data(as_text=True)
    assert f"This table has finished; {third} confirmed its result." in html and "I confirm" not in html
    assert "the organiser seats round 2 next." in html and "Next: the organiser seats" not in html, "said once"
    seat(client, created)
    html = client.get(page).get_data(as_text=True)
    assert "Round 2 is seated. Find your table:" in html
    assert f'href="/events/{created["id"]}?player={winner}"' in html


def test_a_viewer_of_a_table_sees_its_evening_but_not_the_confirmation(client):
    created = create(client, {**EVENT, "players": ["Ann", "Ben", "Cid"]})
    table = seat(client, created)["tables"][0]
    play(client, table)
    html = client.get(f"/g/{table['game']}").get_data(as_text=True)
    assert "round 1 of 2" in html and "I confirm" not in html


def test_a_game_of_its_own_still_offers_a_rematch_and_no_evening(client):
    created = create(client, {**EVENT, "players": ["Ann", "Ben", "Cid"]})
    response = client.post("/api/v1/games", json={"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"]})
    assert response.status_code == 201
    body = response.get_json()
    client.get(f"/g/{body['id']}/join/{body['edit_token']}")
    html = client.get(f"/g/{body['id']}").get_data(as_text=True)
    assert "Rematch" in html and "round 1 of" not in html and created["name"] not in html


def test_a_tables_chart_counts_hands_not_a_target_and_its_banner_says_what_happens_next(client):
    created = create(client, {**EVENT, "players": ["Ann", "Ben", "Cid"], "hands_per_round": 2})
    table = seat(client, created)["tables"][0]
    winner, second, third = table["players"]
    page = f"/g/{table['game']}"
    client.get(table["edit_url"].removeprefix("http://localhost"))
    play(client, table)
    html = client.get(page).get_data(as_text=True)
    assert "Target 300" not in html and "The game ends after its 2 hands." in html
    play(client, table)
    html = client.get(page).get_data(as_text=True)
    assert "wins with" not in html
    assert ("This table has finished: its result counts for the club night once a player of a side not placed "
            "first confirms it.") in html
    client.post(f"/events/{created['id']}/tables/1/1/confirm",
                data={"player": third, "back": "table", "csrf_token": csrf_token(client, page)})
    assert ("This table has finished and its result is confirmed: the organiser seats round 2 next."
            in client.get(page).get_data(as_text=True))
    seat(client, created)
    assert ("This table has finished and its result is confirmed: round 2 is seated."
            in client.get(page).get_data(as_text=True))


def test_a_game_of_its_own_keeps_its_target_line_and_its_winner(client):
    response = client.post("/api/v1/games", json={"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"]})
    body = response.get_json()
    client.post(f"/api/v1/games/{body['id']}/hands", json={
        "bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5}, {"player": "Cid", "bid": 6}],
        "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3}}, headers={"Authorization": f"Bearer {body['edit_token']}"})
    assert "Target 300" in client.get(f"/g/{body['id']}").get_data(as_text=True)


def test_a_tables_page_reads_its_evening_with_the_game_and_a_game_of_its_own_as_well(app, client):
    created = create(client, {**EVENT, "players": ["Ann", "Ben", "Cid"], "hands_per_round": 2})
    table = seat(client, created)["tables"][0]
    client.get(table["edit_url"].removeprefix("http://localhost"))  # an editor: the page is drawn, never kept whole
    alone = client.post("/api/v1/games", json={"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"]}).get_json()
    client.get(f"/g/{alone['id']}/join/{alone['edit_token']}")
    for game_id, evening in ((table["game"], "round 1 of 2"), (alone["id"], None)):
        ran, page = statements(app, lambda game_id=game_id: client.get(f"/g/{game_id}"))

        assert page.status_code == 200
        assert (evening in page.text) if evening else ("round 1 of" not in page.text)
        games = [sql for sql in ran if sql.startswith("SELECT") and "FROM game" in sql]
        assert len(games) == 1 and "LEFT OUTER JOIN event_table" in games[0], games
        assert not [sql for sql in ran if "event_table" in sql and sql not in games]
