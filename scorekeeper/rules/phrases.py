"""Plain-language sentences the engine produces, translated by the web layer.

The engine cannot call gettext (it imports no Flask), so it returns a
`Phrase`: an English message id marked with `N_` for extraction, plus its
parameters. The web layer renders it through Flask-Babel; `str()` gives the
English text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Union

ParamValue = Union[str, int, "Phrase"]


def N_(template: str) -> str:
    """Mark a message id for extraction without translating it."""
    return template


@dataclass(frozen=True)
class Phrase:
    """An English message id and the values for its %(name)s placeholders."""

    template: str
    params: Mapping[str, ParamValue] = field(default_factory=dict)

    def render(self, translate: Callable[[str], str] = lambda template: template) -> str:
        """The sentence, with nested phrases rendered by the same translator."""
        values = {
            name: value.render(translate) if isinstance(value, Phrase) else value
            for name, value in self.params.items()
        }
        return str(translate(self.template) % values)

    def __str__(self) -> str:
        return self.render()


def phrase(template: str, **params: ParamValue) -> Phrase:
    """Build a phrase: ``phrase(N_("%(name)s deals"), name="Ann")``."""
    return Phrase(template, params)
