"""The big screen runs the evening (issue 45, item 5): once a round is seated it shows who sits where and how
far the round has gone, and its live updates carry both."""

from __future__ import annotations

from .test_api_events import create, play, seat


def test_the_big_screen_shows_the_rounds_seating_and_progress_and_its_polls_follow(client):
    created = create(client)
    screen = f"/events/{created['id']}/screen"
    html = client.get(screen).get_data(as_text=True)
    assert '<section id="seating"' in html and "who sits where" not in html
    seated = seat(client, created)
    html = client.get(screen).get_data(as_text=True)
    assert "Round 1 of 2: who sits where" in html and "0 of 2 tables finished." in html
    for table in seated["tables"]:
        assert (f"<strong>Table {table['table']}</strong>\n          <span>{', '.join(table['players'])}</span>"
                in html)
    assert f"Sitting out (a bye): {seated['byes'][0]['player']}" in html
    assert 'hx-select-oob="#seating,#leaderboard"' in html
    play(client, seated["tables"][0])
    live = client.get(f"/events/{created['id']}/live").get_data(as_text=True)
    assert "1 of 2 tables finished." in live and 'id="leaderboard"' in live


def test_in_german(client):
    created = create(client)
    seat(client, created)
    html = client.get(f"/events/{created['id']}/screen?lang=de").get_data(as_text=True)
    assert "Durchgang 1 von 2: wer wo sitzt" in html and "0 von 2 Tischen fertig." in html
