"""The one reader of the Spades hand forms (rules/typed.py), which the server's forms and the offline phone share."""

import json

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.board import board, board_json, with_typed
from scorekeeper.rules.typed import dummy_spades_hand, filled_tricks, spades_hand, typed_fields

DUMMY_PLAYERS = ("Ann", "Ben", "Cid")
FOUR = ("Ann", "Ben", "Cid", "Dan")


def test_a_dummy_hand_is_read_as_typed_with_its_nils():
    fields = {"bids-0-bid": ["7"], "bids-1-bid": ["5"], "bids-1-nil": ["Cid", "dummy"], "bids-2-bid": [" 6 "],
              "tricks-0": ["5"], "tricks-1": ["2"], "tricks-2": ["3"], "tricks-3": ["3"], "hand": ["1"]}

    assert dummy_spades_hand(DUMMY_PLAYERS, fields) == {
        "bids": [{"player": "Ann", "bid": 7, "nil": []}, {"player": "Ben", "bid": 5, "nil": ["Cid", "dummy"]},
                 {"player": "Cid", "bid": 6, "nil": []}],
        "tricks": {"Ann": 5, "Ben": 2, "Cid": 3, "dummy": 3},
    }


def test_suicides_chips_name_the_bidders_own_hand_or_the_three_others_and_anything_else_goes_on_as_typed():
    fields = {"bids-0-side": ["partner"], "bids-1-side": ["own"], "bids-2-side": ["both"]}

    assert [bid["nil"] for bid in dummy_spades_hand(DUMMY_PLAYERS, fields)["bids"]] == [
        ["Ben", "Cid", "dummy"], ["Ben"], ["both"]]


def test_text_goes_to_the_engine_as_typed_and_a_blank_is_none():
    fields = {"bids-0-bid": ["seven"], "bids-1-bid": [""], "tricks-0": ["x"]}

    hand = dummy_spades_hand(DUMMY_PLAYERS, fields)

    assert [bid["bid"] for bid in hand["bids"]] == ["seven", None, None]
    assert hand["tricks"] == {"Ann": "x", "Ben": None, "Cid": None, "dummy": None}


def test_save_bids_sends_the_bids_alone():
    fields = {"bids-0-bid": ["4"], "bids-1-bid": ["4"], "bids-2-bid": ["4"], "tricks-0": ["4"], "step": ["first"]}

    assert "tricks" not in dummy_spades_hand(DUMMY_PLAYERS, fields)
    assert "tricks" not in spades_hand(FOUR, fields)


def test_one_blank_trick_count_is_filled_in_to_make_13_and_no_more():
    assert filled_tricks(["5", "", "3", "3"]) == ["5", "2", "3", "3"]
    assert filled_tricks(["5", "", "", "3"]) == ["5", "", "", "3"]
    assert filled_tricks(["9", "", "5", "3"]) == ["9", "", "5", "3"]  # 17 already: the engine says so
    assert filled_tricks(["x", "", "5", "3"]) == ["x", "", "5", "3"]


def test_a_ticked_blind_nil_wins_over_nil_which_wins_over_a_number():
    fields = {"bids-0-bid": ["3"], "bids-0-nil": ["y"], "bids-1-bid": ["2"], "bids-1-nil": ["y"],
              "bids-1-blind": ["y"], "bids-2-bid": ["4"], "bids-3-bid": ["5"],
              "tricks-0": ["0"], "tricks-1": ["1"], "tricks-2": ["6"], "tricks-3": [""]}

    assert spades_hand(FOUR, fields) == {
        "bids": [{"player": "Ann", "bid": "nil"}, {"player": "Ben", "bid": "blind-nil"},
                 {"player": "Cid", "bid": 4}, {"player": "Dan", "bid": 5}],
        "tricks": {"Ann": 0, "Ben": 1, "Cid": 6, "Dan": 6},
    }


def test_a_typed_hand_is_the_next_entry_or_completes_the_one_waiting_for_its_play():
    game = {"game": "dummy-spades", "players": list(DUMMY_PLAYERS), "first_dealer": "Ann", "entries": []}
    bids = {"bids-0-bid": ["7"], "bids-1-bid": ["5"], "bids-2-bid": ["6"]}
    play = {"tricks-0": ["5"], "tricks-1": ["2"], "tricks-2": ["3"], "tricks-3": ["3"]}

    waiting = with_typed(game, {**bids, "step": ["first"]})
    completed = with_typed(waiting, {**bids, **play, "completes": ["1"]})

    assert board(waiting)["waiting_number"] == 1 and board(waiting)["totals"]["Ann"]["score"] == 0
    assert len(completed["entries"]) == 1
    assert board(completed)["totals"]["Ann"] == {"score": 71, "bags": 1}
    assert len(with_typed(completed, {**bids, **play})["entries"]) == 2


def test_changes_made_on_the_phone_are_applied_in_order_an_undo_only_of_the_last_hand():
    game = {"game": "dummy-spades", "players": list(DUMMY_PLAYERS), "first_dealer": "Ann", "entries": []}
    hand = {"bids-0-bid": ["7"], "bids-1-bid": ["5"], "bids-2-bid": ["6"],
            "tricks-0": ["5"], "tricks-1": ["2"], "tricks-2": ["3"], "tricks-3": ["3"]}

    def shown(*changes):
        return json.loads(board_json(json.dumps({**game, "changes": list(changes)})))

    assert shown({"fields": hand}, {"fields": hand}, {"undo": 2})["board"]["next_number"] == 2
    assert shown({"fields": hand}, {"undo": 2}) == {
        "errors": [{"field": "undo", "message": "Only the last hand can be removed."}]}


def test_a_stored_entry_gives_back_the_fields_its_form_sent_and_they_read_as_the_same_entry():
    dummy = {"bids": [{"player": "Ann", "bid": 4, "nil": ["Ben", "Cid", "dummy"]},
                      {"player": "Ben", "bid": 5, "nil": ["Ben"]}, {"player": "Cid", "bid": 7, "nil": []}],
             "tricks": {"Ann": 6, "Ben": 0, "Cid": 7, "dummy": 0}}
    fields = typed_fields("dummy-spades", DUMMY_PLAYERS, dummy)
    assert fields["bids-0-side"] == ["partner"] and fields["bids-1-side"] == ["own"] and fields["bids-2-side"] == []
    assert fields["bids-0-nil"] == ["Ben", "Cid", "dummy"] and fields["tricks-3"] == ["0"]
    sides_only = {name: values for name, values in fields.items() if not name.endswith("-nil")}  # a Suicide page
    assert dummy_spades_hand(DUMMY_PLAYERS, sides_only) == dummy

    four = {"bids": [{"player": "Ann", "bid": "nil"}, {"player": "Ben", "bid": "blind-nil"},
                     {"player": "Cid", "bid": 4}, {"player": "Dan", "bid": 5}]}
    assert typed_fields("spades", FOUR, four) == {
        "bids-0-nil": ["y"], "bids-0-bid": [], "bids-1-blind": ["y"], "bids-1-bid": [], "bids-2-bid": ["4"],
        "bids-3-bid": ["5"]}
    assert spades_hand(FOUR, {**typed_fields("spades", FOUR, four), "step": ["first"]}) == four


def test_the_phone_scores_an_edit_of_any_hand_and_gives_each_entrys_fields():
    game = {"game": "spades", "players": list(FOUR), "first_dealer": "Ann", "settings": {},
            "entries": [{"bids": [{"player": name, "bid": 3} for name in FOUR],
                         "tricks": {"Ann": 3, "Ben": 3, "Cid": 3, "Dan": 4}}] * 2}
    edit = {"bids-0-bid": ["4"], "bids-1-bid": ["3"], "bids-2-bid": ["3"], "bids-3-bid": ["3"],
            "tricks-0": ["4"], "tricks-1": ["3"], "tricks-2": ["3"], "tricks-3": ["3"]}
    answer = json.loads(board_json(json.dumps({**game, "changes": [{"edit": 1, "fields": edit}]})))
    expected = board({**game, "entries": [spades_hand(FOUR, edit), game["entries"][1]]})
    assert answer["board"] == expected
    assert answer["typed"][0] == {**edit, "tricks-3": ["3"]}
    missing = json.loads(board_json(json.dumps({**game, "changes": [{"edit": 3, "fields": edit}]})))
    assert missing == {"errors": [{"field": "edit", "message": "There is no hand 3."}]}


HANDS = (*DUMMY_PLAYERS, "dummy")
counts = st.integers(min_value=0, max_value=13)


@st.composite
def dummy_entries(draw):
    """A Dummy Hand entry as the API stores it: a bid and nils for each player, and maybe the four hands' tricks."""
    bids = [{"player": name, "bid": draw(counts), "nil": draw(st.lists(st.sampled_from(HANDS), unique=True))}
            for name in DUMMY_PLAYERS]
    tricks = draw(st.none() | st.fixed_dictionaries({hand: counts for hand in HANDS}))
    return {"bids": bids} if tricks is None else {"bids": bids, "tricks": tricks}


@st.composite
def four_player_entries(draw):
    bids = [{"player": name, "bid": draw(counts | st.sampled_from(["nil", "blind-nil"]))} for name in FOUR]
    tricks = draw(st.none() | st.fixed_dictionaries({name: counts for name in FOUR}))
    return {"bids": bids} if tricks is None else {"bids": bids, "tricks": tricks}


def as_sent(fields, entry):
    """The fields as the form sends them: the bids alone without tricks (its "Save bids" button)."""
    return fields if "tricks" in entry else {**fields, "step": ["first"]}


@given(dummy_entries())
def test_a_dummy_hand_entry_filled_into_its_form_reads_back_the_same(entry):
    fields = as_sent(typed_fields("dummy-spades", DUMMY_PLAYERS, entry), entry)
    by_hands = {name: values for name, values in fields.items() if not name.endswith("-side")}  # Standard's chips
    assert dummy_spades_hand(DUMMY_PLAYERS, by_hands) == entry
    by_sides = {name: values for name, values in fields.items() if not name.endswith("-nil")}  # Suicide's chips
    read = dummy_spades_hand(DUMMY_PLAYERS, by_sides)
    for bid, back in zip(entry["bids"], read["bids"]):
        assert sorted(back["nil"]) == sorted(bid["nil"]) or not fields[f"bids-{DUMMY_PLAYERS.index(bid['player'])}-side"]


@given(four_player_entries())
def test_a_four_player_entry_filled_into_its_form_reads_back_the_same(entry):
    assert spades_hand(FOUR, as_sent(typed_fields("spades", FOUR, entry), entry)) == entry
