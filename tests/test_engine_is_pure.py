"""The rules engine stands alone, a library: importing it loads no web framework, no database layer."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "scorekeeper" / "rules"
FRAMEWORKS = ("flask", "flask_babel", "flask_migrate", "flask_sqlalchemy", "flask_wtf", "sqlalchemy", "wtforms",
              "werkzeug", "jinja2", "babel")


def engine_modules() -> list[str]:
    """Every module of the rules package, by its dotted name."""
    return [
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in sorted(RULES.rglob("*.py"))
    ]


def test_importing_every_engine_module_loads_no_framework():
    """In a fresh interpreter with this checkout first on the path, import every rules module and look."""
    program = (
        "import importlib, json, sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        f"for name in {engine_modules()!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True, cwd=ROOT)
    loaded = set(__import__("json").loads(done.stdout))

    assert "scorekeeper.rules.dummy_spades.game" in loaded and "scorekeeper.rules.piquet.game" in loaded
    assert {module.split(".")[0] for module in loaded} & set(FRAMEWORKS) == set()
    assert {module for module in loaded if module.startswith("scorekeeper.")} <= set(engine_modules()) | {
        "scorekeeper.rules"}, "the engine imports only the engine"


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
    assert {path.parent.name for path in modules} >= {"rules", "dummy_spades", "piquet"}, "subpackages are read too"
    for path in modules:
        outside = imported_modules(path) - set(sys.stdlib_module_names) - {"__future__"}
        assert outside == set(), f"{path.relative_to(RULES)} imports {outside}"
