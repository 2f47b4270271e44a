"""A French (or German...) table at a 360-px phone: a Spades hand and a Piquet deal, an explanation, the printed summary."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from ..catalogs import languages
from .support import ARTIFACTS, NARROW_PHONE, open_hand, score_value, screenshot, wait_for
from .test_accessibility import STICKING_OUT, axe_violations
from .test_dummy_spades_flow import fill_hand

pytestmark = pytest.mark.browser

# What each language's table reads: the explanation of docs/rules.md A10's E1 and of a deal won on the point alone.
EXPECTED = {
    "fr": {
        "spades_heading": "Donne 2",
        "spades_line": "Ann et le mort : 8 des 13 plis pour une enchère de 7 (Ann) : réussie, +70 et 1 sac : +71.",
        "spades_summary": ["Pique à trois avec un mort", "Donnes", "Début"],
        "piquet_heading": "Donne 2 sur 6",
        "piquet_badge": "Bon : Ann",
        "piquet_line": "Ann est bon avec point de 5 (48) (Ben n’a rien annoncé) : Ann marque 5.",
        "piquet_summary": ["Piquet", "Donnes", "Premier"],
    },
    "de": {
        "spades_heading": "Runde 2",
        "spades_line": "Ann und der Strohmann haben 8 von 13 Stichen gemacht, gegen das Gebot von Ann (7): "
                       "erfüllt, +70 und 1 Überstich: +71.",
        "spades_summary": ["Pik zu dritt mit Strohmann", "Runden"],
        "piquet_heading": "Runde 2 von 6",
        "piquet_badge": "Ann ist gut",
        "piquet_line": "Ann ist mit Rummel von 5 Karten (48) gut (Ben hat nichts gemeldet) und erhält 5.",
        "piquet_summary": ["Pikett", "Runden", "Vorhand"],
    },
    "es": {
        "spades_heading": "Mano 2",
        "spades_line": "Ann y el muerto hicieron 8 de 13 bazas para la puja de Ann (7): cumplida, +70 y 1 sobrebaza: +71.",
        "spades_summary": ["Picas a tres con muerto", "Manos"],
        "piquet_heading": "Reparto 2 de 6",
        "piquet_badge": "Gana Ann",
        "piquet_line": "Ann tiene punto de 5 (48) y Ben no declaró nada: gana Ann y se anota 5.",
        "piquet_summary": ["Piquet", "Repartos", "Mano"],
    },
}
LANGUAGES = [language for language in languages() if language in EXPECTED]


@pytest.fixture
def phone(new_phone):
    """A 360-px phone whose browser speaks `locale`."""
    return lambda locale: new_phone(NARROW_PHONE, locale=locale)


def check_the_page(page, language: str, name: str) -> None:
    """In `language`, nothing wider than the phone, nothing axe objects to; a screenshot to look at."""
    assert page.get_attribute("html", "lang") == language
    assert page.evaluate("document.documentElement.scrollWidth") == NARROW_PHONE["width"], page.evaluate(STICKING_OUT, NARROW_PHONE["width"])
    assert axe_violations(page) == []
    screenshot(page, f"{language}-{name}")


def open_summary(page) -> None:
    """Follow the game page's summary link (htmx swaps the page in) and wait for its stylesheet."""
    page.click(".game-links a")
    page.wait_for_selector(".summary")
    wait_for(page, "[...document.styleSheets].some((sheet) => sheet.href && new URL(sheet.href).pathname.endsWith('/summary.css'))")


def texts(page, selector: str) -> list[str]:
    """The texts of the elements, no-break spaces (French puts them before a colon) read as spaces."""
    return [" ".join(text.split()) for text in page.locator(selector).all_inner_texts()]


def printed_text(page, name: str) -> str:
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4", print_background=False)
    page.emulate_media(media="screen")
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"{name}.pdf").write_bytes(pdf)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    return " ".join(reader.pages[0].extract_text().split())


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_spades_hand_in_the_players_language(phone, language):
    expected = EXPECTED[language]
    page = phone(language)
    page.goto("/new/dummy-spades")
    for seat, name in enumerate(("Ann", "Ben", "Cid")):
        page.fill(f"#player_{seat}", name)
    page.check("#first_dealer-0")
    check_the_page(page, language, "spades-new")
    page.click("form .button.primary")
    page.wait_for_selector("#hand-form")

    fill_hand(page, {"Ann": 7, "Ben": 5, "Cid": 6}, {"Ann": 5, "Ben": 2, "Cid": 3, "dummy": 3})
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#hand-1")
    assert page.inner_text(".now h2") == expected["spades_heading"]
    scores = [score_value(text) for text in page.locator(".scoreboard td.score").all_inner_texts()]
    assert scores == [71, 50, -60]
    assert page.locator(".scoreboard td.score").all_inner_texts()[2] == "−60"
    open_hand(page, 1)
    page.wait_for_selector("#hand-1[open] .explain")
    assert expected["spades_line"] in texts(page, "#hand-1 .explain li")
    check_the_page(page, language, "spades-hand-1")

    open_summary(page)
    check_the_page(page, language, "spades-summary")
    text = printed_text(page, f"{language}-summary-spades")
    for words in expected["spades_summary"]:
        assert words in text
    assert "−60" in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_piquet_deal_in_the_players_language(phone, language):
    expected = EXPECTED[language]
    page = phone(language)
    page.goto("/new/piquet")
    page.fill("#player_0", "Ann")
    page.fill("#player_1", "Ben")
    page.check("#first_dealer-1")  # Ben deals: Ann is elder
    page.click("form .button.primary")
    page.wait_for_selector("#deal-form")

    page.check("input[name='elder-point-cards'][value='5']")
    page.fill("#elder-point-value", "48")
    for index in range(12):
        page.check(f"input[name='tricks-{index}'][value={'elder' if index < 7 else 'younger'}]")
    page.wait_for_selector("#verdict-point .badge")  # the live verdict, fetched while typing
    assert texts(page, "#verdict-point .badge") == [expected["piquet_badge"]]
    check_the_page(page, language, "piquet-deal-form")
    page.click("#deal-form .actions .primary")
    page.wait_for_selector("#hand-1")
    assert page.inner_text(".now h2") == expected["piquet_heading"]
    open_hand(page, 1)
    page.wait_for_selector("#hand-1[open] .explain")
    assert expected["piquet_line"] in texts(page, "#hand-1 .explain li")
    check_the_page(page, language, "piquet-deal-1")

    open_summary(page)
    text = printed_text(page, f"{language}-summary-piquet")
    for words in expected["piquet_summary"]:
        assert words in text


def test_the_footer_switches_the_language_and_the_next_pages_keep_it(phone):
    page = phone("en-US")
    page.goto("/rules/piquet")
    page.click(".languages a[hreflang=fr]")
    page.wait_for_url(re.compile(r"\?lang=fr$"))
    assert page.get_attribute("html", "lang") == "fr"
    assert page.inner_text("h1") == "Règles du Piquet"
    page.click(".brand")  # a boosted link: the cookie keeps the language
    page.wait_for_url(re.compile(r"/$"))
    assert page.inner_text("h1") == "Tenez les scores à table"
    page.click(".languages a[hreflang=en]")
    page.wait_for_url(re.compile(r"\?lang=en$"))
    assert (page.get_attribute("html", "lang"), page.inner_text("h1")) == ("en", "Keep score at the table")


FOUR_PLAYER_HAND = {"bids": [{"player": "Ben", "bid": 3}, {"player": "Cid", "bid": 4}, {"player": "Dan", "bid": 3},
                             {"player": "Ann", "bid": 3}], "tricks": {"Ann": 3, "Ben": 4, "Cid": 3, "Dan": 3}}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_four_player_spades_summary_fits_the_phone_in_the_players_language(phone, language):
    """Its hands table has nine columns: in German its headings make it wider than the phone, and it scrolls
    then, not the page."""
    page = phone(language)
    created = page.request.post("/api/v1/games", data={"game": "spades", "players": ["Ann", "Ben", "Cid", "Dan"],
                                                       "first_dealer": "Ann"}).json()
    for _ in range(5):
        answer = page.request.post(f"/api/v1/games/{created['id']}/hands", data=FOUR_PLAYER_HAND,
                                   headers={"Authorization": f"Bearer {created['edit_token']}"})
        assert answer.status == 201
    page.goto(f"/g/{created['id']}/summary")
    check_the_page(page, language, "spades-four-summary")
