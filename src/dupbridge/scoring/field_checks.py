"""What a whole field's entry points check before scoring: the Law 12 options are ones the
edition grants, and every weighted assigned score is one the edition and the Regulating
Authority allow (12C1(c); 2007 12C1(e)). A refused score names its board, its table (the
two contestants) and the clause, so the scorer knows which ruling to send back."""

from __future__ import annotations

from collections.abc import Iterable

from dupbridge.core.edition import Edition
from dupbridge.core.registry import law
from dupbridge.scoring.law12_adjusted import AdjustedScoreError, Law12Config
from dupbridge.scoring.law12_assigned import check_weighting
from dupbridge.scoring.results import BoardResult, Split, Weighted


def _weighted_parts(result: BoardResult) -> list[Weighted]:
    score = result.score
    parts = [score.ns, score.ew] if isinstance(score, Split) else [score]
    return [part for part in parts if isinstance(part, Weighted)]


@law("12C1(c)", title="Weighted scores of a whole field checked before scoring")
def check_field(results: Iterable[BoardResult], edition: Edition, config: Law12Config) -> None:
    """Refuse Law 12 options the edition does not grant, and any weighted score that 2017
    12C1(c) (an outcome not legally achievable), the 2007 Regulating Authority (weighting
    forbidden) or its adoption of 2007 12C1(e) instead of weighting does not allow."""
    config.check(edition)
    for result in results:
        for weighted in _weighted_parts(result):
            try:
                _check_one(weighted, edition, config)
            except AdjustedScoreError as refused:
                raise AdjustedScoreError(
                    f"board {result.board}, table {result.ns} (NS) v {result.ew} (EW): "
                    f"{refused}"
                ) from None


def _check_one(weighted: Weighted, edition: Edition, config: Law12Config) -> None:
    check_weighting(weighted, edition, config)
    if edition is Edition.LAWS_2007 and config.alternative_12C1e and len(weighted.outcomes) > 1:
        raise AdjustedScoreError(
            "2007 12C1(e): the Regulating Authority applies the most favourable / most "
            "unfavourable results instead of weighting (use most_favourable_alternative)"
        )
