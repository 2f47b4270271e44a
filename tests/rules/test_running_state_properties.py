"""A log resumed from its running state appends exactly as the whole log does, for every game (hypothesis)."""

import pickle
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import dummy_spades, piquet, spades
from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.log import ResumedLog

from . import test_dummy_spades_properties as three
from . import test_piquet_properties as two
from . import test_spades_properties as four


def attempt(step, *args):
    """What a step did: its result, or the errors it was refused with."""
    try:
        return "done", step(*args)
    except RuleError as error:
        return "refused", error.errors


def view(game):
    return (game.running_state(), game.totals(), game.is_over(), game.winner(), game.status_line(),
            game.next_number(), game.next_dealer(), game.last_result(), game.after_end, game.waiting,
            game.waiting_number())


def check(make, log, split, edit, first_step=None):
    """Play `log[:split]` (then `edit`, a replaced hand) on the whole log, resume a log from its stored
    state, and play the rest of `log` on both.

    With `first_step` (an entry's first step only), the last entry played before the split waits for
    its play: the resumed log holds it waiting, refuses what the whole log refuses, and equals a replay;
    then the whole log completes it and a log resumed from there appends the rest as the whole log does.
    """
    whole = make(())
    for entry in log[:split]:
        attempt(whole.add, entry)
    if edit is not None and whole.entries:
        number, entry = edit
        attempt(whole.replace, 1 + number % len(whole.entries), entry)
    if first_step is not None and split < len(log):
        waiting, complete = first_step(log[split]), log[split]
        attempt(whole.add, waiting)
        resumed = make(())
        resumed.resume(pickle.loads(pickle.dumps(whole.running_state())))
        assert view(resumed) == view(whole) == view(make(whole.entries))
        for entry in log[split:]:
            assert attempt(resumed.add, entry) == attempt(whole.add, entry)
            assert view(resumed) == view(whole)
        if whole.waiting is not None:
            attempt(whole.replace, whole.waiting_number(), complete)
        split += 1
    resumed = make(())
    resumed.resume(pickle.loads(pickle.dumps(whole.running_state())))
    assert view(resumed) == view(whole)
    for entry in log[split:]:
        assert attempt(resumed.add, entry) == attempt(whole.add, entry)
        assert view(resumed) == view(whole)
    assert view(make(whole.entries)) == view(resumed)


edits = st.none() | st.tuples(st.integers(0, 20), st.integers(0, 20))


def bids_only(entry):
    """A Spades hand's first step: its bids, the tricks to come."""
    return replace(entry, tricks=())


def declarations_only(entry):
    """A Piquet deal's first step: its declarations (here its cards), the play to come."""
    return replace(entry, tricks=(), trick_totals=None, pique=None, without_play=True)


steps = st.booleans()


def pick(log, edit):
    """The edit as (number, entry), its entry one of the log's."""
    return None if edit is None or not log else (edit[0], log[edit[1] % len(log)])


@given(three.tables, three.settings, three.logs, st.integers(0, 12), edits, steps)
def test_dummy_hand_spades_resumes_as_the_whole_log(table, rules, log, split, edit, waits):
    check(lambda entries: dummy_spades.Game(table, rules, entries), log, split, pick(log, edit),
          bids_only if waits else None)


@given(four.games(), st.integers(0, 14), edits, steps)
def test_spades_resumes_as_the_whole_log(data, split, edit, waits):
    table, rules, log = data
    check(lambda entries: spades.Game(table, rules, entries), log, split, pick(log, edit),
          bids_only if waits else None)


@settings(max_examples=40)
@given(st.lists(two.entries(), max_size=9), st.integers(0, 9), edits,
       st.sampled_from([piquet.Settings(), piquet.Settings(piquet.Variant.SAUNT, 120)]), steps)
def test_piquet_resumes_as_the_whole_log(log, split, edit, rules, waits):
    check(lambda entries: piquet.Game(two.TABLE, rules, entries), log, split, pick(log, edit),
          declarations_only if waits else None)


def test_a_resumed_log_holds_no_earlier_hands():
    table, rules = dummy_spades.Table(three.PLAYERS, "Ann"), dummy_spades.Settings()
    whole = dummy_spades.Game(table, rules)
    whole.add(dummy_spades.parse_hand(table, {
        "bids": [{"player": "Ben", "bid": 4}, {"player": "Cid", "bid": 3}, {"player": "Ann", "bid": 5}],
        "tricks": {"Ann": 4, "Ben": 3, "Cid": 3, "dummy": 3}}))
    resumed = dummy_spades.Game(table, rules)
    resumed.resume(whole.running_state())
    assert resumed.is_resumed and not whole.is_resumed
    assert resumed.next_number() == 2
    for step in (lambda: resumed.results, lambda: resumed.entries, resumed.undo,
                 lambda: resumed.replace(1, whole.entries[0])):
        try:
            step()
        except ResumedLog:
            continue
        raise AssertionError("a resumed log gave what it does not hold")


def test_a_long_saunt_game_keeps_eight_deals_in_its_running_state_and_resumes_as_the_whole_game():
    rules = piquet.Settings(piquet.Variant.SAUNT, 1000)
    deal = piquet.parse_deal({"tricks": ["elder", "younger"] * 6})  # 12 trick points each, nothing else
    whole = piquet.Game(two.TABLE, rules, [deal] * 10)
    state = whole.running_state()
    assert (state.count, [result.number for result in state.results]) == (10, [3, 4, 5, 6, 7, 8, 9, 10])
    resumed = piquet.Game(two.TABLE, rules)
    resumed.resume(state)
    assert attempt(resumed.add, deal) == attempt(whole.add, deal)
    assert view(resumed) == view(whole)
    assert whole.scores() == {"Ann": 132, "Ben": 132}
