"""The rules engine imports nothing but the standard library (STYLE.md habit 1)."""

import ast
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "scorekeeper" / "rules"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_rules_import_only_the_standard_library():
    modules = sorted(RULES.rglob("*.py"))
    assert modules, "the rules package has modules"
    for path in modules:
        outside = imported_modules(path) - set(sys.stdlib_module_names) - {"__future__"}
        assert outside == set(), f"{path.name} imports {outside}"
