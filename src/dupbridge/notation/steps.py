"""The event grammar of ruling cases: one short line per thing that happens at the table.

A Director reads a case as a list of lines such as ``N 1S``, ``play E SK``,
``answer comparable yes``, ``defaults`` and ``choose decline by S``. The same grammar serves
``dupbridge rule``, so what a Director types at the terminal can be pasted into a case file.

Parsing (``parse_step``) checks only the text; the table decides what is legal when the step
is applied (``apply_step``), and raises ``ActionRejected`` for what cannot happen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.ruling import DIRECTOR, Answer, Chooser, Question
from dupbridge.notation.board_steps import (
    BOARD_GRAMMAR,
    BOARD_KEYWORDS,
    BoardGrammarError,
    BoardStep,
    CountStep,
    FoundStep,
    WrongBoardPlayedStep,
    apply_board_line,
    parse_board_line,
)
from dupbridge.notation.claim_steps import (
    CLAIM_GRAMMAR,
    CLAIM_KEYWORDS,
    ClaimGrammarError,
    ClaimStep,
    apply_claim_line,
    parse_claim_line,
)
from dupbridge.notation.play_steps import (
    PLAY_GRAMMAR,
    PLAY_KEYWORDS,
    AttentionStep,
    DefectStep,
    DummyStep,
    ExposeStep,
    InspectStep,
    LeadStep,
    MixStep,
    PlayGrammarError,
    PlayStepLine,
    PointStep,
    TurnStep,
    apply_play_line,
    parse_play_line,
)
from dupbridge.notation.talk_steps import (
    TALK_GRAMMAR,
    TALK_KEYWORDS,
    TalkGrammarError,
    TalkStep,
    apply_talk,
    parse_talk,
)
from dupbridge.table.table import Table

GRAMMAR = ("SEAT CALL | play SEAT CARD | answer QUESTION VALUE | defaults | "
           "choose OPTION [by SEAT|Director] | " + TALK_GRAMMAR + " | " + PLAY_GRAMMAR
           + " | " + BOARD_GRAMMAR + " | " + CLAIM_GRAMMAR)

T = TypeVar("T")

_BOOLEANS = {"yes": True, "y": True, "true": True, "no": False, "n": False, "false": False}


class StepError(ValueError):
    """A step whose text is malformed, or an answer whose value does not fit the question."""


@dataclass(frozen=True, slots=True)
class CallStep:
    """``SEAT CALL``: a player calls, in turn or not, legal or not."""

    seat: Seat
    call: Call


@dataclass(frozen=True, slots=True)
class PlayStep:
    """``play SEAT CARD``: a card is played or exposed from ``seat``'s hand."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class AnswerStep:
    """``answer QUESTION VALUE``: the value is converted when applied, because only the
    pending question knows whether it is a yes/no, a number or a word."""

    question: str
    value: str


@dataclass(frozen=True, slots=True)
class DefaultsStep:
    """``defaults``: the Director accepts the proposed default of every open question."""


@dataclass(frozen=True, slots=True)
class ChooseStep:
    """``choose OPTION [by SEAT|Director]``: with ``by``, the table checks Law 10C."""

    option: str
    by: Chooser | None = None


Step = (CallStep | PlayStep | AnswerStep | DefaultsStep | ChooseStep | TalkStep | PlayStepLine
        | BoardStep | ClaimStep)


def parse_step(text: str, language: str = "en") -> Step:
    """One step from its text; ``StepError`` says what was expected. ``language``: the
    language a claimer's statement is read in (``claim S drawing trumps``)."""
    words = text.split()
    if not words:
        raise StepError(f"an empty event; expected {GRAMMAR}")
    keyword = words[0].lower()
    if keyword == "play":
        return _parse_play(words)
    if keyword == "answer":
        return _parse_answer(words)
    if keyword == "defaults":
        if len(words) != 1:
            raise StepError("'defaults' takes nothing after it")
        return DefaultsStep()
    if keyword == "choose":
        return _parse_choose(words)
    if keyword in CLAIM_KEYWORDS:
        try:
            return parse_claim_line(words, language)
        except ClaimGrammarError as error:
            raise StepError(str(error)) from None
    if keyword in BOARD_KEYWORDS:
        try:
            return parse_board_line(words)
        except BoardGrammarError as error:
            raise StepError(str(error)) from None
    if keyword in PLAY_KEYWORDS:
        try:
            return parse_play_line(words)
        except PlayGrammarError as error:
            raise StepError(str(error)) from None
    if keyword in TALK_KEYWORDS:
        try:
            return parse_talk(words)
        except TalkGrammarError as error:
            raise StepError(str(error)) from None
    return _parse_call(words)


def _parse_call(words: list[str]) -> CallStep:
    if len(words) != 2:
        raise StepError(f"expected {GRAMMAR}")
    return CallStep(_seat(words[0]), _parsed(Call.parse, words[1]))


def _parse_play(words: list[str]) -> PlayStep:
    if len(words) != 3:
        raise StepError("expected 'play SEAT CARD', as in 'play E SK'")
    return PlayStep(_seat(words[1]), _parsed(Card.parse, words[2]))


def _parse_answer(words: list[str]) -> AnswerStep:
    if len(words) < 3:
        raise StepError("expected 'answer QUESTION VALUE', as in 'answer comparable yes'")
    return AnswerStep(words[1], " ".join(words[2:]))


def _parse_choose(words: list[str]) -> ChooseStep:
    if len(words) == 2:
        return ChooseStep(words[1])
    if len(words) == 4 and words[2].lower() == "by":
        return ChooseStep(words[1], parse_chooser(words[3]))
    raise StepError("expected 'choose OPTION' or 'choose OPTION by SEAT|Director'")


def parse_chooser(text: str) -> Chooser:
    """A seat (``S``, ``South``) or the Director (``Director``, ``TD``)."""
    if text.lower() in ("director", "td"):
        return DIRECTOR
    return _seat(text)


def _seat(text: str) -> Seat:
    return _parsed(Seat.parse, text)


def _parsed(parse: Callable[[str], T], text: str) -> T:
    try:
        return parse(text)
    except ParseError as error:
        raise StepError(error.reason) from None


def apply_step(table: Table, step: Step) -> None:
    """Do ``step`` at ``table``. ``ActionRejected`` (from the table) and ``StepError`` (an
    answer of the wrong kind) leave nothing recorded."""
    if isinstance(step, CallStep):
        table.call(step.seat, step.call)
    elif isinstance(step, PlayStep):
        table.play(step.seat, step.card)
    elif isinstance(step, AnswerStep):
        table.answer(step.question, answer_value(table, step.question, step.value))
    elif isinstance(step, DefaultsStep):
        table.accept_defaults()
    elif isinstance(step, ExposeStep | AttentionStep | PointStep | InspectStep | MixStep
                    | DummyStep | DefectStep | LeadStep | TurnStep):
        apply_play_line(table, step)
    elif isinstance(step, ClaimStep):
        apply_claim_line(table, step)
    elif isinstance(step, CountStep | FoundStep | WrongBoardPlayedStep):
        apply_board_line(table, step)
    elif isinstance(step, TalkStep):
        try:
            apply_talk(table, step)
        except TalkGrammarError as error:
            raise StepError(str(error)) from None
    else:
        table.choose(step.option, step.by)


def answer_value(table: Table, question_id: str, text: str) -> Answer:
    """``text`` as the kind of value the pending question takes (its default's type). For a
    question nobody asked, the value is read as best it can be and the table says why it
    rejects the answer."""
    pending = table.pending
    question = None if pending is None else next(
        (q for q in pending.questions if q.id == question_id), None)
    if question is None:
        return _guess(text)
    return convert_answer(question, text)


def convert_answer(question: Question, text: str) -> Answer:
    """yes/no/true/false for a yes-or-no question, a number for a numeric one, otherwise
    one of the question's choices (case-insensitive) or the text itself."""
    key = text.strip().lower()
    if isinstance(question.default, bool):
        if key not in _BOOLEANS:
            raise StepError(f"question {question.id!r} is answered yes or no, not {text!r}")
        return _BOOLEANS[key]
    if isinstance(question.default, int):
        try:
            return int(key)
        except ValueError:
            raise StepError(f"question {question.id!r} takes a number, not {text!r}") from None
    return next((c for c in question.choices if str(c).lower() == key), text.strip())


def _guess(text: str) -> Answer:
    key = text.strip().lower()
    if key in _BOOLEANS:
        return _BOOLEANS[key]
    if key.lstrip("-").isdigit():
        return int(key)
    return text.strip()
