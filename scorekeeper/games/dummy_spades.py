"""Three-Player "Dummy Hand" Spades as the app sees it (RULES.md Part A)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import stats
from ..forms.dummy_spades import DummySpadesHandForm, NewDummySpadesGameForm
from ..models import Game
from ..rules import dummy_spades
from ..rules.phrases import N_
from .base import GameKind, Link, Setup, Words, read_both

DEFAULT_DUMMY_AFTER = 2  # the dummy sits after the third player unless the table says otherwise


class DummySpades(GameKind):
    name = "dummy-spades"
    title = N_("Dummy Hand Spades")
    new_game_title = N_("New Dummy Hand Spades game")
    rules_title = N_("Rules of Dummy Hand Spades")
    player_count = 3
    words = Words(
        entry=N_("Hand"),
        numbered=N_("Hand %(number)s"),
        share_edit=N_("Anyone with this link can record and change hands."),
        recorded_meanwhile=N_("Another phone recorded hand %(number)s while you were typing."),
        undone_meanwhile=N_("Another phone undid hand %(number)s while you were typing."),
        nothing_saved=N_("Nothing was saved: check the hands, then enter hand %(number)s."),
        start_next=N_("Start hand %(number)s"),
        chart_description=N_("Each player's running score, hand by hand. After hand %(number)s: %(scores)s."),
        chart_caption=N_("Running score after each hand"),
    )
    template_folder = "dummy_spades"
    rules_template = "rules/dummy_spades.html"
    new_game_form = NewDummySpadesGameForm
    entry_form = DummySpadesHandForm
    links: tuple[Link, ...] = ()
    has_sessions = False

    def read_setup(self, data: Mapping[str, Any]) -> Setup:
        dummy_after = data.get("dummy_after")
        return read_both(
            lambda: dummy_spades.Table.create(
                data.get("players"), data.get("first_dealer"),
                DEFAULT_DUMMY_AFTER if dummy_after is None else dummy_after,
            ),
            lambda: dummy_spades.Settings.parse(data.get("settings")),
        )

    def restore(self, game: Game) -> Setup:
        table = dummy_spades.Table.create(game.player_names, game.first_dealer, game.dummy_after)
        return Setup(table, dummy_spades.Settings.parse(game.settings))

    def parse_entry(self, table: Any, data: object) -> dummy_spades.HandEntry:
        return dummy_spades.parse_hand(table, data)

    def entry_to_dict(self, entry: Any) -> dict[str, Any]:
        return dummy_spades.hand_to_dict(entry)

    def replay(self, setup: Setup, entries: Sequence[Any]) -> dummy_spades.Game:
        return dummy_spades.Game(setup.table, setup.settings, entries)

    def stats(self, played: Sequence[tuple[Any, str]]) -> stats.SpadesRecord:
        return stats.spades_record(played)


KIND = DummySpades()
