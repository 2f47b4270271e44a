"""Piquet as the app sees it (RULES.md Part B): a Rubicon partie or a Saunt game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import stats
from ..deal_preview import preview
from ..forms.piquet import NewPiquetGameForm, PiquetDealForm
from ..models import Game
from ..rules import piquet
from ..rules.phrases import N_
from .base import GameKind, Link, Setup, Words, read_both


class Piquet(GameKind):
    name = "piquet"
    title = N_("Piquet")
    new_game_title = N_("New Piquet game")
    rules_title = N_("Rules of Piquet")
    player_count = 2
    words = Words(
        entry=N_("Deal"),
        numbered=N_("Deal %(number)s"),
        share_edit=N_("Anyone with this link can record and change deals."),
        recorded_meanwhile=N_("Another phone recorded deal %(number)s while you were typing."),
        undone_meanwhile=N_("Another phone undid deal %(number)s while you were typing."),
        nothing_saved=N_("Nothing was saved: check the deals, then enter deal %(number)s."),
        start_next=N_("Start deal %(number)s"),
        chart_description=N_("Each player's running score, deal by deal. After deal %(number)s: %(scores)s."),
        chart_caption=N_("Running score after each deal"),
    )
    template_folder = "piquet"
    rules_template = "rules/piquet.html"
    new_game_form = NewPiquetGameForm
    entry_form = PiquetDealForm
    links = (Link("piquet.check", N_("Piquet declaration checker")),)
    has_sessions = True

    def form_context(self, form: Any) -> dict[str, Any]:
        return {"preview": preview(form)}

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

    def stats(self, played: Sequence[tuple[Any, str]]) -> stats.PiquetRecord:
        return stats.piquet_record(played)


KIND = Piquet()
