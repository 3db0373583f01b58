"""A ruling or a pending decision as text in the reader's language.

What the Director reads: the irregularity, the option chosen (or the options with who
chooses each), the questions (with the answer given or the default proposed), and each
clause cited with its title in that language and, when the reader has imported a law book
of that edition and language, the book's own text of the clause beside it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from dupbridge.core.edition import LawRef
from dupbridge.core.messages import Msg, msg
from dupbridge.i18n.catalogues import render
from dupbridge.lawbook.model import LawBook
from dupbridge.lawbook.reference import show
from dupbridge.lawbook.titles import clause_title
from dupbridge.laws.machinery.index import law_index
from dupbridge.laws.machinery.ruling import Answer, Chooser, Decision, Option, Question, Ruling

INDENT = "  "


def render_ruling(
    ruling: Ruling, language: str, *, federation: str | None = None,
    books: Sequence[LawBook] = (), authority: str | None = None,
) -> str:
    """The ruling: irregularity, the option chosen and by whom (or "resolved by the law
    itself"), the Director's answers, and the clauses that fired."""
    decision = ruling.decision
    if ruling.option is None:
        outcome = msg("Ruling: resolved by the law itself")
    else:
        outcome = msg("Ruling: {option} (chosen by {chooser})", option=ruling.option.description,
                      chooser=_chooser(ruling.chosen_by or ruling.option.chosen_by))
    lines: list[str | Msg] = [_irregularity(decision), outcome]
    lines += _questions(decision.questions, ruling.answers)
    lines += _clauses(ruling.clauses, language, federation, books, authority)
    return _text(lines, language, federation)


def render_decision(
    decision: Decision, language: str, *, federation: str | None = None,
    books: Sequence[LawBook] = (), authority: str | None = None,
) -> str:
    """A pending decision: irregularity, questions, the options with who may choose each,
    and the clauses that apply."""
    lines: list[str | Msg] = [_irregularity(decision)]
    lines += _questions(decision.questions, decision.answers)
    if decision.options:
        lines.append(msg("Options:"))
        lines += [_option(option) for option in decision.options]
    lines += _clauses(decision.clauses, language, federation, books, authority)
    return _text(lines, language, federation)


def _irregularity(decision: Decision) -> Msg:
    return msg("Irregularity: {irregularity}", irregularity=decision.irregularity.describe())


def _chooser(chooser: Chooser) -> object:
    return msg("Director") if isinstance(chooser, str) else chooser


def _option(option: Option) -> Msg:
    return msg("{option} (chosen by {chooser})", option=option.description,
               chooser=_chooser(option.chosen_by))


def _questions(questions: Iterable[Question], answers: Mapping[str, Answer]) -> list[str | Msg]:
    lines: list[str | Msg] = []
    for question in questions:
        if question.id in answers:
            lines.append(msg("Question: {prompt} Answer: {answer}", prompt=question.prompt,
                             answer=_answer(answers[question.id])))
        else:
            lines.append(msg("Question: {prompt} Default: {answer}", prompt=question.prompt,
                             answer=_answer(question.default)))
    return lines


def _answer(answer: Answer) -> object:
    if isinstance(answer, bool):
        return msg("yes") if answer else msg("no")
    return answer


def _clauses(
    refs: Iterable[LawRef], language: str, federation: str | None, books: Sequence[LawBook],
    authority: str | None = None,
) -> list[str | Msg]:
    lines: list[str | Msg] = []
    for ref in refs:
        title = clause_title(ref, language, federation=federation)
        lines.append(msg("{law}: {title}", law=ref, title=title))
        text = imported_text(ref, language, books, authority)
        if text:
            lines.append(INDENT + " ".join(text.split()))
    return lines


def imported_text(ref: LawRef, language: str, books: Sequence[LawBook],
                  authority: str | None = None) -> str:
    """The clause as the reader's own books have it (same edition and language): the
    general book that holds this clause, or ``authority``'s (see ``reference.show``), with
    the clauses under it when the book gives its text there (27B1 as 27B1(a) and (b)); ""
    when no installed book holds it."""
    if law_index(ref.edition).clause(ref.clause) is None:
        return ""
    parts = show(ref, language, books, authority).parts
    return " ".join(text if clause == ref.clause else f"{clause} {text}"
                    for clause, text in parts)


def _text(lines: Iterable[str | Msg], language: str, federation: str | None) -> str:
    return "\n".join(render(line, language, federation=federation) for line in lines)

