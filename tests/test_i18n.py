"""All user-facing text goes through gettext: engine phrases, forms and templates."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_pybabel_extracts_engine_form_and_template_messages(tmp_path):
    pot = tmp_path / "messages.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F", "babel.cfg",
         "-k", "N_", "-k", "_l", "-o", str(pot), "."],
        cwd=ROOT, check=True,
    )
    catalogue = pot.read_text(encoding="utf-8")
    for message in (
        "%(bidder)s's nil on the dummy is void: %(bidder)s is a defender.",  # engine
        "Draw for me",  # form
        "Save hand",  # template
        "Only the last hand can be removed.",  # API
    ):
        assert f'msgid "{message}"' in catalogue


def test_no_engine_phrase_is_an_unmarked_literal():
    for path in sorted((ROOT / "scorekeeper" / "rules").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "phrase" and node.args:
                unmarked = isinstance(node.args[0], (ast.Constant, ast.JoinedStr, ast.BinOp))
                assert not unmarked, f"{path.name}:{node.lineno}: phrase() of a literal without N_()"
