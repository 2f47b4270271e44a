"""Offline at the table: a phone that loses the server keeps its game open and its hands, and sends them once.

The app runs as `make run` runs it (gunicorn), in its own process (the
`server` fixture, support.Server), so that the test can stop the server for
real (the browser's offline emulation does not cover service workers
reliably) and start it again on the same port.
Waits here are bounds on how long a step may take, never measures of speed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Game
from scorekeeper.store import table_commands, writes

from ..games import PIQUET_DEALS, PIQUET_GAME
from .support import NARROW_PHONE, STEP_TIMEOUT_MS, another_phone_changes, screenshot, serve_cdn_locally, wait_for

pytestmark = pytest.mark.browser

SCORER_OFF = 'localStorage.setItem("scorekeeper:keep-engine", "off");'
GAME = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}
# docs/rules.md A10 E1, typed into the form: bids of Ann, Ben, Cid; tricks of Ann, Ben, Cid, the dummy.
TYPED = {"#bids-0-bid": "7", "#bids-1-bid": "5", "#bids-2-bid": "6",
         "#tricks-0": "5", "#tricks-1": "2", "#tricks-2": "3", "#tricks-3": "3"}
OTHER_PHONE_HAND = {"bids": [{"player": "Ann", "bid": 4}, {"player": "Ben", "bid": 4}, {"player": "Cid", "bid": 4}],
                    "tricks": {"Ann": 4, "dummy": 1, "Ben": 4, "Cid": 4}}


@pytest.fixture
def phone(browser, server):
    """A phone whose player turned the scorer off (the footer's setting): one hand waits per game, as before it."""
    context = browser.new_context(viewport=NARROW_PHONE, base_url=server.url)
    context.add_init_script(SCORER_OFF)
    serve_cdn_locally(context, server.url)
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT_MS)
    yield page
    context.close()


def open_with_edit_rights(phone, server, game: dict = GAME, form: str = "#hand-form") -> tuple[str, str]:
    """A new game opened through its edit link; the page kept by the service worker. Returns (id, token)."""
    status, game = server.request("POST", "/api/v1/games", game)
    assert status == 201
    phone.goto(f"/g/{game['id']}/join/{game['edit_token']}")
    phone.wait_for_selector(form)
    wait_for(phone, """async (form) => {
        const cache = await caches.open("pages");
        const kept = await cache.match(location.href, { ignoreVary: true });
        const qr = await cache.match(document.querySelector("#qr-view img").src, { ignoreVary: true });
        return Boolean(kept) && Boolean(qr) && (await kept.text()).includes(`id="${form.slice(1)}"`);
    }""", form)
    return game["id"], game["edit_token"]


def hand_kept_offline(phone, server) -> None:
    """The server stops; the phone, reloaded, saves a hand typed offline and keeps it waiting."""
    server.stop()
    phone.reload()
    type_hand(phone)
    phone.click("#hand-form [type=submit]")
    phone.locator(".waiting-hand").wait_for()


def type_hand(phone) -> None:
    for selector, value in TYPED.items():
        phone.fill(selector, value)


def stored_hands(server, game_id: str) -> list[dict]:
    status, game = server.request("GET", f"/api/v1/games/{game_id}")
    assert status == 200
    return game["hands"]


def test_a_hand_saved_offline_is_kept_and_sent_once_when_the_server_is_back(phone, server):
    game_id, _ = open_with_edit_rights(phone, server)
    server.stop()

    phone.reload()
    banner = phone.locator("#connection")
    assert banner.is_visible()
    assert banner.inner_text().startswith("No connection to the server since ")
    assert phone.get_attribute("html", "data-from") == "cache"
    wait_for(phone, "document.querySelector('#qr-view img').complete")
    assert phone.evaluate("document.querySelector('#qr-view img').naturalWidth") > 0, "the QR code is kept too"
    screenshot(phone, "offline-banner")

    type_hand(phone)
    phone.evaluate("() => { const save = document.querySelector('#hand-form [type=submit]'); save.click(); save.click(); }")
    waiting = phone.locator(".waiting-hand")
    waiting.wait_for()
    assert waiting.locator(".waiting-title").inner_text() == "Hand 1 · waiting to be sent"
    assert "Tricks taken by each hand: Ann 5, Ben 2, Cid 3, Dummy 3" in waiting.inner_text()
    assert phone.locator("#hand-form").is_hidden()
    assert phone.locator(".offline-held").inner_text() == (
        "Hand 1 waits on this phone to be sent. The next one can be recorded once it is sent.")
    screenshot(phone, "offline-waiting-hand")

    phone.reload()
    waiting.wait_for()
    assert phone.locator(".waiting-hand").count() == 1
    assert waiting.locator(".waiting-title").inner_text() == "Hand 1 · waiting to be sent"

    server.start()
    phone.locator(".offline-note", has_text="Hand 1 was sent.").wait_for(timeout=30_000)
    assert phone.locator(".waiting-hand").count() == 0
    assert banner.is_hidden()
    hands = stored_hands(server, game_id)
    assert [hand["number"] for hand in hands] == [1]
    assert {name: hand["delta"] for name, hand in hands[0]["players"].items()} == {"Ann": 71, "Ben": 50, "Cid": -60}
    assert phone.locator("#hand-1").count() == 1, "the page shows the hand as stored"
    assert phone.locator("#hand-form input[name=hand]").input_value() == "2"
    screenshot(phone, "offline-hand-sent")

    phone.reload()
    assert phone.locator(".waiting-hand").count() == 0
    assert [hand["number"] for hand in stored_hands(server, game_id)] == [1]


def test_a_hand_another_phone_recorded_first_is_shown_beside_the_waiting_one(phone, server, database):
    game_id, token = open_with_edit_rights(phone, server)
    hand_kept_offline(phone, server)

    # Another phone, which kept its connection, records hand 1 while this one cannot reach the server.
    changed = another_phone_changes(database, "POST", f"/api/v1/games/{game_id}/hands", token, OTHER_PHONE_HAND)
    assert changed == 201
    server.start()

    choice = phone.locator(".waiting-hand.needs-choice")
    choice.wait_for(timeout=30_000)
    assert choice.locator(".waiting-problem").inner_text() == (
        "Hand 1: another phone recorded it before this phone could send its own. "
        "Both are shown: the other phone’s in the history, this phone’s here.")
    # The other phone's hand opens once the fresh board is in place, just after the box is drawn.
    phone.locator("#hand-1[open]").wait_for(timeout=5_000)
    assert [hand["number"] for hand in stored_hands(server, game_id)] == [1]
    screenshot(phone, "offline-conflict")

    choice.get_by_role("button", name="Add it as Hand 2").click()
    phone.locator(".offline-note", has_text="Hand 2 was sent.").wait_for(timeout=30_000)
    hands = stored_hands(server, game_id)
    assert [hand["number"] for hand in hands] == [1, 2]
    assert hands[1]["players"]["Ann"]["bid"] == 7
    assert phone.locator(".waiting-hand").count() == 0


def test_a_piquet_deal_another_phone_recorded_first_can_be_discarded(phone, server, database):
    game_id, token = open_with_edit_rights(phone, server, PIQUET_GAME, "#deal-form")
    server.stop()
    phone.reload()
    phone.check("input[name='elder-point-cards'][value='5']")
    phone.fill("#elder-point-value", "48")
    for index, winner in enumerate(["elder"] * 7 + ["younger"] * 5):
        phone.check(f"input[name='tricks-{index}'][value={winner}]")
    phone.click("#deal-form .button.primary")
    waiting = phone.locator(".waiting-hand")
    waiting.wait_for()
    assert waiting.locator(".waiting-title").inner_text() == "Deal 1 · waiting to be sent"
    changed = another_phone_changes(database, "POST", f"/api/v1/games/{game_id}/hands", token, PIQUET_DEALS[0])
    assert changed == 201
    server.start()

    choice = phone.locator(".waiting-hand.needs-choice")
    choice.wait_for(timeout=30_000)
    assert choice.locator(".waiting-title").inner_text() == "Deal 1 from this phone · not sent"
    choice.get_by_role("button", name="Discard it").click()
    phone.locator(".offline-note", has_text="Deal 1 from this phone was discarded.").wait_for()
    assert phone.locator(".waiting-hand").count() == 0
    assert phone.locator("#deal-form").is_visible()
    assert phone.locator("#deal-form input[name=hand]").input_value() == "2"
    assert [hand["number"] for hand in stored_hands(server, game_id)] == [1]
    phone.reload()
    assert phone.locator(".waiting-hand").count() == 0


def test_a_hand_in_two_steps_offline_the_bids_then_the_tricks(phone, server):
    game_id, _ = open_with_edit_rights(phone, server)
    server.stop()
    phone.reload()
    for selector in ("#bids-0-bid", "#bids-1-bid", "#bids-2-bid"):
        phone.fill(selector, TYPED[selector])
    phone.click("button:has-text('Save bids')")
    phone.locator(".waiting-hand").wait_for()
    assert phone.locator(".waiting-hand .waiting-fields").inner_text() == "Bids, in bidding order: Ben 5, Cid 6, Ann 7"

    server.start()
    phone.locator(".offline-note", has_text="Hand 1 was sent.").wait_for(timeout=30_000)
    assert phone.inner_text(".now h2") == "Hand 1: waiting for the tricks"
    assert [hand["complete"] for hand in stored_hands(server, game_id)] == [False]
    wait_for(phone, """async () => {
        const kept = await caches.open("pages").then((cache) => cache.match(location.href, { ignoreVary: true }));
        return Boolean(kept) && (await kept.text()).includes("Save tricks");
    }""")

    server.stop()
    phone.reload()
    assert phone.inner_text(".now h2") == "Hand 1: waiting for the tricks", "the copy kept is the page as last shown"
    for selector in ("#tricks-0", "#tricks-1", "#tricks-2", "#tricks-3"):
        phone.fill(selector, TYPED[selector])
    phone.click("button:has-text('Save tricks')")
    phone.locator(".waiting-hand").wait_for()
    server.start()
    phone.locator(".offline-note", has_text="Hand 1 was sent.").wait_for(timeout=30_000)
    hands = stored_hands(server, game_id)
    assert [(hand["number"], hand["complete"]) for hand in hands] == [(1, True)]
    assert {name: hand["delta"] for name, hand in hands[0]["players"].items()} == {"Ann": 71, "Ben": 50, "Cid": -60}


def test_a_hand_saved_just_as_the_connection_drops_is_kept_and_sent(phone, server):
    game_id, _ = open_with_edit_rights(phone, server)
    server.stop()  # no reload: the page was opened online, and its save is the first to find the server gone

    type_hand(phone)
    phone.click("#hand-form .button.primary")
    phone.locator(".waiting-hand").wait_for()
    assert phone.locator("#connection").is_visible()
    assert phone.locator(".waiting-hand").count() == 1

    server.start()
    phone.locator(".offline-note", has_text="Hand 1 was sent.").wait_for(timeout=30_000)
    assert [hand["number"] for hand in stored_hands(server, game_id)] == [1]
    assert phone.locator("#connection").is_hidden()


def test_a_hand_the_forms_own_checks_refuse_is_not_kept(phone, server):
    open_with_edit_rights(phone, server)
    server.stop()
    phone.reload()
    type_hand(phone)
    phone.fill("#tricks-3", "2")  # 12 tricks in all

    phone.click("#hand-form .button.primary")
    assert phone.locator(".offline-note").inner_text() == "The marked numbers must add up to 13."
    assert phone.locator("#tricks-0").get_attribute("aria-invalid") == "true"
    phone.fill("#tricks-3", "3")
    phone.fill("#bids-0-bid", "14")
    phone.click("#hand-form .button.primary")
    assert phone.locator(".offline-note").inner_text() == "Check the marked fields: nothing was kept."
    assert phone.locator("#bids-0-bid").get_attribute("aria-invalid") == "true"
    assert phone.locator("#tricks-0").get_attribute("aria-invalid") is None
    assert phone.locator(".waiting-hand").count() == 0
    assert phone.evaluate("""() => new Promise((resolve) => {
        const request = indexedDB.open("scorekeeper-offline");
        request.onsuccess = () => {
            const all = request.result.transaction("waiting").objectStore("waiting").getAll();
            all.onsuccess = () => resolve(all.result.length);
        };
    })""") == 0
    screenshot(phone, "offline-refused-by-the-form")


def test_a_hand_the_server_refuses_by_a_rule_stays_on_the_phone_until_it_is_corrected(phone, server):
    """A hand refused by a rule when it was sent was taken out of the line: a reload emptied the form."""
    game_id, _ = open_with_edit_rights(phone, server, {**GAME, "settings": {"style": "suicide"}})
    server.stop()
    phone.reload()
    # docs/rules.md A12 SU-E1 with Ben's 5 typed as 3: Suicide's "at least 4", which only the server checks here.
    for seat, (bid, side) in enumerate([(4, "partner"), (3, "own"), (7, "partner")]):
        phone.fill(f"#bids-{seat}-bid", str(bid))
        phone.check(f"input[name='bids-{seat}-side'][value='{side}']")
    for index, tricks in enumerate([6, 0, 7, 0]):
        phone.fill(f"#tricks-{index}", str(tricks))
    phone.click("#hand-form .button.primary")
    phone.locator(".waiting-title:text-is('Hand 1 · waiting to be sent')").wait_for()

    server.start()
    refused = "Hand 1 was refused when it was sent: correct it below and save again. In Suicide every player bids at least 4."
    problem = phone.locator(".waiting-hand.needs-choice .waiting-problem")
    problem.wait_for(timeout=30_000)
    assert problem.inner_text() == refused
    assert phone.locator(".waiting-title").inner_text() == "Hand 1 from this phone · not sent"
    assert phone.locator("#bids-1-bid").input_value() == "3", "the form comes back as typed"
    assert stored_hands(server, game_id) == []

    phone.reload()
    problem.wait_for()
    assert problem.inner_text() == refused, "kept on the phone through a reload"
    assert phone.locator("#hand-form").is_visible()
    assert phone.locator("#bids-1-bid").input_value() == ""
    screenshot(phone, "offline-refused-by-a-rule-kept")
    phone.get_by_role("button", name="Put it back in the form").click()
    assert [phone.locator(f"#bids-{seat}-bid").input_value() for seat in range(3)] == ["4", "3", "7"]
    assert phone.is_checked("input[name='bids-1-side'][value='own']")
    assert [phone.locator(f"#tricks-{index}").input_value() for index in range(4)] == ["6", "0", "7", "0"]

    phone.fill("#bids-1-bid", "5")
    phone.click("#hand-form .button.primary")
    phone.locator("#hand-1").wait_for()
    wait_for(phone, "!document.querySelector('.waiting-hand')")
    phone.reload()
    assert phone.locator(".waiting-hand").count() == 0
    hands = stored_hands(server, game_id)
    assert [hand["number"] for hand in hands] == [1]
    assert {name: hand["delta"] for name, hand in hands[0]["players"].items()} == {"Ann": 142, "Ben": 151, "Cid": 170}


def test_a_hand_the_server_refuses_by_a_rule_can_be_discarded_after_a_reload(phone, server):
    game_id, _ = open_with_edit_rights(phone, server, {**GAME, "settings": {"style": "suicide"}})
    server.stop()
    phone.reload()
    type_hand(phone)  # no nil named: Suicide refuses it when it is sent
    phone.click("#hand-form .button.primary")
    phone.locator(".waiting-hand").wait_for()
    server.start()
    phone.locator(".waiting-hand.needs-choice").wait_for(timeout=30_000)
    phone.reload()
    phone.get_by_role("button", name="Discard it").click()
    phone.locator(".offline-note", has_text="Hand 1 from this phone was discarded.").wait_for()
    phone.reload()
    assert phone.locator(".waiting-hand").count() == 0
    assert stored_hands(server, game_id) == []


def delete_on_the_server(database, game_id):
    """Another phone deletes the game while this one cannot reach the server."""
    with database.app_context():
        table_commands.delete_game(db.session.execute(select(Game).where(Game.public_id == game_id)).scalar_one())
        writes.commit()


def test_a_hand_for_a_game_deleted_meanwhile_stays_on_the_phone_as_not_sent_until_discarded(phone, server, database):
    game_id, _ = open_with_edit_rights(phone, server)
    hand_kept_offline(phone, server)

    # Another phone deletes the game while this one cannot reach the server: the hand's address answers 404.
    delete_on_the_server(database, game_id)
    server.start()

    choice = phone.locator(".waiting-hand.needs-choice")
    choice.wait_for(timeout=30_000)
    assert choice.locator(".waiting-title").inner_text() == "Hand 1 from this phone · not sent"
    assert choice.locator(".waiting-problem").inner_text() == (
        "Hand 1 could not be sent: There is no such page. Check the link.")
    assert choice.locator("button").all_inner_texts() == ["Discard it"]
    assert kept_changes(phone) == 1, "kept on the phone until the player decides"
    choice.get_by_role("button", name="Discard it").click()
    phone.locator(".offline-note", has_text="Hand 1 from this phone was discarded.").wait_for()
    assert phone.locator(".waiting-hand").count() == 0
    assert kept_changes(phone) == 0
    assert server.request("GET", f"/api/v1/games/{game_id}")[0] == 404


def test_a_deleted_games_page_shows_the_hand_this_phone_kept_for_it_to_save_as_a_file_or_discard(phone, server, database):
    """The game's address was the server's 404, and the hand kept for it could be neither read nor discarded."""
    game_id, _ = open_with_edit_rights(phone, server)
    hand_kept_offline(phone, server)
    delete_on_the_server(database, game_id)
    server.start()

    phone.goto(f"/g/{game_id}")
    kept = phone.locator("#kept-for-gone-game")
    kept.wait_for()
    assert phone.locator("h1").inner_text() == "Sorry"
    assert kept.locator(".waiting-problem").inner_text() == (
        "This game is no longer on the server. What this phone kept for it was never sent:")
    assert kept.locator(".waiting-title").inner_text() == "Hand 1 from this phone \u00b7 not sent"
    typed = kept.locator(".waiting-fields li").all_inner_texts()
    assert typed == ["Bids, in bidding order: Ben 5, Cid 6, Ann 7", "Tricks taken by each hand: Ann 5, Ben 2, Cid 3, Dummy 3"]
    assert kept.locator("button, a.button").all_inner_texts() == ["Save it as a file", "Discard it"]
    screenshot(phone, "offline-deleted-game-keeps-the-hand")

    with phone.expect_download() as download:
        kept.get_by_role("link", name="Save it as a file").click()
    assert download.value.suggested_filename == f"scorekeeper-{game_id}.txt"
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert text.startswith("Hand 1 from this phone \u00b7 not sent\nKept on this phone at ")
    assert all(f"- {line}\n" in text for line in typed)

    kept.get_by_role("button", name="Discard it").click()
    phone.locator(".offline-note", has_text="What this phone kept for this game was discarded.").wait_for()
    assert kept.count() == 0
    assert kept_changes(phone) == 0
    phone.reload()
    phone.locator("h1").wait_for()
    phone.wait_for_timeout(500)
    assert phone.locator("#kept-for-gone-game").count() == 0


def kept_changes(phone) -> int:
    """How many games have changes kept on the phone (its IndexedDB's "waiting" store)."""
    return phone.evaluate("""() => new Promise((resolve) => {
        const opened = indexedDB.open("scorekeeper-offline", 2);
        opened.onsuccess = () => {
            const count = opened.result.transaction("waiting").objectStore("waiting").count();
            count.onsuccess = () => resolve(count.result);
        };
    })""")


def test_a_piquet_deal_added_as_the_next_deal_keeps_each_players_declarations(phone, server, database):
    """Deal 1 typed offline (Ann elder: point 5 of 48, 7 tricks) and recorded first by another phone: added as deal
    2, where Ben is elder, Ann's point and tricks stay hers, now as younger's."""
    game_id, token = open_with_edit_rights(phone, server, PIQUET_GAME, "#deal-form")
    server.stop()
    phone.reload()
    phone.check("input[name='elder-point-cards'][value='5']")
    phone.fill("#elder-point-value", "48")
    for index, winner in enumerate(["elder"] * 7 + ["younger"] * 5):
        phone.check(f"input[name='tricks-{index}'][value={winner}]")
    phone.click("#deal-form .button.primary")
    phone.locator(".waiting-hand").wait_for()
    changed = another_phone_changes(database, "POST", f"/api/v1/games/{game_id}/hands", token, PIQUET_DEALS[0])
    assert changed == 201
    server.start()

    choice = phone.locator(".waiting-hand.needs-choice")
    choice.wait_for(timeout=30_000)
    choice.get_by_role("button", name="Add it as Deal 2").click()
    phone.locator(".offline-note", has_text="Deal 2 was sent.").wait_for(timeout=30_000)
    deals = stored_hands(server, game_id)
    assert [deal["number"] for deal in deals] == [1, 2]
    assert deals[1]["entry"]["point"]["younger"] == {"cards": 5, "value": 48}
    assert deals[1]["entry"]["tricks"] == ["younger"] * 7 + ["elder"] * 5


def test_the_pages_a_game_started_offline_needs_are_never_dropped_for_newer_pages(phone, server):
    """The worker keeps the last 120 pages (pages/offline.py PAGES_KEPT) besides its shell: the new-game and blank
    game pages stay however many pages were opened since it installed."""
    phone.goto("/")
    wait_for(phone, """async () => {
        const cache = await caches.open("pages");
        return Boolean(await cache.match(new URL("/new/dummy-spades/blank", location.href).href));
    }""", seconds=20)
    for number in range(125):
        phone.goto(f"/?visit={number}")
    kept = phone.evaluate("""async () => {
        const cache = await caches.open("pages");
        return (await cache.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search);
    }""")
    assert "/?visit=0" not in kept and "/?visit=124" in kept
    assert {"/", "/new/dummy-spades", "/new/dummy-spades/blank", "/new/piquet/blank", "/new/spades/blank",
            "/new/dummy-spades/blank?style=mirror"} <= set(kept)
