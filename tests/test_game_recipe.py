"""The recipe for a new game (docs/architecture.md, "Adding a game") lists every file a game needs, and every registered
game has each of them: a game missing one (its offline side, its API tests) fails here, not on a phone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.app import game_blueprints
from scorekeeper.games import GAMES
from scorekeeper.games.base import GameKind
from scorekeeper.rules.registry import RULES_GAMES

ROOT = Path(__file__).resolve().parent.parent
ARCHITECTURE = ROOT / "docs" / "architecture.md"
EXAMPLE = "cribbage"  # the recipe's stand-in for a game's folder name


def recipe(text: str) -> list[str]:
    """The files the recipe lists: the first word of each line of its first block that names the example game."""
    section = text.split("## Adding a game", 1)[1]
    block = re.search(r"```\n(.*?)```", section, re.DOTALL)
    assert block is not None, "the recipe's list of files is a code block"
    return [line.split()[0] for line in block.group(1).splitlines() if line and EXAMPLE in line.split()[0]]


RECIPE = recipe(ARCHITECTURE.read_text(encoding="utf-8"))


def missing(kind: GameKind, listed: list[str] = RECIPE) -> list[str]:
    """The `listed` files (the recipe's) that `kind`'s game lacks, and its entry form."""
    folder = kind.template_folder
    needed = [path.replace(EXAMPLE, folder) for path in listed] + [f"templates/{kind.template(kind.entry_template)}"]
    return [path for path in needed if not (ROOT / path).is_file()]


def test_the_recipe_lists_each_side_of_a_game():
    assert len(RECIPE) >= 20
    for place in ("scorekeeper/rules/", "scorekeeper/games/", "templates/", "tests/rules/", "tests/web/",
                  "tests/browser/"):
        assert any(path.startswith(place) for path in RECIPE), place


@pytest.mark.parametrize("name", list(GAMES))
def test_every_registered_game_has_every_file_of_the_recipe(name):
    assert missing(GAMES[name]) == []


def test_the_two_registries_hold_the_same_games():
    assert set(RULES_GAMES) == set(GAMES)
    assert {name: game.player_count for name, game in RULES_GAMES.items()} == {
        name: kind.player_count for name, kind in GAMES.items()}


def test_a_file_the_recipe_lists_and_a_game_lacks_is_found():
    extra = recipe(f"## Adding a game\n\n```\ntemplates/{EXAMPLE}/new.html   the form\n"
                   f"static/{EXAMPLE}/none.js   nothing yet\n```\n")
    assert extra == [f"templates/{EXAMPLE}/new.html", f"static/{EXAMPLE}/none.js"]
    piquet = GAMES["piquet"]
    assert missing(piquet, extra) == [f"static/{piquet.template_folder}/none.js"]


def test_each_games_own_blueprints_are_found_beside_its_kind():
    """app.py registers them from the registry: a game's pages.py and api.py where it has them, the API's without
    a form token."""
    found = {blueprint.name: json_only for blueprint, json_only in game_blueprints(GAMES.values())}
    assert found == {"dummy_spades": False, "piquet": False, "piquet_api": True}
    owned = {path.parent.name for path in (ROOT / "scorekeeper" / "games").glob("*/*.py")
             if path.stem in ("pages", "api")}
    assert owned == {"dummy_spades", "piquet"}
