"""From a table of results (one ``BoardResult`` per table and board) to the integer rows the
field kernels work on, one set of rows per direction.

An artificial adjusted score is not a result for Law 78A (spec errata A-1): its table gives
no row, and the board's other results are compared among themselves. An assigned score
replaces the table result (12C1(a)) and is a plain row. A weighted score (12C1(c)) stands
in with each outcome at its weight (errata B-3), or, when the Regulating Authority's
arithmetic is "raw" (spec Q3), as one row holding the weighted mean of its points, in
units of ``1/points`` of a point so the rows stay integers. A split score gives
North-South's row from its North-South score and East-West's row from its East-West
score (errata B-3 default). A mixed score (an artificial score for one side, an assigned
one for the other, 12C1(d)) gives a row to the assigned side's direction only.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from dupbridge.scoring.field_kernels import IntArray
from dupbridge.scoring.law12_adjusted import Origin
from dupbridge.scoring.results import Artificial, BoardResult, Mixed, Score, Split, Weighted


@dataclass(frozen=True, slots=True, eq=False)
class Rows:
    """The scores one direction is compared on: row -> board index, table index, score,
    weight (``None`` when every row is a plain result of weight ``scale``)."""

    board: IntArray
    table: IntArray | None  # None: row i is table i (no weighted score in the field)
    score: IntArray
    weight: IntArray | None
    plain: IntArray  # bool mask: rows of plain results (table results and assigned scores)


@dataclass(frozen=True, slots=True, eq=False)
class Field:
    """A field of results ready for the kernels."""

    results: tuple[BoardResult, ...]
    board_numbers: tuple[int, ...]  # board index -> board number
    table_board: IntArray  # table (= result) index -> board index
    played: IntArray  # table index -> True unless its score is artificial
    scale: int  # lcm of the weights' denominators (1 without weighted scores)
    ns: Rows
    ew: Rows  # the same object as ``ns`` unless a split score is present
    artificial: dict[int, Artificial]  # table index -> the artificial score of that table
    points: int = 1  # rows' scores are in 1/points of a point (raw weighted means)
    # table index -> True when North-South are the artificial side of a mixed score (its
    # other side has a result, the assigned score; such a table is in ``artificial`` too)
    mixed: dict[int, bool] = field(default_factory=dict)

    @property
    def boards(self) -> int:
        return len(self.board_numbers)

    def results_per_board(self) -> IntArray:
        """Tables listed on each board (artificial ones included)."""
        return np.bincount(self.table_board, minlength=self.boards).astype(np.int64)

    def played_per_board(self, north_south: bool | None = None) -> IntArray:
        """Results actually obtained on each board (artificial scores left out, 78A); with
        ``north_south`` given, those of that direction (a mixed score's assigned side
        counts in its own direction only)."""
        counts = np.bincount(
            self.table_board, weights=self.played, minlength=self.boards
        ).astype(np.int64)
        if north_south is None or not self.mixed:
            return counts
        assigned = [t for t, ns in self.mixed.items() if ns is not north_south]
        return counts + np.bincount(self.table_board[assigned],
                                    minlength=self.boards).astype(np.int64)

    def has_result(self, t: int, north_south: bool) -> bool:
        """Whether the side sitting in that direction at table ``t`` has a result (a
        table result or an assigned score) rather than an artificial score."""
        if t in self.mixed:
            return self.mixed[t] is not north_south
        return bool(self.played[t])

    def artificial_side(self, t: int, north_south: bool) -> bool:
        """Whether that side of table ``t`` is scored artificially (12C2)."""
        return t in self.artificial and not self.has_result(t, north_south)


def table_origin(result: BoardResult) -> Origin:
    """Where a table's score comes from, for the 12C2(c) "other boards" options."""
    if isinstance(result.score, Artificial):
        return Origin.ARTIFICIAL
    if result.assigned or isinstance(result.score, (Weighted, Split, Mixed)):
        return Origin.ASSIGNED
    return Origin.TABLE


def build_field(results: Iterable[BoardResult], raw: bool = False) -> Field:
    """Collect the results into per-direction integer rows; ``raw``: a weighted score is
    one row at the weighted mean of its points (12C1(c) "raw" arithmetic)."""
    table = tuple(results)
    numbers = tuple(sorted({r.board for r in table}))
    index = {number: i for i, number in enumerate(numbers)}
    table_board = np.fromiter((index[r.board] for r in table), dtype=np.int64, count=len(table))
    # one pass: the plain table results (the bulk) stay on the fast path
    adjusted = [i for i, r in enumerate(table) if type(r.score) is not int]
    if not adjusted:
        scores = np.fromiter((r.score for r in table), dtype=np.int64, count=len(table))
        rows = Rows(table_board, None, scores, None, np.ones(len(table), dtype=bool))
        return Field(table, numbers, table_board, np.ones(len(table), dtype=bool), 1,
                     rows, rows, {})
    artificial = {i: s for i in adjusted if isinstance(s := table[i].score, Artificial)}
    mixed = {i: s.artificial_ns for i in adjusted if isinstance(s := table[i].score, Mixed)}
    denominators = _scale([table[i] for i in adjusted])
    scale, points = (1, denominators) if raw else (denominators, 1)
    split = any(isinstance(table[i].score, (Split, Mixed)) for i in adjusted)
    played = np.ones(len(table), dtype=bool)
    played[list(artificial)] = False
    played[list(mixed)] = False  # a result in one direction only: see played_per_board
    for i in mixed:
        score = table[i].score
        assert isinstance(score, Mixed)
        artificial[i] = score.artificial()
    ns = _rows([r.ns_score() for r in table], table_board, scale, points, raw)
    ew = _rows([r.ew_score() for r in table], table_board, scale, points, raw) if split else ns
    return Field(table, numbers, table_board, played, scale, ns, ew, artificial, points, mixed)


def field_from_arrays(boards: IntArray, scores: IntArray) -> Field:
    """A field of plain table results given as arrays (board number and North-South
    points per table), for the array entry points: no contestants, no adjusted scores."""
    numbers, table_board = np.unique(boards, return_inverse=True)
    table_board = table_board.astype(np.int64).reshape(-1)
    points = np.asarray(scores, dtype=np.int64)
    rows = Rows(table_board, None, points, None, np.ones(len(points), dtype=bool))
    played = np.ones(len(points), dtype=bool)
    board_numbers = tuple(int(b) for b in numbers)
    return Field((), board_numbers, table_board, played, 1, rows, rows, {})


def _scale(table: Sequence[BoardResult]) -> int:
    """The least common multiple of every weight's denominator: weights become integers."""
    scale = 1
    for result in table:
        for score in (result.ns_score(), result.ew_score()):
            if isinstance(score, Weighted):
                for outcome in score.outcomes:
                    scale = math.lcm(scale, outcome.weight.denominator)
    return scale


def _rows(
    scores: Sequence[Score], table_board: IntArray, scale: int, points: int, raw: bool
) -> Rows:
    """One direction's rows; in ``raw`` arithmetic a weighted score is one row at its mean
    (a multiple of ``1/points``), and every score is counted in ``1/points``."""
    boards: list[int] = []
    tables: list[int] = []
    points_of: list[int] = []
    weights: list[int] = []
    plain: list[bool] = []
    for t, score in enumerate(scores):
        if isinstance(score, Artificial):
            continue  # no result on this table: not compared (78A, errata A-1)
        if isinstance(score, Weighted) and raw:
            mean = sum((o.weight * o.score for o in score.outcomes), Fraction(0))
            boards.append(int(table_board[t]))
            tables.append(t)
            points_of.append(int(mean * points))
            weights.append(scale)
            plain.append(False)  # not a plain result: kept out of a Butler datum
        elif isinstance(score, Weighted):
            for outcome in score.outcomes:
                boards.append(int(table_board[t]))
                tables.append(t)
                points_of.append(outcome.score)
                weights.append(int(outcome.weight * scale))
                plain.append(False)
        elif isinstance(score, int):
            boards.append(int(table_board[t]))
            tables.append(t)
            points_of.append(score * points)
            weights.append(scale)
            plain.append(True)
        else:
            raise TypeError(f"a direction's score cannot be {score!r}")
    return Rows(
        np.array(boards, dtype=np.int64),
        np.array(tables, dtype=np.int64),
        np.array(points_of, dtype=np.int64),
        np.array(weights, dtype=np.int64),
        np.array(plain, dtype=bool),
    )
