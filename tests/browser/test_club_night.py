"""A small club night in a real browser: the organiser's phone, two tables' phones and the big screen (at phone
size), in English and in French. Every table plays one hand, docs/rules.md A10's E1 with its first seat as Ann."""

from __future__ import annotations

import re

import pytest

from .support import NARROW_PHONE, screenshot, wait_for
from .test_accessibility import STICKING_OUT, TAP_TARGETS, axe_violations, too_small

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Ben", "Cid", "Dan", "Eve", "Fay"]
WORDS = {
    "en": {"create": "Create the club night", "seat": "Seat round {n}", "save": "Save hand",
           "standings": "Standings after round 1 of 2", "confirms": "{name} confirms", "playing": "Still playing",
           "over": "Round 1 is over"},
    "fr": {"create": "Créer la soirée", "seat": "Placer le tour {n}", "save": "Enregistrer la donne",
           "standings": "Classement après le tour 1 sur 2", "confirms": "{name} confirme", "playing": "On joue encore",
           "over": "Le tour 1 est fini"},
}


def check_the_page(page, language: str, name: str) -> None:
    assert page.get_attribute("html", "lang") == language
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") == width, page.evaluate(STICKING_OUT, width)
    assert axe_violations(page) == []
    assert too_small(page.evaluate(TAP_TARGETS)) == []
    screenshot(page, f"club-night-{language}-{name}")


def play_e1(page, save: str) -> None:
    """docs/rules.md A10 E1 at this table: the seats bid 7, 5 and 6 and take 5 (with 3 for the dummy), 2 and 3."""
    for seat, bid in enumerate((7, 5, 6)):
        page.fill(f"#bids-{seat}-bid", str(bid))
    for index, tricks in enumerate((5, 2, 3, 3)):
        page.fill(f"#tricks-{index}", str(tricks))
    page.click(f"button:has-text('{save}')")
    page.wait_for_selector("#hand-1")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_club_night_on_three_phones_and_a_big_screen(new_phone, language):
    words = WORDS[language]
    organiser = new_phone(NARROW_PHONE, locale=language)
    organiser.goto("/events/new")
    check_the_page(organiser, language, "new")
    organiser.fill("#name", "Thursday club")
    organiser.select_option("#game", "dummy-spades")
    organiser.fill("#players", "\n".join(PLAYERS))
    organiser.fill("#rounds", "2")
    organiser.fill("#hands_per_round", "1")
    organiser.click(f"button:has-text('{words['create']}')")
    organiser.wait_for_url(re.compile(r"/events/(?!new$)[\w-]+$"))
    event_url = organiser.url
    organiser.click(f"button:has-text('{words['seat'].format(n=1)}')")
    organiser.wait_for_selector("#table-1-2 .qr img")
    check_the_page(organiser, language, "organiser")
    links = [organiser.get_attribute(f"#table-1-{n} figcaption a", "href") for n in (1, 2)]

    screen = new_phone(NARROW_PHONE, locale=language)
    screen.goto(event_url + "/screen")
    assert words["playing"] in screen.inner_text("#leaderboard")
    check_the_page(screen, language, "screen")

    tables = []
    for link in links:
        phone = new_phone(NARROW_PHONE, locale=language)
        phone.goto(link)
        phone.wait_for_url(re.compile(r"/g/[\w-]+$"))
        tables.append(phone)
    seats = [[name.strip() for name in organiser.inner_text(f"#table-1-{n} p a").split(",")] for n in (1, 2)]
    for phone in tables:
        play_e1(phone, words["save"])

    # The big screen follows without a reload: both tables' winners share first place with 2.0 match points.
    wait_for(screen, "(text) => document.querySelector('#leaderboard .event-status').textContent.includes(text)",
             words["over"], seconds=15)
    assert words["standings"] in screen.inner_text("#leaderboard h2")
    rows = screen.locator("#leaderboard tbody tr")
    leaders = sorted(seats[0][0:1] + seats[1][0:1])
    assert [rows.nth(i).locator("th").inner_text() for i in (0, 1)] == leaders
    assert rows.nth(0).locator("td").nth(1).inner_text() == {"en": "2.0", "fr": "2,0"}[language]
    check_the_page(screen, language, "screen-after-round-1")

    # At table 1, its second seat confirms ("Ben confirms"); the organiser sees it and seats round 2.
    table_1 = tables[0]
    table_1.goto(event_url)
    table_1.click(f"button:has-text('{words['confirms'].format(name=seats[0][1])}')")
    table_1.wait_for_selector("#table-1-1")
    assert seats[0][1] in table_1.inner_text("#table-1-1")
    organiser.goto(event_url)
    organiser.click(f"button:has-text('{words['seat'].format(n=2)}')")
    organiser.wait_for_selector("#table-2-1")
    round_2 = [name.strip() for name in organiser.inner_text("#table-2-1 p a").split(",")]
    assert set(leaders) <= set(round_2), "the leaders sit together at table 1"


@pytest.mark.parametrize("count", [10, 30])
def test_the_big_screen_shows_every_table_and_every_player_on_a_wall_without_scrolling(new_phone, count):
    wall = new_phone({"width": 1920, "height": 1080}, locale="en")
    event = {"name": "Thursday club", "game": "dummy-spades", "rounds": 2,
             "players": [f"Player {number:02}" for number in range(count)]}
    created = wall.request.post("/api/v1/events", data=event)
    assert created.status == 201
    body = created.json()
    seated = wall.request.post(f"/api/v1/events/{body['id']}/rounds",
                               headers={"Authorization": f"Bearer {body['edit_token']}"})
    assert seated.status == 201, "the round's seating shows above the standings"
    wall.goto(f"/events/{body['id']}/screen")
    last = wall.locator("#leaderboard tbody tr").last.bounding_box()
    assert last is not None and last["y"] + last["height"] <= 1080, "the last line is on the wall"
    assert wall.evaluate("document.documentElement.scrollWidth") == 1920
    screenshot(wall, f"club-night-wall-{count}")
