"""The players' languages: choosing one, every page in it, numbers written its way, the API's messages."""

from __future__ import annotations

import html
import re

import pytest
from babel.dates import format_date
from babel.support import Translations

from scorekeeper.extensions import db
from scorekeeper.models import Game
from scorekeeper.web.i18n import number, signed

from ..catalogs import TRANSLATIONS, extract, languages
from ..games import PIQUET_DEALS, PIQUET_GAME, SPADES_GAME, SPADES_HANDS
from .api_client import create
from .forms_client import post_form

TRANSLATED = languages()  # every catalog present, e.g. ["de", "es", "fr"]
PLACEHOLDER = re.compile(r"%(?:\(\w+\))?[sd]")


def lang_of(page: str) -> str:
    return re.search(r'<html lang="([^"]+)"', page).group(1)


def get(client, path: str, language: str | None = None, **headers):
    if language:
        headers["Accept-Language"] = language
    response = client.get(path, headers=headers)
    return response.get_data(as_text=True)


@pytest.fixture(scope="module")
def english_fragments(tmp_path_factory):
    """Per language: the English text of every message that language translates differently.

    A message with placeholders gives its longest literal stretch; only
    stretches of two words or more, and not kept in the translation, count,
    so that words both languages share ("Total", "carte blanche") are not English.
    """
    messages = extract(tmp_path_factory.mktemp("extracted") / "messages.pot")
    fragments = {}
    for language in TRANSLATED:
        translations = Translations.load(str(TRANSLATIONS), [language])
        found = set()
        for message in messages:
            if not message.id or isinstance(message.id, tuple):
                continue
            if message.context or translations.gettext(message.id) == message.id:
                continue
            stretch = max(PLACEHOLDER.split(re.sub(r"<[^>]+>", "%s", message.id)), key=len).strip(" .,:;")
            if len(stretch.split()) >= 2 and stretch not in translations.gettext(message.id):
                found.add(stretch)  # a stretch the translation keeps too is that language's word ("carte blanche")
        fragments[language] = found
    return fragments


def english_in(page: str, fragments: set[str]) -> list[str]:
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())
    spoken = re.findall(r'(?:aria-label|alt|title|data-prefix|hx-confirm)="([^"]*)"', page)
    attributes = " ".join(html.unescape(value) for value in spoken)
    return sorted(fragment for fragment in fragments if fragment in text or fragment in attributes)


# Choosing the language


def test_accept_language_picks_the_language_and_english_is_the_fallback(client):
    assert lang_of(get(client, "/", "fr-CH, fr;q=0.9, en;q=0.5")) == "fr"
    assert lang_of(get(client, "/", "it, en-GB;q=0.8")) == "en"
    assert lang_of(get(client, "/", "it")) == "en"
    assert lang_of(get(client, "/")) == "en"


def test_lang_in_the_address_switches_and_a_cookie_remembers_it(client):
    response = client.get("/rules/piquet?lang=fr", headers={"Accept-Language": "en"})
    assert lang_of(response.get_data(as_text=True)) == "fr"
    cookie = client.get_cookie("lang")
    assert (cookie.value, cookie.http_only, cookie.same_site) == ("fr", True, "Lax")
    assert lang_of(get(client, "/", "en")) == "fr", "the cookie beats Accept-Language"
    assert "lang=" not in client.get("/?lang=fr").headers.get("Set-Cookie", ""), "already remembered"
    assert lang_of(get(client, "/?lang=en", "fr")) == "en"
    assert lang_of(get(client, "/", "fr")) == "en"


def test_an_unknown_language_changes_nothing(client):
    response = client.get("/?lang=xx", headers={"Accept-Language": "fr"})
    assert lang_of(response.get_data(as_text=True)) == "fr"
    assert client.get_cookie("lang") is None
    client.set_cookie("lang", "xx")
    assert lang_of(get(client, "/", "fr")) == "fr"


def test_pages_vary_on_the_language_header_and_cookie(client):
    assert {"Accept-Language", "Cookie"} <= set(client.get("/").vary)


def test_every_page_has_a_language_menu_naming_each_language_in_itself(client):
    page = get(client, "/players?name=Ann", "fr")
    menu = re.search(r'<nav class="languages" aria-label="Langue">(.*?)</nav>', page, re.S).group(1)
    links = re.findall(
        r'<a href="([^"]+)" hreflang="(\w+)" lang="(\w+)" hx-boost="false"( aria-current="true")?>([^<]+)</a>', menu)
    names = {"en": "English", "fr": "Français", "de": "Deutsch", "es": "Español"}
    offered = [(code, name) for code, name in names.items() if code in ("en", *TRANSLATED)]
    assert [(code, name) for _, code, _, _, name in links] == offered
    for url, code, lang, current, _ in links:
        assert html.unescape(url) == f"/players?name=Ann&lang={code}"
        assert lang == code
        assert bool(current) == (code == "fr")


def test_after_a_refused_form_the_language_links_reload_the_form_page(client):
    refused = post_form(client, "/new/piquet", {"player_0": "", "player_1": "Ben"},
                        headers={"Referer": "http://localhost/new/piquet"})
    assert refused.status_code == 422
    assert 'href="/new/piquet?lang=en"' in refused.get_data(as_text=True)


# Every page in every language


def started(client, kind: str, form: dict) -> str:
    response = post_form(client, f"/new/{kind}", form)
    assert response.status_code == 303
    return response.headers["Location"]


def spades_game(client) -> str:
    path = started(client, "dummy-spades", {
        "player_0": "Ann", "player_1": "Ben", "player_2": "Cid", "dummy_after": "2", "first_dealer": "0",
        "target": "300", "target_other": "", "bag_limit": "10", "bag_penalty": "100", "variant": "flip-2"})
    hands = [
        {"bids-0-bid": "7", "bids-1-bid": "5", "bids-2-bid": "6", "bids-1-nil": "dummy", "bids-2-nil": "Cid",
         "tricks-0": "5", "tricks-1": "2", "tricks-2": "3", "tricks-3": "3"},
        {"bids-0-bid": "4", "bids-1-bid": "9", "bids-2-bid": "3", "bids-0-nil": "Ann",
         "tricks-0": "0", "tricks-1": "6", "tricks-2": "4", "tricks-3": "3"},
    ]
    for position, hand in enumerate(hands, start=1):
        assert post_form(client, path + "/hands", {**hand, "hand": str(position)}, path).status_code == 303
    return path


def piquet_game(client) -> str:
    path = started(client, "piquet", {"player_0": "Ann", "player_1": "Ben", "first_dealer": "1", "variant": "rubicon", "target": "100"})
    deal = {"elder-point-cards": "5", "elder-point-value": "48", "younger-point-cards": "5", "younger-point-value": "45",
            "play": "tricks", **{f"tricks-{i}": ("elder" if i < 7 else "younger") for i in range(12)}}
    response = post_form(client, path + "/hands", {**deal, "hand": "1"}, path)
    assert response.status_code == 303, response.get_data(as_text=True)
    return path


def finished_piquet_game(client) -> str:
    table = create(client, PIQUET_GAME)
    table.add(*PIQUET_DEALS)
    client.get(f"/g/{table.id}/join/{table.token}")
    return f"/g/{table.id}"


def finished_spades_game(client) -> str:
    table = create(client, SPADES_GAME)
    table.add(*SPADES_HANDS)
    return f"/g/{table.id}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_main_page_speaks_the_language_and_no_english(client, language, english_fragments):
    spades, piquet = spades_game(client), piquet_game(client)
    finished, partie = finished_spades_game(client), finished_piquet_game(client)
    checked = post_form(client, "/piquet/check", {
        "elder": ["AS", "KS", "QS", "JS", "TS", "AH", "KH", "QH", "AD", "KD", "AC", "7C"],
        "younger": ["9S", "8S", "7S", "JH", "TH", "9H", "8H", "QD", "JD", "TD", "KC", "QC"],
        "carte_blanche": ""}, headers={"Accept-Language": language}).get_data(as_text=True)
    pages = {"/piquet/check (checked)": checked}
    for path in ["/", "/new/dummy-spades", "/new/piquet", spades, spades + "/hands/1/edit", spades + "/summary",
                 piquet, piquet + "/hands/1/edit", piquet + "/summary", finished + "/summary", partie, partie + "/summary",
                 "/rules/dummy-spades", "/rules/piquet", "/players", "/players/Ann", "/piquet/check", "/import",
                 "/no/such/page"]:
        pages[path] = get(client, path, language)
    for path, page in pages.items():
        assert lang_of(page) == language, path
        assert english_in(page, english_fragments[language]) == [], path
    assert len(english_in(get(client, spades, "en"), english_fragments[language])) > 20, "the check finds English"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_live_board_comes_in_the_pages_language(client, language, english_fragments):
    path = spades_game(client)
    page = get(client, path, language)
    live = re.search(r'id="live"[^>]*hx-get="([^"]+)"', page).group(1)
    assert html.unescape(live) == f"{path}/live?lang={language}"
    etag = re.search(r'data-etag="([^"]+)"', page).group(1)
    assert html.unescape(etag).endswith(f'.{language}"')
    # The page's own language, whatever the phone's header says; an English page does not take it for unchanged.
    board = client.get(html.unescape(live), headers={"Accept-Language": "en", "HX-Request": "true", "If-None-Match": html.unescape(etag)})
    assert board.status_code == 304
    english = client.get(f"{path}/live?lang=en", headers={"HX-Request": "true", "If-None-Match": html.unescape(etag)})
    assert english.status_code == 200
    assert client.get_cookie("lang") is None, "a poll does not change the language of the other tabs"
    fresh = client.get(html.unescape(live), headers={"HX-Request": "true"}).get_data(as_text=True)
    assert english_in(fresh, english_fragments[language]) == []


# Numbers, dates and names


def test_numbers_are_written_the_readers_way_with_a_real_minus_sign(app):
    cases = {
        "en": ("1,234", "−1,234", "+52", "0", "−100"),
        "fr": ("1\u202f234", "−1\u202f234", "+52", "0", "−100"),
        "de": ("1.234", "−1.234", "+52", "0", "−100"),
        "es": ("1.234", "−1.234", "+52", "0", "−100"),
    }
    for language in ("en", *TRANSLATED):
        expected = cases[language]
        with app.test_request_context(headers={"Accept-Language": language}):
            assert (number(1234), number(-1234), signed(52), signed(0), signed(-100)) == expected, language


def test_french_pages_write_signed_scores_and_dates_the_french_way(client, app):
    path = finished_spades_game(client)
    page = get(client, path + "/summary", "fr")
    assert "pénalité de sacs −100" in page
    assert '<td class="num down">−67</td>' in page
    assert '<td class="num up">+71</td>' in page
    with app.app_context():
        created = db.session.execute(db.select(Game.created_at)).scalar_one()
    assert f"<dd>{format_date(created, 'medium', locale='fr')}</dd>" in page


def test_player_names_are_never_translated(client):
    table = create(client, {**SPADES_GAME, "players": ["Nobody", "Hand", "Score"], "first_dealer": "Nobody"})
    page = get(client, f"/g/{table.id}", "fr")
    assert re.findall(r'<th scope="row" class="name">(\w+)', page) == ["Nobody", "Hand", "Score"]


# The API


def test_api_messages_follow_accept_language_only(client):
    body = {"game": "piquet", "players": ["Ann", ""]}
    english = client.post("/api/v1/games", json=body)
    assert english.get_json() == {"errors": [{"field": "players[1]", "message": "Enter a name."}]}
    client.set_cookie("lang", "fr")
    assert client.post("/api/v1/games?lang=fr", json=body).get_json() == english.get_json(), "neither cookie nor ?lang"
    french = client.post("/api/v1/games", json=body, headers={"Accept-Language": "fr"})
    assert french.status_code == 422
    assert french.get_json() == {"errors": [{"field": "players[1]", "message": "Saisissez un nom."}]}
    assert "Accept-Language" in french.vary and "Cookie" not in french.vary


@pytest.mark.parametrize("language", TRANSLATED)
def test_an_api_422_in_every_language_keeps_its_fields(client, language):
    translations = Translations.load(str(TRANSLATIONS), [language])
    response = client.post("/api/v1/games", json={"game": "chess"}, headers={"Accept-Language": language})
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert error["field"] == "game"
    english = client.post("/api/v1/games", json={"game": "chess"}).get_json()["errors"][0]["message"]
    choices = english.removeprefix("Choose the game: ").removesuffix(".")  # “dummy-spades”, “piquet”...
    assert error["message"] == translations.gettext("Choose the game: %(choices)s.") % {"choices": choices}
    assert error["message"] != f"Choose the game: {choices}."


@pytest.mark.parametrize("language", TRANSLATED)
def test_api_keys_enum_values_and_csv_headers_never_change(client, language):
    table = create(client, SPADES_GAME)
    table.add(*SPADES_HANDS[:3])
    english = client.get(table.path).get_json()
    translated = client.get(table.path, headers={"Accept-Language": language}).get_json()

    def shape(value):
        if isinstance(value, dict):
            return {key: shape(item) for key, item in value.items()}
        if isinstance(value, list):
            return [shape(item) for item in value]
        return value if not isinstance(value, str) or value in ("declarer", "defender", "dummy", "in_progress") else str

    assert shape(translated) == shape(english)
    assert translated["hands"][0]["players"]["Ann"]["role"] == "declarer"
    assert translated["hands"][0]["explanation"] != english["hands"][0]["explanation"], "the sentences are translated"
    csv = client.get(f"/g/{table.id}/export.csv", headers={"Accept-Language": language}).get_data(as_text=True)
    assert csv == client.get(f"/g/{table.id}/export.csv").get_data(as_text=True)
