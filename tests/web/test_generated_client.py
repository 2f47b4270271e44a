"""The client a developer would generate from the API's document: openapi-python-client makes every operation,
with no warning (an operation it cannot read it skips with a warning, as it once did a hand's allOf), and that
client plays a game of each kind, a club night and a ladder.

The client is generated once a session, from the document an app serves. Its requests reach each test's app
through the app's test client (`AppTransport`), which checks every answer against the document as well.
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import httpx
import pytest

from ..conftest import dispose, make_app

pytestmark = pytest.mark.generated_client

PACKAGE = "scorekeeper_api_client"
BASE_URL = "http://localhost"


@pytest.fixture(scope="session")
def generated(tmp_path_factory):
    """The generated package, importable, with the document and what the generator said."""
    folder = tmp_path_factory.mktemp("generated_client")
    app = make_app(folder)
    document = app.test_client().get("/api/v1/openapi.json").get_json()
    dispose(app)
    (folder / "openapi.json").write_text(httpx.Response(200, json=document).text, encoding="utf-8")
    generator = Path(sys.executable).with_name("openapi-python-client")
    # The generator formats its output with ruff and warns when it cannot find it.
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    assert shutil.which("ruff", path=path)
    run = subprocess.run([generator, "generate", "--path", "openapi.json", "--meta", "none"], cwd=folder,
                         capture_output=True, text=True, timeout=300, env={**os.environ, "PATH": path}, check=False)
    sys.path.insert(0, str(folder))
    yield SimpleNamespace(document=document, output=run.stdout + run.stderr, returncode=run.returncode,
                          folder=folder / PACKAGE)
    sys.path.remove(str(folder))
    for name in [name for name in sys.modules if name.split(".")[0] == PACKAGE]:
        del sys.modules[name]


def test_openapi_python_client_generates_every_operation_without_a_warning(generated):
    assert generated.returncode == 0, generated.output
    assert "warning" not in generated.output.lower(), generated.output
    made = {path.stem for path in (generated.folder / "api").rglob("*.py")} - {"__init__"}
    operations = {operation["operationId"] for path in generated.document["paths"].values()
                  for operation in path.values()}
    assert len(operations) == 15
    assert made == {operation.replace("-", "_") for operation in operations}


class AppTransport(httpx.BaseTransport):
    """httpx's requests sent to the app through its test client, which checks each answer against the document."""

    def __init__(self, app):
        self.client = app.test_client()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        answer = self.client.open(request.url.raw_path.decode("ascii"), method=request.method,
                                  headers=[(key, value) for key, value in request.headers.multi_items()
                                           if key.lower() != "content-length"],
                                  data=request.read())
        return httpx.Response(answer.status_code, headers=list(answer.headers.items()), content=answer.get_data())


class Sdk:
    """The generated package as a developer uses it: its operations by module name, its models, its clients."""

    def __init__(self, app):
        assert importlib.import_module(PACKAGE)
        self.models = importlib.import_module(f"{PACKAGE}.models")
        self.transport = AppTransport(app)
        self.public = importlib.import_module(PACKAGE).Client(base_url=BASE_URL,
                                                              httpx_args={"transport": self.transport})

    def __getattr__(self, operation: str) -> ModuleType:
        for tag in ("games", "events", "ladders", "piquet", "about"):
            try:
                return importlib.import_module(f"{PACKAGE}.api.{tag}.{operation}")
            except ModuleNotFoundError:
                continue
        raise AttributeError(operation)

    def holding(self, token: str):
        """A client sending `Authorization: Bearer <token>`."""
        return importlib.import_module(PACKAGE).AuthenticatedClient(
            base_url=BASE_URL, token=token, httpx_args={"transport": self.transport})


@pytest.fixture
def sdk(generated, app):
    assert generated.returncode == 0, generated.output
    return Sdk(app)


class Played:
    """A game created through the generated client, and the calls that change it."""

    def __init__(self, sdk: Sdk, prefix: str, payload: dict):
        self.sdk, self.prefix = sdk, prefix
        created = sdk.post_games.sync_detailed(client=sdk.public, body=self.model("NewGame").from_dict(payload))
        assert created.status_code == 201, created.content
        assert type(created.parsed) is self.model("CreatedGame")
        assert created.headers["Location"] == f"/api/v1/games/{created.parsed.id}"
        self.id = created.parsed.id
        self.table = sdk.holding(created.parsed.edit_token)

    def model(self, suffix: str) -> type:
        return getattr(self.sdk.models, self.prefix + suffix)

    def read(self):
        response = self.sdk.get_games_game_id.sync_detailed(self.id, client=self.sdk.public)
        assert response.status_code == 200, response.content
        assert type(response.parsed) is self.model("Game")
        # Compressed (httpx asks for brotli, and a game of a few hands is long enough), the ETag names the
        # encoding too: the client sends it back as it came.
        assert response.headers["ETag"] in (f'"{response.parsed.version}"', f'"{response.parsed.version}:br"')
        self.etag = response.headers["ETag"]
        return response.parsed

    def post(self, hand: dict, *, complete: bool):
        """Post a hand meant as the next, with If-Match: scored (`complete`) or waiting for its play."""
        game = self.read()
        number = len(game.hands) + 1
        response = self.sdk.post_games_game_id_hands.sync_detailed(
            self.id, client=self.table, body=self.model("NewHand").from_dict({**hand, "number": number}),
            if_match=self.etag)
        assert response.status_code == 201, response.content
        assert type(response.parsed) is self.model("ResultResponse" if complete else "WaitingResponse")
        assert (response.parsed.number, response.parsed.complete) == (number, complete)
        return response.parsed

    def put(self, number: int, hand: dict):
        self.read()
        response = self.sdk.put_games_game_id_hands_number.sync_detailed(
            self.id, number, client=self.table, body=self.model("Hand").from_dict(hand), if_match=self.etag)
        assert response.status_code == 200, response.content
        assert type(response.parsed) is self.model("ResultResponse")
        return response.parsed

    def undo(self, number: int) -> None:
        game = self.read()
        stale = self.sdk.delete_games_game_id_hands_number.sync_detailed(
            self.id, number, client=self.table, if_match=f'"{game.version - 1}"')
        assert stale.status_code == 412 and type(stale.parsed) is self.sdk.models.Error
        response = self.sdk.delete_games_game_id_hands_number.sync_detailed(
            self.id, number, client=self.table, if_match=self.etag)
        assert (response.status_code, response.content) == (204, b"")
        assert len(self.read().hands) == number - 1

    def export(self):
        """The game object read, imported as a new game: what the import made of it."""
        exported = self.sdk.models.ExportedGame.from_dict(self.read().to_dict())
        response = self.sdk.post_games_import.sync_detailed(client=self.sdk.public, body=exported)
        assert response.status_code == 201, response.content
        assert type(response.parsed) is self.model("CreatedGame")
        return response.parsed


def totals(game) -> dict:
    return game.to_dict()["totals"]


def deltas(result) -> dict:
    return {name: line["delta"] for name, line in result.to_dict()["players"].items()}


def play_through(sdk: Sdk, prefix: str, payload: dict, one_step: dict, first_step: dict, second_step: dict):
    """Create; a hand in one step (then edited to itself: nothing moves); a hand in two steps; undo it;
    read; export. Returns the results of the three posts and puts, and the imported game."""
    played = Played(sdk, prefix, payload)
    whole = played.post(one_step, complete=True)
    edited = played.put(1, one_step)
    assert edited.to_dict()["game"]["totals"] == whole.to_dict()["game"]["totals"]
    waiting = played.post(first_step, complete=False)
    assert totals(waiting.game) == whole.to_dict()["game"]["totals"]
    completed = played.put(2, {**first_step, **second_step})
    assert completed.complete is True and completed.number == 2
    after_two = totals(played.read())
    played.undo(2)
    assert totals(played.read()) == whole.to_dict()["game"]["totals"]
    imported = played.export()
    assert imported.id != played.id and totals(imported) == totals(played.read())
    return SimpleNamespace(whole=whole, waiting=waiting, completed=completed, after_two=after_two, played=played)


DUMMY = {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}
# docs/rules.md A10 E1, second case, as hand 1: Ann declares 7 and is set with 6.
E1_SET_HAND = {"bids": [{"player": "Ann", "bid": 7}, {"player": "Ben", "bid": 5}, {"player": "Cid", "bid": 6}],
               "tricks": {"Ann": 4, "dummy": 2, "Ben": 4, "Cid": 3}}
# Hand 2, Ben deals: Cid declares 7 and makes 8 with the dummy (+71); Ann and Ben, bidding 3 each, need 3 between
# them and take 5 (+32 each).
DUMMY_BIDS_2 = {"bids": [{"player": "Cid", "bid": 7}, {"player": "Ann", "bid": 3}, {"player": "Ben", "bid": 3}]}
DUMMY_TRICKS_2 = {"tricks": {"Cid": 5, "dummy": 3, "Ann": 2, "Ben": 3}}


def test_dummy_hand_spades_standard(sdk):
    game = play_through(sdk, "DummySpades", DUMMY, E1_SET_HAND, DUMMY_BIDS_2, DUMMY_TRICKS_2)
    assert deltas(game.whole) == {"Ann": -70, "Ben": 52, "Cid": 61}
    assert game.waiting.to_dict()["needs"] == ["Cid and the dummy need 7 of the 13 tricks.",
                                               "Ann and Ben need 3 of the 13 tricks between them."]
    assert deltas(game.completed) == {"Ann": 32, "Ben": 32, "Cid": 71}  # the defenders share 3: 2 bags
    assert game.after_two == {"Ann": {"score": -38, "bags": 2}, "Ben": {"score": 84, "bags": 4},
                              "Cid": {"score": 132, "bags": 2}}


SUICIDE, MIRROR = ({**DUMMY, "settings": {"style": style}} for style in ("suicide", "mirror"))
PARTNER = {"Ann": ["Ben", "Cid", "dummy"], "Ben": ["Ann", "Cid", "dummy"], "Cid": ["Ann", "Ben", "dummy"]}


def bids(*bids: tuple) -> dict:
    return {"bids": [{"player": player, "bid": bid, **({} if nil is None else {"nil": nil})}
                     for player, bid, nil in bids]}


def test_dummy_hand_spades_suicide(sdk):
    # docs/rules.md SU-E1 as hand 1, then SU-E2 as hand 2 (Ben deals: Cid, Ann, Ben bid).
    su_e1 = {**bids(("Ben", 5, ["Ben"]), ("Cid", 7, PARTNER["Cid"]), ("Ann", 4, PARTNER["Ann"])),
             "tricks": {"Cid": 7, "dummy": 0, "Ben": 0, "Ann": 6}}
    su_e2 = bids(("Cid", 8, ["Cid"]), ("Ann", 4, PARTNER["Ann"]), ("Ben", 5, PARTNER["Ben"]))
    game = play_through(sdk, "DummySpades", SUICIDE, su_e1, su_e2, {"tricks": {"Cid": 0, "dummy": 9, "Ben": 2, "Ann": 2}})
    assert deltas(game.whole) == {"Ann": 142, "Ben": 151, "Cid": 170}
    assert deltas(game.completed) == {"Ann": -60, "Ben": -150, "Cid": 181}


def test_dummy_hand_spades_mirror(sdk):
    # docs/rules.md MI-E1 as hand 1, then MI-E4 (the dummy's nil failed) in two steps as hand 2.
    mi_e1 = {**bids(("Ben", 4, None), ("Cid", 3, None), ("Ann", 2, None)),
             "tricks": {"Ben": 5, "dummy": 3, "Cid": 3, "Ann": 2}}
    mi_e4 = bids(("Cid", 4, None), ("Ann", 4, None), ("Ben", 5, None))
    game = play_through(sdk, "DummySpades", MIRROR, mi_e1, mi_e4, {"tricks": {"Ben": 4, "dummy": 1, "Cid": 5, "Ann": 3}})
    assert deltas(game.whole) == {"Ann": 50, "Ben": 80, "Cid": 50}
    assert game.waiting.dummy_spades == 0
    assert deltas(game.completed) == {"Ann": 80, "Ben": -50, "Cid": 80}


def team_deltas(result) -> dict:
    return {team: line["delta"] for team, line in result.to_dict()["teams"].items()}


def test_four_player_spades(sdk):
    # docs/rules.md C-E2 as hand 1: Ann & Cid +91 and 1 bag, Ben & Dan -50. Hand 2 (Ben deals, Cid bids first):
    # both teams make their contract exactly.
    c_e2 = {"bids": [{"player": "Ben", "bid": 3}, {"player": "Cid", "bid": 4}, {"player": "Dan", "bid": 2},
                     {"player": "Ann", "bid": 5}], "tricks": {"Ann": 4, "Cid": 6, "Ben": 2, "Dan": 1}}
    second = {"bids": [{"player": player, "bid": bid} for player, bid in (("Cid", 3), ("Dan", 4), ("Ann", 2),
                                                                          ("Ben", 4))]}
    game = play_through(sdk, "Spades", {"game": "spades", "players": ["Ann", "Ben", "Cid", "Dan"],
                                        "first_dealer": "Ann"},
                        c_e2, second, {"tricks": {"Ann": 2, "Ben": 4, "Cid": 3, "Dan": 4}})
    assert team_deltas(game.whole) == {"Ann & Cid": 91, "Ben & Dan": -50}
    assert team_deltas(game.completed) == {"Ann & Cid": 50, "Ben & Dan": 80}
    assert game.after_two == {"Ann & Cid": {"score": 141, "bags": 1}, "Ben & Dan": {"score": 30, "bags": 0}}


E, Y = "elder", "younger"
PIQUET = {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben"}
# docs/api.md "Piquet deal": Ann (elder) 24, Ben 23; its declarations alone wait for the play.
DECLARED = {
    "carte_blanche": None,
    "point": {E: {"cards": 5, "value": 48}, Y: {"cards": 5, "value": 45}},
    "sequences": {E: [{"length": 3, "top": "K"}], Y: [{"length": 3, "top": "A"}]},
    "sets": {E: [{"size": 3, "rank": "A"}], Y: [{"size": 4, "rank": "T"}]},
}
PLAY = {"tricks": [E] * 6 + [Y] * 5 + [E]}
CAPOT = {"tricks": [E] * 12}
TOTALS_DEAL = {"point": {E: {"cards": 4, "value": 39}},
               "trick_totals": {E: {"won": 8, "points": 11}, Y: {"won": 4, "points": 6}}}
# The rest of a partie of 154 to 113 after the example deal (tests/web/test_api_piquet.py PARTIE_154_113).
PARTIE_REST = [CAPOT, CAPOT, TOTALS_DEAL, CAPOT, {"point": {Y: {"cards": 6, "value": 58}}, "tricks": [E, Y] * 6}]


def scores(game) -> dict:
    return {name: total["score"] for name, total in totals(game).items()}


def test_piquet_rubicon_to_the_next_partie(sdk):
    game = play_through(sdk, "Piquet", PIQUET, {**DECLARED, **PLAY}, DECLARED, PLAY)
    assert {name: line["total"] for name, line in game.whole.to_dict()["players"].items()} == {"Ann": 24, "Ben": 23}
    assert game.waiting.to_dict()["players"]["Ann"]["role"] == Y and game.waiting.complete is False
    assert game.after_two == {"Ann": {"score": 47}, "Ben": {"score": 47}}  # deal 2: Ben elder, 24 to 23

    played = game.played
    for deal in PARTIE_REST:
        played.post(deal, complete=True)
    partie = played.read()
    assert (partie.status, partie.winner, scores(partie)) == ("finished", "Ann", {"Ann": 154, "Ben": 113})
    assert partie.to_dict()["settlement"] == {"winner": "Ann", "points": 141, "rubiconed": False}
    started = sdk.post_games_game_id_next.sync_detailed(played.id, client=played.table, if_match=played.etag)
    assert started.status_code == 201 and type(started.parsed) is sdk.models.PiquetGame
    again = sdk.post_games_game_id_next.sync_detailed(played.id, client=played.table)
    assert again.status_code == 200 and again.parsed.id == started.parsed.id
    assert started.headers["Location"] == f"/api/v1/games/{started.parsed.id}"
    assert (started.parsed.to_dict()["session_totals"], started.parsed.hands) == ({"Ann": 141, "Ben": -141}, [])


def test_piquet_saunt(sdk):
    game = play_through(sdk, "Piquet", {**PIQUET, "settings": {"variant": "saunt"}}, {**DECLARED, **PLAY},
                        DECLARED, PLAY)
    assert game.after_two == {"Ann": {"score": 47}, "Ben": {"score": 47}}
    assert scores(game.played.read()) == {"Ann": 24, "Ben": 23}


def test_piquet_declaration_checker(sdk):
    # docs/rules.md B7 P3, the actual cards after the exchange.
    cards = {E: "7H AD 9S AH 8S AS 7C TH JH 7D 9C TC".split(), Y: "KC QS QD QH KD QC KH KS 9D JC 8C 8H".split()}
    response = sdk.post_piquet_check.sync_detailed(client=sdk.public,
                                                   body=sdk.models.PiquetCheck.from_dict(cards))
    assert response.status_code == 200 and type(response.parsed) is sdk.models.PiquetCheckResult
    assert {name: (c["good"], c["points"]) for name, c in response.parsed.to_dict()["classes"].items()} == {
        "point": ("equal", 0), "sequences": (Y, 3), "sets": (Y, 28)}


def a10_e1(seats: list[str]) -> dict:
    """docs/rules.md A10 E1 with the table's first seat as Ann: the seats score 71, 50 and -60."""
    first, second, third = seats
    return {"bids": [{"player": first, "bid": 7}, {"player": second, "bid": 5}, {"player": third, "bid": 6}],
            "tricks": {first: 5, "dummy": 3, second: 2, third: 3}}


def seat_round(sdk: Sdk, event_id: str, organiser):
    response = sdk.post_events_event_id_rounds.sync_detailed(event_id, client=organiser)
    assert response.status_code == 201, response.content
    assert type(response.parsed) is sdk.models.Event
    return response.parsed


def play_table(sdk: Sdk, table) -> None:
    """A table's one hand, with the table's own token (the organiser's event object carries it)."""
    response = sdk.post_games_game_id_hands.sync_detailed(
        table.game, client=sdk.holding(table.edit_token),
        body=sdk.models.DummySpadesNewHand.from_dict(a10_e1(table.players)))
    assert response.status_code == 201, response.content


NIGHT = {"name": "Thursday club", "game": "dummy-spades", "players": ["Ann", "Ben", "Cid", "Dan", "Eve", "Fay"],
         "rounds": 2, "hands_per_round": 1}


def test_a_club_night(sdk):
    created = sdk.post_events.sync_detailed(client=sdk.public, body=sdk.models.NewEvent.from_dict(NIGHT))
    assert created.status_code == 201 and type(created.parsed) is sdk.models.CreatedEvent
    night = created.parsed
    organiser = sdk.holding(night.edit_token)
    refused = sdk.post_events_event_id_rounds.sync_detailed(night.id, client=sdk.holding("not the token"))
    assert refused.status_code == 403 and type(refused.parsed) is sdk.models.Error

    seated = seat_round(sdk, night.id, organiser)
    assert (seated.round_, seated.status, len(seated.tables)) == (1, "in_play", 2)
    for table in seated.tables:
        play_table(sdk, table)
    table = seated.tables[0]
    winner, second, _ = table.players
    confirmed = sdk.post_events_event_id_tables_round_number_number_confirm.sync_detailed(
        night.id, 1, 1, client=sdk.holding(table.edit_token),
        body=sdk.models.Confirmation.from_dict({"player": second}))
    assert confirmed.status_code == 200 and type(confirmed.parsed) is sdk.models.Event
    assert [table.confirmed_by for table in confirmed.parsed.tables] == [second, None]

    read = sdk.get_events_event_id.sync_detailed(night.id, client=sdk.public)
    assert read.status_code == 200 and type(read.parsed) is sdk.models.Event
    assert read.parsed.round_ == 1 and all(table.status == "finished" for table in read.parsed.tables)
    assert [(line.place, line.match_points, line.margin) for line in read.parsed.standings][:2] == [
        (1, 2.0, 50.7), (1, 2.0, 50.7)]
    missing = sdk.get_events_event_id.sync_detailed("nothing-here", client=sdk.public)
    assert missing.status_code == 404 and type(missing.parsed) is sdk.models.Error


def test_a_ladder(sdk):
    created = sdk.post_ladders.sync_detailed(
        client=sdk.public, body=sdk.models.NewLadder.from_dict({"name": "Thursday club", "game": "dummy-spades"}))
    assert created.status_code == 201 and type(created.parsed) is sdk.models.CreatedLadder
    ladder = created.parsed
    evening = sdk.post_events.sync_detailed(client=sdk.holding(ladder.edit_token), body=sdk.models.NewEvent.from_dict(
        {**NIGHT, "players": ["Ann", "Ben", "Cid"], "rounds": 1, "ladder": ladder.id}))
    assert evening.status_code == 201, evening.content
    table = seat_round(sdk, evening.parsed.id, sdk.holding(evening.parsed.edit_token)).tables[0]
    assert sum(table.chances.additional_properties.values()) == pytest.approx(1)
    play_table(sdk, table)

    read = sdk.get_ladders_ladder_id.sync_detailed(ladder.id, client=sdk.public)
    assert read.status_code == 200 and type(read.parsed) is sdk.models.Ladder
    assert read.parsed.events == [evening.parsed.id]
    assert [(line.place, line.player, line.tables) for line in read.parsed.ratings] == [
        (1, table.players[0], 1), (2, table.players[1], 1), (3, table.players[2], 1)]
