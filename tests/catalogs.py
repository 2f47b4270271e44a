"""The translation catalogs in translations/: where they are, compiling them, extracting the messages."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "translations"
TEMPLATE = TRANSLATIONS / "messages.pot"


def catalog_path(language: str) -> Path:
    return TRANSLATIONS / language / "LC_MESSAGES" / "messages.po"


def languages() -> list[str]:
    """Every language with a catalog, e.g. ["de", "es", "fr"]."""
    return sorted(path.parent.parent.name for path in TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"))


def read_catalog(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language)


def compile_catalogs() -> None:
    """Compile each catalog whose .mo is missing or older (`make` does the same; this serves a bare pytest)."""
    for language in languages():
        source = catalog_path(language)
        compiled = source.with_suffix(".mo")
        if compiled.exists() and compiled.stat().st_mtime >= source.stat().st_mtime:
            continue
        draft = compiled.with_suffix(f".mo.{os.getpid()}")
        with draft.open("wb") as file:
            write_mo(file, read_catalog(source, language))
        draft.replace(compiled)


def extract(output: Path) -> Catalog:
    """Every message the code and templates use, extracted as `make translations` does."""
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg", "-k", "_l", "-k", "lazy_pgettext:1c,2", "-k", "plural_phrase:1,2",
         "-o", str(output), "."],
        cwd=ROOT, check=True, capture_output=True,
    )
    return read_catalog(output)
