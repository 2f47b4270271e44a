"""Every figure of a club night explained where it is shown (issue 45, item 2): one sentence each under the
standings, and a worked line for the reader's own row (a player chosen on the event page, every player of a
table on its phone), else for the leader. The hand is test_api_events's: 71, 50 and -60 at each table (an
average of 20.3), so the first seats share the lead with 2 match points and a margin of 50.7."""

from __future__ import annotations

from ..games import PIQUET_DEALS
from .api_client import auth
from .test_api_events import create, play, seat

SENTENCES = (
    "Match points: at a table of n sides, place k earns n − k; sides sharing a place share its points.",
    "Margin: the score minus the table's average.",
    "A bye earns a table's average: match points 1.0, margin 0.0.",
)


def played_round(client):
    created = create(client)
    seated = seat(client, created)
    for table in seated["tables"]:
        play(client, table)
    return created, seated


def test_the_standings_explain_their_figures_and_work_the_leaders_out_on_every_view(client):
    created, seated = played_round(client)
    leader = client.get(f"/api/v1/events/{created['id']}").get_json()["standings"][0]["player"]
    table = next(t for t in seated["tables"] if t["players"][0] == leader)
    line = (f"{leader}, round 1, table {table['table']}: place 1 of 3 → match points 2.0; 71 − 20.3 average → "
            "margin +50.7.")
    for view in ("", "/screen", "/sheet", "/live"):
        html = client.get(f"/events/{created['id']}{view}").get_data(as_text=True)
        assert all(sentence in html for sentence in SENTENCES), view
        assert line in html, view


def test_a_chosen_player_gets_their_own_worked_line_a_bye_too(client):
    created, seated = played_round(client)
    last = seated["tables"][0]["players"][2]
    html = client.get(f"/events/{created['id']}?player={last}").get_data(as_text=True)
    assert (f"{last}, round 1, table 1: place 3 of 3 → match points 0.0; −60 − 20.3 average → margin −80.3."
            in html)
    bye = seated["byes"][0]["player"]
    html = client.get(f"/events/{created['id']}?player={bye}").get_data(as_text=True)
    assert f"{bye}, round 1: a bye → match points 1.0, margin 0.0." in html


def test_in_german_with_its_decimal_comma(client):
    created, seated = played_round(client)
    html = client.get(f"/events/{created['id']}?lang=de").get_data(as_text=True)
    assert "Matchpunkte: an einem Tisch mit n Seiten bringt Platz k n − k Punkte" in html
    assert "Platz 1 von 3 → Matchpunkte 2,0; 71 − 20,3 Durchschnitt → Differenz +50,7." in html


def test_a_finished_tables_phone_works_out_each_of_its_players(client):
    created, seated = played_round(client)
    table = seated["tables"][1]
    first, second, third = table["players"]
    client.get(table["edit_url"].removeprefix("http://localhost"))
    html = client.get(f"/g/{table['game']}").get_data(as_text=True)
    assert f"{first}, round 1, table 2: place 1 of 3 → match points 2.0; 71 − 20.3 average → margin +50.7." in html
    assert f"{second}, round 1, table 2: place 2 of 3 → match points 1.0; 50 − 20.3 average → margin +29.7." in html
    assert f"{third}, round 1, table 2: place 3 of 3 → match points 0.0; −60 − 20.3 average → margin −80.3." in html


def test_a_rubicon_partie_is_worked_out_from_its_settlement(client):
    created = create(client, {"name": "Piquet night", "game": "piquet", "players": ["Ann", "Ben", "Cid"],
                              "rounds": 1})
    table = seat(client, created)["tables"][0]
    for deal in PIQUET_DEALS:
        response = client.post(f"/api/v1/games/{table['game']}/hands", json=deal, headers=auth(table["edit_token"]))
        assert response.status_code == 201, response.get_json()
    settlement = client.get(f"/api/v1/games/{table['game']}").get_json()["settlement"]
    winner = settlement["winner"]
    html = client.get(f"/events/{created['id']}").get_data(as_text=True)
    assert ("Margin: the score minus the table's average; in a Rubicon partie, the points its settlement wins or "
            "loses.") in html
    assert "A bye earns a table's average: match points 0.5, margin 0.0." in html
    assert (f"{winner}, round 1, table 1: place 1 of 2 → match points 1.0; the partie&#39;s settlement → margin "
            f"+{settlement['points']}.0.") in html
