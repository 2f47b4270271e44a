"""A Piquet deal edited with the server stopped: its form filled in with the deal as stored (its chips, "Not good",
the trick strip), naming that deal's elder and younger, scored again on the phone and sent once when the server is
back.

The server runs under gunicorn in its own process (the `server` fixture), so that it can really be stopped.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.board import board

from ..games import PIQUET_GAME
from .support import another_phone_changes, game_with_hands, open_offline, screenshot, wait_for
from .test_offline_engine import SCORED_SECONDS, shown_totals, written
from .test_offline_piquet import DEAL_1, DEAL_2, TOTALS_DEAL, E, Y, payload, type_deal

pytestmark = pytest.mark.browser
# Deal 1 as it should have been: Ann's point was six cards worth 58, and she won eight tricks.
EDITED = {"elder-point-cards": "6", "elder-point-value": "58", **{f"tricks-{i}": E if i < 8 else Y for i in range(12)}}


@pytest.fixture
def phone(scoring_phone):
    return scoring_phone


def strip(phone) -> str:
    return phone.locator("#deal-form .trick-strip").inner_text()


def test_a_deal_edited_offline_is_scored_on_the_phone_and_sent_once(phone, server):
    game_id, token = game_with_hands(server, PIQUET_GAME, [payload(DEAL_1), payload(DEAL_2)])
    version = server.request("GET", f"/api/v1/games/{game_id}")[1]["version"]
    open_offline(phone, server, game_id, token, "#deal-form")
    assert phone.locator("#connection").is_visible()

    # Deal 2's form names Ben as elder (the form was drawn for deal 3, Ann's); cancelled, Ann again.
    phone.click("#hand-2 summary")
    phone.click("#hand-2 .offline-edit button:text-is('Edit Deal 2')")
    phone.locator(".offline-editing", has_text="Editing Deal 2 on this phone").wait_for(timeout=SCORED_SECONDS * 1000)
    assert "Ben is elder and leads the first." in strip(phone)
    assert phone.is_checked("input[name='elder-sets-T'][value='4']")
    assert phone.is_checked("input[name='tricks-5'][value='younger']") and phone.is_checked(
        "input[name='tricks-6'][value='elder']"), "each trick as stored, not a run"
    phone.click(".offline-editing button")
    assert "Ann is elder and leads the first." in strip(phone)
    assert phone.locator("#deal-form input[name=hand]").input_value() == "3"

    phone.click("#hand-1 summary")
    phone.click("#hand-1 .offline-edit button:text-is('Edit Deal 1')")
    phone.locator(".offline-editing", has_text="Editing Deal 1 on this phone").wait_for(timeout=SCORED_SECONDS * 1000)
    assert phone.is_checked("input[name='elder-point-cards'][value='5']")
    assert phone.locator("#elder-point-value").input_value() == "48"
    assert phone.is_checked("input[name='younger-point-cards'][value='no']"), "Ben's point was not good"
    assert phone.is_checked("input[name='tricks-6'][value='elder']")
    assert phone.is_checked("input[name='tricks-7'][value='younger']")
    assert "Ann is elder and leads the first." in strip(phone)
    assert phone.locator("#deal-form button[name=step]").is_hidden()
    assert phone.locator("#deal-form button[formaction]").first.is_hidden(), "who is good: the server says"
    assert phone.locator("#deal-form .actions button:visible").all_inner_texts() == ["Save changes"]
    screenshot(phone, "offline-piquet-edit-form")
    type_deal(phone, EDITED)

    expected = board({**PIQUET_GAME, "entries": [payload(EDITED), payload(DEAL_2)]})
    assert expected["totals"] != board({**PIQUET_GAME, "entries": [payload(DEAL_1), payload(DEAL_2)]})["totals"]
    phone.locator("#phone-board h2", has_text="Edit of Deal 1 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)
    assert shown_totals(phone) == written(expected["totals"])
    assert phone.locator(".phone-board-status").inner_text() == "Deal 3 of 6: Ben deals, Ann is elder."
    assert phone.locator(".offline-editing").count() == 0
    assert phone.locator("#deal-form input[name=hand]").input_value() == "3", "the form is for the next deal again"
    assert phone.locator("#elder-point-value").input_value() == ""
    assert "Ann is elder and leads the first." in strip(phone)
    screenshot(phone, "offline-piquet-edit-scored")

    server.start()
    phone.locator(".offline-note", has_text="Edit of Deal 1 was sent.").wait_for(timeout=60_000)
    status, api = server.request("GET", f"/api/v1/games/{game_id}")
    assert api["version"] == version + 1, "stored once"
    assert [deal["entry"] for deal in api["hands"]] == expected["entries"]
    assert api["totals"] == expected["totals"]


def test_a_deal_of_announced_totals_edited_offline_asks_its_pique_again_as_it_was(phone, server):
    piqued = {**TOTALS_DEAL, "pique": "yes"}
    game_id, token = game_with_hands(server, PIQUET_GAME, [payload(piqued)])
    open_offline(phone, server, game_id, token, "#deal-form")

    phone.click("#hand-1 summary")
    phone.click("#hand-1 .offline-edit button:text-is('Edit Deal 1')")
    phone.locator(".offline-editing", has_text="Editing Deal 1 on this phone").wait_for(timeout=SCORED_SECONDS * 1000)
    assert phone.is_checked("#deal-form input[name=play][value=totals]")
    assert phone.locator("#deal-form [name='total_elder-won']").input_value() == "9"
    # The form is for deal 2 (Ben elder): editing deal 1 names Ann as elder, in the question too.
    assert phone.locator("#pique-question legend").inner_text() == "Did Ann pique?"
    assert phone.is_checked("#pique-question input[name=pique][value=yes]")
    phone.check("#pique-question input[name=pique][value=no]")
    phone.click("#deal-form .button.primary")

    expected = board({**PIQUET_GAME, "entries": [payload({**TOTALS_DEAL, "pique": "no"})]})
    phone.locator("#phone-board h2", has_text="Edit of Deal 1 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)
    assert shown_totals(phone) == written(expected["totals"])
    assert phone.locator("#pique-question").inner_text() == ""
    assert "Ben is elder and leads the first." in strip(phone)

    server.start()
    phone.locator(".offline-note", has_text="Edit of Deal 1 was sent.").wait_for(timeout=60_000)
    status, api = server.request("GET", f"/api/v1/games/{game_id}")
    assert [deal["entry"] for deal in api["hands"]] == expected["entries"]
    assert api["totals"] == expected["totals"]


def test_a_deal_edit_another_phone_overtook_is_offered_as_a_choice_and_applied_again(phone, server, database):
    game_id, token = game_with_hands(server, PIQUET_GAME, [payload(DEAL_1), payload(DEAL_2)])
    open_offline(phone, server, game_id, token, "#deal-form")
    phone.click("#hand-1 summary")
    phone.click("#hand-1 .offline-edit button:text-is('Edit Deal 1')")
    phone.locator(".offline-editing", has_text="Editing Deal 1 on this phone").wait_for(timeout=SCORED_SECONDS * 1000)
    assert phone.locator("#board .now h2").inner_text() == "Edit Deal 1", "the box above the form names the deal"
    type_deal(phone, EDITED)
    phone.locator("#phone-board h2", has_text="Edit of Deal 1 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)
    assert phone.locator("#board .now h2").inner_text() == "Deal 3 of 6"

    # Another phone kept its connection, and edited the same deal: Ann's point was not good after all.
    theirs = {**DEAL_1, "elder-point-cards": "no"}
    del theirs["elder-point-value"]
    assert another_phone_changes(database, "PUT", f"/api/v1/games/{game_id}/hands/1", token, payload(theirs)) == 200
    server.start()

    choice = phone.locator(".waiting-hand.needs-choice")
    choice.wait_for(timeout=60_000)
    assert choice.locator(".waiting-title").inner_text() == "Edit of Deal 1 from this phone · not sent"
    assert choice.locator(".waiting-problem").inner_text() == (
        "Edit of Deal 1: that one was changed or undone on another phone before this edit could be sent. "
        "Theirs is in the history, this phone’s edit here. Deal 1 was changed on another phone: Ann +23 \u2192 +18.")
    assert choice.locator("button").all_inner_texts() == ["Apply my edit to it again", "Discard it"]
    wait_for(phone, "() => document.getElementById('hand-1').open")
    api = server.request("GET", f"/api/v1/games/{game_id}")[1]
    stored = board({**PIQUET_GAME, "entries": [payload(theirs), payload(DEAL_2)]})["entries"]
    assert api["hands"][0]["entry"] == stored[0], "nothing merged"
    screenshot(phone, "offline-piquet-edit-conflict")

    choice.locator("button", has_text="Apply my edit to it again").click()
    phone.locator(".offline-note", has_text="Edit of Deal 1 was sent.").wait_for(timeout=60_000)
    status, api = server.request("GET", f"/api/v1/games/{game_id}")
    expected = board({**PIQUET_GAME, "entries": [payload(EDITED), payload(DEAL_2)]})
    assert [deal["entry"] for deal in api["hands"]] == expected["entries"]
    assert api["totals"] == expected["totals"]
