"""Butler and cross-IMP pairs scoring, converted by the Law 78B scale (formats facts §4.5)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dupbridge.scoring import butler, butler_datum, cross_imps, imps
from dupbridge.scoring.butler import extremes_dropped, round_to_10

BOARD_1 = [-140, -140, 50, 100, -420, 50, 50]
BOARD_2 = [-110, 50, 90, -200, 50, 50, -100]


def test_law78B_butler_real_club_board_1() -> None:
    # Dropping +100 and -420: mean -26 -> datum -30.
    datum, ns_imps = butler(BOARD_1, drop=1)
    assert datum == -30
    assert ns_imps == [-3, -3, 2, 4, -9, 2, 2]


def test_law78B_butler_real_club_board_2() -> None:
    datum, ns_imps = butler(BOARD_2, drop=1)
    assert datum == -10
    assert ns_imps == [-3, 2, 3, -5, 2, 2, -3]


def test_law78B_butler_auto_drop_is_bridge_scorers_rule() -> None:
    # ceil((n - 10)/15) + 1 at each end when n > 3.
    assert [extremes_dropped(n, "auto") for n in (2, 3, 4, 7, 10, 11, 25, 26, 40, 41)] == [
        0, 0, 1, 1, 1, 2, 2, 3, 3, 4,
    ]  # fmt: skip
    assert butler(BOARD_1, drop="auto") == butler(BOARD_1, drop=1)


def test_law78B_butler_without_dropping_is_the_mean_of_all() -> None:
    # PBN "Butler": mean of all seven scores = -450/7 = -64.29 -> -60.
    assert butler_datum(BOARD_1) == -60
    assert butler_datum(BOARD_1, rounding=None) == F(-450, 7)


@pytest.mark.parametrize(
    ("rounding", "datum"), [("half-away", -30), ("half-up", -20), ("half-even", -20)]
)
def test_law78B_butler_half_datum_rounding(rounding: str, datum: int) -> None:
    # A mean of exactly -25 (formats facts §4.5).
    assert butler_datum([-50, 0], rounding=rounding) == datum  # type: ignore[arg-type]


def test_law78B_butler_half_rounding_of_positive_and_even_halves() -> None:
    assert round_to_10(F(25), "half-away") == 30
    assert round_to_10(F(25), "half-up") == 30
    assert round_to_10(F(25), "half-even") == 20
    assert round_to_10(F(-35), "half-even") == -40
    assert round_to_10(F(-26), "half-up") == -30


def test_law78B_butler_exact_datum_uses_the_gap_policy() -> None:
    # Unrounded datum -26: +100 is 126 above it, between 90-120 (3) and 130-160 (4).
    datum, ns_imps = butler(BOARD_1, drop=1, rounding=None)
    assert datum == -26
    assert ns_imps == [-3, -3, 2, 3, -9, 2, 2]
    _, upper = butler(BOARD_1, drop=1, rounding=None, gaps="upper-bound")
    assert upper == [-3, -3, 2, 4, -9, 2, 2]


def test_law78B_butler_refuses_to_drop_every_score() -> None:
    with pytest.raises(ValueError):
        butler([420, 170], drop=1)
    with pytest.raises(ValueError):
        butler([420, 170], drop=-1)


def test_law78B_cross_imps_divisors_cross1_cross2() -> None:
    scores = [420, 450, -50]
    # 420: vs 450 -1, vs -50 +10 -> 9; 450: +1 +11 -> 12; -50: -10 -11 -> -21.
    assert cross_imps(scores, divide=None) == [9, 12, -21]
    assert cross_imps(scores) == [F(9, 2), 6, F(-21, 2)]  # Cross2: n - 1 comparisons
    assert cross_imps(scores, divide="comparisons") == cross_imps(scores)
    assert cross_imps(scores, divide="n") == [3, 4, -7]  # Cross1: n scores


def test_law78B_cross_imps_lone_score_and_bad_divisor() -> None:
    assert cross_imps([420]) == [0]
    with pytest.raises(ValueError):
        cross_imps([420, 170], divide="pairs")  # type: ignore[arg-type]


@given(st.lists(st.integers(min_value=-760, max_value=316).map(lambda t: 10 * t), max_size=20))
def test_law78B_cross_imps_are_antisymmetric(scores: list[int]) -> None:
    # Every comparison counts +x for one score and -x for the other.
    assert sum(cross_imps(scores, divide=None)) == 0
    east_west = cross_imps([-s for s in scores], divide=None)
    assert east_west == [-x for x in cross_imps(scores, divide=None)]
    for i, mine in enumerate(scores):
        for other in scores[i + 1 :]:
            assert imps(mine - other) == -imps(other - mine)
