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
from dupbridge.app.ruling_session.texts import (
    calls_text,
    chooser_text,
    contract_text,
    entails,
    information_text,
    lead_restriction_lines,
    restrict_play_text,
    transfer_text,
)
from dupbridge.core.calls import Call
from dupbridge.core.contract import Contract
from dupbridge.core.edition import LawRef
from dupbridge.core.errors import ActionRejected, ParseError
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat
from dupbridge.i18n.catalogues import call_text, render
from dupbridge.i18n.id_words import id_word
from dupbridge.i18n.words import parse_call, seat_word, yes_no, yes_no_words
from dupbridge.lawbook.model import LawBook
from dupbridge.lawbook.reference import is_within, show
from dupbridge.lawbook.render import imported_text
from dupbridge.lawbook.titles import clause_title
from dupbridge.laws.irregularities.assigned_score import AssignedScore
from dupbridge.laws.machinery.index import law_index
from dupbridge.laws.machinery.ruling import Answer, Decision, Option, Question
from dupbridge.laws.play.law64_facts import FacedCard, RevokeFacts
from dupbridge.notation.steps import GRAMMAR, StepError, apply_step, parse_step
from dupbridge.table.result import Result
from dupbridge.table.state import TableState
from dupbridge.table.table import Table

Line = tuple[str | Msg, str]  # a line to say and its style (bold, green, red, dim or "")


# Acting


def apply_line(table: Table, line: str) -> Msg | None:
    """Apply one line of the case grammar (``E 1H``, ``play E SK``); the one-line reason
    when it does not fit or the table refuses it (nothing recorded then)."""
    try:
        apply_step(table, parse_step(line))
    except StepError as error:
        reason = str(error)
        if GRAMMAR in reason:  # not a line of the grammar at all: say what fits, briefly
            return msg("error: not an action: {text}; expected, e.g., 'E 1H', 'play E SK', "
                       "'lead-face-down W SA', 'claim S 10', 'revoke', 'result 9'", text=line)
        return msg("error: {reason}", reason=error_message(error, reason))
    except ActionRejected as error:
        return msg("rejected: {reason}", reason=error_message(error, str(error)))
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


def is_step(line: str) -> bool:
    try:
        parse_step(line)
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
            # not cited themselves, so that no text is shown twice.
            official = " ".join(
                text for item in law_index(ref.edition).all_clauses()
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


# The outcome


def outcome_lines(session: RulingSession, language: str) -> list[Line]:
    """What is in force: rulings, bars, lead restrictions, penalty cards, information,
    the auction, the contract, and the result with its transfers and review items (or
    whose turn it is)."""
    table = session.table
    state = table.state
    result = session.result()
    lines: list[Line] = [("", ""), (msg("Outcome"), "bold")]
    lines += section(msg("Rulings"), [msg("{ruling} (chosen by {chooser})",
                                          ruling=ruling.describe(),
                                          chooser=chooser_text(ruling.chosen_by))
                                      for ruling in state.rulings], msg("Rulings: none"))
    lines += section(msg("Bars"), [str(bar) for bar in state.bars])
    lines += section(msg("Lead restrictions"), [
        *lead_restriction_lines(state.lead_restrictions, state.lead_choices),
        *(restrict_play_text(restriction) for restriction in state.restrictions)])
    lines += section(msg("Penalty cards"), [msg("{seat}: {card}", seat=card.seat,
                                                card=card.card)
                                            for card in state.penalty_cards])
    lines += section(msg("Information"), [information_text(tag, table)
                                          for tag in state.information])
    auction = str(state.current_auction)
    calls = tuple(standing.call for standing in state.current_auction.calls)
    lines.append((msg("Auction: {auction}", auction=calls_text(calls, language) if auction
                      else msg("(no calls)")), ""))
    contract = state.contract if result is None else result.contract
    assigned = session.assigned()
    adjusted = session.adjustment()
    if contract is not None and contract.declarer is not None:
        declarer = (state.play.declarer if state.play is not None else contract.declarer)
        if adjusted is not None:  # 12C: the table's contract no longer scores the board
            lines.append((msg("Contract at the table: {contract}; declarer {declarer} "
                              "(replaced by the adjusted score)",
                              contract=contract_text(contract), declarer=declarer), ""))
        else:
            lines.append((msg("Contract: {contract}; declarer {declarer}, dummy {dummy}",
                              contract=contract_text(contract), declarer=declarer,
                              dummy=declarer.partner), ""))
    elif state.current_auction.is_over:
        lines.append((msg("Passed out"), ""))
    if result is not None:
        lines += result_lines(result)
    elif assigned is not None or adjusted is not None:
        lines += section(msg("For the Director's review"), [
            msg("{law}: {note}", law=review.law, note=review.note) for review in state.reviews])
    else:
        lines += turn_lines(table, language)
    if assigned is not None:
        lines += assigned_lines(assigned, result)
    elif adjusted is not None:
        lines.append((msg("Score of the board: adjusted score ({law}): {note}; the Director "
                          "gives each side its score (Law 12C)", law=adjusted.law,
                          note=adjusted.note), "bold"))
    return lines


def result_lines(result: Result) -> list[Line]:
    """The table's result: its transfers, tricks and Law 77 score (an assigned score, which
    replaces it, is said after it: ``assigned_lines``)."""
    lines = section(msg("Law 64 transfers"), [transfer_text(t) for t in result.transfers])
    if result.contract is not None and result.tricks is None:
        if result.assigned is None:
            lines.append((msg("Result: not entered (give 'result' and declarer's tricks)"),
                          "bold"))
    elif result.contract is not None and result.tricks is not None:
        score = format(result.score_ns, "+d")
        if result.assigned is not None:
            lines.append((msg("Table result (replaced by the assigned score): {tricks} tricks "
                              "to declarer; {score} to North-South", tricks=result.tricks,
                              score=score), ""))
        else:
            lines.append((msg("Result: {tricks} tricks to declarer; score {score} to "
                              "North-South (Law 77)", tricks=result.tricks, score=score),
                           "bold"))
    elif result.assigned is None:
        lines.append((msg("Result: passed out, 0 to both sides"), "bold"))
    lines += section(msg("For the Director's review"), [msg("{law}: {note}", law=review.law,
                                                            note=review.note)
                                                        for review in result.reviews])
    return lines


def assigned_lines(assigned: AssignedScore, result: Result | None) -> list[Line]:
    """12C1: the assigned adjusted score is the board's score, for both sides."""
    lines: list[Line] = [
        (msg("Assigned adjusted score ({law}): {contract}, {tricks} tricks to declarer; "
             "score {score} to North-South", law=assigned.law,
             contract=msg("passed out") if assigned.contract is None
             else contract_text(assigned.contract), tricks=assigned.tricks or 0,
             score=format(assigned.score_ns, "+d")), "bold")]
    if assigned.contract is not None and assigned.contract.declarer is not None:
        lines.append((msg("  declarer {declarer}", declarer=assigned.contract.declarer), ""))
    if result is None or result.tricks is None:
        lines.append((msg("Table result: none; the assigned score replaces it"), ""))
    lines.append((msg("Score of the board: {ns} to North-South, {ew} to East-West ({law})",
                      ns=format(assigned.score_ns, "+d"), ew=format(-assigned.score_ns, "+d"),
                      law=assigned.law), "bold"))
    return lines


def turn_lines(table: Table, language: str) -> list[Line]:
    state = table.state
    lines = section(msg("For the Director's review at the end of play"),
                    [msg("{law}: {note}", law=review.law, note=review.note)
                     for review in state.reviews])
    turn = table.turn
    if turn is None:
        lines.append((msg("Nobody is to act now"), ""))
    elif state.play is None:
        lines.append((msg("Turn: {seat}; legal calls: {calls}", seat=turn,
                          calls=calls_text(tuple(table.legal_calls()), language)), ""))
    else:
        lines.append((msg("Turn: {seat} to play", seat=turn), ""))
    return lines


def section(title: Msg, items: Sequence[str | Msg], empty: Msg | None = None) -> list[Line]:
    """``title`` and its items; ``empty`` says there are none where the language needs the
    title's own gender (es "Fallos: ninguno")."""
    if not items:
        return [(empty or msg("{title}: none", title=title), "")]
    return [(msg("{title}:", title=title), ""), *((msg("  {line}", line=line), "")
                                                   for line in items)]
