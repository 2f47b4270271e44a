"""Piquet for two (docs/rules.md Part B): the table, and a partie or game as a log of deals."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from dataclasses import replace as replace_fields
from enum import StrEnum
from typing import Any, Final, TypeVar

from ..errors import ErrorCollector, MalformedInput, NotAllowed
from ..log import Log, Standing
from ..names import clean_names, find_name
from ..phrases import N_, Phrase, phrase
from .entry import DealEntry, check_deal, deal_to_dict, parse_deal
from .results import DealResult, DeclaredDeal, PlayerDeal, PlayerDeclarations, Settlement, explain_settlement, settle
from .scoring import combination_lines, combination_points, compare_classes, deal_lines
from .values import TRICKS, ByRole, Event, Field, Role

PARTIE_DEALS: Final = 6
EXTRA_DEALS: Final = 2
LineT = TypeVar("LineT", PlayerDeal, PlayerDeclarations)


class Variant(StrEnum):
    """Rubicon Piquet (a partie of six deals) or Saunt (first to the target)."""

    RUBICON = "rubicon"
    SAUNT = "saunt"


@dataclass(frozen=True)
class Settings:
    """How the game is played; ``target`` matters to Saunt only."""

    variant: Variant = Variant.RUBICON
    target: int = 100

    @classmethod
    def parse(cls, data: object) -> Settings:
        """Read the API's optional settings; a target given for Rubicon is checked, then ignored.

        :raises MalformedInput: fields ``settings``, ``settings.variant``, ``settings.target``.
        """
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise MalformedInput.single("settings", phrase(N_("The settings must be an object.")))
        errors = ErrorCollector()
        variant = data.get("variant", Variant.RUBICON)
        if variant not in Variant.__members__.values():
            errors.add("settings.variant", phrase(N_("Choose rubicon or saunt.")))
        target = data.get("target", 100)
        if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= 1000:
            errors.add("settings.target", phrase(N_("The target is a whole number from 1 to 1000.")))
        errors.raise_if_any()
        return cls(Variant.SAUNT, target) if variant == Variant.SAUNT else cls()

    def to_dict(self) -> dict[str, object]:
        """API-shaped: ``{"variant": "rubicon"}`` or ``{"variant": "saunt", "target": 100}``."""
        if self.variant is Variant.SAUNT:
            return {"variant": str(self.variant), "target": self.target}
        return {"variant": str(self.variant)}


@dataclass(frozen=True)
class Table:
    """The two players and who dealt first; the deal alternates, the dealer is younger."""

    players: tuple[str, str]
    first_dealer: str

    @classmethod
    def create(cls, players: object, first_dealer: object) -> Table:
        """Validate names (field ``players``) and the first dealer (field ``first_dealer``).

        :raises MalformedInput: with every problem found.
        """
        names = clean_names(players, 2)
        dealer = find_name(names, first_dealer)
        if dealer is None:
            raise MalformedInput.single("first_dealer", phrase(N_("Choose the first dealer from the two players.")))
        return cls((names[0], names[1]), dealer)

    def dealer(self, deal_number: int) -> str:
        """Who deals deal *deal_number* (from 1); the dealer is younger hand."""
        other = self.players[1] if self.first_dealer == self.players[0] else self.players[0]
        return self.first_dealer if deal_number % 2 == 1 else other

    def younger(self, deal_number: int) -> str:
        """Younger hand of the deal: the dealer."""
        return self.dealer(deal_number)

    def elder(self, deal_number: int) -> str:
        """Elder hand of the deal: the non-dealer, who leads first."""
        dealer = self.dealer(deal_number)
        return self.players[1] if dealer == self.players[0] else self.players[0]

    def name_of(self, role: Role, deal_number: int) -> str:
        """The player holding *role* in the deal."""
        return self.elder(deal_number) if role is Role.ELDER else self.younger(deal_number)


class Game(Log[DealEntry, DealResult, DeclaredDeal]):
    """One Rubicon partie or one Saunt game, as a log of deal entries (see `rules.log`).

    ``deals`` are the scored deals; ``after_end`` numbers the entries kept
    after the game already ended (an edit can end it earlier), not scored.
    """

    NO_SUCH_ENTRY = N_("There is no deal %(number)s.")
    NOTHING_TO_UNDO = N_("There is no deal to undo.")
    WAITING = N_("Deal %(number)s is waiting for its play: enter it (or undo the deal) first.")
    ONLY_LAST_WAITS = N_("Only the last deal can wait for its play: enter the play of deal %(number)s.")
    # A partie scores at most eight deals, and its sixth says whether it has the last two; Saunt reads the last.
    RESULTS_KEPT = PARTIE_DEALS + EXTRA_DEALS
    table: Table
    settings: Settings

    def __init__(self, table: Table, settings: Settings = Settings(), entries: Iterable[DealEntry] = ()):
        """Replay *entries*.

        :raises RuleError: when an entry cannot be scored where it stands.
        """
        self.table = table
        self.settings = settings
        super().__init__(entries)

    @property
    def deals(self) -> tuple[DealResult, ...]:
        """The scored deals."""
        return self.results

    def score_next(self, entry: DealEntry) -> DealResult:
        """Score the next deal from the scores after the last one.

        :raises NotAllowed: field ``trick_totals`` when totals cannot say who reached a Saunt target first.
        :raises MalformedInput: field ``tricks`` when fewer than 12 winners do not end a Saunt game.
        """
        return self._score(self.next_number(), entry, self.scores())

    def first_step(self, entry: DealEntry) -> DeclaredDeal | None:
        """The declarations of a deal recorded without its play; None for a whole deal.

        A Saunt deal whose declarations alone reach the target is whole: the game ends in it.
        """
        if not entry.without_play or self._declarations_end_game(entry):
            return None
        number = self.next_number()
        names = self._names(number)
        classes = compare_classes(entry.declarations(), names)
        earned = combination_points(entry.carte_blanche, classes)

        def line(role: Role) -> PlayerDeclarations:
            points = earned[role]
            return PlayerDeclarations(
                names[role], role, points.get(Field.CARTE_BLANCHE, 0), points.get(Field.POINT, 0),
                points.get(Field.SEQUENCES, 0), points.get(Field.SETS, 0), points.get(Field.REPIQUE, 0),
                sum(points.values()),
            )

        lines = ByRole.build(line)
        return DeclaredDeal(
            number, self.table.dealer(number), names.elder, names.younger, classes,
            self._seated(lines, number), entry, tuple(combination_lines(entry.carte_blanche, classes, earned, names)),
        )

    def _declarations_end_game(self, entry: DealEntry) -> bool:
        """Whether, in Saunt, what is scored before the play (elder's lead included) reaches the target."""
        if self.settings.variant is not Variant.SAUNT:
            return False
        names = self._names(self.next_number())
        before = self.scores()
        running = {role: before[names[role]] for role in Role}
        for event in entry.score().events:
            running[event.role] += event.points
            if running[event.role] >= self.settings.target:
                return True
        return False

    def check_new(self, entry: DealEntry) -> None:
        """What `check_deal` refuses in a deal being recorded or replaced (stored deals replay as saved).

        :raises NotAllowed: with every problem found.
        """
        check_deal(entry, self._names(self.next_number()))

    def refusal_when_over(self) -> Phrase:
        if self.settings.variant is Variant.RUBICON:
            return phrase(N_("This partie is over."))
        return phrase(N_("This game is over."))

    def totals(self) -> dict[str, Standing]:
        """Running scores in table order."""
        last = self.last_result()
        return {name: Standing(last.player(name).score if last else 0) for name in self.table.players}

    def deals_planned(self) -> int | None:
        """Rubicon: 6 deals, or 8 when level after 6; Saunt: None (no fixed number)."""
        if self.settings.variant is Variant.SAUNT:
            return None
        return _planned(self._results)

    def is_over(self) -> bool:
        """Whether the partie has had its deals or a Saunt player reached the target."""
        if self.settings.variant is Variant.SAUNT:
            return bool(self._results) and self._results[-1].ended_game
        return len(self._results) >= _planned(self._results)

    def winner(self) -> str | None:
        """Who won, once the game is over (None while playing and for a drawn partie)."""
        if not self.is_over():
            return None
        if self.settings.variant is Variant.SAUNT:
            return max(self.scores().items(), key=lambda item: item[1])[0]
        return settle(self.scores()).winner

    def is_double(self) -> bool | None:
        """Whether a finished Saunt game is a double game (the loser under half the target, B8); None otherwise."""
        if self.settings.variant is not Variant.SAUNT or not self.is_over():
            return None
        return min(self.scores().values()) < _half(self.settings.target)

    def settlement(self) -> Settlement | None:
        """The Rubicon settlement once the partie is over; None before and in Saunt."""
        if self.settings.variant is Variant.SAUNT or not self.is_over():
            return None
        return settle(self.scores())

    def settlement_explanation(self) -> Phrase | None:
        """How the settlement adds up, in words, once the partie is over (Rubicon only)."""
        return explain_settlement(self.scores()) if self.settlement() is not None else None

    def parse_entry(self, payload: object) -> DealEntry:
        return parse_deal(payload)

    def entry_to_dict(self, entry: DealEntry) -> dict[str, Any]:
        return deal_to_dict(entry)

    def holders(self, result: DealResult) -> Iterator[tuple[str, int, int, Sequence[Phrase]]]:
        """Each player, the deal's lines explaining both."""
        for line in result.players:
            yield line.player, line.total, line.score, ()

    def page_facts(self) -> dict[str, Any]:
        """The deals planned (a Rubicon partie: 6, or 8 when level), who is elder and younger in the next deal, and
        the settlement once the partie is over (as the API has it)."""
        settlement = self.settlement()
        over = self.is_over()
        return {
            "deals_planned": self.deals_planned(),
            "next_elder": None if over else self.next_elder(),
            "next_younger": None if over else self.next_younger(),
            "settlement": settlement and {"winner": settlement.winner, "points": settlement.points,
                                          "rubiconed": settlement.rubiconed},
        }

    def as_typed(self, entry: DealEntry, stored: dict[str, Any]) -> dict[str, Any]:
        """A deal given as cards (through the API), by the declarations found in them, which the deal form has
        fields for."""
        return deal_to_dict(replace_fields(entry, declared=entry.declarations(), cards=None)) if entry.cards else stored

    def roles(self, step: DealResult | DeclaredDeal) -> dict[str, Any]:
        """Elder and younger; while the deal waits for its play, each player's points from the declarations."""
        if isinstance(step, DeclaredDeal):
            return {"elder": step.elder, "younger": step.younger,
                    "declared": {line.player: line.total for line in step.players}}
        return {"elder": step.elder, "younger": step.younger}

    def next_deal_number(self) -> int:
        """The number the next deal entered gets."""
        return self.next_number()

    def next_elder(self) -> str:
        """Who is elder hand in the next deal."""
        return self.table.elder(self.next_deal_number())

    def next_younger(self) -> str:
        """Who is younger hand in the next deal."""
        return self.table.younger(self.next_deal_number())

    def status_line(self) -> Phrase:
        """Where the game stands, in one sentence."""
        if self.settings.variant is Variant.SAUNT:
            if self.is_double():
                return phrase(N_("%(winner)s reaches %(target)s and wins a double game."),
                              winner=self.winner() or "", target=self.settings.target)
            if self.is_over():
                return phrase(N_("%(winner)s reaches %(target)s and wins the game."),
                              winner=self.winner() or "", target=self.settings.target)
            return phrase(N_("Deal %(number)s: %(dealer)s deals, %(elder)s is elder; first to %(target)s wins."),
                          number=self.next_deal_number(), dealer=self.next_dealer(), elder=self.next_elder(),
                          target=self.settings.target)
        if not self.is_over():
            return phrase(N_("Deal %(number)s of %(planned)s: %(dealer)s deals, %(elder)s is elder."),
                          number=self.next_deal_number(), planned=_planned(self._results),
                          dealer=self.next_dealer(), elder=self.next_elder())
        result = settle(self.scores())
        if result.winner is None:
            return phrase(N_("The partie is drawn."))
        if result.rubiconed:
            return phrase(N_("%(winner)s wins the partie and scores %(points)s; the loser is rubiconed."),
                          winner=result.winner, points=result.points)
        return phrase(N_("%(winner)s wins the partie and scores %(points)s."),
                      winner=result.winner, points=result.points)

    def _seated(self, lines: ByRole[LineT], number: int) -> tuple[LineT, LineT]:
        """Elder's and younger's lines of deal *number* in the table's order of players."""
        return (lines.elder, lines.younger) if self.table.elder(number) == self.table.players[0] else (
            lines.younger, lines.elder)

    def _names(self, number: int) -> ByRole[str]:
        """Who is elder and who is younger in deal *number*."""
        return ByRole.build(lambda role: self.table.name_of(role, number))

    def _score(self, number: int, entry: DealEntry, before: dict[str, int]) -> DealResult:
        """Score one deal from the scores before it, cutting a Saunt deal at the target."""
        names = self._names(number)
        score = entry.score(names)
        running = {role: before[names[role]] for role in Role}
        saunt = self.settings.variant is Variant.SAUNT
        counted = []
        ended = False
        for index, event in enumerate(score.events):
            counted.append(event)
            running[event.role] += event.points
            if saunt and running[event.role] >= self.settings.target:
                ended = True
                bonus = score.events[index + 1] if index + 1 < len(score.events) else None
                if bonus is not None and bonus.field in (Field.REPIQUE, Field.PIQUE) and bonus.role is event.role:
                    counted.append(bonus)  # a repique goes with its head, a pique with its point (B8)
                    running[bonus.role] += bonus.points
                if index >= score.ordered_events:
                    raise NotAllowed.single("trick_totals", phrase(
                        N_("The game is decided during the play of this deal: enter the winner of each trick.")))
                break
        if score.tricks_played < TRICKS and not ended:
            raise MalformedInput.single("tricks", phrase(N_("Enter exactly 12 trick winners.")))
        lines = ByRole.build(lambda role: _line(names[role], role, counted, running[role]))
        classes = {
            name: replace_fields(result, points=getattr(lines[result.good], name))
            if isinstance(result.good, Role) else result
            for name, result in score.classes.items()
        }
        explanation, running_trick_points = score.explanation, score.running_trick_points
        if ended:
            reached_cards = counted[-1].field in (Field.CARDS, Field.CAPOT)
            explanation = (*deal_lines(entry.carte_blanche, score.classes, counted,
                                       score.cards_line if reached_cards else None, names,
                                       by_trick=entry.trick_totals is None),
                           phrase(N_("%(player)s reaches %(target)s: the game ends here and nothing after counts."),
                                  player=names[counted[-1].role], target=self.settings.target),
                           *_law_67(score.events, len(counted), running, names, self.settings.target),
                           *_double_game(running, names, self.settings.target))
            tricks_counted = sum(1 for event in counted if event.field is Field.TRICKS) - 1  # less the lead
            running_trick_points = running_trick_points[:max(tricks_counted, 0)]
        elif not saunt:
            is_level = running[Role.ELDER] == running[Role.YOUNGER]
            ended = number == PARTIE_DEALS + EXTRA_DEALS or (number == PARTIE_DEALS and not is_level)
        return DealResult(
            number, self.table.dealer(number), names.elder, names.younger, classes,
            self._seated(lines, number), ended, entry, explanation, running_trick_points,
        )


_HEADS_BEFORE_THE_LEAD: Final = {
    Field.POINT: N_("Law 67: %(younger)s's point reckons before %(elder)s's lead point, "
                    "so %(younger)s reached %(target)s first."),
    Field.SEQUENCES: N_("Law 67: %(younger)s's sequences reckon before %(elder)s's lead point, "
                        "so %(younger)s reached %(target)s first."),
    Field.SETS: N_("Law 67: %(younger)s's sets reckon before %(elder)s's lead point, "
                   "so %(younger)s reached %(target)s first."),
}


def _law_67(events: tuple[Event, ...], counted: int, running: dict[Role, int], names: ByRole[str],
            target: int) -> list[Phrase]:
    """The law cited when younger won on a head that elder's lead point would have beaten in a reckoning
    player by player (elder's combinations, his lead, then younger's)."""
    last = events[counted - 1]
    head = events[counted - 2].field if last.field is Field.REPIQUE else last.field
    if last.role is not Role.YOUNGER or head not in _HEADS_BEFORE_THE_LEAD:
        return []
    lead = next(index for index, event in enumerate(events) if event.field is Field.TRICKS)
    elder_before_lead = running[Role.ELDER] + sum(
        event.points for event in events[counted:lead + 1] if event.role is Role.ELDER)
    if elder_before_lead < target:
        return []
    return [phrase(_HEADS_BEFORE_THE_LEAD[head], younger=names.younger, elder=names.elder, target=target)]


def _double_game(running: dict[Role, int], names: ByRole[str], target: int) -> list[Phrase]:
    """The explanation's last word on a double game: the loser ended under half the target (B8)."""
    winner = max(Role, key=lambda role: running[role])
    if running[winner.opponent] >= _half(target):
        return []
    return [phrase(N_("%(winner)s won with %(loser)s under %(half)s: a double game."),
                   winner=names[winner], loser=names[winner.opponent], half=_half(target))]


def _half(target: int) -> int:
    """Half the target, rounded up: a score under it is under half the target."""
    return (target + 1) // 2


def _planned(deals: tuple[DealResult, ...] | list[DealResult]) -> int:
    """Six deals, or eight when the totals are level after six."""
    if len(deals) >= PARTIE_DEALS:
        sixth = deals[PARTIE_DEALS - 1]
        if sixth.players[0].score == sixth.players[1].score:
            return PARTIE_DEALS + EXTRA_DEALS
    return PARTIE_DEALS


def _line(name: str, role: Role, events: list[Event], score: int) -> PlayerDeal:
    """A player's deal line from the events counted."""
    points = {field: sum(e.points for e in events if e.role is role and e.field is field) for field in Field}
    return PlayerDeal(
        name, role, points[Field.CARTE_BLANCHE], points[Field.POINT], points[Field.SEQUENCES], points[Field.SETS],
        points[Field.REPIQUE], points[Field.PIQUE], points[Field.TRICKS], points[Field.CARDS], points[Field.CAPOT],
        sum(points.values()), score,
    )

