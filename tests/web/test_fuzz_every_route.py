"""Every route of the URL map, found there (a new one is covered without being named here), sent junk:
huge numbers in its path and body, bodies that are not UTF-8, bad query strings and headers. Never a 500.

The app has one game, one club night and one ladder, so a drawn path names them often enough to reach past the
404.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ..conftest import dispose, make_app

ROUTES = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("routes"))
    client = app.test_client()
    game = client.post("/api/v1/games", json={"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"],
                                              "first_dealer": "Ann"}).get_json()
    event = client.post("/api/v1/events", json={"name": "Thu", "game": "piquet", "players": ["Ann", "Ben"],
                                                "rounds": 1}).get_json()
    ladder = client.post("/api/v1/ladders", json={"name": "Club", "game": "piquet"}).get_json()
    rules = sorted((rule for rule in app.url_map.iter_rules() if rule.endpoint != "static"), key=str)
    yield app, rules, {"game": game["id"], "event": event["id"], "ladder": ladder["id"], "token": game["edit_token"]}
    dispose(app)


huge = st.integers(min_value=20, max_value=4290).map(lambda digits: "9" * digits)
numbers = st.sampled_from(["1", "0", "-1", "10000000000000000000000000"]) | huge
texts = st.binary(max_size=30).map(lambda raw: raw.decode("latin-1"))  # any byte, as the server sees it


def value_for(argument: str, converter: str, known: dict, draw) -> str:
    if converter in ("IntegerConverter", "FloatConverter"):
        return draw(numbers)
    if "event" in argument:
        return draw(st.sampled_from([known["event"], "nope"]))
    if "ladder" in argument:
        return draw(st.sampled_from([known["ladder"], "nope"]))
    if "token" in argument:
        return draw(st.sampled_from([known["token"], "\u00ff\u00fe"]))
    return draw(st.sampled_from([known["game"], known["game"], "%FF", "x" * 300]))


@st.composite
def requests(draw, rules, known):
    rule = draw(st.sampled_from(rules))
    values = {name: value_for(name, type(converter).__name__, known, draw)
              for name, converter in rule._converters.items()}
    path = rule.rule
    for name in rule._converters:
        path = path.replace(f"<{converter_text(rule, name)}>", values[name])
    method = draw(st.sampled_from(sorted(rule.methods - {"OPTIONS"})))
    number = draw(numbers)
    body = draw(st.sampled_from([
        b"",
        b"\xff\xfe{\"a\": 1}",
        f'{{"number": {number}, "bids": {{"Ann": {number}}}, "players": ["\\ud800"]}}'.encode(),
        f"number={number}&player={number}&bid={number}".encode() + b"&name=\xff",
        json.dumps({"game": "piquet", "players": ["A", "B"], "target": int(number[:30])}).encode(),
    ]))
    content_type = draw(st.sampled_from(["application/json", "application/x-www-form-urlencoded",
                                         "application/json; charset=latin-1", None]))
    query = draw(st.sampled_from(["", "?lang=%FF", "?player=%C3%28", f"?after={number}", "?token=\u00ff"]))
    headers = draw(st.sampled_from([{}, {"Accept-Language": "\u00ff\u00fe"}, {"HX-Request": "true"},
                                    {"If-None-Match": '"\u00ff"'}, {"Authorization": f"Bearer {known['token']}"},
                                    {"Authorization": "Bearer \u00ff" + number}]))
    return method, path + query, body, content_type, headers


def converter_text(rule, name: str) -> str:
    """How the rule writes the argument: `<int:number>`, `<game_id>`."""
    text = rule.rule
    start = text.index(f"{name}>")
    return text[text.rindex("<", 0, start) + 1:start] + name


def test_every_route_never_answers_500(served):
    app, rules, known = served

    @ROUTES
    @given(request=requests(rules, known))
    def check(request):
        method, path, body, content_type, headers = request
        response = app.test_client().open(path, method=method, data=body, content_type=content_type,
                                          headers=headers)
        assert response.status_code < 500, (method, path, body, response.status_code)

    check()
