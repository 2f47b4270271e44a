"""The TypeScript types a developer would generate from the API's document (openapi-typescript, an npm
devDependency): every operation, no warning, and a script calling every operation through openapi-fetch
(tests/typescript/every_operation.ts) type-checks with `tsc --noEmit`; a field the document does not name does
not. Runs where Node and the npm packages are (`make test` installs them)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.generated_client

ROOT = Path(__file__).resolve().parents[2]
MODULES = ROOT / "node_modules"
NODE = shutil.which("node")
SCRIPT = ROOT / "tests" / "typescript" / "every_operation.ts"


def tsconfig() -> dict:
    return {
        "compilerOptions": {
            "strict": True, "noEmit": True, "target": "es2022", "module": "esnext", "moduleResolution": "bundler",
            "lib": ["es2022", "dom"], "types": [], "skipLibCheck": True,
            "paths": {"openapi-fetch": [str(MODULES / "openapi-fetch")]},
        },
        "files": ["every_operation.ts"],
    }


def node(*command: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([NODE or "node", *command], cwd=cwd, capture_output=True, text=True, timeout=300,
                          check=False)


@pytest.fixture
def generated(client, tmp_path):
    """openapi-typescript's run on the served document: its output, and the folder holding api.d.ts."""
    if NODE is None or not (MODULES / "openapi-typescript").is_dir() or not (MODULES / "typescript").is_dir():
        pytest.skip("needs Node and the npm devDependencies (`make test-deps` installs them)")
    (tmp_path / "openapi.json").write_text(json.dumps(client.get("/api/v1/openapi.json").get_json()),
                                           encoding="utf-8")
    run = node(str(MODULES / "openapi-typescript" / "bin" / "cli.js"), "openapi.json", "-o", "api.d.ts",
               cwd=tmp_path)
    (tmp_path / "tsconfig.json").write_text(json.dumps(tsconfig()), encoding="utf-8")
    return run, tmp_path


def test_openapi_typescript_types_every_operation_and_a_script_calling_each_type_checks(client, generated):
    run, folder = generated
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    assert "\u26a0" not in output and "warn" not in output.lower(), output
    types = (folder / "api.d.ts").read_text(encoding="utf-8")
    typed = set(re.findall(r'^ {4}"([\w-]+)": \{$', types.partition("export interface operations {")[2], re.M))
    operations = {operation["operationId"] for path in client.get("/api/v1/openapi.json").get_json()["paths"].values()
                  for operation in path.values()}
    assert len(operations) == 15 and typed == operations

    script = SCRIPT.read_text(encoding="utf-8")
    calls = set(re.findall(r'api\.(GET|POST|PUT|DELETE)\("([^"]+)"', script))
    assert len(calls) == 15, calls
    tsc = str(MODULES / "typescript" / "bin" / "tsc")
    (folder / "every_operation.ts").write_text(script, encoding="utf-8")
    checked = node(tsc, "-p", "tsconfig.json", cwd=folder)
    assert checked.returncode == 0, checked.stdout + checked.stderr

    # The check means something: a field the document does not name is an error.
    (folder / "every_operation.ts").write_text(script.replace("game.edit_token", "game.editToken"), encoding="utf-8")
    refused = node(tsc, "-p", "tsconfig.json", cwd=folder)
    assert refused.returncode != 0 and "Property 'editToken' does not exist" in refused.stdout, refused.stdout
