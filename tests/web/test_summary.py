"""The summary page of a game: everything on one page, read-only, ready to print."""

from __future__ import annotations

import re

from sqlalchemy import event

from scorekeeper.extensions import db

from ..games import PIQUET_DEALS, PIQUET_GAME, SPADES_GAME, SPADES_HANDS
from .markup import table_rows, text_of


def start(client, game, hands=()):
    created = client.post("/api/v1/games", json=game).get_json()
    for hand in hands:
        response = client.post(f"/api/v1/games/{created['id']}/hands", json=hand,
                               headers={"Authorization": f"Bearer {created['edit_token']}"})
        assert response.status_code == 201, response.get_json()
    return created


def facts(html: str) -> list[tuple[str, str]]:
    block = re.search(r'<dl class="facts">(.*?)</dl>', html, re.S).group(1)
    return re.findall(r"<dt>([^<]*)</dt>\s*<dd[^>]*>([^<]*)</dd>", block)


def test_the_summary_of_a_20_hand_spades_game(client):
    game_id = start(client, SPADES_GAME, SPADES_HANDS)["id"]

    response = client.get(f"/g/{game_id}/summary")

    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<title>Summary · Ann · Ben · Cid</title>" in html
    assert re.findall(r'<div class="banner" role="status">\s*<p>([^<]*)</p>', html) == ["Ann wins with 756."]
    assert table_rows(html, "totals") == [[
        ["Player", "Score", "Bags"], ["Ann winner", "756", "6"], ["Ben", "611", "1"], ["Cid", "400", "0"]]]
    date = re.search(r"<dt>Started</dt><dd>([^<]*)</dd>", html).group(1)
    assert re.fullmatch(r"[A-Z][a-z]{2} \d{1,2}, \d{4}", date)
    assert facts(html)[1:] == [
        ("First dealer", "Ann"), ("Seats", "Ann → Ben → Cid → Dummy"), ("Target", "750"),
        ("Bags", "10 bags cost 100"), ("Bidding", "No Peeky")]
    rows = table_rows(html, "hands-table")[0]
    assert rows[:4] == [
        ["#", "Ann", "Ben", "Cid"],
        ["Bid/took", "±", "Total", "Bid/took", "±", "Total", "Bid/took", "±", "Total"],
        ["1", "7/8 (declarer)", "+71", "71", "5/2", "+50", "50", "6/3", "−60", "−60"],
        ["2", "4/4", "+43", "114", "4/3", "+43", "93", "5/6 (declarer)", "+51", "−9"],
    ]
    assert rows[6:11] == [
        ["5", "3/3", "−67", "162", "3/3", "+33", "217", "7/7 (declarer)", "+70", "126"],
        ["", "Ann: bag penalty −100"],
        ["6", "4/3", "+41", "203", "7/8 (declarer)", "+71", "288", "2/2", "−77", "49"],
        ["", "Cid's nil on Cid: failed (−100)"],
        ["7", "6/7 (declarer)", "+61", "264", "4/3", "−58", "230", "4/3", "−58", "−9"],
    ]
    assert ["", "Ben: bag penalty −100 Cid: bag penalty −100"] in rows
    assert ["", "Ann's nil on Ann: made (+100)"] in rows
    assert rows[-2:] == [["20", "3/3", "+33", "756", "3/3", "−67", "611", "7/7 (declarer)", "+70", "400"],
                         ["", "Ben: bag penalty −100"]]
    assert len([row for row in rows if row[0].isdigit()]) == 20


def test_the_summary_of_a_rubicon_partie_shows_the_settlement(client):
    game_id = start(client, PIQUET_GAME, PIQUET_DEALS)["id"]

    html = client.get(f"/g/{game_id}/summary").get_data(as_text=True)

    assert text_of(html, "summary-result") == (
        "Ben wins the partie and scores 269. "
        "Ann crossed the Rubicon with 122. Ben scores 100 + 291 − 122 = 269. "
        "Player Score Ann 122 Ben winner 291 "
        f"Started {re.search(r'<dt>Started</dt><dd>([^<]*)</dd>', html).group(1)} First dealer Ben Game Rubicon partie")
    assert table_rows(html, "hands-table") == [[
        ["#", "Elder", "Ann", "Ben"],
        ["Took", "Deal", "Total", "Took", "Deal", "Total"],
        ["1", "Ann", "7", "+24", "24", "5", "+23", "23"],
        ["2", "Ben", "4", "+8", "32", "8", "+76", "99"],
        ["", "Ben: pique 30"],
        ["3", "Ann", "6", "+12", "44", "6", "+12", "111"],
        ["4", "Ben", "0", "0", "44", "12", "+173", "284"],
        ["", "Ben: carte blanche 10, repique 60, capot 40"],
        ["5", "Ann", "8", "+25", "69", "4", "+6", "290"],
        ["6", "Ben", "12", "+53", "122", "0", "+1", "291"],
        ["", "Ann: capot 40"],
    ]]
    assert 'class="session"' not in html, "a partie outside a session has no session table"


def test_the_summary_of_a_later_partie_adds_up_the_session(client):
    created = start(client, PIQUET_GAME, PIQUET_DEALS)
    headers = {"Authorization": f"Bearer {created['edit_token']}"}
    second = client.post(f"/api/v1/games/{created['id']}/next", headers=headers).get_json()
    # In the second partie Ann deals first, so Ben is elder in deal 1: the same six deals with the roles swapped.
    for deal in PIQUET_DEALS:
        assert client.post(f"/api/v1/games/{second['id']}/hands", json=deal, headers=headers).status_code == 201

    html = client.get(f"/g/{second['id']}/summary").get_data(as_text=True)

    assert table_rows(html, "session-table") == [[
        ["Partie", "Result"], ["1", "Ben +269"], ["2", "Ann +269"], ["Total", "Ann 0 · Ben 0"]]]
    assert "Next partie" not in html


def test_a_saunt_game_names_its_target(client):
    game_id = start(client, {**PIQUET_GAME, "settings": {"variant": "saunt", "target": 150}}, PIQUET_DEALS[:2])["id"]

    html = client.get(f"/g/{game_id}/summary").get_data(as_text=True)

    assert facts(html)[-1] == ("Game", "Saunt, first to 150")
    assert table_rows(html, "hands-table")[0][-2:] == [["2", "Ben", "4", "+8", "32", "8", "+76", "99"], ["", "Ben: pique 30"]]


def test_a_game_without_hands_has_a_summary_too(client):
    game_id = start(client, PIQUET_GAME)["id"]

    html = client.get(f"/g/{game_id}/summary").get_data(as_text=True)

    assert "No deals yet." in html
    assert 'id="score-chart"' not in html


def test_the_summary_is_read_only_even_for_the_phone_that_edits(client):
    game_id = start(client, SPADES_GAME, SPADES_HANDS[:3])["id"]

    html = client.get(f"/g/{game_id}/summary").get_data(as_text=True)

    for control in ("<form", "Edit hand", "Undo hand", "Share edit access"):
        assert control not in html
    assert re.findall(r'<a class="button" href="([^"]+)"( download hx-boost="false")?>', html) == [
        (f"/g/{game_id}", ""), (f"/g/{game_id}/export.csv", ' download hx-boost="false"'),
        (f"/g/{game_id}/export.json", ' download hx-boost="false"')]
    assert '<button class="button" type="button" data-print data-with-script hidden>Print</button>' in html, "shown by app.js only"


def test_both_game_pages_link_to_their_summary(client):
    for game in (SPADES_GAME, PIQUET_GAME):
        game_id = start(client, game)["id"]
        html = client.get(f"/g/{game_id}").get_data(as_text=True)
        assert f'<a href="/g/{game_id}/summary">Summary, print and downloads</a>' in html


def test_the_summary_of_an_unknown_game_is_404(client):
    assert client.get("/g/nope/summary").status_code == 404


def test_the_summary_runs_as_many_queries_for_20_hands_as_for_2(app, client):
    short = start(client, SPADES_GAME, SPADES_HANDS[:2])["id"]
    long = start(client, SPADES_GAME, SPADES_HANDS)["id"]
    statements = []

    def count(*_):
        statements.append(1)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        client.get(f"/g/{short}/summary")
        short_count = len(statements)
        statements.clear()
        client.get(f"/g/{long}/summary")
    finally:
        event.remove(engine, "before_cursor_execute", count)

    assert len(statements) == short_count
