"""All user-facing text goes through gettext, and every catalog translates every message."""

from __future__ import annotations

import ast
import re
from collections import Counter

import pytest

from .catalogs import ROOT, TEMPLATE, catalog_path, extract, languages, read_catalog

PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?[sd]")
TAG = re.compile(r"</?([a-z]+)")


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    return extract(tmp_path_factory.mktemp("extracted") / "messages.pot")


def message_ids(catalog) -> set:
    return {(message.id if isinstance(message.id, str) else message.id[0], message.context)
            for message in catalog if message.id}


def test_pybabel_extracts_engine_form_and_template_messages(extracted):
    for message in (
        "%(bidder)s's nil on the dummy is void: %(bidder)s is a defender.",  # engine
        "Draw for me",  # form
        "Save hand",  # template
        "Only the last hand can be removed.",  # API
    ):
        assert extracted.get(message) is not None


def test_the_template_in_git_holds_every_message(extracted):
    committed = message_ids(read_catalog(TEMPLATE))
    missing = sorted(message_ids(extracted) - committed)
    gone = sorted(committed - message_ids(extracted))
    assert (missing, gone) == ([], []), "translations/messages.pot is out of date: run `make translations`"


def test_french_is_among_the_catalogs():
    assert "fr" in languages()


def placeholders(text: str) -> set[str]:
    return {match.group(0) for match in PLACEHOLDER.finditer(text)}


def tags(text: str) -> Counter:
    return Counter(TAG.findall(text))


def problems_with(message, english: list[str]) -> list[str]:
    """What is wrong with one translated message; `english` holds its singular and plural ids."""
    if message is None:
        return ["missing"]
    if message.fuzzy:
        return ["fuzzy"]
    forms = list(message.string) if isinstance(message.string, tuple) else [message.string]
    if not all(form.strip() for form in forms):
        return ["empty"]
    found = []
    for index, form in enumerate(forms):
        source = english[min(index, len(english) - 1)]
        if placeholders(form) != placeholders(source):
            found.append(f"placeholders {sorted(placeholders(form))} instead of {sorted(placeholders(source))}")
        if tags(form) != tags(source):
            found.append(f"markup {dict(tags(form))} instead of {dict(tags(source))}")
    return found


@pytest.mark.parametrize("language", languages())
def test_every_catalog_translates_every_message(language, extracted):
    catalog = read_catalog(catalog_path(language), language)
    assert not catalog.fuzzy, f"{language}: the catalog's header is marked fuzzy, so it would not compile"
    problems = []
    for source in extracted:
        if not source.id:
            continue
        english = list(source.id) if isinstance(source.id, tuple) else [source.id]
        for problem in problems_with(catalog.get(source.id, context=source.context), english):
            problems.append(f"{problem}: {english[0]!r}")
    for message, errors in catalog.check():
        problems.extend(f"{error}: {message.id!r}" for error in errors)
    assert not problems, f"{language}: {len(problems)} problems (`make translations`, then translate):\n" + "\n".join(problems)


def test_the_check_can_fail():
    english = ["%(name)s deals <strong>%(number)s</strong>"]
    assert problems_with(None, english) == ["missing"]

    class Message:
        fuzzy = False
        string = "%(nom)s donne <strong>%(number)s"

    assert problems_with(Message, english) == [
        "placeholders ['%(nom)s', '%(number)s'] instead of ['%(name)s', '%(number)s']",
        "markup {'strong': 1} instead of {'strong': 2}",
    ]


def test_no_engine_phrase_is_an_unmarked_literal():
    for path in sorted((ROOT / "scorekeeper" / "rules").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "phrase" and node.args:
                unmarked = isinstance(node.args[0], (ast.Constant, ast.JoinedStr, ast.BinOp))
                assert not unmarked, f"{path.name}:{node.lineno}: phrase() of a literal without N_()"
