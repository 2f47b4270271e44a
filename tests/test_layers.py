"""The app's folders are layers, and imports run one way, downward (docs/architecture.md).

rules < the base modules (config, extensions, database, models) < web < games < store < api < pages < app.
A game's own pages and endpoints (`games/<game>/pages.py`, `api.py`) sit with the layer they serve. Lazy
imports inside functions count like any other. No module imports itself back through others, and no
blueprint imports another blueprint's module: shared helpers live in modules without routes.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
LAYERS = ("rules", "base", "web", "games", "store", "api", "pages", "app")
BASE = {"config", "extensions", "database", "models"}


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> str:
    parts = module.split(".")[1:]
    if not parts or parts[0] == "app":
        return "app"
    if parts[0] in BASE:
        return "base"
    if parts[0] == "games" and len(parts) == 3 and parts[2] in ("pages", "api"):
        return parts[2]
    return parts[0]


def imports(module: str) -> set[str]:
    """The app's modules that `module` imports, anywhere in it; `from . import x` counts as module x when x is one."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("scorekeeper"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            if not source.startswith("scorekeeper"):
                continue
            submodules = {f"{source}.{alias.name}" for alias in node.names} & MODULES.keys()
            found.update(submodules or {source})
    return found & MODULES.keys()


GRAPH = {module: imports(module) for module in MODULES}


def test_the_layers_are_the_folders():
    assert {layer(module) for module in MODULES} == set(LAYERS)
    assert len([path for path in PACKAGE.glob("*.py")]) <= 8, "at most 8 modules directly in scorekeeper/"


def test_every_import_runs_downward():
    upward = sorted(
        f"{module} ({layer(module)}) imports {imported} ({layer(imported)})"
        for module, imported_modules in GRAPH.items()
        for imported in imported_modules
        if LAYERS.index(layer(imported)) > LAYERS.index(layer(module))
    )
    assert upward == []


def test_the_web_helpers_import_no_game_store_api_or_page():
    assert {imported for module in MODULES if layer(module) == "web" for imported in GRAPH[module]
            if layer(imported) in ("games", "store", "api", "pages")} == set()


def test_no_import_cycle():
    cycles: list[list[str]] = []
    state: dict[str, str] = {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = "open"
        for imported in sorted(GRAPH[module]):
            if state.get(imported) == "open":
                cycles.append(path[path.index(imported):] + [imported])
            elif imported not in state:
                visit(imported, path + [imported])
        state[module] = "done"

    for module in MODULES:
        if module not in state:
            visit(module, [module])
    assert cycles == []


def defines_blueprint(module: str) -> bool:
    return "Blueprint(" in MODULES[module].read_text(encoding="utf-8")


def test_no_blueprint_imports_another_blueprints_module():
    blueprints = {module for module in MODULES if defines_blueprint(module)}
    assert len(blueprints) >= 10
    borrowed = sorted(f"{module} imports {imported}" for module in blueprints for imported in GRAPH[module] & blueprints)
    assert borrowed == []


def test_the_layering_test_sees_a_wrong_import():
    """The checks above would fail on an upward import: the store importing a page, seen through `imports`."""
    assert "scorekeeper.store.writes" in GRAPH["scorekeeper.api.requests"]
    assert LAYERS.index(layer("scorekeeper.pages.games")) > LAYERS.index(layer("scorekeeper.store.records"))
    assert layer("scorekeeper.games.piquet.pages") == "pages" and layer("scorekeeper.games.piquet.kind") == "games"
