"""Plain-language sentences the engine produces, translated by the web layer.

The engine cannot call gettext (it imports no Flask), so it returns a
`Phrase`: an English message id marked with `N_` for extraction, plus its
parameters. The web layer renders it through Flask-Babel, writing numbers
the reader's way; `str()` gives the English text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Union


@dataclass(frozen=True)
class Signed:
    """A change in score, written with its sign: +52, -100, and a plain 0 for no change (never a gain of +0)."""

    value: int

    def __str__(self) -> str:
        return f"{self.value:+d}" if self.value else "0"


@dataclass(frozen=True)
class Listed:
    """Several values as one list: "1, 2 and 3" in English, written the reader's language's way on the web."""

    items: tuple[str | int, ...]

    def __str__(self) -> str:
        *head, last = [str(item) for item in self.items]
        return f"{', '.join(head)} and {last}" if head else last


ParamValue = Union[str, int, Signed, Listed, "Phrase"]


def N_(template: str) -> str:
    """Mark a message id for extraction without translating it."""
    return template


@dataclass(frozen=True)
class Phrase:
    """An English message id and the values for its %(name)s placeholders."""

    template: str
    params: Mapping[str, ParamValue] = field(default_factory=dict)
    plural: str | None = None  # the message id's plural, chosen by `count` as the language's plural rules say
    count: int = 1

    def render(
        self,
        translate: Callable[[str], str] = lambda template: template,
        write: Callable[[Any], Any] = lambda value: value,
        translate_plural: Callable[[str, str, int], str] = lambda one, many, count: one if count == 1 else many,
    ) -> str:
        """The sentence; `write` puts each value (number, Signed...) into words, nested phrases use both."""
        values = {
            name: value.render(translate, write, translate_plural) if isinstance(value, Phrase) else write(value)
            for name, value in self.params.items()
        }
        template = (translate(self.template) if self.plural is None
                    else translate_plural(self.template, self.plural, self.count))
        return str(template % values)

    def __str__(self) -> str:
        return self.render()


def phrase(template: str, **params: ParamValue) -> Phrase:
    """Build a phrase: ``phrase(N_("%(name)s deals"), name="Ann")``."""
    return Phrase(template, params)


def plural_phrase(singular: str, plural: str, count: int, **params: ParamValue) -> Phrase:
    """Build a phrase with a plural (extracted as ngettext's; `count` is also its `num`):

    >>> str(plural_phrase("at table %(tables)s", "at tables %(tables)s", 2, tables=Listed((1, 2))))
    'at tables 1 and 2'
    """
    return Phrase(singular, {"num": count, **params}, plural, count)
