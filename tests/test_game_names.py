"""One registry answers "which game?": outside a game's own folders (`rules/<game>/`, `games/<game>/`,
`templates/<game>/`), no code compares a value with a registered game's name (`== "piquet"`, `in ("spades", ...)`,
`case "dummy-spades"`) nor asks whether a value is one of a game's own classes (`isinstance(engine, piquet.Game)`);
it asks the game's kind (games/base.py `GameKind`), the engine's registry (rules/registry.py `RULES_GAMES`) or the
game's own hooks (rules/log.py `Log`) instead."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from jinja2 import Environment, nodes

from scorekeeper.games import GAMES
from scorekeeper.rules.registry import RULES_GAMES

ROOT = Path(__file__).resolve().parent.parent
NAMES = set(GAMES) | set(RULES_GAMES)
FOLDERS = {kind.template_folder for kind in GAMES.values()}  # each game's folder name, as in rules/ and games/


def own_folder(path: Path) -> bool:
    """Whether `path` lies in a game's own folder: rules/<game>/, games/<game>/ or templates/<game>/."""
    parts = path.relative_to(ROOT).parts
    return (parts[:2] in {("scorekeeper", "rules"), ("scorekeeper", "games")} and parts[2] in FOLDERS) or (
        parts[0] == "templates" and parts[1] in FOLDERS)


def python_names(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Each game name a comparison or a `case` pattern of `tree` holds, with its line."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for operand in [node.left, *node.comparators]:
                yield from _constants(operand)
        elif isinstance(node, ast.MatchValue):
            yield from _constants(node.value)


def _constants(node: ast.AST) -> Iterator[tuple[int, str]]:
    elements = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    for element in elements:
        if isinstance(element, ast.Constant) and element.value in NAMES:
            yield element.lineno, element.value


def template_names(tree: nodes.Node) -> Iterator[tuple[int, str]]:
    """Each game name a comparison (`==`, `in`) of a Jinja template holds, with its line."""
    for compare in tree.find_all(nodes.Compare):
        for operand in [compare.expr, *(op.expr for op in compare.ops)]:
            elements = operand.items if isinstance(operand, (nodes.Tuple, nodes.List)) else [operand]
            for element in elements:
                if isinstance(element, nodes.Const) and element.value in NAMES:
                    yield element.lineno or 0, element.value


def game_class_checks(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Each `isinstance`/`issubclass` of `tree` against a class of a game's own folder, with its line: a class named
    through a game's module (`piquet.Game`) or imported from one (`from ..rules.piquet import Game`)."""
    from_games = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                  if FOLDERS & set((node.module or "").split(".")) for alias in node.names}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                "isinstance", "issubclass") and len(node.args) == 2:
            classes = node.args[1]
            for element in classes.elts if isinstance(classes, ast.Tuple) else [classes]:
                named = ast.unparse(element)
                if FOLDERS & set(named.split(".")) or named.split(".")[0] in from_games:
                    yield node.lineno, named


def checked_classes() -> list[str]:
    return [f"{path.relative_to(ROOT)}:{line} {named}"
            for path in sorted((ROOT / "scorekeeper").rglob("*.py")) if not own_folder(path)
            for line, named in game_class_checks(ast.parse(path.read_text(encoding="utf-8")))]


def compared_names() -> list[str]:
    found = []
    for path in sorted((ROOT / "scorekeeper").rglob("*.py")):
        if not own_folder(path):
            found += [f"{path.relative_to(ROOT)}:{line} {name}"
                      for line, name in python_names(ast.parse(path.read_text(encoding="utf-8")))]
    environment = Environment(extensions=["jinja2.ext.i18n", "jinja2.ext.do"])
    for path in sorted((ROOT / "templates").rglob("*.html")):
        if not own_folder(path):
            tree = environment.parse(path.read_text(encoding="utf-8"))
            found += [f"{path.relative_to(ROOT)}:{line} {name}" for line, name in template_names(tree)]
    return found


def test_no_game_name_is_compared_outside_its_own_folders():
    assert compared_names() == []


def test_the_check_sees_each_way_of_comparing_a_name():
    source = """
if kind == "piquet": pass
if "spades" != kind: pass
if kind in ("dummy-spades", "other"): pass
match kind:
    case "piquet": pass
if kind == "rubicon": pass
"""
    assert sorted(python_names(ast.parse(source))) == [
        (2, "piquet"), (3, "spades"), (4, "dummy-spades"), (6, "piquet")]
    template = '{% if kind.name == "piquet" %}{% endif %}{% if game in ["spades"] %}{% endif %}'
    assert sorted(template_names(Environment().parse(template))) == [(1, "piquet"), (1, "spades")]


def test_no_games_own_class_is_checked_outside_its_own_folders():
    assert checked_classes() == []


def test_the_check_sees_each_way_of_naming_a_games_class():
    source = """
from . import piquet
from .spades.results import Bidding as SpadesBidding
from .log import Log
isinstance(engine, piquet.Game)
isinstance(step, (SpadesBidding, dict))
issubclass(kind, rules.dummy_spades.Game)
isinstance(engine, Log)
isinstance(value, int)
"""
    assert sorted(game_class_checks(ast.parse(source))) == [
        (5, "piquet.Game"), (6, "SpadesBidding"), (7, "rules.dummy_spades.Game")]


def test_a_games_own_folders_are_its_own():
    assert own_folder(ROOT / "scorekeeper" / "rules" / "piquet" / "game.py")
    assert own_folder(ROOT / "templates" / "dummy_spades" / "game.html")
    assert not own_folder(ROOT / "scorekeeper" / "rules" / "typed.py")
    assert not own_folder(ROOT / "templates" / "rules" / "piquet.html")
