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


ParamValue = Union[str, int, Signed, "Phrase"]


def N_(template: str) -> str:
    """Mark a message id for extraction without translating it."""
    return template


@dataclass(frozen=True)
class Phrase:
    """An English message id and the values for its %(name)s placeholders."""

    template: str
    params: Mapping[str, ParamValue] = field(default_factory=dict)

    def render(
        self,
        translate: Callable[[str], str] = lambda template: template,
        write: Callable[[Any], Any] = lambda value: value,
    ) -> str:
        """The sentence; `write` puts each value (number, Signed...) into words, nested phrases use both."""
        values = {
            name: value.render(translate, write) if isinstance(value, Phrase) else write(value)
            for name, value in self.params.items()
        }
        return str(translate(self.template) % values)

    def __str__(self) -> str:
        return self.render()


def phrase(template: str, **params: ParamValue) -> Phrase:
    """Build a phrase: ``phrase(N_("%(name)s deals"), name="Ann")``."""
    return Phrase(template, params)
