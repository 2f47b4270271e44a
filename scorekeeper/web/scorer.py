"""The files a phone keeps to score offline: Pyodide's core (vendored from npm) and a zip of the rules engine
with the compiled catalogs; their addresses for the service worker. No routes (pages/engine_files.py serves them)."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from functools import cache
from pathlib import Path

from flask import url_for

ROOT = Path(__file__).resolve().parents[2]


PYODIDE = ROOT / "node_modules" / "pyodide"


RULES = ROOT / "scorekeeper" / "rules"


TRANSLATIONS = ROOT / "translations"


# The core, and only it: the loader, its lock file (read at start), the WebAssembly and the standard library.
PYODIDE_FILES = {
    "pyodide.js": "text/javascript",
    "pyodide.asm.js": "text/javascript",
    "pyodide.asm.wasm": "application/wasm",
    "python_stdlib.zip": "application/zip",
    "pyodide-lock.json": "application/json",
}


@cache
def pyodide_version() -> str:
    """The vendored Pyodide's version, which its files' addresses carry (they never change at one address)."""
    return str(json.loads((PYODIDE / "package.json").read_text())["version"])


@cache
def rules_zip() -> tuple[bytes, str]:
    """The engine's files and compiled catalogs as one zip, and the hash of its content.

    Inside: `scorekeeper/__init__.py` (empty: the app's package is not the engine's), `scorekeeper/rules/...`,
    and `catalogs/<language>.mo`.
    """
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(zipfile.ZipInfo("scorekeeper/__init__.py", (2020, 1, 1, 0, 0, 0)), "")
        files = [(path, f"scorekeeper/rules/{path.relative_to(RULES).as_posix()}")
                 for path in sorted(RULES.rglob("*.py"))]
        files += [(path, f"catalogs/{path.parent.parent.name}.mo")
                  for path in sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.mo"))]
        for path, name in files:
            archive.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), path.read_bytes())
    data = buffer.getvalue()
    return data, hashlib.sha256(data).hexdigest()[:12]


def installed() -> bool:
    """Whether npm installed Pyodide (`make run` and `make test` do)."""
    return (PYODIDE / "package.json").is_file()


def files() -> list[str]:
    """Every address the phone keeps to score offline: the worker, Pyodide's core, the engine (none without npm)."""
    if not installed():
        return []
    return [url_for("engine.worker"), *(url_for("engine.pyodide", version=pyodide_version(), name=name)
                                        for name in PYODIDE_FILES), url_for("engine.rules", digest=rules_zip()[1])]


@cache
def pyodide_file(name: str) -> bytes:
    """One of Pyodide's core files, read once (13 MB in all): a stream left open by a phone that went away while
    fetching it would keep its file open."""
    return (PYODIDE / name).read_bytes()
