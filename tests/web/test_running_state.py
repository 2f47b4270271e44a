"""The running state kept with each game's version always equals a replay of its hands from scratch.

Random sessions of the API (hands added, replaced and undone, refused or
not) on every game; after each request, a state stored for the game's
current version must equal the replayed engine's, and every accepted add
must have stored one. The game an add answers with (scored from the
resumed state) must be the game a fresh read replays.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.extensions import db
from scorekeeper.models import Game
from scorekeeper.rules import dummy_spades, piquet, spades
from scorekeeper.store import records, running_state

from ..games import SPADES_GAME, SPADES_HANDS
from ..rules import test_dummy_spades_properties as three
from ..rules import test_piquet_properties as two
from ..rules import test_spades_properties as four
from .api_client import create

SESSIONS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def steps(entries):
    """What the table does: mostly add hands, sometimes replace one or undo the last."""
    return st.lists(
        st.tuples(st.just("add"), entries) | st.tuples(st.just("replace"), entries, st.integers(1, 30))
        | st.tuples(st.just("undo")),
        max_size=14,
    )


def dummy_spades_sessions():
    setup = st.fixed_dictionaries({
        "game": st.just("dummy-spades"), "players": st.just(list(three.PLAYERS)),
        "first_dealer": st.sampled_from(three.PLAYERS), "settings": three.settings.map(dummy_spades.Settings.to_dict),
    })
    return st.tuples(setup, steps(three.entries().map(dummy_spades.hand_to_dict)))


def spades_sessions():
    def session(rules):
        setup = st.fixed_dictionaries({
            "game": st.just("spades"), "players": st.just(list(four.PLAYERS)),
            "first_dealer": st.sampled_from(four.PLAYERS), "settings": st.just(rules.to_dict()),
        })
        return st.tuples(setup, steps(four.entries(rules.variant).map(spades.hand_to_dict)))
    return four.settings().flatmap(session)


def piquet_sessions():
    setup = st.fixed_dictionaries({
        "game": st.just("piquet"), "players": st.just(["Ann", "Ben"]), "first_dealer": st.just("Ann"),
        "settings": st.sampled_from([{"variant": "rubicon"}, {"variant": "saunt", "target": 120}]),
    })
    return st.tuples(setup, steps(two.entries().map(piquet.deal_to_dict)))


def check_stored_state(app, public_id, *, must_be_current):
    with app.app_context():
        game = db.session.execute(db.select(Game).filter_by(public_id=public_id)).scalar_one()
        current = game.state is not None and game.state_version == game.version
        assert current or not must_be_current
        if current:
            assert running_state.loads(game.state) == records.replay(game).running_state()


def send(table, step):
    """One step of a session sent through the API: ("add", hand), ("replace", hand, number) or ("undo",); any
    answer but a 500."""
    if step[0] == "add":
        response = table.post(step[1])
    elif step[0] == "replace":
        response = table.put(step[2], step[1])
    else:
        read = table.get()
        response = table.delete(len(read["hands"]) + len(read["hands_after_end"]))
    assert response.status_code in (200, 201, 204, 404, 409, 422), response.get_json()
    return response


def play(app, client, session) -> int:
    """Play the session; returns how many hands were added (each one's stored state compared with a replay)."""
    setup, table_steps = session
    table = create(client, setup)
    added_hands = 0
    for step in table_steps:
        response = send(table, step)
        added = step[0] == "add" and response.status_code == 201
        check_stored_state(app, table.id, must_be_current=added)
        if added:
            added_hands += 1
            read = table.get()
            assert response.get_json()["game"] == {
                key: value for key, value in read.items() if key not in ("hands", "hands_after_end")}
            assert response.get_json()["number"] == len(read["hands"])
    return added_hands


@pytest.mark.parametrize("sessions", [dummy_spades_sessions, spades_sessions, piquet_sessions])
def test_the_stored_running_state_equals_a_replay_from_scratch(app, client, sessions):
    added_hands = []

    @SESSIONS
    @given(sessions())
    def check(session):
        added_hands.append(play(app, client, session))

    check()
    assert sum(added_hands) > 0, "the sessions drawn added hands whose stored state was compared (none did)"


def test_a_stored_state_builds_nothing_but_the_engines_classes():
    import os
    import pickle

    with pytest.raises(pickle.UnpicklingError):
        running_state.loads(pickle.dumps(os.getcwd))
    with pytest.raises(pickle.UnpicklingError):
        running_state.loads(pickle.dumps(records.replay))
    state = dummy_spades.Game(dummy_spades.Table(three.PLAYERS, "Ann"), dummy_spades.Settings()).running_state()
    assert running_state.loads(pickle.dumps(state)) == state


def test_an_imported_game_is_stored_with_its_running_state(app, client):
    table = create(client, SPADES_GAME)
    for hand in SPADES_HANDS[:3]:
        assert table.post(hand).status_code == 201

    imported = client.post("/api/v1/games/import", json=table.get()).get_json()

    check_stored_state(app, imported["id"], must_be_current=True)
