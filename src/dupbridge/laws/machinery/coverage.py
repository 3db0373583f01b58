"""Which clauses of an edition are implemented, by which code, checked by which tests."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.registry import registered
from dupbridge.laws.machinery.index import ClauseKind, law_index


class CoverageStatus(Enum):
    IMPLEMENTED = "implemented"
    UNTESTED = "implemented, no test"
    IN_CLAUSES = "see its clauses"  # a law whose clauses are (partly) implemented
    JUDGEMENT = "director's judgement"
    NOT_APPLICABLE = "not applicable"
    NOT_YET = "not yet"


@dataclass(frozen=True, slots=True)
class ClauseCoverage:
    ref: LawRef
    title: str
    status: CoverageStatus
    functions: tuple[str, ...]
    tests: tuple[str, ...]
    reason: str = ""  # why there is no code: the index's reason for a judgement clause
    questions: tuple[str, ...] = ()  # the Director's questions the code asks for the clause


def test_token(clause: str) -> str:
    """How a clause is written in a test name: ``27B1(a)`` -> ``27B1a``, ``35-1`` -> ``35_1``."""
    return clause.replace("(", "").replace(")", "").replace("-", "_")


def tests_naming(clause: str, edition: Edition, tests: Mapping[str, str]) -> tuple[str, ...]:
    """Tests whose name cites the clause (``test_law38B_...``), for this edition: a name
    with ``_2007`` or ``_2017`` checks only that edition."""
    pattern = re.compile(rf"law{re.escape(test_token(clause))}(?![0-9A-Za-z])")
    other = "_2017" if edition is Edition.LAWS_2007 else "_2007"
    mine = "_" + edition.value
    return tuple(
        f"{path}::{name}"
        for name, path in sorted(tests.items())
        if pattern.search(name) and (other not in name or mine in name)
    )


def coverage(edition: Edition, tests: Mapping[str, str]) -> list[ClauseCoverage]:
    """Every clause of the edition's index: ``tests`` maps test function names to files."""
    rules = registered(edition)
    laws_with_code = {ref.law for ref in rules}
    found = []
    for clause in law_index(edition).all_clauses():
        functions = tuple(rule.function for rule in rules.get(clause.ref, ()))
        named = tests_naming(clause.ref.clause, edition, tests)
        if functions:
            status = CoverageStatus.IMPLEMENTED if named else CoverageStatus.UNTESTED
        elif clause.ref.clause == str(clause.ref.law) and clause.ref.law in laws_with_code:
            status = CoverageStatus.IN_CLAUSES
        elif clause.kind is ClauseKind.JUDGEMENT:
            status = CoverageStatus.JUDGEMENT
        elif clause.kind is ClauseKind.NOT_APPLICABLE:
            status = CoverageStatus.NOT_APPLICABLE
        else:
            status = CoverageStatus.NOT_YET
        asks = tuple(dict.fromkeys(q for rule in rules.get(clause.ref, ()) for q in rule.asks))
        found.append(ClauseCoverage(clause.ref, clause.title, status, functions, named,
                                    "" if functions else clause.reason, asks))
    return found


def tests_folder(given: Path | None) -> Path | None:
    """The folder of the tests: ``given`` if it is one; else the ``tests/`` folder of the
    checkout this package runs from (``src/dupbridge`` two levels below it), else the
    current directory's; None when there is none (an installed package ships no tests)."""
    if given is not None:
        return given if given.is_dir() else None
    checkout = Path(__file__).resolve().parents[4] / "tests"
    for candidate in (checkout, Path("tests")):
        if candidate.is_dir() and any(candidate.glob("test_*.py")):
            return candidate
    return None


def find_tests(root: Path) -> dict[str, str]:
    """Test function names under ``root`` (``def test_...``), with their file."""
    names: dict[str, str] = {}
    if not root.is_dir():
        return names
    for path in sorted(root.rglob("test_*.py")):
        for match in re.finditer(r"^\s*def (test_\w+)", path.read_text(encoding="utf-8"), re.M):
            names.setdefault(match[1], str(path))
    return names
