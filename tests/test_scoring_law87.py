"""Law 87: the fouled board, scored in groups by form (87A, 87B); team play (2017 87C).

Vectors: spec §9.3 T-87.1; spec errata §0.6 and B-4 (a group of one; 2007 team play).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest

from dupbridge.core.edition import Edition
from dupbridge.scoring import (
    Announcer,
    FouledBoardMethod,
    FouledBoardMethodMissing,
    ImpAward,
    MatchpointConditions,
    SeveralResultsRuling,
    SingleResult,
    fouled_board_in_teams,
    is_fouled_board,
    score_fouled_board,
)
from dupbridge.scoring.matchpoints import BoardMatchpoints
from dupbridge.scoring.results import Artificial, BoardResult, Fault, Score

F = Fraction
DIRECTOR = FouledBoardMethod(Announcer.DIRECTOR)
CORRECT, SWAPPED = "correct", "SA and S2 swapped between N and E"


def board9(*scores: Score) -> list[BoardResult]:
    """Board 9 at tables 1, 2, ...: table n's North-South pair is pair "n"."""
    return [BoardResult(9, str(n), f"{n}E", score) for n, score in enumerate(scores, start=1)]


# T-87.1: tables 1-2 played the correct board, tables 3-4 a copy with N's SA and E's S2
# swapped.
T87_FORMS = {"1": CORRECT, "2": CORRECT, "3": SWAPPED, "4": SWAPPED}


def test_law87A_board_is_fouled_when_tables_played_different_forms() -> None:
    assert is_fouled_board(T87_FORMS)
    assert not is_fouled_board({"1": CORRECT, "2": CORRECT})
    # Dealer or vulnerability differing between copies is a form too.
    assert is_fouled_board({"1": "dealer N", "2": "dealer E"})


def test_law87A_not_fouled_when_every_table_played_the_same_form() -> None:
    with pytest.raises(ValueError, match="87A"):
        score_fouled_board(board9(420, 170), {"1": CORRECT, "2": CORRECT}, DIRECTOR)


def test_law87B_t87_1_groups_are_scored_separately_with_neuberg() -> None:
    # Group {1, 2}: 420 beats 170 (2 and 0 of a top of 2); group {3, 4}: 450 beats -50.
    # Neuberg to the 4 results of the board: (M+1)*4/2 - 1 -> 5 and 1 on a top of 6.
    # Without groups 450 would have beaten 420 and scored the top.
    scored = score_fouled_board(board9(420, 170, 450, -50), T87_FORMS, DIRECTOR)
    assert [group.form for group in scored.groups] == [CORRECT, SWAPPED]
    assert [group.tables for group in scored.groups] == [(0, 1), (2, 3)]
    assert scored.ns_matchpoints() == (F(5), F(1), F(5), F(1))
    assert scored.ew_matchpoints() == (F(1), F(5), F(1), F(5))
    assert all(group.top == 6 for group in scored.groups)
    assert scored.board == 9
    assert scored.method.announced_by is Announcer.DIRECTOR


def test_law87B_half_matchpoint_convention() -> None:
    method = FouledBoardMethod(
        Announcer.REGULATION, conditions=MatchpointConditions(convention="1/0.5")
    )
    scored = score_fouled_board(board9(420, 170, 450, -50), T87_FORMS, method)
    # (M + 1/2) * 4/2 - 1/2: 1 -> 5/2, 0 -> 1/2 on a top of 3.
    assert scored.ns_matchpoints() == (F(5, 2), F(1, 2), F(5, 2), F(1, 2))


def test_law87B_without_factoring_each_group_keeps_its_own_top() -> None:
    method = FouledBoardMethod(
        Announcer.REGULATION, conditions=MatchpointConditions(factoring="none")
    )
    scored = score_fouled_board(board9(420, 170, 450, -50), T87_FORMS, method)
    assert scored.ns_matchpoints() == (F(2), F(0), F(2), F(0))
    assert [group.top for group in scored.groups] == [2, 2]


def test_law87B_group_of_one_needs_an_explicit_method() -> None:
    # errata B-4: a group holding one result has nothing to compare with.
    forms = {"1": CORRECT, "2": CORRECT, "3": CORRECT, "4": SWAPPED}
    with pytest.raises(FouledBoardMethodMissing, match="one result"):
        score_fouled_board(board9(420, 170, 100, 450), forms, DIRECTOR)


def test_law87B_group_of_one_average_is_recorded() -> None:
    forms = {"1": CORRECT, "2": CORRECT, "3": CORRECT, "4": SWAPPED}
    method = FouledBoardMethod(Announcer.DIRECTOR, single_result=SingleResult.AVERAGE)
    scored = score_fouled_board(board9(420, 170, 100, 450), forms, method)
    # Group of three factored to 4: units 4, 2, 0 -> (M+1)*4/3 - 1 = 17/3, 3, 1/3; the
    # lone result gets half the top of 6. The board still totals N(N-1) = 12.
    assert scored.ns_matchpoints() == (F(17, 3), F(3), F(1, 3), F(3))
    assert sum(mp for mp in scored.ns_matchpoints() if mp is not None) == 12
    assert scored.groups[1].single_result is SingleResult.AVERAGE


def test_law87B_group_of_one_artificial_is_left_to_law_12C() -> None:
    forms = {"1": CORRECT, "2": CORRECT, "3": SWAPPED}
    method = FouledBoardMethod(Announcer.REGULATION, single_result=SingleResult.ARTIFICIAL)
    scored = score_fouled_board(board9(420, 170, 450), forms, method)
    assert scored.ns_matchpoints() == (F(7, 2), F(1, 2), None)
    assert scored.groups[1].single_result is SingleResult.ARTIFICIAL
    assert scored.groups[1].top == 4


def test_law87B_artificial_score_inside_a_group_is_not_a_result() -> None:
    forms = {"1": CORRECT, "2": CORRECT, "3": CORRECT, "4": SWAPPED, "5": SWAPPED}
    results = board9(420, 170, Artificial(Fault.NONE, Fault.DIRECTLY), 450, -50)
    scored = score_fouled_board(results, forms, DIRECTOR)
    assert scored.ns_matchpoints()[2] is None
    assert scored.ns_matchpoints()[3:] == (F(13, 2), F(3, 2))  # (M+1)*5/2 - 1, top 8


def test_law87B_a_regulation_may_supply_its_own_group_scorer() -> None:
    calls: list[tuple[tuple[Score, ...], int]] = []

    def flat(scores: Sequence[Score], expected: int) -> BoardMatchpoints:
        calls.append((tuple(scores), expected))
        half = [F(expected - 1)] * len(scores)
        return BoardMatchpoints(F(2 * (expected - 1)), tuple(half), tuple(half))

    method = FouledBoardMethod(Announcer.REGULATION, group_scorer=flat, expected=6)
    scored = score_fouled_board(board9(420, 170, 450, -50), T87_FORMS, method)
    assert calls == [((420, 170), 6), ((450, -50), 6)]
    assert scored.ns_matchpoints() == (F(5),) * 4


def test_law87B_every_table_needs_the_directors_finding() -> None:
    with pytest.raises(ValueError, match="has not found"):
        score_fouled_board(board9(420, 170, 450), {"1": CORRECT, "2": SWAPPED}, DIRECTOR)
    mixed = [BoardResult(9, "1", "1E", 420), BoardResult(10, "2", "2E", 170)]
    with pytest.raises(ValueError, match="one board"):
        score_fouled_board(mixed, {"1": CORRECT, "2": SWAPPED}, DIRECTOR)


def test_law87C_2017_teams_go_to_86B2() -> None:
    # No contestant at fault (a fouled board is nobody's fault at the table) -> 86B2(a).
    result = fouled_board_in_teams(Edition.LAWS_2017, (9,), Fault.NONE, Fault.NONE)
    assert isinstance(result, SeveralResultsRuling)
    assert result.clause == "86B2(a)"
    assert result.awards == {9: ImpAward(F(3), F(3))}
    # One team at fault (e.g. it fouled the board) -> 86B2(b).
    at_fault = fouled_board_in_teams(Edition.LAWS_2017, (9,), Fault.DIRECTLY, Fault.NONE, {9: F(2)})
    assert isinstance(at_fault, SeveralResultsRuling)
    assert at_fault.awards == {9: ImpAward(F(-3), F(3))}


def test_law87B_2007_team_play_has_no_87C_and_needs_the_directors_method() -> None:
    with pytest.raises(FouledBoardMethodMissing, match="86D"):
        fouled_board_in_teams(Edition.LAWS_2007, (9,), Fault.NONE, Fault.NONE)
    announced = ImpAward(F(0), F(0))
    result = fouled_board_in_teams(
        Edition.LAWS_2007, (9,), Fault.NONE, Fault.NONE, announced_award=announced
    )
    assert isinstance(result, SeveralResultsRuling)
    assert result.clause == "87B" and result.awards == {9: announced}
