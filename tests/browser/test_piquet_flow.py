"""Two players record Piquet on a phone: a Rubicon partie with the trick strip, a Saunt game, the checker."""

from __future__ import annotations

import re

import pytest

from .support import score_value, screenshot, settled, wait_for

pytestmark = pytest.mark.browser

P3_ELDER = "7H AD 9S AH 8S AS 7C TH JH 7D 9C TC".split()
P3_YOUNGER = "KC QS QD QH KD QC KH KS 9D JC 8C 8H".split()


def start_piquet(page, *, variant: str = "rubicon") -> str:
    page.goto("/new/piquet")
    page.fill("#player_0", "Ann")
    page.fill("#player_1", "Ben")
    page.check("#first_dealer-1")  # Ben deals first: Ann is elder in deals 1, 3, 5
    page.check(f"input[name=variant][value={variant}]")
    page.click("button:has-text('Start')")
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    return page.url


def declare_point(page, role: str, cards: int, value: int) -> None:
    page.check(f"input[name='{role}-point-cards'][value='{cards}']")
    page.fill(f"#{role}-point-value", str(value))
    settled(page)


def pick(page, name: str, value: str) -> None:
    """Tap the chip `value` of the group `name`, once the live verdicts asked for so far are shown (they move
    the form down)."""
    settled(page)
    page.check(f"input[name='{name}'][value='{value}']")


def chosen(page, name: str) -> str | None:
    """The value of the chip chosen in the group `name`."""
    return page.locator(f"input[name='{name}']:checked").get_attribute("value")


def tap_tricks(page, winners: list[str]) -> None:
    for index, winner in enumerate(winners):
        page.check(f"input[name='tricks-{index}'][value={winner}]")


def save_deal(page, number: int) -> None:
    page.click("button:has-text('Save deal')")
    page.wait_for_selector(f"#hand-{number}")


def scores(page) -> dict[str, int]:
    rows = page.locator(".scoreboard tbody tr")
    return {
        rows.nth(i).locator("th").inner_text().split()[0]: score_value(rows.nth(i).locator("td.score").inner_text())
        for i in range(rows.count())
    }


RUNS_NOTE = ("A tap also gives that player the tricks after it, up to the next one you tapped: "
             "tap the first trick of each run.")


def test_a_rubicon_partie_with_the_trick_strip_to_its_settlement(page):
    start_piquet(page)
    page.locator(f".trick-strip p:has-text('{RUNS_NOTE}')").wait_for(state="visible")  # how a tap fills a run
    elder_run = ["elder"] * 7 + ["younger"] * 5
    for number in range(1, 7):
        assert page.inner_text(".now h2") == f"Deal {number} of 6"
        declare_point(page, "elder", 5, 48)
        if number == 1:
            pick(page, "elder-sequences-0-length", "4")
            pick(page, "elder-sequences-0-top", "K")
        tap_tricks(page, elder_run)
        if number == 1:
            wait_for(page, "document.querySelector('#trick-points').innerText.includes('after trick 12: Ann 8, Ben 6')")
            assert page.inner_text("#verdict-point") == (
                "Ann is good Ann's point of 5 (48) is good (Ben declared none): Ann scores 5."
            )
            assert "Trick points after trick 12: Ann 8, Ben 6" in page.inner_text("#trick-points")
            screenshot(page, "piquet-deal-1-filled")
        save_deal(page, number)
    # Elder scores 5 (point) + 8 (tricks) + 10 (cards) = 23 a deal, younger 6; Ann's quart adds 4.
    assert scores(page) == {"Ann": 91, "Ben": 87}
    assert page.inner_text(".banner") == (
        "Ann wins the partie and scores 278; the loser is rubiconed.\n\n"
        "Ben has 87, under 100: rubiconed. Ann scores 100 + 91 + 87 = 278."
    )
    assert page.locator("#deal-form").count() == 0
    screenshot(page, "piquet-rubicon-settled")

    page.click("button:has-text('Next partie')")
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    assert page.inner_text(".now h2") == "Deal 1 of 6"
    assert "Ann deals" in page.inner_text(".now")
    assert "Ann +278" in page.inner_text(".session")


def test_a_saunt_game_ends_at_the_moment_someone_reaches_100(page):
    start_piquet(page, variant="saunt")
    declare_point(page, "elder", 5, 48)
    tap_tricks(page, ["elder"] * 12)
    save_deal(page, 1)
    tap_tricks(page, ["elder"] * 12)
    save_deal(page, 2)
    assert scores(page) == {"Ann": 58, "Ben": 53}

    declare_point(page, "elder", 6, 60)
    pick(page, "elder-sequences-0-length", "6")
    pick(page, "elder-sequences-0-top", "A")
    pick(page, "elder-sets-A", "4")
    wait_for(page, "document.querySelector('#verdict-extra').innerText.includes('repique')")
    assert page.inner_text("#verdict-extra") == "Ann reaches 36 before Ben scores: repique, +60."
    save_deal(page, 3)
    assert scores(page) == {"Ann": 154, "Ben": 53}
    assert page.inner_text(".banner") == "Ann reaches 100 and wins the game."
    screenshot(page, "piquet-saunt-won")


def test_a_bad_declaration_is_refused_beside_its_field(page):
    start_piquet(page)
    declare_point(page, "elder", 6, 53)
    tap_tricks(page, ["elder"] * 12)
    page.click("button:has-text('Save deal')")
    page.wait_for_selector("#elder-point-value ~ .error, .error:has-text('6 cards of one suit')")
    assert "6 cards of one suit are worth 54 to 60." in page.inner_text("#deal-form")
    assert page.locator("details.hand").count() == 0


def test_check_with_cards_fills_the_declarations(page):
    start_piquet(page)
    page.click("summary:has-text('Check with cards')")
    for card in P3_ELDER:
        page.check(f"input[name=cards_elder][value='{card}']")
    for card in P3_YOUNGER:
        page.check(f"input[name=cards_younger][value='{card}']")
    page.click("button:has-text('Fill the declarations from these cards')")
    wait_for(page, "document.querySelector('#younger-point-value').value === '38'")
    assert page.input_value("#elder-point-value") == "38"
    assert chosen(page, "younger-sequences-0-length") == "3"
    assert chosen(page, "younger-sequences-0-top") == "K"
    assert chosen(page, "younger-sets-K") == "4"
    assert chosen(page, "younger-sets-Q") == "4"
    assert chosen(page, "elder-sets-A") == "3"
    assert page.inner_text("#verdict-point").startswith("Equal")
    assert page.inner_text("#verdict-extra") == "Ben reaches 31 before Ann scores: repique, +60."
    screenshot(page, "piquet-check-with-cards")


def test_the_declaration_checker_settles_a_dispute(page):
    page.goto("/piquet/check")
    for card in P3_ELDER:
        page.check(f"input[name=elder][value='{card}']")
    for card in P3_YOUNGER:
        page.check(f"input[name=younger][value='{card}']")
    assert page.inner_text("legend:has-text(\"Elder's 12 cards\") output") == "12/12"
    page.click("button:has-text('Check')")
    result = page.inner_text(".check-result")
    assert "Point: Elder's point of 4 (38) equals Younger's point of 4 (38): nobody scores." in result
    assert "Younger reaches 31 before Elder scores: repique, +60." in result
    assert "Combination points: 31 · repique +60" in result
    screenshot(page, "piquet-checker")

    page.check("input[name=younger][value='7S']")
    page.click("button:has-text('Check')")
    assert page.inner_text("fieldset.picker.has-error .error") == "Enter exactly 12 cards."


def test_a_deal_without_javascript(page_without_js):
    page = page_without_js
    game_url = start_piquet(page)
    declare_point(page, "elder", 5, 48)
    declare_point(page, "younger", 5, 45)
    page.click("button:has-text('Show who is good')")
    assert page.inner_text("#verdict-point") == (
        "Ann is good Ann's point of 5 (48) beats Ben's point of 5 (45): Ann scores 5."
    )
    assert page.input_value("#younger-point-value") == "45", "what was typed is kept"
    tap_tricks(page, ["elder"] * 7 + ["younger"] * 5)
    page.click("button:has-text('Save deal')")
    page.wait_for_url(game_url)
    assert scores(page) == {"Ann": 23, "Ben": 6}
    screenshot(page, "piquet-nojs-after-deal")

    # Back to the page the deal was typed on, "Show who is good" sent again: the next deal's form is not filled
    # with that deal, where a tap would record it twice.
    page.go_back()
    assert page.input_value("input[name=hand]") == "2"
    assert scores(page) == {"Ann": 23, "Ben": 6}
    assert [page.input_value(field) for field in ("#elder-point-value", "#younger-point-value")] == ["", ""]


def enter_totals(page, elder: tuple[int, int], younger: tuple[int, int]) -> None:
    page.check("input[name=play][value=totals]")
    page.fill("#total_elder-won", str(elder[0]))
    page.fill("#total_elder-points", str(elder[1]))
    page.fill("#total_younger-won", str(younger[0]))
    page.fill("#total_younger-points", str(younger[1]))


PIQUE_QUESTION = "Pique is possible: did Ann reach 30 before Ben scored anything?"
CERTAIN_PIQUE = "With these totals Ann reaches 30 before Ben scores anything: pique, +30."


def declare_24(page) -> None:
    """Elder's point of 5 worth 51, quint and quart to the ace: 24 in combinations."""
    declare_point(page, "elder", 5, 51)
    pick(page, "elder-sequences-0-length", "5")
    pick(page, "elder-sequences-0-top", "A")
    pick(page, "elder-sequences-1-length", "4")
    pick(page, "elder-sequences-1-top", "A")


def test_the_deal_form_asks_the_pique_only_while_the_totals_leave_it_open(page):
    page.set_viewport_size({"width": 360, "height": 800})
    start_piquet(page)
    declare_24(page)
    # One capture each: Ann won 0 to 6 tricks before Ben's first, so 25 to 31 before Ben scored.
    enter_totals(page, (7, 9), (5, 6))
    page.wait_for_selector("#pique-question legend")
    assert page.inner_text("#pique-question legend") == PIQUE_QUESTION
    screenshot(page, "piquet-pique-open-360")
    # No capture for Ann: she won tricks 1 to 5, then Ben the rest. 24 + 1 + 5 = 30: a certain pique.
    enter_totals(page, (5, 6), (7, 8))
    page.evaluate("document.activeElement.blur()")  # the change event, as leaving the field does
    wait_for(page, f"document.querySelector('#pique-question').innerText.includes({CERTAIN_PIQUE!r})")
    assert page.locator("#pique-question input").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") == 360
    screenshot(page, "piquet-pique-certain-360")
    save_deal(page, 1)
    # 24 in combinations, pique 30, 6 trick points; Ben 8 trick points and cards.
    assert scores(page) == {"Ann": 60, "Ben": 18}


def test_without_javascript_the_pique_is_asked_only_when_open(page_without_js):
    page = page_without_js
    page.set_viewport_size({"width": 360, "height": 800})
    game_url = start_piquet(page)
    assert page.locator(f".trick-strip p:has-text('{RUNS_NOTE}')").is_hidden(), "no script fills runs: no note"
    declare_24(page)
    enter_totals(page, (5, 6), (7, 8))
    page.click("button:has-text('Show who is good')")
    assert page.inner_text("#pique-question") == CERTAIN_PIQUE
    enter_totals(page, (7, 9), (5, 6))
    page.click("button:has-text('Show who is good')")
    assert page.inner_text("#pique-question legend") == PIQUE_QUESTION
    page.check("input[name=pique][value=yes]")
    screenshot(page, "piquet-nojs-pique-open-360")
    page.click("button:has-text('Save deal')")
    page.wait_for_url(game_url)
    # 24 in combinations, pique 30, 9 trick points, cards 10; Ben 6 trick points.
    assert scores(page) == {"Ann": 73, "Ben": 6}
