"""Club nights' pages: the new-event form, the event page (the organiser's too), the big screen, the exports."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import event as sql_event

from scorekeeper.extensions import db
from scorekeeper.models import Event, EventTable
from scorekeeper.pages.event_figures import event_figure
from scorekeeper.store import event_views

from .forms_client import csrf_token
from .test_api_events import EVENT, create, play, seat

FORM = {"name": "Thursday club", "game": "dummy-spades", "players": "Ann\nBen\nCid\nDan", "rounds": "2",
        "hands_per_round": "1", "target": ""}


def test_the_new_event_form_creates_the_event_and_makes_this_browser_its_organiser(client):
    assert client.get("/events/new").status_code == 200
    response = client.post("/events/new", data={**FORM, "csrf_token": csrf_token(client, "/events/new")})
    assert response.status_code == 303
    event_page = client.get(response.headers["Location"])
    assert event_page.status_code == 200
    html = event_page.get_data(as_text=True)
    assert "Seat round 1" in html and "Thursday club" in html
    token = csrf_token(client, response.headers["Location"])
    seated = client.post(response.headers["Location"] + "/rounds", data={"csrf_token": token})
    assert seated.status_code == 303
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Edit link of table 1" in html and "Sitting out (a bye)" in html


def test_a_bad_event_is_refused_beside_its_fields(client):
    response = client.post("/events/new", data={**FORM, "players": "Ann\nann\nCid", "rounds": "0",
                                                 "csrf_token": csrf_token(client, "/events/new")})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Line 2: Two players cannot both be called “ann”." in html
    assert "The number of rounds is a whole number from 1 to 20." in html


def test_the_plain_link_shows_the_standings_without_the_organisers_controls(client):
    created = create(client)
    first = seat(client, created)
    play(client, first["tables"][0])
    html = client.get(f"/events/{created['id']}").get_data(as_text=True)
    assert "Provisional standings during round 1 of 2" in html and "Still playing: table 2." in html
    assert "Edit link" not in html and "Seat round" not in html
    assert client.get(f"/events/{created['id']}/tables/{first['tables'][0]['game']}/qr.svg").status_code == 403


def test_the_big_screen_polls_with_the_events_etag(client):
    created = create(client)
    screen = client.get(f"/events/{created['id']}/screen")
    assert screen.status_code == 200
    live = client.get(f"/events/{created['id']}/live")
    assert live.status_code == 200 and 'id="leaderboard"' in live.get_data(as_text=True)
    etag = live.headers["ETag"]
    assert client.get(f"/events/{created['id']}/live", headers={"If-None-Match": etag}).status_code == 304
    table = seat(client, created)["tables"][0]
    play(client, table)
    assert client.get(f"/events/{created['id']}/live", headers={"If-None-Match": etag}).status_code == 200
    assert client.get("/events/nope/live").status_code == 404


def test_the_big_screen_shows_its_kept_standings_without_decoding_every_table(client, monkeypatch):
    """Once the standings are kept for the event's version, the big screen and its poll show them with the
    event's name, read with them, and never decode the event's view (every table's): so they cost the same for
    30 tables as for 3."""
    created = create(client, {**EVENT, "name": "Thursday <club>"})
    play(client, seat(client, created)["tables"][0])
    screen, live = f"/events/{created['id']}/screen", f"/events/{created['id']}/live"
    drawn = client.get(screen).get_data(as_text=True)  # draws the standings from the view, and keeps them

    def decoded(_viewed):
        raise AssertionError("the event's view was decoded")

    monkeypatch.setattr(event_views.Viewed, "view", property(decoded))
    html = client.get(screen).get_data(as_text=True)
    assert "<h1>Thursday &lt;club&gt;</h1>" in html and "<title>Thursday &lt;club&gt; · Leaderboard" in html
    standings = html[html.index('id="leaderboard"'):html.index("</table>")]
    assert standings == drawn[drawn.index('id="leaderboard"'):drawn.index("</table>")]
    assert "Provisional standings during round 1 of 2" in standings
    polled = client.get(live)
    assert polled.status_code == 200 and standings in polled.get_data(as_text=True)
    assert client.get(live, headers={"If-None-Match": polled.headers["ETag"]}).status_code == 304


def test_the_standings_and_the_tables_are_two_csv_files_of_one_header_each_and_the_results_sheet(client):
    created = create(client, {**EVENT, "players": ["Ann", "Ben", "Cid", "Dan"]})
    seated = seat(client, created)
    table = seated["tables"][0]
    first, second, third = table["players"]
    bye = seated["byes"][0]["player"]
    play(client, table)
    standings = client.get(f"/events/{created['id']}/standings.csv")
    assert standings.headers["Content-Disposition"] == f'attachment; filename="event-{created["id"]}-standings.csv"'
    assert standings.get_data(as_text=True).splitlines() == [
        "place,player,match_points,margin,tables,byes", f"1,{first},2.0,50.7,1,0", f"2,{second},1.0,29.7,1,0",
        f"3,{bye},1.0,0.0,0,1", f"4,{third},0.0,-80.3,1,0"]
    tables = client.get(f"/events/{created['id']}/tables.csv")
    assert tables.headers["Content-Disposition"] == f'attachment; filename="event-{created["id"]}-tables.csv"'
    assert tables.get_data(as_text=True).splitlines() == [
        "round,table,game,status,player,score,place,sides,table_average,match_points,margin,confirmed_by,corrected_at",
        f"1,1,{table['game']},finished,{first},71,1,3,20.3,2.0,50.7,,",
        f"1,1,{table['game']},finished,{second},50,2,3,20.3,1.0,29.7,,",
        f"1,1,{table['game']},finished,{third},-60,3,3,20.3,0.0,-80.3,,",
        f"1,,,bye,{bye},,,,,1.0,0.0,,",
    ]
    assert client.get(f"/events/{created['id']}/sheet").status_code == 200


def test_the_event_page_the_big_screen_and_a_poll_cost_one_query_each_whatever_the_size(app, client):
    def selects(path, **kwargs):
        statements = []

        def count(_conn, _cursor, statement, *_args):
            if statement.lstrip().upper().startswith("SELECT"):
                statements.append(statement)

        with app.app_context():
            sql_event.listen(db.engine, "before_cursor_execute", count)
            try:
                response = client.get(path, **kwargs)
                assert response.status_code in (200, 304)
            finally:
                sql_event.remove(db.engine, "before_cursor_execute", count)
        return len(statements)

    for size in (3, 30):
        created = create(client, {**EVENT, "players": [f"P{index}" for index in range(size * 3)]})
        seat(client, created)
        path = f"/events/{created['id']}"
        # The page makes the event's view (after the round was seated), and keeping it reads nothing (the cache's
        # size moves in the same write, store/cache/renders.py); the screen and the poll read it kept.
        assert (selects(path), selects(f"{path}/screen")) == (2, 1)
        version = client.get(f"/api/v1/events/{created['id']}").get_json()["version"]
        assert selects(f"{path}/live", headers={"If-None-Match": f'W/"event-{version}"'}) == 1


def test_the_tables_phone_confirms_the_result_on_the_event_page(client):
    created = create(client, {**EVENT, "players": ["Ann", "Ben", "Cid"]})
    table = seat(client, created)["tables"][0]
    winner, second, third = table["players"]
    client.get(table["edit_url"].removeprefix("http://localhost"))  # the table's phone opens its edit link
    page = f"/events/{created['id']}"
    assert "confirms</button>" not in client.get(page).get_data(as_text=True)
    play(client, table)
    html = client.get(page).get_data(as_text=True)
    assert f"{second} confirms" in html and f"{third} confirms" in html and f"{winner} confirms" not in html
    token = csrf_token(client, page)
    response = client.post(f"{page}/tables/1/1/confirm", data={"player": second, "csrf_token": token})
    assert response.status_code == 303
    html = client.get(page).get_data(as_text=True)
    assert f"Finished, confirmed by {second}" in html and "confirms</button>" not in html


def test_a_phone_holding_one_tables_link_confirms_that_table_only(client):
    """Two tables finished, the phone holds one's edit link: it is offered that table's confirmations and not the
    other's (the cookie is read once for every table, `access.holding_tokens`)."""
    created = create(client, {**EVENT, "players": ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay"]})
    mine, other = seat(client, created)["tables"]
    client.get(mine["edit_url"].removeprefix("http://localhost"))
    play(client, mine)
    play(client, other)
    html = client.get(f"/events/{created['id']}").get_data(as_text=True)
    assert f"{mine['players'][1]} confirms" in html and f"{mine['players'][2]} confirms" in html
    assert not [name for name in other["players"] if f"{name} confirms" in html]


def test_a_form_sent_twice_creates_one_event_and_seats_one_round(app, client):
    form = {**FORM, "csrf_token": csrf_token(client, "/events/new"), "request_key": "k" * 22}
    first = client.post("/events/new", data=form)
    again = client.post("/events/new", data=form)
    assert first.status_code == again.status_code == 303 and first.headers["Location"] == again.headers["Location"]
    page = first.headers["Location"]
    seat_form = {"csrf_token": csrf_token(client, page), "request_key": "s" * 22}
    assert client.post(f"{page}/rounds", data=seat_form).status_code == 303
    assert client.post(f"{page}/rounds", data=seat_form).status_code == 303
    with app.app_context():
        assert db.session.query(Event).count() == 1
        assert db.session.query(EventTable).count() == 1


def test_seating_while_a_table_plays_is_refused_on_the_organisers_page(client):
    response = client.post("/events/new", data={**FORM, "csrf_token": csrf_token(client, "/events/new")})
    page = response.headers["Location"]
    assert client.post(f"{page}/rounds", data={"csrf_token": csrf_token(client, page)}).status_code == 303
    response = client.post(f"{page}/rounds", data={"csrf_token": csrf_token(client, page)})
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "Round 1 is still playing at table 1: seat the next round once it has finished." in html
    assert "Edit link of table 1" in html


def test_a_player_finds_their_tables_by_the_plain_link(client):
    created = create(client)
    first = seat(client, created)
    table = first["tables"][1]
    name = table["players"][0]
    html = client.get(f"/events/{created['id']}?player={name.lower()}").get_data(as_text=True)
    assert f"Where {name} plays" in html
    assert f"Round 1, table 2</a>:\n            {', '.join(table['players'])} · Playing" in html
    bye = first["byes"][0]["player"]
    assert "Round 1: sitting out (a bye)" in client.get(f"/events/{created['id']}?player={bye}").get_data(as_text=True)


def test_the_players_are_offered_in_alphabetical_order_whatever_their_case(client):
    created = create(client, {**EVENT, "players": ["ben", "Cid", "ann", "Dee", "Bea", "alf"]})
    html = client.get(f"/events/{created['id']}?player=bea").get_data(as_text=True)
    assert re.findall(r"<option( selected)?>([^<]*)</option>", html) == [
        ("", "alf"), ("", "ann"), (" selected", "Bea"), ("", "ben"), ("", "Cid"), ("", "Dee")]


def test_the_big_screens_letters_shrink_as_the_players_grow_in_number_so_that_every_line_fits_the_wall(client):
    for count, lines in ((10, "few"), (11, "some"), (20, "some"), (21, "many")):
        created = create(client, {**EVENT, "players": [f"P{number:02}" for number in range(count)]})
        html = client.get(f"/events/{created['id']}/screen").get_data(as_text=True)
        assert f'class="leaderboard lines-{lines}"' in html, count


@pytest.mark.parametrize(("value", "language", "written"), [
    (-80.33, "en", "\u221280.3"), (-80.33, "fr", "\u221280,3"), (50.7, "de", "50,7"), (-0.04, "en", "0.0"),
    (0.0, "es", "0,0")])
def test_a_leaderboards_figures_are_written_with_the_readers_decimal_and_minus_signs(app, value, language, written):
    with app.test_request_context(f"/?lang={language}"):
        assert event_figure(value) == written


def test_the_results_sheet_writes_a_tables_scores_as_the_games_pages_do(client):
    created = create(client)
    play(client, seat(client, created)["tables"][0])
    html = client.get(f"/events/{created['id']}/sheet").get_data(as_text=True)
    assert "\u221280.3" in html and "-80.3" not in html
    assert re.search(r"\u2212\d", re.sub(r"<[^>]+>", "", html.split("<tbody>", 1)[-1])), "a score below nothing"
