"""Every template compiled as a worker starts, and the compiled code kept where the next worker finds it."""

from __future__ import annotations

from pathlib import Path

from jinja2 import FileSystemBytecodeCache

from scorekeeper.app import ROOT
from scorekeeper.web import templates


def test_every_template_is_compiled_and_its_code_kept_for_the_next_worker(app):
    on_disk = sorted(str(path.relative_to(ROOT / "templates")) for path in (ROOT / "templates").rglob("*.*"))

    assert templates.compile_all(app) == len(on_disk)

    cache = app.jinja_env.bytecode_cache
    assert isinstance(cache, FileSystemBytecodeCache)
    for name in on_disk:
        source, filename, _ = app.jinja_env.loader.get_source(app.jinja_env, name)
        kept = Path(cache.directory, cache.pattern % cache.get_cache_key(name, filename))
        assert kept.is_file(), f"{name} is kept compiled"
        assert kept.stat().st_mode & 0o077 == 0, "only this user reads the compiled code"


def test_a_page_renders_from_the_kept_code_as_from_the_template(app, client):
    templates.compile_all(app)
    first = client.get("/")
    app.jinja_env.cache.clear()  # as a new worker: the template is read from the kept code

    again = client.get("/")

    assert (first.status_code, again.status_code) == (200, 200)
    assert again.text.replace(_csrf(again.text), "") == first.text.replace(_csrf(first.text), "")


def _csrf(page: str) -> str:
    marker = 'name="csrf_token" type="hidden" value="'
    start = page.find(marker)
    return page[start + len(marker):page.index('"', start + len(marker))] if start >= 0 else ""
