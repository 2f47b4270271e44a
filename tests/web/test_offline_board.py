"""The phone's board (rules/board.py, what the offline phone runs under Pyodide) agrees with the server's API.

Random games of each kind are recorded through the API; the phone's input
is then built from the API's game object exactly as the phone builds it
(the game, its players and settings, each hand's `entry`), and every figure
and sentence the board gives must be what the API says, in the language the
API was asked in (translated on the phone by the compiled catalog).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import dummy_spades, piquet, spades
from scorekeeper.rules.board import board, board_json, number_writer, sayer
from scorekeeper.rules.phrases import Signed
from scorekeeper.web.i18n import number, signed

from ..rules import test_dummy_spades_properties as dummy
from ..rules import test_piquet_properties as deals
from ..rules import test_spades_properties as four
from ..rules.test_typed import declared, piquet_fields
from .api_client import create
from .forms_client import post_form

TRANSLATIONS = Path(__file__).resolve().parents[2] / "translations"
LANGUAGES = ("en", "fr", "de", "es")
AGREE = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def catalog(language):
    """The compiled catalog of a language, as the phone is given it (English: the message ids themselves)."""
    path = TRANSLATIONS / language / "LC_MESSAGES" / "messages.mo"
    return path.read_bytes() if language != "en" else None


def phone_game(api):
    """What the phone holds of a game, from the API's game object."""
    held = {key: api[key] for key in ("game", "players", "first_dealer", "settings")}
    if "dummy_after" in api:
        held["dummy_after"] = api["dummy_after"]
    held["entries"] = [hand["entry"] for hand in api["hands"]] + [hand["entry"] for hand in api["hands_after_end"]]
    return held


def server_lines(api, hand):
    """Each score holder's delta, score and explanation in the API's hand result."""
    if api["game"] == "spades":
        return {name: {"delta": team["delta"], "score": team["score"], "explanation": team["explanation"]}
                for name, team in hand["teams"].items()}
    if api["game"] == "piquet":
        return {name: {"delta": line["total"], "score": line["score"], "explanation": []}
                for name, line in hand["players"].items()}
    return {name: {"delta": line["delta"], "score": line["score"], "explanation": line["explanation"]}
            for name, line in hand["players"].items()}


def server_nils(api, hand):
    if api["game"] == "piquet":
        return []
    return hand["nils"]


def assert_next_hand(api, shown):
    """The order of the form's bid rows on the phone: the hand waiting for its tricks as the server has it, else
    the next one, whose dealer is the last hand's first bidder and bids last."""
    order = shown["next_bidding_order"]
    assert sorted(order) == sorted(api["players"])
    assert shown["next_leader"] == order[0]
    last = api["hands"][-1] if api["hands"] else None
    if last is not None and not last["complete"]:
        assert order == last["bidding_order"]
    else:
        assert order[-1] == api["next_dealer"]
        if last is not None:
            assert order == last["bidding_order"][1:] + last["bidding_order"][:1]


def assert_agree(client, table, language):
    api = client.get(table.path, headers={"Accept-Language": language}).get_json()
    shown = board(phone_game(api), sayer(language, catalog(language)))

    for key in ("players", "settings", "status", "winner", "next_dealer", "after_end", "totals"):
        assert shown[key] == api[key], key
    assert shown["entries"] == phone_game(api)["entries"]
    assert [hand["number"] for hand in shown["hands"]] == [hand["number"] for hand in api["hands"]]
    for mine, theirs in zip(shown["hands"], api["hands"]):
        assert (mine["dealer"], mine["complete"], mine["explanation"]) == (
            theirs["dealer"], theirs["complete"], theirs["explanation"])
        assert mine["nils"] == [{key: nil[key] for key in mine_nil} for nil, mine_nil in
                                zip(server_nils(api, theirs), mine["nils"])]
        if theirs["complete"]:
            assert mine["scores"] == server_lines(api, theirs)
        elif api["game"] == "dummy-spades":
            assert mine["needs"] == theirs["needs"]
        elif api["game"] == "spades":
            assert mine["needs"] == [line for team in theirs["teams"].values() for line in team["needs"]]
    if api["game"] != "piquet" and api["status"] != "finished":
        assert_next_hand(api, shown)
    if api["game"] == "piquet":
        assert shown["outcome"] is None or api["settlement"] is not None
        assert shown["settlement"] == api["settlement"]
        for mine, theirs in zip(shown["hands"], api["hands"]):
            assert (mine["elder"], mine["younger"]) == (theirs["elder"], theirs["younger"])
            if not theirs["complete"]:
                assert mine["declared"] == {name: line["total"] for name, line in theirs["players"].items()}


def record(table, entries, last_without_play=None):
    """Post each entry (the engine refuses some where they stand: so would the phone) and maybe a first step."""
    for entry in entries:
        response = table.post(entry)
        assert response.status_code in (201, 422), response.get_json()
    if last_without_play is not None:
        table.post(last_without_play)


languages = st.sampled_from(LANGUAGES)


@AGREE
@given(dummy.tables, dummy.settings, st.lists(dummy.entries(), max_size=12), st.booleans(), languages)
def test_dummy_hand_spades_on_the_phone_is_what_the_server_says(client, table, rules, entries, bids_only, language):
    game = create(client, {"game": "dummy-spades", "players": list(table.players), "first_dealer": table.first_dealer,
                           "dummy_after": table.dummy_after, "settings": rules.to_dict()})
    hands = [dummy_spades.hand_to_dict(entry) for entry in entries]
    first_step = {"bids": hands[-1]["bids"]} if hands and bids_only else None
    record(game, hands, first_step)
    assert_agree(client, game, language)


@AGREE
@given(four.games(), st.booleans(), languages)
def test_four_player_spades_on_the_phone_is_what_the_server_says(client, played, bids_only, language):
    table, rules, entries = played
    game = create(client, {"game": "spades", "players": list(table.players), "first_dealer": table.first_dealer,
                           "settings": rules.to_dict()})
    hands = [spades.hand_to_dict(entry) for entry in entries]
    first_step = {"bids": hands[-1]["bids"]} if hands and bids_only else None
    record(game, hands, first_step)
    assert_agree(client, game, language)


@AGREE
@given(st.sampled_from(["Ann", "Ben"]), st.sampled_from([{"variant": "rubicon"}, {"variant": "saunt", "target": 100}]),
       st.lists(deals.entries(), max_size=7), languages)
def test_piquet_on_the_phone_is_what_the_server_says(client, first_dealer, rules, entries, language):
    game = create(client, {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": first_dealer,
                           "settings": rules})
    record(game, [piquet.deal_to_dict(entry) for entry in entries])
    assert_agree(client, game, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_numbers_are_written_as_the_server_writes_them(app, language):
    write = number_writer(language)
    with app.test_request_context(headers={"Accept-Language": language}):
        for value in (0, 7, -40, 999, 1000, -1000, 10000, 123456):
            assert write(value) == number(value)
            assert write(Signed(value)) == signed(value)


def test_a_game_the_rules_refuse_is_the_apis_422_body():
    answer = board_json('{"game": "dummy-spades", "players": ["Ann", "Ann", "Cid"]}')

    assert '"errors"' in answer and '"board"' not in answer


@AGREE
@given(st.sampled_from(["0", "1"]), st.lists(deals.entries(), min_size=1, max_size=4), st.booleans(), languages)
def test_piquet_deals_typed_on_the_phone_score_as_typed_into_the_servers_page(client, first_dealer, entries,
                                                                                declarations_last, language):
    game_url = post_form(client, "/new/piquet", {"player_0": "Ann", "player_1": "Ben", "first_dealer": first_dealer,
                                                 "variant": "rubicon"}).headers["Location"]
    typed = [piquet_fields(piquet.deal_to_dict(declared(entry))) for entry in entries]
    if declarations_last:
        typed[-1] = {**typed[-1], "step": ["first"]}
    for fields in typed:
        assert post_form(client, game_url + "/hands", fields, game_url).status_code == 303
    api = client.get("/api/v1" + game_url.replace("/g/", "/games/"), headers={"Accept-Language": language}).get_json()
    say = sayer(language, catalog(language))
    held = {**phone_game(api), "entries": []}

    on_the_phone = json.loads(board_json(json.dumps({**held, "changes": [{"fields": fields} for fields in typed]}),
                                         language, catalog(language)))

    assert on_the_phone["board"] == board(phone_game(api), say)
