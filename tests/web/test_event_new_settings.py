"""The new club night offers every setting a game offers, through the game's own new-game fields (issue 45,
item 7), and lists tables the language's way (the organiser's box, the API's 409)."""

from __future__ import annotations

import re

from scorekeeper.models import Event

from .api_client import auth
from .forms_client import errors_in, post_form, stored
from .test_api_events import EVENT, create, play, seat

FORM = {"name": "Thursday club", "players": "Ann\nBen\nCid\nDan", "rounds": "2", "hands_per_round": "2"}


def created_settings(client, data):
    response = post_form(client, "/events/new", {**FORM, **data})
    assert response.status_code == 303, errors_in(response.get_data(as_text=True))
    event_id = response.headers["Location"].rsplit("/", 1)[1]
    return client.get(f"/api/v1/events/{event_id}").get_json()["settings"]


def test_a_dummy_hand_club_night_takes_its_style_bidding_variation_and_target(client):
    settings = created_settings(client, {
        "game": "dummy-spades", "dummy-spades-style": "suicide", "dummy-spades-variant": "flip-2",
        "dummy-spades-target": "other", "dummy-spades-target_other": "250", "dummy-spades-bag_limit": "5",
        "dummy-spades-bag_penalty": "50", "piquet-variant": "saunt"})
    assert settings == {"style": "suicide", "variant": "flip-2", "target": 250, "bag_limit": 5, "bag_penalty": 50}


def test_a_four_player_club_night_takes_the_house_rules(client):
    settings = created_settings(client, {
        "game": "spades", "spades-variant": "partnership", "spades-target": "300", "spades-nil_value": "50",
        "spades-blind_nil": "y", "spades-blind_margin": "150", "spades-zero_is_nil": "y", "spades-mercy": "y",
        "spades-mercy_floor": "-300", "spades-bag_limit": "10", "spades-bag_penalty": "100"})
    assert {key: settings[key] for key in ("variant", "target", "nil_value", "blind_nil", "blind_margin",
                                           "failed_nil_helps", "zero_is_nil", "mercy", "mercy_floor")} == {
        "variant": "partnership", "target": 300, "nil_value": 50, "blind_nil": True, "blind_margin": 150,
        "failed_nil_helps": False, "zero_is_nil": True, "mercy": True, "mercy_floor": -300}


def test_a_piquet_club_night_takes_its_variant_and_target(client):
    settings = created_settings(client, {"game": "piquet", "piquet-variant": "saunt", "piquet-target": "150",
                                         "players": "Ann\nBen"})
    assert settings == {"variant": "saunt", "target": 150}


def test_a_bad_setting_is_refused_beside_its_field_and_nothing_is_saved(client, app):
    response = post_form(client, "/events/new", {**FORM, "game": "dummy-spades", "dummy-spades-bag_limit": "101"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert re.search(r'<label for="dummy-spades-bag_limit">[^<]*</label>\s*<input[^>]*aria-invalid="true"', html)
    assert errors_in(html) == ["The bag limit is a whole number from 0 to 100."]
    assert stored(app, Event) == 0


def test_the_form_shows_every_games_settings_each_under_its_game(client):
    html = client.get("/events/new").get_data(as_text=True)
    for game, field in (("dummy-spades", "dummy-spades-style-1"), ("spades", "spades-mercy"),
                        ("piquet", "piquet-variant-1")):
        part = html.split(f'data-applies-with="game={game}"', 1)[1].split("</fieldset>\n    \n", 1)[0]
        assert f'id="{field}"' in part


def test_tables_still_playing_are_listed_the_languages_way_on_the_page_and_in_the_409(client):
    created = create(client, {**EVENT, "players": [*EVENT["players"], "Hal", "Ivy"]})
    seat(client, created)
    refused = client.post(f"/api/v1/events/{created['id']}/rounds", headers=auth(created["edit_token"]))
    assert refused.status_code == 409
    assert refused.get_json()["errors"][0]["message"] == (
        "Round 1 is still playing at tables 1, 2 and 3: seat the next round once they have finished.")
    german = client.post(f"/api/v1/events/{created['id']}/rounds",
                         headers={**auth(created["edit_token"]), "Accept-Language": "de"})
    assert german.get_json()["errors"][0]["message"] == (
        "Durchgang 1 läuft noch an den Tischen 1, 2 und 3: den nächsten Durchgang setzen, sobald sie fertig sind.")
    client.get(f"/events/{created['id']}/organise?token={created['edit_token']}")
    assert "Tables 1, 2 and 3 are still playing" in client.get(f"/events/{created['id']}").get_data(as_text=True)
    german_page = client.get(f"/events/{created['id']}?lang=de").get_data(as_text=True)
    assert "An den Tischen 1, 2 und 3 wird noch gespielt" in german_page


def test_nobody_on_a_bye_is_shown_ahead_of_the_players_before_a_table_has_finished(client):
    created = create(client)
    first = seat(client, created)
    bye = first["byes"][0]["player"]
    lines = client.get(f"/api/v1/events/{created['id']}").get_json()["standings"]
    assert {line["match_points"] for line in lines} == {0.0} and next(
        line for line in lines if line["player"] == bye)["byes"] == 0
    worked = f"{bye}, round 1: a bye → match points 1.0, margin 0.0."
    assert worked not in client.get(f"/events/{created['id']}?player={bye}").get_data(as_text=True)
    assert ",bye," not in client.get(f"/events/{created['id']}/tables.csv").get_data(as_text=True)
    play(client, first["tables"][0])
    lines = client.get(f"/api/v1/events/{created['id']}").get_json()["standings"]
    assert next(line for line in lines if line["player"] == bye)["match_points"] == 1.0
    assert worked in client.get(f"/events/{created['id']}?player={bye}").get_data(as_text=True)
