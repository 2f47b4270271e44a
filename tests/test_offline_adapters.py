"""Every game of the server's registry has its adapter in the offline client (static/offline/games/), registered in
the client's index under the same name, and no other file of the client tells the games apart by name."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper.games import GAMES
from scorekeeper.rules.registry import RULES_GAMES

STATIC = Path(__file__).resolve().parent.parent / "static"
ADAPTERS = STATIC / "offline" / "games"


def test_each_game_of_the_registry_has_an_adapter_under_its_name() -> None:
    index = (ADAPTERS / "index.js").read_text(encoding="utf-8")
    registered = dict(re.findall(r'^import (\w+) from "\./([\w-]+)\.js";$', index, re.MULTILINE))
    listed = re.search(r"^const ADAPTERS = \[(.*)\];$", index, re.MULTILINE)
    assert listed, "static/offline/games/index.js lists its adapters in `const ADAPTERS = [...]`"
    in_list = {name.strip() for name in listed.group(1).split(",")}
    for name in sorted(set(GAMES) | set(RULES_GAMES)):
        adapter = ADAPTERS / f"{name}.js"
        assert adapter.is_file(), f"no offline adapter for {name}: add static/offline/games/{name}.js"
        assert f'name: "{name}",' in adapter.read_text(encoding="utf-8"), f"{adapter.name} names another game"
        imported = {file: variable for variable, file in registered.items()}
        assert name in imported, f"static/offline/games/index.js does not import ./{name}.js"
        assert imported[name] in in_list, f"static/offline/games/index.js does not list {name}'s adapter"


def test_no_other_file_of_the_client_names_a_game() -> None:
    names = "|".join(re.escape(name) for name in GAMES)
    quoted = re.compile(rf"""["'`]({names})["'`]""")
    for path in sorted(STATIC.rglob("*.js")):
        if path.parent == ADAPTERS:
            continue
        found = quoted.findall(path.read_text(encoding="utf-8"))
        assert not found, f"{path.relative_to(STATIC)} compares game names {found}: ask its adapter instead"
