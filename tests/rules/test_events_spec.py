"""What an organiser may ask for when creating a club night."""

import pytest

from scorekeeper.rules.errors import MalformedInput
from scorekeeper.rules.events import EventSpec

GOOD = {"name": " Thursday club ", "players": ["Ann", "Ben", "Cid", "Dan"], "rounds": 3, "hands_per_round": 8}


def refusal(data, table_size=3, counts_hands=True):
    with pytest.raises(MalformedInput) as caught:
        EventSpec.parse(data, table_size, counts_hands)
    return [(error.field, str(error.message)) for error in caught.value.errors]


def test_a_good_event_is_read_trimmed():
    assert EventSpec.parse(GOOD, 3, True) == EventSpec("Thursday club", ("Ann", "Ben", "Cid", "Dan"), 3, 8)


def test_hands_per_round_is_optional_and_ignored_where_a_table_plays_a_whole_game():
    assert EventSpec.parse({**GOOD, "hands_per_round": None}, 3, True).hands_per_round is None
    assert EventSpec.parse(GOOD, 2, False).hands_per_round is None


@pytest.mark.parametrize(("change", "expected"), [
    ({"name": "  "}, [("name", "Give the event a name.")]),
    ({"name": "x" * 61}, [("name", "An event's name is up to 60 letters, digits, spaces and punctuation.")]),
    ({"players": ["Ann"]}, [("players", "An event has from 2 to 120 players.")]),
    ({"players": [f"P{i}" for i in range(121)]}, [("players", "An event has from 2 to 120 players.")]),
    ({"players": ["Ann", "Ben"]}, [("players", "A table of this game needs 3 players: enter at least that many.")]),
    ({"players": ["Ann", "ann", "Cid"]}, [("players[1]", "Two players cannot both be called “ann”.")]),
    ({"rounds": 0}, [("rounds", "The number of rounds is a whole number from 1 to 20.")]),
    ({"rounds": True}, [("rounds", "The number of rounds is a whole number from 1 to 20.")]),
    ({"hands_per_round": 0}, [("hands_per_round", "The hands per round are a whole number from 1 to 100.")]),
])
def test_bad_fields_are_refused_beside_the_field(change, expected):
    assert refusal({**GOOD, **change}) == expected


def test_every_problem_is_reported_at_once():
    assert [field for field, _ in refusal({"players": "Ann"})] == ["name", "players", "rounds"]
