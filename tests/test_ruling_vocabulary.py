"""docs/ruling-vocabulary.md is complete and accurate.

Every ruling case under tests/cases is replayed event by event through a ``Table``, and
every decision it shows (pending after any event, or settled in a ruling) is collected.
Each option id and question id seen must be documented with the right kind, a clause the
engine gives it, the chooser the engine names (Law 10C) or the kind of answer and the
fixed default. In the other direction, each documented id must be seen in some case, or
be listed in ``ALLOWED_UNSEEN`` with the reason.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pytest

from dupbridge.cases import apply_step, collect_case_files, load_case
from dupbridge.core.cards import Suit
from dupbridge.core.edition import CLAUSE_PATTERN, Edition
from dupbridge.laws.auction import law26_lead_restrictions
from dupbridge.laws.machinery.ruling import DIRECTOR, Decision, IrregularityKind, Option, Question
from dupbridge.table.table import Table

DOC = Path(__file__).parent.parent / "docs" / "ruling-vocabulary.md"
CASES = Path(__file__).parent / "cases"

ID_SHAPE = re.compile(r"[a-z]+(?:-[a-z0-9]+)*")
SUIT_WORDS = tuple(suit.name.lower() for suit in Suit)

ALLOWED_UNSEEN: dict[tuple[str, str], str] = {
    # Built by a law module but asked by no pending decision yet (the end-of-play review
    # and Law 20G are not wired into the table): no case can show them.
    ("question", "ui-logical-alternative"): "law16 end_of_play_questions; no decision asks it",
    ("question", "improper-question"): "law20 improper_question; no decision asks it",
    # Asked by the club's correction after the end of the round, not at a table: a ruling
    # case (one board at one table) cannot show it; tests/test_law79B_late_disagreement.py.
    ("question", "clearly-convinced"): "law79 late_question; the club's late correction",
}
"""(kind, id) documented but seen in no case, with why. Keep it short: once a case shows
one of them, ``test_allowed_unseen_ids_are_documented_and_still_unseen`` asks to remove it."""


# The document


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a vocabulary table."""

    id: str
    kind: str  # "option" or "question"
    clauses: frozenset[tuple[Edition, str]]
    meaning: str
    answer: str  # who chooses (option) or the answer and its default (question)
    line: int

    def matches(self, kind: str, ident: str) -> bool:
        if kind != self.kind:
            return False
        if "<suit" in self.id or "<card>" in self.id or "<n>" in self.id:
            words = "|".join(SUIT_WORDS)
            pattern = (re.escape(self.id)
                       .replace(re.escape("<suits>"), f"(?:{words})(?:-(?:{words}))*")
                       .replace(re.escape("<suit>"), f"(?:{words})")
                       .replace(re.escape("<card>"), "[cdhs][2-9tjqka]")
                       .replace(re.escape("<n>"), "[0-9]+")
                       .replace(re.escape("<seat>"), "[nesw]"))
            return re.fullmatch(pattern, ident) is not None
        return ident == self.id


def parse_clauses(cell: str, line: int) -> frozenset[tuple[Edition, str]]:
    """``2007 17D1, 17D2; 2017 15A1``: groups separated by ``;``, each for both editions
    unless it starts with ``2007`` or ``2017``; every other token must be a clause id."""
    found: set[tuple[Edition, str]] = set()
    for group in cell.split(";"):
        tokens = group.replace(",", " ").split()
        editions: tuple[Edition, ...] = tuple(Edition)
        if tokens and tokens[0] in ("2007", "2017"):
            editions = (Edition(tokens.pop(0)),)
        assert tokens, f"{DOC.name}:{line}: empty clause group in {cell!r}"
        for token in tokens:
            assert CLAUSE_PATTERN.match(token), f"{DOC.name}:{line}: not a clause: {token!r}"
            found.update((edition, token) for edition in editions)
    return frozenset(found)


def parse_doc(text: str) -> list[Row]:
    """Every table row whose first cell is a backquoted id."""
    rows = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.startswith("| `"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        assert len(cells) == 5, f"{DOC.name}:{number}: expected 5 cells, got {len(cells)}"
        ident, kind, clauses, meaning, answer = cells
        assert re.fullmatch(r"`[^`]+`", ident), f"{DOC.name}:{number}: id cell {ident!r}"
        assert kind in ("option", "question"), f"{DOC.name}:{number}: kind {kind!r}"
        rows.append(Row(ident.strip("`"), kind, parse_clauses(clauses, number), meaning,
                        answer, number))
    return rows


@pytest.fixture(scope="module")
def rows() -> list[Row]:
    found = parse_doc(DOC.read_text(encoding="utf-8"))
    assert found, f"no vocabulary rows in {DOC}"
    return found


def documented(rows: list[Row], kind: str, ident: str) -> list[Row]:
    return [row for row in rows if row.matches(kind, ident)]


# What the cases show


@dataclass(frozen=True, slots=True)
class SeenOption:
    edition: Edition
    clauses: frozenset[str]
    role: str
    case: str


@dataclass(frozen=True, slots=True)
class SeenQuestion:
    edition: Edition
    clause: str
    default: bool | str | int
    answer_kind: str
    case: str


@dataclass
class Seen:
    options: dict[str, set[SeenOption]]
    questions: dict[str, set[SeenQuestion]]


def chooser_role(decision: Decision, option: Option) -> str:
    """The word the document uses for who chooses ``option`` (Law 10C)."""
    irregularity = decision.irregularity
    if option.chosen_by == DIRECTOR:
        return "Director"
    if irregularity.kind is IrregularityKind.LEAD_RESTRICTION:
        return "declarer"
    if irregularity.kind is IrregularityKind.MISINFORMATION or (
            irregularity.kind is IrregularityKind.RETRACTION
            and option.chosen_by is irregularity.offender):  # 47E1: misinformed of his turn
        return "misinformed player"
    if irregularity.declarer is not None and option.chosen_by is irregularity.declarer:
        # During the play, declarer chooses for a defender's offence (50D2, 52, 54, 57A...),
        # whether he sits on the offender's left or right.
        return "declarer"
    if option.chosen_by is irregularity.offender.lho:
        return "LHO"
    return f"unexpected chooser {option.chosen_by}"


def answer_kind(question: Question) -> str:
    if isinstance(question.default, bool):
        return "yes/no"
    if "notrump" in question.choices:
        return "denomination set"
    if "spades" in question.choices:
        return "suit set"
    if isinstance(question.default, int):
        return "number"
    if isinstance(question.default, str) and question.default in question.choices:
        return "choice"
    return f"unexpected answer {question.default!r}"


def observe(seen: Seen, decision: Decision | None, edition: Edition, case: str) -> None:
    if decision is None:
        return
    for option in decision.options:
        clauses = frozenset(ref.clause for ref in option.clauses)
        role = chooser_role(decision, option)
        seen.options[option.id].add(SeenOption(edition, clauses, role, case))
    for question in decision.questions:
        seen.questions[question.id].add(SeenQuestion(
            edition, question.law.clause, question.default, answer_kind(question), case))


@pytest.fixture(scope="module")
def seen() -> Seen:
    """Replay every case; observe the pending decision after each event, and every
    decision settled by a ruling (a decision pending at some point)."""
    found = Seen(defaultdict(set), defaultdict(set))
    files = collect_case_files([CASES])
    assert files, f"no ruling cases under {CASES}"
    for path in files:
        case = load_case(path)
        name = str(path.relative_to(CASES))
        table = Table(case.board, regulations=case.regulations)
        observe(found, table.pending, table.edition, name)
        for event in case.events:
            apply_step(table, event.step)
            observe(found, table.pending, table.edition, name)
        for ruling in table.rulings:
            observe(found, ruling.decision, table.edition, name)
    return found


# The checks


def test_ids_seen_are_lowercase_kebab_case(seen: Seen) -> None:
    bad = sorted(ident for ident in (*seen.options, *seen.questions)
                 if not ID_SHAPE.fullmatch(ident))
    assert not bad, f"ids not in lowercase kebab-case: {bad}"


def test_every_option_seen_is_documented_with_its_chooser_and_a_clause(
    rows: list[Row], seen: Seen
) -> None:
    problems = []
    for ident, instances in sorted(seen.options.items()):
        docs = documented(rows, "option", ident)
        if not docs:
            example = min(instances, key=lambda s: s.case)
            problems.append(f"option {ident!r} (e.g. {example.case}) is not documented")
            continue
        choosers = " ".join(row.answer for row in docs)
        clauses = frozenset().union(*(row.clauses for row in docs))
        for instance in sorted(instances, key=lambda s: s.case):
            if instance.role not in choosers:
                problems.append(f"option {ident!r}: chosen by {instance.role} in "
                                f"{instance.case}; the document says {choosers!r}")
            if not any((instance.edition, clause) in clauses for clause in instance.clauses):
                problems.append(f"option {ident!r}: none of its clauses "
                                f"{sorted(instance.clauses)} ({instance.edition}, "
                                f"{instance.case}) is documented")
    assert not problems, "\n".join(sorted(set(problems)))


def test_every_question_seen_is_documented_with_its_clause_answer_and_default(
    rows: list[Row], seen: Seen
) -> None:
    problems = []
    for ident, instances in sorted(seen.questions.items()):
        docs = documented(rows, "question", ident)
        if not docs:
            example = min(instances, key=lambda s: s.case)
            problems.append(f"question {ident!r} (e.g. {example.case}) is not documented")
            continue
        answers = " ".join(row.answer for row in docs)
        clauses = frozenset().union(*(row.clauses for row in docs))
        fixed = re.search(r"\bdefault (yes|no)\b", answers)
        for instance in sorted(instances, key=lambda s: s.case):
            if (instance.edition, instance.clause) not in clauses:
                problems.append(f"question {ident!r}: asked under {instance.edition} "
                                f"{instance.clause} ({instance.case}), not documented")
            if not answers.startswith(instance.answer_kind):
                problems.append(f"question {ident!r}: answered as {instance.answer_kind} "
                                f"({instance.case}); the document says {answers!r}")
            if fixed and instance.default is not (fixed.group(1) == "yes"):
                problems.append(f"question {ident!r}: default {instance.default!r} in "
                                f"{instance.case}; the document says {fixed.group(0)!r}")
    assert not problems, "\n".join(sorted(set(problems)))


def test_every_documented_id_is_seen_in_a_case_or_allowed(rows: list[Row], seen: Seen) -> None:
    unseen = []
    for row in rows:
        ids = seen.options if row.kind == "option" else seen.questions
        if any(row.matches(row.kind, ident) for ident in ids):
            continue
        if (row.kind, row.id) not in ALLOWED_UNSEEN:
            unseen.append(f"line {row.line}: {row.kind} {row.id!r}")
    assert not unseen, ("documented but seen in no ruling case (add a case, or an entry to "
                        "ALLOWED_UNSEEN with the reason):\n" + "\n".join(unseen))


def test_allowed_unseen_ids_are_documented_and_still_unseen(
    rows: list[Row], seen: Seen
) -> None:
    for kind, ident in ALLOWED_UNSEEN:
        assert documented(rows, kind, ident), f"allow-listed {kind} {ident!r} is not documented"
        ids = seen.options if kind == "option" else seen.questions
        assert ident not in ids, (f"{kind} {ident!r} is now seen in a case: remove it from "
                                  "ALLOWED_UNSEEN")


def test_parametrised_ids_use_the_suit_words(rows: list[Row]) -> None:
    """``require-<suit>`` / ``prohibit-<suit>`` cover the ids the engine makes for every
    suit (the cases show only some of them), and the document names the suit words."""
    assert {row.id for row in rows if "<" in row.id} == {
        "require-<suit>", "prohibit-<suit>", "prohibit-<suits>", "play-<card>",  # 50D2, 51
        "normal-<n>-<seat><card>"}  # J70N: a card of the worst line, by trick and seat
    for suit in Suit:
        assert documented(rows, "option", law26_lead_restrictions.require_id(suit))
        assert documented(rows, "option", law26_lead_restrictions.prohibit_id(suit))
    text = DOC.read_text(encoding="utf-8")
    assert all(f"`{word}`" in text for word in SUIT_WORDS)
