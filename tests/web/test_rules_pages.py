"""The rules pages: they render, every section has its anchor, and the links from games land on one."""

from __future__ import annotations

import re
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from .test_players import PIQUE_DEAL, REPIQUE_DEAL, SPADES_LOST, SPADES_UNFINISHED, record

ROOT = Path(__file__).resolve().parent.parent.parent
ANCHORS = {
    "dummy-spades": ["table", "dealing", "bids", "declarer", "nil", "void-nil", "tricks", "scoring", "bags",
                     "winning", "variations", "no-peeky", "peeky", "flip", "styles", "suicide", "mirror"],
    "piquet": ["deal", "exchange", "card-values", "carte-blanche", "declarations", "point", "sequences", "sets",
               "repique", "pique", "tricks", "cards", "capot", "rubicon", "saunt", "laws"],
}
TITLES = {"dummy-spades": "Rules of Dummy Hand Spades", "piquet": "Rules of Piquet"}


def ids(page: str) -> list[str]:
    return re.findall(r'\sid="([^"]+)"', page)


def rules_links(page: str) -> list[tuple[str, str]]:
    """Every link to a rule in a page, as (game, anchor)."""
    return re.findall(r'href="/rules/([\w-]+)#([\w-]+)"', page)


@pytest.fixture
def rulebook(client):
    return {game: client.get(f"/rules/{game}").get_data(as_text=True) for game in ANCHORS}


@pytest.mark.parametrize("game", ANCHORS)
def test_a_rules_page_has_a_section_for_every_rule_and_a_contents_list(client, game):
    response = client.get(f"/rules/{game}")

    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert re.search(r"<h1>([^<]*)</h1>", page).group(1) == TITLES[game]
    assert set(ANCHORS[game]) <= set(ids(page))
    contents = re.search(r'<nav class="toc"[^>]*>(.*?)</nav>', page, re.S).group(1)
    listed = re.findall(r'href="#([\w-]+)"', contents)
    assert listed == [anchor for anchor in ANCHORS[game] if anchor not in ("no-peeky", "peeky", "flip", "suicide", "mirror")]
    assert len(ids(page)) == len(set(ids(page))), "anchors are unique"


def test_the_spades_rules_give_the_variations_and_house_settings(rulebook):
    page = rulebook["dummy-spades"]
    for words in ("No Peeky", "Three Peeky, Four Peeky", "Flip 1 to Flip 4", "bag limit", "bag penalty",
                  "A bag limit of 0 means no penalty at all", "When a nil is void"):
        assert words in page


def test_the_piquet_rules_give_rubicon_and_saunt_with_their_settlements(rulebook):
    page = rulebook["piquet"]
    for words in ("Rubicon Piquet", "100 + 41 = 141", "100 + 154 + 93 = 347", "Saunt",
                  "the rest of the deal is not scored"):
        assert words in page


def test_the_piquet_rules_list_the_laws_followed_and_the_house_variations_each_with_its_source(rulebook):
    laws = re.search(r'<section id="laws">(.*?)</section>', rulebook["piquet"], re.S).group(1)
    followed, variations = (re.findall(r"<li>(.*?)</li>", unescape(part), re.S)
                            for part in laws.split("House variations offered"))
    assert [" ".join(item.split()) for item in followed] == [
        "Rubicon Piquet, a partie of six deals: the laws of the Portland and Turf Clubs (Cavendish, 1882).",
        "Carte blanche before every other score: Hoffmann, <em>Hoyle's Games Modernized</em> (1909), under Carte "
        'Blanche ("The score for a carte blanche takes precedence of all other scores").',
        "Saunt, the order of reckoning by heads: Cavendish's Law 67, and Hoffmann, <em>Hoyle's Games Modernized</em> "
        "(1909).",
        'The double game: Cavendish, Laws of Piquet au Cent ("A player scoring a hundred before his adversary has '
        'scored fifty wins a double game").',
    ]
    assert [" ".join(item.split()) for item in variations] == [
        "Rubicon or Saunt, chosen for each game: Cavendish prints the Laws of Piquet au Cent, the game to a hundred, "
        "beside the Rubicon laws, and the <em>Encyclopaedia Britannica</em> (1911) tells how the partie of six "
        "deals took the place of games of a hundred up.",
        "The Saunt target: 100 by the laws, or another agreed value such as 101, as in the older <em>Hoyle's "
        'Games</em> ("The game consists of 101 points").',
    ]


def test_an_unknown_rules_page_is_404(client):
    assert client.get("/rules/bridge").status_code == 404


def test_the_home_page_links_to_both_rules_pages(client):
    page = client.get("/").get_data(as_text=True)
    assert 'href="/rules/dummy-spades"' in page
    assert 'href="/rules/piquet"' in page


def explanations(client, game_id):
    """Every hand's explanation, as the history fetches each when it is opened."""
    count = len(client.get(f"/api/v1/games/{game_id}").get_json()["hands"])
    return "".join(client.get(f"/g/{game_id}/hands/{number}", headers={"HX-Request": "true"}).text
                   for number in range(1, count + 1))


def test_a_void_nil_and_a_bag_penalty_link_to_their_rules(client, rulebook):
    lost = record(client, SPADES_LOST)
    unfinished = record(client, SPADES_UNFINISHED)

    lost_page = explanations(client, lost)
    assert re.findall(r'<a class="rules-link" href="/rules/dummy-spades#void-nil"[^>]*>([^<]*)<', lost_page) == [
        "Why is this nil void?"]
    unfinished_page = explanations(client, unfinished)
    # ANN's and Cid's bags reach the limit in hand 1, Cid's again in hand 2.
    assert re.findall(r'<a class="rules-link" href="/rules/dummy-spades#bags"[^>]*>([^<]*)<', unfinished_page) == [
        "How do bags cost points?"] * 3
    for game, anchor in rules_links(lost_page) + rules_links(unfinished_page):
        assert anchor in ids(rulebook[game])


def test_the_piquet_breakdown_links_each_line_to_its_rule(client, rulebook):
    partie = record(client, ({"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben"},
                             [REPIQUE_DEAL, {"tricks": ["younger"] * 12}, PIQUE_DEAL]))

    page = explanations(client, partie)

    linked = {anchor for game, anchor in rules_links(page) if game == "piquet"}
    assert {"point", "sequences", "sets", "repique", "pique", "tricks", "capot"} <= linked
    for game, anchor in rules_links(page):
        assert anchor in ids(rulebook[game])


def test_the_entry_forms_link_to_the_rules_in_a_new_tab(client, rulebook):
    spades = client.post("/api/v1/games", json=SPADES_UNFINISHED[0]).get_json()
    piquet = client.post("/api/v1/games", json={"game": "piquet", "players": ["Ann", "Ben"]}).get_json()
    for created in (spades, piquet):
        client.get(f"/g/{created['id']}/join/{created['edit_token']}")

    spades_form = client.get(f"/g/{spades['id']}").get_data(as_text=True)
    piquet_form = client.get(f"/g/{piquet['id']}").get_data(as_text=True)

    assert re.search(r'<a class="rules-link" href="/rules/dummy-spades#bids" target="_blank" rel="noopener">'
                     r'Rules: bids and nil<', spades_form)
    assert re.search(r'href="/rules/piquet#declarations" target="_blank" rel="noopener">Rules: who is good\?<',
                     piquet_form)
    assert re.search(r'href="/rules/piquet#tricks" target="_blank" rel="noopener">Rules: trick points, cards, capot<',
                     piquet_form)
    for game, anchor in rules_links(spades_form) + rules_links(piquet_form):
        assert anchor in ids(rulebook[game])


def test_the_rules_text_is_extracted_for_translation(tmp_path):
    pot = tmp_path / "messages.pot"
    mapping = tmp_path / "babel.cfg"
    mapping.write_text("[jinja2: **.html]\n", encoding="utf-8")
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F", str(mapping), "-o", str(pot),
         "templates/rules"],
        cwd=ROOT, check=True,
    )
    with pot.open("rb") as file:
        messages = {message.id for message in read_po(file) if message.id}
    assert "When a nil is void" in messages
    # Paragraphs reach translators on one line, with single spaces.
    assert ("Otherwise the nil is <strong>void</strong>: it scores nothing either way, and the hand's explanation "
            "says why. When several players declare nil on the same hand, each nil is judged on its own.") in messages
