"""Player names: trimmed, in Unicode's composed form (NFC), 1 to 30 characters, unique in a game ignoring case;
and names in a sentence.

Composing first makes look-alike spellings one name: "é" typed as one
character or as "e" and a combining accent is stored, compared and shown
the same way.
"""

from __future__ import annotations

import unicodedata

from .errors import ErrorCollector, MalformedInput
from .phrases import N_, Phrase, phrase

MAX_NAME_LENGTH = 30
# The roles' words, and the dummy's in each language the app speaks ("Dummy" in the catalogs: a player called so
# would name a second hand alike in the tricks and the nils).
RESERVED_NAMES = frozenset({"dummy", "elder", "younger", "strohmann", "mort", "muerto"})


def clean_names(raw: object, count: int) -> tuple[str, ...]:
    """Validate a list of player names and return them trimmed.

    Field names in errors are ``players`` and ``players[i]``.

    >>> clean_names([" Ann ", "Ben", "Cid"], 3)
    ('Ann', 'Ben', 'Cid')
    >>> clean_names(["Ren\u0065\u0301e", "Ben", "Cid"], 3) == ("Ren\u00e9e", "Ben", "Cid")
    True

    :raises MalformedInput: for a wrong count, a bad or repeated name.
    """
    if not isinstance(raw, (list, tuple)) or len(raw) != count:
        raise MalformedInput.single("players", phrase(N_("Enter exactly %(count)s player names."), count=count))
    errors = ErrorCollector()
    names: list[str] = []
    seen: set[str] = set()
    for index, value in enumerate(raw):
        field = f"players[{index}]"
        name = normal_form(value) if isinstance(value, str) else ""
        names.append(name)
        if not isinstance(value, str) or not name:
            errors.add(field, phrase(N_("Enter a name.")))
        elif any(unicodedata.category(character).startswith("C") for character in name):
            errors.add(field, phrase(N_("A name can only have letters, digits, spaces and punctuation.")))
        elif len(name) > MAX_NAME_LENGTH:
            errors.add(field, phrase(N_("A name can have at most %(max)s characters."), max=MAX_NAME_LENGTH))
        elif name.casefold() in RESERVED_NAMES:
            errors.add(field, phrase(N_("“%(name)s” is reserved; choose another name."), name=name))
        elif name.casefold() in seen:
            errors.add(field, phrase(N_("Two players cannot both be called “%(name)s”."), name=name))
        seen.add(name.casefold())
    errors.raise_if_any()
    return tuple(names)


def normal_form(name: str) -> str:
    """A name as stored: trimmed and composed (NFC)."""
    return unicodedata.normalize("NFC", name.strip())


def find_name(names: tuple[str, ...], value: object) -> str | None:
    """The game's spelling of a player name given in any case or composition, or None."""
    if not isinstance(value, str):
        return None
    wanted = normal_form(value).casefold()
    return next((name for name in names if unicodedata.normalize("NFC", name).casefold() == wanted), None)


def names_phrase(names: tuple[str, ...]) -> Phrase:
    """Two or more names joined as a sentence says them.

    >>> str(names_phrase(("Ann", "Ben"))), str(names_phrase(("Ann", "Ben", "Cid", "Dee")))
    ('Ann and Ben', 'Ann, Ben, Cid and Dee')
    """
    if len(names) == 2:
        return phrase(N_("%(first)s and %(second)s"), first=names[0], second=names[1])
    if len(names) == 3:
        return phrase(N_("%(first)s, %(second)s and %(third)s"), first=names[0], second=names[1], third=names[2])
    return phrase(N_("%(first)s, %(others)s"), first=names[0], others=names_phrase(names[1:]))


def title(value: object, longest: int, errors: ErrorCollector, *, missing: Phrase, malformed: Phrase) -> str:
    """A club night's or a ladder's name, in its normal form: `missing` noted under ``name`` when there is none,
    `malformed` when it is longer than `longest` or holds a control or other invisible character."""
    name = normal_form(value) if isinstance(value, str) else ""
    if not name:
        errors.add("name", missing)
    elif len(name) > longest or any(unicodedata.category(c).startswith("C") for c in name):
        errors.add("name", malformed)
    return name
