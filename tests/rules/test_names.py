"""Player names (docs/api.md: trimmed, 1-30 characters, unique in the game ignoring case)."""

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from scorekeeper.rules.errors import MalformedInput
from scorekeeper.rules.names import RESERVED_NAMES, clean_names, find_name

CATALOGS = Path(__file__).resolve().parents[2] / "translations"


def messages(raw, count=3):
    with pytest.raises(MalformedInput) as caught:
        clean_names(raw, count)
    return [(error.field, str(error.message)) for error in caught.value.errors]


def test_names_are_trimmed():
    assert clean_names([" Ann ", "Ben", "Cid"], 3) == ("Ann", "Ben", "Cid")


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (["Ann", "Ben"], [("players", "Enter exactly 3 player names.")]),
        ("Ann", [("players", "Enter exactly 3 player names.")]),
        (["Ann", "  ", "Cid"], [("players[1]", "Enter a name.")]),
        (["Ann", 7, "Cid"], [("players[1]", "Enter a name.")]),
        (["Ann", "x" * 31, "Cid"], [("players[1]", "A name can have at most 30 characters.")]),
        (["Ann", "ANN", "Cid"], [("players[1]", "Two players cannot both be called “ANN”.")]),
        (["Ann", "Dummy", "Cid"], [("players[1]", "“Dummy” is reserved; choose another name.")]),
        (["Ann", "Strohmann", "Cid"], [("players[1]", "“Strohmann” is reserved; choose another name.")]),
        (["Ann", "Be\x00n", "Cid"], [("players[1]", "A name can only have letters, digits, spaces and punctuation.")]),
        (["Ann", "Be\u200bn", "Cid"], [("players[1]", "A name can only have letters, digits, spaces and punctuation.")]),
    ],
)
def test_bad_names_are_refused_with_a_message_per_field(raw, expected):
    assert messages(raw) == expected


def test_names_with_accents_and_apostrophes_are_fine():
    assert clean_names(["Zoë", "O'Brien", "José-María"], 3) == ("Zoë", "O'Brien", "José-María")


def test_names_are_composed_so_look_alikes_are_one_name():
    assert clean_names(["Rene\u0301e", "Ben", "Cid"], 3) == ("Ren\u00e9e", "Ben", "Cid")
    assert messages(["Rene\u0301e", "REN\u00c9E", "Cid"]) == [
        ("players[1]", "Two players cannot both be called “REN\u00c9E”.")]
    assert find_name(("Ren\u00e9e", "Ben"), "rene\u0301e") == "Ren\u00e9e"
    assert find_name(("Rene\u0301e", "Ben"), "Ren\u00e9e") == "Rene\u0301e"  # a name stored before composing


def test_find_name_ignores_case_and_spaces():
    assert find_name(("Ann", "Ben"), " ann ") == "Ann"
    assert find_name(("Ann", "Ben"), "Cid") is None
    assert find_name(("Ann", "Ben"), 3) is None


@pytest.mark.parametrize("language", ["de", "es", "fr"])
def test_the_dummys_name_in_every_language_of_the_app_is_reserved(language):
    """A player called by the dummy's name in the page's language would name two hands alike."""
    with (CATALOGS / language / "LC_MESSAGES" / "messages.po").open("rb") as file:
        catalog = read_po(file)
    assert catalog["Dummy"].string.casefold() in RESERVED_NAMES
