"""Editing a hand with the server off (Dummy Hand Spades): scored again on the phone, sent once, and an edit that
another phone overtook offered as a choice; pages the server drew before the change are not shown as current.

The server runs under gunicorn in its own process (the `server` fixture), so that it can really be stopped.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.board import board

from ..games import SPADES_GAME, SPADES_HANDS
from .support import another_phone_changes, game_with_hands, kept_for_offline, open_offline, screenshot, wait_for
from .test_offline_engine import SCORED_SECONDS, dummy_hand_game, shown_totals, type_row, written

pytestmark = pytest.mark.browser
OURS, THEIRS = SPADES_HANDS[3], SPADES_HANDS[6]  # no nils: type_row types bids and tricks only


@pytest.fixture
def phone(scoring_phone):
    return scoring_phone


def edit_hand_offline(phone, number: int, hand: dict) -> None:
    """Open hand `number`'s line, take its Edit button, and save `hand` in its place."""
    phone.click(f"#hand-{number} summary")
    phone.click(f"#hand-{number} .offline-edit button")
    phone.locator(".offline-editing").wait_for(timeout=SCORED_SECONDS * 1000)
    type_row(phone, hand)
    phone.click("#hand-form button[type=submit]:not([name=step])")


def test_a_hand_edited_offline_is_scored_on_the_phone_and_sent_once(phone, server):
    game_id, token = dummy_hand_game(server, 3)
    version = server.request("GET", f"/api/v1/games/{game_id}")[1]["version"]
    open_offline(phone, server, game_id, token)

    phone.click("#hand-1 summary")
    phone.click("#hand-1 .offline-edit button:text-is('Edit Hand 1')")
    phone.locator(".offline-editing", has_text="Editing Hand 1 on this phone").wait_for(timeout=SCORED_SECONDS * 1000)
    bids = [str(bid["bid"]) for bid in SPADES_HANDS[0]["bids"]]
    assert [phone.input_value(f"#bids-{seat}-bid") for seat in range(3)] == bids, "the hand as it was"
    assert phone.input_value("#tricks-3") == str(SPADES_HANDS[0]["tricks"]["dummy"])
    assert phone.locator("#hand-form button[name=step]").is_hidden()
    screenshot(phone, "offline-edit-form")
    type_row(phone, OURS)
    # What the bids decide for hand 1 (Ben bids first), said by the phone's scorer.
    wait_for(phone, "document.getElementById('bidding-preview').innerText.includes('What these bids decide')",
             seconds=SCORED_SECONDS)
    phone.click("#hand-form button:text-is('Save changes')")

    expected = board({**SPADES_GAME, "entries": [OURS, *SPADES_HANDS[1:3]]})
    phone.locator("#phone-board h2", has_text="Edit of Hand 1 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)
    assert shown_totals(phone) == written(expected["totals"])
    assert phone.locator(".waiting-title").inner_text() == "Edit of Hand 1 · waiting to be sent"
    assert phone.locator(".offline-editing").count() == 0
    assert phone.input_value("#hand-form input[name=hand]") == "4", "the form is for the next hand again"
    assert phone.input_value("#bids-0-bid") == ""
    wait_for(phone, "document.getElementById('bidding-preview').innerText === ''"), "nothing typed for hand 4"
    # The history and the chart the server drew are not shown as current: the lines come from the phone's board.
    assert phone.locator("#hands").is_hidden() and phone.locator("#chart").is_hidden()
    assert phone.locator("#phone-chart-note").inner_text() == (
        "The chart is drawn again once the changes on this phone are sent.")
    first = phone.locator("#phone-hand-1")
    ann = expected["hands"][0]["scores"]["Ann"]["delta"]
    assert first.locator(".delta").first.inner_text() == f"Ann {'+' if ann > 0 else ''}{ann}".replace("-", "\u2212")
    first.locator("summary").click()
    assert first.locator(".offline-edit button").inner_text() == "Edit Hand 1"
    screenshot(phone, "offline-edit-scored")

    server.start()
    phone.locator(".offline-note", has_text="Edit of Hand 1 was sent.").wait_for(timeout=60_000)
    status, api = server.request("GET", f"/api/v1/games/{game_id}")
    assert api["version"] == version + 1, "stored once"
    assert [hand["entry"]["tricks"] for hand in api["hands"]] == [OURS["tricks"], *(h["tricks"] for h in SPADES_HANDS[1:3])]
    assert api["totals"] == expected["totals"]
    assert phone.locator("#phone-hands").count() == 0 and phone.locator("#hands").is_visible()
    assert phone.locator("#chart").is_visible()


def test_an_edit_another_phone_overtook_is_offered_as_a_choice_and_applied_again(phone, server, database):
    game_id, token = dummy_hand_game(server, 3)
    open_offline(phone, server, game_id, token)
    edit_hand_offline(phone, 1, OURS)
    phone.locator("#phone-board h2", has_text="Edit of Hand 1 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)

    # Another phone kept its connection, and edited the same hand.
    changed = another_phone_changes(database, "PUT", f"/api/v1/games/{game_id}/hands/1", token, THEIRS)
    assert changed == 200
    server.start()

    choice = phone.locator(".waiting-hand.needs-choice")
    choice.wait_for(timeout=60_000)
    assert choice.locator(".waiting-title").inner_text() == "Edit of Hand 1 from this phone · not sent"
    assert choice.locator(".waiting-problem").inner_text() == (
        "Edit of Hand 1: that one was changed or undone on another phone before this edit could be sent. "
        "Theirs is in the history, this phone’s edit here. "
        "Hand 1 was changed on another phone: Ann +71 \u2192 +61, Ben +50 \u2192 +42, Cid \u221260 \u2192 +42.")
    choice.locator("button", has_text="Discard it").wait_for()  # the card is drawn again once the board is swapped
    assert choice.locator("button").all_inner_texts() == ["Apply my edit to it again", "Discard it"]
    wait_for(phone, "() => document.getElementById('hand-1').open")
    assert [hand["entry"]["tricks"] for hand in server.request("GET", f"/api/v1/games/{game_id}")[1]["hands"]][0] == (
        THEIRS["tricks"]), "nothing merged"
    screenshot(phone, "offline-edit-conflict")

    choice.locator("button", has_text="Apply my edit to it again").click()
    phone.locator(".offline-note", has_text="Edit of Hand 1 was sent.").wait_for(timeout=60_000)
    status, api = server.request("GET", f"/api/v1/games/{game_id}")
    assert api["hands"][0]["entry"]["tricks"] == OURS["tricks"]
    assert api["totals"] == board({**SPADES_GAME, "entries": [OURS, *SPADES_HANDS[1:3]]})["totals"]


def test_an_edit_of_a_hand_undone_on_another_phone_can_only_be_discarded(phone, server, database):
    game_id, token = dummy_hand_game(server, 3)
    open_offline(phone, server, game_id, token)
    edit_hand_offline(phone, 3, OURS)
    phone.locator("#phone-board h2", has_text="Edit of Hand 3 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)

    changed = another_phone_changes(database, "DELETE", f"/api/v1/games/{game_id}/hands/3", token)
    assert changed == 204
    server.start()

    choice = phone.locator(".waiting-hand.needs-choice")
    choice.wait_for(timeout=60_000)
    assert choice.locator("button").all_inner_texts() == ["Discard it"]
    choice.locator("button", has_text="Discard it").click()
    phone.locator(".waiting-hand").wait_for(state="detached")
    assert len(server.request("GET", f"/api/v1/games/{game_id}")[1]["hands"]) == 2



def test_a_hand_still_waiting_to_be_sent_is_edited_and_both_are_sent_once_in_order(phone, server):
    game_id, token = dummy_hand_game(server, 2)
    version = server.request("GET", f"/api/v1/games/{game_id}")[1]["version"]
    open_offline(phone, server, game_id, token)
    type_row(phone, SPADES_HANDS[2])
    phone.click("#hand-form button[type=submit]:not([name=step])")
    phone.locator("#phone-board h2", has_text="Hand 3 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)

    assert phone.locator("#waiting-3").count() == 1 and phone.locator("#phone-hand-3").count() == 0, "shown once"
    phone.click("#waiting-3 .offline-edit button:text-is('Edit Hand 3')")
    phone.locator(".offline-editing", has_text="Editing Hand 3").wait_for(timeout=SCORED_SECONDS * 1000)
    assert phone.input_value("#tricks-0") == str(SPADES_HANDS[2]["tricks"]["Ann"]), "as it was typed"
    type_row(phone, OURS)
    phone.click("#hand-form button:text-is('Save changes')")
    phone.locator("#phone-board h2", has_text="Hand 3, Edit of Hand 3 not sent yet").wait_for(
        timeout=SCORED_SECONDS * 1000)
    expected = board({**SPADES_GAME, "entries": [*SPADES_HANDS[:2], OURS]})
    assert shown_totals(phone) == written(expected["totals"])
    assert phone.input_value("#hand-form input[name=hand]") == "4"

    server.start()
    phone.locator(".offline-note", has_text="Edit of Hand 3 was sent.").wait_for(timeout=60_000)
    status, api = server.request("GET", f"/api/v1/games/{game_id}")
    assert api["version"] == version + 2, "the hand, then its edit, each once"
    assert [hand["entry"]["tricks"] for hand in api["hands"]] == [*(h["tricks"] for h in SPADES_HANDS[:2]), OURS["tricks"]]
    assert api["totals"] == expected["totals"]

def test_kept_undo_and_edit_pages_opened_offline_after_a_change_on_the_phone_say_they_are_out_of_date(phone, server):
    game_id, token = dummy_hand_game(server, 2)
    kept = """async () => Boolean(await (await caches.open("pages")).match(location.href, { ignoreVary: true }))"""
    phone.goto(f"/g/{game_id}/join/{token}")
    wait_for(phone, kept)  # the worker serves the pages from now on
    for page in ("undo", "hands/1/edit"):
        phone.goto(f"/g/{game_id}/{page}")
        phone.wait_for_selector("form.confirm, form#hand-form")
        wait_for(phone, kept)
    open_offline(phone, server, game_id, token)
    type_row(phone, OURS)
    phone.click("#hand-form button[type=submit]:not([name=step])")
    phone.locator("#phone-board h2", has_text="Hand 3 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)

    phone.goto(f"/g/{game_id}/undo")
    phone.locator(".offline-note", has_text="This page is an old copy").wait_for()
    assert phone.locator("form.confirm button[type=submit]").count() == 0
    assert phone.locator("form.confirm a.button").inner_text() == "No, go back"
    screenshot(phone, "offline-old-undo-page")
    phone.goto(f"/g/{game_id}/hands/1/edit")
    phone.locator(".offline-note", has_text="This page is an old copy").wait_for()
    assert phone.locator("#hand-form button[type=submit]").count() == 0
    assert phone.locator("#bids-0-bid").is_disabled()
    assert phone.locator("a.button", has_text="Back to the game").is_visible()

FOUR = {"game": "spades", "players": ["Ann", "Ben", "Cid", "Dan"], "first_dealer": "Ann"}
FOUR_HANDS = [
    {"bids": [{"player": "Ann", "bid": 3}, {"player": "Ben", "bid": 4}, {"player": "Cid", "bid": 2},
              {"player": "Dan", "bid": 3}], "tricks": {"Ann": 3, "Ben": 4, "Cid": 3, "Dan": 3}},
    {"bids": [{"player": "Ann", "bid": 4}, {"player": "Ben", "bid": 3}, {"player": "Cid", "bid": 3},
              {"player": "Dan", "bid": 2}], "tricks": {"Ann": 4, "Ben": 3, "Cid": 3, "Dan": 3}},
]


def test_a_four_player_hand_edited_offline_to_a_nil_is_scored_on_the_phone_and_sent_once(phone, server):
    game_id, token = game_with_hands(server, FOUR, FOUR_HANDS)
    version = server.request("GET", f"/api/v1/games/{game_id}")[1]["version"]
    open_offline(phone, server, game_id, token)

    edited = {"bids": [{"player": "Ann", "bid": "nil"}, *FOUR_HANDS[0]["bids"][1:]],
              "tricks": {"Ann": 0, "Ben": 4, "Cid": 5, "Dan": 4}}
    phone.click("#hand-1 summary")
    phone.click("#hand-1 .offline-edit button:text-is('Edit Hand 1')")
    phone.locator(".offline-editing").wait_for(timeout=SCORED_SECONDS * 1000)
    assert phone.input_value("#bids-0-bid") == "3" and not phone.is_checked("#bids-0-nil")
    phone.fill("#bids-0-bid", "")
    phone.check("#bids-0-nil")
    for seat, name in enumerate(FOUR["players"]):
        phone.fill(f"#tricks-{seat}", str(edited["tricks"][name]))
    phone.click("#hand-form button:text-is('Save changes')")

    expected = board({**FOUR, "entries": [edited, FOUR_HANDS[1]]})
    phone.locator("#phone-board h2", has_text="Edit of Hand 1 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)
    rows = phone.locator("#phone-board tbody tr")
    shown = {rows.nth(i).locator("th").inner_text(): rows.nth(i).locator("td.score").inner_text()
             for i in range(rows.count())}
    assert shown == written(expected["totals"])
    screenshot(phone, "offline-edit-four-players")

    server.start()
    phone.locator(".offline-note", has_text="Edit of Hand 1 was sent.").wait_for(timeout=60_000)
    status, api = server.request("GET", f"/api/v1/games/{game_id}")
    assert api["version"] == version + 1
    assert api["hands"][0]["entry"]["bids"][0]["bid"] == "nil"
    assert api["totals"] == expected["totals"]


def test_an_earlier_hand_is_edited_while_one_waits_for_its_tricks_and_the_tricks_form_comes_back(phone, server):
    bids_only = {"bids": SPADES_HANDS[2]["bids"]}
    game_id, token = game_with_hands(server, SPADES_GAME, [*SPADES_HANDS[:2], bids_only])
    version = server.request("GET", f"/api/v1/games/{game_id}")[1]["version"]
    open_offline(phone, server, game_id, token)
    box = phone.locator("#board .now h2")
    assert box.inner_text() == "Hand 3: waiting for the tricks"
    assert phone.input_value("#hand-form input[name=completes]") == "3"

    # Hand 1 is offered for editing, and the box above the form names it; cancelled, all is as it was.
    phone.click("#hand-1 summary")
    phone.click("#hand-1 .offline-edit button:text-is('Edit Hand 1')")
    phone.locator(".offline-editing", has_text="Editing Hand 1 on this phone").wait_for(timeout=SCORED_SECONDS * 1000)
    assert box.inner_text() == "Edit Hand 1"
    assert phone.locator("#board .now ul").is_hidden(), "not what hand 3's bids decided"
    assert phone.locator("#hand-form details.kept-bids").get_attribute("open") is not None, "its bids to change"
    assert phone.locator("#hand-form input[name=completes]").count() == 0
    phone.click(".offline-editing button")
    assert box.inner_text() == "Hand 3: waiting for the tricks"
    assert phone.locator("#board .now ul").is_visible()
    assert phone.locator("#hand-form details.kept-bids").get_attribute("open") is None
    assert phone.input_value("#hand-form input[name=completes]") == "3"

    phone.click("#hand-1 .offline-edit button")  # its line still open
    phone.locator(".offline-editing").wait_for(timeout=SCORED_SECONDS * 1000)
    type_row(phone, OURS)
    phone.click("#hand-form button:text-is('Save changes')")
    phone.locator("#phone-board h2", has_text="Edit of Hand 1 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)
    assert phone.input_value("#hand-form input[name=completes]") == "3", "the tricks form for hand 3 again"
    assert phone.input_value("#hand-form input[name=hand]") == "3"
    assert phone.input_value("#hand-form input[name=version]") == str(version + 1)
    assert box.inner_text() == "Hand 3: waiting for the tricks"

    server.start()
    phone.locator(".offline-note", has_text="Edit of Hand 1 was sent.").wait_for(timeout=60_000)
    status, api = server.request("GET", f"/api/v1/games/{game_id}")
    assert api["version"] == version + 1, "stored once"
    assert api["hands"][0]["entry"]["tricks"] == OURS["tricks"]
    assert "tricks" not in api["hands"][2]["entry"], "hand 3 still waits for its tricks"
    assert api["totals"] == board({**SPADES_GAME, "entries": [OURS, SPADES_HANDS[1], bids_only]})["totals"]


def signed(points: int) -> str:
    return f"{points:+d}".replace("-", "\u2212") if points else "0"


def test_a_hand_recorded_offline_while_another_phone_edited_an_earlier_one_is_kept_until_the_player_chooses(
        phone, server, database):
    """The other phone's edit moves the version on and leaves the next number as it was: the hand was dropped."""
    game_id, token = dummy_hand_game(server, 2)
    open_offline(phone, server, game_id, token)
    type_row(phone, SPADES_HANDS[2])
    phone.click("#hand-form [type=submit]")
    phone.locator("#phone-board h2", has_text="Hand 3 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)

    assert another_phone_changes(database, "PUT", f"/api/v1/games/{game_id}/hands/1", token, THEIRS) == 200
    server.start()

    choice = phone.locator(".waiting-hand.needs-choice")
    choice.wait_for(timeout=60_000)
    assert choice.locator(".waiting-title").inner_text() == "Hand 3 from this phone · not sent"
    ours, theirs = (board({**SPADES_GAME, "entries": [hand]})["totals"] for hand in (SPADES_HANDS[0], THEIRS))
    moved = ", ".join(f"{name} {signed(ours[name]['score'])} \u2192 {signed(theirs[name]['score'])}"
                      for name in ours if ours[name]["score"] != theirs[name]["score"])
    assert choice.locator(".waiting-problem").inner_text() == (
        f"Hand 3: the game changed on another phone before it could be sent. "
        f"Hand 1 was changed on another phone: {moved}.")
    assert choice.locator("button").all_inner_texts() == ["Add it as Hand 3", "Discard it"]
    assert len(server.request("GET", f"/api/v1/games/{game_id}")[1]["hands"]) == 2, "nothing sent yet"
    phone.reload()
    choice.wait_for(timeout=60_000)  # still on the phone, waiting for the choice
    screenshot(phone, "offline-hand-after-another-phones-edit")

    choice.locator("button", has_text="Add it as Hand 3").click()
    phone.locator(".offline-note", has_text="Hand 3 was sent.").wait_for(timeout=60_000)
    status, api = server.request("GET", f"/api/v1/games/{game_id}")
    assert [hand["entry"]["tricks"] for hand in api["hands"]] == [
        THEIRS["tricks"], SPADES_HANDS[1]["tricks"], SPADES_HANDS[2]["tricks"]]
    assert api["totals"] == board({**SPADES_GAME, "entries": [THEIRS, *SPADES_HANDS[1:3]]})["totals"]


def test_five_hands_an_edit_of_hand_2_and_an_undo_of_hand_5_offline(phone, server):
    """Behind an edit the last hand could not be undone (only the edit could be taken back), nor without asking."""
    game_id, token = game_with_hands(server, SPADES_GAME, [])
    phone.goto(f"/g/{game_id}/join/{token}")
    phone.wait_for_selector("#hand-form")
    wait_for(phone, "async () => Boolean(await (await caches.open('pages')).match(location.href, { ignoreVary: true }))")
    kept_for_offline(phone, game_id)
    server.stop()
    phone.reload()

    for count in range(1, 6):
        type_row(phone, SPADES_HANDS[count - 1])
        phone.click("#hand-form [type=submit]")
        phone.locator("#phone-board h2", has_text=f"Hand {count} not sent yet").wait_for(
            timeout=SCORED_SECONDS * 1000)
    assert phone.locator(".waiting-hand").count() == 5 and phone.locator("#phone-hands details").count() == 0, (
        "each hand typed here shows once, as its card")
    phone.click("#waiting-2 .offline-edit button")
    phone.locator(".offline-editing").wait_for(timeout=SCORED_SECONDS * 1000)
    type_row(phone, OURS)
    phone.click("#hand-form button:text-is('Save changes')")
    phone.locator("#phone-board h2", has_text="Edit of Hand 2 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)

    last = phone.locator(".waiting-hand").first
    assert last.locator("button").all_inner_texts() == ["Undo Edit of Hand 2", "Undo hand 5"]
    last.locator("button:text-is('Undo hand 5')").click()
    question = phone.locator("#offline-undo-question")
    assert question.locator("p").first.inner_text() == "Undo hand 5?"
    assert question.locator("button").all_inner_texts() == ["Yes, undo hand 5", "Cancel"]
    screenshot(phone, "offline-undo-after-an-edit")
    question.locator("button:text-is('Cancel')").click()
    assert question.count() == 0
    last.locator("button:text-is('Undo hand 5')").click()
    question.locator("button:text-is('Yes, undo hand 5')").click()
    phone.locator("#phone-board h2", has_text="Undo of Hand 5 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)
    kept = [SPADES_HANDS[0], OURS, SPADES_HANDS[2], SPADES_HANDS[3]]
    assert shown_totals(phone) == written(board({**SPADES_GAME, "entries": kept})["totals"])
    assert phone.locator("#hand-form input[name=hand]").input_value() == "5"

    server.start()
    phone.locator(".offline-note", has_text="Undo of Hand 5 was sent.").wait_for(timeout=120_000)
    status, api = server.request("GET", f"/api/v1/games/{game_id}")
    assert [hand["entry"]["tricks"] for hand in api["hands"]] == [hand["tricks"] for hand in kept]
    assert api["totals"] == board({**SPADES_GAME, "entries": kept})["totals"]
