"""A ladder in a real browser at phone size: the keeper creates it and two club nights of it, each table's phone
plays one hand (docs/rules.md A10's E1, its first seat winning), the big screen shows each side's chances before
the round; then the first evening's organiser corrects its table, every player's place there changes, and so does
every rating on the ladder's page."""

from __future__ import annotations

import re

import pytest

from .support import NARROW_PHONE
from .test_club_night import check_the_page, play_e1

pytestmark = pytest.mark.browser


def ratings(page) -> dict[str, str]:
    rows = page.locator("table.ladder tbody tr")
    return {rows.nth(i).locator("th").inner_text(): rows.nth(i).locator("td").nth(1).inner_text()
            for i in range(rows.count())}


def club_night(keeper, new_phone, ladder_url: str, name: str):
    """The keeper's new club night of the ladder, round 1 seated, its big screen and table phone: (the organiser's
    page, the big screen, the seats, the table's game id)."""
    keeper.goto(ladder_url)
    keeper.click("a:has-text('New club night of this ladder')")
    keeper.wait_for_url(re.compile(r"/events/new$"))
    check_the_page(keeper, "en", f"ladder-{name}-new")
    keeper.fill("#name", name)
    keeper.fill("#players", "Ann\nBen\nCid")
    keeper.fill("#rounds", "1")
    keeper.fill("#hands_per_round", "1")
    keeper.click("button:has-text('Create the club night')")
    keeper.wait_for_url(re.compile(r"/events/(?!new$)[\w-]+$"))
    keeper.click("button:has-text('Seat round 1')")
    keeper.wait_for_selector("#table-1-1 .qr img")
    screen = new_phone(NARROW_PHONE, locale="en")
    screen.goto(keeper.url + "/screen")
    check_the_page(screen, "en", f"ladder-{name}-screen")
    seats = [seat.strip() for seat in keeper.inner_text("#table-1-1 p a").split(",")]
    table = new_phone(NARROW_PHONE, locale="en")
    table.goto(keeper.get_attribute("#table-1-1 figcaption a", "href"))
    table.wait_for_url(re.compile(r"/g/[\w-]+$"))
    game_id = table.url.rsplit("/", 1)[1]
    play_e1(table, "Save hand")
    return keeper.get_attribute("a:has-text(\"Organiser's link\")", "href"), screen, seats, game_id


def test_two_club_nights_of_a_ladder_and_a_correction_that_rerates_everyone(new_phone):
    keeper = new_phone(NARROW_PHONE, locale="en")
    keeper.goto("/")
    keeper.click("a:has-text('New ladder')")
    check_the_page(keeper, "en", "ladder-new")
    keeper.fill("#name", "Thursday club")
    keeper.select_option("#game", "dummy-spades")
    keeper.click("button:has-text('Create the ladder')")
    keeper.wait_for_url(re.compile(r"/ladders/(?!new$)[\w-]+$"))
    ladder_url = keeper.url
    check_the_page(keeper, "en", "ladder-keeper")

    first_link, first_screen, first_seats, first_game = club_night(keeper, new_phone, ladder_url, "week-1")
    assert "Table 1: " + " · ".join(f"{name} 33%" for name in first_seats) in first_screen.inner_text(".chances")
    _, second_screen, second_seats, _ = club_night(keeper, new_phone, ladder_url, "week-2")
    # Before the second evening's round, the first evening's winner is the favourite.
    chances = dict(re.findall(r"(\w+) (\d+)%", second_screen.inner_text(".chances")))
    assert max(chances, key=lambda name: int(chances[name])) == first_seats[0]

    keeper.goto(ladder_url)
    check_the_page(keeper, "en", "ladder-two-evenings")
    before = ratings(keeper)
    assert set(before) == {"Ann", "Ben", "Cid"}
    assert "won table 1 against" in keeper.inner_text("main")
    assert keeper.locator("#rating-chart svg path").count() >= 3

    # The first evening's organiser corrects its table: its third seat won, its first came second and its second
    # last, so every player's place there changes (with only two swapped, the third's rating could move by less
    # than the page's 0.01, as the seats fall).
    token = first_link.split("token=")[1]
    first, second, third = first_seats
    corrected = keeper.request.put(f"/api/v1/games/{first_game}/hands/1", headers={
        "Authorization": f"Bearer {token}"}, data={
        "bids": [{"player": first, "bid": 5}, {"player": second, "bid": 6}, {"player": third, "bid": 7}],
        "tricks": {third: 5, "dummy": 3, first: 2, second: 3}})
    assert corrected.status == 200, corrected.text()
    keeper.goto(ladder_url)
    after = ratings(keeper)
    assert all(after[name] != before[name] for name in before), (before, after)
    check_the_page(keeper, "en", "ladder-corrected")
