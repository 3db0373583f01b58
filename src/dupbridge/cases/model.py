"""Ruling cases as values: what a case file says, and what running it found."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from dupbridge.cases.expect_values import Check
from dupbridge.core.board import Board
from dupbridge.laws.machinery.profiles import Regulations
from dupbridge.notation.steps import Step


class CaseError(Exception):
    """A case that cannot be run as written: malformed TOML or event, an unknown key, or an
    event the table rejects. The message names the file and where in it."""

    def __init__(self, path: Path | str, where: str, reason: str) -> None:
        self.path = str(path)
        self.where = where
        self.reason = reason
        super().__init__(f"{self.path}: {where}: {reason}" if where else f"{self.path}: {reason}")


@dataclass(frozen=True, slots=True)
class Event:
    """One line of ``events``: its 1-based position and text are what errors quote."""

    number: int
    text: str
    step: Step

    def where(self) -> str:
        return f"event {self.number} {self.text!r}"


@dataclass(frozen=True, slots=True)
class ExpectBlock:
    """One ``[[expect]]`` table: checks made after the first ``after`` events."""

    number: int  # 1-based position among the file's [[expect]] tables
    after: int
    checks: tuple[tuple[str, Check], ...]  # (key, check), in the file's order


@dataclass(frozen=True, slots=True)
class Case:
    path: Path
    title: str
    source: str
    note: str
    board: Board
    regulations: Regulations
    events: tuple[Event, ...]
    expectations: tuple[ExpectBlock, ...]


@dataclass(frozen=True, slots=True)
class Mismatch:
    """An expectation that did not hold, in words a Director can read."""

    block: int
    after: int
    key: str
    expected: str
    actual: str

    def describe(self, path: Path | str) -> str:
        return (f"{path}: [[expect]] #{self.block} (after {self.after} events): {self.key}: "
                f"expected {self.expected}; actual {self.actual}")


class Outcome(Enum):
    PASS = "PASS"
    FAIL = "FAIL"
    ERROR = "ERROR"


@dataclass(frozen=True, slots=True)
class CaseResult:
    path: Path
    title: str
    outcome: Outcome
    mismatches: tuple[Mismatch, ...] = ()
    error: str | None = None

    @property
    def passed(self) -> bool:
        return self.outcome is Outcome.PASS

    def details(self) -> list[str]:
        """The lines that explain a failure or an error (none for a pass)."""
        if self.error is not None:
            return [self.error]
        return [mismatch.describe(self.path) for mismatch in self.mismatches]
