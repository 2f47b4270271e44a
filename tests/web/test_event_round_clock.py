"""The optional round clock (issue 45, item 5): the organiser sets minutes per round, each round seated gets a
deadline that the API carries and the big screen shows (its time without scripts, counted down with them)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from scorekeeper.models import Event

from .api_client import errors
from .forms_client import errors_in, post_form, stored
from .test_api_events import EVENT, create, play, seat


def test_each_round_seated_gets_its_deadline_which_the_api_carries_and_the_screen_shows(client):
    created = create(client, {**EVENT, "round_minutes": 30})
    assert (created["round_minutes"], created["round_deadline"]) == (30, None)
    before = datetime.now(UTC).replace(microsecond=0)
    seated = seat(client, created)
    deadline = datetime.fromisoformat(seated["round_deadline"])
    assert before + timedelta(minutes=30) <= deadline <= datetime.now(UTC) + timedelta(minutes=30)
    html = client.get(f"/events/{created['id']}/screen").get_data(as_text=True)
    assert f'<p class="round-clock" data-deadline="{seated["round_deadline"]}">' in html
    at = f'<time datetime="{seated["round_deadline"]}">'
    assert re.search(f"Round 1 ends at {re.escape(at)}{deadline:%-I:%M}\\W{deadline:%p}</time>", html)
    german = client.get(f"/events/{created['id']}/screen?lang=de").get_data(as_text=True)
    assert f"Durchgang 1 endet um {at}{deadline:%H:%M}</time>" in german
    for table in seated["tables"]:
        play(client, table)
    assert "data-deadline" not in client.get(f"/events/{created['id']}/screen").get_data(as_text=True)
    second = seat(client, created)
    assert datetime.fromisoformat(second["round_deadline"]) >= deadline


def test_without_minutes_there_is_no_clock(client):
    created = create(client)
    seated = seat(client, created)
    assert (seated["round_minutes"], seated["round_deadline"]) == (None, None)
    assert "data-deadline" not in client.get(f"/events/{created['id']}/screen").get_data(as_text=True)


def test_bad_minutes_are_refused_by_the_api_and_beside_the_forms_field(client, app):
    response = client.post("/api/v1/events", json={**EVENT, "round_minutes": 0})
    assert response.status_code == 422
    assert response.get_json() == errors(("round_minutes", "The minutes per round are a whole number from 1 to 240."))
    page = post_form(client, "/events/new", {"name": "Thursday club", "game": "dummy-spades",
                                             "players": "Ann\nBen\nCid", "rounds": "1", "round_minutes": "241"})
    assert page.status_code == 422
    assert errors_in(page.get_data(as_text=True)) == ["The minutes per round are a whole number from 1 to 240."]
    assert stored(app, Event) == 0
    made = post_form(client, "/events/new", {"name": "Thursday club", "game": "dummy-spades",
                                             "players": "Ann\nBen\nCid", "rounds": "1", "round_minutes": "45"})
    event_id = made.headers["Location"].rsplit("/", 1)[1]
    assert client.get(f"/api/v1/events/{event_id}").get_json()["round_minutes"] == 45
