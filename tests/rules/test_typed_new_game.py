"""The one reader of the new-game forms (rules/typed.py `new_game`, asked through rules/registry.py `typed_setup`),
which the server's forms and the offline phone share, and the setup the phone's engine answers for a game started
offline (rules/board.py)."""

import json

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.board import board_json
from scorekeeper.rules.registry import typed_setup

DUMMY_FORM = {"player_0": ["Ann"], "player_1": ["Ben"], "player_2": ["Cid"], "style": ["suicide"],
              "dummy_after": ["1"], "first_dealer": ["2"], "target": ["other"], "target_other": ["250"],
              "bag_limit": ["10"], "bag_penalty": ["100"], "variant": ["no-peeky"]}


def test_a_dummy_hand_form_is_read_as_the_apis_create_payload():
    typed = typed_setup("dummy-spades", DUMMY_FORM)

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

    payload = typed_setup("spades", form).payload

    assert payload["first_dealer"] is None
    assert payload["settings"] == {
        "variant": "partnership", "target": 500, "nil_value": 50, "blind_nil": False, "blind_margin": None,
        "failed_nil_helps": True, "zero_is_nil": False, "bag_limit": 10, "bag_penalty": 100, "mercy": True,
        "mercy_floor": -300,
    }


def test_a_piquet_form_has_a_target_only_for_saunt():
    rubicon = {"player_0": ["Ann"], "player_1": ["Ben"], "first_dealer": ["1"], "variant": ["rubicon"],
               "target": ["100"]}

    assert typed_setup("piquet", rubicon).payload == {
        "game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben", "settings": {"variant": "rubicon"}}
    assert typed_setup("piquet", {**rubicon, "variant": ["saunt"]}).payload["settings"] == {
        "variant": "saunt", "target": 100}


def test_a_seat_out_of_range_is_passed_on_for_the_engine_to_refuse():
    assert typed_setup("piquet", {"player_0": ["Ann"], "player_1": ["Ben"], "first_dealer": ["7"]}).payload[
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


@given(
    names=st.lists(st.text(alphabet="ABCdef ", min_size=1, max_size=6), min_size=4, max_size=4),
    dealer=st.sampled_from(["0", "1", "2", "3", "draw"]),
    target=st.sampled_from(["500", "300", "other"]),
    other=st.integers(-50, 2000),
    ticked=st.fixed_dictionaries({name: st.booleans() for name in ("blind_nil", "failed_nil_helps", "zero_is_nil",
                                                                   "mercy")}),
    numbers=st.fixed_dictionaries({name: st.integers(-500, 500) for name in ("blind_margin", "bag_limit",
                                                                             "bag_penalty", "mercy_floor")}),
)
def test_a_spades_form_as_a_browser_sends_it_is_read_setting_by_setting(names, dealer, target, other, ticked, numbers):
    """Whatever is typed and ticked: each setting read from its field, a box ticked by its presence, a margin or floor
    only with its rule, the dealer by seat."""
    fields = {f"player_{seat}": [name] for seat, name in enumerate(names)}
    fields.update(first_dealer=[dealer], variant=["partnership"], target=[target], target_other=[str(other)],
                  nil_value=["100"], **{name: [str(value)] for name, value in numbers.items()},
                  **{name: ["y"] for name, value in ticked.items() if value})

    payload = typed_setup("spades", fields).payload

    assert payload["players"] == names
    assert payload["first_dealer"] == (None if dealer == "draw" else names[int(dealer)])
    settings = payload["settings"]
    assert settings["target"] == (other if target == "other" else int(target))
    assert {name: settings[name] for name in ticked} == ticked
    assert settings["blind_margin"] == (numbers["blind_margin"] if ticked["blind_nil"] else None)
    assert settings["mercy_floor"] == (numbers["mercy_floor"] if ticked["mercy"] else None)
    assert (settings["bag_limit"], settings["bag_penalty"]) == (numbers["bag_limit"], numbers["bag_penalty"])
