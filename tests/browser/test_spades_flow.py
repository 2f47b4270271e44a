"""A table of four records a Spades game to 500 on a 360-px phone, with and without JavaScript."""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest

from .support import NARROW_PHONE, in_view, open_hand, score_value, screenshot, wait_for
from .test_accessibility import STICKING_OUT, TAP_TARGETS, axe_violations, focus_problems, record, too_small

pytestmark = pytest.mark.browser

PLAYERS = ("Ann", "Ben", "Cid", "Dan")  # Ann & Cid against Ben & Dan


@pytest.fixture
def phone(new_phone):
    """A 360-px-wide phone with JavaScript."""
    return new_phone(NARROW_PHONE)


@pytest.fixture
def phone_without_js(new_phone):
    return new_phone(NARROW_PHONE, java_script_enabled=False)


def start_game(page, *, blind_nil: bool = False, screenshot_name: str | None = None) -> str:
    page.goto("/new/spades")
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#player_{seat}", name)
    page.check("#first_dealer-0")  # Ann deals first: Ben, Cid, Dan, Ann bid
    if blind_nil:
        page.click("summary:has-text('House rules')")
        page.check("#blind_nil")
    if screenshot_name:
        screenshot(page, screenshot_name)
    page.click("button:has-text('Start the game')")
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    return page.url


def fill_hand(page, bids: dict[str, int | str], tricks: dict[str, int | None]):
    """Bids (a number, "nil" or "blind-nil") and tricks by player; fields are in seat order."""
    for seat, name in enumerate(PLAYERS):
        bid = bids[name]
        page.fill(f"#bids-{seat}-bid", "" if isinstance(bid, str) else str(bid))
        if bid == "nil":
            page.check(f"#bids-{seat}-nil")
        if bid == "blind-nil":
            page.check(f"#bids-{seat}-blind")
    # A count left blank (None) is not touched: it is filled in to make 13, where one the player clears is theirs.
    for seat, name in enumerate(PLAYERS):
        if (value := tricks.get(name)) is not None:
            page.fill(f"#tricks-{seat}", str(value))


def save(page, number: int):
    page.click("button:has-text('Save hand')")
    page.wait_for_selector(f"#hand-{number}")


def board(page) -> dict[str, tuple[int, int]]:
    """Each team's score and bags, as the scoreboard shows them."""
    rows = page.locator(".scoreboard tbody tr")
    return {
        rows.nth(i).locator("th").inner_text(): (score_value(rows.nth(i).locator("td.score").inner_text()),
                                                 score_value(rows.nth(i).locator("td").nth(1).inner_text()))
        for i in range(rows.count())
    }


def fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_game_to_500_with_nil_blind_nil_edit_and_undo(phone):
    page = phone
    start_game(page, blind_nil=True, screenshot_name="spades4-new-game")
    assert page.evaluate("typeof htmx") == "object"
    page.evaluate("window.sameDocument = true")
    # The now strip is one line; on a page that edits, the bidding order is the form's own.
    assert page.locator(".now li").all_inner_texts() == ["Ann deals", "Ben leads"]
    assert page.locator(".bid-row .stepper label").all_inner_texts()[0].startswith("Ben")
    assert page.locator("#hand-form >> text=Blind Nil").count() == 0, "nobody is behind yet"

    # Hand 1, docs/rules.md C-E2; the last trick count is filled in as Dan's is left blank.
    fill_hand(page, {"Ann": 5, "Ben": 3, "Cid": 4, "Dan": 2}, {"Ann": 4, "Ben": 2, "Cid": 6, "Dan": None})
    assert page.input_value("#tricks-3") == "1"
    save(page, 1)
    assert page.evaluate("window.sameDocument") is True, "htmx swapped the board in place"
    assert board(page) == {"Ann & Cid": (91, 1), "Ben & Dan": (-50, 0)}

    # Hand 2 (Ben deals): Ann & Cid bid 12 and take all 13; Ben & Dan bid 0 and 0.
    fill_hand(page, {"Ann": 6, "Ben": 0, "Cid": 6, "Dan": 0}, {"Ann": 7, "Ben": 0, "Cid": 6, "Dan": 0})
    save(page, 2)
    assert board(page) == {"Ann & Cid": (212, 2), "Ben & Dan": (-50, 0)}
    assert "Ben & Dan may bid Blind Nil." in page.locator(".now").inner_text()
    assert page.locator("#hand-form .chip:has-text('Blind Nil')").count() == 2, "for Ben and Dan only"

    # Hand 3 (Cid deals): Dan bids Blind Nil and takes nothing: +200.
    fill_hand(page, {"Ann": 4, "Ben": 4, "Cid": 4, "Dan": "blind-nil"}, {"Ann": 4, "Ben": 4, "Cid": 5, "Dan": None})
    save(page, 3)
    assert board(page) == {"Ann & Cid": (293, 3), "Ben & Dan": (190, 0)}
    open_hand(page, 3)
    assert "Dan bid Blind Nil and took no tricks: +200." in page.inner_text("#hand-3")
    assert fits_the_phone(page)
    screenshot(page, "spades4-after-blind-nil")

    # A Suicide-free mistake: 14 tricks. Refused beside the field, nothing saved.
    fill_hand(page, {"Ann": "nil", "Ben": 3, "Cid": 5, "Dan": 4}, {"Ann": 0, "Ben": 4, "Cid": 6, "Dan": 4})
    page.click("button:has-text('Save hand')")
    page.wait_for_selector(".error")
    assert page.inner_text("fieldset.tricks .error") == "The four players took 14 tricks; they must take exactly 13."
    assert in_view(page, "fieldset.tricks .error"), "the refusal is brought on screen"
    assert page.text_content("#announcer") == "The four players took 14 tricks; they must take exactly 13."
    assert page.locator("details.hand").count() == 3
    screenshot(page, "spades4-refused")

    # Hand 4 (Dan deals): Ann bids Nil and makes it; Cid makes 5 with 6.
    fill_hand(page, {"Ann": "nil", "Ben": 3, "Cid": 5, "Dan": 4}, {"Ann": 0, "Ben": 3, "Cid": 6, "Dan": None})
    save(page, 4)
    assert board(page) == {"Ann & Cid": (444, 4), "Ben & Dan": (260, 0)}

    # Edit hand 1: Dan bid 3, not 2, so Ben & Dan were set by 60.
    open_hand(page, 1)
    page.click("#hand-1 >> text=Edit hand 1")
    page.wait_for_url(re.compile(r"/hands/1/edit$"))
    assert page.input_value("#bids-0-bid") == "5"
    page.fill("#bids-3-bid", "3")
    screenshot(page, "spades4-edit")
    page.click("button:has-text('Save changes')")
    page.wait_for_url(re.compile(r"/g/[\w-]+(#hand-1)?$"))
    assert board(page) == {"Ann & Cid": (444, 4), "Ben & Dan": (250, 0)}

    # Undo hand 4 (a page of its own asks first), then redo it.
    page.click("a:has-text('Undo hand 4')")
    page.wait_for_selector("h1:has-text('Undo hand 4?')")
    page.click("button:has-text('Yes, undo hand 4')")
    wait_for(page, "document.querySelectorAll('details.hand').length === 3")
    assert board(page) == {"Ann & Cid": (293, 3), "Ben & Dan": (180, 0)}
    page.click("button:has-text('Redo hand 4')")
    page.wait_for_selector("#hand-4")
    assert board(page) == {"Ann & Cid": (444, 4), "Ben & Dan": (250, 0)}

    # Hand 5 (Ann deals): Ann & Cid make 6 with 8 and pass 500.
    fill_hand(page, {"Ann": 3, "Ben": 3, "Cid": 3, "Dan": 2}, {"Ann": 4, "Ben": 3, "Cid": 4, "Dan": None})
    save(page, 5)
    assert board(page) == {"Ann & Cid": (506, 6), "Ben & Dan": (300, 0)}
    assert page.inner_text(".banner") == "Ann & Cid win with 506."
    assert page.locator("#hand-form").count() == 0
    assert fits_the_phone(page)
    screenshot(page, "spades4-winner")

    page.click("text=Summary, print and downloads")
    page.wait_for_url(re.compile(r"/summary$"))
    # The summary's own stylesheet, linked in the swapped body, applies a moment later.
    wait_for(page, "getComputedStyle(document.querySelector('.hands-table')).borderCollapse === 'collapse'")
    assert page.locator(".hands-table tbody tr").first.inner_text().split() == [
        "1", "9", "10", "+91", "91", "6", "3", "\N{MINUS SIGN}60", "\N{MINUS SIGN}60"]
    assert fits_the_phone(page)
    screenshot(page, "spades4-summary")


def test_a_hand_without_javascript(phone_without_js):
    page = phone_without_js
    game_url = start_game(page)
    fill_hand(page, {"Ann": "nil", "Ben": 4, "Cid": 5, "Dan": 4}, {"Ann": 1, "Ben": 4, "Cid": 4, "Dan": None})
    page.click("button:has-text('Save hand')")
    page.wait_for_url(game_url)
    assert board(page) == {"Ann & Cid": (-50, 0), "Ben & Dan": (80, 0)}, "C-E3, the blank trick count filled in"
    page.click("a:has-text('Undo hand 1')")
    assert page.inner_text("h1") == "Undo hand 1?"
    page.click("button:has-text('Yes, undo hand 1')")
    page.wait_for_selector("text=No hands yet.")
    assert board(page) == {"Ann & Cid": (0, 0), "Ben & Dan": (0, 0)}
    assert fits_the_phone(page)
    screenshot(page, "spades4-nojs")


# --- every page for everyone: axe, long names, thumbs -------------------------------------------

LONG_NAMES = ("W" * 30, "MÆWŒMÆWŒMÆWŒMÆWŒMÆWŒMÆWŒMÆWŒMÆ", "Ŵilhelmina-Wolfgang-Wassermann", "Ω" * 30)
# Hand 1: C-E2; hand 2: Ann & Cid take all 13 (Ben & Dan fall 262 behind); hand 3: Dan's Blind Nil and Ann's Nil.
MIDGAME_HANDS = [
    {"bids": [{"player": "Ben", "bid": 3}, {"player": "Cid", "bid": 4}, {"player": "Dan", "bid": 2},
              {"player": "Ann", "bid": 5}], "tricks": {"Ann": 4, "Ben": 2, "Cid": 6, "Dan": 1}},
    {"bids": [{"player": "Cid", "bid": 6}, {"player": "Dan", "bid": 0}, {"player": "Ann", "bid": 6},
              {"player": "Ben", "bid": 0}], "tricks": {"Ann": 7, "Ben": 0, "Cid": 6, "Dan": 0}},
    {"bids": [{"player": "Dan", "bid": "blind-nil"}, {"player": "Ann", "bid": "nil"}, {"player": "Ben", "bid": 4},
              {"player": "Cid", "bid": 6}], "tricks": {"Ann": 1, "Ben": 5, "Cid": 7, "Dan": 0}},
]
WINNING_HAND = {"bids": [{"player": p, "bid": b} for p, b in (("Ann", 7), ("Ben", 0), ("Cid", 6), ("Dan", 0))],
                "tricks": {"Ann": 7, "Ben": 0, "Cid": 6, "Dan": 0}}


def renamed(value, names):
    text = json.dumps(value)
    for old, new in zip(PLAYERS, names):
        text = text.replace(json.dumps(old), json.dumps(new))
    return json.loads(text)


def spades_tour(page, names: tuple[str, ...] = PLAYERS):
    """Every four-player Spades page worth seeing; yields each one's name."""
    game = {"game": "spades", "players": list(names), "first_dealer": names[0],
            "settings": {"blind_nil": True, "target": 300}}
    midgame = record(page, game, renamed(MIDGAME_HANDS, names))
    won = record(page, game, renamed([*MIDGAME_HANDS, WINNING_HAND], names))
    for table in (midgame, won):
        page.goto(f"{table.url}/join/{table.token}")
    page.goto("/new/spades")
    page.click("summary:has-text('House rules')")
    yield "new"
    page.click("form .button.primary")
    page.wait_for_selector(".has-error")
    yield "new-refused"
    page.goto(midgame.url)
    open_hand(page, 3)
    page.click(".share summary")
    yield "midgame"
    page.fill("#bids-0-bid", "14")
    page.click("button:has-text('Save hand')")
    page.wait_for_selector("#bids-0-bid-error")
    page.wait_for_selector(".stepper .step >> nth=0")
    yield "hand-refused"
    page.goto(f"{midgame.url}/hands/3/edit")
    yield "edit-hand"
    page.goto(won.url)
    open_hand(page, 4)
    yield "won"
    page.goto(f"{won.url}/summary")
    yield "summary"
    page.goto("/rules/spades")
    yield "rules"
    page.goto(f"/players/{quote(names[1])}")
    yield "player"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_the_spades_pages(new_phone, scheme):
    page = new_phone(NARROW_PHONE, color_scheme=scheme)
    found = {}
    for name in spades_tour(page):
        screenshot(page, f"spades4-a11y-{name}-{scheme}")
        if violations := axe_violations(page):
            found[name] = violations
        if small := too_small(page.evaluate(TAP_TARGETS)):
            found[f"{name} (tap targets)"] = small
    assert not found, "\n".join(f"{name}:\n  " + "\n  ".join(lines) for name, lines in found.items())


def test_long_names_fit_the_phone(new_phone):
    page = new_phone(NARROW_PHONE)
    found = {}
    for name in spades_tour(page, LONG_NAMES):
        page.wait_for_load_state("networkidle")
        if (width := page.evaluate("document.documentElement.scrollWidth")) > NARROW_PHONE["width"]:
            found[f"{name}: {width} px"] = page.evaluate(STICKING_OUT, NARROW_PHONE["width"])
        screenshot(page, f"spades4-long-names-{name}")
    assert not found, "\n".join(f"{name}: {lines}" for name, lines in found.items())


FOCUS_WALKS = ("new", "midgame", "hand-refused", "summary", "player")


def test_the_keyboard_reaches_every_control_and_shows_where_it_is(new_phone):
    page = new_phone(NARROW_PHONE)
    problems, walked = {}, []
    for name in spades_tour(page):
        if name not in FOCUS_WALKS:
            continue
        walked.append(name)
        if found := focus_problems(page):
            problems[name] = found
    assert sorted(walked) == sorted(FOCUS_WALKS), "the tour reached every page to walk"
    assert not problems, "\n".join(f"{name}: {found}" for name, found in problems.items())


def test_a_number_typed_beside_a_ticked_nil_is_struck_through_and_the_nil_is_the_bid(page):
    game_url = start_game(page)
    page.fill("#bids-3-bid", "2")  # Dan, as the helper's table typed it
    decoration = "getComputedStyle(document.querySelector('#bids-3-bid')).textDecorationLine"
    assert page.evaluate(decoration) == "none"
    page.check("#bids-3-nil")
    assert page.evaluate(decoration) == "line-through"
    fill_hand(page, {"Ann": 4, "Ben": 4, "Cid": 4, "Dan": "nil"}, {"Ann": 4, "Ben": 5, "Cid": 4, "Dan": None})
    page.fill("#bids-3-bid", "2")
    save(page, 1)
    assert page.url == game_url
    assert "Ben & Dan bid 4, took 5 (Ben 4: 5 tricks · Dan Nil: 0 tricks)" in page.inner_text("#hands")
