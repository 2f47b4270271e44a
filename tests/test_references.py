"""Every reference in the tree resolves inside it: each cited document is a file of the repository, each cited path
exists, and each section of the rule book cited ("docs/rules.md A10", "docs/rules.md Part B") is a heading of it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULE_BOOK = ROOT / "docs" / "rules.md"
# Folders a path written in a comment may be relative to, besides the root and the citing file's own folder.
BASES = ("scorekeeper", "templates", "static", "tests")
# Not .svg: the tree writes those only as addresses the app serves (qr/edit.svg).
EXTENSIONS = "py|js|md|html|css|json|pot?|toml|cfg|txt|sh|ini|png|webmanifest"
PATH = re.compile(rf"(?<![\w/.:~@-])((?:[\w.-]+/)+[\w.-]+\.(?:{EXTENSIONS}))(?![\w/])")
DOCUMENT = re.compile(r"(?<![\w/.-])([A-Z][A-Z0-9_-]*\.md)\b")
RULES_CITATION = re.compile(
    r"docs/rules\.md((?:(?:,|;|/|-| to| and|'s)?\s*(?:Part [ABC]|[ABC]\d{1,2}|[A-Z]{1,2}-E\d+|E\d+|P\d|S1)\b)*)"
)
SECTION = re.compile(r"Part [ABC]|\b[ABC]\d{1,2}\b")


def tree() -> list[Path]:
    """The repository's files, committed or new, as git sees them (ignored files left out)."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout
    return [ROOT / name for name in listed.split("\0") if name and (ROOT / name).is_file()]


FILES = tree()


def texts() -> list[tuple[Path, str]]:
    found = []
    for path in FILES:
        if path == Path(__file__).resolve():
            continue  # its own examples of what it catches
        try:
            found.append((path, path.read_text(encoding="utf-8")))
        except UnicodeDecodeError:
            continue  # images and other binaries cite nothing
    return found


TEXTS = texts()


# Files the tree names without holding: the deployment's own settings, and the example game of docs/architecture.md's recipe.
NOT_IN_THE_TREE = re.compile(r"^instance/|cribbage")


def resolves(cited: str, citing: Path) -> bool:
    if NOT_IN_THE_TREE.search(cited):
        return True
    places = [ROOT, citing.parent, *(ROOT / base for base in BASES)]
    return any((place / cited).exists() for place in places)


def test_every_cited_path_exists():
    missing = [
        f"{path.relative_to(ROOT)}: {cited}"
        for path, text in TEXTS
        if path.name != "package-lock.json"  # npm's own paths inside its packages
        for cited in PATH.findall(text)
        if not resolves(cited, path)
    ]
    assert missing == []


def test_every_cited_document_is_in_the_repository():
    names = {path.name for path in FILES}
    missing = [
        f"{path.relative_to(ROOT)}: {cited}"
        for path, text in TEXTS
        for cited in DOCUMENT.findall(text)
        if cited not in names
    ]
    assert missing == []


def rule_book_sections() -> set[str]:
    text = RULE_BOOK.read_text(encoding="utf-8")
    return set(re.findall(r"^## (Part [ABC])\.", text, re.M)) | set(re.findall(r"^### ([ABC]\d{1,2})\.", text, re.M))


def test_the_rule_book_has_every_section_of_the_three_games():
    expected = {f"Part {part}" for part in "ABC"} | {f"A{n}" for n in range(1, 13)} | {f"B{n}" for n in range(1, 10)}
    assert rule_book_sections() == expected | {f"C{n}" for n in range(1, 7)}


def test_every_cited_section_of_the_rules_is_a_heading_of_the_rule_book():
    sections = rule_book_sections()
    missing = [
        f"{path.relative_to(ROOT)}: docs/rules.md{run}"
        for path, text in TEXTS
        for run in RULES_CITATION.findall(text)
        if not set(SECTION.findall(run)) <= sections
    ]
    assert missing == []


def test_the_checks_catch_what_they_are_for():
    """A moved file, a document from outside the tree and a section the book lacks are each caught."""
    citing = ROOT / "scorekeeper" / "rules" / "board.py"
    assert not resolves("static/engine-worker.js", citing)
    assert resolves("templates/offline/engine.js", citing)
    assert DOCUMENT.findall("see STYLE.md habit 1") == ["STYLE.md"]
    assert "STYLE.md" not in {path.name for path in FILES}
    assert SECTION.findall(RULES_CITATION.findall("(docs/rules.md A2, A6; C13 and B7 P5)")[0]) == ["A2", "A6", "C13", "B7"]
    assert "C13" not in rule_book_sections()
