"""Junk thrown at four-player Spades (the API and the pages): never a 500, a refusal stores nothing.

The strategies and checks are those of `test_fuzz`; here they are aimed at `"game": "spades"`.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ..conftest import dispose, make_app
from .test_fuzz import (
    FUZZ,
    ApiTable,
    PageTable,
    bodies,
    form_values,
    forms,
    header_text,
    junk,
    keep_hands,
    maybe,
    mostly,
    names,
    plausible,
    small_numbers,
    token_headers,
    tokens,
    usually,
    versions,
    with_version,
)

PLAYERS = ["Ann", "Ben", "Cid", "Dan"]
# Hand 1 of each game (Ann deals): accepted whatever the variant.
HAND = {
    "bids": [{"player": "Ben", "bid": 4}, {"player": "Cid", "bid": "nil"},
             {"player": "Dan", "bid": "nil"}, {"player": "Ann", "bid": 9}],
    "tricks": {"Ann": 9, "Ben": 4, "Cid": 0, "Dan": 0},
}
four_names = st.sampled_from([*PLAYERS, "dan", " CID ", "dummy", "Zed", ""]) | names
bid_values = st.integers(min_value=-1, max_value=14) | st.sampled_from(["nil", "Nil", "blind-nil", "blind", "NIL "])
bids = st.lists(st.fixed_dictionaries({"player": maybe(four_names), "bid": maybe(bid_values)}), max_size=5)
tricks = st.dictionaries(four_names, maybe(st.integers(min_value=-1, max_value=14)), max_size=6)
# Four plausible bids in any order, with tricks adding up to 13: these reach the variant's own checks.
plausible_hands = st.builds(
    lambda order, values, cuts: {
        "bids": [{"player": player, "bid": value} for player, value in zip(order, values)],
        "tricks": dict(zip(PLAYERS, (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]))),
    },
    st.permutations(PLAYERS),
    st.lists(st.integers(min_value=0, max_value=13) | st.sampled_from(["nil", "blind-nil"]), min_size=4, max_size=4),
    st.lists(st.integers(min_value=0, max_value=13), min_size=3, max_size=3).map(sorted),
)
hands = (
    st.fixed_dictionaries({}, optional={"bids": maybe(bids), "tricks": maybe(tricks), "extra": junk})
    | plausible_hands
    | st.just(HAND)
    | junk
)
settings = st.fixed_dictionaries(
    {},
    optional={
        "variant": maybe(st.sampled_from(["partnership", "suicide", "mirror", "Mirror"])),
        "target": maybe(st.integers(min_value=-1, max_value=10001)),
        "nil_value": maybe(st.sampled_from([0, 50, 100, 1001])),
        "blind_nil": maybe(st.booleans()),
        "blind_margin": maybe(st.integers(min_value=-1, max_value=10001)),
        "failed_nil_helps": maybe(st.booleans()),
        "zero_is_nil": maybe(st.booleans()),
        "mercy": maybe(st.booleans()),
        "mercy_floor": maybe(st.integers(min_value=-10001, max_value=1)),
        "bag_limit": maybe(st.integers(min_value=-1, max_value=101)),
    },
)
new_games = (
    st.fixed_dictionaries(
        {"game": st.just("spades")},
        optional={
            "players": maybe(st.lists(maybe(four_names), max_size=5)),
            "first_dealer": maybe(four_names),
            "settings": maybe(settings),
        },
    )
    | junk
)
VARIANTS = {
    "partnership": {"blind_nil": True, "blind_margin": 0, "zero_is_nil": True},
    "suicide": {"variant": "suicide"},
    "mirror": {"variant": "mirror", "failed_nil_helps": False},
}
variants = st.sampled_from(sorted(VARIANTS))


class SpadesTable:
    """A game of each variant with two recorded hands, restored before each example."""

    def __init__(self, app):
        self.app = app
        self.client = app.test_client()
        self.paths, self.headers = {}, {}
        for variant, game_settings in VARIANTS.items():
            payload = {"game": "spades", "players": PLAYERS, "first_dealer": "Ann", "settings": game_settings}
            created = self.client.post("/api/v1/games", json=payload).get_json()
            self.paths[variant] = f"/api/v1/games/{created['id']}"
            self.headers[variant] = {"Authorization": f"Bearer {created['edit_token']}"}

    def reset(self, variant):
        """Two stored hands; every hand of the log is the opening hand, which any seat may hold."""
        keep_hands(self.client, self.paths[variant], self.headers[variant], HAND)

    def token(self, variant, choice, junk_text):
        return token_headers(self.headers[variant], choice, junk_text)

    send = ApiTable.send


@pytest.fixture
def spades_table(tmp_path):
    app = make_app(tmp_path)
    yield SpadesTable(app)
    dispose(app)


@FUZZ
@given(body=bodies(new_games))
def test_creating_a_spades_game_never_fails(spades_table, body):
    data, content_type = body
    spades_table.send("POST", "/api/v1/games", body=data, content_type=content_type, expected={201, 400, 422})


@FUZZ
@given(variant=variants, body=bodies(hands), token=tokens, junk_header=header_text)
def test_posting_a_spades_hand_never_fails(spades_table, variant, body, token, junk_header):
    spades_table.reset(variant)
    data, content_type = body
    spades_table.send(
        "POST", f"{spades_table.paths[variant]}/hands", body=data, content_type=content_type,
        headers=spades_table.token(variant, token, junk_header), expected={201, 400, 403, 422},
    )


@FUZZ
@given(variant=variants, body=bodies(hands), number=st.integers(min_value=0, max_value=4), token=tokens,
       junk_header=header_text, version=versions)
def test_replacing_a_spades_hand_never_fails(spades_table, variant, body, number, token, junk_header, version):
    spades_table.reset(variant)
    data, content_type = body
    spades_table.send(
        "PUT", f"{spades_table.paths[variant]}/hands/{number}", body=data, content_type=content_type,
        headers=with_version(spades_table.token(variant, token, junk_header), version),
        expected={200, 400, 403, 404, 422, 428},
    )


# --- the HTML forms (CSRF off) --------------------------------------------------

NEW_GAME_FIELDS = [
    *(f"player_{i}" for i in range(4)), "first_dealer", "variant", "target", "target_other", "nil_value",
    "blind_nil", "blind_margin", "failed_nil_helps", "zero_is_nil", "bag_limit", "bag_penalty", "mercy",
    "mercy_floor",
]
HAND_FIELDS = [
    *(f"bids-{i}-{part}" for i in range(4) for part in ("bid", "nil", "blind")),
    *(f"tricks-{i}" for i in range(4)), "bids-4-bid", "tricks-4",
]
ticks = st.sampled_from(["y", ""]) | form_values
NEW_GAME_FORMS = forms(
    NEW_GAME_FIELDS,
    plausible(
        {
            **{f"player_{i}": usually(st.just(name), four_names) for i, name in enumerate(PLAYERS)},
            "first_dealer": st.sampled_from(["0", "1", "2", "3", "draw"]),
            "variant": st.sampled_from(["partnership", "suicide", "mirror", "solo"]),
            "target": st.sampled_from(["500", "300", "other"]),
            "target_other": st.sampled_from(["", "1", "250", "10001"]),
            "nil_value": st.sampled_from(["100", "50", "75"]),
            "blind_nil": ticks, "failed_nil_helps": ticks, "zero_is_nil": ticks, "mercy": ticks,
            "blind_margin": st.sampled_from(["0", "100", "-1", ""]),
            "bag_limit": st.sampled_from(["0", "10", "101", ""]),
            "bag_penalty": st.sampled_from(["0", "100", "1001", ""]),
            "mercy_floor": st.sampled_from(["-200", "-1", "0", ""]),
        }
    ),
)
# Tricks adding up to 13, the last one left blank now and then (the form fills it in).
trick_fields = st.lists(st.integers(min_value=0, max_value=13), min_size=3, max_size=3).map(sorted).flatmap(
    lambda cuts: st.fixed_dictionaries({
        "tricks-0": st.just(str(cuts[0])), "tricks-1": st.just(str(cuts[1] - cuts[0])),
        "tricks-2": st.just(str(cuts[2] - cuts[1])), "tricks-3": st.sampled_from([str(13 - cuts[2]), ""]),
    })
)
HAND_FORMS = forms(
    HAND_FIELDS,
    st.builds(
        lambda bids, counts: {**bids, **counts},
        plausible(
            {
                **{f"bids-{i}-bid": small_numbers | st.just("") for i in range(4)},
                **{f"bids-{i}-nil": mostly("", ticks) for i in range(4)},
                **{f"bids-{i}-blind": mostly("", ticks, weight=8) for i in range(4)},
            }
        ),
        usually(trick_fields, plausible({f"tricks-{i}": small_numbers | st.just("") for i in range(4)})),
    ),
)


class SpadesPageTable(PageTable):
    """A Partnership game with Blind Nil, created through the page."""

    def __init__(self, app):
        self.app = app
        self.editor = app.test_client()
        self.stranger = app.test_client()
        response = self.editor.post("/new/spades", data={
            "player_0": "Ann", "player_1": "Ben", "player_2": "Cid", "player_3": "Dan", "first_dealer": "0",
            "variant": "partnership", "target": "500", "nil_value": "100", "blind_nil": "y", "blind_margin": "0",
            "failed_nil_helps": "y", "bag_limit": "10", "bag_penalty": "100", "mercy_floor": "-200",
        })
        assert response.status_code == 303, response.data
        self.id = re.fullmatch(r".*/g/([^/?#]+)", response.headers["Location"]).group(1)
        self.api_path = f"/api/v1/games/{self.id}"

    def reset(self):
        while (count := self.hand_count()) > 2:
            version = self.editor.get(self.api_path).get_json()["version"]
            assert self.editor.post(f"/g/{self.id}/undo", data={"hand": count, "version": version}).status_code == 303
        while self.hand_count() < 2:
            form = {"bids-0-bid": "9", "bids-1-bid": "4", "bids-2-nil": "y", "bids-3-nil": "y",
                    "tricks-0": "9", "tricks-1": "4", "tricks-2": "0", "tricks-3": "0"}
            assert self.editor.post(f"/g/{self.id}/hands", data=form).status_code == 303


@pytest.fixture
def spades_pages(tmp_path):
    app = make_app(tmp_path, WTF_CSRF_ENABLED=False)
    yield SpadesPageTable(app)
    dispose(app)


@FUZZ
@given(form=NEW_GAME_FORMS, htmx=st.booleans())
def test_the_new_spades_game_form_never_fails(spades_pages, form, htmx):
    spades_pages.send("POST", "/new/spades", form=form, htmx=htmx, client=spades_pages.editor, expected={303, 422})


@FUZZ
@given(form=HAND_FORMS, htmx=st.booleans(), editor=mostly(True, st.just(False), weight=3))
def test_the_spades_hand_form_never_fails(spades_pages, form, htmx, editor):
    spades_pages.reset()
    client = spades_pages.editor if editor else spades_pages.stranger
    spades_pages.send("POST", f"/g/{spades_pages.id}/hands", form=form, htmx=htmx, client=client,
                      expected={200, 303, 403, 422})


@FUZZ
@given(form=HAND_FORMS, number=st.integers(min_value=0, max_value=4), method=st.sampled_from(["GET", "POST"]))
def test_the_spades_edit_form_never_fails(spades_pages, form, number, method):
    spades_pages.reset()
    spades_pages.send(method, f"/g/{spades_pages.id}/hands/{number}/edit", form=form if method == "POST" else None,
                      client=spades_pages.editor, expected={200, 303, 404, 422})
