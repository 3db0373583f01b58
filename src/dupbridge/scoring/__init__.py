"""Scoring: Law 77 (the scoring table), Law 78 methods over a board or a whole field,
Law 12C adjusted scores, Laws 86-90, rankings and what a scorer publishes (travellers,
score cards). Everything a caller needs is importable from here; NumPy is loaded only
when a field is scored (``FieldScore``, ``TeamsScore``... are loaded on first use)."""

from typing import TYPE_CHECKING, Any

# Law 77's table is core's (``Contract.score`` needs it), and costs nothing to import.
from dupbridge.core.scoring_table import contract_score

# A function named like a module of this package is imported now: were its module imported
# first (by any code), Python would bind the name to the module, not to the function.
from dupbridge.scoring.butler import butler
from dupbridge.scoring.imps import imps
from dupbridge.scoring.matchpoints import matchpoints
from dupbridge.scoring.session import ranking

if TYPE_CHECKING:
    from dupbridge.scoring.board_score import ns_score
    from dupbridge.scoring.butler import butler_datum, cross_imps
    from dupbridge.scoring.field import FieldScore, PairTotal
    from dupbridge.scoring.field_api import score_pairs, score_teams
    from dupbridge.scoring.field_config import PairsConfig, PairsMethod, TeamsConfig, VictoryPoints
    from dupbridge.scoring.field_teams import Match, MatchBoard, MatchBoardRuling, TeamsScore
    from dupbridge.scoring.imps import IMP_LOWER_BOUNDS, IMP_UPPER_BOUNDS
    from dupbridge.scoring.law12_adjusted import (
        WBF_DEFAULTS,
        AdjustedScoreError,
        Aggregation,
        ArtificialValues,
        ImpEquivalent,
        Law12Config,
        Method,
        Origin,
        OtherBoards,
        SessionBoard,
        SessionData,
        SessionRulePolicy,
        SeveralBoardsProvision,
        WeightedArithmetic,
        artificial_imps,
        artificial_matchpoints,
        artificial_percentage,
        artificial_scores,
        artificial_values,
        full_top,
        knockout_average,
        session_imps_per_board,
        session_percentage,
        session_rule,
    )
    from dupbridge.scoring.law12_assigned import (
        IndividualAdjustment,
        Scorer,
        SelfInflicted,
        adjusted_values,
        assigned_value,
        check_weighting,
        direction_value,
        individual_adjustment,
        most_favourable_alternative,
        self_inflicted_damage,
        split_score,
        weighted_value,
    )
    from dupbridge.scoring.law86_teams import (
        ImpAward,
        OneResultAdjustment,
        OneTableBoardsRuling,
        OtherTableScore,
        SeveralResultsRuling,
        SubstituteBoard,
        TeamPlayOptions,
        board_score_with_other_table,
        imp_average_2007,
        knockout_award,
        knockout_award_of_points,
        one_result_at_other_table,
        other_table_score_2007,
        several_results,
        substitute_board,
    )
    from dupbridge.scoring.law87_fouled_board import (
        Announcer,
        FormGroup,
        FouledBoardFinding,
        FouledBoardMethod,
        FouledBoardMethodMissing,
        FouledBoardScore,
        SingleResult,
        fouled_board_in_teams,
        is_fouled_board,
        score_fouled_board,
    )
    from dupbridge.scoring.matchpoints import (
        BoardMatchpoints,
        MatchpointConditions,
        matchpoint_board,
        neuberg,
        neuberg_percentage,
        percentages,
        total_points,
    )
    from dupbridge.scoring.penalties import (
        Contestant,
        Offence,
        PenaltyUnit,
        Player,
        ProceduralPenalty,
        apply_penalties,
        procedural_penalty,
    )
    from dupbridge.scoring.ranking import RankingConfig, Standing, by_value, head_to_head, rank
    from dupbridge.scoring.results import (
        Artificial,
        BoardResult,
        DirectionScore,
        Fault,
        Mixed,
        Outcome,
        Score,
        Split,
        Weighted,
    )
    from dupbridge.scoring.session import (
        PlayerTotal,
        ScoreCardLine,
        TravellerLine,
        directions,
        individual_ranking,
        individual_totals,
        score_card,
        travellers,
    )
    from dupbridge.scoring.vp import FractionalMargin, wbf_vp, wbf_vp_table

# Where each other name lives, imported on first use: most callers need one or two of
# them, and the field scoring's modules import NumPy.
_LAZY: dict[str, str] = {
    "ns_score": "board_score",
    "butler_datum": "butler", "cross_imps": "butler",
    "score_pairs": "field_api", "score_teams": "field_api",
    "PairsConfig": "field_config", "PairsMethod": "field_config",
    "TeamsConfig": "field_config", "VictoryPoints": "field_config",
    "IMP_LOWER_BOUNDS": "imps", "IMP_UPPER_BOUNDS": "imps",
    "WBF_DEFAULTS": "law12_adjusted", "AdjustedScoreError": "law12_adjusted",
    "Aggregation": "law12_adjusted", "ArtificialValues": "law12_adjusted",
    "ImpEquivalent": "law12_adjusted", "Law12Config": "law12_adjusted",
    "Method": "law12_adjusted", "Origin": "law12_adjusted", "OtherBoards": "law12_adjusted",
    "SessionBoard": "law12_adjusted", "SessionData": "law12_adjusted",
    "SessionRulePolicy": "law12_adjusted", "SeveralBoardsProvision": "law12_adjusted",
    "WeightedArithmetic": "law12_adjusted", "artificial_imps": "law12_adjusted",
    "artificial_matchpoints": "law12_adjusted", "artificial_percentage": "law12_adjusted",
    "artificial_scores": "law12_adjusted", "artificial_values": "law12_adjusted",
    "full_top": "law12_adjusted", "knockout_average": "law12_adjusted",
    "session_imps_per_board": "law12_adjusted", "session_percentage": "law12_adjusted",
    "session_rule": "law12_adjusted",
    "IndividualAdjustment": "law12_assigned", "Scorer": "law12_assigned",
    "SelfInflicted": "law12_assigned", "adjusted_values": "law12_assigned",
    "assigned_value": "law12_assigned", "check_weighting": "law12_assigned",
    "direction_value": "law12_assigned", "individual_adjustment": "law12_assigned",
    "most_favourable_alternative": "law12_assigned",
    "self_inflicted_damage": "law12_assigned", "split_score": "law12_assigned",
    "weighted_value": "law12_assigned",
    "ImpAward": "law86_teams", "OneResultAdjustment": "law86_teams",
    "OneTableBoardsRuling": "law86_teams", "OtherTableScore": "law86_teams",
    "SeveralResultsRuling": "law86_teams", "SubstituteBoard": "law86_teams",
    "TeamPlayOptions": "law86_teams", "board_score_with_other_table": "law86_teams",
    "imp_average_2007": "law86_teams", "knockout_award": "law86_teams",
    "knockout_award_of_points": "law86_teams", "one_result_at_other_table": "law86_teams",
    "other_table_score_2007": "law86_teams", "several_results": "law86_teams",
    "substitute_board": "law86_teams",
    "Announcer": "law87_fouled_board", "FormGroup": "law87_fouled_board",
    "FouledBoardFinding": "law87_fouled_board", "FouledBoardMethod": "law87_fouled_board",
    "FouledBoardMethodMissing": "law87_fouled_board",
    "FouledBoardScore": "law87_fouled_board", "SingleResult": "law87_fouled_board",
    "fouled_board_in_teams": "law87_fouled_board", "is_fouled_board": "law87_fouled_board",
    "score_fouled_board": "law87_fouled_board",
    "BoardMatchpoints": "matchpoints", "MatchpointConditions": "matchpoints",
    "matchpoint_board": "matchpoints",
    "neuberg": "matchpoints", "neuberg_percentage": "matchpoints",
    "percentages": "matchpoints", "total_points": "matchpoints",
    "Contestant": "penalties", "Offence": "penalties", "PenaltyUnit": "penalties",
    "Player": "penalties", "ProceduralPenalty": "penalties", "apply_penalties": "penalties",
    "procedural_penalty": "penalties",
    "RankingConfig": "ranking", "Standing": "ranking", "by_value": "ranking",
    "head_to_head": "ranking", "rank": "ranking",
    "Artificial": "results", "BoardResult": "results", "DirectionScore": "results",
    "Fault": "results", "Mixed": "results", "Outcome": "results", "Score": "results",
    "Split": "results",
    "Weighted": "results",
    "PlayerTotal": "session", "ScoreCardLine": "session", "TravellerLine": "session",
    "directions": "session", "individual_ranking": "session",
    "individual_totals": "session", "score_card": "session",
    "travellers": "session",
    "FractionalMargin": "vp", "wbf_vp": "vp", "wbf_vp_table": "vp",
    "FieldScore": "field", "PairTotal": "field",
    "Match": "field_teams", "MatchBoard": "field_teams", "MatchBoardRuling": "field_teams",
    "TeamsScore": "field_teams",
}


def load_rules() -> None:
    """Import every module of the scoring layer that implements a clause, so that the
    registry knows them all (``laws.load_rules`` calls it for the coverage command); the
    package itself loads its modules only on first use."""
    import importlib

    for module in ("board_score", "butler", "field", "field_checks", "field_teams", "imps",
                   "law12_adjusted", "law12_assigned", "law86_teams", "law87_fouled_board",
                   "matchpoints", "penalties", "vp"):
        importlib.import_module(f"dupbridge.scoring.{module}")


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'dupbridge.scoring' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"dupbridge.scoring.{module}"), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = [
    "IMP_LOWER_BOUNDS",
    "IMP_UPPER_BOUNDS",
    "WBF_DEFAULTS",
    "AdjustedScoreError",
    "Aggregation",
    "Announcer",
    "Artificial",
    "ArtificialValues",
    "BoardMatchpoints",
    "BoardResult",
    "Contestant",
    "DirectionScore",
    "Fault",
    "FieldScore",
    "FormGroup",
    "FouledBoardFinding",
    "FouledBoardMethod",
    "FouledBoardMethodMissing",
    "FouledBoardScore",
    "FractionalMargin",
    "ImpAward",
    "ImpEquivalent",
    "IndividualAdjustment",
    "Law12Config",
    "Match",
    "MatchBoard",
    "MatchBoardRuling",
    "MatchpointConditions",
    "Method",
    "Mixed",
    "Offence",
    "OneResultAdjustment",
    "OneTableBoardsRuling",
    "Origin",
    "OtherBoards",
    "OtherTableScore",
    "Outcome",
    "PairTotal",
    "PairsConfig",
    "PairsMethod",
    "PenaltyUnit",
    "Player",
    "PlayerTotal",
    "ProceduralPenalty",
    "RankingConfig",
    "Score",
    "ScoreCardLine",
    "Scorer",
    "SelfInflicted",
    "SessionBoard",
    "SessionData",
    "SessionRulePolicy",
    "SeveralBoardsProvision",
    "SeveralResultsRuling",
    "SingleResult",
    "Split",
    "Standing",
    "SubstituteBoard",
    "TeamPlayOptions",
    "TeamsConfig",
    "TeamsScore",
    "TravellerLine",
    "VictoryPoints",
    "Weighted",
    "WeightedArithmetic",
    "adjusted_values",
    "apply_penalties",
    "artificial_imps",
    "artificial_matchpoints",
    "artificial_percentage",
    "artificial_scores",
    "artificial_values",
    "assigned_value",
    "board_score_with_other_table",
    "butler",
    "butler_datum",
    "by_value",
    "check_weighting",
    "contract_score",
    "cross_imps",
    "direction_value",
    "directions",
    "fouled_board_in_teams",
    "full_top",
    "head_to_head",
    "imp_average_2007",
    "imps",
    "individual_adjustment",
    "individual_ranking",
    "individual_totals",
    "is_fouled_board",
    "knockout_average",
    "knockout_award",
    "knockout_award_of_points",
    "matchpoint_board",
    "matchpoints",
    "most_favourable_alternative",
    "neuberg",
    "neuberg_percentage",
    "ns_score",
    "one_result_at_other_table",
    "other_table_score_2007",
    "percentages",
    "procedural_penalty",
    "rank",
    "ranking",
    "score_card",
    "score_fouled_board",
    "score_pairs",
    "score_teams",
    "self_inflicted_damage",
    "session_imps_per_board",
    "session_percentage",
    "session_rule",
    "several_results",
    "split_score",
    "substitute_board",
    "total_points",
    "travellers",
    "wbf_vp",
    "wbf_vp_table",
    "weighted_value",
]
