"""NumPy kernels for scoring a whole field: integer arrays in, integer arrays out.

Every kernel works on *rows*: one row per score that takes part in the comparisons of a
board (a table result, an assigned score, or one outcome of a weighted score), with the
board's index, the score in North-South points and an integer weight (a plain result
weighs ``scale``; an outcome of a weighted score weighs its weight times ``scale``). The
exact values are recovered by the caller as fractions over ``scale`` (or ``scale**2``),
so nothing here rounds.

Grouping is by distinct score per board: one sort of the combined key (board, score)
gives each distinct score its weighted count and the weight of the scores below it, from
which every row's matchpoints follow in O(n log n) (Law 78A), and the cross-IMPs of each
distinct score follow from the d x d table of the board's d distinct scores (Law 78B).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from dupbridge.scoring.imps import IMP_LOWER_BOUNDS

IntArray = npt.NDArray[np.int64]

# Law 78B (scoring.imps, S1's scale): the smallest difference worth 1, 2, ..., 24 IMPs.
# A difference d is worth the number of lower bounds not above |d| (searchsorted, side
# "right"), which is S1's default gap policy "lower-bound" (45 -> 1 IMP like 40).
IMP_LOWER: IntArray = np.array(IMP_LOWER_BOUNDS, dtype=np.int64)

# Scores of Law 77 lie inside +-8000; counted in 1/points of a point (a raw weighted mean,
# field_rows) they stay inside +-2**28, and the combined sort key packs the board above.
_SCORE_OFFSET = 1 << 28
_SCORE_SPAN = 1 << 29


def imps_array(differences: IntArray, lower: IntArray = IMP_LOWER) -> IntArray:
    """Law 78B over an array of point differences, the sign kept."""
    magnitude = np.searchsorted(lower, np.abs(differences), side="right").astype(np.int64)
    return np.where(differences < 0, -magnitude, magnitude)


@dataclass(frozen=True, slots=True)
class Distinct:
    """The distinct scores of every board, sorted by (board, score), with their weights."""

    board: IntArray  # board index of each distinct score
    score: IntArray
    weight: IntArray  # total weight of the rows holding this score
    below: IntArray  # total weight of the lower scores on the same board
    row_to_distinct: IntArray  # for each row, the index of its distinct score
    board_start: IntArray  # index of each board's first distinct score (boards 0..B-1), +end


def group_by_distinct_score(
    board: IntArray, score: IntArray, weight: IntArray | None, boards: int
) -> Distinct:
    """One sort of (board, score): the distinct scores per board with their weights."""
    if np.any(np.abs(score) >= _SCORE_OFFSET):
        raise ValueError(
            "a score outside +-2**28 units cannot come from Law 77 (a weighted score with "
            "weights of too fine a denominator, in raw arithmetic?)"
        )
    key = board * _SCORE_SPAN + (score + _SCORE_OFFSET)
    # np.unique(return_inverse=True) by hand: one unstable sort is enough here
    order = np.argsort(key)
    ordered = key[order]
    new = np.empty(len(ordered), dtype=bool)
    new[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    starts = np.flatnonzero(new)
    unique = ordered[starts]
    inverse = np.empty(len(key), dtype=np.int64)
    inverse[order] = np.cumsum(new) - 1
    counts = np.diff(np.append(starts, len(ordered)))
    if weight is None:
        totals = counts.astype(np.int64)
    else:
        totals = np.zeros(len(unique), dtype=np.int64)
        np.add.at(totals, inverse, weight)
    distinct_board = unique // _SCORE_SPAN
    board_start = np.searchsorted(distinct_board, np.arange(boards + 1), side="left")
    cumulative = np.concatenate(([0], np.cumsum(totals)))
    # weight below = weight before this distinct score minus weight before its board
    below = cumulative[:-1] - cumulative[board_start[distinct_board]]
    return Distinct(
        board=distinct_board,
        score=unique % _SCORE_SPAN - _SCORE_OFFSET,
        weight=totals,
        below=below.astype(np.int64),
        row_to_distinct=inverse,
        board_start=board_start.astype(np.int64),
    )


def matchpoint_units(distinct: Distinct, weight: IntArray | None, scale: int) -> IntArray:
    """Law 78A for each row, in units of 1/scale**2 of a 2/1 matchpoint, own table included.

    A row of weight w holding a score with weight W_below under it and W_equal at it earns
    w * (2 * W_below + W_equal). Summed over the rows of one table this counts the table
    against itself exactly scale**2 times (for a weighted score the cross terms of its own
    outcomes pair up to 2 per unordered pair, 1 on the diagonal: (sum of weights)**2), so
    the caller subtracts scale**2 once per table to get the 78A comparison with the others.
    """
    per_distinct = 2 * distinct.below + distinct.weight
    values = per_distinct[distinct.row_to_distinct]
    if weight is None:
        return values * scale
    return values * weight


def cross_imp_sums(distinct: Distinct, lower: IntArray = IMP_LOWER) -> IntArray:
    """For each distinct score, the sum over the board's scores of weight x IMPs(difference).

    O(d**2) per board for its d distinct scores. The own table needs no correction: its
    own score differs from itself by 0 IMPs, and the outcomes of a weighted score cancel
    in pairs (IMPs are odd in the difference).
    """
    sums = np.zeros(len(distinct.score), dtype=np.int64)
    starts = distinct.board_start
    for b in range(len(starts) - 1):
        lo, hi = int(starts[b]), int(starts[b + 1])
        if hi - lo < 2:
            continue
        scores = distinct.score[lo:hi]
        table = imps_array(scores[:, None] - scores[None, :], lower)
        sums[lo:hi] = table @ distinct.weight[lo:hi]
    return sums


def per_table(values: IntArray, table: IntArray | None, tables: int) -> IntArray:
    """Sum row values per table (a table has several rows only for a weighted score)."""
    if table is None:
        return values
    out = np.zeros(tables, dtype=np.int64)
    np.add.at(out, table, values)
    return out


def board_datums(
    distinct: Distinct, drop: IntArray, round_to: int, half: str
) -> IntArray:
    """The Butler datum of each board: the mean of its scores after dropping ``drop[b]``
    scores at each end, rounded to a multiple of ``round_to`` with the ``half`` rule
    ("half-up" toward +inf, "half-away" from zero, "half-even"; as scoring.butler).
    Plain weights only (1 per row)."""
    boards = len(distinct.board_start) - 1
    datum = np.zeros(boards, dtype=np.int64)
    for b in range(boards):
        lo, hi = int(distinct.board_start[b]), int(distinct.board_start[b + 1])
        if hi == lo:
            continue
        scores = np.repeat(distinct.score[lo:hi], distinct.weight[lo:hi])
        k = int(drop[b])
        kept = scores[k : len(scores) - k] if len(scores) > 2 * k else scores
        datum[b] = round_quotient(int(kept.sum()), len(kept) * round_to, half) * round_to
    return datum


def round_quotient(numerator: int, denominator: int, half: str) -> int:
    """numerator / denominator rounded to an integer, exactly, with the chosen half rule."""
    quotient, remainder = divmod(numerator, denominator)
    twice = 2 * remainder
    if twice < denominator:
        return quotient
    if twice > denominator:
        return quotient + 1
    if half == "half-up":
        return quotient + 1
    if half == "half-away":
        return quotient + 1 if numerator > 0 else quotient
    if half == "half-even":
        return quotient + (quotient & 1)
    raise ValueError(f"unknown half-rounding rule {half!r}")
