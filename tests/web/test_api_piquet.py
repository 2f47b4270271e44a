"""The Piquet part of the JSON API, exactly as docs/api.md states it.

Scores follow docs/rules.md Part B. Ben deals first in every game here, so Ann
is elder in the odd deals and Ben in the even ones. The first deal posted
is the example payload of docs/api.md ("Piquet deal"), scored as in its example
result. The Rubicon parties end 154 v 113 and 154 v 93: the settlements of
docs/rules.md B8 (141, and 347 rubiconed).
"""

from __future__ import annotations

import copy
import json

import pytest
from sqlalchemy import event, text
from sqlalchemy.exc import IntegrityError

from scorekeeper.extensions import db
from scorekeeper.models import Game

from .api_client import Table, auth, create, errors

E, Y = "elder", "younger"
PLAYERS = ["Ann", "Ben"]

TOKEN_MESSAGE = "This needs the game's edit token: send “Authorization: Bearer <edit_token>”."
NOT_FOUND = {"errors": [{"field": "request", "message": "There is no such game or hand."}]}
FORBIDDEN = {"errors": [{"field": "request", "message": TOKEN_MESSAGE}]}
MALFORMED = {"errors": [{"field": "body", "message": "The request body is not valid JSON."}]}

# docs/api.md "Piquet deal": elder's point is good (5), younger's tierce to the ace (3) and
# quatorze of tens (14). Elder wins the first six tricks, younger the next five, elder
# the last: elder 1 (lead) + 6 + 2 (capture) = 9 trick points and cards; younger 2 + 4 = 6.
EXAMPLE_TRICKS = [E] * 6 + [Y] * 5 + [E]
EXAMPLE_DEAL = {
    "carte_blanche": None,
    "point": {E: {"cards": 5, "value": 48}, Y: {"cards": 5, "value": 45}},
    "sequences": {E: [{"length": 3, "top": "K"}], Y: [{"length": 3, "top": "A"}]},
    "sets": {E: [{"size": 3, "rank": "A"}], Y: [{"size": 4, "rank": "T"}]},
    "tricks": EXAMPLE_TRICKS,
}
# Nobody declares; elder leads and wins every trick: 13 trick points and capot 40 = 53.
CAPOT = {"tricks": [E] * 12}
# Nobody declares; the tricks alternate, elder first: 12 trick points each, 6-6 (no cards).
ALTERNATE = {"tricks": [E, Y] * 6}
# Elder's point of 4 (4); 8 tricks with 2 captures: 11 trick points and cards = 25. Younger: 6.
TOTALS_DEAL = {
    "point": {E: {"cards": 4, "value": 39}},
    "trick_totals": {E: {"won": 8, "points": 11}, Y: {"won": 4, "points": 6}},
}
# docs/rules.md B7 P3, the actual cards after the exchange.
P3_CARDS = {
    E: "7H AD 9S AH 8S AS 7C TH JH 7D 9C TC".split(),
    Y: "KC QS QD QH KD QC KH KS 9D JC 8C 8H".split(),
}


def point_deal(role, cards, value, play=ALTERNATE):
    """Only *role* declares a point; the play as in *play*."""
    return {"point": {role: {"cards": cards, "value": value}}, **play}


# Deal by deal (elder, younger): (24, 23) (53, 0) (53, 0) (25, 6) (53, 0) (12, 18).
PARTIE_154_113 = [EXAMPLE_DEAL, CAPOT, CAPOT, TOTALS_DEAL, CAPOT, point_deal(Y, 6, 58)]
# Deal by deal (elder, younger): (24, 23) (25, 6) (53, 0) (25, 6) (53, 0) (20, 12).
PARTIE_154_93 = [EXAMPLE_DEAL, TOTALS_DEAL, CAPOT, TOTALS_DEAL, CAPOT, point_deal(E, 8, 75)]


def new_game(**overrides):
    return {"game": "piquet", "players": list(PLAYERS), "first_dealer": "Ben", **overrides}


def line(role, **points):
    """A player's deal line (docs/api.md): every field 0 unless given."""
    fields = ("carte_blanche", "point", "sequences", "sets", "repique", "pique", "tricks", "cards", "capot")
    values = {"role": role, **dict.fromkeys(fields, 0), **points}
    values["total"] = sum(values[field] for field in fields)
    return values


def scores(game):
    return {name: total["score"] for name, total in game["totals"].items()}


def start(client, **overrides):
    return create(client, new_game(**overrides))


@pytest.fixture
def table(client):
    return start(client)


@pytest.fixture
def saunt(client):
    return start(client, settings={"variant": "saunt"})


def stored(app):
    """Every stored row, to prove that a refused request changed nothing."""
    with app.app_context():
        with db.engine.connect() as connection:
            return {
                name: connection.execute(text(f"SELECT * FROM {name} ORDER BY 1, 2")).all()
                for name in ("game", "seat", "hand")
            }


# --- POST /api/v1/games ----------------------------------------------------


def test_create_a_piquet_game_returns_201_the_game_object_and_a_token(client):
    response = client.post("/api/v1/games", json=new_game(settings={"variant": "rubicon"}))

    assert response.status_code == 201
    body = response.get_json()
    game_id = body["id"]
    assert response.headers["Location"] == f"/api/v1/games/{game_id}"
    assert isinstance(body.pop("edit_token"), str)
    assert body == {
        "id": game_id,
        "game": "piquet",
        "players": ["Ann", "Ben"],
        "first_dealer": "Ben",
        "settings": {"variant": "rubicon"},
        "version": 0,
        "hands": [],
        "totals": {"Ann": {"score": 0}, "Ben": {"score": 0}},
        "status": "in_progress",
        "winner": None,
        "next_dealer": "Ben",
        "after_end": [],
        "hands_after_end": [],
        "settlement": None,
        "session": None,
        "session_totals": None,
        "url": f"http://localhost/g/{game_id}",
    }


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        pytest.param(None, {"variant": "rubicon"}, id="no settings"),
        pytest.param({}, {"variant": "rubicon"}, id="empty settings"),
        pytest.param({"variant": "rubicon", "target": 50}, {"variant": "rubicon"}, id="a rubicon target is ignored"),
        pytest.param({"variant": "saunt"}, {"variant": "saunt", "target": 100}, id="saunt to 100 by default"),
        pytest.param({"variant": "saunt", "target": 150}, {"variant": "saunt", "target": 150}, id="saunt to 150"),
        pytest.param({"variant": "saunt", "target": 1}, {"variant": "saunt", "target": 1}, id="lowest target"),
        pytest.param({"variant": "saunt", "target": 1000}, {"variant": "saunt", "target": 1000}, id="highest"),
    ],
)
def test_settings_default_to_rubicon_and_saunt_plays_to_a_target(client, settings, expected):
    payload = new_game() if settings is None else new_game(settings=settings)

    response = client.post("/api/v1/games", json=payload)

    assert response.status_code == 201
    assert response.get_json()["settings"] == expected


@pytest.mark.parametrize("omitted", [True, False], ids=["omitted", "null"])
def test_without_a_first_dealer_one_of_the_two_is_chosen(client, omitted):
    payload = new_game()
    if omitted:
        del payload["first_dealer"]
    else:
        payload["first_dealer"] = None

    body = client.post("/api/v1/games", json=payload).get_json()

    assert body["first_dealer"] in PLAYERS
    assert body["next_dealer"] == body["first_dealer"]


def test_names_are_trimmed_and_the_first_dealer_is_matched_in_any_case(client):
    body = client.post("/api/v1/games", json=new_game(players=[" Ann ", "Ben"], first_dealer=" ben")).get_json()

    assert (body["players"], body["first_dealer"]) == (["Ann", "Ben"], "Ben")


TARGET_RANGE = "The target is a whole number from 1 to 1000."


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        pytest.param(new_game(settings={"variant": "chess"}), [("settings.variant", "Choose rubicon or saunt.")],
                     id="unknown variant"),
        pytest.param(new_game(settings={"variant": "Saunt"}), [("settings.variant", "Choose rubicon or saunt.")],
                     id="variant in the wrong case"),
        pytest.param(new_game(settings={"variant": "saunt", "target": 0}), [("settings.target", TARGET_RANGE)],
                     id="target 0"),
        pytest.param(new_game(settings={"variant": "saunt", "target": 1001}), [("settings.target", TARGET_RANGE)],
                     id="target 1001"),
        pytest.param(new_game(settings={"variant": "saunt", "target": "100"}), [("settings.target", TARGET_RANGE)],
                     id="target as text"),
        pytest.param(new_game(settings={"variant": "saunt", "target": 99.5}), [("settings.target", TARGET_RANGE)],
                     id="target not whole"),
        pytest.param(new_game(settings={"variant": "saunt", "target": True}), [("settings.target", TARGET_RANGE)],
                     id="target true"),
        pytest.param(new_game(settings={"variant": "rubicon", "target": -5}), [("settings.target", TARGET_RANGE)],
                     id="a rubicon target is still checked"),
        pytest.param(new_game(settings=["saunt"]), [("settings", "The settings must be an object.")],
                     id="settings a list"),
        pytest.param(new_game(players=["Ann", "Ben", "Cid"]), [("players", "Enter exactly 2 player names.")],
                     id="three players"),
        pytest.param(new_game(players=["Ann"]), [("players", "Enter exactly 2 player names.")], id="one player"),
        pytest.param(new_game(players=["Ann", "ANN"], first_dealer="Ann"),
                     [("players[1]", "Two players cannot both be called “ANN”.")], id="the same name twice"),
        pytest.param(new_game(players=["Ann", "Elder"]),
                     [("players[1]", "“Elder” is reserved; choose another name.")], id="a role as a name"),
        pytest.param(new_game(first_dealer="Cid"),
                     [("first_dealer", "Choose the first dealer from the two players.")], id="unknown first dealer"),
        pytest.param(
            new_game(players=["Ann", ""], settings={"variant": "x", "target": 0}),
            [("settings.variant", "Choose rubicon or saunt."), ("settings.target", TARGET_RANGE),
             ("players[1]", "Enter a name.")],
            id="every problem is reported",
        ),
    ],
)
def test_create_refuses_bad_input_with_422_and_saves_nothing(app, client, payload, expected):
    before = stored(app)

    response = client.post("/api/v1/games", json=payload)

    assert response.status_code == 422
    assert response.get_json() == errors(*expected)
    assert stored(app) == before


# --- POST /api/v1/games/<id>/hands: a deal ---------------------------------


def test_post_the_api_md_example_deal_returns_201_and_its_result(table):
    response = table.post(EXAMPLE_DEAL)

    assert response.status_code == 201
    assert response.headers["Location"] == table.path
    result = response.get_json()
    assert result == {
        "number": 1,
        "dealer": "Ben",
        "elder": "Ann",
        "younger": "Ben",
        "classes": {
            "point": {"good": "elder", "points": 5,
                      "explanation": "Ann's point of 5 (48) beats Ben's point of 5 (45): Ann scores 5."},
            "sequences": {"good": "younger", "points": 3,
                          "explanation": "Ben's tierce to the ace beats Ann's tierce to the king: "
                                         "Ben scores 3."},
            "sets": {"good": "younger", "points": 14,
                     "explanation": "Ben's quatorze of tens beats Ann's trio of aces: Ben scores 14."},
        },
        "players": {
            "Ann": {**line("elder", point=5, tricks=9, cards=10), "score": 24},
            "Ben": {**line("younger", sequences=3, sets=14, tricks=6), "score": 23},
        },
        "ended_game": False,
        "running_trick_points": [[2, 0], [3, 0], [4, 0], [5, 0], [6, 0], [7, 0],
                                 [7, 2], [7, 3], [7, 4], [7, 5], [7, 6], [9, 6]],
        "entry": EXAMPLE_DEAL,
        "explanation": [
            "Ann's point of 5 (48) beats Ben's point of 5 (45): Ann scores 5.",
            "Ben's tierce to the ace beats Ann's tierce to the king: Ben scores 3.",
            "Ben's quatorze of tens beats Ann's trio of aces: Ben scores 14.",
            "Trick points: Ann 9 (leads 7, captures 1, last trick 1), Ben 6 (leads 5, captures 1, last trick 0).",
            "Ann wins 7 tricks: cards, +10.",
        ],
        "complete": True,
        "after_end": [],
        "game": {
            "id": table.id,
            "game": "piquet",
            "players": ["Ann", "Ben"],
            "first_dealer": "Ben",
            "settings": {"variant": "rubicon"},
            "version": 1,
            "totals": {"Ann": {"score": 24}, "Ben": {"score": 23}},
            "status": "in_progress",
            "winner": None,
            "next_dealer": "Ann",
            "after_end": [],
            "settlement": None,
            "session": None,
            "session_totals": None,
            "url": f"http://localhost/g/{table.id}",
        },
    }
    assert result["players"]["Ann"]["total"] == 24 and result["players"]["Ben"]["total"] == 23


def test_a_posted_deal_is_stored_and_read_back(table):
    posted = table.post(EXAMPLE_DEAL).get_json()

    game = table.get()

    assert game["hands"] == [{key: value for key, value in posted.items() if key not in ("game", "after_end")}]
    assert scores(game) == {"Ann": 24, "Ben": 23}


def test_the_deal_alternates_and_the_dealer_is_younger(table):
    table.add(EXAMPLE_DEAL, EXAMPLE_DEAL, EXAMPLE_DEAL)

    game = table.get()

    assert [(d["number"], d["dealer"], d["elder"], d["younger"]) for d in game["hands"]] == [
        (1, "Ben", "Ann", "Ben"), (2, "Ann", "Ben", "Ann"), (3, "Ben", "Ann", "Ben")]
    assert [d["players"]["Ann"]["score"] for d in game["hands"]] == [24, 47, 71]
    assert scores(game) == {"Ann": 71, "Ben": 70}
    assert game["next_dealer"] == "Ann"


def test_every_declaration_is_optional(table):
    result = table.post({"tricks": EXAMPLE_TRICKS}).get_json()

    assert result["classes"] == {
        "point": {"good": None, "points": 0, "explanation": "Nobody declared a point."},
        "sequences": {"good": None, "points": 0, "explanation": "Nobody declared a sequence."},
        "sets": {"good": None, "points": 0, "explanation": "Nobody declared a set."},
    }
    assert result["players"]["Ann"] == {**line("elder", tricks=9, cards=10), "score": 19}
    assert result["players"]["Ben"] == {**line("younger", tricks=6), "score": 6}


def test_equal_points_score_nothing_and_good_is_equal(table):
    deal = {**ALTERNATE, "point": {E: {"cards": 5, "value": 48}, Y: {"cards": 5, "value": 48}}}

    result = table.post(deal).get_json()

    assert result["classes"]["point"] == {
        "good": "equal", "points": 0,
        "explanation": "Ann's point of 5 (48) equals Ben's point of 5 (48): nobody scores."}
    assert result["players"]["Ann"]["point"] == result["players"]["Ben"]["point"] == 0


def test_rules_p1_elder_scores_170(table):
    deal = {
        "point": {E: {"cards": 3, "value": 31}},
        "sequences": {E: [{"length": 3, "top": "A"}] * 4},
        "sets": {E: [{"size": 4, "rank": rank} for rank in "AKQ"]},
        "tricks": [E] * 12,
    }

    result = table.post(deal).get_json()

    assert result["players"]["Ann"] == {
        **line("elder", point=3, sequences=12, sets=42, repique=60, tricks=13, capot=40), "score": 170}
    assert result["players"]["Ann"]["total"] == 170
    assert result["players"]["Ben"] == {**line("younger"), "score": 0}


def test_rules_p2_carte_blanche_counts_first_and_elder_scores_173(table):
    deal = {
        "carte_blanche": "elder",
        "point": {E: {"cards": 6, "value": 60}},
        "sequences": {E: [{"length": 6, "top": "A"}]},
        "sets": {E: [{"size": 4, "rank": "A"}, {"size": 4, "rank": "T"}]},
        "tricks": [E] * 12,
    }

    result = table.post(deal).get_json()

    assert result["players"]["Ann"] == {
        **line("elder", carte_blanche=10, point=6, sequences=16, repique=60, sets=28, tricks=13, capot=40),
        "score": 173,
    }
    assert result["explanation"][0] == "Ann has carte blanche: +10."


def test_rules_p3_from_the_actual_cards_younger_repiques(table):
    result = table.post({"cards": P3_CARDS, "tricks": [E, Y] * 6}).get_json()

    assert [(name, c["good"], c["points"]) for name, c in result["classes"].items()] == [
        ("point", "equal", 0), ("sequences", "younger", 3), ("sets", "younger", 28)]
    assert result["players"]["Ann"] == {**line("elder", tricks=12), "score": 12}
    assert result["players"]["Ben"] == {**line("younger", sequences=3, sets=28, repique=60, tricks=12), "score": 103}
    assert result["entry"] == {"carte_blanche": None, "cards": P3_CARDS, "tricks": [E, Y] * 6}
    assert "Ben reaches 31 before Ann scores: repique, +60." in result["explanation"]


def test_cards_may_be_written_with_10_and_suit_symbols_and_are_stored_short(table):
    cards = {E: ["7♥", "A♦", "9♠", "A♥", "8♠", "A♠", "7♣", "10♥", "J♥", "7♦", "9♣", "10♣"], Y: P3_CARDS[Y]}

    result = table.post({"cards": cards, "tricks": [E, Y] * 6}).get_json()

    assert result["entry"]["cards"] == P3_CARDS
    assert result["players"]["Ben"]["total"] == 103


def test_rules_p4_younger_carte_blanche_stops_elders_repique(table):
    # Elder's point of 8, huitieme and two trios make 32, but younger's carte blanche counted first.
    deal = {
        "carte_blanche": "younger",
        "point": {E: {"cards": 8, "value": 75}},
        "sequences": {E: [{"length": 8, "top": "A"}]},
        "sets": {E: [{"size": 3, "rank": "K"}, {"size": 3, "rank": "Q"}]},
        "tricks": [E, Y] * 6,
    }

    result = table.post(deal).get_json()

    assert result["players"]["Ann"] == {**line("elder", point=8, sequences=18, sets=6, tricks=12), "score": 44}
    assert result["players"]["Ben"] == {**line("younger", carte_blanche=10, tricks=12), "score": 22}


def test_rules_p5_elder_piques_on_the_fifth_trick(table):
    # Elder: point of 6 (6), quart (4), quatorze of tens (14): 24; the lead and five tricks make 30.
    deal = {
        "point": {E: {"cards": 6, "value": 55}},
        "sequences": {E: [{"length": 4, "top": "K"}]},
        "sets": {E: [{"size": 4, "rank": "T"}]},
        "tricks": [E] * 5 + [Y, E] * 3 + [Y],
    }

    result = table.post(deal).get_json()

    assert result["players"]["Ann"] == {**line("elder", point=6, sequences=4, sets=14, pique=30, tricks=12, cards=10),
                                        "score": 76}
    assert result["players"]["Ben"] == {**line("younger", tricks=8), "score": 8}
    assert "Ann reaches 30 before Ben scores anything: pique, +30." in result["explanation"]
    with_four = table.put(1, {**deal, "tricks": [E] * 4 + [Y, E] * 4}).get_json()
    assert with_four["players"]["Ann"]["pique"] == 0


def test_younger_winning_every_trick_is_capot(table):
    result = table.post({"tricks": [Y] * 12}).get_json()

    assert result["players"]["Ann"] == {**line("elder", tricks=1), "score": 1}
    assert result["players"]["Ben"] == {**line("younger", tricks=13, capot=40), "score": 53}


# --- trick totals instead of trick winners ----------------------------------


def test_the_api_md_trick_totals_score_like_the_winners(table):
    deal = {**EXAMPLE_DEAL, "trick_totals": {E: {"won": 7, "points": 10}, Y: {"won": 5, "points": 7}}}
    del deal["tricks"]

    result = table.post(deal).get_json()

    assert result["players"]["Ann"] == {**line("elder", point=5, tricks=10, cards=10), "score": 25}
    assert result["players"]["Ben"] == {**line("younger", sequences=3, sets=14, tricks=7), "score": 24}
    assert result["running_trick_points"] == []
    assert result["entry"]["trick_totals"] == deal["trick_totals"]
    assert result["entry"]["pique"] is None


# Elder has 29 in combinations (point of 7, sixieme, two trios): the lead point alone reaches 30.
CERTAIN_PIQUE = {
    "point": {E: {"cards": 7, "value": 68}},
    "sequences": {E: [{"length": 6, "top": "A"}]},
    "sets": {E: [{"size": 3, "rank": "K"}, {"size": 3, "rank": "Q"}]},
    "trick_totals": {E: {"won": 7, "points": 10}, Y: {"won": 5, "points": 7}},
}
# Elder: point of 6 (6) and sixieme (16), then the lead: 23. Nine tricks with one
# capture: an opening run of up to 8 tricks, so elder may or may not have reached 30.
OPEN_PIQUE = {
    "point": {E: {"cards": 6, "value": 60}},
    "sequences": {E: [{"length": 6, "top": "A"}]},
    "trick_totals": {E: {"won": 9, "points": 11}, Y: {"won": 3, "points": 4}},
}


def test_trick_totals_need_pique_when_a_pique_is_possible(app, table):
    before = stored(app)

    response = table.post(OPEN_PIQUE)

    assert response.status_code == 422
    assert response.get_json() == errors(("pique", "Pique is possible here: say whether elder piqued."))
    assert stored(app) == before


@pytest.mark.parametrize(("pique", "points"), [(True, 30), (False, 0)])
def test_pique_is_taken_as_given_when_it_is_possible(table, pique, points):
    result = table.post({**OPEN_PIQUE, "pique": pique}).get_json()

    assert result["players"]["Ann"] == {
        **line("elder", point=6, sequences=16, pique=points, tricks=11, cards=10), "score": 43 + points}
    assert result["players"]["Ben"] == {**line("younger", tricks=4), "score": 4}
    assert result["entry"]["pique"] is pique


def test_trick_totals_that_settle_the_pique_need_no_answer(table):
    result = table.post(CERTAIN_PIQUE).get_json()

    assert result["players"]["Ann"] == {
        **line("elder", point=7, sequences=16, sets=6, pique=30, tricks=10, cards=10), "score": 79}


# The rules audit's example: elder's 24 (point of 5 worth 51, quint and quart to the ace); elder won
# 5 tricks for 6 points (no capture), younger 7 for 8. The only play has elder win tricks 1 to 5.
AUDIT_EXAMPLE = {
    "point": {E: {"cards": 5, "value": 51}},
    "sequences": {E: [{"length": 5, "top": "A"}, {"length": 4, "top": "A"}]},
    "trick_totals": {E: {"won": 5, "points": 6}, Y: {"won": 7, "points": 8}},
}


def test_audit_example_totals_that_allow_one_order_of_play_make_the_pique_certain(table):
    result = table.post(AUDIT_EXAMPLE).get_json()

    assert result["players"]["Ann"] == {**line("elder", point=5, sequences=19, pique=30, tricks=6), "score": 60}
    assert result["players"]["Ben"] == {**line("younger", tricks=8, cards=10), "score": 18}
    assert result["entry"]["pique"] is None


@pytest.mark.parametrize("pique", [True, None])
def test_audit_example_with_an_answer_that_agrees_scores_the_same(table, pique):
    result = table.post({**AUDIT_EXAMPLE, "pique": pique}).get_json()

    assert result["players"]["Ann"]["pique"] == 30


def test_audit_example_refuses_no_pique_on_the_pique_field(app, table):
    before = stored(app)

    response = table.post({**AUDIT_EXAMPLE, "pique": False})

    assert response.status_code == 422
    assert response.get_json() == errors(("pique", "Elder reached 30 before younger scored anything, so elder piqued."))
    assert stored(app) == before


# --- B9: every refusal, its field and its message, and nothing saved ---------


def declared(**parts):
    """The example deal with some declarations replaced."""
    deal = copy.deepcopy(EXAMPLE_DEAL)
    deal.update(parts)
    return deal


TRICKS_12 = "Enter exactly 12 trick winners."
CARD_TEXT = "Enter a card such as AS, TD or 10♥."
ELDER_12 = "AS KS QS JS TS 9S 8S 7S AH KH QH JH".split()
YOUNGER_12 = "TH 9H 8H 7H AD KD QD JD TD 9D 8D 7D".split()


def with_cards(elder=ELDER_12, younger=YOUNGER_12):
    return {"cards": {E: elder, Y: younger}, "tricks": [E, Y] * 6}


def with_totals(elder, younger):
    return {"trick_totals": {E: elder, Y: younger}}


BAD_DEALS = [
    pytest.param(declared(point={E: {"cards": 6, "value": 61}}),
                 [("point.elder.value", "6 cards of one suit are worth 54 to 60.")], id="a point of 6 worth 61"),
    pytest.param(declared(point={Y: {"cards": 6, "value": 53}}),
                 [("point.younger.value", "6 cards of one suit are worth 54 to 60.")], id="a point of 6 worth 53"),
    pytest.param(declared(point={E: {"cards": 8, "value": 74}}),
                 [("point.elder.value", "8 cards of one suit are worth exactly 75.")], id="a point of 8 worth 74"),
    pytest.param(declared(point={E: {"cards": 9, "value": 75}}),
                 [("point.elder.cards", "A point has 3 to 8 cards.")], id="a point of 9 cards"),
    pytest.param(declared(point={E: {"cards": 5}}),
                 [("point.elder.value", "Enter a whole number.")], id="a point without a value"),
    pytest.param(declared(point={E: 5}),
                 [("point.elder", "Enter the point's number of cards and value.")], id="a point not an object"),
    pytest.param(declared(point={"dealer": {"cards": 5, "value": 48}}),
                 [("point", "Give this for elder and for younger.")], id="a point of an unknown role"),
    pytest.param(declared(sequences={E: [{"length": 3, "top": "8"}]}),
                 [("sequences.elder[0].top", "A tierce tops at the 9 or higher.")], id="a tierce topped by an 8"),
    pytest.param(declared(sequences={Y: [{"length": 8, "top": "K"}]}),
                 [("sequences.younger[0].top", "A huitieme tops at the ace.")], id="a huitieme topped by a king"),
    pytest.param(declared(sequences={E: [{"length": 2, "top": "A"}]}),
                 [("sequences.elder[0].length", "A sequence has 3 to 8 cards.")], id="a sequence of 2"),
    pytest.param(declared(sequences={E: [{"length": 3, "top": "X"}]}),
                 [("sequences.elder[0].top", "Enter a rank: A, K, Q, J, 10, 9, 8 or 7.")], id="an unknown top card"),
    pytest.param(declared(sequences={E: [{"length": 8, "top": "A"}, {"length": 5, "top": "A"}]}),
                 [("sequences.elder", "These sequences do not fit in 12 cards.")], id="sequences beyond 12 cards"),
    pytest.param(declared(point={E: {"cards": 5, "value": 48}},
                          sequences={E: [{"length": 8, "top": "A"}]}),
                 [("point.elder", "This point and these sequences do not fit in 12 cards.")],
                 id="a point beside a huitieme"),
    pytest.param(declared(point={E: {"cards": 8, "value": 75}}, sequences={E: [{"length": 8, "top": "A"}]},
                          sets={E: [{"size": 4, "rank": rank} for rank in "AKQ"]}),
                 [("sets.elder", "These sets do not fit in 12 cards with the other declarations.")],
                 id="sets beyond 12 cards"),
    pytest.param(declared(sets={E: [{"size": 3, "rank": "9"}]}),
                 [("sets.elder[0].rank", "Sets are of tens or higher.")], id="a set of nines"),
    pytest.param(declared(sets={E: [{"size": 5, "rank": "A"}]}),
                 [("sets.elder[0].size", "A set has 3 or 4 cards.")], id="a set of 5"),
    pytest.param(declared(sets={E: [{"size": 3, "rank": "K"}], Y: [{"size": 4, "rank": "K"}]}),
                 [("sets.younger[0].rank", "Both players cannot hold a set of kings.")],
                 id="both players declare a set of kings"),
    pytest.param(declared(sets={E: [{"size": 4, "rank": "K"}, {"size": 3, "rank": "K"}]}),
                 [("sets.elder[1].rank", "One player cannot hold both a quatorze and a trio of kings.")],
                 id="a quatorze and a trio of kings"),
    pytest.param(declared(sets={Y: [{"size": 3, "rank": "Q"}, {"size": 3, "rank": "Q"}]}),
                 [("sets.younger[1].rank", "The set of queens is declared twice.")], id="a set declared twice"),
    pytest.param(declared(carte_blanche=["elder", "younger"]),
                 [("carte_blanche", "Only one player can have carte blanche.")], id="two carte blanches"),
    pytest.param(declared(carte_blanche="both"),
                 [("carte_blanche", "Carte blanche is held by elder, younger or nobody.")],
                 id="carte blanche for both"),
    pytest.param(declared(carte_blanche="Ann"),
                 [("carte_blanche", "Carte blanche is held by elder, younger or nobody.")],
                 id="carte blanche by name"),
    pytest.param(declared(tricks=EXAMPLE_TRICKS[:11]), [("tricks", TRICKS_12)], id="11 trick winners"),
    pytest.param(declared(tricks=[*EXAMPLE_TRICKS, E]), [("tricks", TRICKS_12)], id="13 trick winners"),
    pytest.param(declared(tricks=[]), [("tricks", TRICKS_12)], id="no trick winners"),
    pytest.param(declared(tricks=[*EXAMPLE_TRICKS[:4], "Ann", *EXAMPLE_TRICKS[5:]]),
                 [("tricks[4]", "Each trick is won by elder or younger.")], id="a trick won by name"),
    pytest.param(declared(tricks="elder"), [("tricks", TRICKS_12)], id="trick winners not a list"),
    pytest.param(with_totals({"won": 7, "points": 10}, {"won": 6, "points": 7}),
                 [("trick_totals", "These trick totals cannot happen: the tricks won add up to 13, not 12.")],
                 id="13 tricks won"),
    pytest.param(with_totals({"won": 7, "points": 14}, {"won": 5, "points": 7}),
                 [("trick_totals", "These trick totals cannot happen: with 7 tricks, elder scores 8 to 13.")],
                 id="elder's trick points too high"),
    pytest.param(with_totals({"won": 12, "points": 12}, {"won": 0, "points": 0}),
                 [("trick_totals", "These trick totals cannot happen: with 12 tricks, elder scores exactly 13.")],
                 id="capot trick points"),
    pytest.param(with_totals({"won": 7, "points": 10}, {"won": 5, "points": 6}),
                 [("trick_totals", "These trick totals cannot happen: when elder scores 10, younger scores 7 / 8.")],
                 id="totals that do not fit together"),
    pytest.param(with_totals({"won": 7, "points": 10}, {"won": 5}),
                 [("trick_totals.younger.points", "Enter a whole number from 0 to 24.")], id="points missing"),
    pytest.param(with_totals({"won": 13, "points": 10}, {"won": 5, "points": 7}),
                 [("trick_totals.elder.won", "Enter a whole number from 0 to 12.")], id="13 won by one"),
    pytest.param(with_totals(7, {"won": 5, "points": 7}),
                 [("trick_totals.elder", "Enter the tricks won and the trick points.")], id="a total not an object"),
    pytest.param({**with_totals({"won": 7, "points": 10}, {"won": 5, "points": 7}), "tricks": EXAMPLE_TRICKS},
                 [("trick_totals", "Enter either the trick winners or the trick totals, not both.")],
                 id="winners and totals"),
    pytest.param({**with_totals({"won": 7, "points": 10}, {"won": 5, "points": 7}), "pique": True},
                 [("pique", "Elder cannot have piqued in this deal.")], id="an impossible pique"),
    pytest.param({**CERTAIN_PIQUE, "pique": False},
                 [("pique", "Elder reached 30 before younger scored anything, so elder piqued.")],
                 id="no pique when it is certain"),
    pytest.param({**with_totals({"won": 7, "points": 10}, {"won": 5, "points": 7}), "pique": "yes"},
                 [("pique", "Say yes or no for pique.")], id="pique not a boolean"),
    pytest.param(declared(pique=False), [("pique", "Pique follows from the trick winners; leave it out.")],
                 id="pique with trick winners"),
    pytest.param(with_cards(elder=[*ELDER_12[:11], "ZZ"]), [("cards.elder[11]", CARD_TEXT)], id="an unknown card"),
    pytest.param(with_cards(elder=[*ELDER_12[:11], "1S"]), [("cards.elder[11]", CARD_TEXT)], id="a card of 1"),
    pytest.param(with_cards(younger=[*YOUNGER_12[:11], 7]), [("cards.younger[11]", CARD_TEXT)],
                 id="a card not text"),
    pytest.param(with_cards(elder=[*ELDER_12[:11], "AS"]),
                 [("cards.elder[11]", "The ace of spades appears twice.")], id="a card twice in a hand"),
    pytest.param(with_cards(younger=[*YOUNGER_12[:11], "AS"]),
                 [("cards.younger[11]", "The two hands share the ace of spades.")], id="overlapping hands"),
    pytest.param(with_cards(elder=ELDER_12[:11]), [("cards.elder", "Enter exactly 12 cards.")], id="11 cards"),
    pytest.param(with_cards(younger=[*YOUNGER_12, "7C"]), [("cards.younger", "Enter exactly 12 cards.")],
                 id="13 cards"),
    pytest.param({"cards": {E: ELDER_12}, "tricks": [E, Y] * 6}, [("cards.younger", "Enter exactly 12 cards.")],
                 id="one hand missing"),
    pytest.param({**with_cards(), "point": EXAMPLE_DEAL["point"]},
                 [("cards", "Enter either the declarations or the cards, not both.")], id="cards and declarations"),
    pytest.param([EXAMPLE_DEAL], [("body", "Send a JSON object.")], id="body a list"),
    pytest.param(
        declared(point={E: {"cards": 6, "value": 61}}, sets={E: [{"size": 3, "rank": "9"}]},
                 tricks=EXAMPLE_TRICKS[:11] + ["Ann"]),
        [("point.elder.value", "6 cards of one suit are worth 54 to 60."),
         ("sets.elder[0].rank", "Sets are of tens or higher."),
         ("tricks[11]", "Each trick is won by elder or younger.")],
        id="every problem is reported",
    ),
]


@pytest.mark.parametrize(("deal", "expected"), BAD_DEALS)
def test_post_refuses_an_invalid_deal_with_422_and_saves_nothing(app, table, deal, expected):
    table.add(EXAMPLE_DEAL)
    before, game = stored(app), table.get()

    response = table.post(deal)

    assert response.status_code == 422
    assert response.get_json() == errors(*expected)
    assert stored(app) == before
    assert table.get() == game


@pytest.mark.parametrize(("deal", "expected"), BAD_DEALS)
def test_put_refuses_an_invalid_deal_with_422_and_saves_nothing(app, table, deal, expected):
    table.add(EXAMPLE_DEAL, CAPOT)
    before = stored(app)

    response = table.put(1, deal)

    assert response.status_code == 422
    assert response.get_json() == errors(*expected)
    assert stored(app) == before


QUATORZE_AND_QUART = {"sets": {E: [{"size": 4, "rank": "A"}]}, "sequences": {Y: [{"length": 4, "top": "A"}]},
                      "tricks": [E, Y] * 6}


def test_declarations_no_two_hands_can_hold_are_422_naming_the_players_and_both_declarations(app, table):
    before = stored(app)

    response = table.post(QUATORZE_AND_QUART)

    assert response.status_code == 422
    assert response.get_json() == errors(
        ("sequences.younger[0]", "Ann's quatorze of aces and Ben's quart to the ace need the same ace."))
    assert stored(app) == before


def test_the_names_follow_the_roles_of_the_deal_replaced(app, table):
    table.add(EXAMPLE_DEAL, CAPOT)
    before = stored(app)

    response = table.put(2, {"sequences": {E: [{"length": 8, "top": "A"}]}, "sets": {Y: [{"size": 4, "rank": "A"}]},
                             "tricks": [E, Y] * 6})

    assert response.status_code == 422
    assert response.get_json() == errors(
        ("sets.younger[0]", "Ben's huitieme to the ace and Ann's quatorze of aces need the same ace."))
    assert stored(app) == before


@pytest.mark.parametrize(("deal", "expected"), [
    pytest.param({"carte_blanche": E, "sets": {E: [{"size": 4, "rank": "K"}, {"size": 3, "rank": "Q"}]}},
                 "With carte blanche, Ann holds at most 5 kings, queens and jacks after the exchange; "
                 "Ann's declarations need 7.", id="elder's declarations"),
    pytest.param({"carte_blanche": Y, "sets": {Y: [{"size": 4, "rank": "K"}, {"size": 4, "rank": "J"}]}},
                 "With carte blanche, Ben holds at most 7 kings, queens and jacks after the exchange; "
                 "Ben's declarations need 8.", id="younger's declarations"),
    pytest.param({"carte_blanche": E, "cards": {E: ELDER_12, Y: YOUNGER_12}},
                 "With carte blanche, Ann holds at most 5 kings, queens and jacks after the exchange; "
                 "Ann's cards hold 6.", id="elder's cards"),
])
def test_what_follows_a_carte_blanche_is_limited_to_what_the_exchange_brings(app, table, deal, expected):
    before = stored(app)

    response = table.post({**deal, "tricks": [E, Y] * 6})

    assert response.status_code == 422
    assert response.get_json() == errors(("carte_blanche", expected))
    assert stored(app) == before


def test_declarations_after_carte_blanche_within_the_limit_are_scored(table):
    # A sixieme to the ace (K Q J) with a trio of kings sharing its king: 5 kings, queens and jacks.
    # 10 + 16 + 3 = 29, and the lead makes 30 before younger scores: pique.
    result = table.post({"carte_blanche": E, "sequences": {E: [{"length": 6, "top": "A"}]},
                         "sets": {E: [{"size": 3, "rank": "K"}]}, "tricks": [E, Y] * 6}).get_json()

    assert result["players"]["Ann"] == {**line("elder", carte_blanche=10, sequences=16, sets=3, pique=30, tricks=12),
                                        "score": 71}


@pytest.mark.parametrize("body", [b"", b"{", b'{"tricks": [}', b"tricks=elder", b"\x80\x81"])
def test_post_malformed_json_is_400_and_saves_nothing(app, client, table, body):
    before = stored(app)

    response = client.post(f"{table.path}/hands", data=body, content_type="application/json", headers=table.headers)

    assert response.status_code == 400
    assert response.get_json() == MALFORMED
    assert stored(app) == before


# --- a Rubicon partie -------------------------------------------------------


def test_a_rubicon_partie_is_six_deals_then_settled(table):
    game = table.add(*PARTIE_154_113[:5])["game"]
    assert (game["status"], game["settlement"], game["next_dealer"]) == ("in_progress", None, "Ann")
    assert scores(game) == {"Ann": 136, "Ben": 101}

    result = table.post(PARTIE_154_113[5]).get_json()

    assert result["ended_game"] is True
    assert result["players"]["Ann"] == {**line("younger", point=6, tricks=12), "score": 154}
    assert result["players"]["Ben"] == {**line("elder", tricks=12), "score": 113}
    game = table.get()
    assert [[d["players"][name]["score"] for name in PLAYERS] for d in game["hands"]] == [
        [24, 23], [24, 76], [77, 76], [83, 101], [136, 101], [154, 113]]
    assert game["totals"] == {"Ann": {"score": 154}, "Ben": {"score": 113}}
    assert (game["status"], game["winner"], game["next_dealer"]) == ("finished", "Ann", None)
    assert game["settlement"] == {"winner": "Ann", "points": 141, "rubiconed": False}


def test_a_loser_under_100_is_rubiconed(table):
    table.add(*PARTIE_154_93)

    game = table.get()

    assert scores(game) == {"Ann": 154, "Ben": 93}
    assert game["settlement"] == {"winner": "Ann", "points": 347, "rubiconed": True}


def test_posting_a_seventh_deal_to_a_finished_partie_is_422_and_saves_nothing(app, table):
    table.add(*PARTIE_154_113)
    before = stored(app)

    response = table.post(CAPOT)

    assert response.status_code == 422
    assert response.get_json() == errors(("game", "This partie is over."))
    assert stored(app) == before


def test_a_level_partie_plays_two_more_deals_then_settles(table):
    table.add(*[ALTERNATE] * 6)
    game = table.get()
    assert scores(game) == {"Ann": 72, "Ben": 72}
    assert (game["status"], game["settlement"], game["next_dealer"]) == ("in_progress", None, "Ben")

    table.add(ALTERNATE, point_deal(E, 5, 48))

    game = table.get()
    assert len(game["hands"]) == 8
    assert scores(game) == {"Ann": 96, "Ben": 101}
    assert (game["status"], game["winner"]) == ("finished", "Ben")
    assert game["settlement"] == {"winner": "Ben", "points": 297, "rubiconed": True}
    assert table.post(ALTERNATE).get_json() == errors(("game", "This partie is over."))


def test_a_partie_still_level_after_eight_deals_is_drawn(table):
    table.add(*[ALTERNATE] * 8)

    game = table.get()

    assert scores(game) == {"Ann": 96, "Ben": 96}
    assert (game["status"], game["winner"], game["next_dealer"]) == ("finished", None, None)
    assert game["settlement"] == {"winner": None, "points": 0, "rubiconed": False}


# --- a Saunt game -----------------------------------------------------------

# Deal 2 (Ben elder): Ben's point of 6 and quint, Ann's quatorze of aces; 7 tricks to 5.
SAUNT_DEAL_2 = {
    "point": {E: {"cards": 6, "value": 54}},
    "sequences": {E: [{"length": 5, "top": "J"}]},
    "sets": {Y: [{"size": 4, "rank": "A"}]},
    "tricks": [E, E, Y, Y, E, E, Y, Y, E, E, Y, E],
}
# Deal 3 (Ann elder, 46 before it): 25 in combinations (71), the lead (72), then one
# point per trick; the fourth trick makes 30 in the deal before Ben scores: pique, 106.
SAUNT_DEAL_3 = {
    "point": {E: {"cards": 6, "value": 60}},
    "sequences": {E: [{"length": 6, "top": "A"}]},
    "sets": {E: [{"size": 3, "rank": "K"}]},
}


def test_a_saunt_game_ends_the_moment_a_player_reaches_100(saunt):
    saunt.add(EXAMPLE_DEAL, SAUNT_DEAL_2)
    game = saunt.get()
    assert scores(game) == {"Ann": 46, "Ben": 65}
    assert (game["status"], game["next_dealer"], game["settlement"]) == ("in_progress", "Ben", None)

    response = saunt.post({**SAUNT_DEAL_3, "tricks": [E] * 4})

    assert response.status_code == 201
    result = response.get_json()
    assert result["ended_game"] is True
    assert result["players"]["Ann"] == {**line("elder", point=6, sequences=16, sets=3, pique=30, tricks=5),
                                        "score": 106}
    assert result["players"]["Ben"] == {**line("younger"), "score": 65}
    assert result["running_trick_points"] == [[2, 0], [3, 0], [4, 0], [5, 0]]
    assert result["explanation"][-1] == "Ann reaches 100: the game ends here and nothing after counts."
    game = result["game"]
    assert (game["status"], game["winner"], game["next_dealer"]) == ("finished", "Ann", None)
    assert game["settlement"] is None
    assert scores(game) == {"Ann": 106, "Ben": 65}


def test_a_saunt_deal_counts_only_up_to_the_winning_moment_when_every_trick_is_entered(saunt):
    saunt.add(EXAMPLE_DEAL, SAUNT_DEAL_2)

    result = saunt.post({**SAUNT_DEAL_3, "tricks": [E] * 12}).get_json()

    assert result["players"]["Ann"] == {**line("elder", point=6, sequences=16, sets=3, pique=30, tricks=5),
                                        "score": 106}
    assert result["players"]["Ann"]["capot"] == 0


def test_fewer_than_12_trick_winners_are_refused_when_the_deal_does_not_end_the_game(app, saunt):
    saunt.add(EXAMPLE_DEAL, SAUNT_DEAL_2)
    before = stored(app)

    response = saunt.post({**SAUNT_DEAL_3, "tricks": [E] * 3})

    assert response.status_code == 422
    assert response.get_json() == errors(("tricks", TRICKS_12))
    assert stored(app) == before


def test_trick_totals_cannot_say_who_reached_the_target_during_the_play(app, saunt):
    saunt.add(EXAMPLE_DEAL, SAUNT_DEAL_2)
    before = stored(app)

    response = saunt.post({**SAUNT_DEAL_3, "trick_totals": {E: {"won": 12, "points": 13}, Y: {"won": 0, "points": 0}}})

    assert response.status_code == 422
    assert response.get_json() == errors(
        ("trick_totals", "The game is decided during the play of this deal: enter the winner of each trick."))
    assert stored(app) == before


def test_a_saunt_game_can_end_during_the_declarations_with_no_tricks(saunt):
    deal = {"point": {E: {"cards": 3, "value": 31}}, "sequences": {E: [{"length": 3, "top": "A"}] * 4},
            "sets": {E: [{"size": 4, "rank": rank} for rank in "AKQ"]}, "tricks": []}

    result = saunt.post(deal).get_json()

    # 57 in combinations, then the repique takes Ann from 57 to 117.
    assert result["players"]["Ann"] == {**line("elder", point=3, sequences=12, sets=42, repique=60), "score": 117}
    assert result["game"]["winner"] == "Ann"


def test_a_saunt_game_ends_on_the_repique_and_the_trio_after_the_sequences_is_not_scored(client):
    table = start(client, settings={"variant": "saunt", "target": 90})
    # Point of 6 (6), sixieme and quint (31): 37 at the sequences, repique: 97. Then a trio of tens.
    deal = {"point": {E: {"cards": 6, "value": 60}},
            "sequences": {E: [{"length": 6, "top": "A"}, {"length": 5, "top": "A"}]},
            "sets": {E: [{"size": 3, "rank": "T"}]}, "tricks": []}

    result = table.post(deal).get_json()

    assert result["players"]["Ann"] == {**line("elder", point=6, sequences=31, repique=60), "score": 97}
    assert result["classes"]["sets"] == {
        "good": "elder", "points": 0,
        "explanation": "Ann's trio of tens is good (Ben declared none): Ann scores 3."}
    assert result["explanation"][-3:] == ["Ann reaches 37 before Ben scores: repique, +60.",
                                          "Ann reaches 90: the game ends here and nothing after counts.",
                                          "Ann won with Ben under 45: a double game."]
    assert result["game"]["winner"] == "Ann"


def test_posting_to_a_finished_saunt_game_is_422(saunt):
    saunt.add(EXAMPLE_DEAL, SAUNT_DEAL_2, {**SAUNT_DEAL_3, "tricks": [E] * 4})

    response = saunt.post(CAPOT)

    assert response.status_code == 422
    assert response.get_json() == errors(("game", "This game is over."))


def test_a_saunt_game_to_another_target_can_end_on_the_capot(client):
    table = start(client, settings={"variant": "saunt", "target": 40})

    result = table.add(EXAMPLE_DEAL, CAPOT)

    # Ben (23) leads and wins every trick: 36 after the last trick, then capot: 76.
    assert result["players"]["Ben"] == {**line("elder", tricks=13, capot=40), "score": 76}
    assert result["ended_game"] is True
    assert (result["game"]["status"], result["game"]["winner"]) == ("finished", "Ben")


# --- PUT and DELETE ---------------------------------------------------------


def test_put_replaces_a_deal_and_recomputes_every_later_total(table):
    table.add(EXAMPLE_DEAL, CAPOT, CAPOT)

    response = table.put(1, ALTERNATE)

    assert response.status_code == 200
    result = response.get_json()
    assert result["number"] == 1
    assert result["players"]["Ann"] == {**line("elder", tricks=12), "score": 12}
    assert scores(result["game"]) == {"Ann": 65, "Ben": 65}
    assert result["after_end"] == []
    game = table.get()
    assert [[d["players"][name]["score"] for name in PLAYERS] for d in game["hands"]] == [
        [12, 12], [12, 65], [65, 65]]
    assert game["hands"][0]["entry"]["tricks"] == [E, Y] * 6


def test_an_edit_that_ends_a_level_partie_at_six_keeps_the_two_extra_deals_after_the_end(table):
    table.add(*[ALTERNATE] * 8)

    response = table.put(6, CAPOT)

    assert response.status_code == 200
    assert response.get_json()["after_end"] == [7, 8]
    game = table.get()
    assert len(game["hands"]) == 6 and game["after_end"] == [7, 8]
    assert scores(game) == {"Ann": 60, "Ben": 113}
    assert game["status"] == "finished"
    assert game["settlement"] == {"winner": "Ben", "points": 273, "rubiconed": True}
    assert table.put(7, ALTERNATE).get_json() == errors(
        ("number", "Hand 7 was recorded after the game ended; undo it instead."))

    table.put(6, ALTERNATE)

    game = table.get()
    assert (len(game["hands"]), game["after_end"], game["settlement"]["winner"]) == (8, [], None)


def test_an_edit_that_ends_a_saunt_game_earlier_keeps_later_deals_after_the_end(client):
    table = start(client, settings={"variant": "saunt", "target": 60})
    table.add(EXAMPLE_DEAL, ALTERNATE, ALTERNATE)
    assert table.get()["status"] == "in_progress"

    response = table.put(2, {**CAPOT})

    assert response.status_code == 200
    body = response.get_json()
    assert body["after_end"] == [3]
    assert (body["game"]["status"], body["game"]["winner"]) == ("finished", "Ben")


def test_put_a_deal_as_trick_totals_or_cards(table):
    table.add(EXAMPLE_DEAL)

    by_totals = table.put(1, TOTALS_DEAL).get_json()
    by_cards = table.put(1, {"cards": P3_CARDS, "tricks": [E, Y] * 6}).get_json()

    assert by_totals["players"]["Ann"]["total"] == 25
    assert by_cards["players"]["Ben"]["total"] == 103


@pytest.mark.parametrize("number", [0, 3, 99])
def test_put_a_missing_deal_is_404(app, table, number):
    table.add(EXAMPLE_DEAL, CAPOT)
    before = stored(app)

    response = table.put(number, ALTERNATE)

    assert response.status_code == 404
    assert response.get_json() == NOT_FOUND
    assert stored(app) == before


def test_delete_the_last_deal_is_204_and_the_deal_is_dealt_again(table):
    table.add(EXAMPLE_DEAL, CAPOT)

    response = table.delete(2)

    assert response.status_code == 204
    assert response.data == b""
    game = table.get()
    assert [d["number"] for d in game["hands"]] == [1]
    assert scores(game) == {"Ann": 24, "Ben": 23}
    assert game["next_dealer"] == "Ann"


def test_delete_the_last_deal_of_a_finished_partie_reopens_it(table):
    table.add(*PARTIE_154_113)

    table.delete(6)

    game = table.get()
    assert (game["status"], game["settlement"], game["winner"]) == ("in_progress", None, None)


def test_delete_an_earlier_deal_is_409_and_saves_nothing(app, table):
    table.add(EXAMPLE_DEAL, CAPOT)
    before = stored(app)

    response = table.delete(1)

    assert response.status_code == 409
    assert response.get_json() == errors(("request", "Only the last hand can be removed."))
    assert stored(app) == before


@pytest.mark.parametrize("number", [0, 3, 99])
def test_delete_a_missing_deal_is_404(app, table, number):
    table.add(EXAMPLE_DEAL, CAPOT)
    before = stored(app)

    response = table.delete(number)

    assert response.status_code == 404
    assert response.get_json() == NOT_FOUND
    assert stored(app) == before


# --- the edit token ---------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [{}, auth("not-the-token"), {"Authorization": "Basic abc"}, {"Authorization": "Bearer"}],
    ids=["no token", "wrong token", "another scheme", "empty bearer"],
)
@pytest.mark.parametrize(
    "request_",
    [
        ("post", "/hands", EXAMPLE_DEAL),
        ("put", "/hands/1", CAPOT),
        ("delete", "/hands/1", None),
        ("post", "/next", None),
    ],
    ids=["post", "put", "delete", "next"],
)
def test_changing_a_game_without_its_token_is_403_and_saves_nothing(app, client, table, headers, request_):
    table.add(*PARTIE_154_113)
    before = stored(app)
    method, suffix, body = request_

    response = client.open(table.path + suffix, method=method.upper(), json=body, headers=headers)

    assert response.status_code == 403
    assert response.get_json() == FORBIDDEN
    assert stored(app) == before


def test_another_games_token_is_refused(client, table):
    other = start(client)

    response = table.post(EXAMPLE_DEAL, headers=other.headers)

    assert response.status_code == 403
    assert table.get()["hands"] == []


@pytest.mark.parametrize(
    ("method", "suffix"), [("post", "/hands"), ("put", "/hands/1"), ("delete", "/hands/1"), ("post", "/next")])
def test_an_unknown_game_is_404(client, method, suffix):
    response = client.open(f"/api/v1/games/no-such-game{suffix}", method=method.upper(), json=CAPOT,
                           headers=auth("x"))

    assert response.status_code == 404
    assert response.get_json() == NOT_FOUND


# --- the next partie and the session -----------------------------------------


def test_next_partie_starts_a_new_partie_in_the_same_session(table):
    table.add(*PARTIE_154_113)
    assert (table.get()["session"], table.get()["session_totals"]) == (None, None)

    response = table.next()

    assert response.status_code == 201
    partie = response.get_json()
    assert response.headers["Location"] == f"/api/v1/games/{partie['id']}"
    assert partie["id"] != table.id
    assert "edit_token" not in partie
    assert partie == {
        "id": partie["id"],
        "game": "piquet",
        "players": ["Ann", "Ben"],
        "first_dealer": "Ann",
        "settings": {"variant": "rubicon"},
        "version": 0,
        "hands": [],
        "totals": {"Ann": {"score": 0}, "Ben": {"score": 0}},
        "status": "in_progress",
        "winner": None,
        "next_dealer": "Ann",
        "after_end": [],
        "hands_after_end": [],
        "settlement": None,
        "session": table.id,
        "session_totals": {"Ann": 141, "Ben": -141},
        "url": f"http://localhost/g/{partie['id']}",
    }
    first = table.get()
    assert (first["session"], first["session_totals"]) == (table.id, {"Ann": 141, "Ben": -141})


def test_session_totals_add_up_the_settlements_of_every_partie_so_far(client, table):
    table.add(*PARTIE_154_113)
    second = Table(client, {"id": table.next().get_json()["id"], "edit_token": table.token})

    # Ann deals first now, so Ben is elder in the odd deals: the same deals make Ben 154, Ann 93.
    second.add(*PARTIE_154_93)

    game = second.get()
    assert game["settlement"] == {"winner": "Ben", "points": 347, "rubiconed": True}
    assert game["session_totals"] == {"Ann": -206, "Ben": 206}
    assert table.get()["session_totals"] == {"Ann": -206, "Ben": 206}  # the whole session, from any partie
    third = second.next().get_json()
    assert (third["session"], third["first_dealer"], third["session_totals"]) == (
        table.id, "Ben", {"Ann": -206, "Ben": 206})


def test_the_new_partie_takes_the_same_edit_token(client, table):
    table.add(*PARTIE_154_113)
    partie = table.next().get_json()

    response = client.post(f"/api/v1/games/{partie['id']}/hands", json=EXAMPLE_DEAL, headers=table.headers)

    assert response.status_code == 201
    assert (response.get_json()["dealer"], response.get_json()["elder"]) == ("Ann", "Ben")


def test_next_partie_twice_returns_the_partie_already_started(app, table):
    table.add(*PARTIE_154_113)
    first = table.next()
    before = stored(app)

    again = table.next()

    assert again.status_code == 200
    assert again.get_json() == first.get_json()
    assert again.headers["Location"] == first.headers["Location"]
    assert stored(app) == before


def test_the_database_refuses_a_second_partie_after_the_same_one(app, table):
    """Two phones pressing "next partie" at once: the unique previous_id lets one through."""
    table.add(*PARTIE_154_113)
    table.next()
    with app.app_context():
        started = db.session.execute(db.select(Game).where(Game.previous_id.is_not(None))).scalar_one()
        twin = Game(public_id="twin", kind="piquet", first_dealer=started.first_dealer, settings={},
                    edit_token_hash="x", previous_id=started.previous_id)
        db.session.add(twin)
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()


def test_a_drawn_partie_is_followed_by_another_and_adds_nothing(table):
    table.add(*[ALTERNATE] * 8)

    partie = table.next().get_json()

    assert partie["session_totals"] == {"Ann": 0, "Ben": 0}


def test_next_partie_before_the_partie_is_over_is_422_and_saves_nothing(app, table):
    table.add(*PARTIE_154_113[:5])
    before = stored(app)

    response = table.next()

    assert response.status_code == 422
    assert response.get_json() == errors(("game", "Finish this partie before starting the next one."))
    assert stored(app) == before


@pytest.mark.parametrize(
    "payload",
    [
        {"game": "piquet", "players": PLAYERS, "first_dealer": "Ben", "settings": {"variant": "saunt"}},
        {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann",
         "settings": {"target": 50}},
    ],
    ids=["saunt", "spades"],
)
def test_only_a_rubicon_partie_has_a_next_partie(app, client, payload):
    created = client.post("/api/v1/games", json=payload).get_json()
    table = Table(client, created)
    before = stored(app)

    response = table.next()

    assert response.status_code == 422
    assert response.get_json() == errors(("game", "Only Rubicon Piquet is played in parties: start a new game instead."))
    assert stored(app) == before


def test_dummy_spades_games_have_no_session_fields(client):
    created = client.post("/api/v1/games", json={"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"]}).get_json()

    assert "session_totals" not in created and "settlement" not in created


# --- POST /api/v1/piquet/check ----------------------------------------------


def test_the_checker_finds_and_compares_every_combination_of_rules_p3(client):
    response = client.post("/api/v1/piquet/check", json={**P3_CARDS, "carte_blanche": None})

    assert response.status_code == 200
    assert response.get_json() == {
        "classes": {
            "point": {"good": "equal", "points": 0,
                      "explanation": "Elder's point of 4 (38) equals Younger's point of 4 (38): nobody scores."},
            "sequences": {"good": "younger", "points": 3,
                          "explanation": "Younger's tierce to the king is good (Elder declared none): "
                                         "Younger scores 3."},
            "sets": {"good": "younger", "points": 28,
                     "explanation": ("Younger's quatorze of kings beats Elder's trio of aces: "
                                       "Younger scores 14 for quatorze of kings + 14 for quatorze of queens.")},
        },
        "elder": {
            "point": {"suit": "H", "cards": 4, "value": 38},
            "sequences": [],
            "sets": [{"rank": "A", "size": 3, "name": "trio"}],
            "combination_points": 0,
            "repique": 0,
            "blank": False,
        },
        "younger": {
            "point": {"suit": "C", "cards": 4, "value": 38},
            "sequences": [{"suit": "C", "length": 3, "top": "K", "name": "tierce"}],
            "sets": [{"rank": "K", "size": 4, "name": "quatorze"}, {"rank": "Q", "size": 4, "name": "quatorze"}],
            "combination_points": 31,
            "repique": 60,
            "blank": False,
        },
        "explanation": [
            "Elder's point of 4 (38) equals Younger's point of 4 (38): nobody scores.",
            "Younger's tierce to the king is good (Elder declared none): Younger scores 3.",
            ("Younger's quatorze of kings beats Elder's trio of aces: "
             "Younger scores 14 for quatorze of kings + 14 for quatorze of queens."),
            "Younger reaches 31 before Elder scores: repique, +60.",
        ],
    }


def test_the_checker_names_every_sequence_and_set_and_counts_carte_blanche_when_given(client):
    # Elder: a huitieme of spades and the other three aces; younger: two sixiemes.
    elder = "AS KS QS JS TS 9S 8S 7S AH AD AC KH".split()
    younger = "QH JH TH 9H 8H 7H KD QD JD TD 9D 8D".split()

    body = client.post("/api/v1/piquet/check", json={"elder": elder, "younger": younger,
                                                     "carte_blanche": "younger"}).get_json()

    assert body["elder"]["point"] == {"suit": "S", "cards": 8, "value": 75}
    assert body["elder"]["sequences"] == [{"suit": "S", "length": 8, "top": "A", "name": "huitieme"}]
    assert body["elder"]["sets"] == [{"rank": "A", "size": 4, "name": "quatorze"}]
    assert body["younger"]["sequences"] == [{"suit": "D", "length": 6, "top": "K", "name": "sixieme"},
                                            {"suit": "H", "length": 6, "top": "Q", "name": "sixieme"}]
    assert [(name, c["good"], c["points"]) for name, c in body["classes"].items()] == [
        ("point", "elder", 8), ("sequences", "elder", 18), ("sets", "elder", 14)]
    # Younger's carte blanche counts first, so elder's 40 is no repique.
    assert (body["younger"]["combination_points"], body["younger"]["repique"]) == (10, 0)
    assert (body["elder"]["combination_points"], body["elder"]["repique"]) == (40, 0)
    assert body["explanation"][0] == "Younger has carte blanche: +10."


def test_the_checker_says_whether_the_cards_hold_no_face_card(client):
    elder = "AS TS 9S 8S 7S AH TH 9H 8H AD TD 9D".split()
    younger = "KS QS JS KH QH JH KD QD JD KC QC JC".split()

    body = client.post("/api/v1/piquet/check", json={"elder": elder, "younger": younger}).get_json()

    assert (body["elder"]["blank"], body["younger"]["blank"]) == (True, False)
    # The point of 5, the quart to the 10 and the tierce to the 10; carte blanche only when claimed.
    assert body["elder"]["combination_points"] == 12
    assert body["elder"]["sequences"] == [{"suit": "S", "length": 4, "top": "T", "name": "quart"},
                                          {"suit": "H", "length": 3, "top": "T", "name": "tierce"}]


P3_ELDER, P3_YOUNGER = P3_CARDS[E], P3_CARDS[Y]


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        pytest.param({"elder": P3_ELDER[:11], "younger": P3_YOUNGER}, [("elder", "Enter exactly 12 cards.")],
                     id="11 cards"),
        pytest.param({"elder": P3_ELDER, "younger": [*P3_YOUNGER, "7S"]}, [("younger", "Enter exactly 12 cards.")],
                     id="13 cards"),
        pytest.param({"younger": P3_YOUNGER}, [("elder", "Enter exactly 12 cards.")], id="a hand missing"),
        pytest.param({"elder": " ".join(P3_ELDER), "younger": P3_YOUNGER}, [("elder", "Enter exactly 12 cards.")],
                     id="a hand as one string"),
        pytest.param({"elder": [*P3_ELDER[:11], "ZZ"], "younger": P3_YOUNGER}, [("elder[11]", CARD_TEXT)],
                     id="an unknown card"),
        pytest.param({"elder": [*P3_ELDER[:11], "6H"], "younger": P3_YOUNGER}, [("elder[11]", CARD_TEXT)],
                     id="a six"),
        pytest.param({"elder": P3_ELDER, "younger": [None, *P3_YOUNGER[1:]]}, [("younger[0]", CARD_TEXT)],
                     id="a card not text"),
        pytest.param({"elder": [*P3_ELDER[:11], "7h"], "younger": P3_YOUNGER},
                     [("elder[11]", "The 7 of hearts appears twice.")], id="a duplicate card"),
        pytest.param({"elder": P3_ELDER, "younger": [*P3_YOUNGER[:11], "AS"]},
                     [("younger[11]", "The two hands share the ace of spades.")], id="overlapping hands"),
        pytest.param({"elder": P3_ELDER, "younger": ["XX", "AS", *P3_YOUNGER[2:]]},
                     [("younger[0]", CARD_TEXT), ("younger[1]", "The two hands share the ace of spades.")],
                     id="overlap after an unknown card"),
        pytest.param({**P3_CARDS, "carte_blanche": "both"},
                     [("carte_blanche", "Carte blanche is held by elder, younger or nobody.")], id="carte blanche both"),
        pytest.param({**P3_CARDS, "carte_blanche": ["elder", "younger"]},
                     [("carte_blanche", "Only one player can have carte blanche.")], id="two carte blanches"),
        pytest.param({**P3_CARDS, "carte_blanche": True},
                     [("carte_blanche", "Carte blanche is held by elder, younger or nobody.")], id="carte blanche true"),
        pytest.param({}, [("elder", "Enter exactly 12 cards."), ("younger", "Enter exactly 12 cards.")],
                     id="an empty object"),
        pytest.param([P3_ELDER, P3_YOUNGER], [("body", "Send a JSON object.")], id="body a list"),
        pytest.param("null", [("body", "Send a JSON object.")], id="body null"),
    ],
)
def test_the_checker_refuses_bad_hands_with_422(app, client, payload, expected):
    before = stored(app)
    body = payload if isinstance(payload, str) else json.dumps(payload)

    response = client.post("/api/v1/piquet/check", data=body, content_type="application/json")

    assert response.status_code == 422
    assert response.get_json() == errors(*expected)
    assert stored(app) == before


@pytest.mark.parametrize(("holder", "elder", "younger", "message"), [
    (E, "JH TH 9H 8H KD QD JD 9D KC QC JC TC", "AS KS QS JS TS 9S AH KH QH AD TD AC",
     "With carte blanche, elder holds at most 5 kings, queens and jacks after the exchange; these cards hold 7."),
    (Y, "AS TS 9S 8S 7S AH TH 9H AD TD AC TC", "KS QS JS KH QH JH KD QD 9D 8D 7D 9C",
     "With carte blanche, younger holds at most 7 kings, queens and jacks after the exchange; these cards hold 8."),
])
def test_the_checker_limits_the_kings_queens_and_jacks_of_the_hand_said_to_hold_carte_blanche(
        app, client, holder, elder, younger, message):
    response = client.post("/api/v1/piquet/check", json={"elder": elder.split(), "younger": younger.split(),
                                                          "carte_blanche": holder})

    assert response.status_code == 422
    assert response.get_json() == errors(("carte_blanche", message))
    swapped = client.post("/api/v1/piquet/check", json={"elder": younger.split(), "younger": elder.split(),
                                                         "carte_blanche": holder})
    assert swapped.status_code == 200


@pytest.mark.parametrize("body", [b"", b"{", b'{"elder": [}', b"\x80"])
def test_the_checker_refuses_malformed_json_with_400(client, body):
    response = client.post("/api/v1/piquet/check", data=body, content_type="application/json")

    assert response.status_code == 400
    assert response.get_json() == MALFORMED


def test_the_checker_needs_no_token_and_only_accepts_post(client):
    assert client.post("/api/v1/piquet/check", json=P3_CARDS).status_code == 200
    response = client.get("/api/v1/piquet/check")
    assert response.status_code == 405
    assert response.get_json() == errors(("request", "This address does not accept that method."))


def count_queries(app, client, path):
    """How many SQL statements reading *path* runs."""
    statements = []

    def record(conn, cursor, statement, parameters, context, executemany):
        if statement != "BEGIN":  # SQLite's transactions are begun explicitly (scorekeeper/database.py)
            statements.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        assert client.get(path).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", record)
    return len(statements)


def test_session_totals_take_a_fixed_number_of_queries_however_many_parties(app, client, table):
    parties = [table]
    for _ in range(3):
        parties[-1].add(*PARTIE_154_113)
        parties.append(Table(client, {"id": parties[-1].next().get_json()["id"], "edit_token": table.token}))

    counts = [count_queries(app, client, partie.path) for partie in parties]
    kept = [count_queries(app, client, partie.path) for partie in parties]

    # The first dealer alternates between parties, so the same deals win for Ann, Ben, Ann.
    assert parties[-1].get()["session_totals"] == {"Ann": 141, "Ben": -141}
    assert counts[1:] == [counts[1]] * 3
    assert counts[1] <= 13, ("resumed, its deals' pieces looked up and, missing, made from the partie replayed in one "
                             "query, then kept for the next readers (the pieces, the object, a delete of older ones)")
    assert kept == [4] * 4, "the game, its seats, the versions of its session, and the kept object"


# docs/rules.md B8, example S1: Ann (elder) 94, Ben 95 before the deal (deal by deal (elder, younger): (64, 0)
# (65, 0) (18, 12) (18, 12)).
S1_BEFORE = [
    {"point": {E: {"cards": 4, "value": 40}}, "sequences": {E: [{"length": 4, "top": "K"}]},
     "sets": {E: [{"size": 3, "rank": "A"}]}, "tricks": [E] * 12},
    {"point": {E: {"cards": 5, "value": 45}}, "sequences": {E: [{"length": 4, "top": "K"}]},
     "sets": {E: [{"size": 3, "rank": "A"}]}, "tricks": [E] * 12},
    {"point": {E: {"cards": 6, "value": 54}}, **ALTERNATE},
    {"point": {E: {"cards": 6, "value": 54}}, **ALTERNATE},
]
S1_DEAL = {"point": {E: {"cards": 5, "value": 45}},
           "sequences": {Y: [{"length": 4, "top": "K"}, {"length": 3, "top": "A"}]}, "tricks": [E] * 12}


def test_s1_bens_sequences_reach_100_before_anns_lead_point(saunt):
    saunt.add(*S1_BEFORE)
    game = saunt.get()
    assert scores(game) == {"Ann": 94, "Ben": 95} and game["double"] is None

    response = saunt.post(S1_DEAL)

    assert response.status_code == 201
    result = response.get_json()
    assert result["ended_game"] is True
    assert result["players"]["Ann"] == {**line("elder", point=5), "score": 99}
    assert result["players"]["Ben"] == {**line("younger", sequences=7), "score": 102}
    assert result["explanation"][-2:] == [
        "Ben reaches 100: the game ends here and nothing after counts.",
        "Law 67: Ben's sequences reckon before Ann's lead point, so Ben reached 100 first."]
    game = saunt.get()
    assert (game["status"], game["winner"], game["double"]) == ("finished", "Ben", False)


def test_a_saunt_game_to_6_anns_point_of_5_bens_sequences_of_7_ben_wins_7_to_5(client):
    table = start(client, settings={"variant": "saunt", "target": 6})
    table.add(S1_DEAL)
    game = table.get()
    assert (scores(game), game["winner"], game["double"]) == ({"Ann": 5, "Ben": 7}, "Ben", False)


def test_a_saunt_game_won_with_the_loser_under_half_the_target_is_double(client):
    table = start(client, settings={"variant": "saunt", "target": 10})
    result = table.post({"sets": {Y: [{"size": 4, "rank": "A"}]}, "tricks": []}).get_json()
    assert result["explanation"][-1] == "Ben won with Ann under 5: a double game."
    game = table.get()
    assert (scores(game), game["winner"], game["double"]) == ({"Ann": 0, "Ben": 14}, "Ben", True)


def test_a_rubicon_partie_has_no_double(table):
    assert "double" not in table.get()
