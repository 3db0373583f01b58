"""The ruling assistant's flow, shared by the terminal (``rule_dialogue``) and the web's
ruling screen: one action at a time in the case grammar, the pending decision as the
Director sees it (the irregularity, the questions with their defaults and clauses, the
options with who chooses and what each entails, Law 10C), answers read in the Director's
words, a revoke from the facts (Law 64), the clauses cited with their titles and the
imported text, and the outcome of the board.

Everything returned is a ``Msg`` (or plain text) the caller renders in the Director's
language; nothing here prints or reads."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from dupbridge.app.ruling_session.answers import InputError
from dupbridge.app.ruling_session.document import RulingSession
from dupbridge.app.ruling_session.facts import PlaySummary
from dupbridge.app.ruling_session.outcome import Line, given_echo
from dupbridge.app.ruling_session.texts import (
    chooser_text,
    echo_line,
    entails,
)
from dupbridge.core.calls import Call
from dupbridge.core.contract import Contract
from dupbridge.core.edition import LawRef
from dupbridge.core.errors import ActionRejected, ParseError
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat
from dupbridge.i18n.catalogues import call_text, render
from dupbridge.i18n.id_words import id_word
from dupbridge.i18n.words import (
    ambiguity,
    canonical_line,
    parse_call,
    seat_word,
    yes_no,
    yes_no_words,
)
from dupbridge.lawbook.model import LawBook
from dupbridge.lawbook.reference import is_within, show
from dupbridge.lawbook.render import imported_text
from dupbridge.lawbook.titles import clause_title
from dupbridge.laws.machinery.index import law_index
from dupbridge.laws.machinery.ruling import Answer, Decision, Option, Question
from dupbridge.laws.play.law64_facts import FacedCard, RevokeFacts
from dupbridge.notation.steps import GRAMMAR, StepError, apply_step, parse_step
from dupbridge.table.events import CallMade, CardPlayed, DirectorAnswered, OptionChosen
from dupbridge.table.state import TableState
from dupbridge.table.table import Table

# Acting


def apply_line(table: Table, line: str, language: str = "en") -> Msg | None:
    """Apply one line of the case grammar (``E 1H``, ``play E SK``); the one-line reason
    when it does not fit or the table refuses it (nothing recorded then). A claimer's
    statement (``claim S drawing trumps``) is read in ``language``."""
    try:
        apply_step(table, parse_step(line, language))
    except StepError as error:
        return _step_error(error, line)
    except ActionRejected as error:
        return msg("rejected: {reason}", reason=error_message(error, str(error)))
    return None


def _step_error(error: StepError, line: str) -> Msg:
    reason = str(error)
    if GRAMMAR in reason:  # not a line of the grammar at all: say what fits, briefly
        return msg("error: not an action: {text}; expected, e.g., 'E 1H', 'play E SK', "
                   "'lead-face-down W SA', 'claim S 10', 'revoke', 'result 9'", text=line)
    return msg("error: {reason}", reason=error_message(error, reason))


def line_error(line: str, language: str = "en") -> Msg | None:
    """Why ``line`` is no line of the grammar, as ``apply_line`` says it (nothing is
    applied); None when it reads."""
    try:
        parse_step(line, language)
    except StepError as error:
        return _step_error(error, line)
    return None


# Ambiguous suit letters (fr ``3C``: coeur or clubs): the whole line is checked with one
# reading first, so that a line wrong elsewhere is refused before anything is asked.


def ambiguous_words(text: str, language: str) -> list[tuple[int, str, tuple[str, ...]]]:
    """Each word of ``text`` whose suit letter reads two ways: its place, the word, and its
    readings with the suit symbols (``3C``: ``3♥``, ``3♣``)."""
    return [(number, word, readings) for number, word in enumerate(text.split())
            if (readings := ambiguity(word, language))]


def reading_question(word: str, readings: tuple[str, ...]) -> Msg:
    return msg("'{word}' reads two ways: 1. {first}  2. {second}", word=word,
               first=readings[0], second=readings[1])


def chosen_reading(answer: str, readings: tuple[str, ...]) -> str:
    """The reading the Director chose: by its number, as written, or by its suit symbol."""
    for number, reading in enumerate(readings, 1):
        if answer in (str(number), reading) or (answer and answer in reading
                                                 and not answer.isalnum()):
            return reading
    raise InputError(msg("answer 1 ({first}) or 2 ({second})", first=readings[0],
                         second=readings[1]))


def provisional(text: str, language: str) -> str:
    """``text`` with each ambiguous word read its first way: only to check the rest of the
    line, never recorded."""
    words = text.split()
    for number, _word, readings in ambiguous_words(text, language):
        words[number] = readings[0]
    return " ".join(words)


def with_reading(text: str, place: int, reading: str) -> str:
    """``text`` with its word at ``place`` replaced by the reading the Director chose, the
    rest of the line kept."""
    words = text.split()
    words[place] = reading
    return " ".join(words)


@dataclass(frozen=True, slots=True)
class Reading:
    """The question an ambiguous word of a typed line asks: each choice is the whole line
    read that way (the rest kept) and its read-back with the suit symbols."""

    question: Msg
    choices: tuple[tuple[str, str], ...]


def typed_line(text: str, language: str) -> Msg | Reading | str:
    """A line the Director typed, checked whole before anything is asked: the reason it
    is refused, the question of its first ambiguous word, or the line of the grammar it
    is, to be read back before it is recorded."""
    if not text.strip():
        return msg("error: not an action: {text}; expected, e.g., 'E 1H', 'play E SK', "
                   "'lead-face-down W SA', 'claim S 10', 'revoke', 'result 9'", text=text)
    error = line_error(canonical_line(provisional(text, language), language), language)
    if error is not None:
        return error
    for place, word, readings in ambiguous_words(text, language):
        lines = [with_reading(text, place, reading) for reading in readings]
        return Reading(reading_question(word, readings), tuple(
            (line, echo_line(canonical_line(provisional(line, language), language), language))
            for line in lines))
    return canonical_line(text, language)


def summary_echo(summary: PlaySummary) -> Msg:
    """The play as the Director gave it at the end of the hand, read back: declarer's
    tricks, and a revoke's facts."""
    revoke = summary.revoke
    if revoke is None:
        return msg("{contract}: {tricks} tricks to declarer",
                   contract=summary.contract, tricks=summary.declarer_tricks)
    return msg("{contract}: {seat}'s revoke on trick {trick}, won by {winner}; {later} "
               "trick(s) to the offending side after it; {tricks} tricks to declarer",
               contract=summary.contract, seat=revoke.seat,
               trick=revoke.trick, winner=revoke.winner, later=revoke.won_later,
               tricks=summary.declarer_tricks)


def last_step(session: RulingSession, language: str) -> str | Msg | None:
    """The Director's last step read back, as "back" would take it back: the adjusted
    score given, the summary of the play, else the table's last call, card, answer or
    choice (None for another event)."""
    if session.given is not None:
        return given_echo(session.given, language)
    if session.summary is not None:
        return summary_echo(session.summary)
    if not session.events:
        return None
    event = session.events[-1]
    if isinstance(event, CallMade):
        return echo_line(f"{event.seat.letter} {event.call}", language)
    if isinstance(event, CardPlayed):
        return echo_line(f"play {event.seat.letter} {event.card}", language)
    if isinstance(event, DirectorAnswered):
        return msg("{question}: {answer}", question=id_word(event.question, language),
                   answer=choice_label(event.answer, language))
    if isinstance(event, OptionChosen):
        return msg("{option}", option=id_word(event.option, language))
    return None


def breach_lines(before: TableState, after: TableState) -> list[Msg]:
    """What the action just recorded broke, said at once: a card against an obligation in
    force (a restriction, a card owed, following suit) is a revoke the table records
    silently until it is established (61A, 63A); a lead against declarer's Law 26 choice
    is kept for the Director's review."""
    said = [msg("{seat}'s {card} breaks the obligation in force ({law}): a revoke (Law 61A), "
                "recorded; rule it once established (Law 63) or with 'revoke' from the facts",
                seat=revoke.seat, card=revoke.card, law=revoke.failure)
            for revoke in after.revokes[len(before.revokes):]]
    said += [msg("{law}: {note}", law=review.law, note=review.note)
             for review in after.reviews[len(before.reviews):]]
    return said


def is_step(line: str, language: str = "en") -> bool:
    try:
        parse_step(line, language)
    except StepError:
        return False
    return True


def error_message(error: Exception, reason: str) -> str | Msg:
    """The exception's message as a ``Msg`` when it was built from one (it renders in the
    Director's language), a malformed call, card, rank, suit or seat said in that language
    too, else its text."""
    first = error.args[0] if error.args else reason
    if isinstance(first, Msg):
        return first
    if isinstance(getattr(error, "reason", None), Msg):  # a ParseError's own reason
        return error.reason  # type: ignore[attr-defined,no-any-return]
    if "a hand has 4 suits" in reason:
        return msg("a hand is four suits separated by dots, as AKQ.J98.T7.6543")
    malformed = _MALFORMED.search(reason)
    if malformed is not None:
        return _MALFORMED_SAID[malformed.group(1)](malformed.group(2))
    return reason


# The core's parse errors (English, the engine's own words), as the Director reads them.
_MALFORMED = re.compile(r"\bnot an? (call|card|rank|suit|seat|bid|denomination): '(.*?)'")
_MALFORMED_SAID = {
    "call": lambda text: msg("not a call: '{text}' (a bid such as 1♥ or 3NT, a pass, a "
                             "double or a redouble)", text=text),
    "bid": lambda text: msg("not a call: '{text}' (a bid such as 1♥ or 3NT, a pass, a "
                            "double or a redouble)", text=text),
    "denomination": lambda text: msg("not a call: '{text}' (a bid such as 1♥ or 3NT, a "
                                     "pass, a double or a redouble)", text=text),
    "card": lambda text: msg("not a card: '{text}' (a suit then a rank, as ♠A or ♥10)",
                             text=text),
    "rank": lambda text: msg("not a rank: '{text}'", text=text),
    "suit": lambda text: msg("not a suit: '{text}' (♠ ♥ ♦ ♣)", text=text),
    "seat": lambda text: msg("not a seat: '{text}'", text=text),
}


# The pending decision


@dataclass(frozen=True, slots=True)
class OptionView:
    number: int
    id: str
    description: str
    chooser: str | Msg
    clauses: tuple[LawRef, ...]
    entails: tuple[Msg, ...]  # Law 10C: what the Director explains before the choice


def decision_lines(decision: Decision, table: Table) -> list[Line]:
    """The irregularity, the clauses, and what may happen before the ruling."""
    lines: list[Line] = [
        (msg("Irregularity: {irregularity}", irregularity=decision.irregularity.describe()),
         "bold yellow"),
        (msg("Clauses: {clauses}", clauses=decision.clauses), "")]
    if not decision.automated:
        lines.append((msg("Not yet automated: the Director applies this law by hand"), ""))
    if decision.waits_for and table.state.play is None:
        lines.append((msg("Calls before the ruling: {seats} may call now (the law says what "
                          "such a call does)", seats=tuple(sorted(decision.waits_for))), ""))
    elif decision.waits_for:
        lines.append((msg("Cards before the ruling: {seats} may play now (the law says what "
                          "such a card does)", seats=tuple(sorted(decision.waits_for))), ""))
    return lines


def question_prompt(question: Question) -> Msg:
    return msg("Director's question ({law}): {prompt}", law=question.law,
               prompt=question.prompt)


def option_views(decision: Decision, table: Table) -> list[OptionView]:
    """Law 10C: every option, who chooses it, and what it entails, before the choice."""
    return [OptionView(number, option.id, option.description,
                       chooser_text(option.chosen_by), option.clauses,
                       tuple(entails(option, decision, table)))
            for number, option in enumerate(decision.options, 1)]


def find_option(decision: Decision, text: str) -> Option | None:
    if text.isdigit() and 1 <= int(text) <= len(decision.options):
        return decision.options[int(text) - 1]
    return decision.option(text)


# Answers in the Director's words


def choices(question: Question, language: str) -> list[str]:
    if isinstance(question.default, bool):
        return list(yes_no_words(language))
    return [answer_text(choice, language) for choice in question.choices]


# The words of Law 23's answers (the question's tokens are the case grammar's).
_ANSWER_LABELS = {
    "same-meaning": msg("the same or a similar meaning (23A1)"),
    "subset": msg("a subset of its meanings (23A2)"),
    "same-purpose": msg("the same purpose (23A3)"),
}


def choice_label(value: Answer, language: str) -> str | Msg:
    """An answer as a button shows it: yes and no and a call in the Director's words, a
    comparable call's reasons spelt out."""
    if isinstance(value, str) and value in _ANSWER_LABELS:
        return _ANSWER_LABELS[value]
    if value in ("yes", "no"):
        return yes_no_words(language)[0 if value == "yes" else 1]
    return answer_text(value, language)


def answer_text(value: Answer, language: str) -> str:
    """An answer as the Director types it: yes and no, a call and a contract, in his words
    ("none" and "passed out" too)."""
    if isinstance(value, bool):
        return yes_no_words(language)[0 if value else 1]
    if isinstance(value, str) and language != "en":
        if value == "passed out":
            return render(msg("passed out"), language)
        if value == "none":
            return id_word(value, language)
        try:
            return call_text(Call.parse(value), language)
        except ParseError:
            pass
        try:
            contract = Contract.parse(value)
        except ParseError:
            return value
        if contract.declarer is not None:
            return render(msg("{contract}", contract=contract), language)
    return str(value)


def _as_contract(text: str, language: str) -> str | None:
    """``2♠ N``, ``2P Nord``, ``2S N`` as the choices write a contract (``2S N``)."""
    words = text.split()
    if len(words) != 2:
        return None
    seat = seat_word(words[1], language)
    try:
        call = parse_call(words[0], language)
    except ParseError:
        return None
    return None if seat is None else f"{call} {seat.letter}"


def read_answer(question: Question, text: str, language: str) -> Answer:
    """The answer ``text`` gives, in the Director's words (``InputError`` saying what
    fits)."""
    if isinstance(question.default, bool):
        answer = yes_no(text, language)
        if answer is None:
            yes, no = yes_no_words(language)
            raise InputError(msg("answer {yes} or {no}", yes=yes, no=no))
        return answer
    if isinstance(question.default, int):
        try:
            return int(text)
        except ValueError:
            raise InputError(msg("give a number")) from None
    try:  # a call in the Director's words, written as the question's choices are
        as_call = str(parse_call(text, language))
    except ParseError:
        as_call = text
    as_contract = (_as_contract(text, language) or "").lower()
    for choice in question.choices:
        if str(choice).lower() in (text.lower(), as_call.lower(), as_contract) or (
                text.lower() == answer_text(choice, language).lower()):
            return choice
    if question.choices:
        raise InputError(msg("answer one of {choices}",
                             choices="/".join(choices(question, language))))
    return text


# The clauses cited


@dataclass(frozen=True, slots=True)
class ClauseText:
    """A clause cited: its title, and the imported book's text ("" when no book of that
    edition and language holds it)."""

    ref: LawRef
    title: str
    text: str


def clause_texts(clauses: Sequence[LawRef], language: str, books: Sequence[LawBook],
                 federation: str | None = None) -> list[ClauseText]:
    """Each clause with its title and its imported text. A clause whose sub-clause is
    cited too gets its own words only, not the whole law under it."""
    found = []
    for ref in clauses:
        cited_under = [other for other in clauses if other != ref
                       and other.edition is ref.edition and is_within(other.clause, ref.clause)]
        official = (show(ref, language, books).text or "" if cited_under
                    else imported_text(ref, language, books))
        if cited_under and not official.strip():
            # A heading whose words are all in its sub-clauses (2017 73C: C1, C2): those
            # not cited themselves, each under its number, so that no text is shown twice
            # and none under another's number (es 2007 27B1: its (b), 27B1(a) being cited).
            official = " ".join(
                f"{item.ref.clause} {text}" for item in law_index(ref.edition).all_clauses()
                if item.ref.clause != ref.clause and is_within(item.ref.clause, ref.clause)
                and not any(is_within(item.ref.clause, other.clause) or
                            is_within(other.clause, item.ref.clause) for other in cited_under)
                and (text := show(item.ref, language, books).text or ""))
        found.append(ClauseText(ref, clause_title(ref, language, federation=federation),
                                " ".join(official.split())))
    return found


# A revoke from the facts (Law 64)


def revoke_summary(contract: Contract, seat: Seat, trick: int, winner: Seat, later: int,
                   tricks: int, faced: FacedCard = FacedCard.NONE, late: str = ""
                   ) -> PlaySummary:
    """The summary of the play with a revoke's facts, as the Director learns them at the
    end of the hand (``ValueError`` naming what does not fit)."""
    return PlaySummary(contract, tricks, RevokeFacts(seat, trick, winner, later, faced, late))
