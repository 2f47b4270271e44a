"""What each house rule does at the table: one sentence per setting of every game, from the game's own
`rule_sentences`, on the share page and on a form opened from a link, in the reader's language, following the
values chosen (plural forms included)."""

from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper.games import GAMES
from scorekeeper.pages.house_rules import settings_of

LANGUAGES = ("en", "fr", "de", "es")
NBSP = "\u00a0"


def sentences(html: str) -> list[str]:
    return [unescape(text) for text in re.findall(r'<dd class="rule-sentence">(.*?)</dd>', html, re.S)]


def share_page(client, kind: str, query: str, language: str = "en") -> list[str]:
    response = client.get(f"/new/{kind}/rules?{query}", headers={"Accept-Language": language})
    assert response.status_code == 200
    return sentences(response.get_data(as_text=True))


def test_every_setting_of_every_registered_game_has_a_sentence():
    for kind in GAMES.values():
        assert set(kind.rule_sentences) == set(kind.house_settings), kind.name


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("kind", "variations"), [
    ("dummy-spades", [{"bag_limit": 0}, {"bag_limit": 1, "bag_penalty": 1}, *({"style": style} for style in
                                                                            ("standard", "suicide", "mirror")),
                      *({"variant": variant} for variant in ("no-peeky", "three-peeky", "four-peeky", "flip-1",
                                                             "flip-2", "flip-3", "flip-4"))]),
    ("spades", [{"variant": "suicide"}, {"variant": "mirror"}, {"blind_nil": True}, {"mercy": True},
                {"failed_nil_helps": False, "zero_is_nil": True, "bag_limit": 0}, {"target": 1, "nil_value": 1}]),
    ("piquet", [{"variant": "rubicon"}, {"variant": "saunt", "target": 1}, {"variant": "saunt", "target": 101}]),
])
def test_each_setting_says_a_sentence_for_every_value_in_every_language(app, kind, variations, language):
    game_kind = GAMES[kind]
    for variation in [{}, *variations]:
        settings = settings_of(game_kind, variation)
        with app.test_request_context(headers={"Accept-Language": language}):
            said = {name: game_kind.rule_sentences[name](settings) for name in settings}
        assert all(len(sentence) > 15 and sentence.endswith(".") for sentence in said.values()), said


def test_the_share_page_says_what_each_dummy_hand_rule_does(client):
    query = "style=suicide&target=450&variant=flip-2&bag_limit=5&bag_penalty=50"
    assert share_page(client, "dummy-spades", query) == [
        "Suicide: each player bids at least 4 and names one nil, on their own hand or their partner's (the dummy "
        "for the declarer, the other defender for a defender).",
        "Play to 450: once a player has 450 points after a hand, the highest score wins; players level at the top "
        "play on.",
        "Flip 2: before bidding, each player turns 2 dummy cards face up; the rest are turned up after the opening "
        "lead.",
        "Bags: a player's overtricks are bags; each time their bags reach 5, they lose the bag penalty and 5 bags "
        "are taken off, the rest carrying over.",
        "Bag penalty: a player loses 50 points each time their bags reach the limit.",
    ]


def test_a_dummy_hand_rule_follows_its_value_singular_and_off(client):
    said = share_page(client, "dummy-spades", "target=1&bag_limit=1&bag_penalty=1")
    assert said[1] == ("Play to 1: once a player has 1 point after a hand, the highest score wins; players level at "
                       "the top play on.")
    assert said[3:] == [
        "Bags: a player's overtricks are bags; each time their bags reach 1, they lose the bag penalty and 1 bag is "
        "taken off, the rest carrying over.",
        "Bag penalty: a player loses 1 point each time their bags reach the limit.",
    ]
    assert share_page(client, "dummy-spades", "bag_limit=0")[3:] == [
        "Bags: a player's overtricks are bags, counted but never penalised.",
        "Bag penalty: none, as the bag limit is 0.",
    ]


def test_the_dummy_hand_rules_in_german(client):
    said = share_page(client, "dummy-spades", "style=mirror&target=1500&variant=no-peeky&bag_limit=10&bag_penalty=1",
                      "de")
    assert said == [
        "Spiegel: jeder bietet die Zahl seiner Pik-Karten; der Strohmann hat den Rest. Ein Blatt ohne Pik ist eine "
        "Null.",
        "Spielen bis 1.500: sobald ein Spieler nach einer Runde 1.500 Punkte hat, gewinnt der höchste Stand; bei "
        "Gleichstand an der Spitze wird weitergespielt.",
        "Ohne Spicken: vor dem Bieten sieht niemand Karten des Strohmanns.",
        "Überstiche: jedes Mal, wenn die Überstiche eines Spielers 10 erreichen, verliert er die Strafe für "
        "Überstiche und 10 Überstiche werden abgezogen; der Rest bleibt stehen.",
        "Strafe für Überstiche: ein Spieler verliert 1 Punkt, jedes Mal wenn seine Überstiche die Grenze erreichen.",
    ]


SPADES_EVERY_SETTING = ("variant=partnership&target=300&nil_value=50&blind_nil=true&blind_margin=150"
                        "&failed_nil_helps=false&zero_is_nil=true&bag_limit=7&bag_penalty=60&mercy=true"
                        "&mercy_floor=-300")


def test_the_share_page_says_what_each_spades_house_rule_does(client):
    assert share_page(client, "spades", SPADES_EVERY_SETTING) == [
        "Partnership: each team's contract is the sum of the partners' bids.",
        "Play to 300: once a team has 300 points after a deal, the higher score wins; teams level play on.",
        "Nil: a Nil bidder who takes no trick wins 50 points for the team, and loses them with any trick.",
        "Blind Nil: a player may bid Nil before looking at their cards, for double the Nil's points won or lost.",
        "Blind Nil margin: Blind Nil is allowed only while the bidder's team trails by 150 points or more before "
        "the deal.",
        "A failed Nil's tricks do not help the contract: they are only bags.",
        "A bid of 0 is a Nil.",
        "Bags: a team's overtricks are bags; each time its bags reach 7, it loses the bag penalty and 7 bags are "
        "taken off, the rest carrying over.",
        "Bag penalty: a team loses 60 points each time its bags reach the limit.",
        "Mercy: a team at or below the mercy floor after a deal loses at once.",
        "Mercy floor: a team on \u2212300 or less after a deal loses at once.",
    ]


def test_the_spades_defaults_say_what_is_off(client):
    said = share_page(client, "spades", "variant=suicide")
    assert said[0] == "Suicide: in each team one partner bids Nil and the other 4 or more."
    assert said[3:7] == [
        "No Blind Nil: every Nil is bid after looking at the cards.",
        "Blind Nil margin: not used, as Blind Nil is off.",
        "A failed Nil's tricks count toward the team's contract.",
        "A bid of 0 is an ordinary bid, not a Nil.",
    ]
    assert said[9:] == ["No mercy rule: a team plays on however low its score falls.",
                        "Mercy floor: not used, as the mercy rule is off."]


def test_the_spades_house_rules_in_spanish(client):
    said = share_page(client, "spades", SPADES_EVERY_SETTING, "es")
    assert said[1:3] == [
        "Jugar a 300: en cuanto una pareja tiene 300 puntos tras una mano, gana la puntuación más alta; si hay "
        "empate, se sigue jugando.",
        "Nil: quien declara Nil y no gana ninguna baza suma 50 puntos a su pareja, y los pierde con cualquier baza.",
    ]
    assert said[7] == ("Sobrebazas: las bazas de más de una pareja son sus sobrebazas; cada vez que llegan a 7, "
                       "pierde la penalización por sobrebazas y se le quitan 7 sobrebazas, y el resto se conserva.")
    assert said[10] == "Umbral de clemencia: una pareja con \u2212300 o menos tras una mano pierde en el acto."


def test_the_share_page_says_what_saunt_and_its_target_do_citing_the_law(client):
    assert share_page(client, "piquet", "variant=saunt&target=100") == [
        "Saunt: the first to reach the target wins at that moment, the points of a deal reckoned by heads whoever "
        "holds them (Law 67): carte blanche, the point, sequences, sets, then the play.",
        "Saunt to 100: the first to reach 100 points under the laws' order of heads wins; with the other under "
        "half of it, a double game.",
    ]
    assert share_page(client, "piquet", "variant=rubicon") == [
        "Rubicon: a partie of six deals; the higher total scores 100 and the difference, or 100 and both totals "
        "when the loser has under 100 (rubiconed).",
    ]


def test_piquet_in_french_singular_and_plural(client):
    said = share_page(client, "piquet", "variant=saunt&target=1", "fr")
    assert said[0] == (f"Au cent{NBSP}: le premier à atteindre l’objectif gagne à cet instant{NBSP}; dans une donne, "
                       f"les points se comptent par rubriques, à qui les tient (loi 67){NBSP}: carte blanche, le "
                       "point, les séquences, les brelans et quatorzes, puis le jeu.")
    assert said[1] == (f"Au cent en 1{NBSP}: le premier à atteindre 1 point dans l’ordre des rubriques des lois "
                       f"gagne{NBSP}; si l’autre en a moins de la moitié, c’est une partie double.")
    assert share_page(client, "piquet", "variant=saunt&target=101", "fr")[1] == (
        f"Au cent en 101{NBSP}: le premier à atteindre 101 points dans l’ordre des rubriques des lois gagne{NBSP}; "
        "si l’autre en a moins de la moitié, c’est une partie double.")


def test_a_form_opened_from_a_link_says_what_its_rules_do(client):
    page = client.get("/new/piquet?variant=saunt&target=150", headers={"Accept-Language": "es"}).get_data(
        as_text=True)
    assert '<details class="more" id="link-rules">' in page
    assert "<summary>Qué significan las reglas de este enlace</summary>" in page
    assert sentences(page)[1] == ("Cientos a 150: gana el primero en llegar a 150 puntos en el orden de apartados "
                                  "de las leyes; si el otro tiene menos de la mitad, es partida doble.")
    assert 'id="link-rules"' not in client.get("/new/piquet").get_data(as_text=True)
    assert 'id="link-rules"' not in client.get("/new/piquet?lang=fr").get_data(as_text=True)  # the language menu's
