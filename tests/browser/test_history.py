"""A long game's history: the page shows the latest hands, and the link to the earlier ones brings them in place
with JavaScript, or opens them as a page without."""

from __future__ import annotations

import pytest

from .support import NARROW_PHONE, open_hand, screenshot, wait_for

pytestmark = pytest.mark.browser

GAME = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann", "settings": {"target": 10000}}
HAND = {"bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 7}, {"player": "Cid", "bid": 7}],
        "tricks": {"Ann": 4, "dummy": 1, "Ben": 4, "Cid": 4}}


def long_game(page, live_server: str, hands: int) -> str:
    response = page.request.post(f"{live_server}/api/v1/games/import", data={**GAME, "hands": [{"entry": HAND}] * hands})
    assert response.status == 201
    return response.json()["id"]


def test_earlier_hands_come_in_place_and_open_as_any_other(page, live_server):
    game_id = long_game(page, live_server, 130)
    page.goto(f"/g/{game_id}")
    assert page.locator("details.hand").count() == 20
    page.click("text=Earlier hands: 1 to 110")
    wait_for(page, "document.querySelectorAll('details.hand').length === 120")
    assert page.url.endswith(f"/g/{game_id}")
    assert page.locator("#hands a.button").all_inner_texts() == ["Earlier hands: 1 to 10"]
    open_hand(page, 50)  # a line brought in place opens, and fetches how it was scored, as any other
    assert "Ann" in page.locator("#hand-50 .explain").inner_text()
    page.click("text=Earlier hands: 1 to 10")
    wait_for(page, "document.querySelectorAll('details.hand').length === 130")
    assert page.locator("#hands a.button").count() == 0
    screenshot(page, "history-all-130-hands")


def test_without_javascript_earlier_hands_are_a_page_of_their_own(page_without_js, live_server):
    page = page_without_js
    game_id = long_game(page, live_server, 25)
    page.goto(f"/g/{game_id}")
    page.click("text=Earlier hands: 1 to 5")
    page.wait_for_url(f"**/g/{game_id}/hands?before=6")
    assert page.locator("details.hand").count() == 5
    page.click("text=Back to the game")
    page.wait_for_url(f"**/g/{game_id}")



@pytest.mark.parametrize(("language", "earlier", "back", "javascript"), [
    ("fr", "Donnes précédentes\u00a0: 1 à 5", "Retour à la partie", True),
    ("de", "Frühere Runden: 1 bis 5", "Zurück zum Spiel", False),
])
def test_on_a_narrow_phone_the_translated_link_to_earlier_hands_is_a_tap_target_that_works(
        new_phone, live_server, language, earlier, back, javascript):
    page = new_phone(NARROW_PHONE, extra_http_headers={"Accept-Language": language}, java_script_enabled=javascript)
    game_id = long_game(page, live_server, 25)
    page.goto(f"/g/{game_id}")
    link = page.locator("#hands a.button")
    assert link.inner_text() == earlier
    box = link.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    assert box["x"] >= 0 and box["x"] + box["width"] <= NARROW_PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW_PHONE["width"]
    link.click()
    if javascript:
        wait_for(page, "document.querySelectorAll('details.hand').length === 25")
        assert page.url.endswith(f"/g/{game_id}")
    else:
        page.wait_for_url(f"**/g/{game_id}/hands?before=6")
        assert page.locator("details.hand").count() == 5
        assert page.locator(f"text={back}").count() == 1
    screenshot(page, f"history-earlier-hands-360px-{language}")
