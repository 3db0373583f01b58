"""The field entry points without their NumPy import: ``dupbridge.scoring`` exports these,
and NumPy is loaded only when a field is actually scored (the CLI's ``--help`` must stay
light, tests/test_cli.py)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dupbridge.scoring.field import FieldScore
    from dupbridge.scoring.field_config import PairsConfig, PairsMethod, TeamsConfig
    from dupbridge.scoring.field_teams import MatchBoardRuling, TeamsScore
    from dupbridge.scoring.law87_fouled_board import FouledBoardFinding
    from dupbridge.scoring.results import BoardResult


def score_pairs(
    results: Iterable[BoardResult],
    method: PairsMethod = "matchpoints",
    config: PairsConfig | None = None,
    fouled: Mapping[int, FouledBoardFinding] | None = None,
) -> FieldScore:
    """Score a pairs event from its table of results: matchpoints (78A, Neuberg where
    results are missing), Butler or cross-IMPs (78B), total points (78C); fouled boards
    matchpointed in groups (87B); see ``scoring.field``."""
    from dupbridge.scoring import field

    return field.score_pairs(results, method, config, fouled)


def score_teams(
    results: Iterable[BoardResult],
    config: TeamsConfig | None = None,
    rulings: Iterable[MatchBoardRuling] = (),
) -> TeamsScore:
    """Score team matches: IMPs per board between the two tables (78B), Law 86 / 87C
    rulings in IMPs in place of a board's comparison, totals, VPs; see
    ``scoring.field_teams``."""
    from dupbridge.scoring import field_teams

    return field_teams.score_teams(results, config, rulings)
