"""Issue 45's evening in a real browser: a 7-player Dummy Hand Suicide club night of 2 rounds with a round
clock, on the organiser's phone, each table's phone and a 1920x1080 big screen, in English and German. Every
table plays one hand, docs/rules.md A12's SU-E1 with the table's first dealer as A: A 142, B 151, C 170."""

from __future__ import annotations

import re

import pytest

from .support import NARROW_PHONE, screenshot, wait_for
from .test_club_night import check_the_page

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Ben", "Cid", "Dan", "Eve", "Fay", "Gus"]
WALL = {"width": 1920, "height": 1080}
WORDS = {
    "en": {"create": "Create the club night", "seat": "Seat round {n}", "confirm": "{name}: I confirm",
           "evening": "Thursday club · round {round} of 2 · table {table} · 1 hand",
           "waiting": "Waiting for the organiser to seat round 1.",
           "playing": "Round 1 is playing: 0 of 2 tables finished, 0 confirmed.",
           "over": "Round 1 is over: waiting for the organiser to seat round 2.",
           "seating": "Round {round} of 2: who sits where", "explained": "Match points: at a table of n sides",
           "confirmed": "This table has finished and its result is confirmed: the organiser seats round 2 next."},
    "de": {"create": "Clubabend anlegen", "seat": "Durchgang {n} setzen", "confirm": "{name}: Ich bestätige",
           "evening": "Thursday club · Durchgang {round} von 2 · Tisch {table} · 1 Runde",
           "waiting": "Wartet darauf, dass der Organisator Durchgang 1 einteilt.",
           "playing": None, "over": "Durchgang 1 ist vorbei: wartet darauf, dass der Organisator Durchgang 2 einteilt.",
           "seating": "Durchgang {round} von 2: wer wo sitzt", "explained": "Matchpunkte: an einem Tisch mit n Seiten",
           "confirmed": "Dieser Tisch ist fertig und sein Ergebnis bestätigt: als Nächstes setzt der Organisator "
                        "Durchgang 2."},
}
DEALER = """() => {
    const name = [...document.querySelectorAll('.scoreboard th.name')].find((th) => th.querySelector('.tag'));
    return name.firstChild.textContent.trim();
}"""


def text(page, selector: str) -> str:
    return " ".join(page.inner_text(selector).split())


def play_su_e1(phone) -> dict[str, int]:
    """SU-E1 at this table, its first dealer as A: B bids 5 (nil on own hand), C 7 and A 4 (nil on partner's);
    tricks C 7, dummy 0, B 0, A 6. Returns each player's expected score."""
    players = [name.strip() for name in phone.inner_text("h1.game-title").split("·")]
    a = players.index(phone.evaluate(DEALER))
    seats = {"A": a, "B": (a + 1) % 3, "C": (a + 2) % 3}
    for seat, bid, side in (("B", 5, "own"), ("C", 7, "partner"), ("A", 4, "partner")):
        phone.fill(f"#bids-{seats[seat]}-bid", str(bid))
        phone.check(f"input[name='bids-{seats[seat]}-side'][value='{side}']")
    tricks = {seats["A"]: 6, seats["B"]: 0, seats["C"]: 7}
    for index in range(3):
        phone.fill(f"#tricks-{index}", str(tricks[index]))
    phone.fill("#tricks-3", "0")
    phone.click("#hand-form button.primary")
    phone.wait_for_selector("#hand-1")
    return {players[seats["A"]]: 142, players[seats["B"]]: 151, players[seats["C"]]: 170}


def table_phones(new_phone, organiser, language, round_number):
    """Each table's phone of the round, opened from the organiser's edit link."""
    phones = []
    for number in (1, 2):
        phone = new_phone(NARROW_PHONE, locale=language)
        phone.goto(organiser.get_attribute(f"#table-{round_number}-{number} figcaption a", "href"))
        phone.wait_for_url(re.compile(r"/g/[\w-]+$"))
        phones.append(phone)
    return phones


def status(page) -> str:
    return text(page, "#leaderboard .event-status")


@pytest.mark.parametrize("language", ["en", "de"])
def test_an_evening_run_by_its_phones_and_its_big_screen(new_phone, language):
    words = WORDS[language]
    organiser = new_phone(NARROW_PHONE, locale=language)
    organiser.goto("/events/new")
    organiser.fill("#name", "Thursday club")
    organiser.select_option("#game", "dummy-spades")
    assert organiser.is_hidden("[data-applies-with='game=piquet']")
    organiser.check("#dummy-spades-style-1")
    organiser.fill("#players", "\n".join(PLAYERS))
    organiser.fill("#rounds", "2")
    organiser.fill("#hands_per_round", "1")
    organiser.fill("#round_minutes", "30")
    check_the_page(organiser, language, "evening-new")
    organiser.click(f"button:has-text('{words['create']}')")
    organiser.wait_for_url(re.compile(r"/events/(?!new$)[\w-]+$"))
    event_url = organiser.url
    assert status(organiser) == words["waiting"]

    wall = new_phone(WALL, locale=language)
    wall.goto(event_url + "/screen")
    assert status(wall) == words["waiting"] and words["explained"] in text(wall, "#leaderboard")

    organiser.click(f"button:has-text('{words['seat'].format(n=1)}')")
    organiser.wait_for_selector("#table-1-2 .qr img")
    if words["playing"]:
        assert status(organiser).startswith(words["playing"])
    wait_for(wall, "(title) => document.querySelector('#seating h2')?.textContent.includes(title)",
             words["seating"].format(round=1), seconds=15)
    wait_for(wall, "document.querySelector('.round-clock [data-countdown]')?.textContent.match(/^(30|29):\\d\\d$/)")

    phones = table_phones(new_phone, organiser, language, 1)
    for number, phone in enumerate(phones, start=1):
        assert words["evening"].format(round=1, table=number) in text(phone, ".event-seat")
        expected = play_su_e1(phone)
        assert [int(s.replace("\N{MINUS SIGN}", "-")) for s in phone.locator(".scoreboard td.score").all_inner_texts()
                ] == [expected[name] for name in
                      [n.strip() for n in phone.inner_text("h1.game-title").split("·")]]
        # The table confirms its own result: the first of those offered taps "I confirm" on this phone.
        offered = phone.locator(".event-seat form.confirm button").first
        confirmer = offered.get_attribute("value")
        assert confirmer != max(expected, key=expected.get), "the table's winner does not confirm"
        offered.click()
        phone.wait_for_selector(".event-seat")
        assert words["confirmed"] in text(phone, "#standing .banner")
        assert words["explained"] in text(phone, ".event-seat")
        check_the_page(phone, language, f"evening-table-{number}")

    wait_for(wall, "(line) => document.querySelector('#leaderboard .event-status').textContent.includes(line)",
             words["over"], seconds=15)
    assert not wall.locator(".round-clock").count(), "the clock stops with the round"
    screenshot(wall, f"club-night-evening-{language}-wall-round-1")

    organiser.goto(event_url)
    organiser.click(f"button:has-text('{words['seat'].format(n=2)}')")
    organiser.wait_for_selector("#table-2-2")
    wait_for(wall, "(title) => document.querySelector('#seating h2')?.textContent.includes(title)",
             words["seating"].format(round=2), seconds=15)
    seating = text(wall, "#seating")
    for number in (1, 2):
        for name in [n.strip() for n in organiser.inner_text(f"#table-2-{number} p a").split(",")]:
            assert name in seating
    wait_for(wall, "document.querySelector('.round-clock [data-countdown]')?.textContent.match(/^(30|29):\\d\\d$/)")
    assert words["explained"] in text(wall, "#leaderboard")
    check_the_page(wall, language, "evening-wall-round-2")

    for number, phone in enumerate(table_phones(new_phone, organiser, language, 2), start=1):
        assert words["evening"].format(round=2, table=number) in text(phone, ".event-seat")
