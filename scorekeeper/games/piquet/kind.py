"""Piquet as the app sees it (docs/rules.md Part B): a Rubicon partie or a Saunt game.

Rubicon parties are played in a row: "the next game" is the next partie,
dealt first by the other player, and a session adds up the settlements.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from werkzeug.datastructures import MultiDict

from ...models import Game
from ...rules import piquet
from ...rules.errors import NotAllowed
from ...rules.events import FinishedTable, Side
from ...rules.phrases import N_, Phrase, phrase
from ...rules.piquet.results import RUBICON
from ...web.i18n import say
from ...web.spreadsheet import cell
from ..base import Engine, GameKind, Link, Played, Reference, Setup, Words, read_both, target_reference
from . import stats
from .deal_preview import preview
from .forms import NewPiquetGameForm, PiquetDealForm
from .rule_sentences import SENTENCES as RULE_SENTENCES
from .schemas import SCHEMAS

DECLARATION_FIELDS: Final = ("carte_blanche", "point", "sequences", "sets", "repique", "total")
DEAL_LINE_FIELDS: Final = (
    "carte_blanche", "point", "sequences", "sets", "repique", "pique", "tricks", "cards", "capot", "total", "score",
)


@dataclass(frozen=True)
class SessionSummary:
    """The parties of a session with their settlements (None while in play), and the balance (docs/rules.md B8)."""

    parties: list[tuple[Game, piquet.Settlement | None]]
    totals: dict[str, int]


class Piquet(GameKind):
    name = "piquet"
    title = N_("Piquet")
    new_game_title = N_("New Piquet game")
    rules_title = N_("Rules of Piquet")
    player_count = 2
    house_settings = ("variant", "target")
    words = Words(
        margin=N_("Margin: the score minus the table's average; in a Rubicon partie, the points its settlement wins "
                  "or loses."),
        entry=N_("Deal"),
        entries=N_("Deals"),
        none_yet=N_("No deals yet."),
        after_end=N_("Deals recorded after the game ended are kept but not scored: %(numbers)s."),
        numbered=N_("Deal %(number)s"),
        share_edit=N_("Anyone with this link can record and change deals."),
        recorded_meanwhile=N_("Another phone recorded deal %(number)s while you were typing."),
        undone_meanwhile=N_("Another phone undid deal %(number)s while you were typing."),
        nothing_saved=N_("Nothing was saved: check the deals, then enter deal %(number)s."),
        start_next=N_("Start deal %(number)s"),
        chart_description=N_("Each player's running score, deal by deal. After deal %(number)s: %(scores)s."),
        chart_caption=N_("Running score after each deal"),
        chart_caption_every=N_("Running score every %(step)s deals, and after the last"),
        too_many=N_("A game can have at most %(max)s deals: start a new game to play on."),
        how_scored=N_("How deal %(number)s was scored"),
        earlier=N_("Earlier deals: 1 to %(last)s"),
        earlier_one=N_("Earlier deal: 1"),
        undo=N_("Undo deal %(number)s"),
        undo_question=N_("Undo deal %(number)s?"),
        undo_confirmed=N_("Yes, undo deal %(number)s"),
        redo=N_("Redo deal %(number)s"),
    )
    template_folder = "piquet"
    rules_template = "rules/piquet.html"
    new_game_form = NewPiquetGameForm
    entry_form = PiquetDealForm
    entry_template = "_deal_form.html"
    links = (Link("piquet.check", N_("Piquet declaration checker")),)
    json_schemas = SCHEMAS
    rule_sentences = RULE_SENTENCES
    csv_columns = ("deal", "dealer", "player", "role", *DEAL_LINE_FIELDS)

    def linked_settings(self, settings: MultiDict[str, str]) -> MultiDict[str, str]:
        """The target for Saunt alone (Rubicon's is the Rubicon)."""
        if settings.get("variant") != piquet.Variant.SAUNT:
            settings.pop("target", None)
        return settings

    def form_context(self, form: Any) -> dict[str, Any]:
        return {"preview": preview(form)}

    counts_hands = False  # a table plays one Rubicon partie or one Saunt game

    def table_sides(self, engine: Engine) -> FinishedTable:
        """The two players, a Rubicon partie placed by its settlement."""
        sides = tuple(Side((name,), score) for name, score in engine.scores().items())
        return FinishedTable(sides, piquet_game(engine).settlement())

    def read_setup(self, data: Mapping[str, Any]) -> Setup:
        return read_both(
            lambda: piquet.Table.create(data.get("players"), data.get("first_dealer")),
            lambda: piquet.Settings.parse(data.get("settings")),
        )

    def restore(self, game: Game) -> Setup:
        return Setup(piquet.Table.create(game.player_names, game.first_dealer), piquet.Settings.parse(game.settings))

    def parse_entry(self, table: Any, data: object) -> piquet.DealEntry:
        return piquet.parse_deal(data)

    def entry_to_dict(self, entry: Any) -> dict[str, Any]:
        return piquet.deal_to_dict(entry)

    def replay(self, setup: Setup, entries: Sequence[Any]) -> piquet.Game:
        return piquet.Game(setup.table, setup.settings, entries)

    def next_game(self, setup: Setup, engine: Engine) -> Setup:
        """The next partie: the first deal goes to the player who did not deal first in this one."""
        if setup.settings.variant is not piquet.Variant.RUBICON:
            return super().next_game(setup, engine)
        if not engine.is_over():
            raise NotAllowed.single("game", phrase(N_("Finish this partie before starting the next one.")))
        table = setup.table
        other_dealer = next(name for name in table.players if name != table.first_dealer)
        return Setup(piquet.Table(table.players, other_dealer), setup.settings)

    def session_summary(self, engine: Engine, played: Played) -> SessionSummary | None:
        """Every partie settled and added up; None for a partie outside a session until it is settled."""
        if len(played) == 1 and piquet_game(engine).settlement() is None:
            return None
        parties = [(partie, piquet_game(partie_engine).settlement()) for partie, partie_engine in played]
        settled = [settlement for _, settlement in parties if settlement is not None]
        return SessionSummary(parties, piquet.add_settlements(settled, engine.table.players))

    def stats(self, played: Sequence[tuple[Any, str, Sequence[Any]]]) -> stats.PiquetRecord:
        return stats.piquet_record(played)

    def chart_reference(self, engine: Engine) -> Reference:
        settings = piquet_game(engine).settings
        if settings.variant is piquet.Variant.RUBICON:
            return Reference(RUBICON, N_("Rubicon %(score)s"), N_("The dotted line marks the Rubicon at %(score)s."))
        return target_reference(settings.target)

    def outcome_note(self, engine: Engine) -> Phrase | None:
        """How the settlement adds up, once a Rubicon partie is over."""
        return piquet_game(engine).settlement_explanation()

    def game_fields(self, engine: Engine, played: Played) -> dict[str, Any]:
        game = played[0][0]
        in_session = game.session_id is not None
        summary = self.session_summary(engine, played) if in_session else None
        partie = piquet_game(engine)
        double = {"double": partie.is_double()} if partie.settings.variant is piquet.Variant.SAUNT else {}
        return {
            "settlement": settlement_object(partie.settlement()),
            **double,
            "session": game.session_id,
            "session_totals": summary.totals if summary else None,
        }

    def result_object(self, result: piquet.DealResult) -> dict[str, Any]:
        return self.hand_result(result, {
            **deal_object(result, DEAL_LINE_FIELDS),
            "ended_game": result.ended_game,
            "running_trick_points": [list(pair) for pair in result.running_trick_points],
        })

    def waiting_object(self, waiting: piquet.DeclaredDeal) -> dict[str, Any]:
        """Who is good in each class and each player's declaration points; `total` adds those up."""
        return self.hand_result(waiting, {**deal_object(waiting, DECLARATION_FIELDS), "ended_game": False})

    def csv_rows(self, engine: Engine) -> Iterator[list[Any]]:
        for result in engine.results:
            for line in result.players:
                yield [result.number, cell(result.dealer), cell(line.player), str(line.role),
                       *(getattr(line, field) for field in self.csv_columns[4:])]
        table = piquet_game(engine).table
        unscored = [""] * (len(self.csv_columns) - 4)
        for number in engine.after_end:
            elder = table.elder(number)
            for player in table.players:
                yield [number, cell(table.dealer(number)), cell(player), "elder" if player == elder else "younger",
                       *unscored]


KIND = Piquet()


def piquet_game(engine: Engine) -> piquet.Game:
    """The engine as the Piquet game it is (the kind only ever replays Piquet games)."""
    assert isinstance(engine, piquet.Game)
    return engine


def deal_object(deal: piquet.DealResult | piquet.DeclaredDeal, fields: tuple[str, ...]) -> dict[str, Any]:
    """Who is elder and younger, who is good in each class, and each player's role and `fields`."""
    return {
        "elder": deal.elder,
        "younger": deal.younger,
        "classes": classes_object(deal.classes),
        "players": {
            line.player: {"role": str(line.role), **{field: getattr(line, field) for field in fields}}
            for line in deal.players
        },
    }


def settlement_object(settlement: piquet.Settlement | None) -> dict[str, Any] | None:
    if settlement is None:
        return None
    return {"winner": settlement.winner, "points": settlement.points, "rubiconed": settlement.rubiconed}


def classes_object(classes: dict[str, Any]) -> dict[str, Any]:
    """Who is good in each class, and what they scored, with the reason."""
    return {
        name: {
            "good": result.good and str(result.good), "points": result.points, "explanation": say(result.explanation),
        }
        for name, result in classes.items()
    }


def check_object(result: piquet.CheckResult) -> dict[str, Any]:
    """The declaration checker's answer (docs/api.md "Declaration checker")."""
    return {
        "classes": classes_object(result.classes),
        "elder": checked_hand_object(result.elder),
        "younger": checked_hand_object(result.younger),
        "explanation": [say(line) for line in result.explanation],
    }


def checked_hand_object(hand: piquet.CheckedHand) -> dict[str, Any]:
    """The combinations found in one hand, and what they score against the other hand."""
    point = hand.point
    return {
        "point": point and {"suit": point.suit and str(point.suit), "cards": point.cards, "value": point.value},
        "sequences": [
            {"suit": s.suit and str(s.suit), "length": s.length, "top": s.top.letter, "name": s.name}
            for s in hand.sequences
        ],
        "sets": [{"rank": s.rank.letter, "size": s.size, "name": s.name} for s in hand.sets],
        "combination_points": hand.combination_points,
        "repique": hand.repique,
        "blank": hand.blank,
    }
