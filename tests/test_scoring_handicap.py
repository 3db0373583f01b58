"""Handicap pairs: the handicap ranking beside the scratch one, in percentage points or
in matchpoints per board. Figures worked by hand."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from dupbridge.scoring import FieldScore, score_pairs
from dupbridge.scoring.handicap import Handicap, handicap_ranking, handicapped_percentage
from dupbridge.scoring.results import BoardResult


def _field() -> FieldScore:
    # board 1 NS 420 450 400, board 2 NS -100 110 140 (top 4 on each)
    return score_pairs([BoardResult(1, "1", "2", 420), BoardResult(1, "3", "4", 450),
                        BoardResult(1, "5", "6", 400), BoardResult(2, "1", "4", -100),
                        BoardResult(2, "3", "6", 110), BoardResult(2, "5", "2", 140)])


def test_percentage_points_are_added_to_the_scratch_percentage() -> None:
    field = _field()
    # scratch: 1 2/8 = 25, 2 25, 3 75, 4 50, 5 50, 6 75
    handicaps = {"1": Handicap(F(30)), "2": Handicap(F(10)), "3": Handicap(F(-10)),
                 "4": Handicap(F(0)), "5": Handicap(F(5))}  # 6 plays off scratch
    lines = handicap_ranking(field.pairs, handicaps)
    assert [(h.place, h.pair, h.scratch, h.handicapped) for h in lines] == [
        ("1", "6", 75, 75), ("2", "3", 75, 65), ("3=", "1", 25, 55), ("3=", "5", 50, 55),
        ("5", "4", 50, 50), ("6", "2", 25, 35)]
    assert lines[0].handicap == Handicap(F(0), "percent")


def test_matchpoints_per_board_are_added_to_the_total() -> None:
    field = _field()
    pair_1 = field.pairs["1"]
    assert handicapped_percentage(pair_1, Handicap(F(1), "mp-per-board")) == 50  # (2+2)/8
    lines = handicap_ranking(field.pairs, {"1": Handicap(F(1), "mp-per-board"),
                                     "3": Handicap(F(-1, 2), "mp-per-board")})
    assert [(h.place, h.pair, h.handicapped) for h in lines] == [
        ("1", "6", 75), ("2", "3", F(125, 2)), ("3=", "1", 50), ("3=", "4", 50),
        ("3=", "5", 50), ("6", "2", 25)]


def test_unknown_pair_mixed_units_and_bad_unit_are_refused() -> None:
    field = _field()
    with pytest.raises(ValueError, match="not in the field"):
        handicap_ranking(field.pairs, {"9": Handicap(F(3))})
    with pytest.raises(ValueError, match="one unit"):
        handicap_ranking(field.pairs, {"1": Handicap(F(3)), "2": Handicap(F(1), "mp-per-board")})
    with pytest.raises(ValueError, match="percent or mp-per-board"):
        Handicap(F(1), "imps")  # type: ignore[arg-type]
