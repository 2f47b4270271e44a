"""What each four-player Spades setting does at the table, one sentence in the reader's language for the values
chosen (docs/rules.md C2 to C5): the share page and a form opened from a link say it beside each rule."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from ...rules import spades
from ...web.i18n import number, say
from ..base import RuleSentences


def _variant(settings: Mapping[str, Any]) -> str:
    return say(spades.Variant.of(settings["variant"]).reminder)


def _target(settings: Mapping[str, Any]) -> str:
    target = settings["target"]
    return ngettext("Play to %(count)s: once a team has %(count)s point after a deal, the higher score wins; "
                    "teams level play on.",
                    "Play to %(count)s: once a team has %(count)s points after a deal, the higher score wins; "
                    "teams level play on.", target, count=number(target))


def _nil_value(settings: Mapping[str, Any]) -> str:
    value = settings["nil_value"]
    return ngettext("Nil: a Nil bidder who takes no trick wins %(count)s point for the team, and loses it with "
                    "any trick.",
                    "Nil: a Nil bidder who takes no trick wins %(count)s points for the team, and loses them with "
                    "any trick.", value, count=number(value))


def _blind_nil(settings: Mapping[str, Any]) -> str:
    if settings["blind_nil"]:
        return _("Blind Nil: a player may bid Nil before looking at their cards, for double the Nil's points "
                 "won or lost.")
    return _("No Blind Nil: every Nil is bid after looking at the cards.")


def _blind_margin(settings: Mapping[str, Any]) -> str:
    if not settings["blind_nil"]:
        return _("Blind Nil margin: not used, as Blind Nil is off.")
    margin = settings["blind_margin"]
    return ngettext("Blind Nil margin: Blind Nil is allowed only while the bidder's team trails by %(count)s point "
                    "or more before the deal.",
                    "Blind Nil margin: Blind Nil is allowed only while the bidder's team trails by %(count)s points "
                    "or more before the deal.", margin, count=number(margin))


def _failed_nil_helps(settings: Mapping[str, Any]) -> str:
    if settings["failed_nil_helps"]:
        return _("A failed Nil's tricks count toward the team's contract.")
    return _("A failed Nil's tricks do not help the contract: they are only bags.")


def _zero_is_nil(settings: Mapping[str, Any]) -> str:
    if settings["zero_is_nil"]:
        return _("A bid of 0 is a Nil.")
    return _("A bid of 0 is an ordinary bid, not a Nil.")


def _bag_limit(settings: Mapping[str, Any]) -> str:
    limit = settings["bag_limit"]
    if limit == 0:
        return _("Bags: a team's overtricks are bags, counted but never penalised.")
    return ngettext("Bags: a team's overtricks are bags; each time its bags reach %(count)s, "
                    "it loses the bag penalty and %(count)s bag is taken off, the rest carrying over.",
                    "Bags: a team's overtricks are bags; each time its bags reach %(count)s, "
                    "it loses the bag penalty and %(count)s bags are taken off, the rest carrying over.",
                    limit, count=number(limit))


def _bag_penalty(settings: Mapping[str, Any]) -> str:
    penalty = settings["bag_penalty"]
    if settings["bag_limit"] == 0:
        return _("Bag penalty: none, as the bag limit is 0.")
    return ngettext("Bag penalty: a team loses %(count)s point each time its bags reach the limit.",
                    "Bag penalty: a team loses %(count)s points each time its bags reach the limit.",
                    penalty, count=number(penalty))


def _mercy(settings: Mapping[str, Any]) -> str:
    if settings["mercy"]:
        return _("Mercy: a team at or below the mercy floor after a deal loses at once.")
    return _("No mercy rule: a team plays on however low its score falls.")


def _mercy_floor(settings: Mapping[str, Any]) -> str:
    if not settings["mercy"]:
        return _("Mercy floor: not used, as the mercy rule is off.")
    return _("Mercy floor: a team on %(floor)s or less after a deal loses at once.",
             floor=number(settings["mercy_floor"]))


SENTENCES: RuleSentences = {
    "variant": _variant,
    "target": _target,
    "nil_value": _nil_value,
    "blind_nil": _blind_nil,
    "blind_margin": _blind_margin,
    "failed_nil_helps": _failed_nil_helps,
    "zero_is_nil": _zero_is_nil,
    "bag_limit": _bag_limit,
    "bag_penalty": _bag_penalty,
    "mercy": _mercy,
    "mercy_floor": _mercy_floor,
}
