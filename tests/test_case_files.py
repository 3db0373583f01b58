"""Every ruling case under tests/cases/ (docs/ruling-cases.md) passes against the engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from dupbridge.cases import run_case_file

CASES = Path(__file__).parent / "cases"
FILES = sorted(CASES.rglob("*.toml")) if CASES.is_dir() else []


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(CASES)) for p in FILES])
def test_ruling_case(path: Path) -> None:
    result = run_case_file(path)
    assert result.passed, "\n".join([f"{result.outcome.value}: {result.title}", *result.details()])
