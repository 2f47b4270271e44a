"""A ladder's pages: a new ladder from the home page, its keeper's link and QR code, a new club night of it, the
ratings table with its changes, why each rating moved, and the chart (docs/api.md "Ladders")."""

from __future__ import annotations

import re

import pytest
from openskill.models import PlackettLuce

from scorekeeper.extensions import db
from scorekeeper.models import Event, Ladder
from scorekeeper.web import access

from .api_client import auth
from .forms_client import csrf_token
from .test_api_events import play, seat
from .test_api_ladders import EVENING, evening, new_ladder

EVENT_FORM = {"name": "Week 1", "game": "dummy-spades", "players": "Ann\nBen\nCid", "rounds": "1",
              "hands_per_round": "1", "target": ""}


def test_a_new_ladder_from_the_home_page_makes_this_browser_its_keeper(app, client):
    assert 'href="/ladders/new"' in client.get("/").get_data(as_text=True)
    response = client.post("/ladders/new", data={"name": "Thursday club", "game": "dummy-spades",
                                                  "csrf_token": csrf_token(client, "/ladders/new")})
    assert response.status_code == 303
    page = client.get(response.headers["Location"])
    html = page.get_data(as_text=True)
    assert "Thursday club" in html and "New club night of this ladder" in html and "Keeper's link" in html
    ladder_id = response.headers["Location"].rsplit("/", 1)[1]
    qr = client.get(f"/ladders/{ladder_id}/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    # The new club night of this ladder: the keeper's form, the evening joining the ladder.
    new_event = f"/ladders/{ladder_id}/events/new"
    form = client.get(new_event).get_data(as_text=True)
    assert '<option selected value="dummy-spades">' in form
    response = client.post(new_event, data={**EVENT_FORM, "csrf_token": csrf_token(client, new_event)})
    assert response.status_code == 303 and "/organise?token=" in response.headers["Location"]
    with app.app_context():
        ladder = db.session.query(Ladder).one()
        assert [event.ladder_id for event in db.session.query(Event)] == [ladder.id]


def test_the_ladder_forms_sent_twice_create_one_ladder_and_one_club_night_and_keep_the_keeper(app, client):
    """A double tap, or a retry, on either form: where the first sending went, the keeper's token kept again."""
    form = {"name": "Thursday club", "game": "dummy-spades", "csrf_token": csrf_token(client, "/ladders/new"),
            "request_key": "q7Zk2Lx9Vb4Nw1Rt8Yc3Hd"}
    first = client.post("/ladders/new", data=form)
    with client.session_transaction() as session:
        session.pop(access.KEPT)  # the first answer's tokens lost: the repeat gives this browser the keeper's again
    again = client.post("/ladders/new", data=form)
    assert first.status_code == again.status_code == 303 and first.headers["Location"] == again.headers["Location"]
    assert "New club night of this ladder" in client.get(again.headers["Location"]).get_data(as_text=True)
    new_event = f"{again.headers['Location']}/events/new"
    evening = {**EVENT_FORM, "csrf_token": csrf_token(client, new_event), "request_key": "m3Pf8Ws1Jx6Kq0Tv5Gb2Ne"}
    first = client.post(new_event, data=evening)
    again = client.post(new_event, data=evening)
    assert first.status_code == again.status_code == 303 and first.headers["Location"] == again.headers["Location"]
    with app.app_context():
        assert db.session.query(Ladder).count() == 1
        assert db.session.query(Event).count() == 1


def test_a_ladder_page_without_the_keepers_token_has_no_controls(client):
    ladder = new_ladder(client)
    html = client.get(f"/ladders/{ladder['id']}").get_data(as_text=True)
    assert "Thursday club" in html and "No table has finished yet" in html
    assert "New club night of this ladder" not in html
    assert client.get(f"/ladders/{ladder['id']}/qr.svg").status_code == 403
    assert client.get(f"/ladders/{ladder['id']}/events/new").status_code == 403
    assert client.get(f"/ladders/{ladder['id']}/keep?token=wrong").status_code == 403
    assert client.get("/ladders/nope").status_code == 404


def test_a_bad_ladder_is_refused_beside_its_field_and_nothing_is_saved(app, client):
    response = client.post("/ladders/new", data={"name": "", "game": "spades",
                                                 "csrf_token": csrf_token(client, "/ladders/new")})
    assert response.status_code == 422
    assert "Give the ladder a name." in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(Ladder).count() == 0


def test_a_club_night_of_another_game_is_refused_beside_the_game(app, client):
    ladder = new_ladder(client)
    client.get(f"/ladders/{ladder['id']}/keep?token={ladder['edit_token']}")
    new_event = f"/ladders/{ladder['id']}/events/new"
    response = client.post(new_event, data={**EVENT_FORM, "game": "spades", "players": "Ann\nBen\nCid\nDan",
                                            "csrf_token": csrf_token(client, new_event)})
    assert response.status_code == 422
    assert "This ladder rates games of dummy-spades: its club nights play that game." in response.get_data(
        as_text=True)
    with app.app_context():
        assert db.session.query(Event).count() == 0


def test_the_ratings_table_shows_each_players_rating_change_and_why_it_moved(client):
    ladder = new_ladder(client)
    first = evening(client, ladder, rounds=1)
    table = seat(client, first)["tables"][0]
    play(client, table)
    winner, second, third = table["players"]
    model = PlackettLuce()
    [[w], [s], [t]] = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 3])
    html = client.get(f"/ladders/{ladder['id']}").get_data(as_text=True)
    rows = re.findall(r'<tr><td>(\d+)</td><th scope="row">(\w+)</th><td>([^<]+)</td><td>(\d+)</td>', html)
    assert rows == [("1", winner, f"{w.ordinal():.2f}".replace("-", "−"), "1"),
                    ("2", second, f"{s.ordinal():.2f}".replace("-", "−"), "1"),
                    ("3", third, f"{t.ordinal():.2f}".replace("-", "−"), "1")]
    assert f"won table 1 against {second} (rated 0.00) and {third} (rated 0.00): +{w.ordinal():.2f}" in html
    assert "▲" in html and "▼" in html
    assert '<figure class="chart" id="rating-chart">' in html
    chart_table = html.split('<table class="chart-table">')[1].split("</table>")[0]
    assert "<caption>Ratings after each club night</caption>" in chart_table
    assert re.findall(r'<th scope="col">([^<]+)</th>', chart_table) == ["Club night", winner, second, third]
    assert re.findall(r"<td>([^<]+)</td>", chart_table) == [
        f"{rating.ordinal():.2f}".replace("-", "−") for rating in (w, s, t)]
    french = client.get(f"/ladders/{ladder['id']}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert f"{w.ordinal():.2f}".replace(".", ",") in french


def test_a_ladders_club_night_page_and_big_screen_name_each_sides_chances(client):
    ladder = new_ladder(client)
    first = evening(client, ladder, rounds=1)
    table = seat(client, first)["tables"][0]
    for path in (f"/events/{first['id']}", f"/events/{first['id']}/screen"):
        html = client.get(path).get_data(as_text=True)
        assert " · ".join(f"{name} 33%" for name in table["players"]) in html, path
    assert client.post("/api/v1/events", json={**EVENING, "ladder": ladder["id"]},
                       headers=auth("wrong")).status_code == 403


@pytest.mark.parametrize(("language", "words", "decimal"), [
    ("fr", ("Cotes", "Pourquoi les cotes ont bougé", "a gagné la table 1 contre"), ","),
    ("de", ("Wertungen", "Warum sich die Wertungen bewegten", "gewann Tisch 1 gegen"), ","),
    ("es", ("Valoraciones", "Por qué cambiaron las valoraciones", "ganó la mesa 1 contra"), ","),
    ("en", ("Ratings", "Why the ratings moved", "won table 1 against"), "."),
])
def test_the_ladder_page_in_every_language_with_its_decimal_sign(client, language, words, decimal):
    ladder = new_ladder(client)
    table = seat(client, evening(client, ladder, rounds=1))["tables"][0]
    play(client, table)
    html = client.get(f"/ladders/{ladder['id']}", headers={"Accept-Language": language}).get_data(as_text=True)
    for word in words:
        assert word in html
    model = PlackettLuce()
    [[winner], _, _] = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 3])
    assert f"+{winner.ordinal():.2f}".replace(".", decimal) in html


def test_the_big_screen_follows_a_new_round_of_chances(client):
    ladder = new_ladder(client)
    night = evening(client, ladder, rounds=2)
    screen = client.get(f"/events/{night['id']}/screen").get_data(as_text=True)
    assert 'id="chances"' in screen and "Table 1:" not in screen
    table = seat(client, night)["tables"][0]
    chances = client.get(f"/ladders/evenings/{night['id']}/chances")
    assert chances.status_code == 200
    assert "Table 1: " + " · ".join(f"{name} 33%" for name in table["players"]) in chances.get_data(as_text=True)
    play(client, table)
    second = next(t for t in seat(client, night)["tables"] if t["round"] == 2)
    # The first table's winner is now the favourite of round 2.
    shown = client.get(f"/ladders/evenings/{night['id']}/chances").get_data(as_text=True)
    favourite = max(second["chances"], key=second["chances"].get)
    assert favourite == table["players"][0] and f"{favourite} {round(100 * second['chances'][favourite])}%" in shown
    other = client.post("/api/v1/events", json={**EVENING, "name": "Alone"}).get_json()
    assert client.get(f"/ladders/evenings/{other['id']}/chances").status_code == 404
    assert 'id="chances"' not in client.get(f"/events/{other['id']}/screen").get_data(as_text=True)
