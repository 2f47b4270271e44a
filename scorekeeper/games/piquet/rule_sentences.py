"""What each Piquet setting does at the table, one sentence in the reader's language for the values chosen
(docs/rules.md B8), citing the law where the laws decide: the share page and a form opened from a link say it
beside each rule."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from ...rules import piquet
from ...web.i18n import number
from ..base import RuleSentences


def _variant(settings: Mapping[str, Any]) -> str:
    if settings["variant"] == piquet.Variant.SAUNT:
        return _("Saunt: the first to reach the target wins at that moment, the points of a deal reckoned by heads "
                 "whoever holds them (Law 67): carte blanche, the point, sequences, sets, then the play.")
    return _("Rubicon: a partie of six deals; the higher total scores 100 and the difference, or 100 and both "
             "totals when the loser has under 100 (rubiconed).")


def _target(settings: Mapping[str, Any]) -> str:
    target = settings["target"]
    return ngettext("Saunt to %(count)s: the first to reach %(count)s point under the laws' order of heads wins; "
                    "with the other under half of it, a double game.",
                    "Saunt to %(count)s: the first to reach %(count)s points under the laws' order of heads wins; "
                    "with the other under half of it, a double game.", target, count=number(target))


SENTENCES: RuleSentences = {
    "variant": _variant,
    "target": _target,
}
