"""Every page for everyone: axe-core finds nothing in light or dark, long names fit, the keyboard does it all,
and every control is big enough for a thumb."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from scorekeeper.app import ROOT

from ..catalogs import languages
from ..games import PIQUET_DEALS, PIQUET_GAME, SPADES_GAME, SPADES_HANDS
from .support import ARTIFACTS, PHONE, open_hand, screenshot, settled, wait_for

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TRANSLATED = languages()
SHORT_NAMES = ("Ann", "Ben", "Cid")
# Three 30-character names: the widest letter, wide capitals and accents, neither with anywhere to break.
LONG_NAMES = ("W" * 30, "MÆWŒMÆWŒMÆWŒMÆWŒMÆWŒMÆWŒMÆWŒMÆ", "Ŵilhelmina-Wolfgang-Wassermann")

# A hand whose nils are void, made and failed, and one that costs Ann's team its bags (limit 5).
SPADES_MIDGAME = (
    {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann", "settings": {"bag_limit": 5}},
    [{"bids": [{"player": "Ann", "bid": 3, "nil": ["dummy", "Ben"]}, {"player": "Ben", "bid": 4},
               {"player": "Cid", "bid": 7}],
      "tricks": {"Ann": 4, "dummy": 3, "Ben": 1, "Cid": 5}},
     {"bids": [{"player": "Ann", "bid": 2}, {"player": "Ben", "bid": 6}, {"player": "Cid", "bid": 2}],
      "tricks": {"Ann": 3, "dummy": 2, "Ben": 3, "Cid": 5}}],
)


# The first step of a hand, waiting for its play: bids with a nil that applies and one that is void; declarations.
BIDS_ONLY = {"bids": [{"player": "Ann", "bid": 7, "nil": ["dummy"]}, {"player": "Ben", "bid": 4, "nil": ["Cid"]},
                      {"player": "Cid", "bid": 5, "nil": ["Ann"]}]}
DECLARATIONS_ONLY = {key: value for key, value in PIQUET_DEALS[1].items() if key != "tricks"}


def renamed(value, names: tuple[str, ...]):
    """`value` (a game or its hands) with Ann, Ben and Cid called `names` instead."""
    text = json.dumps(value)
    for old, new in zip(SHORT_NAMES, names):
        text = text.replace(json.dumps(old), json.dumps(new))
    return json.loads(text)


@dataclass
class Table:
    """A game recorded through the API: its id and edit token."""

    id: str
    token: str

    @property
    def url(self) -> str:
        return f"/g/{self.id}"


def record(page, game: dict, hands: list[dict]) -> Table:
    created = page.request.post("/api/v1/games", data=game)
    assert created.status == 201, created.text()
    table = Table(created.json()["id"], created.json()["edit_token"])
    for hand in hands:
        response = page.request.post(f"/api/v1/games/{table.id}/hands", data=hand,
                                     headers={"Authorization": f"Bearer {table.token}"})
        assert response.status == 201, response.text()
    return table


def record_tables(page, names: tuple[str, ...]) -> dict[str, Table]:
    """The games the tour visits, with `names` for players; this phone may edit them all."""
    spades, piquet = renamed(SPADES_GAME, names), renamed(PIQUET_GAME, names)
    tables = {
        "spades-empty": record(page, spades, []),
        "spades-midgame": record(page, *renamed(SPADES_MIDGAME, names)),
        "spades-waiting": record(page, *renamed((SPADES_MIDGAME[0], [*SPADES_MIDGAME[1][:1], BIDS_ONLY]), names)),
        "spades-won": record(page, spades, renamed(SPADES_HANDS, names)),
        "piquet-empty": record(page, piquet, []),
        "piquet-midgame": record(page, piquet, renamed(PIQUET_DEALS[:3], names)),
        "piquet-waiting": record(page, piquet, renamed([PIQUET_DEALS[0], DECLARATIONS_ONLY], names)),
        "piquet-settled": record(page, piquet, renamed(PIQUET_DEALS, names)),
    }
    settled = tables["piquet-settled"]
    response = page.request.post(f"/api/v1/games/{settled.id}/next", headers={"Authorization": f"Bearer {settled.token}"})
    assert response.status == 201, response.text()
    for table in tables.values():
        page.goto(f"{table.url}/join/{table.token}")
    return tables




def tour(page, tables: dict[str, Table]) -> Iterator[str]:
    """Every page in every state worth seeing, first as the phone that edits, then as a viewer; yields each one's name."""
    page.goto("/")
    yield "home"
    for kind in ("dummy-spades", "piquet"):
        page.goto(f"/new/{kind}")
        yield f"new-{kind}"
        page.click("form .button.primary")
        page.wait_for_selector(".has-error")
        yield f"new-{kind}-refused"

    page.goto(tables["spades-empty"].url)
    yield "spades-empty"
    page.goto(tables["spades-midgame"].url)
    open_hand(page, 1)
    page.click(".share summary")
    page.locator("#qr-edit img").scroll_into_view_if_needed()  # loaded lazily
    wait_for(page, "document.querySelector('#qr-edit img').complete")
    yield "spades-midgame"
    page.fill("#bids-0-bid", "14")
    page.check("input[name='bids-1-nil'][value=dummy]")
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#bids-0-bid-error")
    page.wait_for_selector(".stepper .step >> nth=0")  # shown once htmx has settled the new form
    yield "spades-hand-refused"
    page.goto(f"{tables['spades-midgame'].url}/hands/1/edit")
    yield "spades-edit-hand"
    page.goto(tables["spades-waiting"].url)
    open_hand(page, 2)
    page.click(".kept-bids summary")
    yield "spades-waiting"
    page.goto(tables["spades-won"].url)
    open_hand(page, 20)
    yield "spades-won"
    page.goto(f"{tables['spades-won'].url}/summary")
    yield "spades-summary"

    page.goto(tables["piquet-empty"].url)
    yield "piquet-empty"
    page.goto(tables["piquet-midgame"].url)
    open_hand(page, 1)
    page.check("input[name='younger-point-cards'][value='5']")
    page.fill("#younger-point-value", "48")
    page.check("input[name='elder-point-cards'][value='5']")
    page.fill("#elder-point-value", "45")
    settled(page)
    page.check("input[name='elder-sequences-0-length'][value='4']")
    settled(page)  # the length's verdict moves the form
    page.check("input[name='elder-sequences-0-top'][value='K']")
    for index, winner in enumerate(["elder"] * 4 + ["younger"] * 3):
        page.check(f"input[name='tricks-{index}'][value={winner}]")
    page.click(".with-cards summary")
    for card in ("AH", "KH", "7D", "AS", "QC"):
        page.check(f"input[name=cards_elder][value='{card}']")
    page.wait_for_selector("#verdict-point .badge")
    yield "piquet-midgame"
    page.fill("#younger-point-value", "30")  # the trick strip is complete (tapped in runs): refuse the point
    page.click("#deal-form .actions .primary")
    page.wait_for_selector("#deal-form .error")
    yield "piquet-deal-refused"
    page.goto(f"{tables['piquet-midgame'].url}/hands/1/edit")
    yield "piquet-edit-deal"
    page.goto(tables["piquet-waiting"].url)
    open_hand(page, 2)
    page.click(".kept-bids summary")
    yield "piquet-waiting"
    page.goto(tables["piquet-settled"].url)
    yield "piquet-settled"
    page.goto(f"{tables['piquet-settled'].url}/summary")
    yield "piquet-summary"

    page.goto("/piquet/check")
    yield "piquet-checker"
    for role, cards in (("elder", "7H AD 9S AH 8S AS 7C TH JH 7D 9C TC"), ("younger", "KC QS QD QH KD QC KH KS 9D JC 8C 8H")):
        for card in cards.split():
            page.check(f"input[name={role}][value='{card}']")
    page.click("form .button.primary")
    page.wait_for_selector(".check-result")
    yield "piquet-checker-result"

    page.goto("/import")
    yield "import"
    page.click("form .button.primary")
    page.wait_for_selector(".has-error")
    yield "import-refused"
    page.goto("/players")
    yield "players"
    page.click(".games a >> nth=0")
    page.wait_for_selector(".stats")
    yield "player"
    for game in ("dummy-spades", "piquet"):
        page.goto(f"/rules/{game}")
        yield f"rules-{game}"
    page.goto("/g/no-such-game")
    yield "not-found"

    page.context.clear_cookies()
    for name in ("spades-midgame", "spades-waiting", "spades-won", "piquet-midgame", "piquet-waiting", "piquet-settled"):
        page.goto(tables[name].url)
        open_hand(page, 1)
        yield f"{name}-viewer"


@pytest.fixture
def phone(new_phone):
    """A phone-sized page in the light or the dark colour scheme, its browser set to `locale`."""
    return lambda color_scheme="light", *, locale="en-US": new_phone(PHONE, color_scheme=color_scheme, locale=locale)


def axe_violations(page) -> list[str]:
    """What axe-core finds on the page as it is now, one line per rule and element."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text())  # evaluated, not a <script> tag, which the page's CSP would refuse
    results = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{rule['id']} at {node['target']}: {rule['help']} ({node['failureSummary']})"
            for rule in results["violations"] for node in rule["nodes"]]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_any_page(phone, scheme):
    page = phone(scheme)
    tables = record_tables(page, SHORT_NAMES)
    found = {}
    for name in tour(page, tables):
        screenshot(page, f"a11y-{name}-{scheme}")
        violations = axe_violations(page)
        if violations:
            found[name] = violations
    assert not found, "\n".join(f"{name}:\n  " + "\n  ".join(lines) for name, lines in found.items())


# What sticks out past the right edge: the innermost elements and the texts, left out what a 1-px box hides.
STICKING_OUT = """(width) => {
  const hidden = (node) => node.closest('.visually-hidden');
  const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + [...e.classList].map((c) => '.' + c).join('');
  const found = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(node);
    if (range.getBoundingClientRect().right > width + 0.5 && !hidden(node.parentElement)) found.add(name(node.parentElement));
  }
  document.querySelectorAll('body *').forEach((e) => {
    if (e.getBoundingClientRect().right > width + 0.5 && !hidden(e)
        && ![...e.children].some((c) => c.getBoundingClientRect().right > width + 0.5)) found.add(name(e));
  });
  return [...found];
}"""


def test_long_names_fit_the_phone(phone):
    page = phone()
    tables = record_tables(page, LONG_NAMES)
    found = {}
    for name in tour(page, tables):
        for width in (390, 360):
            page.set_viewport_size({"width": width, "height": 844})
            if (scroll_width := page.evaluate("document.documentElement.scrollWidth")) > width:
                found[f"{name} at {width}: {scroll_width} px"] = page.evaluate(STICKING_OUT, width)
        screenshot(page, f"long-names-{name}")
        page.set_viewport_size(PHONE)
    assert not found, "\n".join(f"{name}: {lines}" for name, lines in found.items())


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_page_in_every_language_passes_axe_and_fits_360_px(phone, language):
    """The words of each language (German's are long) fit a 360-px phone; <html lang> is right on every page."""
    page = phone(locale=language)
    tables = record_tables(page, SHORT_NAMES)
    found = {}
    for name in tour(page, tables):
        assert page.get_attribute("html", "lang") == language, name
        page.set_viewport_size({"width": 360, "height": 844})
        if (scroll_width := page.evaluate("document.documentElement.scrollWidth")) > 360:
            found[f"{name}: {scroll_width} px"] = page.evaluate(STICKING_OUT, 360)
        if violations := axe_violations(page):
            found[f"{name}: axe"] = violations
        screenshot(page, f"{language}-{name}")
        page.set_viewport_size(PHONE)
    assert not found, "\n".join(f"{name}: {lines}" for name, lines in found.items())


def press_tab_until(page, selector: str, *, key: str = "Tab", limit: int = 120) -> int:
    """Press Tab (or Shift+Tab) until the focus is on `selector`; returns how many presses it took."""
    for presses in range(limit):
        if page.evaluate("(selector) => document.activeElement.matches(selector)", selector):
            return presses
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached {selector}")


def focused(page) -> str:
    return page.evaluate("document.activeElement.id || document.activeElement.textContent.trim()")


def test_a_spades_hand_is_recorded_with_the_keyboard_alone(phone):
    page = phone()
    page.goto("/")
    press_tab_until(page, "a[href='/new/dummy-spades']")
    page.keyboard.press("Enter")
    page.wait_for_url("**/new/dummy-spades")

    press_tab_until(page, "#player_0")
    for name in SHORT_NAMES:
        page.keyboard.type(name)
        page.keyboard.press("Tab")
    press_tab_until(page, "input[name=dummy_after]:checked")
    page.keyboard.press("ArrowLeft")  # from after Player 3 to after Player 2
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "first_dealer"
    page.keyboard.press("ArrowRight")  # from "Draw for me" round to Player 1: Ann deals first
    assert page.evaluate("[...document.querySelectorAll('input:checked')].map((input) => input.id)") == [
        "style-0", "dummy_after-1", "first_dealer-0", "target-0", "keep-engine"]  # the footer's scorer setting last
    press_tab_until(page, "button[type=submit]")
    page.keyboard.press("Enter")
    page.wait_for_selector("#hand-form")

    # Ben, Cid, then Ann bid: Ben types 5, Cid types 4 and steps it up to 6, Ann types 7 (E1 of docs/rules.md A10).
    press_tab_until(page, "#bids-1-bid")
    page.keyboard.type("5")
    press_tab_until(page, "#bids-2-bid")
    page.keyboard.type("4")
    press_tab_until(page, "button[aria-label='One more for Cid']")
    page.keyboard.press("Space")
    page.keyboard.press("Enter")
    page.keyboard.press("Shift+Tab")
    assert focused(page) == "bids-2-bid"
    assert page.input_value("#bids-2-bid") == "6"
    press_tab_until(page, "#bids-0-bid")
    page.keyboard.type("7")
    press_tab_until(page, "#bids-0-nil-3")
    page.keyboard.press("Space")
    assert page.is_checked("#bids-0-nil-3"), "Space ticks a chip"
    page.keyboard.press("Space")
    assert not page.is_checked("#bids-0-nil-3"), "and Space again unticks it"
    press_tab_until(page, "#tricks-0")
    for tricks in ("5", "2", "", "3"):  # Cid's is left blank and filled in to make 13
        page.keyboard.type(tricks)
        page.keyboard.press("Tab")
    assert page.input_value("#tricks-2") == "3"
    page.keyboard.press("Enter")  # on the last field: submits the form
    page.wait_for_selector("#hand-1")

    assert page.locator(".scoreboard td.score").all_inner_texts() == ["71", "50", "−60"]
    press_tab_until(page, "#hand-1 summary")
    page.keyboard.press("Enter")
    assert page.locator("#hand-1 .explain").is_visible()
    screenshot(page, "keyboard-hand-1")


# The focused element, marked as reached, with what shows its focus: itself, or the chip a hidden input stands for.
FOCUS_RING = """() => {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const first = element.dataset.reached === undefined;
  element.dataset.reached = "";
  const shown = getComputedStyle(element).opacity === "0" ? element.nextElementSibling : element;
  const style = getComputedStyle(shown);
  const box = shown.getBoundingClientRect();
  const name = (element.id ? "#" + element.id : element.tagName.toLowerCase()) + " "
    + (element.textContent || element.value || "").trim().slice(0, 30);
  return {first, name, focusVisible: element.matches(":focus-visible"), outline: style.outlineStyle,
          width: parseFloat(style.outlineWidth), inView: box.bottom > 0 && box.top < innerHeight && box.width > 0};
}"""
# What a keyboard never reached: visible controls, save the other radios of a group it reached.
NOT_REACHED = """() => [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')]
  .filter((element) => element.checkVisibility() && !element.closest('.visually-hidden'))
  .filter((element) => element.dataset.reached === undefined)
  .filter((element) => !(element.type === 'radio' && [...document.getElementsByName(element.name)].some(
    (other) => other.dataset.reached !== undefined)))
  .map((element) => element.id || element.outerHTML.slice(0, 80))"""
FOCUS_WALKS = ("home", "new-dummy-spades", "spades-midgame", "spades-hand-refused", "piquet-midgame", "piquet-settled",
               "spades-summary", "piquet-checker-result", "player", "rules-piquet")


def walk_with_tab(page) -> list[dict]:
    """Every stop of the Tab key from the top of the page to the end."""
    page.evaluate("""() => {  // start the Tab order at the top of the page, nothing reached yet
      document.querySelectorAll("[data-reached]").forEach((element) => delete element.dataset.reached);
      const start = Object.assign(document.createElement("span"), {tabIndex: -1});
      document.body.prepend(start);
      start.focus();
      start.remove();
    }""")
    stops = []
    for _ in range(300):
        page.keyboard.press("Tab")
        stop = page.evaluate(FOCUS_RING)
        if stop is None or not stop["first"]:
            return stops
        stops.append(stop)
    raise AssertionError("the Tab key never got to the end of the page")


def focus_problems(page) -> dict[str, list[str]]:
    """Walk the page with the Tab key: the stops whose focus does not show, and the controls never reached."""
    stops = walk_with_tab(page)
    assert stops, "the Tab key stopped nowhere"
    unseen = [stop["name"] for stop in stops
              if not (stop["focusVisible"] and stop["outline"] == "solid" and stop["width"] >= 2 and stop["inView"])]
    unreached = page.evaluate(NOT_REACHED)
    return {"focus not shown": unseen, "not reached": unreached} if unseen or unreached else {}


def test_the_keyboard_reaches_every_control_and_shows_where_it_is(phone):
    page = phone()
    tables = record_tables(page, SHORT_NAMES)
    problems, walked = {}, []
    for name in tour(page, tables):
        if name not in FOCUS_WALKS:
            continue
        walked.append(name)
        if found := focus_problems(page):
            problems[name] = found
        if name == "piquet-midgame":
            for selector, part in (("input[name=cards_elder][value='KH']", ".with-cards"), ("#tricks-5-1", ".trick-strip")):
                page.focus(selector)  # the Tab key was last used, so the focus shows
                page.locator(part).screenshot(path=str(ARTIFACTS / f"focus-{part[1:]}.png"))
    assert sorted(walked) == sorted(FOCUS_WALKS), "the tour reached every page to walk"
    assert not problems, "\n".join(f"{name}: {found}" for name, found in problems.items())


# The controls a finger taps, each with its box: a chip or a card is its label; links inside running text are left out.
TAP_TARGETS = """() => [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, summary')]
  .filter((element) => element.checkVisibility() && !element.closest('.visually-hidden'))
  .map((element) => element.closest('label.chip, label.card') || element)
  .filter((element) => !(element.tagName === 'A' && [...element.parentElement.childNodes].some(
    (node) => node !== element && node.textContent.trim())))
  .map((element) => {
    const box = element.getBoundingClientRect();
    return {name: (element.id ? '#' + element.id : element.tagName.toLowerCase()) + ' '
              + element.textContent.trim().slice(0, 30),
            x: box.x + scrollX, y: box.y + scrollY, width: box.width, height: box.height};
  })"""


def too_small(targets: list[dict]) -> list[str]:
    """Targets under 44x44 px, save those of at least 24x24 (WCAG 2.5.8) whose 44x44 square, centred on them,
    holds no other target: a thumb that lands a little off still taps only them."""

    def square(target: dict) -> tuple[float, float, float, float]:
        x, y = target["x"] + target["width"] / 2, target["y"] + target["height"] / 2
        return x - 22, y - 22, x + 22, y + 22

    def overlaps(area: tuple[float, float, float, float], other: dict) -> bool:
        return (area[0] < other["x"] + other["width"] and other["x"] < area[2]
                and area[1] < other["y"] + other["height"] and other["y"] < area[3])

    found = []
    for target in targets:
        if target["width"] >= 44 and target["height"] >= 44:
            continue
        crowded = [other["name"] for other in targets if other is not target and overlaps(square(target), other)]
        if target["width"] < 24 or target["height"] < 24 or crowded:
            found.append(f"{target['name']} ({target['width']:.0f}x{target['height']:.0f}, near {crowded})")
    return found


def test_every_control_is_big_enough_to_tap(phone):
    page = phone()
    page.set_viewport_size({"width": 360, "height": 800})
    tables = record_tables(page, SHORT_NAMES)
    found = {}
    for name in tour(page, tables):
        if (small := too_small(page.evaluate(TAP_TARGETS))):
            found[name] = small
    assert not found, "\n".join(f"{name}: {small}" for name, small in found.items())
