"""House rules by link on a 360 x 780 phone, with and without JavaScript: a game page's "Share these rules", its
link followed to a filled-in form, and a game started with those rules."""

from __future__ import annotations

import re

import pytest

from .support import screenshot, wait_for
from .test_table_actions import small_phone

pytestmark = pytest.mark.browser

SETTINGS = {"variant": "partnership", "target": 250, "nil_value": 50, "blind_nil": False, "blind_margin": 100,
            "failed_nil_helps": False, "zero_is_nil": True, "bag_limit": 7, "bag_penalty": 60, "mercy": True,
            "mercy_floor": -150}


def start_spades(page, names: tuple[str, ...], *, with_house_rules: bool) -> str:
    for seat, name in enumerate(names):
        page.fill(f"#player_{seat}", name)
    if with_house_rules:
        page.check("#target-2")
        page.fill("#target_other", "250")
        page.click("details.house-rules > summary")
        page.check("#nil_value-1")
        page.uncheck("#failed_nil_helps")
        page.check("#zero_is_nil")
        page.fill("#bag_limit", "7")
        page.fill("#bag_penalty", "60")
        page.check("#mercy")
        page.fill("#mercy_floor", "-150")
    page.click("button:has-text('Start the game')")
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    return page.url


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
def test_shared_rules_open_a_filled_in_form_that_starts_a_game_with_them(browser, live_server, javascript):
    page = small_phone(browser, live_server, javascript=javascript)
    page.goto("/new/spades")
    start_spades(page, ("Ann", "Ben", "Cid", "Dee"), with_house_rules=True)

    share = page.locator("#share-rules")
    assert share.bounding_box()["height"] >= 44
    share.click()
    page.wait_for_selector("#rules-link")
    link = page.locator("#rules-link").inner_text()
    assert link.endswith("/new/spades?variant=partnership&target=250&nil_value=50&blind_nil=false&blind_margin=100"
                         "&failed_nil_helps=false&zero_is_nil=true&bag_limit=7&bag_penalty=60&mercy=true"
                         "&mercy_floor=-150")
    wait_for(page, "() => { const img = document.querySelector('#qr-rules img'); return img.complete && img.naturalWidth > 0; }")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "nothing wider than the phone"
    screenshot(page, f"rules-link-{'js' if javascript else 'nojs'}")

    page.locator("#rules-link").click()
    page.wait_for_selector("#player_0")
    assert page.locator("#target_other").input_value() == "250"
    assert page.locator("#nil_value-1").is_checked() and page.locator("#zero_is_nil").is_checked()
    assert not page.locator("#failed_nil_helps").is_checked()
    assert page.locator("#mercy_floor").input_value() == "-150"
    assert page.locator("#bag_limit").input_value() == "7"

    game_url = start_spades(page, ("Eve", "Fay", "Gus", "Hal"), with_house_rules=False)
    game = page.request.get(game_url.replace("/g/", "/api/v1/games/")).json()
    assert game["players"] == ["Eve", "Fay", "Gus", "Hal"]
    assert game["settings"] == SETTINGS
    page.context.close()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
def test_a_new_game_form_shares_its_rules_as_set(browser, live_server, javascript):
    page = small_phone(browser, live_server, javascript=javascript)
    page.goto("/new/piquet")
    page.fill("#player_0", "Ann")
    page.check("#variant-1")
    page.fill("#target", "150")
    share = page.locator("button:has-text('Share these rules')")
    assert share.bounding_box()["height"] >= 44
    share.click()
    page.wait_for_selector("#rules-link")
    assert page.locator("#rules-link").inner_text().endswith("/new/piquet?variant=saunt&target=150")
    assert "Ann" not in page.url and "request_key" not in page.url
    page.context.close()
