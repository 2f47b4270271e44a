"""The score-progression chart: its geometry (scorekeeper/web/charts.py) and the SVG the pages draw from it."""

from __future__ import annotations

import re

import pytest

from scorekeeper.rules import dummy_spades
from scorekeeper.web import charts

from ..games import PIQUET_DEALS, PIQUET_GAME, SPADES_HANDS, SPADES_PLAYERS
from .markup import table_rows, text_of

# The first two hands of tests/games.py, played to the default 300.
TWO_HANDS = {"Ann": [0, 71, 114], "Ben": [0, 50, 93], "Cid": [0, -60, -9]}


def test_two_hands_and_the_target_are_laid_out_in_the_viewbox():
    chart = charts.plot(TWO_HANDS, reference=300)

    # Scores from -100 to 300 span the 152 units from y=164 to y=12; hands 0..2 the 286 from x=44 to x=330.
    assert (chart.left, chart.top, chart.right, chart.bottom, chart.width, chart.height) == (44, 12, 330, 164, 340, 200)
    assert chart.y_ticks == (
        charts.Tick(-100, 164.0), charts.Tick(0, 126.0), charts.Tick(100, 88.0), charts.Tick(200, 50.0),
        charts.Tick(300, 12.0),
    )
    assert chart.x_ticks == (charts.Tick(1, 187.0), charts.Tick(2, 330.0))
    assert chart.zero == 126.0
    assert chart.reference == charts.Tick(300, 12.0)
    assert [(line.name, line.style, line.path) for line in chart.lines] == [
        ("Ann", 0, "M44,126 L187,99 L330,82.7"),
        ("Ben", 1, "M44,126 L187,107 L330,90.7"),
        ("Cid", 2, "M44,126 L187,148.8 L330,129.4"),
    ]
    assert chart.lines[2].points == (
        charts.Point(44.0, 126.0), charts.Point(187.0, 148.8), charts.Point(330.0, 129.4))


def test_a_piquet_partie_with_the_rubicon_has_no_zero_line_and_labels_every_deal():
    chart = charts.plot({"Ann": [0, 24, 32, 44, 44, 69, 122], "Ben": [0, 23, 99, 111, 284, 290, 291]}, reference=100)

    assert chart.y_ticks == (
        charts.Tick(0, 164.0), charts.Tick(100, 113.3), charts.Tick(200, 62.7), charts.Tick(300, 12.0))
    assert [tick.value for tick in chart.x_ticks] == [1, 2, 3, 4, 5, 6]
    assert chart.zero is None
    assert chart.reference == charts.Tick(100, 113.3)
    assert [line.style for line in chart.lines] == [0, 1]
    assert chart.lines[1].path == "M44,164 L91.7,152.3 L139.3,113.8 L187,107.8 L234.7,20.1 L282.3,17.1 L330,16.6"


def test_twenty_hands_are_labelled_every_second_hand():
    chart = charts.plot({"Ann": list(range(0, 210, 10))}, reference=750)

    assert [(tick.value, tick.position) for tick in chart.x_ticks] == [
        (2, 72.6), (4, 101.2), (6, 129.8), (8, 158.4), (10, 187.0),
        (12, 215.6), (14, 244.2), (16, 272.8), (18, 301.4), (20, 330.0)]
    assert [tick.value for tick in chart.y_ticks] == [0, 200, 400, 600, 800]


def test_a_game_without_hands_still_has_a_valid_layout():
    chart = charts.plot({"Ann": [0], "Ben": [0]}, reference=None)

    assert [line.path for line in chart.lines] == ["M44,164", "M44,164"]
    assert chart.x_ticks == ()
    assert chart.y_ticks == (charts.Tick(0, 164.0), charts.Tick(1, 12.0))
    assert chart.reference is None


@pytest.mark.parametrize(("span", "count", "step"), [
    (1, 5, 1), (3, 5, 1), (6, 5, 2), (20, 10, 2), (21, 10, 5), (50, 10, 5), (360, 5, 100), (371, 5, 100),
    (1000, 5, 200), (12000, 5, 5000),
])
def test_steps_are_round_numbers(span, count, step):
    assert charts.nice_step(span, count) == step


def test_progression_reads_the_running_scores_of_the_engine():
    table = dummy_spades.Table.create(SPADES_PLAYERS, "Ann")
    game = dummy_spades.Game(table, dummy_spades.Settings(), [dummy_spades.parse_hand(table, hand) for hand in SPADES_HANDS[:2]])

    assert charts.progression(game.hands, SPADES_PLAYERS) == TWO_HANDS


# --- the SVG on the pages ----------------------------------------------------------


def start(client, game, hands):
    created = client.post("/api/v1/games", json=game).get_json()
    for hand in hands:
        response = client.post(f"/api/v1/games/{created['id']}/hands", json=hand,
                               headers={"Authorization": f"Bearer {created['edit_token']}"})
        assert response.status_code == 201
    return created["id"]


@pytest.mark.parametrize("page", ["/g/{id}", "/g/{id}/summary"])
def test_the_spades_chart_is_drawn_with_its_numbers_for_screen_readers(client, page):
    game_id = start(client, {"game": "dummy-spades", "players": SPADES_PLAYERS, "first_dealer": "Ann"},
                    SPADES_HANDS[:2])

    html = client.get(page.format(id=game_id)).get_data(as_text=True)

    assert '<svg viewBox="0 0 340 200" role="img" aria-labelledby="score-chart-title score-chart-desc">' in html
    assert text_of(html, "score-chart-title") == "Score progression"
    assert text_of(html, "score-chart-desc") == (
        "Each player's running score, hand by hand. After hand 2: Ann 114, Ben 93, Cid −9. "
        "The dotted line marks the target, 300.")
    paths = re.findall(r'<g class="series s(\d)">\s*<path d="([^"]+)"( stroke-dasharray="[^"]+")?/>', html)
    assert paths == [
        ("0", "M44,126 L187,99 L330,82.7", ""),
        ("1", "M44,126 L187,107 L330,90.7", ' stroke-dasharray="7 3"'),
        ("2", "M44,126 L187,148.8 L330,129.4", ' stroke-dasharray="2 2.5"'),
    ]
    assert '<line x1="44" x2="330" y1="12.0" y2="12.0" stroke-dasharray="1.5 3"/>' in html
    assert text_of(html, "score-chart-legend") == "Ann 114 Ben 93 Cid −9"
    assert table_rows(html, "chart-table") == [[
        ["Hand", "Ann", "Ben", "Cid"], ["1", "71", "50", "−60"], ["2", "114", "93", "−9"]]]


def test_the_piquet_chart_marks_the_rubicon(client):
    game_id = start(client, PIQUET_GAME, PIQUET_DEALS[:2])

    html = client.get(f"/g/{game_id}").get_data(as_text=True)

    assert text_of(html, "score-chart-desc") == (
        "Each player's running score, deal by deal. After deal 2: Ann 32, Ben 99. "
        "The dotted line marks the Rubicon at 100.")
    assert "Rubicon 100</text>" in html
    assert table_rows(html, "chart-table") == [[["Deal", "Ann", "Ben"], ["1", "24", "23"], ["2", "32", "99"]]]


def test_a_saunt_chart_marks_the_target(client):
    game_id = start(client, {**PIQUET_GAME, "settings": {"variant": "saunt", "target": 150}}, PIQUET_DEALS[:1])

    html = client.get(f"/g/{game_id}").get_data(as_text=True)

    assert "Target 150</text>" in html
    assert text_of(html, "score-chart-desc").endswith("The dotted line marks the target, 150.")


def test_there_is_no_chart_before_the_first_hand(client):
    game_id = start(client, PIQUET_GAME, [])

    assert 'id="score-chart"' not in client.get(f"/g/{game_id}").get_data(as_text=True)


def test_names_are_escaped_everywhere_in_the_chart(client):
    game_id = start(client, {**PIQUET_GAME, "players": ["<b>Zoë</b>", 'Ben & "Co"'], "first_dealer": "<b>Zoë</b>"},
                    PIQUET_DEALS[:1])

    html = client.get(f"/g/{game_id}").get_data(as_text=True)

    assert "<b>Zoë</b>" not in html
    assert text_of(html, "score-chart-desc").startswith(
        'Each player\'s running score, deal by deal. After deal 1: <b>Zoë</b> 23, Ben & "Co" 24.')
    assert "&lt;b&gt;Zoë&lt;/b&gt; 23, Ben &amp; &#34;Co&#34; 24." in html
    assert '<span class="who">&lt;b&gt;Zoë&lt;/b&gt;</span>' in html
