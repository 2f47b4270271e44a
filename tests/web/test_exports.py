"""Downloads (JSON, CSV) and the import of a downloaded game, through the pages and the API."""

from __future__ import annotations

import copy
import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.extensions import db
from scorekeeper.games import GAMES
from scorekeeper.models import Game, Hand

from ..conftest import dispose, make_app
from ..games import PIQUET_DEALS, PIQUET_GAME, SPADES_GAME, SPADES_HANDS, SPADES_PLAYERS
from .forms_client import csrf_token
from .markup import text_of

# docs/api.md "Dummy Hand Spades hand" as hand 1 (Ben nil on Cid, Cid nil on Cid and the dummy), then a plain hand 2.
NIL_HAND = {
    "bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5, "nil": ["Cid"]},
             {"player": "Cid", "bid": 6, "nil": ["Cid", "dummy"]}],
    "tricks": {"Ann": 5, "dummy": 3, "Ben": 2, "Cid": 3},
}
PLAIN_HAND = {
    "bids": [{"player": "Ann", "bid": 4}, {"player": "Ben", "bid": 4}, {"player": "Cid", "bid": 5}],
    "tricks": {"Ann": 4, "Ben": 3, "Cid": 3, "dummy": 3},
}
SPADES_CSV = (
    "\ufeffhand,dealer,player,role,bid,nil_on,tricks,team_tricks,made,contract_points,nil_points,bags_added,"
    "bag_penalty,delta,score,bags\r\n"
    "1,Ann,Ann,declarer,7,,5,8,true,71,0,1,0,71,71,1\r\n"
    "1,Ann,Ben,defender,5,Cid,2,5,true,50,-100,0,0,-50,-50,0\r\n"
    "1,Ann,Cid,defender,6,Cid; dummy,3,5,false,-60,-100,0,0,-160,-160,0\r\n"
    "2,Ben,Ann,defender,4,,4,7,true,43,0,3,0,43,114,4\r\n"
    "2,Ben,Ben,defender,4,,3,7,true,43,0,3,0,43,-7,3\r\n"
    "2,Ben,Cid,declarer,5,,3,6,true,51,0,1,0,51,-109,1\r\n"
)
PIQUET_CSV = (
    "\ufeffdeal,dealer,player,role,carte_blanche,point,sequences,sets,repique,pique,tricks,cards,capot,total,score\r\n"
    "1,Ben,Ann,elder,0,5,0,0,0,0,9,10,0,24,24\r\n"
    "1,Ben,Ben,younger,0,0,3,14,0,0,6,0,0,23,23\r\n"
    "2,Ann,Ann,younger,0,0,0,0,0,0,8,0,0,8,32\r\n"
    "2,Ann,Ben,elder,0,6,4,14,0,30,12,10,0,76,99\r\n"
    "3,Ben,Ann,elder,0,0,0,0,0,0,12,0,0,12,44\r\n"
    "3,Ben,Ben,younger,0,0,0,0,0,0,12,0,0,12,111\r\n"
    "4,Ann,Ann,younger,0,0,0,0,0,0,0,0,0,0,44\r\n"
    "4,Ann,Ben,elder,10,6,16,28,60,0,13,0,40,173,284\r\n"
)
# A new game has its own id and token, and its version counts its own changes (none yet).
NEW_ID_FIELDS = ("id", "url", "edit_token", "version")


def start(client, game, hands=()):
    created = client.post("/api/v1/games", json=game).get_json()
    for hand in hands:
        response = client.post(f"/api/v1/games/{created['id']}/hands", json=hand,
                               headers={"Authorization": f"Bearer {created['edit_token']}"})
        assert response.status_code == 201, response.get_json()
    return created["id"]


def stored(app) -> tuple[int, int]:
    with app.app_context():
        count = db.select(db.func.count())
        return (db.session.execute(count.select_from(Game)).scalar_one(),
                db.session.execute(count.select_from(Hand)).scalar_one())


def without_ids(game: dict) -> dict:
    return {key: value for key, value in game.items() if key not in NEW_ID_FIELDS}


# --- downloads ----------------------------------------------------------------------


def test_the_json_download_is_the_api_game_object(client):
    game_id = start(client, SPADES_GAME, SPADES_HANDS[:3])

    response = client.get(f"/g/{game_id}/export.json")

    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="scorekeeper-dummy-spades-{game_id}.json"')
    assert response.get_data() == client.get(f"/api/v1/games/{game_id}").get_data()
    assert json.loads(response.get_data())["hands"][2]["number"] == 3


def test_the_spades_csv_has_a_row_per_hand_and_player(client):
    game_id = start(client, {"game": "dummy-spades", "players": SPADES_PLAYERS, "first_dealer": "Ann"},
                    [NIL_HAND, PLAIN_HAND])

    response = client.get(f"/g/{game_id}/export.csv")

    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="scorekeeper-dummy-spades-{game_id}.csv"')
    assert response.get_data(as_text=True) == SPADES_CSV


def test_the_piquet_csv_has_a_row_per_deal_and_player(client):
    game_id = start(client, PIQUET_GAME, PIQUET_DEALS[:4])

    response = client.get(f"/g/{game_id}/export.csv")

    assert response.headers["Content-Disposition"] == f'attachment; filename="scorekeeper-piquet-{game_id}.csv"'
    assert response.get_data(as_text=True) == PIQUET_CSV


def test_a_game_without_hands_downloads_a_header_only(client):
    game_id = start(client, PIQUET_GAME)

    assert client.get(f"/g/{game_id}/export.csv").get_data(as_text=True) == PIQUET_CSV.split("\r\n")[0] + "\r\n"


def test_names_that_a_spreadsheet_would_run_as_formulas_are_quoted(client):
    game_id = start(client, {**PIQUET_GAME, "players": ["=SUM(A1)", "@Ben"], "first_dealer": "@Ben"},
                    PIQUET_DEALS[:1])

    rows = client.get(f"/g/{game_id}/export.csv").get_data(as_text=True).split("\r\n")

    assert rows[1:3] == ["1,'@Ben,'=SUM(A1),elder,0,5,0,0,0,0,9,10,0,24,24",
                         "1,'@Ben,'@Ben,younger,0,0,3,14,0,0,6,0,0,23,23"]


def test_downloads_need_no_edit_token_and_unknown_games_are_404(client, app):
    game_id = start(client, PIQUET_GAME, PIQUET_DEALS[:1])
    reader = app.test_client()

    assert reader.get(f"/g/{game_id}/export.json").status_code == 200
    assert reader.get(f"/g/{game_id}/export.csv").status_code == 200
    assert reader.get("/g/nope/export.json").status_code == 404
    assert reader.get("/g/nope/export.csv").status_code == 404


# --- import through the API ---------------------------------------------------------


@pytest.mark.parametrize(("game", "hands"), [
    (SPADES_GAME, SPADES_HANDS),
    ({"game": "dummy-spades", "players": ["Ann", "Zoë", "Cid"], "first_dealer": "Cid", "dummy_after": 0,
      "settings": {"target": 500, "bag_limit": 0, "bag_penalty": 50, "variant": "flip-2"}},
     [json.loads(json.dumps(hand).replace("Ben", "Zoë")) for hand in (NIL_HAND, PLAIN_HAND)]),
    (PIQUET_GAME, PIQUET_DEALS),
    ({**PIQUET_GAME, "settings": {"variant": "saunt", "target": 150}}, PIQUET_DEALS[:3]),
    (PIQUET_GAME, []),
])
def test_an_exported_game_imports_as_the_same_game_with_a_new_id_and_token(client, game, hands):
    game_id = start(client, game, hands)
    exported = json.loads(client.get(f"/g/{game_id}/export.json").get_data(as_text=True))

    response = client.post("/api/v1/games/import", json=exported)

    assert response.status_code == 201
    imported = response.get_json()
    assert imported["id"] != game_id
    assert response.headers["Location"] == f"/api/v1/games/{imported['id']}"
    assert imported["url"] == f"http://localhost/g/{imported['id']}"
    again = json.loads(client.get(f"/g/{imported['id']}/export.json").get_data(as_text=True))
    assert without_ids(again) == without_ids(exported)
    assert without_ids(imported) == without_ids(exported)


def test_the_imported_game_takes_its_new_token_and_plays_on(client):
    game_id = start(client, SPADES_GAME, SPADES_HANDS[:5])
    exported = client.get(f"/api/v1/games/{game_id}").get_json()
    imported = client.post("/api/v1/games/import", json=exported).get_json()
    headers = {"Authorization": f"Bearer {imported['edit_token']}"}

    response = client.post(f"/api/v1/games/{imported['id']}/hands", json=SPADES_HANDS[5], headers=headers)

    assert response.status_code == 201
    assert response.get_json()["number"] == 6
    assert client.get(f"/api/v1/games/{game_id}").get_json()["hands"] == exported["hands"], "the original is unchanged"


def test_only_what_was_entered_is_read_and_scores_are_replayed(client):
    game_id = start(client, SPADES_GAME, SPADES_HANDS[:2])
    exported = client.get(f"/api/v1/games/{game_id}").get_json()
    edited = {**copy.deepcopy(exported), "totals": {"Ann": {"score": 1000, "bags": 0}}, "status": "finished",
              "session": "elsewhere"}
    edited["hands"][0]["players"]["Ann"]["score"] = 999

    imported = client.post("/api/v1/games/import", json=edited).get_json()

    assert without_ids(imported) == without_ids(exported)


# --- hands kept after an early end -------------------------------------------------

# Ann declares 10 and makes it with the dummy: 101, enough to win a game to 100.
WINNING_HAND = {
    "bids": [{"player": "Ann", "bid": 10}, {"player": "Ben", "bid": 1}, {"player": "Cid", "bid": 2}],
    "tricks": {"Ann": 6, "dummy": 5, "Ben": 1, "Cid": 1},
}
E, Y = "elder", "younger"


def ended_early(client, game, entries, number, replacement):
    """A game with `entries`, then entry `number` replaced so that the game ends there."""
    created = client.post("/api/v1/games", json=game).get_json()
    headers = {"Authorization": f"Bearer {created['edit_token']}"}
    path = f"/api/v1/games/{created['id']}"
    for entry in entries:
        assert client.post(f"{path}/hands", json=entry, headers=headers).status_code == 201
    response = client.put(f"{path}/hands/{number}", json=replacement,
                          headers={**headers, "If-Match": f'"{len(entries)}"'})
    assert response.status_code == 200, response.get_json()
    return created["id"]


def test_hands_kept_after_an_early_end_are_exported_and_imported(client):
    game_id = ended_early(client, {**SPADES_GAME, "settings": {"target": 150}}, SPADES_HANDS[:3], 2, WINNING_HAND)

    exported = client.get(f"/g/{game_id}/export.json").get_json()
    csv_lines = client.get(f"/g/{game_id}/export.csv").get_data(as_text=True).splitlines()
    imported = client.post("/api/v1/games/import", json=exported).get_json()

    assert (len(exported["hands"]), exported["after_end"], exported["winner"]) == (2, [3], "Ann")
    assert exported["hands_after_end"] == [{"number": 3, "entry": SPADES_HANDS[2]}]
    assert csv_lines[4:] == ["2,Ben,Ann,declarer,10,,6,11,true,101,0,1,0,101,172,2",
                             "2,Ben,Ben,defender,1,,1,2,true,11,0,1,0,11,61,1",
                             "2,Ben,Cid,defender,2,,1,2,true,20,0,0,0,20,-40,0",
                             "3,Cid,Ann,,3,,4,,,,,,,,,", "3,Cid,Ben,,6,,4,,,,,,,,,", "3,Cid,Cid,,3,,3,,,,,,,,,"]
    assert without_ids(imported) == without_ids(exported), "the same game, the hands after the end included"


def test_deals_kept_after_an_early_saunt_end_are_exported_and_imported(client):
    game = {**PIQUET_GAME, "settings": {"variant": "saunt", "target": 100}}
    alternate = {"tricks": [E, Y] * 6}
    game_id = ended_early(client, game, [PIQUET_DEALS[0], alternate, alternate], 2, PIQUET_DEALS[3])

    exported = client.get(f"/api/v1/games/{game_id}").get_json()
    csv_lines = client.get(f"/g/{game_id}/export.csv").get_data(as_text=True).splitlines()
    imported = client.post("/api/v1/games/import", json=exported).get_json()

    assert (exported["after_end"], exported["winner"]) == ([3], "Ben")
    assert exported["hands_after_end"] == [{"number": 3, "entry": {
        "carte_blanche": None, "point": {E: None, Y: None}, "sequences": {E: [], Y: []}, "sets": {E: [], Y: []},
        "tricks": alternate["tricks"]}}]
    assert csv_lines[-2:] == ["3,Ben,Ann,elder,,,,,,,,,,,", "3,Ben,Ben,younger,,,,,,,,,,,"]
    assert without_ids(imported) == without_ids(exported)


def test_hands_after_the_end_must_follow_a_game_that_ended(app, client):
    exported = {**SPADES_GAME, "hands": [{"entry": SPADES_HANDS[0]}],
                "hands_after_end": [{"entry": SPADES_HANDS[1]}, {"entry": {"bids": []}}]}

    refused = client.post("/api/v1/games/import", json=exported)
    scored = client.post("/api/v1/games/import", json={**exported, "hands_after_end": [{"entry": SPADES_HANDS[1]}]})

    assert refused.status_code == 422
    assert refused.get_json()["errors"][0] == {
        "field": "hands_after_end[1].entry.bids", "message": "Hand 3: Enter one bid for each of the three players."}
    game = scored.get_json()
    assert (len(game["hands"]), game["after_end"], game["hands_after_end"]) == (2, [], []), \
        "a hand listed after the end of a game that goes on is scored in its place"


GAME = {**SPADES_GAME, "hands": [{"entry": hand} for hand in SPADES_HANDS]}


@pytest.mark.parametrize(("payload", "expected"), [
    ([1, 2], [("body", "This is not a Scorekeeper game: the file must hold one game object.")]),
    ({"game": "chess", "hands": []}, [("game", "The game must be one of “dummy-spades”, “piquet”, “spades”.")]),
    ({"game": "dummy-spades", "players": SPADES_PLAYERS}, [("hands", "The game has no list of hands.")]),
    ({**GAME, "hands": {"1": {}}}, [("hands", "The game has no list of hands.")]),
    ({**GAME, "players": ["Ann", "Ben"]}, [("players", "Enter exactly 3 player names.")]),
    ({**GAME, "first_dealer": None}, [("first_dealer", "Choose the first dealer from the three players.")]),
    ({**GAME, "settings": {"target": 0}}, [("settings.target", "The target is a whole number from 1 to 10000.")]),
    ({**GAME, "hands": [{"entry": SPADES_HANDS[0]}, {"number": 2}, 7]},
     [("hands[1].entry", "Hand 2 has no entry."), ("hands[2].entry", "Hand 3 has no entry.")]),
    ({**GAME, "hands": [{"entry": SPADES_HANDS[0]}, {"entry": {**SPADES_HANDS[1], "bids": [{"player": "Zed", "bid": 14}]}}]},
     [("hands[1].entry.bids", "Hand 2: Enter one bid for each of the three players."),
      ("hands[1].entry.bids[0].player", "Hand 2: “Zed” is not a player in this game."),
      ("hands[1].entry.bids[0].bid", "Hand 2: A bid is a whole number from 0 to 13.")]),
    ({**GAME, "hands": [*GAME["hands"], {"entry": SPADES_HANDS[0]}]},
     [("hands[20]", "Hand 21: This game is over: Ann has won.")]),
    ({**PIQUET_GAME, "hands": [{"entry": {"tricks": ["elder"] * 11}}]},
     [("hands[0].entry.tricks", "Deal 1: Enter exactly 12 trick winners.")]),
    ({**PIQUET_GAME, "hands": [{"entry": []}, {"entry": {"tricks": ["elder"] * 12, "carte_blanche": "both"}}]},
     [("hands[0].entry", "Deal 1 has no entry."),
      ("hands[1].entry.carte_blanche", "Deal 2: Carte blanche is held by elder, younger or nobody.")]),
])
def test_the_api_import_refuses_what_the_rules_refuse_with_422_and_saves_nothing(app, client, payload, expected):
    before = stored(app)

    response = client.post("/api/v1/games/import", json=payload)

    assert response.status_code == 422
    assert response.get_json() == {"errors": [{"field": field, "message": message} for field, message in expected]}
    assert stored(app) == before


def test_the_api_import_of_malformed_json_is_400(client):
    response = client.post("/api/v1/games/import", data="{not json", content_type="application/json")

    assert response.status_code == 400
    assert response.get_json() == {"errors": [{"field": "body", "message": "The request body is not valid JSON."}]}


# --- import through the page --------------------------------------------------------


def upload(client, content: bytes | None, *, filename: str = "game.json"):
    data = {"csrf_token": csrf_token(client, "/import")}
    if content is not None:
        data["file"] = (io.BytesIO(content), filename)
    return client.post("/import", data=data, content_type="multipart/form-data")


def test_the_import_page_is_linked_from_home_and_has_an_upload_form(client):
    assert 'href="/import"' in client.get("/").get_data(as_text=True)
    html = client.get("/import").get_data(as_text=True)

    assert '<form method="post" action="/import" enctype="multipart/form-data"' in html
    assert '<input accept=".json,application/json" id="file" name="file" required type="file">' in html


def test_an_uploaded_game_becomes_a_new_game_this_browser_can_edit(app, client):
    game_id = start(client, PIQUET_GAME, PIQUET_DEALS[:3])
    exported = client.get(f"/g/{game_id}/export.json").get_data()
    phone = app.test_client()

    response = upload(phone, exported)

    assert response.status_code == 303
    new_id = response.headers["Location"].removeprefix("/g/")
    assert new_id != game_id
    page = phone.get(f"/g/{new_id}").get_data(as_text=True)
    assert 'id="deal-form"' in page or 'class="deal-form' in page, "the importing browser may record deals"
    again = client.get(f"/api/v1/games/{new_id}").get_json()
    assert without_ids(again) == without_ids(json.loads(exported))


@pytest.mark.parametrize(("content", "expected"), [
    (None, ["Choose the game's .json file."]),
    (b"", ["This file is not JSON. Choose the .json file downloaded from a game's summary."]),
    (b"hand,dealer\r\n1,Ann\r\n", ["This file is not JSON. Choose the .json file downloaded from a game's summary."]),
    (b"\xff\xfe{}", ["This file is not JSON. Choose the .json file downloaded from a game's summary."]),
    (b"[]", ["This is not a Scorekeeper game: the file must hold one game object."]),
    (json.dumps({**GAME, "first_dealer": "Zed"}).encode(),
     ["Choose the first dealer from the three players. (first_dealer)"]),
    (json.dumps({**GAME, "hands": [GAME["hands"][0], {"entry": {**SPADES_HANDS[1], "tricks": {"Ann": 13}}}]}).encode(),
     ["Hand 2: Enter the tricks of Ben's hand. (hands[1].entry.tricks)",
      "Hand 2: Enter the tricks of Cid's hand. (hands[1].entry.tricks)",
      "Hand 2: Enter the tricks of the dummy. (hands[1].entry.tricks)"]),
])
def test_a_refused_upload_says_why_beside_the_file_field_and_saves_nothing(app, client, content, expected):
    before = stored(app)

    response = upload(client, content)

    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert text_of(html, "file-error") == " ".join(expected)
    assert 'aria-invalid="true"' in html and 'aria-describedby="file-error"' in html
    assert stored(app) == before


def test_an_upload_without_the_csrf_token_is_refused(app, client):
    response = client.post("/import", data={"file": (io.BytesIO(b"{}"), "game.json")},
                           content_type="multipart/form-data")

    assert response.status_code == 400
    assert stored(app) == (0, 0)


# --- junk never breaks the import ---------------------------------------------------

junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
    | st.sampled_from(["dummy", "elder", "younger", "Ann", "piquet", "dummy-spades"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)
KEYS = ["game", "players", "first_dealer", "dummy_after", "settings", "hands"]


@st.composite
def damaged_games(draw):
    """An exported game with some keys (or some hand entries) replaced by junk."""
    game = copy.deepcopy(draw(st.sampled_from([GAME, {**PIQUET_GAME, "hands": [{"entry": d} for d in PIQUET_DEALS]}])))
    for key in draw(st.lists(st.sampled_from(KEYS), max_size=2, unique=True)):
        game[key] = draw(junk)
    if isinstance(game["hands"], list) and game["hands"] and draw(st.booleans()):
        index = draw(st.integers(min_value=0, max_value=len(game["hands"]) - 1))
        game["hands"][index] = {"entry": draw(junk)} if draw(st.booleans()) else draw(junk)
    return game


def test_damaged_files_are_refused_with_422_or_imported_never_a_500(tmp_path):
    app = make_app(tmp_path)
    client = app.test_client()

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(damaged_games())
    def check(game):
        before = stored(app)
        response = client.post("/api/v1/games/import", data=json.dumps(game), content_type="application/json")
        assert response.status_code in (201, 422)
        if response.status_code == 422:
            assert stored(app) == before
            assert all(set(error) == {"field", "message"} for error in response.get_json()["errors"])
            return
        created = response.get_json()
        assert stored(app) == (before[0] + 1, before[1] + len(game["hands"]))
        assert created["players"] == [name.strip() for name in game["players"]]
        assert created["first_dealer"].casefold() == game["first_dealer"].strip().casefold()
        with app.app_context():
            saved = db.session.execute(db.select(Game).filter_by(public_id=created["id"])).scalar_one()
            assert (saved.kind, list(saved.player_names), saved.first_dealer) == (
                game["game"], created["players"], created["first_dealer"])
            kind = GAMES[saved.kind]
            table = kind.restore(saved).table
            in_file = [kind.entry_to_dict(kind.parse_entry(table, hand["entry"])) for hand in game["hands"]]
            assert saved.entries() == in_file, "every entry of the file, in its order"

    try:
        check()
    finally:
        dispose(app)
