"""What the Piquet deal form shows while it is being filled in.

Who is good in each class, the combination points, the running trick
points, and the pique when announced totals are entered: asked only while
they leave it open, said when they make it certain. All from the rules
engine, so the preview always agrees with what saving the deal will score.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.errors import RuleError
from ...rules.phrases import Phrase
from ...rules.piquet.entry import DealEntry, parse_deal, pique_from_totals
from ...rules.piquet.scoring import combination_lines, combination_points, compare_classes
from ...rules.piquet.tricks import PiqueChance
from ...rules.piquet.values import ROLE_NAMES, ByRole, ClassResult, PlayerName
from .forms import PiquetDealForm


@dataclass(frozen=True)
class DealPreview:
    classes: dict[str, ClassResult]
    other_lines: tuple[Phrase, ...]  # carte blanche and repique: the class lines are in `classes`
    running: tuple[tuple[int, int], ...]
    pique: PiqueChance | None  # what the announced totals say of the pique; None without totals

    @property
    def is_pique_asked(self) -> bool:
        return self.pique is PiqueChance.POSSIBLE

    @property
    def is_pique_certain(self) -> bool:
        return self.pique is PiqueChance.CERTAIN


def preview(form: PiquetDealForm) -> DealPreview | None:
    """The preview for what the form holds, or None while the declarations have errors.

    Errors in the play do not hide who is good: the declarations alone still say it.
    """
    names = _names(form)
    try:
        entry = parse_deal(form.payload())
    except RuleError:
        try:
            declarations_only = parse_deal(form.declarations_payload())
        except RuleError:
            return None
        finally:
            form.payload()  # the full field map again, for attaching errors
        return _preview(declarations_only, names, running=(), pique=None)
    return _preview(entry, names, running=entry.score(names).running_trick_points, pique=pique_from_totals(entry))


def _preview(entry: DealEntry, names: ByRole[PlayerName], *, running: tuple[tuple[int, int], ...],
             pique: PiqueChance | None) -> DealPreview:
    classes = compare_classes(entry.declarations(), names)
    earned = combination_points(entry.carte_blanche, classes)
    class_lines = [result.explanation for result in classes.values()]
    lines = tuple(line for line in combination_lines(entry.carte_blanche, classes, earned, names)
                  if line not in class_lines)
    return DealPreview(classes, lines, running, pique)


def _names(form: PiquetDealForm) -> ByRole[PlayerName]:
    """Elder's and younger's names as the form labels them (the roles' words when it does not)."""
    return ByRole(form.roles.get("elder", ROLE_NAMES.elder), form.roles.get("younger", ROLE_NAMES.younger))
