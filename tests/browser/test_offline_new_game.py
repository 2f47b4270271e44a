"""A new game started with the server off (issue #24, point 3): from the new-game page kept on the phone, played on
the phone, created once and its hands sent once, in order, when the server answers; the phone then shows the game at
its server address.

The server runs under gunicorn in its own process (the `server` fixture), so that it can really be stopped.
"""

from __future__ import annotations

import json
import re

import pytest
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand
from scorekeeper.rules.board import board, board_json

from ..games import SPADES_GAME, SPADES_HANDS, SPADES_PLAYERS
from .support import open_offline, scorer_kept, screenshot, wait_for
from .test_offline_edit import FOUR, FOUR_HANDS
from .test_offline_engine import SCORED_SECONDS, dummy_hand_game, shown_totals, type_row, written

pytestmark = pytest.mark.browser
# The Dummy Hand form's defaults, with Ann dealing first.
STARTED = {"game": "dummy-spades", "players": SPADES_PLAYERS, "first_dealer": "Ann", "dummy_after": 2,
           "settings": {"target": 300, "bag_limit": 10, "bag_penalty": 100, "variant": "no-peeky", "style": "standard"}}
NOTHING_WAITS = """() => new Promise((resolve) => {
    const opened = indexedDB.open("scorekeeper-offline", 2);
    opened.onsuccess = () => {
        const all = opened.result.transaction("waiting").objectStore("waiting").getAll();
        all.onsuccess = () => resolve(all.result.length === 0);
    };
})"""


@pytest.fixture
def phone(scoring_phone):
    return scoring_phone


def new_game_pages_kept(phone, kind: str) -> None:
    """Wait until the worker keeps the kind's new-game page and blank game page (with the shell, as it installs)."""
    wait_for(phone, """async (kind) => {
        const cache = await caches.open("pages");
        const kept = async (path) => Boolean(await cache.match(location.origin + path, { ignoreVary: true }));
        return (await kept(`/new/${kind}`)) && (await kept(`/new/${kind}/blank`));
    }""", kind, seconds=60)


def start_offline(phone, kind: str, names: list[str], dealer: str = "#first_dealer-0", *, opened: bool = False,
                  style: str = "") -> None:
    """Fill in the kind's new-game page (the phone's copy, `opened` already) and start the game (a Dummy Hand game
    of `style`, by its chip's id); wait for its page on the phone."""
    if not opened:
        phone.goto(f"/new/{kind}")
    assert phone.locator("#connection").is_visible()
    for seat, name in enumerate(names):
        phone.fill(f"#player_{seat}", name)
    phone.check(dealer)
    if style:
        phone.check(style)
    phone.click("form button[type=submit].primary")
    phone.wait_for_url(re.compile(rf"/new/{kind}/blank(\?style=\w+)?#new:[0-9a-f-]{{36}}$"),
                       timeout=SCORED_SECONDS * 1000)
    phone.locator("#phone-board h2", has_text="this game is not on the server yet").wait_for(
        timeout=SCORED_SECONDS * 1000)


def hands_stored(database, game_id: str) -> list[int]:
    with database.app_context():
        game = db.session.execute(select(Game).filter_by(public_id=game_id)).scalar_one()
        return list(db.session.execute(select(Hand.number).filter_by(game_id=game.id).order_by(Hand.number)).scalars())


def games_stored(database) -> int:
    with database.app_context():
        return db.session.execute(select(func.count()).select_from(Game)).scalar_one()


def test_a_new_game_started_offline_is_kept_before_the_scorer_checks_it(phone, server, database):
    """The scorer takes seconds to start after a page load; a reload meanwhile lost the new game typed."""
    phone.goto("/new/dummy-spades")
    new_game_pages_kept(phone, "dummy-spades")
    scorer_kept(phone)
    phone.reload()  # the worker, installed by the first load, serves this one
    wait_for(phone, "Boolean(navigator.serviceWorker.controller)")
    server.stop()
    phone.reload()
    for seat, name in enumerate(SPADES_PLAYERS):
        phone.fill(f"#player_{seat}", name)
    phone.check("#first_dealer-0")
    phone.click("form button[type=submit].primary")
    phone.locator(".offline-note", has_text="New game of Ann · Ben · Cid is kept on this phone.").wait_for()
    phone.reload()  # before the scorer, cold after the page load, has said

    phone.goto("/")
    started = phone.locator("#started-here a")
    assert started.locator(".names").inner_text() == "Ann, Ben, Cid"
    started.click()
    phone.locator("#phone-board h2", has_text="this game is not on the server yet").wait_for(
        timeout=SCORED_SECONDS * 1000)
    assert phone.locator("#waiting-creation .waiting-title").inner_text() == (
        "New game of Ann · Ben · Cid · waiting to be sent")
    assert phone.locator(".phone-board-status").inner_text() == "Ann deals Hand 1."
    assert games_stored(database) == 0

    server.start()
    phone.wait_for_url(re.compile(r"/g/[\w-]{11}$"), timeout=60_000)
    assert games_stored(database) == 1
    phone.goto("/")
    assert phone.locator("#started-here").count() == 0


def test_an_evening_offline_then_a_new_game_started_offline_reach_the_server_once(phone, server, database):
    game_id, token = dummy_hand_game(server, 1)
    phone.goto("/")
    new_game_pages_kept(phone, "dummy-spades")
    open_offline(phone, server, game_id, token)

    # Three hands on the game already open, the totals on screen after each.
    for count in (1, 2, 3):
        type_row(phone, SPADES_HANDS[count])
        phone.click("#hand-form [type=submit]")
        phone.locator("#phone-board h2", has_text=f"Hand {count + 1} not sent yet").wait_for(
            timeout=SCORED_SECONDS * 1000)
        assert shown_totals(phone) == written(board({**SPADES_GAME, "entries": SPADES_HANDS[:count + 1]})["totals"])
    # Hand 1 edited, then the last hand undone.
    phone.click("#phone-hand-1 summary")
    phone.click("#phone-hand-1 .offline-edit button")
    phone.locator(".offline-editing").wait_for(timeout=SCORED_SECONDS * 1000)
    type_row(phone, SPADES_HANDS[4])
    phone.click("#hand-form button:text-is('Save changes')")
    phone.locator("#phone-board h2", has_text="Edit of Hand 1 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)
    assert shown_totals(phone) == written(board({**SPADES_GAME, "entries": [SPADES_HANDS[4], *SPADES_HANDS[1:4]]})[
        "totals"])
    phone.click("a.undo")
    phone.click("#offline-undo-question button:text-is('Yes, undo hand 4')")
    phone.locator("#phone-board h2", has_text="Undo of Hand 4 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)
    first_game = board({**SPADES_GAME, "entries": [SPADES_HANDS[4], *SPADES_HANDS[1:3]]})["totals"]
    assert shown_totals(phone) == written(first_game)
    screenshot(phone, "offline-evening-first-game")

    # A new game started from the new-game page, on the phone's copy of it.
    start_offline(phone, "dummy-spades", SPADES_PLAYERS)
    assert phone.locator("h1.game-title").inner_text() == "Ann · Ben · Cid"
    assert phone.locator("label[for=bids-0-bid]").inner_text() == "Ann"
    assert phone.locator("#waiting-creation .waiting-title").inner_text() == (
        "New game of Ann · Ben · Cid · waiting to be sent")
    assert phone.locator(".phone-board-status").inner_text() == "Ann deals Hand 1."
    screenshot(phone, "offline-new-game-started")
    for count in (1, 2):
        type_row(phone, SPADES_HANDS[5 + count])
        phone.click("#hand-form [type=submit]")
        phone.locator("#phone-board h2", has_text=f"Hand {count} not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)
        shown = shown_totals(phone)
        assert shown == written(board({**STARTED, "entries": SPADES_HANDS[6:6 + count]})["totals"])
    screenshot(phone, "offline-new-game-two-hands")

    phone.goto("/")  # the home page lists it, to come back to it
    started = phone.locator("#started-here a")
    assert started.locator(".names").inner_text() == "Ann, Ben, Cid"
    started.click()
    phone.locator("#phone-board h2", has_text="Hand 1, Hand 2 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)
    assert shown_totals(phone) == shown

    server.start()
    phone.wait_for_url(re.compile(r"/g/[\w-]{11}$"), timeout=60_000)
    new_id = phone.url.rsplit("/", 1)[1]
    phone.locator(".offline-note", has_text="Hand 2 was sent.").wait_for(timeout=60_000)
    wait_for(phone, NOTHING_WAITS, seconds=60)
    screenshot(phone, "offline-new-game-sent")

    assert games_stored(database) == 2, "the game started offline was created once"
    assert hands_stored(database, game_id) == [1, 2, 3] and hands_stored(database, new_id) == [1, 2]
    status, first = server.request("GET", f"/api/v1/games/{game_id}")
    assert first["version"] == 6, "one hand through the API, then three hands, an edit and an undo, each once"
    assert [hand["entry"]["tricks"] for hand in first["hands"]] == [
        hand["tricks"] for hand in [SPADES_HANDS[4], *SPADES_HANDS[1:3]]]
    assert first["totals"] == first_game
    status, second = server.request("GET", f"/api/v1/games/{new_id}")
    assert {key: second[key] for key in STARTED if key != "settings"} == {
        key: value for key, value in STARTED.items() if key != "settings"}
    assert second["version"] == 2
    assert written(second["totals"]) == shown, "the totals the phone showed"
    assert phone.locator("#standing tbody tr").count() == 3


def test_a_four_player_game_started_offline_with_a_drawn_dealer_keeps_the_phones_draw(phone, server, database):
    phone.goto("/")
    new_game_pages_kept(phone, "spades")
    scorer_kept(phone)
    server.stop()
    # Refused on the phone as the server refuses it: the reason beside the field, nothing kept.
    phone.goto("/new/spades")
    for seat, name in enumerate(["Ann", "Ann", "Cid", "Dan"]):
        phone.fill(f"#player_{seat}", name)
    phone.click("button:has-text('Start the game')")
    refused = json.loads(board_json(json.dumps({"game": "spades", "setup_fields": {
        "player_0": ["Ann"], "player_1": ["Ann"], "player_2": ["Cid"], "player_3": ["Dan"], "first_dealer": ["draw"],
        "variant": ["partnership"], "target": ["500"]}})))["errors"]
    phone.locator(".field.has-error .offline-error").wait_for(timeout=SCORED_SECONDS * 1000)
    assert phone.locator(".field.has-error .offline-error").all_inner_texts() == [refused[0]["message"]]
    assert phone.locator(".field.has-error input").get_attribute("name") == refused[0]["input"] == "player_1"
    assert phone.locator("#player_1").get_attribute("aria-invalid") == "true"
    assert phone.locator(".offline-note").count() == 0, "the scorer has answered"
    screenshot(phone, "offline-new-game-refused")
    assert phone.url.endswith("/new/spades")
    start_offline(phone, "spades", FOUR["players"], dealer="#first_dealer-4", opened=True)
    dealer = phone.locator(".phone-board-status").inner_text().split(" deals ")[0]
    seat = FOUR["players"].index(dealer)
    bidding = [FOUR["players"][(seat + turn) % 4] for turn in (1, 2, 3, 4)]
    assert [name.split()[0] for name in phone.locator(".bid-row label[for$=-bid]").all_inner_texts()] == bidding
    for seat, name in enumerate(FOUR["players"]):
        phone.fill(f"#bids-{seat}-bid", str(FOUR_HANDS[0]["bids"][seat]["bid"]))
        phone.fill(f"#tricks-{seat}", str(FOUR_HANDS[0]["tricks"][name]))
    phone.click("#hand-form [type=submit]")
    phone.locator("#phone-board h2", has_text="Hand 1 not sent yet").wait_for(timeout=SCORED_SECONDS * 1000)
    shown = shown_totals(phone)
    expected = board({**FOUR, "first_dealer": dealer, "entries": FOUR_HANDS[:1]})
    assert shown == written(expected["totals"])
    screenshot(phone, "offline-new-four-player-game")

    server.start()
    phone.wait_for_url(re.compile(r"/g/[\w-]{11}$"), timeout=60_000)
    phone.locator(".offline-note", has_text="Hand 1 was sent.").wait_for(timeout=60_000)
    status, api = server.request("GET", f"/api/v1/games/{phone.url.rsplit('/', 1)[1]}")
    assert api["first_dealer"] == dealer, "the server's game is the one the phone drew"
    assert written(api["totals"]) == shown
    assert games_stored(database) == 1


def test_a_creation_whose_answer_was_lost_is_sent_again_and_makes_one_game(phone, server, database):
    phone.goto("/")
    new_game_pages_kept(phone, "dummy-spades")
    scorer_kept(phone)
    server.stop()
    start_offline(phone, "dummy-spades", SPADES_PLAYERS, dealer="#first_dealer-1", style="#style-1")
    assert phone.locator(".bid-row label[for$=-bid]").all_inner_texts() == ["Cid", "Ann", "Ben"], "Ben deals"
    assert "/new/dummy-spades/blank?style=suicide#" in phone.url, "the blank page of its style, kept by the worker"
    assert phone.locator("input[name=bids-0-side]").count() == 2, "Suicide's chips: own hand, partner's"
    posts = []

    def lose_the_first_answer(route):
        if route.request.method != "POST":
            return route.continue_()
        posts.append(route.request.headers.get("idempotency-key"))
        if len(posts) == 1:
            route.fetch()  # the server creates the game; its answer never reaches the phone
            return route.abort()
        return route.continue_()

    phone.route("**/new/dummy-spades", lose_the_first_answer)
    server.start()
    phone.wait_for_url(re.compile(r"/g/[\w-]{11}$"), timeout=60_000)

    assert len(posts) == 2 and posts[0] == posts[1], "sent again with its key"
    assert games_stored(database) == 1, "the same game, not two"
    assert phone.locator("h1.game-title").inner_text() == "Ann · Ben · Cid"
    assert phone.locator("#undo-redo").count() == 1, "the game's edit rights came with the answer sent again"
    status, api = server.request("GET", f"/api/v1/games/{phone.url.rsplit('/', 1)[1]}")
    assert api["settings"]["style"] == "suicide"


def test_a_creation_the_server_refuses_is_shown_with_its_reasons_until_the_player_discards_it(phone, server, database):
    phone.goto("/")
    new_game_pages_kept(phone, "piquet")
    scorer_kept(phone)
    server.stop()
    start_offline(phone, "piquet", ["Ann", "Ben"], dealer="#first_dealer-1")
    # Ben deals the first deal: Ann is elder (the deal form names the players by role).
    assert phone.locator(".phone-board-status").inner_text().startswith("Deal 1 of 6: Ben deals, Ann is elder.")
    assert phone.locator("h1.game-title").inner_text() == "Ann · Ben"
    assert phone.locator(".trick input[value=elder]").first.evaluate("(chip) => chip.closest('label').textContent.trim()") == (
        "Ann")
    reason = "A rule the phone did not know refused it."

    def refuse(route):
        if route.request.method != "POST":
            return route.continue_()
        return route.fulfill(status=422, content_type="text/html",
                             body=f'<!doctype html><main><p class="error">{reason}</p></main>')

    phone.route("**/new/piquet", refuse)
    server.start()
    choice = phone.locator("#waiting-creation.needs-choice")
    choice.wait_for(timeout=60_000)
    assert choice.locator(".waiting-problem").inner_text() == f"New game of Ann · Ben could not be sent: {reason}"
    screenshot(phone, "offline-new-game-refused-by-server")
    phone.wait_for_timeout(6000)  # a retry's time: it is kept, not sent again
    assert games_stored(database) == 0
    assert phone.locator("#waiting-creation.needs-choice").count() == 1

    choice.locator("button", has_text="Discard it").click()
    phone.wait_for_url(re.compile(r"/new/piquet$"))
    phone.goto("/")
    assert phone.locator("#started-here").count() == 0


def test_the_home_page_says_a_game_started_offline_is_sent_as_soon_as_it_is(phone, server):
    phone.goto("/")
    new_game_pages_kept(phone, "dummy-spades")
    scorer_kept(phone)
    server.stop()
    start_offline(phone, "dummy-spades", SPADES_PLAYERS)
    phone.goto("/")
    assert phone.locator("#started-here a .names").inner_text() == "Ann, Ben, Cid"

    server.start()
    phone.locator("#started-here").wait_for(state="detached", timeout=30_000)  # not "not sent yet" any more
    link = phone.locator("#recent-games a", has_text="Ann, Ben, Cid")
    link.wait_for()
    assert re.fullmatch(r"/g/[\w-]{11}", link.get_attribute("href"))
    assert phone.locator("#recent-games a", has_text="Ann, Ben, Cid").count() == 1
