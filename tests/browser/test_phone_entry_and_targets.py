"""Whole games played on a 360 x 780 touch phone, as a new player would.

Entry that does what the thumb meant (a 1 that keeps its place, a filled-in count that can be cleared, the
form kept in view after filling the declarations from cards), targets a thumb can hit, the form right under
the scores, and what a player looks for where they look.
"""

from __future__ import annotations

import pytest

from .support import ARTIFACTS, NARROW_PHONE, screenshot, settled, wait_for

pytestmark = pytest.mark.browser

P3_ELDER = "7H AD 9S AH 8S AS 7C TH JH 7D 9C TC".split()
P3_YOUNGER = "KC QS QD QH KD QC KH KS 9D JC 8C 8H".split()


@pytest.fixture
def phone(new_phone):
    """A 360-px phone with a touch screen."""
    return new_phone(NARROW_PHONE, has_touch=True, is_mobile=True)


def open_new_game(page, game: dict) -> str:
    """Create the game through the API and open it on this phone with edit access; its address."""
    created = page.request.post("/api/v1/games", data=game).json()
    page.goto(f"/g/{created['id']}/join/{created['edit_token']}")
    return f"/g/{created['id']}"


DUMMY_HAND = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}
FOUR_PLAYERS = {"game": "spades", "players": ["Ann", "Ben", "Cid", "Dan"], "first_dealer": "Ann"}
PIQUET = {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben"}


def first_screen(page, name: str) -> None:
    """Save what the phone's screen shows now (not the whole page) under test-artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def focused(page) -> str:
    """The id of the element with the focus, or its text (a button without an id)."""
    return page.evaluate("document.activeElement.id || document.activeElement.textContent.trim()")


def values(page, *ids: str) -> list[str]:
    return [page.input_value(f"#{id_}") for id_ in ids]


# Point 0: the entry traps.

def test_a_one_keeps_its_place_and_the_next_digit_moves_on(phone):
    page = phone
    open_new_game(page, DUMMY_HAND)
    # Ben bids 1, Cid 5 (a 15 would pass 13), Ann declares 7; then tricks 3, 1, 4 for the three players.
    page.locator("#bids-1-bid").click()
    page.keyboard.type("157")
    assert values(page, "bids-1-bid", "bids-2-bid", "bids-0-bid") == ["1", "5", "7"]
    page.keyboard.type("314")
    assert values(page, "tricks-0", "tricks-1", "tricks-2", "tricks-3") == ["3", "1", "4", "5"]
    assert focused(page) == "Save hand", "the last count is filled in and Save is next"
    # 10 to 13 still go in one field: a 1 then a 2 is 12.
    page.locator("#tricks-0").fill("")
    page.locator("#tricks-0").click()
    page.keyboard.type("12")
    assert page.input_value("#tricks-0") == "12"
    first_screen(page, "round-two-a-one-keeps-its-place")


def test_a_blank_count_says_fill_this_in(phone):
    page = phone
    open_new_game(page, DUMMY_HAND)
    page.locator("#bids-1-bid").click()
    page.keyboard.type("567")
    page.keyboard.type("3")
    page.click("button:has-text('Save hand')")
    page.wait_for_selector("#tricks-1-error")
    assert page.inner_text("#tricks-1-error") == "Fill this in."
    assert page.inner_text("#tricks-2-error") == "Fill this in."
    page.locator("#tricks-1-error").scroll_into_view_if_needed()
    first_screen(page, "round-two-fill-this-in")


# Four-player trick fields go by team (Ann, Cid, then Ben, Dan); Dummy Hand's by seat, the dummy last.
@pytest.mark.parametrize("game, language, counts", [(FOUR_PLAYERS, "en", ["4", "6", "5", "2"]),
                                                     (DUMMY_HAND, "fr", ["4", "2", "5", "2"])])
def test_a_filled_in_count_the_player_touches_is_theirs(new_phone, game, language, counts):
    page = new_phone(NARROW_PHONE, has_touch=True, is_mobile=True, locale=language)
    open_new_game(page, game)
    page.locator("#tricks-0").click()
    page.keyboard.type("426")
    assert page.input_value("#tricks-3") == "1", "the last count is filled in"
    # The player taps the filled-in count and clears it: it stays blank, and the focus stays there.
    page.locator("#tricks-3").click()
    page.keyboard.press("Backspace")
    settled(page)  # and the server's verdict on the form as it now is
    assert page.input_value("#tricks-3") == ""
    assert focused(page) == "tricks-3"
    # Changing another count does not fill it in again: it is the player's now.
    page.locator("#tricks-2").fill("")
    page.locator("#tricks-2").click()
    page.keyboard.type("5")
    assert page.input_value("#tricks-3") == ""
    page.locator("#tricks-3").click()
    page.keyboard.type("2")
    assert values(page, "tricks-0", "tricks-1", "tricks-2", "tricks-3") == counts
    first_screen(page, f"round-two-cleared-count-{language}")


def test_filling_the_declarations_from_cards_stays_on_the_form(phone):
    page = phone
    open_new_game(page, PIQUET)
    page.click("summary:has-text('Check with cards')")
    for card in P3_ELDER:
        page.locator(f"label:has(input[name=cards_elder][value='{card}'])").click()
    for card in P3_YOUNGER:
        page.locator(f"label:has(input[name=cards_younger][value='{card}'])").click()
    page.click("button:has-text('Fill the declarations from these cards')")
    wait_for(page, "document.querySelector('#younger-point-value').value === '38'")
    # The form's next step, the play, comes on the screen; the Share section does not.
    wait_for(page, """() => {
        const play = document.querySelector('#deal-form fieldset.play').getBoundingClientRect();
        return play.top >= -1 && play.top < window.innerHeight / 2;
    }""")
    assert page.evaluate("document.querySelector('.share').getBoundingClientRect().top") > NARROW_PHONE["height"]
    first_screen(page, "round-two-filled-from-cards")


# Points 2 and 3: the form right under the scores, targets a thumb can hit.

DEAL = {"point": {"elder": {"cards": 5, "value": 48}, "younger": {"cards": 5, "value": 45}},
        "sequences": {"elder": [{"length": 3, "top": "K"}], "younger": [{"length": 3, "top": "A"}]},
        "sets": {"elder": [{"size": 3, "rank": "A"}], "younger": [{"size": 4, "rank": "T"}]},
        "tricks": ["elder"] * 6 + ["younger"] * 5 + ["elder"]}
IN_PROGRESS = {
    # docs/rules.md A10 E1, with a nil declared on the other team's hand (void): its explanation links to why.
    "dummy-spades": (DUMMY_HAND, {"bids": [{"player": "Ann", "bid": 7, "nil": ["Ben"]}, {"player": "Ben", "bid": 5},
                                           {"player": "Cid", "bid": 6}],
                                  "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3}}),
    "spades": (FOUR_PLAYERS, {"bids": [{"player": "Ann", "bid": 5}, {"player": "Ben", "bid": 3},
                                       {"player": "Cid", "bid": 4}, {"player": "Dan", "bid": 2}],
                              "tricks": {"Ann": 4, "Ben": 2, "Cid": 6, "Dan": 1}}),
    "piquet": (PIQUET, DEAL),
}


EDIT_TOKENS: dict[str, str] = {}


def game_in_progress(page, name: str, hands: int = 3) -> str:
    """A game of `name` with `hands` hands recorded through the API, opened on this phone with edit access."""
    game, hand = IN_PROGRESS[name]
    created = page.request.post("/api/v1/games", data=game).json()
    EDIT_TOKENS[created["id"]] = created["edit_token"]
    for _ in range(hands):
        response = page.request.post(f"/api/v1/games/{created['id']}/hands", data=hand,
                                     headers={"Authorization": f"Bearer {created['edit_token']}"})
        assert response.status == 201, response.text()
    page.goto(f"/g/{created['id']}/join/{created['edit_token']}")
    return f"/g/{created['id']}"


# Every visible target: links, buttons, disclosures, chips and cards (their labels: the input inside is hidden),
# fields. The site's name in the header is left out (it is not a game's).
SMALL_TARGETS = """() => Array.from(document.querySelectorAll(
    "main :is(a, button, summary, label.chip, label.card, input:not([type=hidden]):not(label.chip input, label.card input), select)"))
  .filter((element) => element.offsetParent !== null && !element.closest("[hidden]"))
  .map((element) => [element, element.getBoundingClientRect()])
  .filter(([element, box]) => box.width < 44 || box.height < 44)
  .map(([element, box]) => `${element.tagName} "${(element.textContent || element.name).trim().slice(0, 40)}"`
                           + ` ${Math.round(box.width)}x${Math.round(box.height)}`)"""


@pytest.mark.parametrize("name", list(IN_PROGRESS))
def test_the_form_starts_in_the_top_450_px_while_a_game_is_in_progress(phone, name):
    page = phone
    game_in_progress(page, name)
    first_screen(page, f"round-two-in-progress-{name}")
    box = page.locator("#entry form :is(input:not([type=hidden]), select)").first.bounding_box()
    assert page.evaluate("window.scrollY") == 0
    assert box["y"] + box["height"] <= 450, box


@pytest.mark.parametrize("name", list(IN_PROGRESS))
def test_every_target_a_player_taps_during_a_game_is_44_px(phone, name):
    page = phone
    game_in_progress(page, name)
    page.click("#hand-1 summary")
    page.wait_for_selector("#hand-1 .explain :is(ul, table, p:not(:only-child))")
    page.click("summary:has-text('Share edit access')")
    if name == "piquet":
        page.click("summary:has-text('Check with cards')")
        page.click("summary:has-text('More sequences') >> nth=0")
    assert page.evaluate(SMALL_TARGETS) == []
    screenshot(page, f"round-two-targets-{name}")
    page.locator("#hand-1").screenshot(path=str(ARTIFACTS / f"round-two-targets-{name}-hand-1.png"))
    if name == "piquet":
        page.locator(".with-cards").screenshot(path=str(ARTIFACTS / "round-two-targets-piquet-cards.png"))


# Point 4: nothing in the way.

def test_the_edit_link_shows_once_then_folds_into_a_small_button(phone):
    page = phone
    page.goto("/new/dummy-spades")
    for seat, name in enumerate(("Ann", "Ben", "Cid")):
        page.fill(f"#player_{seat}", name)
    page.check("#first_dealer-0")  # Ann deals: Ben, Cid and Ann bid
    page.click("button:has-text('Start the game')")
    page.wait_for_selector("#keep-link[open] .keep-link")
    assert page.locator("#keep-link figcaption a").is_visible()
    page.locator("#bids-1-bid").click()
    page.keyboard.type("567523")
    page.click("button:has-text('Save hand')")
    page.wait_for_selector("#hand-1")
    wait_for(page, "!document.querySelector('#keep-link').open")
    button = page.locator("#keep-link > summary").bounding_box()
    assert button["height"] <= 50 and button["width"] >= 44
    assert not page.locator("#keep-link figcaption a").is_visible()
    page.evaluate("window.scrollTo(0, 0)")
    first_screen(page, "round-two-edit-link-folded")
    page.click("#keep-link > summary:has-text('Share edit access')")
    assert page.locator("#keep-link figcaption a").is_visible()


@pytest.mark.parametrize("javascript", [True, False])
def test_fields_that_do_not_apply_are_hidden_and_not_sent(new_phone, javascript):
    page = new_phone(NARROW_PHONE, java_script_enabled=javascript)
    page.goto("/new/spades")
    assert not page.locator("#target_other").is_visible()
    page.click("summary:has-text('House rules')")
    assert not page.locator("#blind_margin").is_visible()
    assert not page.locator("#mercy_floor").is_visible()
    for tick in ("blind_nil", "failed_nil_helps", "zero_is_nil", "mercy"):  # its words tick it: a thumb's target
        assert page.locator(f"label[for={tick}]").bounding_box()["height"] >= 44, tick
    page.locator("label.chip:has(#target-2)").click()
    page.fill("#target_other", "450")
    page.check("#blind_nil")
    assert page.locator("#blind_margin").is_visible()
    # The margin sits on the line of its tick: one sentence, not a second field saying the same.
    tick, margin = page.locator("#blind_nil").bounding_box(), page.locator("#blind_margin").bounding_box()
    assert abs(tick["y"] + tick["height"] / 2 - (margin["y"] + margin["height"] / 2)) < 12
    page.fill("#blind_margin", "150")
    first_screen(page, f"round-two-applies-{'js' if javascript else 'no-js'}")
    # Back to 300: the number typed in "Other target" is hidden again and does not count.
    page.locator("label.chip:has(#target-1)").click()
    assert not page.locator("#target_other").is_visible()
    for seat, name in enumerate(("Ann", "Ben", "Cid", "Dan")):
        page.fill(f"#player_{seat}", name)
    page.click("button:has-text('Start the game')")
    page.wait_for_selector(".scoreboard")
    game = page.request.get(page.url.replace("/g/", "/api/v1/games/")).json()
    assert (game["settings"]["target"], game["settings"]["blind_nil"], game["settings"]["blind_margin"]) == (300, True, 150)


def test_the_saunt_target_shows_only_for_saunt(new_phone):
    page = new_phone(NARROW_PHONE)
    page.goto("/new/piquet")
    assert not page.locator("#target").is_visible()
    page.locator("label.chip:has(input[name=variant][value=saunt])").click()
    assert page.locator("#target").is_visible()


def test_the_viewers_page_says_it_is_read_only_and_how_to_score_too(phone, new_phone):
    page = phone
    path = game_in_progress(page, "spades", hands=1)
    viewing = new_phone(NARROW_PHONE)  # another phone, with the read-only link
    viewing.goto(path)
    note = viewing.inner_text(".read-only-note")
    assert note.startswith("Read-only: this phone follows the game as it is scored.")
    assert "“Share edit access”" in note
    first_screen(viewing, "round-two-viewer")
    assert page.locator(".read-only-note").count() == 0


# Points 5 and 6: Piquet says what happened, and what a player looks for is where they look.

def test_piquet_trick_chips_name_the_players_and_the_history_says_capot(phone):
    page = phone
    path = game_in_progress(page, "piquet", hands=0)
    assert page.locator("fieldset.trick").first.locator("label.chip span").all_inner_texts() == ["Ann", "Ben"]
    page.locator("label.chip:has(input[name='tricks-0'][value=younger])").click()
    assert page.is_checked("input[name='tricks-11'][value=younger]"), "a tap still gives the later tricks too"
    page.locator(".trick-strip").scroll_into_view_if_needed()
    first_screen(page, "round-two-piquet-chips")
    created_id = path.rsplit("/", 1)[1]
    capot = {**DEAL, "tricks": ["elder"] * 12}
    response = page.request.post(f"/api/v1/games/{created_id}/hands", data=capot,
                                 headers={"Authorization": f"Bearer {EDIT_TOKENS[created_id]}"})
    assert response.status == 201, response.text()
    page.goto(path)
    assert page.inner_text("#hand-1 .bonuses") == "Ann: capot"
    page.click("#hand-1 summary")
    page.wait_for_selector("#hand-1 .explain li:has-text('Trick points')")
    assert ("Trick points: Ann 13 (leads 12, captures 0, last trick 1), Ben 0 (leads 0, captures 0, last trick 0)."
            in page.inner_text("#hand-1 .explain"))


def test_undo_is_under_the_form_not_under_the_history(phone):
    page = phone
    game_in_progress(page, "spades", hands=5)  # 455 to 0-odd: the game goes on
    undo = page.locator("#undo-redo a:has-text('Undo hand 5')")
    assert page.evaluate("""() => {
        const undo = document.querySelector('#undo-redo');
        return undo.previousElementSibling.id === 'entry'
            && undo.getBoundingClientRect().top < document.querySelector('#hands').getBoundingClientRect().top;
    }""")
    box = undo.bounding_box()
    assert box["height"] >= 44 and box["y"] < 2 * NARROW_PHONE["height"], box
    undo.scroll_into_view_if_needed()
    first_screen(page, "round-two-undo-under-the-form")


def test_four_player_trick_fields_are_grouped_by_team_and_the_history_marks_a_bag_penalty(phone):
    page = phone
    path = game_in_progress(page, "spades", hands=0)
    page.locator("#tricks-0").scroll_into_view_if_needed()
    labels = page.locator(".tricks .trick-grid > :is(.team-label, .field) > :is(label, .team-label), .tricks .team-label")
    assert [text.strip() for text in labels.all_inner_texts()] == ["Ann & Cid", "Ann", "Cid", "Ben & Dan", "Ben", "Dan"]
    first_screen(page, "round-two-tricks-by-team")
    # Ann & Cid bid 2 and take 13 tricks, eleven bags: the bag limit of 10 costs 100.
    overtricks = {"bids": [{"player": "Ann", "bid": 1}, {"player": "Ben", "bid": 3}, {"player": "Cid", "bid": 1},
                           {"player": "Dan", "bid": 2}], "tricks": {"Ann": 7, "Ben": 0, "Cid": 6, "Dan": 0}}
    game_id = path.rsplit("/", 1)[1]
    response = page.request.post(f"/api/v1/games/{game_id}/hands", data=overtricks,
                                 headers={"Authorization": f"Bearer {EDIT_TOKENS[game_id]}"})
    assert response.status == 201, response.text()
    page.goto(path)
    assert page.inner_text("#hand-1 .meta .penalty") == "Ann & Cid: bag penalty −100"
