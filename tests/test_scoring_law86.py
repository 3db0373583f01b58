"""Law 86: adjusted scores in team play, 2007 86A-86D and 2017 86A, 86B1, 86B2(a)-(c), 86B3.

Vectors: spec §9.3 T-86.1, T-86.2, T-12.5; spec errata §0.2, §0.5, A-2, B-1.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import pytest

from dupbridge.scoring import (
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
from dupbridge.scoring.law12_adjusted import ArtificialValues, Law12Config
from dupbridge.scoring.law86_teams import (
    both_contestants_at_fault,
    no_contestant_at_fault,
    one_contestant_at_fault,
    one_table_provision,
)
from dupbridge.scoring.results import Fault

F = Fraction
KNOCKOUT = TeamPlayOptions(knockout=True)


def award(ns: int | Fraction, ew: int | Fraction) -> ImpAward:
    return ImpAward(F(ns), F(ew))


def ruling(result: SeveralResultsRuling | OneTableBoardsRuling) -> SeveralResultsRuling:
    assert isinstance(result, SeveralResultsRuling)
    return result


# --- 2007 86A: average plus / minus in IMPs ------------------------------------------------


def test_law86A_2007_average_plus_and_minus_are_three_imps() -> None:
    # T-12.2 / 86A: +3 to the contestant not at fault, -3 to the one directly at fault.
    assert imp_average_2007(Fault.NONE) == 3
    assert imp_average_2007(Fault.DIRECTLY) == -3
    # "Average" in IMPs is not defined by the Laws: 0 (errata §0.2, an inference).
    assert imp_average_2007(Fault.PARTLY) == 0


def test_law86A_2007_the_organiser_may_vary_the_value_with_ra_approval() -> None:
    varied = TeamPlayOptions(law12=Law12Config(values=ArtificialValues(imp_average=F(2))))
    assert imp_average_2007(Fault.NONE, varied) == 2
    assert imp_average_2007(Fault.DIRECTLY, varied) == -2


# --- 2007 86B: knockout averaging ---------------------------------------------------------


def test_law86B_2007_knockout_averages_non_balancing_scores_in_imps() -> None:
    # T-12.5: NOS assigned +7, OS separately -10 -> each gets the average, +8.5 / -8.5.
    assert knockout_award(award(7, -10)) == award(F(17, 2), F(-17, 2))
    assert knockout_award(award(7, -10)).balanced


def test_law86B_2007_artificial_scores_balance_in_a_knockout() -> None:
    # errata §0.2: none / none gives +3 / +3 in a Swiss match but 0 / 0 in a knockout;
    # directly / partly gives -3 / 0, averaged to -1.5 / +1.5.
    both_innocent = ruling(several_results((4,), Fault.NONE, Fault.NONE, options=KNOCKOUT))
    assert both_innocent.awards == {4: award(0, 0)}
    mixed = both_contestants_at_fault((4,), Fault.DIRECTLY, Fault.PARTLY, KNOCKOUT)
    assert mixed.awards == {4: award(F(-3, 2), F(3, 2))}


def test_law86B_2007_each_teams_score_is_computed_separately_from_points() -> None:
    # The NS team here scored +620 at the other table. Assigned here: -420 for NS's
    # team (+200 on the board: 5 IMPs) and, separately, -170 in NS points for EW's team
    # (+170 here, -620 there: -450, -10 IMPs). Average: +7.5 / -7.5.
    assert knockout_award_of_points(620, -420, -170) == award(F(15, 2), F(-15, 2))


# --- 2007 86C = 2017 86A: no single-board redeal once the match result could be known ---


def test_law86C_2007_no_redeal_when_the_match_result_could_be_known() -> None:
    assert substitute_board(True) is SubstituteBoard.ADJUSTED_SCORE
    assert substitute_board(False) is SubstituteBoard.REDEAL_ALLOWED


def test_law86A_2017_substitute_board_forbidden_when_result_could_be_known() -> None:
    assert substitute_board(match_result_without_board_could_be_known=True) is (
        SubstituteBoard.ADJUSTED_SCORE
    )
    assert substitute_board(match_result_without_board_could_be_known=False) is (
        SubstituteBoard.REDEAL_ALLOWED
    )


# --- 2007 86D: the result at the other table -----------------------------------------------


def test_law86D_2007_should_use_the_other_table_when_favourable_to_the_nos() -> None:
    # T-86.2: the NOS's team-mates scored +1100 at the other table.
    assert (
        other_table_score_2007(
            arising_from_6D2=False, result_at_other_table=True, favourable_to_nos=True
        )
        is OtherTableScore.SHOULD
    )
    assert (
        other_table_score_2007(
            arising_from_6D2=False, result_at_other_table=True, favourable_to_nos=False
        )
        is OtherTableScore.MAY
    )


def test_law86D_2007_not_available_for_6D2_or_without_a_result_there() -> None:
    assert (
        other_table_score_2007(
            arising_from_6D2=True, result_at_other_table=True, favourable_to_nos=True
        )
        is OtherTableScore.NOT_AVAILABLE
    )
    assert (
        other_table_score_2007(
            arising_from_6D2=False, result_at_other_table=False, favourable_to_nos=True
        )
        is OtherTableScore.NOT_AVAILABLE
    )


def test_law86D_2007_score_in_imps_or_total_points() -> None:
    # T-86.2: +1100 at the other table, -620 assigned here: 480 points, 10 IMPs.
    assert board_score_with_other_table(1100, -620) == 10
    assert board_score_with_other_table(1100, -620, "total points") == 480
    with pytest.raises(ValueError):
        board_score_with_other_table(1100, -620, "matchpoints")  # type: ignore[arg-type]


# --- 2017 86B / 86B1: one result at the other table ----------------------------------------


def test_law86B1_2017_clearly_favouring_result_leads_to_an_assigned_score() -> None:
    assert one_result_at_other_table(True) is OneResultAdjustment.ASSIGNED
    assert one_result_at_other_table(False) is OneResultAdjustment.AS_LAW_12


def test_law86B_2017_other_table_result_is_the_directors_finding() -> None:
    # "clearly favours" is the Director's judgement; the code follows his finding.
    assert one_result_at_other_table(result_clearly_favours_one_side=True) is (
        OneResultAdjustment.ASSIGNED
    )


# --- 2017 86B2: several results -------------------------------------------------------------


def test_law86B2b_2017_nos_gets_the_more_favourable_of_average_plus_and_assigned() -> None:
    # T-86.1: EW at fault on board 7; assigned +5 for the NOS -> +5 / -5.
    result = ruling(several_results((7,), Fault.NONE, Fault.DIRECTLY, {7: F(5)}))
    assert result.clause == "86B2(b)"
    assert result.awards == {7: award(5, -5)}
    assert not result.cancelled


def test_law86B2b_2017_average_plus_when_the_assigned_score_is_worse() -> None:
    # T-86.1: assigned +1 -> NOS +3, OS the complement -3.
    assert ruling(several_results((7,), Fault.NONE, Fault.DIRECTLY, {7: F(1)})).awards == {
        7: award(3, -3)
    }


def test_law86B2b_2017_east_west_non_offending_and_several_boards() -> None:
    result = one_contestant_at_fault(False, {7: F(5), 8: F(-2)})
    assert result.awards == {7: award(-5, 5), 8: award(-3, 3)}
    partly = ruling(several_results((7, 8), Fault.PARTLY, Fault.NONE, {7: F(5), 8: F(-2)}))
    assert partly.awards == result.awards


def test_law86B2b_2017_needs_the_assigned_score_for_every_board() -> None:
    with pytest.raises(ValueError, match="assigned IMPs"):
        several_results((7, 8), Fault.NONE, Fault.DIRECTLY, {7: F(5)})


def test_law86B2a_2017_no_fault_cancels_with_average_plus_to_both() -> None:
    # errata B-1: +3 / +3, which does not balance.
    result = ruling(several_results((3, 4), Fault.NONE, Fault.NONE))
    assert result.clause == "86B2(a)"
    assert result.cancelled and not result.substitute_boards
    assert result.awards == {3: award(3, 3), 4: award(3, 3)}


def test_law86B2a_2017_substitute_board_only_if_time_and_86A_allow() -> None:
    # errata A-2: a substitute board only if time permits AND no contestant could know
    # the match result without the board.
    allowed = no_contestant_at_fault(
        (3,), time_permits_substitute=True, match_result_without_board_could_be_known=False
    )
    assert allowed.substitute_boards and allowed.awards == {}
    blocked = no_contestant_at_fault(
        (3,), time_permits_substitute=True, match_result_without_board_could_be_known=True
    )
    assert not blocked.substitute_boards and blocked.awards == {3: award(3, 3)}
    no_time = no_contestant_at_fault(
        (3,), time_permits_substitute=False, match_result_without_board_could_be_known=False
    )
    assert not no_time.substitute_boards


def test_law86B2a_2017_knockout_gives_zero_zero() -> None:
    assert ruling(several_results((3,), Fault.NONE, Fault.NONE, options=KNOCKOUT)).awards == {
        3: award(0, 0)
    }


def test_law86B2c_2017_both_at_fault_cancel_and_artificial_by_each_fault() -> None:
    # errata §0.2: directly / directly -3 / -3; directly / partly -3 / 0.
    result = ruling(several_results((9,), Fault.DIRECTLY, Fault.DIRECTLY))
    assert result.clause == "86B2(c)" and result.cancelled
    assert result.awards == {9: award(-3, -3)}
    assert ruling(several_results((9,), Fault.DIRECTLY, Fault.PARTLY)).awards == {9: award(-3, 0)}
    with pytest.raises(ValueError):
        both_contestants_at_fault((9,), Fault.NONE, Fault.DIRECTLY)


def test_law86B2_2017_branch_follows_the_fault_of_the_two_teams() -> None:
    assert ruling(several_results((1,), Fault.NONE, Fault.NONE)).clause == "86B2(a)"
    assert ruling(several_results((1,), Fault.DIRECTLY, Fault.NONE, {1: F(4)})).clause == (
        "86B2(b)"
    )
    assert ruling(several_results((1,), Fault.PARTLY, Fault.PARTLY)).clause == "86B2(c)"
    with pytest.raises(ValueError):
        several_results((), Fault.NONE, Fault.NONE)


def _ra_provision(
    boards: tuple[int, ...],
    ns_fault: Fault,
    ew_fault: Fault,
    assigned: Mapping[int, Fraction] | None,
) -> OneTableBoardsRuling:
    return OneTableBoardsRuling(dict.fromkeys(boards, award(2, -2)), "RA rule 7")


def test_law86B3_2017_ra_provision_for_boards_played_at_one_table_only() -> None:
    options = TeamPlayOptions(one_table_boards=_ra_provision)
    result = several_results(
        (5,), Fault.NONE, Fault.DIRECTLY, {5: F(6)}, played_at_one_table_only=True, options=options
    )
    assert result == OneTableBoardsRuling({5: award(2, -2)}, "RA rule 7")
    assert one_table_provision(True, options) is _ra_provision
    assert one_table_provision(False, options) is None


def test_law86B3_2017_absent_a_regulation_86B2_applies() -> None:
    # Default: no provision, and a board played at both tables never uses one.
    assert one_table_provision(True) is None
    result = ruling(
        several_results((5,), Fault.NONE, Fault.DIRECTLY, {5: F(6)}, played_at_one_table_only=True)
    )
    assert result.awards == {5: award(6, -6)}
    with_provision = TeamPlayOptions(one_table_boards=_ra_provision)
    played_twice = several_results(
        (5,), Fault.NONE, Fault.DIRECTLY, {5: F(6)}, options=with_provision
    )
    assert ruling(played_twice).clause == "86B2(b)"


def test_law86_both_editions_share_the_imp_values() -> None:
    # The ±3 lives in 2007 86A and (both editions) 12C2(b); Law 86 reads it from the Law
    # 12C configuration.
    assert TeamPlayOptions().imp_average_plus == 3
