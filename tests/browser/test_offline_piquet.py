"""Piquet scored on the phone: deals typed with the server stopped are read and scored by the server's own engine
(rules/typed.py and rules/board.py under Pyodide), any number of them, and sent once, in order, when it is back.

The server runs under gunicorn in its own process (support.Server, started by the `server` fixture) so that it can really be stopped.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.board import board
from scorekeeper.rules.typed import piquet_deal

from ..games import PIQUET_GAME
from . import test_offline
from .support import scorer_kept, screenshot, wait_for
from .test_offline_engine import SCORED_SECONDS, shown_totals, written

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(scoring_phone):
    return scoring_phone


E, Y = "elder", "younger"
# Ben deals first: Ann is elder in deal 1 (a point of 5 worth 48, seven tricks), Ben in deal 2 (a quatorze of
# tens, a sequence of four to the king, the tricks as docs/rules.md B7 P5 has them).
DEAL_1 = {"elder-point-cards": "5", "elder-point-value": "48",
          **{f"tricks-{i}": E if i < 7 else Y for i in range(12)}}
DEAL_2 = {"elder-sets-T": "4", "elder-sequences-0-length": "4", "elder-sequences-0-top": "K",
          **{f"tricks-{i}": winner for i, winner in enumerate([E] * 5 + [Y, E] * 3 + [Y])}}


# Announced totals that leave the pique open: Ann, elder, scores 22 from her declarations and 11 from 9 tricks.
TOTALS_DEAL = {"elder-point-cards": "6", "elder-point-value": "58", "elder-sequences-0-length": "6",
               "elder-sequences-0-top": "A", "play": "totals", "total_elder-won": "9", "total_elder-points": "11",
               "total_younger-won": "3", "total_younger-points": "4"}


def payload(typed: dict[str, str]) -> dict:
    """The deal as the server's page reads the same fields."""
    return piquet_deal({name: [value] for name, value in typed.items()}).payload


def type_deal(phone, typed: dict[str, str]) -> None:
    """Tap and type a deal into the deal form: the chips (the sets' too), the point's value, the totals."""
    for name, value in typed.items():
        if name.endswith("-point-value") or name.startswith("total_"):
            phone.fill(f"#deal-form [name='{name}']", value)
        else:
            phone.check(f"#deal-form input[name='{name}'][value='{value}']")
    phone.click("#deal-form .button.primary")


def open_offline(phone, server, game: dict = PIQUET_GAME) -> str:
    """A new Piquet game opened with edit rights, its page, the scorer and its game object kept; then the server off."""
    game_id, _ = test_offline.open_with_edit_rights(phone, server, game, "#deal-form")
    scorer_kept(phone)
    wait_for(phone, """(game) => new Promise((resolve) => {
        const opened = indexedDB.open("scorekeeper-offline", 2);
        opened.onsuccess = () => {
            const get = opened.result.transaction("games").objectStore("games").get(game);
            get.onsuccess = () => resolve(Boolean(get.result));
        };
    })""", game_id)
    server.stop()
    phone.reload()
    assert phone.locator("#connection").is_visible()
    return game_id


def test_two_deals_offline_are_scored_on_the_phone_then_sent_once_in_order(phone, server):
    game_id = open_offline(phone, server)
    first = board({**PIQUET_GAME, "entries": [payload(DEAL_1)]})
    both = board({**PIQUET_GAME, "entries": [payload(DEAL_1), payload(DEAL_2)]})
    assert first["totals"] == {"Ann": {"score": 23}, "Ben": {"score": 6}}

    type_deal(phone, DEAL_1)
    heading = phone.locator("#phone-board h2")
    heading.filter(has_text="Deal 1 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)
    assert shown_totals(phone) == written(first["totals"])
    assert phone.locator(".phone-board-status").inner_text() == "Deal 2 of 6: Ann deals, Ben is elder."
    assert phone.locator("#deal-form input[name=hand]").input_value() == "2"
    assert phone.locator("#elder-point-value").input_value() == ""
    assert phone.is_checked("input[name='elder-point-cards'][value='']")
    assert not phone.is_checked("input[name='tricks-0'][value='elder']")
    # Ben is elder now: the form names him where it means elder.
    assert "Ben is elder and leads the first." in phone.locator("#deal-form .trick-strip").inner_text()
    assert phone.locator("#deal-form .trick input[value=elder]").first.get_attribute("aria-label") == "Trick 1: Ben"

    # The page opened again (its copy, drawn for deal 1): the form is for deal 2, with Ben as elder.
    phone.reload()
    heading.filter(has_text="Deal 1 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)
    assert phone.locator("#deal-form input[name=hand]").input_value() == "2"
    assert "Ben is elder and leads the first." in phone.locator("#deal-form .trick-strip").inner_text()
    assert not phone.locator("p.game-facts").is_visible()

    # A point the engine refuses is not kept: its field is marked, and the engine's reason given.
    type_deal(phone, {"elder-point-cards": "5", "elder-point-value": "12"})
    phone.locator(".offline-note", has_text="5 cards of one suit are worth 44 to 51.").wait_for()
    assert phone.locator("#elder-point-value").get_attribute("aria-invalid") == "true"
    assert phone.locator(".waiting-hand").count() == 1
    phone.check("input[name='elder-point-cards'][value='']")
    phone.fill("#elder-point-value", "")

    type_deal(phone, DEAL_2)
    heading.filter(has_text="Deal 1, Deal 2 not sent yet").wait_for()
    assert shown_totals(phone) == written(both["totals"])
    assert phone.locator(".phone-board-status").inner_text() == "Deal 3 of 6: Ben deals, Ann is elder."
    assert "Ann is elder and leads the first." in phone.locator("#deal-form .trick-strip").inner_text()
    screenshot(phone, "offline-piquet-two-deals")

    phone.click(".waiting-hand button:text-is('Undo Deal 2')")
    phone.click("#offline-undo-question button:text-is('Yes, undo deal 2')")
    heading.filter(has_text="with Deal 1 not sent yet").wait_for()
    assert shown_totals(phone) == written(first["totals"])
    assert "Ben is elder and leads the first." in phone.locator("#deal-form .trick-strip").inner_text()
    type_deal(phone, DEAL_2)
    heading.filter(has_text="Deal 1, Deal 2 not sent yet").wait_for()

    server.start()
    phone.locator(".offline-note", has_text="Deal 2 was sent.").wait_for(timeout=60_000)
    assert phone.locator(".waiting-hand").count() == 0
    status, api = server.request("GET", f"/api/v1/games/{game_id}")
    assert [deal["number"] for deal in api["hands"]] == [1, 2]
    assert [deal["entry"] for deal in api["hands"]] == both["entries"]
    assert api["totals"] == both["totals"]
    screenshot(phone, "offline-piquet-sent")


def test_a_saunt_game_won_offline_shows_its_winner_and_no_next_deal_until_the_deal_is_undone(phone, server):
    open_offline(phone, server, {**PIQUET_GAME, "settings": {"variant": "saunt", "target": 20}})

    type_deal(phone, DEAL_1)
    status = phone.locator(".phone-board-status")
    status.filter(has_text="Ann reaches 20 and wins a double game.").wait_for(timeout=SCORED_SECONDS * 1000)
    assert shown_totals(phone) == {"Ann": "23", "Ben": "6"}
    assert not phone.locator("#deal-form").is_visible()
    screenshot(phone, "offline-piquet-won")

    phone.click(".waiting-hand button:text-is('Undo Deal 1')")
    phone.click("#offline-undo-question button:text-is('Yes, undo deal 1')")
    phone.locator("#deal-form").wait_for()
    assert phone.locator(".waiting-hand").count() == 0
    assert phone.locator("#deal-form input[name=hand]").input_value() == "1"


def test_announced_totals_that_leave_the_pique_open_ask_it_on_the_phone(phone, server):
    open_offline(phone, server)

    type_deal(phone, TOTALS_DEAL)
    phone.locator(".offline-note", has_text="Pique is possible here: say whether elder piqued.").wait_for(
        timeout=SCORED_SECONDS * 1000)
    question = phone.locator("#pique-question fieldset")
    assert question.locator("legend").inner_text() == "Did Ann pique?"
    assert phone.evaluate("document.activeElement.name") == "pique"
    assert phone.locator(".waiting-hand").count() == 0
    screenshot(phone, "offline-piquet-pique-asked")
    phone.check("#pique-question input[name=pique][value=yes]")
    phone.click("#deal-form .button.primary")

    phone.locator("#phone-board h2", has_text="Deal 1 not sent yet").wait_for()
    expected = board({**PIQUET_GAME, "entries": [payload({**TOTALS_DEAL, "pique": "yes"})]})
    assert shown_totals(phone) == written(expected["totals"])
    assert phone.locator("#pique-question").inner_text() == ""
