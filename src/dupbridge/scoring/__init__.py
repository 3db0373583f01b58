"""Scoring: Law 77 (the scoring table); later Law 78 methods and adjusted scores."""

from dupbridge.scoring.law77 import contract_score

__all__ = ["contract_score"]
