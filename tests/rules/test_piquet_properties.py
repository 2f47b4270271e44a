"""Properties of the Piquet engine, checked on random hands, plays and games."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.cards import PACK
from scorekeeper.rules.errors import ErrorCollector
from scorekeeper.rules.piquet import (
    ByRole,
    DealEntry,
    Game,
    Role,
    Settings,
    Table,
    Variant,
    deal_to_dict,
    declarations_from_cards,
    parse_deal,
)
from scorekeeper.rules.piquet.fit import courts_in
from scorekeeper.rules.piquet.scoring import combination_points, compare_classes
from scorekeeper.rules.piquet.tricks import PiqueChance, check_trick_totals, pique_chance
from scorekeeper.rules.piquet.validation import COURT_LIMITS, validate_declarations
from scorekeeper.rules.piquet.values import Field, TrickTotal

TABLE = Table.create(["Ann", "Ben"], "Ann")
roles = st.sampled_from(list(Role))
winners = st.lists(roles, min_size=12, max_size=12).map(tuple)
hands = st.permutations(PACK).map(lambda cards: ByRole(tuple(cards[:12]), tuple(cards[12:24])))


@st.composite
def entries(draw, *, play=winners):
    """A deal entered as real cards, with the trick winners; carte blanche only where the exchange allows it."""
    pair = draw(hands)
    blank = [role for role in Role if courts_in(pair[role]) <= COURT_LIMITS[role]]
    carte_blanche = draw(st.none() | st.sampled_from(blank)) if blank else None
    return DealEntry(carte_blanche=carte_blanche, cards=pair, tricks=draw(play))


def lines(result):
    return [(p.player, p.role, p.total, p.score) for p in result.players]


@given(entries())
def test_declarations_found_from_cards_score_the_same_as_the_cards(entry):
    declared = ByRole.build(lambda role: declarations_from_cards(entry.cards[role]))
    by_hand = DealEntry(entry.carte_blanche, declared, tricks=entry.tricks)
    from_payload = parse_deal(deal_to_dict(by_hand))
    assert from_payload == by_hand
    assert lines(Game(TABLE, Settings(), [entry]).deals[0]) == lines(Game(TABLE, Settings(), [from_payload]).deals[0])


@given(entries())
def test_a_carte_blanche_is_cited_exactly_when_it_stops_the_opponents_repique(entry):
    declared = ByRole.build(lambda role: declarations_from_cards(entry.cards[role]))
    classes = compare_classes(declared, ByRole("Ann", "Ben"))
    stopped = entry.carte_blanche is not None and bool(
        combination_points(None, classes)[entry.carte_blanche.opponent].get(Field.REPIQUE))
    result = Game(TABLE, Settings(), [entry]).deals[0]
    assert any("takes precedence" in str(line) for line in result.explanation) == stopped


@given(hands)
def test_two_random_hands_never_fail_validation_of_their_own_combinations(pair):
    errors = ErrorCollector()
    for role in Role:
        validate_declarations(declarations_from_cards(pair[role]), str(role), errors)
    assert errors.errors == []


@given(winners, entries())
def test_trick_points_from_12_winners_pass_the_announced_totals_check(play, entry):
    score = DealEntry(tricks=play).score()
    totals = ByRole.build(lambda role: TrickTotal(
        sum(1 for w in play if w is role),
        sum(e.points for e in score.events if e.role is role and e.field is Field.TRICKS)))
    errors = ErrorCollector()
    check_trick_totals(totals, errors)
    assert errors.errors == []
    with_cards = DealEntry(entry.carte_blanche, cards=entry.cards, tricks=play)
    piqued = any(e.field is Field.PIQUE for e in with_cards.score().events)
    earned = combination_points(entry.carte_blanche, compare_classes(with_cards.declarations()))
    chance = pique_chance(earned, totals)
    assert chance is not (PiqueChance.IMPOSSIBLE if piqued else PiqueChance.CERTAIN)


@given(st.lists(entries(), min_size=3, max_size=3))
def test_a_partie_level_after_6_deals_goes_to_8_deals(three):
    paired = [entry for entry in three for _ in range(2)]  # each player holds each hand once
    game = Game(TABLE, Settings(), paired)
    assert len(set(game.scores().values())) == 1
    assert (game.deals_planned(), game.is_over()) == (8, False)
    game.add(three[0])
    game.add(three[0])
    assert game.is_over() and game.winner() is None and game.settlement().points == 0


@settings(max_examples=50)
@given(st.lists(entries(), min_size=1, max_size=12), st.integers(1, 250))
def test_a_saunt_game_ends_at_the_first_event_reaching_the_target(deals, target):
    game = Game(TABLE, Settings(Variant.SAUNT, target))
    before = dict.fromkeys(TABLE.players, 0)
    for entry in deals:
        if game.is_over():
            break
        result = game.add(entry)
        running = {role: before[TABLE.name_of(role, result.number)] for role in Role}
        events = list(entry.score().events)
        for index, event in enumerate(events):
            running[event.role] += event.points
            if running[event.role] >= target:
                # A repique comes with the head that reaches its 30, a pique with the point (docs/rules.md B5, B8).
                bonus = events[index + 1] if index + 1 < len(events) else None
                if bonus and bonus.role is event.role and bonus.field in (Field.REPIQUE, Field.PIQUE):
                    running[event.role] += bonus.points
                break
        assert result.ended_game == (running[event.role] >= target)
        assert {TABLE.name_of(r, result.number): running[r] for r in Role} == game.scores()
        before = game.scores()
    if game.is_over():
        assert sorted(score >= target for score in game.scores().values()) == [False, True]
        assert game.scores()[game.winner()] >= target


@settings(max_examples=50)
@given(st.lists(entries(), min_size=1, max_size=9), st.lists(st.integers(0, 20), max_size=6),
       st.sampled_from([Settings(), Settings(Variant.SAUNT, 120)]))
def test_replaying_from_scratch_equals_the_running_state(deals, edits, rules):
    game = Game(TABLE, rules)
    for entry in deals:
        if not game.is_over():
            game.add(entry)
    for edit in edits:
        if edit % 3 == 0 and game.entries:
            game.undo()
        elif game.entries:
            game.replace(1 + edit % len(game.entries), deals[edit % len(deals)])
        replayed = Game(TABLE, rules, game.entries)
        assert (replayed.deals, replayed.after_end, replayed.scores()) == (game.deals, game.after_end, game.scores())


def reckoned_by_heads(line, elder_name, tricks):
    """One deal's points in the order of docs/rules.md B8, written from the rule, not from the engine's events:
    *line* gives each player's whole-deal points by head (a Rubicon deal counts them all). Yields (player, points)."""
    younger_name = next(name for name in line if name != elder_name)
    combinations = dict.fromkeys(line, 0)
    if line[elder_name].carte_blanche or line[younger_name].carte_blanche:
        holder = elder_name if line[elder_name].carte_blanche else younger_name
        combinations[holder] += 10
        yield holder, 10
    for head in ("point", "sequences", "sets"):
        for name in (elder_name, younger_name):
            points = getattr(line[name], head)
            if points:
                with_repique = line[name].repique and combinations[name] < 30 <= combinations[name] + points
                combinations[name] += points
                yield name, points + (60 if with_repique else 0)
    elder_in_deal = combinations[elder_name] + 1 + (60 if line[elder_name].repique else 0)
    piqued = bool(line[elder_name].pique)
    yield elder_name, 1 + (30 if piqued and elder_in_deal >= 30 else 0)
    piqued = piqued and elder_in_deal < 30
    leader = Role.ELDER
    for winner in tricks:
        points = 1 if winner is leader else 2
        name = elder_name if winner is Role.ELDER else younger_name
        if winner is Role.ELDER:
            elder_in_deal += points
        bonus = 30 if piqued and winner is Role.ELDER and elder_in_deal >= 30 else 0
        piqued = piqued and not bonus
        yield name, points + bonus
        leader = winner
    for name in line:
        if line[name].cards or line[name].capot:
            yield name, line[name].cards + line[name].capot


@settings(max_examples=50)
@given(st.lists(entries(), min_size=1, max_size=12), st.integers(1, 250))
def test_a_saunt_game_ends_where_a_reckoning_by_heads_from_b8_reaches_the_target(deals, target):
    game = Game(TABLE, Settings(Variant.SAUNT, target))
    running = dict.fromkeys(TABLE.players, 0)
    winner = None
    for entry in deals:
        number = game.next_deal_number()
        whole = Game(TABLE, Settings(), [entry]).deals[0] if number % 2 else Game(
            TABLE, Settings(), [DealEntry(tricks=(Role.ELDER,) * 12), entry]).deals[1]
        line = {played.player: played for played in whole.players}
        for name, points in reckoned_by_heads(line, TABLE.elder(number), entry.tricks):
            running[name] += points
            if running[name] >= target:
                winner = name
                break
        game.add(entry)
        assert game.scores() == running
        if winner:
            break
    assert game.winner() == winner
    if winner:
        loser = next(name for name in running if name != winner)
        assert game.is_double() == (running[loser] * 2 < target)
