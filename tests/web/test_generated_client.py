"""The client a developer would generate from the API's document: openapi-python-client makes every operation,
with no warning (an operation it cannot read it skips with a warning, as it once did a hand's allOf)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.generated_client


def test_openapi_python_client_generates_every_operation_without_a_warning(client, tmp_path):
    document = client.get("/api/v1/openapi.json").get_json()
    (tmp_path / "openapi.json").write_text(json.dumps(document))
    generator = Path(sys.executable).with_name("openapi-python-client")
    # The generator formats its output with ruff and warns when it cannot find it.
    environment = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    assert shutil.which("ruff", path=environment["PATH"])

    run = subprocess.run([generator, "generate", "--path", "openapi.json", "--meta", "none"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120, env=environment, check=False)

    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    assert "warning" not in output.lower(), output
    generated = {path.stem for path in (tmp_path / "scorekeeper_api_client" / "api").rglob("*.py")} - {"__init__"}
    operations = {operation["operationId"] for path in document["paths"].values() for operation in path.values()}
    assert len(operations) == 15
    assert generated == {operation.replace("-", "_") for operation in operations}
