"""``dupbridge case run``: printing the results of ruling cases (the running is in
``dupbridge.cases``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.text import Text

from dupbridge.cases import CaseResult, Outcome, collect_case_files, run_case_file
from dupbridge.cli.failure import error_line

_STYLES = {Outcome.PASS: "green", Outcome.FAIL: "red", Outcome.ERROR: "red bold"}


def run_cases(console: Console, paths: Sequence[Path]) -> int:
    """Run every case under ``paths``, print one line per case and the details of each
    failure; return the exit code (0 only if every case passed and there was one)."""
    try:
        files = collect_case_files(paths)
    except FileNotFoundError as error:
        return error_line(str(error))
    if not files:
        console.print(Text(f"no case files (*.toml) under {', '.join(map(str, paths))}",
                           style="red"))
        return 1
    results = [run_case_file(path) for path in files]
    for result in results:
        print_result(console, result)
    console.print(Text(summary(results)), highlight=False, soft_wrap=True)
    return 0 if all(result.passed for result in results) else 1


def print_result(console: Console, result: CaseResult) -> None:
    line = Text()
    line.append(f"{result.outcome.value:<5}", style=_STYLES[result.outcome])
    line.append(f" {result.title}  ({result.path})")
    console.print(line, highlight=False, soft_wrap=True)
    for detail in result.details():
        console.print(Text(f"      {detail}"), highlight=False, soft_wrap=True)


def summary(results: Sequence[CaseResult]) -> str:
    counts = {outcome: sum(r.outcome is outcome for r in results) for outcome in Outcome}
    return (f"{len(results)} cases: {counts[Outcome.PASS]} passed, "
            f"{counts[Outcome.FAIL]} failed, {counts[Outcome.ERROR]} errors")
