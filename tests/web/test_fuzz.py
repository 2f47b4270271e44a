"""Junk thrown at every route: never a 500, only the statuses docs/api.md and the pages promise.

Each test builds one app and one game, then lets hypothesis send requests.
A refused request (4xx) must leave every stored row as it was; API refusals
must carry the `{"errors": [{"field", "message"}]}` shape.
"""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from scorekeeper.extensions import db

from ..conftest import dispose, make_app

ALLOWED = {200, 201, 204, 303, 400, 403, 404, 405, 409, 415, 422, 428}
FUZZ = settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

PLAYERS = ["Ann", "Ben", "Cid"]
HAND = {
    "bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5}, {"player": "Cid", "bid": 6}],
    "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3},
}

# --- strategies ------------------------------------------------------------


def usually(strategy, other, weight=4):
    """A draw from `strategy` `weight` times out of `weight + 1`, else a draw from `other`."""
    return st.integers(min_value=0, max_value=weight).flatmap(lambda i: other if i == weight else strategy)


def mostly(value, other, weight=4):
    return usually(st.just(value), other, weight)


huge_ints = st.integers(min_value=19, max_value=4000).map(lambda digits: 10**digits) | st.just(-(2**63) - 1)
scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-20, max_value=20)
    | st.integers()
    | huge_ints
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=40)
    | st.sampled_from(["", " ", "Ann", "ann ", "DUMMY", "dummy", "piquet", "dummy-spades", "7", "\u0000", "😀" * 31])
)
junk = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
names = st.sampled_from([*PLAYERS, "ann", " BEN ", "dummy", "Dummy", "Zed", ""]) | st.text(max_size=12)


def maybe(strategy):
    """A plausible value, or junk in its place."""
    return strategy | junk


bids = st.lists(
    st.fixed_dictionaries(
        {"player": maybe(names), "bid": maybe(st.integers(min_value=-1, max_value=14))},
        optional={"nil": maybe(st.lists(maybe(names), max_size=5))},
    ),
    max_size=5,
)
tricks = st.dictionaries(names, maybe(st.integers(min_value=-1, max_value=14)), max_size=6)
hands = (
    st.fixed_dictionaries({}, optional={"bids": maybe(bids), "tricks": maybe(tricks), "extra": junk})
    | st.just(HAND)
    | junk
)
game_settings = st.fixed_dictionaries(
    {},
    optional={
        "target": maybe(st.integers(min_value=-1, max_value=10001)),
        "bag_limit": maybe(st.integers(min_value=-1, max_value=101)),
        "bag_penalty": maybe(st.integers(min_value=-1, max_value=1001)),
        "variant": maybe(st.sampled_from(["no-peeky", "flip-4", "flip-5", "Three-Peeky"])),
        "extra": junk,
    },
)
new_games = (
    st.fixed_dictionaries(
        {},
        optional={
            "game": maybe(st.sampled_from(["dummy-spades", "piquet", "Dummy-Spades"])),
            "players": maybe(st.lists(maybe(names), max_size=4)),
            "first_dealer": maybe(names),
            "dummy_after": maybe(st.integers(min_value=-1, max_value=3)),
            "settings": maybe(game_settings),
        },
    )
    | junk
)


# Bodies JSON cannot be made to produce: empty, broken, too deep, an int past Python's digit limit, Latin-1.
RAW_BODIES = [b"", b"null", b"NaN", b"[" * 3000, b"1" + b"0" * 5000, b'{"bids": [}', "{\"é\": 1}".encode("latin-1")]


@st.composite
def bodies(draw, payloads):
    """A JSON body (as bytes), or random bytes, with a content type that may be wrong."""
    if draw(st.integers(min_value=0, max_value=9)) == 0:
        body = draw(st.binary(max_size=200) | st.sampled_from(RAW_BODIES))
    else:
        body = json.dumps(draw(payloads), ensure_ascii=draw(st.booleans())).encode()
    content_type = draw(st.sampled_from(["application/json", "text/plain", "application/x-www-form-urlencoded"]))
    return body, content_type


hand_numbers = usually(st.integers(min_value=1, max_value=3), st.integers(min_value=0), weight=2)

# --- the app and what it stores -------------------------------------------


def stored(app):
    """Every stored row, to prove that a refused request changed nothing."""
    with app.app_context():
        with db.engine.connect() as connection:
            return {
                table: connection.execute(text(f"SELECT * FROM {table} ORDER BY 1, 2")).all()
                for table in ("game", "seat", "hand")
            }


def assert_api_refusal(response):
    body = response.get_json(silent=True)
    assert isinstance(body, dict) and list(body) == ["errors"], response.data
    assert body["errors"], response.data
    for error in body["errors"]:
        assert set(error) == {"field", "message"}
        assert isinstance(error["field"], str) and error["field"]
        assert isinstance(error["message"], str) and error["message"]


def keep_hands(client, path, headers, hand, count=2, *, may_end=False):
    """Bring the game at `path` back to `count` stored hands, each of them `hand`: the extra ones undone, the others
    replaced, the missing ones added (unless the game ends first, where it `may_end`)."""
    game = client.get(path).get_json()
    stored_count = len(game["hands"]) + len(game["after_end"])
    headers = {**headers, "If-Match": "*"}
    while stored_count > count:
        assert client.delete(f"{path}/hands/{stored_count}", headers=headers).status_code == 204
        stored_count -= 1
    for number in range(1, stored_count + 1):
        assert client.put(f"{path}/hands/{number}", json=hand, headers=headers).status_code == 200
    while stored_count < count:
        response = client.post(f"{path}/hands", json=hand, headers=headers)
        if may_end and response.status_code == 422:  # the game is over
            break
        assert response.status_code == 201, response.data
        stored_count += 1


class ApiTable:
    """One game with two recorded hands, restored before each example."""

    def __init__(self, app):
        self.app = app
        self.client = app.test_client()
        created = self.client.post("/api/v1/games", json={"game": "dummy-spades", "players": PLAYERS}).get_json()
        self.id = created["id"]
        self.headers = {"Authorization": f"Bearer {created['edit_token']}"}
        self.path = f"/api/v1/games/{self.id}"

    def reset(self):
        keep_hands(self.client, self.path, self.headers, HAND)

    def send(self, method, path, *, expected, body=None, content_type=None, headers=None):
        """Send one request and check status, error shape, and that a refusal stored nothing."""
        before = stored(self.app)
        if body and (content_type or "").partition(";")[0] != "application/json":
            expected = {415} | (expected & {404})  # a body that is not JSON (or of no type); or no such address
        response = self.client.open(path, method=method, data=body, content_type=content_type, headers=headers or {})
        event(f"{method} {response.status_code}")
        assert response.status_code in ALLOWED
        assert response.status_code in expected, (response.status_code, response.data)
        if response.status_code >= 400:
            assert_api_refusal(response)
            assert stored(self.app) == before
        return response


@pytest.fixture
def api_table(tmp_path):
    app = make_app(tmp_path)
    yield ApiTable(app)
    dispose(app)


tokens = mostly("good", st.sampled_from(["none", "wrong", "junk"]), weight=3)


def token_headers(mine, choice, junk_text):
    """The Authorization header of `choice`: the game's own (`mine`), none, a wrong token or junk."""
    return {
        "good": mine,
        "none": {},
        "wrong": {"Authorization": "Bearer not-the-token"},
        "junk": {"Authorization": junk_text},
    }[choice]


def with_version(headers, version):
    """`headers` with If-Match naming `version`, or without it (None): a change of an existing hand needs it (428)."""
    return headers if version is None else {**headers, "If-Match": version}


versions = st.sampled_from(["*", None])
header_text = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=40)
# A path segment: a "/" in it would make "//", which the router merges with a 308 redirect.
segments = st.text(alphabet=st.characters(codec="utf-8", exclude_characters="/"), min_size=1, max_size=20)


game_ids = mostly("mine", segments)


def game_path(table, game_id):
    return table.path if game_id == "mine" else f"/api/v1/games/{quote(game_id, safe='')}"


# --- the API -----------------------------------------------------------------


@FUZZ
@given(body=bodies(new_games))
def test_create_game_never_fails(api_table, body):
    data, content_type = body
    api_table.send("POST", "/api/v1/games", body=data, content_type=content_type, expected={201, 400, 422})


@FUZZ
@given(game_id=game_ids, method=st.sampled_from(["GET", "HEAD", "PATCH", "POST", "DELETE", "PUT"]))
def test_reading_a_game_never_fails(api_table, game_id, method):
    expected = {200} if game_id == "mine" else {200, 404}
    if method not in ("GET", "HEAD"):
        expected = {405} if game_id == "mine" else {404, 405}
    response = api_table.client.open(game_path(api_table, game_id), method=method)
    assert response.status_code in expected
    if response.status_code >= 400 and method != "HEAD":
        assert_api_refusal(response)


@FUZZ
@given(body=bodies(hands), token=tokens, junk_header=header_text, game_id=game_ids)
def test_posting_a_hand_never_fails(api_table, body, token, junk_header, game_id):
    api_table.reset()
    data, content_type = body
    api_table.send(
        "POST",
        f"{game_path(api_table, game_id)}/hands",
        body=data,
        content_type=content_type,
        headers=token_headers(api_table.headers, token, junk_header),
        expected={201, 400, 403, 404, 422},
    )


@FUZZ
@given(body=bodies(hands), number=hand_numbers, token=tokens, junk_header=header_text, game_id=game_ids,
       version=versions)
def test_replacing_a_hand_never_fails(api_table, body, number, token, junk_header, game_id, version):
    api_table.reset()
    data, content_type = body
    api_table.send(
        "PUT",
        f"{game_path(api_table, game_id)}/hands/{number}",
        body=data,
        content_type=content_type,
        headers=with_version(token_headers(api_table.headers, token, junk_header), version),
        expected={200, 400, 403, 404, 422, 428},
    )


@FUZZ
@given(
    number=hand_numbers,
    token=tokens,
    junk_header=header_text,
    game_id=game_ids,
    body=st.none() | st.binary(max_size=50),
    version=versions,
)
def test_removing_a_hand_never_fails(api_table, number, token, junk_header, game_id, body, version):
    api_table.reset()
    api_table.send(
        "DELETE",
        f"{game_path(api_table, game_id)}/hands/{number}",
        body=body,
        headers=with_version(token_headers(api_table.headers, token, junk_header), version),
        expected={204, 403, 404, 409, 428},
    )


@FUZZ
@given(path=st.lists(segments, max_size=4).map("/".join), method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH"]), body=st.binary(max_size=50))
def test_any_other_api_address_is_a_json_error(api_table, path, method, body):
    response = api_table.client.open("/api/v1/" + quote(path), method=method, data=body)
    assert response.status_code in ALLOWED
    if response.status_code >= 400:
        assert_api_refusal(response)


# --- the HTML forms (CSRF off: the forms' own validation is under test) ---------

NEW_GAME_FIELDS = [
    "player_0", "player_1", "player_2", "dummy_after", "first_dealer", "target", "target_other",
    "bag_limit", "bag_penalty", "variant",
]  # fmt: skip
HAND_FIELDS = [
    *(f"bids-{i}-{part}" for i in range(3) for part in ("bid", "nil")),
    *(f"tricks-{i}" for i in range(4)),
    "bids-3-bid", "tricks-4", "bids--1-bid",
]  # fmt: skip
form_text = (
    st.sampled_from(["", "0", "1", "2", "3", "7", "13", "14", "-1", "draw", "other", "300", "Ann", "dummy", "flip-2"])
    | st.text(max_size=20)
    | st.integers().map(str)
)
form_values = form_text | st.lists(form_text, max_size=3)
small_numbers = st.integers(min_value=0, max_value=13).map(str)


def forms(fields, plausible=None):
    """Random fields with random values, or (if given) a plausible form with some values replaced by junk."""
    random = st.dictionaries(st.sampled_from(fields) | st.text(max_size=10), form_values, max_size=len(fields) + 2)
    return random if plausible is None else random | plausible


def plausible(choices):
    """A form with every field chosen from its usual values, now and then junk instead."""
    return st.fixed_dictionaries({field: usually(values, form_values) for field, values in choices.items()})


NEW_GAME_FORMS = forms(
    NEW_GAME_FIELDS,
    plausible(
        {
            **{f"player_{i}": usually(st.just(name), names) for i, name in enumerate(PLAYERS)},
            "dummy_after": st.sampled_from(["0", "1", "2"]),
            "first_dealer": st.sampled_from(["0", "1", "2", "draw"]),
            "target": st.sampled_from(["300", "500", "other"]),
            "target_other": st.sampled_from(["", "1", "250", "10000", "10001", "0"]),
            "bag_limit": st.sampled_from(["0", "5", "10", "100", "101", ""]),
            "bag_penalty": st.sampled_from(["0", "50", "100", "1000", "1001", ""]),
            "variant": st.sampled_from(["no-peeky", "three-peeky", "flip-4", "flip-5"]),
        }
    ),
)
HAND_FORMS = forms(
    HAND_FIELDS,
    plausible(
        {
            **{f"bids-{i}-bid": small_numbers for i in range(3)},
            **{f"bids-{i}-nil": st.lists(st.sampled_from([*PLAYERS, "dummy"]), max_size=2) for i in range(3)},
            **{f"tricks-{i}": small_numbers | st.just("") for i in range(4)},
        }
    )
    | st.just({"bids-0-bid": "7", "bids-1-bid": "5", "bids-2-bid": "6", "tricks-0": "5", "tricks-1": "2", "tricks-2": "3"}),
)


class PageTable:
    """A game created through the page; the creator's client holds edit access in its session."""

    def __init__(self, app):
        self.app = app
        self.editor = app.test_client()
        self.stranger = app.test_client()
        response = self.editor.post(
            "/new/dummy-spades",
            data={"player_0": "Ann", "player_1": "Ben", "player_2": "Cid", "first_dealer": "0",
                  "dummy_after": "2", "target": "300", "bag_limit": "10", "bag_penalty": "100",
                  "variant": "no-peeky"},
        )  # fmt: skip
        assert response.status_code == 303
        self.id = re.fullmatch(r".*/g/([^/?#]+)", response.headers["Location"]).group(1)
        self.api_path = f"/api/v1/games/{self.id}"

    def hand_count(self):
        game = self.editor.get(self.api_path).get_json()
        return len(game["hands"]) + len(game["after_end"])

    def reset(self):
        while (count := self.hand_count()) > 2:
            version = self.editor.get(self.api_path).get_json()["version"]
            assert self.editor.post(f"/g/{self.id}/undo", data={"hand": count, "version": version}).status_code == 303
        while self.hand_count() < 2:
            form = {"bids-0-bid": "7", "bids-1-bid": "5", "bids-2-bid": "6",
                    "tricks-0": "5", "tricks-1": "2", "tricks-2": "3", "tricks-3": "3"}  # fmt: skip
            assert self.editor.post(f"/g/{self.id}/hands", data=form).status_code == 303

    def send(self, method, path, *, expected, client, form=None, htmx=False):
        before = stored(self.app)
        headers = {"HX-Request": "true"} if htmx else {}
        response = client.open(path, method=method, data=form, headers=headers)
        event(f"{method} {response.status_code}")
        assert response.status_code in ALLOWED
        assert response.status_code in expected, (response.status_code, response.data[:500])
        if response.status_code >= 400:
            assert stored(self.app) == before
        return response


@pytest.fixture
def page_table(tmp_path):
    app = make_app(tmp_path, WTF_CSRF_ENABLED=False)
    yield PageTable(app)
    dispose(app)


page_ids = mostly("mine", st.text(alphabet="abcdefghijklmnopqrstuvwxyz-_0123456789", min_size=1, max_size=12))


def page_game(table, game_id):
    return f"/g/{table.id if game_id == 'mine' else game_id}"


@FUZZ
@given(form=NEW_GAME_FORMS, htmx=st.booleans())
def test_the_new_game_form_never_fails(page_table, form, htmx):
    page_table.send("POST", "/new/dummy-spades", form=form, htmx=htmx, client=page_table.editor, expected={303, 422})


@FUZZ
@given(form=HAND_FORMS, htmx=st.booleans(), editor=mostly(True, st.just(False), weight=3), game_id=page_ids)
def test_the_hand_form_never_fails(page_table, form, htmx, editor, game_id):
    page_table.reset()
    client = page_table.editor if editor else page_table.stranger
    page_table.send(
        "POST",
        f"{page_game(page_table, game_id)}/hands",
        form=form,
        htmx=htmx,
        client=client,
        expected={200, 303, 403, 404, 422},
    )


@FUZZ
@given(
    form=HAND_FORMS,
    number=hand_numbers,
    method=st.sampled_from(["GET", "POST"]),
    editor=mostly(True, st.just(False), weight=3),
    game_id=page_ids,
)
def test_the_edit_form_never_fails(page_table, form, number, method, editor, game_id):
    page_table.reset()
    client = page_table.editor if editor else page_table.stranger
    page_table.send(
        method,
        f"{page_game(page_table, game_id)}/hands/{number}/edit",
        form=form if method == "POST" else None,
        client=client,
        expected={200, 303, 403, 404, 422},
    )


@FUZZ
@given(form=forms(["hand", "version", "number", "confirm"]) | st.fixed_dictionaries({"hand": st.sampled_from(["1", "2", "3", "x"])}), htmx=st.booleans(), editor=mostly(True, st.just(False), weight=3), game_id=page_ids)
def test_undo_never_fails(page_table, form, htmx, editor, game_id):
    page_table.reset()
    client = page_table.editor if editor else page_table.stranger
    page_table.send(
        "POST",
        f"{page_game(page_table, game_id)}/undo",
        form=form,
        htmx=htmx,
        client=client,
        expected={200, 303, 403, 404, 422},
    )



@FUZZ
@given(
    action=st.sampled_from([("POST", "redo"), ("GET", "undo"), ("GET", "delete")]),
    form=forms(["hand", "number", "confirm"]), htmx=st.booleans(), editor=mostly(True, st.just(False), weight=3),
    game_id=page_ids, undone_first=st.booleans(),
)
def test_redo_and_the_confirmation_pages_never_fail(page_table, action, form, htmx, editor, game_id, undone_first):
    page_table.reset()
    if undone_first:
        version = page_table.editor.get(page_table.api_path).get_json()["version"]
        assert page_table.editor.post(f"/g/{page_table.id}/undo", data={"hand": "2", "version": version}).status_code == 303
    method, command = action
    page_table.send(
        method,
        f"{page_game(page_table, game_id)}/{command}",
        form=form if method == "POST" else None,
        htmx=htmx,
        client=page_table.editor if editor else page_table.stranger,
        expected={200, 303, 403, 404},
    )

# --- Piquet: games, deals, the checker, the next partie ------------------------

PIQUET_PLAYERS = ["Ann", "Ben"]
PACK_TEXT = [rank + suit for suit in "SHDC" for rank in "AKQJT987"]
PIQUET_DEAL = {"point": {"elder": {"cards": 5, "value": 48}}, "tricks": ["elder"] * 12}
roles = st.sampled_from(["elder", "younger"])
card_texts = st.sampled_from(PACK_TEXT) | st.sampled_from(["10♥", "a♠", " kd ", "1S", "ZZ", "AS ", "6H", "", "TT"])
# Two real hands (disjoint, 12 cards each) most of the time, else anything card-like.
dealt = st.permutations(PACK_TEXT).map(lambda pack: {"elder": pack[:12], "younger": pack[12:24]})
hand_cards = st.lists(card_texts, min_size=10, max_size=13)
ranks = st.sampled_from(["A", "K", "Q", "J", "T", "10", "9", "8", "7", "X", "k"])


def by_role(strategy):
    return st.fixed_dictionaries({}, optional={"elder": maybe(strategy), "younger": maybe(strategy)})


points = st.fixed_dictionaries(
    {}, optional={"cards": maybe(st.integers(min_value=2, max_value=9)), "value": maybe(st.integers(min_value=20, max_value=80))}
)
sequences = st.fixed_dictionaries(
    {}, optional={"length": maybe(st.integers(min_value=2, max_value=9)), "top": maybe(ranks)}
)
card_sets = st.fixed_dictionaries({}, optional={"size": maybe(st.integers(min_value=2, max_value=5)), "rank": maybe(ranks)})
trick_totals = by_role(
    st.fixed_dictionaries(
        {},
        optional={
            "won": maybe(st.integers(min_value=-1, max_value=13)),
            "points": maybe(st.integers(min_value=-1, max_value=25)),
        },
    )
)
winners = usually(st.lists(roles, min_size=12, max_size=12), st.lists(maybe(roles), max_size=13), weight=2)
deals = (
    st.fixed_dictionaries(
        {},
        optional={
            "carte_blanche": maybe(st.none() | roles | st.lists(roles, max_size=2)),
            "point": maybe(by_role(points)),
            "sequences": maybe(by_role(st.lists(sequences, max_size=4))),
            "sets": maybe(by_role(st.lists(card_sets, max_size=4))),
            "cards": maybe(usually(dealt, by_role(hand_cards))),
            "tricks": maybe(winners),
            "trick_totals": maybe(trick_totals),
            "pique": maybe(st.booleans()),
        },
    )
    | st.just(PIQUET_DEAL)
    | junk
)
piquet_settings = st.fixed_dictionaries(
    {},
    optional={
        "variant": maybe(st.sampled_from(["rubicon", "saunt", "Saunt", "piquet"])),
        "target": maybe(st.integers(min_value=-1, max_value=1001)),
    },
)
new_piquet_games = (
    st.fixed_dictionaries(
        {"game": st.just("piquet")},
        optional={
            "players": maybe(st.lists(maybe(names), max_size=3)),
            "first_dealer": maybe(names),
            "settings": maybe(piquet_settings),
        },
    )
    | junk
)
checks = (
    st.fixed_dictionaries(
        {},
        optional={
            "elder": maybe(hand_cards),
            "younger": maybe(hand_cards),
            "carte_blanche": maybe(st.none() | roles | st.lists(roles, max_size=2)),
        },
    )
    | dealt
    | st.builds(lambda hands, blank: {**hands, "carte_blanche": blank}, dealt, st.none() | roles)
    | junk
)
piquet_games = mostly("rubicon", st.sampled_from(["saunt", "spades"]) | segments, weight=3)


class PiquetTable:
    """A Rubicon partie and a Saunt game to 100 (sharing no token), and a Spades game; reset before each example."""

    def __init__(self, app):
        self.app = app
        self.client = app.test_client()
        self.paths, self.headers = {}, {}
        for name, payload in {
            "rubicon": {"game": "piquet", "players": PIQUET_PLAYERS, "first_dealer": "Ben"},
            "saunt": {"game": "piquet", "players": PIQUET_PLAYERS, "settings": {"variant": "saunt"}},
            "spades": {"game": "dummy-spades", "players": PLAYERS},
        }.items():
            created = self.client.post("/api/v1/games", json=payload).get_json()
            self.paths[name] = f"/api/v1/games/{created['id']}"
            self.headers[name] = {"Authorization": f"Bearer {created['edit_token']}"}

    def path(self, game):
        return self.paths.get(game) or f"/api/v1/games/{quote(game, safe='')}"

    def reset(self, count=2):
        """Each Piquet game holds `count` stored deals, all the same one.

        The Rubicon partie is level after 6 (not over) and drawn after 8; the Saunt game ends on its second.
        """
        for name in ("rubicon", "saunt"):  # the Saunt game ends on its second
            keep_hands(self.client, self.paths[name], self.headers[name], PIQUET_DEAL, count, may_end=True)

    def token(self, game, choice, junk_text):
        return token_headers(self.headers.get(game, self.headers["rubicon"]), choice, junk_text)

    send = ApiTable.send


@pytest.fixture
def piquet_table(tmp_path):
    app = make_app(tmp_path)
    yield PiquetTable(app)
    dispose(app)


@FUZZ
@given(body=bodies(new_piquet_games))
def test_creating_a_piquet_game_never_fails(piquet_table, body):
    data, content_type = body
    piquet_table.send("POST", "/api/v1/games", body=data, content_type=content_type, expected={201, 400, 422})


@FUZZ
@given(body=bodies(deals), token=tokens, junk_header=header_text, game=piquet_games)
def test_posting_a_deal_never_fails(piquet_table, body, token, junk_header, game):
    piquet_table.reset()
    data, content_type = body
    piquet_table.send(
        "POST",
        f"{piquet_table.path(game)}/hands",
        body=data,
        content_type=content_type,
        headers=piquet_table.token(game, token, junk_header),
        expected={201, 400, 403, 404, 422},
    )


@FUZZ
@given(body=bodies(deals), number=hand_numbers, token=tokens, junk_header=header_text, game=piquet_games,
       version=versions)
def test_replacing_a_deal_never_fails(piquet_table, body, number, token, junk_header, game, version):
    piquet_table.reset()
    data, content_type = body
    piquet_table.send(
        "PUT",
        f"{piquet_table.path(game)}/hands/{number}",
        body=data,
        content_type=content_type,
        headers=with_version(piquet_table.token(game, token, junk_header), version),
        expected={200, 400, 403, 404, 422, 428},
    )


@FUZZ
@given(body=bodies(checks))
def test_the_declaration_checker_never_fails(piquet_table, body):
    data, content_type = body
    response = piquet_table.send(
        "POST", "/api/v1/piquet/check", body=data, content_type=content_type, expected={200, 400, 422}
    )
    if response.status_code == 200:
        assert set(response.get_json()) == {"classes", "elder", "younger", "explanation"}


@FUZZ
@given(
    count=st.sampled_from([0, 5, 6, 8]),
    token=tokens,
    junk_header=header_text,
    game=piquet_games,
    body=st.none() | st.binary(max_size=50),
)
def test_starting_the_next_partie_never_fails(piquet_table, count, token, junk_header, game, body):
    piquet_table.reset(count)
    response = piquet_table.send(
        "POST",
        f"{piquet_table.path(game)}/next",
        body=body,
        headers=piquet_table.token(game, token, junk_header),
        expected={200, 201, 403, 404, 422},
    )
    if response.status_code in (200, 201):
        assert response.get_json()["session"] == piquet_table.paths["rubicon"].rsplit("/", 1)[1]
