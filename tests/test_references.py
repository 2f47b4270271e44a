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
DECISIONS = ROOT / "docs" / "decisions"
# A decision cited by its file, and by the heading inside it where one is quoted: docs/decisions/speed.md, "Long reads".
DECISION_CITATION = re.compile(r"docs/decisions/([\w.-]+\.md)(?:,? \"([^\"]+)\")?")
MARKDOWN_LINK = re.compile(r"\]\(([\w./-]+\.md)\)")


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


def decision_headings(name: str) -> set[str]:
    return set(re.findall(r"^#+ (.+)$", (DECISIONS / name).read_text(encoding="utf-8"), re.M))


def cited_decisions_missing(text: str) -> list[str]:
    """Each docs/decisions/<file>.md cited that is not a file there, or whose quoted heading no heading of it starts with."""
    return [
        f"{name} {heading!r}" if heading else name
        for name, heading in DECISION_CITATION.findall(text)
        if not (DECISIONS / name).is_file()
        or heading and not any(found.startswith(heading) for found in decision_headings(name))
    ]


def test_every_cited_decision_is_a_file_of_docs_decisions_and_its_cited_heading_one_of_its_headings():
    missing = [f"{path.relative_to(ROOT)}: {cited}" for path, text in TEXTS for cited in cited_decisions_missing(text)]
    assert missing == []


def test_the_decisions_are_cited_by_their_files_not_the_retired_single_document():
    assert not (ROOT / "docs" / "decisions.md").exists()
    citing = [f"{path.relative_to(ROOT)}" for path, text in TEXTS if re.search(r"(?<![\w/])(?:docs/)?decisions\.md", text)]
    assert citing == []


def test_every_link_between_the_decisions_resolves():
    missing = [
        f"{path.relative_to(ROOT)}: {linked}"
        for path in sorted(DECISIONS.glob("*.md"))
        for linked in MARKDOWN_LINK.findall(path.read_text(encoding="utf-8"))
        if not (path.parent / linked).is_file()
    ]
    assert missing == []


def test_the_decisions_checks_catch_a_missing_file_and_a_missing_heading():
    assert cited_decisions_missing('docs/decisions/speed.md, "Long reads"') == []
    assert cited_decisions_missing("see docs/decisions/offline-new-game.md") == []
    assert cited_decisions_missing("docs/decisions/long-reads.md") == ["long-reads.md"]
    assert cited_decisions_missing('docs/decisions/speed.md, "Short reads"') == ["speed.md 'Short reads'"]
