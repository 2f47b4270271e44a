"""The one reader of the Spades hand forms (rules/typed.py), which the server's forms and the offline phone share."""

import json
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.board import board, board_json
from scorekeeper.rules.cards import PACK, format_card
from scorekeeper.rules.piquet import (
    ByRole,
    DealEntry,
    TrickTotal,
    deal_to_dict,
    declarations_from_cards,
    parse_deal,
)
from scorekeeper.rules.piquet.values import Field
from scorekeeper.rules.registry import typed_fields
from scorekeeper.rules.typed import (
    SET_RANKS,
    dummy_spades_hand,
    filled_tricks,
    number_or_text,
    piquet_deal,
    spades_hand,
)

from . import test_piquet_properties as deals

DUMMY_PLAYERS = ("Ann", "Ben", "Cid")
PACK_TEXT = [format_card(card) for card in PACK]
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


def test_a_number_between_spaces_of_any_kind_is_read_and_anything_int_refuses_goes_on_as_typed():
    assert [number_or_text(text) for text in (" 7 ", "\u00a07", "0\x1f", "\x1f-3\t")] == [7, 7, 0, -3]
    assert [number_or_text(text) for text in ("7 1", "1234567", "0x1f")] == ["7 1", "1234567", "0x1f"]


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

    def shown(*changes):
        return json.loads(board_json(json.dumps({**game, "changes": [{"fields": fields} for fields in changes]})))

    waiting = shown({**bids, "step": ["first"]})["board"]
    completed = shown({**bids, "step": ["first"]}, {**bids, **play, "completes": ["1"]})["board"]

    assert waiting["waiting_number"] == 1 and waiting["totals"]["Ann"]["score"] == 0
    assert len(completed["entries"]) == 1
    assert completed["totals"]["Ann"] == {"score": 71, "bags": 1}
    assert len(shown({**bids, **play}, {**bids, **play})["board"]["entries"]) == 2
    assert shown({**bids, "step": ["first"]}, {**bids, **play})["errors"][0]["field"] == "game"  # it waits for its play


def test_changes_made_on_the_phone_are_applied_in_order_an_undo_only_of_the_last_hand():
    game = {"game": "dummy-spades", "players": list(DUMMY_PLAYERS), "first_dealer": "Ann", "entries": []}
    hand = {"bids-0-bid": ["7"], "bids-1-bid": ["5"], "bids-2-bid": ["6"],
            "tricks-0": ["5"], "tricks-1": ["2"], "tricks-2": ["3"], "tricks-3": ["3"]}

    def shown(*changes):
        return json.loads(board_json(json.dumps({**game, "changes": list(changes)})))

    assert shown({"fields": hand}, {"fields": hand}, {"undo": 2})["board"]["next_number"] == 2
    assert shown({"fields": hand}, {"undo": 2}) == {
        "errors": [{"field": "undo", "message": "Only the last hand can be removed.", "input": None}]}


def piquet_fields(payload):
    """A Piquet deal payload (with declarations, not cards) typed into the deal form's fields, as the browser
    sends them: the first rows of sequences, one set per rank, the chosen chips."""
    fields = {"carte_blanche": [payload.get("carte_blanche") or ""]}
    for role in ("elder", "younger"):
        point = (payload.get("point") or {}).get(role)
        fields[f"{role}-point-cards"] = [str(point["cards"]) if point else ""]
        fields[f"{role}-point-value"] = [str(point["value"]) if point else ""]
        for row, sequence in enumerate(payload["sequences"][role]):
            fields[f"{role}-sequences-{row}-length"] = [str(sequence["length"])]
            fields[f"{role}-sequences-{row}-top"] = [sequence["top"]]
        for card_set in payload["sets"][role]:
            fields[f"{role}-sets-{card_set['rank']}"] = [str(card_set["size"])]
    if "trick_totals" in payload:
        fields["play"] = ["totals"]
        for role, total in payload["trick_totals"].items():
            fields[f"total_{role}-won"], fields[f"total_{role}-points"] = [str(total["won"])], [str(total["points"])]
        fields["pique"] = [{True: "yes", False: "no", None: ""}[payload["pique"]]]
    elif "tricks" in payload:
        fields["play"] = ["tricks"]
        fields.update({f"tricks-{index}": [winner] for index, winner in enumerate(payload["tricks"])})
    else:
        fields["step"] = ["first"]
    return fields


def declared(entry):
    """A deal of real cards as the players declare it: the combinations found in each hand."""
    found = ByRole.build(lambda role: declarations_from_cards(entry.cards[role]))
    return DealEntry(entry.carte_blanche, found, tricks=entry.tricks)


@given(deals.entries(), st.sampled_from(["tricks", "totals", "declarations"]))
def test_a_piquet_deal_typed_into_the_form_is_read_as_the_deal(entry, play):
    deal = declared(entry)
    if play == "totals":
        events = DealEntry(tricks=entry.tricks).score().events
        totals = ByRole.build(lambda role: TrickTotal(
            sum(1 for winner in entry.tricks if winner is role),
            sum(event.points for event in events if event.role is role and event.field is Field.TRICKS)))
        deal = replace(deal, tricks=(), trick_totals=totals)
    elif play == "declarations":
        deal = replace(deal, tricks=(), without_play=True)

    payload = deal_to_dict(deal)
    read = piquet_deal(piquet_fields(payload)).payload

    # The form has a row per rank, so its sets come in that order.
    in_form_order = {role: sorted(sets, key=lambda card_set: SET_RANKS.index(card_set["rank"]))
                     for role, sets in payload["sets"].items()}
    assert parse_deal(read) == parse_deal({**payload, "sets": in_form_order})


def test_a_piquet_deal_is_read_as_typed_and_each_error_path_names_its_field():
    fields = {"carte_blanche": [""], "elder-point-cards": ["5"], "elder-point-value": ["x"],
              "younger-point-cards": [""], "younger-point-value": [""],
              "elder-sequences-0-length": [""], "elder-sequences-0-top": [""],
              "elder-sequences-1-length": ["4"], "elder-sequences-1-top": ["K"], "younger-sets-Q": ["3"],
              "play": ["tricks"], "tricks-0": ["elder"], "tricks-2": ["younger"], "pique": [""]}

    deal = piquet_deal(fields)

    assert deal.payload == {
        "carte_blanche": None, "point": {"elder": {"cards": 5, "value": "x"}},
        "sequences": {"elder": [{"length": 4, "top": "K"}], "younger": []},
        "sets": {"elder": [], "younger": [{"size": 3, "rank": "Q"}]},
        "tricks": ["elder", None, "younger"],
    }
    assert deal.fields["point.elder.value"] == "elder-point-value"
    assert deal.fields["sequences.elder[0].top"] == "elder-sequences-1-top"
    assert deal.fields["sets.younger[0]"] == "younger-sets-Q"
    assert deal.fields["tricks[2]"] == "tricks-2"
    assert "trick_totals" not in deal.fields


def test_save_declarations_and_who_is_good_read_the_declarations_alone():
    fields = {"elder-sets-A": ["4"], "play": ["totals"], "total_elder-won": ["7"], "pique": ["yes"]}

    assert piquet_deal({**fields, "step": ["first"]}).payload == {
        "carte_blanche": None, "point": None, "sequences": {"elder": [], "younger": []},
        "sets": {"elder": [{"size": 4, "rank": "A"}], "younger": []}}
    assert "pique" not in piquet_deal(fields, declarations_only=True).fields
    assert piquet_deal(fields).payload["trick_totals"]["younger"] == {"won": None, "points": None}
    assert piquet_deal(fields).payload["pique"] is True


def test_a_piquet_deal_typed_on_the_phone_is_scored_as_the_next_deal():
    game = {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben", "settings": {"variant": "rubicon"},
            "entries": []}
    deal = {"elder-point-cards": ["5"], "elder-point-value": ["48"], "play": ["tricks"],
            **{f"tricks-{i}": ["elder" if i < 7 else "younger"] for i in range(12)}}

    shown = json.loads(board_json(json.dumps({**game, "changes": [{"fields": deal}, {"fields": deal}]})))["board"]

    assert shown["next_number"] == 3
    assert shown["totals"] == {"Ann": {"score": 23 + 6}, "Ben": {"score": 6 + 23}}


def test_a_deal_the_engine_refuses_on_the_phone_names_the_fields_to_mark():
    game = {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben", "settings": {"variant": "rubicon"},
            "entries": [], "changes": [{"fields": {"elder-point-cards": ["5"], "elder-point-value": ["12"]}}]}

    assert json.loads(board_json(json.dumps(game))) == {"errors": [
        {"field": "point.elder.value", "input": "elder-point-value", "message": "5 cards of one suit are worth 44 to 51."}]}


def test_a_deal_typed_on_the_phone_is_checked_as_a_new_deal_the_pique_asked_when_the_totals_leave_it_open():
    game = {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben", "settings": {"variant": "rubicon"},
            "entries": []}
    deal = {"elder-point-cards": ["6"], "elder-point-value": ["58"], "elder-sequences-0-length": ["6"],
            "elder-sequences-0-top": ["A"], "play": ["totals"], "total_elder-won": ["9"], "total_elder-points": ["11"],
            "total_younger-won": ["3"], "total_younger-points": ["4"]}

    def shown(fields):
        return json.loads(board_json(json.dumps({**game, "changes": [{"fields": fields}]})))

    assert shown(deal) == {"errors": [{"field": "pique", "input": "pique",
                                       "message": "Pique is possible here: say whether elder piqued."}]}
    assert shown({**deal, "pique": ["yes"]})["board"]["totals"] == {"Ann": {"score": 73}, "Ben": {"score": 4}}


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
    assert missing == {"errors": [{"field": "edit", "message": "There is no hand 3.", "input": None}]}


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


@given(deals.entries(), st.sampled_from(["tricks", "totals", "declarations"]), st.sampled_from([None, True, False]))
def test_a_stored_piquet_deal_filled_into_its_form_reads_back_as_the_same_deal(entry, play, pique):
    deal = declared(entry)
    if play == "totals":
        events = DealEntry(tricks=entry.tricks).score().events
        totals = ByRole.build(lambda role: TrickTotal(
            sum(1 for winner in entry.tricks if winner is role),
            sum(event.points for event in events if event.role is role and event.field is Field.TRICKS)))
        deal = replace(deal, tricks=(), trick_totals=totals, pique=pique)
    elif play == "declarations":
        deal = replace(deal, tricks=(), without_play=True)
    stored = deal_to_dict(deal)

    fields = typed_fields("piquet", ("Ann", "Ben"), stored)

    in_form_order = {role: sorted(sets, key=lambda card_set: SET_RANKS.index(card_set["rank"]))
                     for role, sets in stored["sets"].items()}
    assert parse_deal(piquet_deal(fields).payload) == parse_deal({**stored, "sets": in_form_order})
    points = stored["point"]
    for role in ("elder", "younger"):
        if points[role] is None:  # "Not good" when the other point was announced, "–" when neither was
            assert fields[f"{role}-point-cards"] == (["no"] if any(points.values()) else [""])


def test_a_stored_deal_gives_its_chips_and_the_phone_answers_with_each_deals_fields():
    stored = {"carte_blanche": "younger", "point": {"elder": {"cards": 5, "value": 49}, "younger": None},
              "sequences": {"elder": [{"length": 4, "top": "K"}], "younger": []},
              "sets": {"elder": [], "younger": [{"size": 3, "rank": "Q"}]},
              "trick_totals": {"elder": {"won": 7, "points": 9}, "younger": {"won": 5, "points": 5}}, "pique": False}

    fields = typed_fields("piquet", ("Ann", "Ben"), stored)

    assert fields["carte_blanche"] == ["younger"] and fields["younger-point-cards"] == ["no"]
    assert fields["elder-point-cards"] == ["5"] and fields["elder-point-value"] == ["49"]
    assert fields["elder-sequences-0-length"] == ["4"] and fields["elder-sequences-0-top"] == ["K"]
    assert fields["elder-sequences-1-length"] == [""] and fields["younger-sets-Q"] == ["3"]
    assert fields["younger-sets-A"] == [""] and fields["play"] == ["totals"] and fields["pique"] == ["no"]
    assert fields["total_elder-won"] == ["7"] and fields["total_younger-points"] == ["5"]

    game = {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben", "settings": {"variant": "rubicon"},
            "entries": [{"carte_blanche": None, "cards": {"elder": PACK_TEXT[:12], "younger": PACK_TEXT[12:24]},
                         "tricks": ["elder"] * 7 + ["younger"] * 5}]}
    answer = json.loads(board_json(json.dumps(game)))
    typed = answer["typed"][0]  # given as cards (the API): the declarations found in them
    assert typed["play"] == ["tricks"] and typed["tricks-11"] == ["younger"]
    edited = json.loads(board_json(json.dumps({**game, "changes": [{"edit": 1, "fields": typed}]})))
    assert edited["board"]["totals"] == answer["board"]["totals"]
