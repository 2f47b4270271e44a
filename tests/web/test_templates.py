"""Every template compiled as a worker starts, and the compiled code kept where the next worker finds it."""

from __future__ import annotations

from pathlib import Path

from jinja2 import FileSystemBytecodeCache

from scorekeeper.app import ROOT
from scorekeeper.web import templates

from .forms_client import token_in


def test_every_template_is_compiled_and_its_code_kept_for_the_next_worker(app):
    on_disk = sorted(str(path.relative_to(ROOT / "templates")) for path in (ROOT / "templates").rglob("*.*"))

    assert templates.compile_all(app) == len(on_disk)

    cache = app.jinja_env.bytecode_cache
    assert isinstance(cache, FileSystemBytecodeCache)
    for name in on_disk:
        _source, filename, _ = app.jinja_env.loader.get_source(app.jinja_env, name)
        kept = Path(cache.directory, cache.pattern % cache.get_cache_key(name, filename))
        assert kept.is_file(), f"{name} is kept compiled"
        assert kept.stat().st_mode & 0o077 == 0, "only this user reads the compiled code"


def test_a_new_worker_renders_from_the_kept_code_without_compiling(app, client, monkeypatch):
    templates.compile_all(app)
    first = client.get("/")
    app.jinja_env.cache.clear()  # as a new worker: nothing compiled in this process yet

    def compile_again(*args, **kwargs):
        raise AssertionError("a template was compiled again instead of read from the kept code")

    monkeypatch.setattr(app.jinja_env, "compile", compile_again)
    again = client.get("/")

    assert (first.status_code, again.status_code) == (200, 200)
    assert again.text.replace(token_in(again.text), "") == first.text.replace(token_in(first.text), "")
