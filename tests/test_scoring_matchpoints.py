"""Law 78A matchpoints (both conventions), Neuberg, 78C total points, and matchpointing a
board that holds adjusted scores (spec errata A-1, B-2, B-3, §0.4)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dupbridge.scoring import (
    MatchpointConditions,
    matchpoint_board,
    matchpoints,
    neuberg,
    neuberg_percentage,
    percentages,
    total_points,
)
from dupbridge.scoring.matchpoints import top
from dupbridge.scoring.results import Artificial, Fault, Outcome, Score, Split, Weighted

T_78_3 = [420, 420, 450, -50, 170]


def exact(*values: int | F | None) -> tuple[F | None, ...]:
    """Expected per-table matchpoints, as the Fractions (or None) the board returns."""
    return tuple(None if v is None else F(v) for v in values)


def test_law78A_t78_3_two_per_score_beaten_one_per_tie() -> None:
    assert matchpoints(T_78_3) == [5, 5, 8, 0, 2]
    assert all(isinstance(mp, F) for mp in matchpoints(T_78_3))
    assert top(5) == 8


def test_law78A_t78_3_east_west_are_the_complements() -> None:
    ew = matchpoints([-s for s in T_78_3])
    assert ew == [3, 3, 0, 8, 6]
    assert [n + e for n, e in zip(matchpoints(T_78_3), ew, strict=True)] == [8] * 5


def test_law78A_t78_3_one_and_a_half_convention() -> None:
    assert matchpoints(T_78_3, "1/0.5") == [F(5, 2), F(5, 2), 4, 0, 1]
    assert matchpoints([-s for s in T_78_3], convention="1/0.5") == [F(3, 2), F(3, 2), 0, 4, 3]
    assert top(5, "1/0.5") == 4


def test_law78A_results_come_back_in_input_order() -> None:
    assert matchpoints([-50, 450, 420]) == [0, 4, 2]


def test_law78A_percentages_are_the_same_in_both_conventions() -> None:
    expected = [F(125, 2), F(125, 2), 100, 0, 25]
    assert percentages(T_78_3) == expected
    assert percentages(T_78_3, "1/0.5") == expected


def test_law78A_a_single_result_has_no_percentage() -> None:
    assert matchpoints([420]) == [0]
    with pytest.raises(ValueError):
        percentages([420])


def test_law78A_unknown_convention_is_refused() -> None:
    with pytest.raises(ValueError):
        matchpoints(T_78_3, "3/1")  # type: ignore[arg-type]


@given(st.lists(st.integers(min_value=-76, max_value=316).map(lambda t: 10 * t), max_size=30))
def test_law78A_a_board_totals_n_times_n_minus_1_units(scores: list[int]) -> None:
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)
    assert sum(matchpoints(scores, "1/0.5")) * 2 == n * (n - 1)
    ew = matchpoints([-s for s in scores])
    assert all(ns + e == top(n) for ns, e in zip(matchpoints(scores), ew, strict=True))


# --- Neuberg (formats facts §4.3) ---------------------------------------------------------

EBU_SCORES = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
EBU_FACTORED = ["19.9", "17.7", "15.5", "13.3", "11.1", "8.9", "6.7", "4.5", "2.3", "0.1"]


def test_law78A_neuberg_ebu_example() -> None:
    # N = 11 expected, n = 10 obtained, top 20 after factoring.
    factored = [neuberg(mp, 10, 11) for mp in matchpoints(EBU_SCORES)]
    assert factored == [F(value) for value in EBU_FACTORED]


def test_law78A_neuberg_one_and_a_half_units() -> None:
    # (M + 1/2) N/n - 1/2: the same board in 1/0.5 units is exactly half.
    factored = [neuberg(mp, 10, 11, "1/0.5") for mp in matchpoints(EBU_SCORES, "1/0.5")]
    assert factored == [F(value) / 2 for value in EBU_FACTORED]


def test_law78A_neuberg_changes_nothing_on_a_full_board() -> None:
    assert [neuberg(mp, 5, 5) for mp in matchpoints(T_78_3)] == matchpoints(T_78_3)


def test_law78A_neuberg_percentage_fouled_board_tops() -> None:
    # pjms.nl: a fouled board, 7 results in groups of 3 and 4 -> tops of 88.9 % and 93.8 %.
    assert neuberg_percentage(100, 3, 7) == F(800, 9)  # 88.9 %
    assert neuberg_percentage(100, 4, 7) == F(375, 4)  # 93.75 %
    assert round(float(neuberg_percentage(100, 3, 7)), 1) == 88.9
    assert round(float(neuberg_percentage(100, 4, 7)), 1) == 93.8


def test_law78A_neuberg_percentage_agrees_with_the_matchpoint_form() -> None:
    # The group-of-3 top: 4 units of top 4, factored to 7 results on a top of 12.
    assert neuberg(4, 3, 7) / top(7) * 100 == neuberg_percentage(100, 3, 7)
    assert neuberg_percentage(50, 3, 7) == 50


@given(
    st.lists(
        st.integers(min_value=-20, max_value=20).map(lambda t: 10 * t), min_size=1, max_size=12
    ),
    st.integers(min_value=0, max_value=10),
)
def test_law78A_neuberg_keeps_the_average_at_half_the_top(scores: list[int], missing: int) -> None:
    n = len(scores)
    expected = n + missing
    factored = [neuberg(mp, n, expected) for mp in matchpoints(scores)]
    assert sum(factored) == n * (expected - 1)


# --- Law 78C ------------------------------------------------------------------------------


def test_law78C_total_points_is_the_net_total() -> None:
    assert total_points([420, -50, 100, -1100]) == -630
    assert total_points([]) == 0


# --- One board with adjusted scores -------------------------------------------------------


def test_law78_board_without_adjustments_is_plain_78A() -> None:
    board = matchpoint_board(T_78_3)
    assert board.top == 8
    assert board.ns == exact(5, 5, 8, 0, 2)
    assert board.ew == exact(3, 3, 0, 8, 6)


def test_law78A_artificial_score_is_not_compared_and_the_rest_are_neubergd() -> None:
    # Errata A-1: the artificial table is left out; the 5 results are compared among
    # themselves (5, 5, 8, 0, 2 on top 8), then factored to 6 results on top 10.
    scores: list[Score] = [420, 420, Artificial(Fault.NONE, Fault.DIRECTLY), 450, -50, 170]
    board = matchpoint_board(scores)
    assert board.top == 10
    assert board.ns == (F(31, 5), F(31, 5), None, F(49, 5), F(1, 5), F(13, 5))
    assert board.ew == (F(19, 5), F(19, 5), None, F(1, 5), F(49, 5), F(37, 5))


def test_law78A_artificial_score_without_factoring_keeps_the_smaller_top() -> None:
    scores: list[Score] = [420, 420, Artificial(Fault.PARTLY, Fault.PARTLY), 450, -50, 170]
    board = matchpoint_board(scores, conditions=MatchpointConditions(factoring="none"))
    assert board.top == 8
    assert board.ns == exact(5, 5, None, 8, 0, 2)


def test_law78A_board_played_fewer_times_than_expected() -> None:
    board = matchpoint_board([420, 170, -50], expected=4)
    assert board.top == 6
    assert board.ns == (F(17, 3), F(3), F(1, 3))  # (M + 1) * 4/3 - 1 for M = 4, 2, 0


def test_law78A_every_table_artificial() -> None:
    board = matchpoint_board([Artificial(Fault.NONE, Fault.NONE)] * 2)
    assert board.ns == (None, None)
    assert board.top == 2


def test_law78A_more_results_than_expected_is_refused() -> None:
    with pytest.raises(ValueError):
        matchpoint_board([420, 170, -50], expected=2)


def weighted_4s() -> Weighted:
    # 12C1(c): 60 % of 4S made (+420) and 40 % of 4S-1 (-50).
    return Weighted((Outcome(420, F(3, 5)), Outcome(-50, F(2, 5))))


def test_law78A_weighted_score_t12_6_with_a_complete_field() -> None:
    # T-12.6 made self-contained (errata C-9): against this field +420 earns 7/10 and
    # -50 earns 2/10, so the weighted score earns 0.6 x 7 + 0.4 x 2 = 5.0.
    board = matchpoint_board([weighted_4s(), 450, 420, 170, 100, -100])
    assert board.top == 10
    assert board.ns == exact(5, 10, F(37, 5), F(24, 5), F(14, 5), 0)
    assert sum(mp for mp in board.ns if mp is not None) == 6 * 5  # n(n-1) units
    assert all(
        n + e == 10
        for n, e in zip(board.ns, board.ew, strict=True)
        if n is not None and e is not None
    )


def test_law78A_weighted_score_in_half_units() -> None:
    conditions = MatchpointConditions(convention="1/0.5")
    board = matchpoint_board([weighted_4s(), 450, 420, 170, 100, -100], conditions=conditions)
    assert board.top == 5
    assert board.ns[0] == F(5, 2)


def test_law78A_split_score_each_direction_compared_on_its_own_score() -> None:
    # Errata B-3 default: NS compared on +420, EW on -50 (both in NS points).
    board = matchpoint_board([Split(ns=420, ew=-50), 450, 170, -50])
    assert board.ns == exact(4, 6, 2, 0)
    assert board.ew == exact(5, 0, 2, 5)
    assert sum(mp for mp in board.ew if mp is not None) == 12


def test_law78A_split_score_with_a_weighted_side() -> None:
    board = matchpoint_board([Split(ns=weighted_4s(), ew=420), 450, 170, -50])
    assert board.ns[0] == F(3, 5) * 4 + F(2, 5) * 1
    assert board.ew[0] == 2  # EW at +420 NS: beat only the EW at +450
    assert sum(mp for mp in board.ns if mp is not None) == 12


@given(
    st.lists(
        st.integers(min_value=-20, max_value=20).map(lambda t: 10 * t), min_size=1, max_size=8
    ),
    st.integers(min_value=-20, max_value=20).map(lambda t: 10 * t),
    st.integers(min_value=-20, max_value=20).map(lambda t: 10 * t),
    st.integers(min_value=1, max_value=9),
)
def test_law78A_weighted_board_totals_n_times_n_minus_1(
    scores: list[int], first: int, second: int, tenths: int
) -> None:
    weighted = Weighted((Outcome(first, F(tenths, 10)), Outcome(second, F(10 - tenths, 10))))
    board = matchpoint_board([weighted, *scores])
    n = len(scores) + 1
    assert sum(mp for mp in board.ns if mp is not None) == n * (n - 1)
    assert sum(mp for mp in board.ew if mp is not None) == n * (n - 1)
