"""The summary printed from Chromium fits one sheet; the summary and the chart read well in light and dark."""

from __future__ import annotations

import io
import json
import re

import pytest
from pypdf import PdfReader

from ..games import PIQUET_DEALS, PIQUET_GAME, SPADES_GAME, SPADES_HANDS
from .support import ARTIFACTS, PHONE, screenshot

pytestmark = pytest.mark.browser


def record(request, base_url: str, game: dict, hands: list[dict]) -> dict:
    """Create a game and record its hands through the JSON API; returns the created game."""
    created = request.post(f"{base_url}/api/v1/games", data=game).json()
    headers = {"Authorization": f"Bearer {created['edit_token']}"}
    for hand in hands:
        response = request.post(f"{base_url}/api/v1/games/{created['id']}/hands", data=hand, headers=headers)
        assert response.status == 201, response.text()
    return created


@pytest.fixture
def phone(new_phone):
    """A phone-sized page in the light or the dark colour scheme."""
    return lambda color_scheme="light", *, javascript=True: new_phone(PHONE, color_scheme=color_scheme,
                                                                      java_script_enabled=javascript)


# The printable area of A4 with the sheet's 12 mm margins, in CSS pixels: what a screenshot of the print looks like.
A4_AREA = {"width": 703, "height": 1032}


def printed_pages(page, paper: str, name: str) -> int:
    """Print the page as Chromium does to `paper`, keep the PDF as an artifact, and count its pages.

    An A4 print is also kept as a picture (print styles at the sheet's width) to be looked at.
    """
    page.emulate_media(media="print")
    pdf = page.pdf(format=paper, print_background=False)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"{name}-{paper}.pdf").write_bytes(pdf)
    if paper == "A4":
        viewport = page.viewport_size
        page.set_viewport_size(A4_AREA)
        screenshot(page, f"{name}-{paper}")
        page.set_viewport_size(viewport)
    return len(PdfReader(io.BytesIO(pdf)).pages)


def test_a_20_hand_spades_summary_prints_on_one_a4_and_one_letter_page(phone, live_server):
    page = phone()
    game = record(page.request, live_server, SPADES_GAME, SPADES_HANDS)

    page.goto(f"/g/{game['id']}/summary")

    assert page.locator(".summary .banner p").all_inner_texts() == ["Ann wins with 756."]
    assert page.locator(".hands-table tbody tr:not(.notes)").count() == 20
    first = page.locator(".hands-table tbody tr:not(.notes)").first.locator("td").all_inner_texts()
    assert [first[0], first[3], first[6]] == ["7/8\n(declarer)", "5/2", "6/3"], "bid and tricks taken: Ann 5 and the dummy's 3"
    assert page.locator("#score-chart > svg .series").count() == 3
    assert printed_pages(page, "A4", "summary-spades") == 1
    assert printed_pages(page, "Letter", "summary-spades") == 1
    page.emulate_media(media="screen")
    for link, name in (("Download CSV", "csv"), ("Download JSON", "json")):
        with page.expect_download() as download:
            page.click(f"text={link}")
        assert download.value.suggested_filename == f"scorekeeper-dummy-spades-{game['id']}.{name}"
    assert page.url.endswith("/summary"), "htmx does not swap a download into the page"


def test_a_piquet_partie_summary_prints_on_one_page_with_its_settlement(phone, live_server):
    page = phone("dark")
    game = record(page.request, live_server, PIQUET_GAME, PIQUET_DEALS)

    page.goto(f"/g/{game['id']}/summary")

    assert page.locator(".summary .banner p").all_inner_texts() == [
        "Ben wins the partie and scores 269.",
        "Ann crossed the Rubicon with 122. Ben scores 100 + 291 − 122 = 269.",
    ]
    first = page.locator(".hands-table tbody tr:not(.notes)").first.locator("td").all_inner_texts()
    assert first == ["Ann", "7", "+24", "24", "5", "+23", "23"], "the tricks each won, then the points"
    assert printed_pages(page, "A4", "summary-piquet") == 1
    assert printed_pages(page, "Letter", "summary-piquet") == 1
    page.emulate_media(media="print")
    assert page.evaluate("getComputedStyle(document.body).color") == "rgb(0, 0, 0)", "dark phones print black on white"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_summary_and_the_chart_at_phone_size(phone, live_server, scheme):
    page = phone(scheme)
    game = record(page.request, live_server, SPADES_GAME, SPADES_HANDS[:12])

    page.goto(f"/g/{game['id']}/summary")
    screenshot(page, f"summary-spades-{scheme}")
    page.set_viewport_size({"width": 360, "height": 800})
    assert page.evaluate("document.documentElement.scrollWidth") == 360, "the hands table fits 360 px"
    page.set_viewport_size(PHONE)
    page.goto(f"/g/{game['id']}")
    page.locator("#score-chart").screenshot(path=str(ARTIFACTS / f"chart-spades-{scheme}.png"))

    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "nothing wider than the phone"
    legend = page.locator("#score-chart .legend li")
    assert [" ".join(legend.nth(i).text_content().split()) for i in range(3)] == ["Ann 482", "Ben 467", "Cid 226"]
    colours = page.evaluate(
        "[...document.querySelectorAll('#score-chart > svg .series')].map(g => getComputedStyle(g).color)")
    assert len(set(colours)) == 3, "each player has a colour of their own"


def test_the_piquet_chart_at_phone_size_in_the_dark(phone, live_server):
    page = phone("dark")
    game = record(page.request, live_server, PIQUET_GAME, PIQUET_DEALS[:4])

    page.goto(f"/g/{game['id']}")
    page.locator("#score-chart").screenshot(path=str(ARTIFACTS / "chart-piquet-dark.png"))

    assert page.locator("#score-chart .reference text").text_content().strip() == "Rubicon 100"


def test_an_exported_game_is_imported_from_the_page_and_can_be_played_on(phone, live_server, tmp_path):
    page = phone()
    game = record(page.request, live_server, SPADES_GAME, SPADES_HANDS[:3])
    exported = page.request.get(f"{live_server}/g/{game['id']}/export.json")
    path = tmp_path / "game.json"
    path.write_bytes(exported.body())

    page.goto("/")
    page.click("text=Import a game")
    page.set_input_files("#file", str(path))
    page.click("button:has-text('Import the game')")
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))

    assert page.url != f"{live_server}/g/{game['id']}"
    assert page.locator(".now h2").inner_text() == "Hand 4"
    assert page.locator("#hand-form").count() == 1, "the importing phone may record hands"
    imported = page.request.get(page.url.replace("/g/", "/api/v1/games/")).json()
    assert imported["hands"] == json.loads(exported.body())["hands"]
