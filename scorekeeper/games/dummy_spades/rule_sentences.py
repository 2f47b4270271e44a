"""What each Dummy Hand Spades setting does at the table, one sentence in the reader's language for the values
chosen (docs/rules.md A7 to A9 and A11): the share page and a form opened from a link say it beside each rule."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from ...rules import dummy_spades
from ...web.i18n import number, say
from ..base import RuleSentences


def _style(settings: Mapping[str, Any]) -> str:
    return say(dummy_spades.Style.of(settings["style"]).reminder)


def _target(settings: Mapping[str, Any]) -> str:
    target = settings["target"]
    return ngettext("Play to %(count)s: once a player has %(count)s point after a hand, the highest score wins; "
                    "players level at the top play on.",
                    "Play to %(count)s: once a player has %(count)s points after a hand, the highest score wins; "
                    "players level at the top play on.", target, count=number(target))


def _variant(settings: Mapping[str, Any]) -> str:
    return say(dummy_spades.Variant.of(settings["variant"]).reminder)


def _bag_limit(settings: Mapping[str, Any]) -> str:
    limit = settings["bag_limit"]
    if limit == 0:
        return _("Bags: a player's overtricks are bags, counted but never penalised.")
    return ngettext("Bags: a player's overtricks are bags; each time their bags reach %(count)s, "
                    "they lose the bag penalty and %(count)s bag is taken off, the rest carrying over.",
                    "Bags: a player's overtricks are bags; each time their bags reach %(count)s, "
                    "they lose the bag penalty and %(count)s bags are taken off, the rest carrying over.",
                    limit, count=number(limit))


def _bag_penalty(settings: Mapping[str, Any]) -> str:
    penalty = settings["bag_penalty"]
    if settings["bag_limit"] == 0:
        return _("Bag penalty: none, as the bag limit is 0.")
    return ngettext("Bag penalty: a player loses %(count)s point each time their bags reach the limit.",
                    "Bag penalty: a player loses %(count)s points each time their bags reach the limit.",
                    penalty, count=number(penalty))


SENTENCES: RuleSentences = {
    "style": _style,
    "target": _target,
    "variant": _variant,
    "bag_limit": _bag_limit,
    "bag_penalty": _bag_penalty,
}
