"""Law 78B: the IMP scale, its boundaries (spec T-78.1, T-78.2, formats facts §4.4) and the
policy for differences between its bands (spec Q4)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dupbridge.scoring import IMP_LOWER_BOUNDS, IMP_UPPER_BOUNDS, imps

# T-78.1 (seed): every band edge of the 78B table.
T_78_1 = [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3), (130, 4),
    (160, 4), (170, 5), (210, 5), (220, 6), (260, 6), (270, 7), (310, 7), (320, 8),
    (360, 8), (370, 9), (420, 9), (430, 10), (490, 10), (500, 11), (590, 11), (600, 12),
    (740, 12), (750, 13), (890, 13), (900, 14), (1090, 14), (1100, 15), (1290, 15),
    (1300, 16), (1490, 16), (1500, 17), (1740, 17), (1750, 18), (1990, 18), (2000, 19),
    (2240, 19), (2250, 20), (2490, 20), (2500, 21), (2990, 21), (3000, 22), (3490, 22),
    (3500, 23), (3990, 23), (4000, 24), (7600, 24),
]  # fmt: skip


@pytest.mark.parametrize(("difference", "expected"), T_78_1)
def test_law78B_every_band_edge(difference: int, expected: int) -> None:
    assert imps(difference) == expected


@pytest.mark.parametrize(("difference", "expected"), T_78_1)
def test_law78B_sign_is_kept(difference: int, expected: int) -> None:
    assert imps(-difference) == -expected


def test_law78B_t78_2_team_differences() -> None:
    # T-78.2: +620 at one table, -170 at the other -> 790 -> 13 IMPs; +420 vs +450 -> -1.
    assert imps(620 - (-170)) == 13
    assert imps(420 - 450) == -1


def test_law78B_2990_is_a_boundary() -> None:
    # The snippet that forgets 2990 scores 3000 and more one IMP short (formats facts §4.4).
    assert 2990 in IMP_UPPER_BOUNDS
    assert (imps(2990), imps(3000), imps(3500), imps(4000)) == (21, 22, 23, 24)


def test_law78B_2017_zero_to_ten_row() -> None:
    # 2017 prints 0-10 -> 0 explicitly; 2007 leaves it implicit: the same scale.
    assert [imps(d) for d in (0, 10, -10)] == [0, 0, 0]
    assert IMP_UPPER_BOUNDS[0] == 10


def test_law78B_the_bounds_tuples_describe_the_same_bands() -> None:
    assert len(IMP_UPPER_BOUNDS) == len(IMP_LOWER_BOUNDS) == 24
    assert all(
        lower == upper + 10 for upper, lower in zip(IMP_UPPER_BOUNDS, IMP_LOWER_BOUNDS, strict=True)
    )


def test_law78B_searchsorted_on_the_public_bounds_agrees_with_imps() -> None:
    # The formulation vectorised code uses (np.searchsorted == bisect on the same tuple).
    for difference in range(0, 5001):
        if difference % 10 == 0:
            assert bisect_left(IMP_UPPER_BOUNDS, difference) == imps(difference)
        assert bisect_right(IMP_LOWER_BOUNDS, difference) == imps(difference)
        assert bisect_left(IMP_UPPER_BOUNDS, difference) == imps(difference, gaps="upper-bound")


def test_law78B_gap_policy_default_reaches_the_lower_bound() -> None:
    # Q4: 45 lies between 20-40 (1) and 50-80 (2); the default takes the band reached.
    assert imps(45) == 1
    assert imps(-45) == -1
    assert imps(Fraction(99, 2)) == 1  # 49.5
    assert imps(15) == 0


def test_law78B_gap_policy_upper_bound_and_round_to_10() -> None:
    assert imps(45, gaps="upper-bound") == 2
    assert imps(41, gaps="upper-bound") == 2
    assert imps(44, gaps="round-to-10") == 1
    assert imps(45, gaps="round-to-10") == 2
    assert imps(-45, gaps="round-to-10") == -2
    assert imps(Fraction(2995), gaps="round-to-10") == 22


def test_law78B_unknown_gap_policy_is_refused() -> None:
    with pytest.raises(ValueError):
        imps(45, gaps="nearest")  # type: ignore[arg-type]


@given(st.integers(min_value=-8000, max_value=8000))
def test_law78B_odd_and_monotone(points: int) -> None:
    assert imps(-points) == -imps(points)
    assert imps(points) <= imps(points + 10)
    assert -24 <= imps(points) <= 24


@given(st.integers(min_value=-800, max_value=800))
def test_law78B_policies_agree_on_multiples_of_10(tens: int) -> None:
    points = 10 * tens
    assert imps(points) == imps(points, gaps="upper-bound") == imps(points, gaps="round-to-10")
