"""Law 78D: the WBF 2013 continuous 20-point VP scale, with its concavity correction
(formats facts §4.6; issue 5 "Exact facts")."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.registry import implementations
from dupbridge.scoring import FractionalMargin, wbf_vp, wbf_vp_table
from dupbridge.scoring.vp import _continuous_vp, blitz_margin

ANCHORS = [
    # (boards, margin, winner's VPs): the WBF tables, issue 5 and facts §4.6.
    (16, 1, "10.31"),
    (16, 10, "12.80"),
    (16, 14, "13.75"),  # naive rounding gives 13.74: the correction is needed
    (16, 30, "16.73"),
    (16, 60, "20.00"),
    (16, 61, "20.00"),
    (16, 200, "20.00"),
    (8, 1, "10.44"),
    (8, 40, "19.74"),  # naive rounding gives 19.73
    (32, 1, "10.22"),
]


@pytest.mark.parametrize(("boards", "margin", "winner"), ANCHORS)
def test_law78D_wbf_vp_equals_the_wbf_tables(boards: int, margin: int, winner: str) -> None:
    assert wbf_vp(margin, boards) == (Decimal(winner), Decimal(20) - Decimal(winner))


def naive(boards: int) -> list[Decimal]:
    blitz = blitz_margin(boards)
    return [
        _continuous_vp(i, blitz).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        for i in range(len(wbf_vp_table(boards)))
    ]


@pytest.mark.parametrize(("boards", "corrected"), [(16, [14, 27, 38, 46, 49, 55, 59]), (8, [40])])
def test_law78D_concavity_correction_changes_exactly_the_published_points(
    boards: int, corrected: list[int]
) -> None:
    # facts §4.6: naive rounding differs from the WBF table at these margins, by 0.01.
    table, rounded = wbf_vp_table(boards), naive(boards)
    assert [i for i, (a, b) in enumerate(zip(table, rounded, strict=True)) if a != b] == corrected
    assert all(table[i] - rounded[i] == Decimal("0.01") for i in corrected)


def test_law78D_wbf_vp_table_runs_from_the_draw_to_the_blitz() -> None:
    table = wbf_vp_table(16)
    assert len(table) == 61  # X = 15 * sqrt(16) = 60
    assert table[0] == Decimal("10.00") and table[-1] == Decimal("20.00")
    assert len(wbf_vp_table(8)) == 44  # X = 42.43: margins 0..43


def test_law78D_equal_steps_are_kept() -> None:
    # The published 16-board table has equal steps (16.58, 16.73, 16.88): only a rise is
    # corrected, not a flat second difference.
    table = wbf_vp_table(16)
    assert table[29:32] == (Decimal("16.58"), Decimal("16.73"), Decimal("16.88"))


def test_law78D_draw_and_mirror() -> None:
    assert wbf_vp(0, 16) == (Decimal("10.00"), Decimal("10.00"))
    assert wbf_vp(-10, 16) == (Decimal("7.20"), Decimal("12.80"))
    assert wbf_vp(-100, 16) == (Decimal("0.00"), Decimal("20.00"))


def test_law78D_no_match_without_boards() -> None:
    with pytest.raises(ValueError, match="at least one board"):
        wbf_vp(3, 0)


def test_law78D_wbf_vp_is_registered_for_both_editions() -> None:
    for edition in Edition:
        functions = [r.function for r in implementations(LawRef(edition, "78D"))]
        assert "dupbridge.scoring.vp.wbf_vp" in functions


@given(st.integers(min_value=1, max_value=120))
def test_law78D_series_increasing_and_concave(boards: int) -> None:
    table = wbf_vp_table(boards)
    steps = [b - a for a, b in pairwise(table)]
    # Increasing until 20.00 (rounding may reach 20.00 one margin before the blitz).
    first_max = table.index(Decimal("20.00"))
    assert all(step > 0 for step in steps[:first_max])
    assert all(later <= earlier for earlier, later in pairwise(steps))
    assert all(v == v.quantize(Decimal("0.01")) for v in table)


@given(st.integers(min_value=-300, max_value=300), st.integers(min_value=1, max_value=64))
def test_law78D_winner_and_loser_sum_to_20_and_mirror(margin: int, boards: int) -> None:
    mine, theirs = wbf_vp(margin, boards)
    assert mine + theirs == Decimal("20.00")
    assert wbf_vp(-margin, boards) == (theirs, mine)
    assert (mine >= theirs) == (margin >= 0)


def test_law78D_fractional_margin_is_interpolated_by_default() -> None:
    # 12C4 averaging can leave a match at 1.5 IMPs: halfway between 10.31 and 10.61.
    assert wbf_vp(Fraction(3, 2), 16) == (Decimal("10.46"), Decimal("9.54"))
    assert wbf_vp(Fraction(-3, 2), 16) == (Decimal("9.54"), Decimal("10.46"))
    assert wbf_vp(Fraction(121, 2), 16) == (Decimal("20.00"), Decimal("0.00"))
    assert wbf_vp(Fraction(14), 16) == wbf_vp(14, 16)


def test_law78D_fractional_margin_may_be_rounded_instead() -> None:
    rounding = FractionalMargin.ROUND_MARGIN
    assert wbf_vp(Fraction(3, 2), 16, rounding) == wbf_vp(2, 16)
    assert wbf_vp(Fraction(5, 4), 16, rounding) == wbf_vp(1, 16)


@given(
    st.fractions(min_value=0, max_value=70, max_denominator=4),
    st.fractions(min_value=0, max_value=70, max_denominator=4),
)
def test_law78D_interpolated_scale_stays_monotonic(first: Fraction, second: Fraction) -> None:
    low, high = sorted((first, second))
    assert wbf_vp(low, 16)[0] <= wbf_vp(high, 16)[0]
