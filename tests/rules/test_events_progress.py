"""rules/events/progress.py: exactly one state for every club night, and its counts add up."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.events import TableProgress, progress

ROUND = st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=6)


@st.composite
def evenings(draw):
    rounds = draw(st.integers(1, 5))
    seated = draw(st.integers(0, rounds))
    tables = []
    for number in range(1, seated + 1):
        last = number == seated
        for index, (finished, confirmed) in enumerate(draw(ROUND), start=1):
            finished = finished or not last  # only the latest round may still be playing
            tables.append(TableProgress(number, index, finished, finished and confirmed))
    return rounds, seated, tables


@given(evenings())
def test_the_state_follows_the_latest_round_and_its_counts_add_up(evening):
    rounds, seated, tables = evening
    state = progress(rounds, tables)
    latest = [t for t in tables if t.round == seated]
    if seated == 0:
        assert (state.state, state.round) == ("to_seat", 1)
    elif any(not t.finished for t in latest):
        assert state.state == "playing" and state.provisional
        assert state.playing == tuple(t.number for t in latest if not t.finished)
        assert (state.tables, state.finished) == (len(latest), sum(t.finished for t in latest))
    elif seated < rounds:
        assert (state.state, state.round, state.playing) == ("round_over", seated, ())
    else:
        assert state.state == "finished" and not state.provisional
        assert state.unconfirmed == tuple(t.number for t in tables if not t.confirmed)
    assert state.confirmed <= state.finished <= state.tables


def test_a_playing_round_counts_its_own_tables_only():
    tables = [TableProgress(1, 1, True, True), TableProgress(1, 2, True, False), TableProgress(2, 1, True, True),
              TableProgress(2, 2, False, False)]
    state = progress(3, tables)
    assert (state.state, state.round, state.tables, state.finished, state.confirmed, state.playing) == (
        "playing", 2, 2, 1, 1, (2,))
