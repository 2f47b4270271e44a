"""Four-player Spades as the app sees it (docs/rules.md Part C): Partnership, Suicide or Mirror."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ...rules import spades, typed
from ...rules.events import FinishedTable, Side
from ...rules.phrases import N_
from ...web.i18n import say
from ...web.spreadsheet import cell
from ..base import Counted, Engine, Played, Reference, Words, target_reference
from ..spades_kind import SpadesKind, scoring_fields
from . import stats
from .forms import NewSpadesGameForm, SpadesHandForm
from .rule_sentences import SENTENCES as RULE_SENTENCES
from .schemas import SCHEMAS


class Spades(SpadesKind):
    name = "spades"
    title = N_("Spades")
    new_game_title = N_("New Spades game")
    rules_title = N_("Rules of Spades")
    player_count = spades.PLAYERS
    house_settings = ("variant", "target", "nil_value", "blind_nil", "blind_margin", "failed_nil_helps", "zero_is_nil",
                      "bag_limit", "bag_penalty", "mercy", "mercy_floor")
    ticked_settings = typed.SPADES_TICKED
    words = Words(
        chart_description=N_("Each team's running score, hand by hand. After hand %(number)s: %(scores)s."),
    )
    template_folder = "spades"
    rules_template = "rules/spades.html"
    new_game_form = NewSpadesGameForm
    entry_form = SpadesHandForm
    standing_heading = N_("Team")
    json_schemas = SCHEMAS
    rule_sentences = RULE_SENTENCES
    csv_columns = (
        "hand", "dealer", "team", "first_player", "first_bid", "first_tricks", "second_player", "second_bid",
        "second_tricks", "contract", "tricks", "made", "contract_points", "nil_points", "bags_added", "bag_penalty",
        "delta", "score", "bags",
    )
    rules = spades

    sides_per_table = 2

    def table_sides(self, engine: Engine) -> FinishedTable:
        """The two teams, both partners sharing the team's figures."""
        scores = engine.scores()
        return FinishedTable(tuple(Side(team.players, scores[team.name]) for team in spades_game(engine).table.teams()))

    def stats(self, played: Sequence[Counted]) -> stats.SpadesRecord:
        return stats.spades_record((spades_game(engine), name, hands) for engine, name, hands in played)

    def running_scores(self, result: spades.HandResult) -> dict[str, int]:
        """Each team's running score after the hand."""
        return {team.name: team.score for team in result.teams}

    def chart_reference(self, engine: Engine) -> Reference:
        return target_reference(spades_game(engine).settings.target)

    def game_fields(self, engine: Engine, played: Played) -> dict[str, Any]:
        """The teams, each with its players (the totals and the winner name them)."""
        return {"teams": {team.name: list(team.players) for team in spades_game(engine).table.teams()}}

    def result_object(self, result: spades.HandResult) -> dict[str, Any]:
        """One scored hand as docs/api.md's "Four-player Spades hand" result."""
        return self.hand_result(result, {
            "teams": {
                team.name: {
                    "players": list(team.team.players), "tricks": team.tricks, "counted_tricks": team.counted,
                    **scoring_fields(team, result.explain(team.name)),
                }
                for team in result.teams
            },
            "nils": [
                {"player": nil.player, "team": nil.team, "blind": nil.blind, "made": nil.made, "points": nil.points}
                for nil in result.nils
            ],
        })

    def waiting_object(self, waiting: spades.Bidding) -> dict[str, Any]:
        """Each team's contract and what it needs, and the Nils at stake."""
        return self.hand_result(waiting, {
            "teams": {
                team.name: {
                    "players": list(team.team.players), "contract": team.contract,
                    "needs": [say(line) for line in waiting.needs(team.name)],
                }
                for team in waiting.teams
            },
            "nils": [
                {"player": nil.player, "team": nil.team, "blind": nil.blind, "made": None, "points": 0}
                for nil in waiting.nils
            ],
        })

    def csv_rows(self, engine: Engine) -> Iterator[list[Any]]:
        """One row per hand and team: the partners' bids and tricks, then the team's points.

        Hands kept after the end of the game come last, with their bids and tricks and no points.
        """
        game = spades_game(engine)
        for result in game.hands:
            for team in result.teams:
                yield [result.number, cell(result.dealer), cell(team.name), *_partners(result.entry, team.team),
                       team.contract, team.tricks, "true" if team.made else "false", team.contract_points,
                       team.nil_points, team.bags_added, team.bag_penalty, team.delta, team.score, team.bags]
        unscored = [""] * (len(self.csv_columns) - 9)
        for number in game.after_end:
            entry = game.entries[number - 1]
            for seated in game.table.teams():
                yield [number, cell(game.table.dealer(number)), cell(seated.name), *_partners(entry, seated), *unscored]


def _partners(entry: spades.HandEntry, team: spades.Team) -> list[Any]:
    """Each partner's name, bid and tricks."""
    cells: list[Any] = []
    for player in team.players:
        cells += [cell(player), str(entry.bid_of(player).value), entry.tricks_of(player)]
    return cells


KIND = Spades()


def spades_game(engine: Engine) -> spades.Game:
    """The engine as the four-player Spades game it is (the kind only ever replays those)."""
    assert isinstance(engine, spades.Game)
    return engine
