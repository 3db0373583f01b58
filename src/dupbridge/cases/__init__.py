"""Ruling cases as data: TOML files a Director can review, run against the table engine.

``dupbridge case run tests/cases`` runs them; docs/ruling-cases.md describes the format.
"""

from dupbridge.cases.checks import CHECKS
from dupbridge.cases.loader import DEFAULT_DEAL, load_case
from dupbridge.cases.model import Case, CaseError, CaseResult, Mismatch, Outcome
from dupbridge.cases.runner import collect_case_files, run_case, run_case_file
from dupbridge.notation.steps import GRAMMAR, Step, StepError, apply_step, parse_step

__all__ = [
    "CHECKS",
    "DEFAULT_DEAL",
    "GRAMMAR",
    "Case",
    "CaseError",
    "CaseResult",
    "Mismatch",
    "Outcome",
    "Step",
    "StepError",
    "apply_step",
    "collect_case_files",
    "load_case",
    "parse_step",
    "run_case",
    "run_case_file",
]
