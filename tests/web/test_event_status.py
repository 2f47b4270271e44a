"""A club night's status line says what is true at every step (issue 45, item 3: rules/events/progress.py)."""

from __future__ import annotations

from .api_client import auth
from .test_api_events import EVENT, create, play, seat

PLAYERS = ["Ann", "Ben", "Cid", "Dan", "Eve", "Fay"]


def status(client, created, language="en"):
    html = client.get(f"/events/{created['id']}/screen", headers={"Accept-Language": language}).get_data(as_text=True)
    start = html.index('id="leaderboard-title">') + 23
    heading = html[start:html.index("</h2>", start)]
    line = html[html.index('class="event-status">') + 21:html.index("</p>", html.index('class="event-status">'))]
    return heading.strip(), " ".join(line.split())


def confirm(client, created, table, player):
    response = client.post(f"/api/v1/events/{created['id']}/tables/{table['round']}/{table['table']}/confirm",
                           json={"player": player}, headers=auth(created["edit_token"]))
    assert response.status_code == 200, response.get_json()


def test_every_state_of_an_evening_has_its_own_true_status_line(client):
    created = create(client, {**EVENT, "players": PLAYERS})
    assert status(client, created) == ("Standings", "Waiting for the organiser to seat round 1.")
    first = seat(client, created)["tables"]
    assert status(client, created) == ("Provisional standings during round 1 of 2",
                                       "Round 1 is playing: 0 of 2 tables finished, 0 confirmed. Still playing: "
                                       "tables 1 and 2. The standings change as the tables finish; the organiser "
                                       "seats the next round once every table has finished.")
    play(client, first[0])
    confirm(client, created, first[0], first[0]["players"][1])
    assert status(client, created)[1].startswith(
        "Round 1 is playing: 1 of 2 tables finished, 1 confirmed. Still playing: table 2.")
    play(client, first[1])
    assert status(client, created) == ("Standings after round 1 of 2",
                                       "Round 1 is over: waiting for the organiser to seat round 2.")
    second = [table for table in seat(client, created)["tables"] if table["round"] == 2]
    for table in second:
        play(client, table)
    assert status(client, created) == ("Standings after round 2 of 2",
                                       "Every round is played; 3 results are not confirmed yet: a player of another "
                                       "side confirms each, or the organiser corrects it.")
    confirm(client, created, first[1], first[1]["players"][1])
    confirm(client, created, second[0], second[0]["players"][1])
    assert status(client, created)[1].startswith("Every round is played; 1 result is not confirmed yet")
    confirm(client, created, second[1], second[1]["players"][1])
    assert status(client, created)[1] == "Final standings: every round is played and every result confirmed."


def test_the_tables_still_playing_are_listed_the_languages_way(client):
    created = create(client, {**EVENT, "players": PLAYERS + ["Gus", "Hal", "Ivy"]})
    seat(client, created)
    assert "Es wird noch gespielt: Tische 1, 2 und 3." in status(client, created, "de")[1]
    assert "On joue encore : tables 1, 2 et 3." in status(client, created, "fr")[1]
    assert "Aún se juega: mesas 1, 2 y 3." in status(client, created, "es")[1]
