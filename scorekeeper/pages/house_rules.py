"""House rules read from and written into a link: a game's settings as the query of its new-game form, and what
each means in the reader's language (the routes that share them: pages/rules_link.py).

A link names the settings as the API does (docs/api.md, "Games"); the engine decides whether each value stands, so a
link is refused only where the API would refuse it. Players, the first dealer and the dummy's seat are not rules
and never travel in a link (docs/decisions/house-rules-by-link.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict
from wtforms.fields.choices import SelectFieldBase

from ..games.base import GameKind
from ..rules.errors import RuleError
from ..rules.typed import number_or_text
from ..web.i18n import say

# The settings each new-game form offers, in the form's order (a club night's hand_limit is not one of them).
SETTINGS: Mapping[str, tuple[str, ...]] = {
    "dummy-spades": ("style", "target", "variant", "bag_limit", "bag_penalty"),
    "spades": ("variant", "target", "nil_value", "blind_nil", "blind_margin", "failed_nil_helps", "zero_is_nil",
               "bag_limit", "bag_penalty", "mercy", "mercy_floor"),
    "piquet": ("variant", "target"),
}
YES, NO = "true", "false"
LANGUAGE = "lang"  # any page's choice of language (web/i18n.py), not a setting
FORM_MARK = "request_key"  # sent by every form (templates/_macros.html form_head), never by a link


def settings_of(kind: GameKind, settings: Mapping[str, Any]) -> dict[str, Any]:
    """Every setting of the form with its value for a game of `settings` (the API's, missing ones at their
    defaults), as the engine reads them."""
    players = [f"p{seat}" for seat in range(kind.player_count)]
    setup = kind.read_setup({"game": kind.name, "players": players, "first_dealer": players[0],
                             "settings": {name: settings[name] for name in SETTINGS[kind.name] if name in settings}})
    values = setup.settings.to_dict()
    return {name: values[name] for name in SETTINGS[kind.name] if values.get(name) is not None}


def query_of(settings: Mapping[str, Any]) -> str:
    """The settings as a readable query: `style=suicide&target=500`, booleans as true or false."""
    return urlencode({name: (YES if value else NO) if isinstance(value, bool) else value
                      for name, value in settings.items()})


def read_link(kind: GameKind, args: MultiDict[str, str]) -> tuple[dict[str, Any], list[str]]:
    """The settings a link gives, each checked by the engine with the ones before it, and what was left at its
    default and why (a name the game does not have, a value the engine refuses)."""
    defaults = settings_of(kind, {})
    accepted: dict[str, Any] = {}
    problems: list[str] = []
    for name, text in args.items(multi=True):
        if name == LANGUAGE:
            continue
        if name not in SETTINGS[kind.name]:
            problems.append(_("'%(name)s' is not a setting of this game.", name=name))
            continue
        value = _typed(defaults.get(name), text)
        if value is None:
            problems.append(_("'%(name)s=%(value)s' is neither true nor false: left at %(default)s.", name=name,
                              value=text, default=_shown(defaults.get(name))))
            continue
        try:
            settings_of(kind, {**accepted, name: value})
        except RuleError as error:
            reasons = " ".join(say(e.message) for e in error.errors)
            problems.append(_("'%(name)s=%(value)s': %(reason)s Left at %(default)s.", name=name, value=text,
                              reason=reasons, default=_shown(defaults.get(name, "-"))))
            continue
        accepted[name] = value
    return settings_of(kind, accepted), problems


def form_data(kind: GameKind, settings: Mapping[str, Any]) -> dict[str, Any]:
    """The new-game form's fields for `settings`: a target not among the chips as "Other" with its number."""
    form = kind.new_game_form()
    data: dict[str, Any] = {}
    for name, value in settings.items():
        field = form[name]
        if name == "target" and "target_other" in form and str(value) not in {str(v) for v, *_ in field.iter_choices()}:
            data["target"], data["target_other"] = "other", str(value)
        else:
            data[name] = value if isinstance(value, bool) else str(value)
    return data


def _typed(default: Any, text: str) -> Any:
    """A link's text as the API's value: true or false for a rule that is on or off, a whole number, or text."""
    if isinstance(default, bool):
        return {YES: True, NO: False}.get(text.strip().lower())
    return number_or_text(text)


def _shown(value: Any) -> str:
    """A default as a link would give it."""
    return (YES if value else NO) if isinstance(value, bool) else str(value)


def explained(kind: GameKind, settings: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Each setting as the reader's form names it, with its value in the reader's words."""
    form = kind.new_game_form(data=form_data(kind, settings))
    lines = []
    for name in settings:
        field = form[name]
        if name == "target" and "target_other" in form:
            value = str(settings[name])
        elif isinstance(settings[name], bool):
            value = _("Yes") if settings[name] else _("No")
        elif not isinstance(field, SelectFieldBase):
            value = str(settings[name])
        else:
            value = next((str(label) for v, label, *_ in field.iter_choices() if v == field.data), str(settings[name]))
        lines.append((str(field.label.text), value))
    return lines
