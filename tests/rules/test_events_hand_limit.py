"""A club night's Spades table ends after its hands per round (docs/api.md: `hands_per_round`), as the engine says."""

import pytest

from scorekeeper.rules import dummy_spades, spades
from scorekeeper.rules.errors import MalformedInput, NotAllowed


def dummy_game(limit, hands):
    table = dummy_spades.Table.create(["Ann", "Ben", "Cid"], "Ann")
    settings = dummy_spades.Settings.parse({"hand_limit": limit})
    return dummy_spades.Game(table, settings, [dummy_spades.parse_hand(table, hand) for hand in hands])


def dummy_hand(ann, ben, cid, tricks):
    return {"bids": [{"player": "Ben", "bid": ben}, {"player": "Cid", "bid": cid}, {"player": "Ann", "bid": ann}],
            "tricks": tricks}


HAND = dummy_hand(3, 5, 4, {"Ann": 3, "Ben": 3, "dummy": 3, "Cid": 4})


def test_a_dummy_hand_game_ends_after_its_hands_and_the_single_leader_wins():
    two = dummy_game(2, [HAND, HAND])
    assert two.scored_hands() == 2 and two.is_over()
    top = max(two.scores().values())
    assert two.winner() == next(name for name, score in two.scores().items() if score == top)
    with pytest.raises(NotAllowed):
        two.add(dummy_spades.parse_hand(two.table, HAND))
    one = dummy_game(2, [HAND])
    assert not one.is_over() and one.winner() is None


def test_a_hand_waiting_for_its_tricks_does_not_count_towards_the_limit():
    waiting = dummy_game(1, [{"bids": HAND["bids"]}])
    assert waiting.scored_hands() == 0 and not waiting.is_over()


def test_hands_recorded_after_an_earlier_end_are_kept_unscored():
    game = dummy_game(3, [HAND, HAND, HAND])
    game.settings = dummy_spades.Settings.parse({"hand_limit": 1})
    replayed = dummy_spades.Game(game.table, game.settings, game.entries)
    assert replayed.after_end == (2, 3) and replayed.scored_hands() == 1 and replayed.is_over()


def test_a_tie_at_the_top_after_the_last_hand_ends_the_game_without_a_winner():
    table = spades.Table.create(["Ann", "Ben", "Cid", "Dan"], "Ann")
    settings = spades.Settings.parse({"hand_limit": 1})
    hand = {"bids": [{"player": "Ben", "bid": 3}, {"player": "Cid", "bid": 3}, {"player": "Dan", "bid": 3},
                     {"player": "Ann", "bid": 3}], "tricks": {"Ann": 3, "Ben": 3, "Cid": 4, "Dan": 3}}
    # Both teams bid 8 and are set: -80 each.
    level = {"bids": [{"player": name, "bid": 4} for name in ("Ben", "Cid", "Dan", "Ann")],
             "tricks": {"Ann": 3, "Ben": 4, "Cid": 3, "Dan": 3}}
    game = spades.Game(table, settings, [spades.parse_hand(table, level)])
    assert game.is_over() and game.winner() is None
    assert str(game.status_line()) == "Ann & Cid and Ben & Dan share the top with -80 after the game's 1 hands."
    assert str(game.refusal_when_over()) == "This game is over: it has had its 1 hands."
    won = spades.Game(table, settings, [spades.parse_hand(table, hand)])
    assert won.is_over() and won.winner() == "Ann & Cid"


def test_settings_show_the_limit_only_when_there_is_one():
    assert "hand_limit" not in dummy_spades.Settings().to_dict()
    assert dummy_spades.Settings.parse({"hand_limit": 8}).to_dict()["hand_limit"] == 8
    assert "hand_limit" not in spades.Settings().to_dict()
    assert spades.Settings.parse({"hand_limit": 8}).to_dict()["hand_limit"] == 8
    with pytest.raises(MalformedInput):
        spades.Settings.parse({"hand_limit": 0})
    with pytest.raises(MalformedInput):
        dummy_spades.Settings.parse({"hand_limit": 101})
