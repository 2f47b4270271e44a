"""Dummy Hand Suicide and Mirror on a 360-px phone, from the form, in English and in French: a refusal, then
the hand of docs/rules.md A12 (SU-E1, MI-E2) saved and scored."""

from __future__ import annotations

import pytest

from .support import NARROW_PHONE, score_value, wait_for
from .test_languages import check_the_page, texts

pytestmark = pytest.mark.browser

PLAYERS = ("Ann", "Ben", "Cid")  # Ann deals hand 1: Ben, Cid, Ann bid
EXPECTED = {
    "en": {
        "at_least_4": "In Suicide every player bids at least 4.",
        "landed": "Ann's nil on Ben's hand applies: both defend. Ben must take no tricks.",
        "over_13": "In Mirror each bid is the spades in that player's hand, so the three bids cannot add up to "
                   "more than 13 (these add up to 14).",
        "summary": ["The dummy holds 2 spades: 13 minus the three bids.",
                    "Cid declares with the dummy: 6 + 2 spades = 8 tricks to make.",
                    "Ben and Ann defend: 0 + 5 spades = 5 tricks to make."],
    },
    "fr": {
        "at_least_4": "Au Suicide, chacun annonce au moins 4.",
        "landed": "Le nil annoncé par Ann sur la main de Ben compte : les deux sont en défense. "
                  "Ben ne doit faire aucun pli.",
        "over_13": "Au Miroir, chaque enchère est le nombre de piques du joueur, donc les trois enchères ne peuvent "
                   "pas dépasser 13 en tout (celles-ci font 14).",
        "summary": ["Le mort a 2 piques : 13 moins les trois enchères.",
                    "Cid joue avec le mort : 6 + 2 piques = 8 plis à faire.",
                    "Ben et Ann défendent : 0 + 5 piques = 5 plis à faire."],
    },
}


@pytest.fixture
def phone(new_phone):
    """A 360-px phone whose browser speaks `locale`."""
    return lambda locale: new_phone(NARROW_PHONE, locale=locale)


def start_game(page, language: str, style: str) -> None:
    page.goto("/new/dummy-spades")
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#player_{seat}", name)
    page.check(f"input[name='style'][value='{style}']")
    page.check("#first_dealer-0")
    check_the_page(page, language, f"dummy-{style}-new")
    page.click("form .button.primary")
    page.wait_for_selector("#hand-form")


def fill_bids(page, bids: dict[str, int], sides: dict[str, str] | None = None) -> None:
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#bids-{seat}-bid", str(bids[name]))
        if sides:
            for other in ("own", "partner"):
                page.set_checked(f"input[name='bids-{seat}-side'][value='{other}']", other == sides[name])


def fill_tricks(page, tricks: dict[str, int]) -> None:
    for index, hand in enumerate((*PLAYERS, "dummy")):
        page.fill(f"#tricks-{index}", str(tricks[hand]))


def scores(page) -> list[int]:
    return [score_value(text) for text in page.locator(".scoreboard td.score").all_inner_texts()]


@pytest.mark.parametrize("language", EXPECTED)
def test_a_suicide_hand_on_a_phone(phone, language):
    expected = EXPECTED[language]
    page = phone(language)
    start_game(page, language, "suicide")
    assert page.locator("input[name='bids-1-nil']").count() == 0, "Suicide has its own two chips, not the four hands"
    check_the_page(page, language, "dummy-suicide-form")

    # SU-E1 with Ben's 5 typed as 3: refused beside Ben's bid, bids first.
    fill_bids(page, {"Ann": 4, "Ben": 3, "Cid": 7}, {"Ann": "partner", "Ben": "own", "Cid": "partner"})
    page.click("button[name='step'][value='first']")
    page.wait_for_selector("#bids-1-bid-error")
    assert page.inner_text("#bids-1-bid-error") == expected["at_least_4"]
    assert page.text_content("#announcer") == expected["at_least_4"]
    assert page.locator("details.hand").count() == 0
    check_the_page(page, language, "dummy-suicide-refused")

    page.fill("#bids-1-bid", "5")
    page.click("button[name='step'][value='first']")
    page.wait_for_selector("#hand-1")
    assert expected["landed"] in texts(page, ".now.waiting li")
    check_the_page(page, language, "dummy-suicide-bids")

    fill_tricks(page, {"Ann": 6, "Ben": 0, "Cid": 7, "dummy": 0})
    page.click("#hand-form button.primary")
    wait_for(page, "!document.querySelector('.now.waiting')")
    assert scores(page) == [142, 151, 170]
    check_the_page(page, language, "dummy-suicide-hand-1")


@pytest.mark.parametrize("language", EXPECTED)
def test_a_mirror_hand_on_a_phone(phone, language):
    expected = EXPECTED[language]
    page = phone(language)
    start_game(page, language, "mirror")
    assert page.locator("#hand-form .chips").count() == 0, "Mirror has no nil chips"

    # Ben 5, Cid 5, Ann 4: the engine says the bids are too many as they are typed, and the save is refused.
    fill_bids(page, {"Ann": 4, "Ben": 5, "Cid": 5})
    wait_for(page, "document.querySelector('#bidding-preview .refused')")
    assert texts(page, "#bidding-preview .refused") == [expected["over_13"]]
    fill_tricks(page, {"Ann": 5, "Ben": 0, "Cid": 6, "dummy": 2})
    page.click("#hand-form button.primary")
    page.wait_for_selector("#bids-error")
    assert page.inner_text("#bids-error") == expected["over_13"]
    assert page.locator("details.hand").count() == 0
    check_the_page(page, language, "dummy-mirror-refused")

    # MI-E2: Ben 0, Cid 6, Ann 5; the dummy's 2 spades and both contracts are said as the bids are typed (after
    # who plays with whom, before Ben's nil).
    fill_bids(page, {"Ann": 5, "Ben": 0, "Cid": 6})
    page.wait_for_function("(lines) => lines.join('|') === [...document.querySelectorAll('#bidding-preview li')]"
                           ".slice(1, 4).map((item) => item.innerText.split(/\\s+/).join(' ')).join('|')",
                           arg=expected["summary"])
    assert texts(page, "#bidding-preview li")[1:4] == expected["summary"]
    check_the_page(page, language, "dummy-mirror-typed")
    page.click("#hand-form button.primary")
    page.wait_for_selector("#hand-1")
    assert scores(page) == [50, 150, 80]
    check_the_page(page, language, "dummy-mirror-hand-1")


def test_a_mirror_preview_the_server_cannot_answer_says_nothing(phone):
    page = phone("en")
    start_game(page, "en", "mirror")
    fill_bids(page, {"Ann": 2, "Ben": 4, "Cid": 3})
    wait_for(page, "document.querySelector('#bidding-preview').innerText.includes('8 tricks to make')")
    # The server out of reach: not what Ann's 2 decided, nothing (the phone's scorer says it once "Save bids").
    page.route("**/hands/bidding", lambda route: route.abort())
    page.fill("#bids-0-bid", "1")
    wait_for(page, "document.querySelector('#bidding-preview').innerText === ''")
    assert page.locator("#bidding-preview").inner_text() == ""
