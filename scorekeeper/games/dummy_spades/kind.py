"""Three-Player "Dummy Hand" Spades as the app sees it (docs/rules.md Part A)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ...models import Game
from ...rules import dummy_spades
from ...rules.phrases import N_
from ...web.i18n import say
from ...web.spreadsheet import cell
from ..base import Engine, Played, Reference, Setup, Words, read_both, target_reference
from ..spades_kind import SpadesKind, scoring_fields
from . import stats
from .forms import DummySpadesHandForm, NewDummySpadesGameForm
from .rule_sentences import SENTENCES as RULE_SENTENCES
from .schemas import SCHEMAS


class DummySpades(SpadesKind):
    name = "dummy-spades"
    title = N_("Dummy Hand Spades")
    new_game_title = N_("New Dummy Hand Spades game")
    rules_title = N_("Rules of Dummy Hand Spades")
    player_count = dummy_spades.PLAYERS
    blank_styles = tuple(style for style in dummy_spades.Style if style is not dummy_spades.Style.STANDARD)
    house_settings = ("style", "target", "variant", "bag_limit", "bag_penalty")
    words = Words()
    template_folder = "dummy_spades"
    rules_template = "rules/dummy_spades.html"
    new_game_form = NewDummySpadesGameForm
    entry_form = DummySpadesHandForm
    json_schemas = SCHEMAS
    rule_sentences = RULE_SENTENCES
    csv_columns = (
        "hand", "dealer", "player", "role", "bid", "nil_on", "tricks", "team_tricks", "made",
        "contract_points", "nil_points", "bags_added", "bag_penalty", "delta", "score", "bags",
    )
    rules = dummy_spades

    def read_setup(self, data: Mapping[str, Any]) -> Setup:
        dummy_after = data.get("dummy_after")
        return read_both(
            lambda: dummy_spades.Table.create(
                data.get("players"), data.get("first_dealer"),
                dummy_spades.DEFAULT_DUMMY_AFTER if dummy_after is None else dummy_after,
            ),
            lambda: dummy_spades.Settings.parse(data.get("settings")),
        )

    def stored_settings(self, setup: Setup) -> dict[str, Any]:
        """The settings and the dummy's seat."""
        return {**setup.settings.to_dict(), "dummy_after": setup.table.dummy_after}

    def restore(self, game: Game) -> Setup:
        settings = dict(game.settings)
        table = dummy_spades.Table.create(
            game.player_names, game.first_dealer, settings.pop("dummy_after", dummy_spades.DEFAULT_DUMMY_AFTER)
        )
        return Setup(table, dummy_spades.Settings.parse(settings))

    def stats(self, played: Sequence[tuple[Any, str, Sequence[Any]]]) -> stats.DummySpadesRecord:
        return stats.dummy_spades_record(played)

    def chart_reference(self, engine: Engine) -> Reference:
        return target_reference(spades_game(engine).settings.target)

    def game_fields(self, engine: Engine, played: Played) -> dict[str, Any]:
        return {"dummy_after": spades_game(engine).table.dummy_after}

    def result_object(self, result: dummy_spades.HandResult) -> dict[str, Any]:
        return self.hand_result(result, {
            **_sides(result),
            "nils": [
                {
                    "bidder": nil.bidder,
                    "hand": nil.hand,
                    "applies": nil.applies,
                    "made": nil.made,
                    "points": nil.points,
                    "reason": say(nil.reason),
                }
                for nil in result.nils
            ],
            "players": {
                p.player: {
                    "role": p.role, "bid": p.bid, "team_tricks": p.team_tricks,
                    **scoring_fields(p, result.explain(p.player)),
                }
                for p in result.players
            },
        })

    def waiting_object(self, waiting: dummy_spades.Bidding) -> dict[str, Any]:
        """The declarer, the defenders, which nils apply, and what each side needs."""
        return self.hand_result(waiting, {
            **_sides(waiting),
            "nils": [
                {"bidder": nil.bidder, "hand": nil.hand, "applies": nil.applies, "made": None, "points": 0,
                 "reason": say(nil.reason)}
                for nil in waiting.nils
            ],
            "players": {
                player: {"role": waiting.role(player), "bid": waiting.entry.bid_of(player).bid,
                         "contract": waiting.contract_of(player)}
                for player in waiting.bidding_order
            },
            "needs": [say(line) for line in waiting.needs],
        })

    def csv_rows(self, engine: Engine) -> Iterator[list[Any]]:
        for result in engine.results:
            for line in result.players:
                nil_on = [nil.hand for nil in result.nils if nil.bidder == line.player]
                yield [
                    result.number, cell(result.dealer), cell(line.player), str(line.role), line.bid,
                    "; ".join(cell(hand) for hand in nil_on), result.entry.tricks_of(line.player), line.team_tricks,
                    "true" if line.made else "false", line.contract_points, line.nil_points, line.bags_added,
                    line.bag_penalty, line.delta, line.score, line.bags,
                ]
        unscored = [""] * (len(self.csv_columns) - 7)
        for number in engine.after_end:
            entry = engine.entries[number - 1]
            for bid in entry.bids:
                yield [number, cell(engine.table.dealer(number)), cell(bid.player), "", bid.bid,
                       "; ".join(cell(hand) for hand in bid.nil), entry.tricks_of(bid.player), *unscored]


KIND = DummySpades()


def _sides(step: dummy_spades.HandResult | dummy_spades.Bidding) -> dict[str, Any]:
    """Who declares and who defends, and in Mirror the dummy's spades (the other styles have none)."""
    sides = {"declarer": step.declarer, "defenders": list(step.defenders)}
    return sides if step.dummy_spades is None else {**sides, "dummy_spades": step.dummy_spades}


def spades_game(engine: Engine) -> dummy_spades.Game:
    """The engine as the Dummy Hand Spades game it is (the kind only ever replays those)."""
    assert isinstance(engine, dummy_spades.Game)
    return engine
