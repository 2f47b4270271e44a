"""Players' stats and the rules on a phone: long and odd names fit, suggestions come, rules open from a game."""

from __future__ import annotations

import pytest

from ..web.test_players import PIQUE_DEAL, REPIQUE_DEAL, SPADES_LOST
from .support import ARTIFACTS, PHONE, open_hand, screenshot

pytestmark = pytest.mark.browser

LONG = "W" * 30  # the widest letter, with nowhere to break the line
ODD = 'Zoë "Q" <b>&amp;'


def record(page, game: dict, hands: list[dict]) -> str:
    """Create a game and its hands through the JSON API; returns the game's id."""
    created = page.request.post("/api/v1/games", data=game).json()
    headers = {"Authorization": f"Bearer {created['edit_token']}"}
    for hand in hands:
        response = page.request.post(f"/api/v1/games/{created['id']}/hands", data=hand, headers=headers)
        assert response.status == 201, response.text()
    return created["id"]


def record_long_names(page) -> None:
    record(page, {"game": "dummy-spades", "players": [LONG, ODD, "Cid"], "first_dealer": LONG}, [
        {"bids": [{"player": LONG, "bid": 5, "nil": ["dummy"]}, {"player": ODD, "bid": 3}, {"player": "Cid", "bid": 4}],
         "tricks": {LONG: 3, "dummy": 3, ODD: 4, "Cid": 3}},
    ])
    record(page, {"game": "piquet", "players": [LONG, ODD], "first_dealer": ODD},
           [REPIQUE_DEAL, {"tricks": ["elder"] * 12}, PIQUE_DEAL])


def fits(page, width: int = PHONE["width"]) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_stats_page_with_a_30_character_name_fits_the_phone(page):
    record_long_names(page)

    page.goto("/players")
    page.fill("#name", LONG.lower())
    page.click("button:has-text('Show the stats')")
    page.wait_for_selector("#spades-stats")
    assert page.locator("h1").inner_text() == LONG
    assert page.locator("#piquet-stats + .stats dd").nth(7).inner_text() == "1", "one repique"
    screenshot(page, "player-stats")
    assert fits(page)
    page.set_viewport_size({"width": 360, "height": 800})
    assert fits(page, 360)

    page.emulate_media(color_scheme="dark")
    page.goto("/players")
    screenshot(page, "players-index-dark")
    assert page.locator(".games .names").all_inner_texts() == [LONG, ODD, "Cid"]
    assert fits(page, 360)


def test_a_stats_page_without_javascript(page_without_js):
    page = page_without_js
    record_long_names(page)

    page.goto("/")
    page.click("a:has-text('Players and their stats')")
    page.click(f".games a:has-text('{ODD}')")
    assert page.locator("h1").inner_text() == ODD
    assert page.locator("#spades-stats + .stats dt").all_inner_texts()[:3] == [
        "Games finished", "Games not finished", "Wins"]
    assert fits(page)


def test_the_new_game_form_suggests_known_names(page):
    record_long_names(page)

    page.goto("/new/piquet")
    assert page.get_attribute("#player_0", "list") == "player-names"
    assert page.evaluate("[...document.querySelectorAll('#player-names option')].map(o => o.value)") == [
        LONG, ODD, "Cid"]
    page.fill("#player_0", LONG)
    page.fill("#player_1", ODD)
    page.check("#first_dealer-0")
    page.click("button:has-text('Start')")
    page.wait_for_selector("#deal-form")
    page.goto("/players")
    assert page.locator(".games small").all_inner_texts() == ["3 games", "3 games", "1 game"]


@pytest.mark.parametrize("game", ["dummy-spades", "piquet"])
def test_the_rules_pages_read_well_on_a_phone(page, game):
    page.goto(f"/rules/{game}")
    screenshot(page, f"rules-{game}")
    assert fits(page)
    page.click(".toc a >> nth=4")
    assert page.evaluate("document.querySelector(':target').tagName") == "SECTION"
    page.set_viewport_size({"width": 360, "height": 800})
    assert fits(page, 360)


def test_why_is_this_nil_void_opens_the_rule_in_a_new_tab(page):
    game = record(page, *SPADES_LOST)
    page.goto(f"/g/{game}")
    open_hand(page, 1)
    page.locator("#hand-1").screenshot(path=str(ARTIFACTS / "spades-hand-with-void-nil.png"))

    with page.context.expect_page() as opened:
        page.click("text=Why is this nil void?")
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url.endswith("/rules/dummy-spades#void-nil")
    assert rules.evaluate("document.querySelector(':target h2').textContent") == "When a nil is void"
    rules.screenshot(path=str(ARTIFACTS / "rules-void-nil-from-a-game.png"))  # what the phone shows on arrival
    assert page.url.endswith(f"/g/{game}"), "the game stays open in its own tab"
