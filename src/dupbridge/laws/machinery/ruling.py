"""Irregularities, the Director's decisions and rulings, as values (docs/architecture.md).

An irregular action never raises: it becomes an ``Irregularity``. A law module turns it
into a ``Decision``: the clauses that apply, the questions only the Director can answer
(each with the default the catalogue proposes), and the options with who may choose each
(Law 10C). Every option carries the ``Effect``s it has; each effect names its clause, so
the ``Ruling`` lists every clause that fired.

The values live in three modules below this one, and every name is read from here as well:
who chooses and the Director's answers (``answers``), the irregularity, its kind and the
bars (``irregularity``), and the effects (``effects``). A regular table loads only
``answers``; the rest is loaded with the first irregularity (start-up).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from dupbridge.core.edition import LawRef
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.answers import DIRECTOR, Answer, Chooser
from dupbridge.laws.machinery.effects import (
    AcceptCard,
    AdjustedScore,
    CallAgain,
    CancelCalls,
    CancelFrom,
    Cite,
    Effect,
    Establish,
    ExposeCard,
    ImposeBar,
    InformationTag,
    LeadFrom,
    LeadRestriction,
    LiftBars,
    PenaltyCard,
    PickUpPenaltyCards,
    PlayCard,
    PlayRecord,
    PlayRule,
    RestrictLead,
    RestrictPlay,
    ReturnCard,
    ReturnPlayedCard,
    Review,
    ScoreWithout,
    StandCall,
    SubstitutePass,
    SwapDeclarer,
    Until,
    Watch,
)
from dupbridge.laws.machinery.irregularity import (
    Bar,
    BarKind,
    BarScope,
    Exposure,
    Irregularity,
    IrregularityKind,
)


@dataclass(frozen=True, slots=True)
class Question:
    """A judgement only the Director can make; the engine asks and waits (never guesses)."""

    id: str
    prompt: str
    law: LawRef
    default: Answer
    choices: tuple[Answer, ...] = (True, False)
    cites: tuple[tuple[Answer, LawRef], ...] = ()
    """The clause an answer makes fire, which the ruling then cites (e.g. 2017 23A1 for a
    call comparable because it has the same meaning): answers not listed cite nothing by
    themselves; what follows from them is cited by the effects they lead to."""

    aliases: tuple[tuple[Answer, Answer], ...] = ()
    """Answers still accepted for a while in place of a choice (an old answer id kept when
    the question's answers changed, docs/ruling-vocabulary.md): (alias, choice)."""

    asked_if: tuple[str, Answer] | None = None
    """(question id, answer): the question matters only when that one got that answer;
    another answer makes it moot, and it is not asked (2007 25A1: "without pause" only for
    a call found unintended)."""

    def moot(self, answers: Mapping[str, Answer]) -> bool:
        """Whether an earlier answer made this question not worth asking (``asked_if``)."""
        if self.asked_if is None:
            return False
        other, needed = self.asked_if
        return other in answers and answers[other] != needed

    def cited_for(self, answer: Answer) -> tuple[LawRef, ...]:
        return tuple(law for value, law in self.cites
                     if value == answer and type(value) is type(answer))

    def canonical(self, answer: object) -> object:
        """``answer``, or the choice it is an alias of."""
        return next((choice for alias, choice in self.aliases
                     if alias == answer and type(alias) is type(answer)), answer)


@dataclass(frozen=True, slots=True)
class Option:
    """One way the rectification can go, and who chooses it (Law 10C)."""

    id: str
    description: str
    chosen_by: Chooser
    effects: tuple[Effect, ...]

    @property
    def clauses(self) -> tuple[LawRef, ...]:
        return tuple(sorted({effect.law for effect in self.effects}))


@dataclass(frozen=True, slots=True)
class Decision:
    """What is pending: the irregularity, the clauses that apply, the Director's questions
    and the options. Calls and plays wait until an option is chosen."""

    id: str
    irregularity: Irregularity
    clauses: tuple[LawRef, ...]
    questions: tuple[Question, ...]
    answers: Mapping[str, Answer]
    options: tuple[Option, ...]
    waits_for: frozenset[Seat] = frozenset()
    """Seats whose call before the ruling the law provides for (the offender's LHO)."""
    automated: bool = True
    note: str = ""

    @property
    def open_questions(self) -> tuple[Question, ...]:
        """The questions still to answer, less those an earlier answer made moot."""
        return tuple(q for q in self.questions
                     if q.id not in self.answers and not q.moot(self.answers))

    def option(self, option_id: str) -> Option | None:
        return next((option for option in self.options if option.id == option_id), None)

    def describe(self) -> str:
        return msg("{irregularity} [{clauses}]", irregularity=self.irregularity.describe(),
                   clauses=self.clauses)


@dataclass(frozen=True, slots=True)
class Ruling:
    """A decision resolved: the audit trail of one irregularity. ``clauses`` are derived,
    never copied from the decision: the clauses of the effects that fired when the ruling
    was applied, and those the Director's answers cite (``Question.cites``). A clause the
    decision only considered (``Decision.clauses``) is not cited unless it fired."""

    decision: Decision
    option: Option | None  # None when the law itself resolved it (e.g. LHO called, 36A)
    chosen_by: Chooser | None
    clauses: tuple[LawRef, ...]
    effects: tuple[Effect, ...]
    answers: Mapping[str, Answer] = field(default_factory=dict)

    def answered_clauses(self) -> tuple[LawRef, ...]:
        """The clauses the Director's answers cite (``Question.cites``)."""
        return tuple(law for question in self.decision.questions
                     if question.id in self.answers
                     for law in question.cited_for(self.answers[question.id]))

    def describe(self) -> str:
        how: str | Msg = (self.option.description if self.option
                          else msg("resolved by the law itself"))
        return msg("{irregularity}: {how} [{clauses}]",
                   irregularity=self.decision.irregularity.describe(), how=how,
                   clauses=self.clauses)


@dataclass(frozen=True, slots=True)
class Resolution:
    """The law resolves the irregularity without a choice (e.g. LHO called: Law 36A)."""

    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Watched:
    """What a watching law makes of a later call (see ``Watch``).

    ``rule``: the call does not simply stand: it is held (pending) and a decision on this
    irregularity (usually the watched one, at a later ``stage``, with the call in
    ``later_calls``) is opened. Otherwise the call is placed as usual and ``effects`` are
    applied after it. ``done``: the watch ends (else it goes on looking, with ``keep``,
    the irregularity as the law wants to remember it)."""

    effects: tuple[Effect, ...] = ()
    rule: Irregularity | None = None
    done: bool = True
    keep: Irregularity | None = None


__all__ = [
    "DIRECTOR",
    "AcceptCard",
    "AdjustedScore",
    "Answer",
    "Bar",
    "BarKind",
    "BarScope",
    "CallAgain",
    "CancelCalls",
    "CancelFrom",
    "Chooser",
    "Cite",
    "Decision",
    "Effect",
    "Establish",
    "ExposeCard",
    "Exposure",
    "ImposeBar",
    "InformationTag",
    "Irregularity",
    "IrregularityKind",
    "LeadFrom",
    "LeadRestriction",
    "LiftBars",
    "Option",
    "PenaltyCard",
    "PickUpPenaltyCards",
    "PlayCard",
    "PlayRecord",
    "PlayRule",
    "Question",
    "Resolution",
    "RestrictLead",
    "RestrictPlay",
    "ReturnCard",
    "ReturnPlayedCard",
    "Review",
    "Ruling",
    "ScoreWithout",
    "StandCall",
    "SubstitutePass",
    "SwapDeclarer",
    "Until",
    "Watch",
    "Watched",
]
