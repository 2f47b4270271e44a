"""The one reader of the new-game forms (rules/typed.py `new_game`), which the server's forms and the offline phone
share, and the setup the phone's engine answers for a game started offline (rules/board.py)."""

import json

from scorekeeper.rules.board import board_json
from scorekeeper.rules.typed import new_game

DUMMY_FORM = {"player_0": ["Ann"], "player_1": ["Ben"], "player_2": ["Cid"], "style": ["suicide"],
              "dummy_after": ["1"], "first_dealer": ["2"], "target": ["other"], "target_other": ["250"],
              "bag_limit": ["10"], "bag_penalty": ["100"], "variant": ["no-peeky"]}


def test_a_dummy_hand_form_is_read_as_the_apis_create_payload():
    typed = new_game("dummy-spades", DUMMY_FORM)

    assert typed.payload == {
        "game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Cid", "dummy_after": 1,
        "settings": {"variant": "no-peeky", "target": 250, "bag_limit": 10, "bag_penalty": 100, "style": "suicide"},
    }
    assert typed.fields["settings.target"] == "target_other"
    assert typed.fields["players[1]"] == "player_1"


def test_a_spades_form_reads_ticked_boxes_and_leaves_a_hidden_margin_at_its_default():
    form = {"player_0": ["Ann"], "player_1": ["Ben"], "player_2": ["Cid"], "player_3": ["Dee"],
            "first_dealer": ["draw"], "variant": ["partnership"], "target": ["500"], "nil_value": ["50"],
            "blind_margin": ["100"], "failed_nil_helps": ["y"], "bag_limit": ["10"], "bag_penalty": ["100"],
            "mercy": ["y"], "mercy_floor": ["-300"]}

    payload = new_game("spades", form).payload

    assert payload["first_dealer"] is None
    assert payload["settings"] == {
        "variant": "partnership", "target": 500, "nil_value": 50, "blind_nil": False, "blind_margin": None,
        "failed_nil_helps": True, "zero_is_nil": False, "bag_limit": 10, "bag_penalty": 100, "mercy": True,
        "mercy_floor": -300,
    }


def test_a_piquet_form_has_a_target_only_for_saunt():
    rubicon = {"player_0": ["Ann"], "player_1": ["Ben"], "first_dealer": ["1"], "variant": ["rubicon"],
               "target": ["100"]}

    assert new_game("piquet", rubicon).payload == {
        "game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben", "settings": {"variant": "rubicon"}}
    assert new_game("piquet", {**rubicon, "variant": ["saunt"]}).payload["settings"] == {
        "variant": "saunt", "target": 100}


def test_a_seat_out_of_range_is_passed_on_for_the_engine_to_refuse():
    assert new_game("piquet", {"player_0": ["Ann"], "player_1": ["Ben"], "first_dealer": ["7"]}).payload[
        "first_dealer"] == "7"


def test_the_phones_engine_answers_the_setup_of_a_game_started_offline():
    answer = json.loads(board_json(json.dumps({"game": "dummy-spades", "setup_fields": DUMMY_FORM, "changes": []})))

    assert answer["setup"] == {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Cid",
                               "settings": answer["board"]["settings"], "dummy_after": 1}
    assert answer["board"]["settings"]["target"] == 250
    assert answer["board"]["next_dealer"] == "Cid"


def test_a_refused_new_game_names_the_forms_field():
    twice = {**DUMMY_FORM, "player_1": ["Ann"]}

    answer = json.loads(board_json(json.dumps({"game": "dummy-spades", "setup_fields": twice})))

    assert [(error["field"], error["input"]) for error in answer["errors"]] == [("players[1]", "player_1")]
    assert answer["errors"][0]["message"]
