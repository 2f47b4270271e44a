"""docs/api.md "First five minutes", run as written against a live app: the curl block, then the generation of
the Python client and the script using it; each prints what the page says it prints."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.generated_client

DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"
TOTALS = "{'Ann': {'score': 24}, 'Ben': {'score': 6}}"


def section() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text.partition("\n## First five minutes\n")[2].partition("\n## ")[0]


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```$", section(), flags=re.M | re.S)


def test_the_first_five_minutes_run_as_written(live_app, tmp_path):
    _, base_url = live_app
    # The venv's python3 and openapi-python-client (and the ruff it formats with) come first, as after `pip install`.
    environment = {**os.environ, "SCOREKEEPER": base_url,
                   "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    curl, generate = blocks("sh")
    [script] = blocks("python")
    assert f"It prints `201`, then `{TOTALS}`" in section()

    def run(*command):
        done = subprocess.run(command, cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=300,
                              check=False)
        assert done.returncode == 0, done.stdout + done.stderr
        return done

    assert run("bash", "-euo", "pipefail", "-c", curl).stdout == f"201\n{TOTALS}\n"
    generated = run("bash", "-euo", "pipefail", "-c", generate)
    assert "warning" not in (generated.stdout + generated.stderr).lower()
    (tmp_path / "first.py").write_text(script, encoding="utf-8")
    assert run(sys.executable, "first.py").stdout == f"{TOTALS}\n"
