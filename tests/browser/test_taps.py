"""Taps at the table: one hand of each game played on a 360 x 780 phone, every tap counted.

A tap is what a thumb does: a button, a chip or a stepper is one tap; a
number typed on the phone's number pad is one tap on the field and one per
digit; a dropdown is two (open it, choose). docs/features.md gives the counts
before and after the "fewer taps" work. While a game is in progress the
entry form starts on the first screen: its first field is in view without
scrolling.
"""

from __future__ import annotations

import pytest

from .support import NARROW_PHONE, score_value, screenshot, settled

pytestmark = pytest.mark.browser

class Thumb:
    """Drives a page as a player's thumb does, counting taps."""

    def __init__(self, page):
        self.page = page
        self.taps = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.taps += 1

    def type_number(self, selector: str, value: int) -> None:
        self.page.locator(selector).click()
        self.page.keyboard.type(str(value))
        self.taps += 1 + len(str(value))

    def type_on(self, value: int, *, into: str) -> None:
        """Digits typed into the field that has the focus already (the form moved on to it)."""
        assert self.page.evaluate("document.activeElement.id") == into.lstrip("#"), f"the focus is not on {into}"
        self.page.keyboard.type(str(value))
        self.taps += len(str(value))

    def choose(self, selector: str, value: str) -> None:
        self.page.select_option(selector, value)
        self.taps += 2


@pytest.fixture
def phone(new_phone):
    """A 360-px phone with a touch screen."""
    return new_phone(NARROW_PHONE, has_touch=True, is_mobile=True)


def open_new_game(page, game: dict) -> None:
    """Create the game through the API and open it on this phone with edit access."""
    created = page.request.post("/api/v1/games", data=game).json()
    page.goto(f"/g/{created['id']}/join/{created['edit_token']}")


def chip(name: str, value: str) -> str:
    """The chip (its label, where the thumb lands) for `value` in the group `name`."""
    return f"label.chip:has(input[name='{name}'][value='{value}'])"


def first_field_in_view(page, form: str) -> bool:
    """Whether the form's first field is entirely on the first screen, with the page not scrolled."""
    box = page.locator(f"{form} :is(input:not([type=hidden]), select, button)").first.bounding_box()
    return page.evaluate("window.scrollY") == 0 and box is not None and box["y"] + box["height"] <= NARROW_PHONE["height"]


def start_counting(page, game: dict, form: str, name: str) -> Thumb:
    """Open a new game on this phone, check that its entry form starts on the first screen, and count from here."""
    open_new_game(page, game)
    screenshot(page, f"taps-{name}-first-screen")
    assert first_field_in_view(page, form)
    return Thumb(page)


def save(thumb: Thumb, button: str) -> None:
    """Tap the form's save button and wait for hand 1 in the history."""
    thumb.tap(f"button:has-text('{button}')")
    thumb.page.wait_for_selector("#hand-1")


def next_form_in_view(page, form: str) -> bool:
    """Whether the next hand's form, the game page opened afresh, starts on the first screen too."""
    page.goto(page.url)
    return first_field_in_view(page, form)


def scores(page) -> dict[str, int]:
    rows = page.locator(".scoreboard tbody tr")
    return {rows.nth(i).locator("th").inner_text().split()[0]: score_value(rows.nth(i).locator("td.score").inner_text())
            for i in range(rows.count())}


def test_a_dummy_hand_spades_hand_in_taps(phone):
    page = phone
    thumb = start_counting(page, {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"},
                           "#hand-form", "dummy-spades")

    # docs/rules.md A10 E1: Ann declares 7, Ben bids 5, Cid 6; Ann 5 and the dummy 3, Ben 2, Cid 3.
    # Ben, Cid and Ann bid in that order; each complete number moves on to the next field.
    thumb.type_number("#bids-1-bid", 5)
    thumb.type_on(6, into="#bids-2-bid")
    thumb.type_on(7, into="#bids-0-bid")
    thumb.type_on(5, into="#tricks-0")
    thumb.type_on(2, into="#tricks-1")
    thumb.type_on(3, into="#tricks-2")
    assert page.input_value("#tricks-3") == "3", "the last count is filled in"
    assert page.evaluate("document.activeElement.textContent") == "Save hand"
    save(thumb, "Save hand")

    assert scores(page) == {"Ann": 71, "Ben": 50, "Cid": -60}
    assert thumb.taps == 8  # 13 before
    assert next_form_in_view(page, "#hand-form"), "the next hand's form starts on the first screen too"
    screenshot(page, "taps-dummy-spades-hand-2")


def test_a_four_player_spades_hand_in_taps(phone):
    page = phone
    thumb = start_counting(page, {"game": "spades", "players": ["Ann", "Ben", "Cid", "Dan"], "first_dealer": "Ann"},
                           "#hand-form", "spades")

    # docs/rules.md C-E2: Ann 5, Ben 3, Cid 4, Dan 2; Ann 4, Ben 2, Cid 6, Dan 1.
    # Ben, Cid, Dan and Ann bid in that order.
    thumb.type_number("#bids-1-bid", 3)
    thumb.type_on(4, into="#bids-2-bid")
    thumb.type_on(2, into="#bids-3-bid")
    thumb.type_on(5, into="#bids-0-bid")
    # The trick fields are grouped by team: Ann and Cid, then Ben and Dan.
    for seat, tricks in ((0, 4), (2, 6), (1, 2)):
        thumb.type_on(tricks, into=f"#tricks-{seat}")
    assert page.input_value("#tricks-3") == "1", "the last count is filled in"
    save(thumb, "Save hand")

    assert scores(page) == {"Ann": 91, "Ben": -50}
    assert thumb.taps == 9  # 15 before
    assert next_form_in_view(page, "#hand-form"), "the next hand's form starts on the first screen too"


def test_a_piquet_deal_in_taps(phone):
    page = phone
    thumb = start_counting(page, {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben"},
                           "#deal-form", "piquet")

    # The docs/api.md deal: Ann (elder) point of 5 (48), tierce to the king, trio of aces; Ben (younger) point of
    # 5 (45), tierce to the ace, quatorze of tens; Ann wins tricks 1-6 and 12, Ben 7-11. At the table Ben
    # answers Ann's 48 "not good" without saying his 45: one tap. The point's cards go on to its value.
    thumb.tap(chip("elder-point-cards", "5"))
    thumb.type_on(48, into="#elder-point-value")
    settled(page)  # the verdict above the next chips is shown before the next tap
    thumb.tap(chip("younger-point-cards", "no"))
    settled(page)
    assert "Ann is good" in page.inner_text("#verdict-point")
    assert page.input_value("#younger-point-value") == ""
    thumb.tap(chip("elder-sequences-0-length", "3"))
    thumb.tap(chip("elder-sequences-0-top", "K"))
    thumb.tap(chip("younger-sequences-0-length", "3"))
    thumb.tap(chip("younger-sequences-0-top", "A"))
    # Sets are chips too: 3 for a trio, 4 for a quatorze.
    thumb.tap(chip("elder-sets-A", "3"))
    thumb.tap(chip("younger-sets-T", "4"))
    settled(page)
    assert "Ben is good" in page.inner_text("#verdict-sets")
    # Each tap gives the later tricks to the same player, until the next run.
    thumb.tap(chip("tricks-0", "elder"))
    thumb.tap(chip("tricks-6", "younger"))
    thumb.tap(chip("tricks-11", "elder"))
    winners = [page.locator(f"input[name='tricks-{index}']:checked").get_attribute("value") for index in range(12)]
    assert winners == ["elder"] * 6 + ["younger"] * 5 + ["elder"]
    screenshot(page, "taps-piquet-filled")
    save(thumb, "Save deal")

    assert scores(page) == {"Ann": 24, "Ben": 23}
    assert thumb.taps == 14  # 35 at first, then 20
    deal = page.request.get(page.url.replace("/g/", "/api/v1/games/").split("?")[0]).json()["hands"][0]
    assert {name: (result["good"], result["points"]) for name, result in deal["classes"].items()} == {
        "point": ("elder", 5), "sequences": ("younger", 3), "sets": ("younger", 14)}
    assert next_form_in_view(page, "#deal-form"), "the next deal's form starts on the first screen too"
