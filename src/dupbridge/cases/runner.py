"""Running ruling cases: events in order, each ``[[expect]]`` table checked after its
``after``-th event, every mismatch of a block reported (not only the first)."""

from __future__ import annotations

import traceback
from collections.abc import Iterable
from pathlib import Path

from dupbridge.cases.loader import load_case
from dupbridge.cases.model import Case, CaseError, CaseResult, ExpectBlock, Mismatch, Outcome
from dupbridge.core.errors import ActionRejected
from dupbridge.notation.steps import StepError, apply_step
from dupbridge.table.table import Table


def collect_case_files(paths: Iterable[Path]) -> list[Path]:
    """The ``.toml`` files named, and those under the directories named (recursively), in
    a stable order. A path that does not exist is an error, not an empty run."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*.toml") if p.is_file()))
        elif path.is_file():
            found.append(path)
        else:
            raise FileNotFoundError(f"no such file or directory: {path}")
    return found


def run_case_file(path: Path) -> CaseResult:
    """Load and run one case; a case that cannot be loaded or run is an ERROR result, and so
    is one that crashes the engine: a run of a folder reports it and goes on."""
    try:
        case = load_case(path)
    except CaseError as error:
        return CaseResult(path, path.stem, Outcome.ERROR, error=str(error))
    try:
        return run_case(case)
    except Exception as error:  # a crash outside the events and checks (the board...)
        return CaseResult(path, case.title, Outcome.ERROR, error=f"{path}: {crashed(error)}")


def crashed(error: BaseException) -> str:
    """A crash in a line: the last line of its traceback (the exception and its message)."""
    return "crashed: " + traceback.format_exception_only(error)[-1].strip()


def run_case(case: Case) -> CaseResult:
    table = _table(case)
    mismatches: list[Mismatch] = []
    try:
        mismatches.extend(_check_after(case, table, 0))
        for event in case.events:
            try:
                apply_step(table, event.step)
            except (ActionRejected, StepError) as error:
                raise CaseError(case.path, event.where(), _rejection(error)) from None
            except Exception as error:  # the engine crashed: this case's ERROR, not the run's
                raise CaseError(case.path, event.where(), crashed(error)) from None
            mismatches.extend(_check_after(case, table, event.number))
    except CaseError as error:
        return CaseResult(case.path, case.title, Outcome.ERROR, tuple(mismatches), str(error))
    outcome = Outcome.FAIL if mismatches else Outcome.PASS
    return CaseResult(case.path, case.title, outcome, tuple(mismatches))


def _table(case: Case) -> Table:
    return Table(case.board, regulations=case.regulations)


def _rejection(error: Exception) -> str:
    prefix = "rejected by the table: " if isinstance(error, ActionRejected) else ""
    return f"{prefix}{error}"


def _check_after(case: Case, table: Table, count: int) -> list[Mismatch]:
    found: list[Mismatch] = []
    for block in case.expectations:
        if block.after == count:
            found.extend(_check_block(case, block, table))
    return found


def _check_block(case: Case, block: ExpectBlock, table: Table) -> list[Mismatch]:
    found = []
    for key, check in block.checks:
        try:
            difference = check(table)
        except StepError as error:  # an answer in 'rejected' that fits no question
            raise CaseError(case.path, f"[[expect]] #{block.number}, key {key!r}",
                            str(error)) from None
        except Exception as error:  # a query of the table crashed
            raise CaseError(case.path, f"[[expect]] #{block.number}, key {key!r}",
                            crashed(error)) from None
        if difference is not None:
            found.append(Mismatch(block.number, block.after, key, *difference))
    return found
