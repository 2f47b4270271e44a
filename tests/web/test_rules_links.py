"""House rules by link: a game's settings in the query of its new-game form, the page that shares them, and what
a link with settings a game does not have, or values it refuses, says (real database, CSRF on)."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import Game

from .forms_client import post_form, stored

LANGUAGES = ("en", "fr", "de", "es")
SHARE_LABEL = {"en": "Share these rules", "fr": "Partager ces règles", "de": "Diese Regeln teilen",
               "es": "Compartir estas reglas"}

# Every setting of each game away from its default, as a link gives it, and the form's fields it fills in.
EVERY_SETTING = {
    "dummy-spades": ("style=suicide&target=450&variant=flip-2&bag_limit=5&bag_penalty=50",
                     {"style": "suicide", "target": "other", "target_other": "450", "variant": "flip-2",
                      "bag_limit": "5", "bag_penalty": "50"}),
    "spades": ("variant=partnership&target=300&nil_value=50&blind_nil=true&blind_margin=150&failed_nil_helps=false"
               "&zero_is_nil=true&bag_limit=7&bag_penalty=60&mercy=true&mercy_floor=-300",
               {"variant": "partnership", "target": "300", "nil_value": "50", "blind_nil": "y", "blind_margin": "150",
                "zero_is_nil": "y", "bag_limit": "7", "bag_penalty": "60", "mercy": "y", "mercy_floor": "-300"}),
    "piquet": ("variant=saunt&target=150", {"variant": "saunt", "target": "150"}),
}


class _FormValues(HTMLParser):
    """The values a browser would send from a page's forms: text fields, ticked boxes and chips, chosen options."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self.select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input" and a.get("type") in ("radio", "checkbox"):
            if "checked" in a and a.get("name"):
                self.values[a["name"]] = a.get("value", "on")
        elif tag == "input" and a.get("name") and a.get("type", "text") in ("text", "number"):
            self.values[a["name"]] = a.get("value", "")
        elif tag == "select":
            self.select = a.get("name")
        elif tag == "option" and self.select and "selected" in a:
            self.values[self.select] = a["value"]


def form_values(html: str) -> dict[str, str]:
    parser = _FormValues()
    parser.feed(html)
    return parser.values


def link_problems(html: str) -> list[str]:
    notice = re.search(r'<div class="notice" role="status" id="link-problems">(.*?)</div>', html, re.S)
    return [unescape(item) for item in re.findall(r"<li>(.*?)</li>", notice.group(1))] if notice else []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", sorted(EVERY_SETTING))
def test_a_link_with_every_setting_opens_the_form_filled_in(client, kind, language):
    query, fields = EVERY_SETTING[kind]
    response = client.get(f"/new/{kind}?{query}", headers={"Accept-Language": language})
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    values = form_values(page)
    assert {name: values.get(name) for name in fields} == fields
    if kind == "spades":
        assert "failed_nil_helps" not in values  # on by default, off in the link
        assert '<details class="more house-rules" open>' in page  # the link's house rules in sight
    assert link_problems(page) == []
    assert f">{SHARE_LABEL[language]}</button>" in page


def test_a_link_without_settings_opens_the_form_at_its_defaults(client):
    values = form_values(client.get("/new/dummy-spades").get_data(as_text=True))
    assert (values["style"], values["target"], values["variant"], values["bag_limit"]) == ("standard", "300",
                                                                                            "no-peeky", "10")


def test_unknown_and_refused_settings_are_named_and_left_at_their_defaults(client, app):
    response = client.get("/new/dummy-spades?tagret=500&target=abc&style=mirror&bag_limit=-3")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    problems = link_problems(page)
    assert problems[0] == "'tagret' is not a setting of this game."
    assert problems[1].startswith("'target=abc': ") and problems[1].endswith(" Left at 300.")
    assert problems[2].startswith("'bag_limit=-3': ") and problems[2].endswith(" Left at 10.")
    assert len(problems) == 3
    values = form_values(page)
    assert (values["style"], values["target"], values["bag_limit"]) == ("mirror", "300", "10")
    assert stored(app, Game) == 0


def test_the_language_of_a_link_is_no_setting(client):
    page = client.get("/new/piquet?variant=saunt&target=150&lang=es").get_data(as_text=True)
    assert link_problems(page) == []
    assert ">Compartir estas reglas</button>" in page
    assert client.get("/new/piquet/rules?variant=saunt&target=150&lang=es").status_code == 200


def test_a_rule_that_is_on_or_off_takes_true_or_false(client):
    page = client.get("/new/spades?mercy=maybe", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert link_problems(page) == ["«\u00a0mercy=maybe\u00a0» n’est ni true ni false\u00a0: laissé à false."]
    assert "mercy" not in form_values(page)


def test_the_game_page_shares_its_rules_with_a_link_a_qr_code_and_what_each_means(client):
    response = post_form(client, "/new/dummy-spades", {
        "player_0": "Ann", "player_1": "Ben", "player_2": "Cid", "first_dealer": "0", "dummy_after": "2",
        "style": "suicide", "target": "500", "bag_limit": "10", "bag_penalty": "100", "variant": "flip-1"})
    game_page = client.get(response.headers["Location"]).get_data(as_text=True)
    share = re.search(r'<a class="button" id="share-rules" href="([^"]+)">Share these rules</a>', game_page)
    assert share is not None
    shared = client.get(unescape(share.group(1)), headers={"Accept-Language": "de"})
    html = shared.get_data(as_text=True)
    assert shared.status_code == 200
    link = "http://localhost/new/dummy-spades?style=suicide&amp;target=500&amp;variant=flip-1&amp;bag_limit=10&amp;bag_penalty=100"
    assert f'<a class="wrap" id="rules-link" href="{link}">{link}</a>' in html
    labelled = re.sub(r'<dd class="rule-sentence">.*?</dd>', "", html)  # each rule's sentence: test_rule_sentences
    assert ("<dt>Stil</dt><dd>Suicide</dd><dt>Spielen bis</dt><dd>500</dd><dt>Bietvariante</dt><dd>1 aufdecken</dd>"
            "<dt>Strafgrenze (0 = keine Strafe)</dt><dd>10</dd><dt>Strafe für Überstiche</dt><dd>100</dd>") in labelled
    assert "Ann" not in html
    qr = re.search(r'<img src="([^"]+)"', html).group(1)
    image = client.get(unescape(qr))
    assert image.status_code == 200 and image.mimetype == "image/svg+xml"


def test_the_forms_share_button_keeps_the_settings_only(client):
    response = client.get("/new/spades/rules?csrf_token=x&request_key=k&player_0=Ann&variant=partnership&target=other"
                          "&target_other=450&nil_value=100&blind_margin=100&failed_nil_helps=y&bag_limit=10"
                          "&bag_penalty=100&mercy=y&mercy_floor=-250")
    assert response.status_code == 303
    assert response.headers["Location"] == (
        "/new/spades/rules?variant=partnership&target=450&nil_value=100&blind_nil=false&blind_margin=100"
        "&failed_nil_helps=true&zero_is_nil=false&bag_limit=10&bag_penalty=100&mercy=true&mercy_floor=-250")


def test_a_rematch_keeps_the_settings(client, app):
    response = post_form(client, "/new/spades", {
        "player_0": "Ann", "player_1": "Ben", "player_2": "Cid", "player_3": "Dee", "first_dealer": "0",
        "variant": "partnership", "target": "other", "target_other": "250", "nil_value": "50", "mercy": "y",
        "mercy_floor": "-150", "bag_limit": "5", "bag_penalty": "50", "failed_nil_helps": "y"})
    game_url = response.headers["Location"]
    rematch = post_form(client, f"{game_url}/rematch", {}, game_url)
    assert rematch.status_code == 303 and rematch.headers["Location"] != game_url
    with app.app_context():
        first, second = db.session.execute(db.select(Game).order_by(Game.id)).scalars().all()
        assert second.settings == first.settings
        assert (second.settings["target"], second.settings["nil_value"], second.settings["mercy_floor"]) == (250, 50, -150)
    assert "target=250" in client.get(rematch.headers["Location"]).get_data(as_text=True)


def test_the_forms_share_button_names_what_it_cannot_share(client):
    response = client.get("/new/dummy-spades/rules?request_key=k&player_0=Ann&style=mirror&target=other"
                          "&target_other=abc&variant=no-peeky&bag_limit=10&bag_penalty=100", follow_redirects=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    problems = link_problems(html)
    assert len(problems) == 1 and problems[0].startswith("'target=abc': ") and problems[0].endswith(" Left at 300.")
    link = ("http://localhost/new/dummy-spades?style=mirror&amp;target=300&amp;variant=no-peeky&amp;bag_limit=10"
            "&amp;bag_penalty=100")
    assert f'href="{link}"' in html and "Ann" not in html
