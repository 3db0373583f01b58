"""Score a whole pairs field in one call: matchpoints (78A, with Neuberg), Butler or
cross-IMPs (78B), vectorised with NumPy.

The work is done on integer arrays (``field_kernels``); exact values (``Fraction``) are
only made when a value is read, so a field of hundreds of thousands of results is scored
in a fraction of a second. Team matches are in ``field_teams``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from dupbridge.core.registry import law
from dupbridge.scoring.butler import extremes_dropped
from dupbridge.scoring.field_checks import check_field
from dupbridge.scoring.field_config import PairsConfig, PairsMethod
from dupbridge.scoring.field_kernels import (
    IMP_LOWER,
    IntArray,
    board_datums,
    cross_imp_sums,
    group_by_distinct_score,
    imps_array,
    matchpoint_units,
    per_table,
)
from dupbridge.scoring.field_rows import (
    Field,
    Rows,
    build_field,
    field_from_arrays,
    table_origin,
)
from dupbridge.scoring.law12_adjusted import (
    AdjustedScoreError,
    Origin,
    SessionBoard,
    WeightedArithmetic,
    artificial_imps,
    artificial_percentage,
    artificial_values,
)
from dupbridge.scoring.law87_fouled_board import FouledBoardFinding, score_fouled_board
from dupbridge.scoring.results import Artificial, BoardResult, Score, Weighted


@dataclass(frozen=True, slots=True)
class PairTotal:
    """One pair's session: total, what was available (MP events), percentage."""

    pair: str
    boards: int
    total: Fraction
    available: Fraction | None  # sum of the tops of its boards (matchpoints only)

    @property
    def percentage(self) -> Fraction | None:
        if self.available is None or self.available == 0:
            return None
        return 100 * self.total / self.available


@dataclass(frozen=True, slots=True, eq=False)
class FieldScore:
    """Per-result values for North-South and East-West, kept as exact integer ratios
    (``ns_num / ns_den``), and per-pair totals."""

    method: PairsMethod
    results: tuple[BoardResult, ...]
    ns_num: IntArray
    ns_den: IntArray
    ew_num: IntArray
    ew_den: IntArray
    top_num: IntArray  # the board's top per result (matchpoints), else zeros
    top_den: IntArray
    pairs: dict[str, PairTotal]

    def ns(self, i: int) -> Fraction:
        """North-South's value on result ``i`` (matchpoints or IMPs)."""
        return Fraction(int(self.ns_num[i]), int(self.ns_den[i]))

    def ew(self, i: int) -> Fraction:
        return Fraction(int(self.ew_num[i]), int(self.ew_den[i]))

    def top(self, i: int) -> Fraction:
        return Fraction(int(self.top_num[i]), int(self.top_den[i]))

    def values(self) -> list[tuple[Fraction, Fraction]]:
        """(NS, EW) for every result, in input order."""
        return [(self.ns(i), self.ew(i)) for i in range(len(self.results))]


def score_pairs(
    results: Iterable[BoardResult],
    method: PairsMethod = "matchpoints",
    config: PairsConfig | None = None,
    fouled: Mapping[int, FouledBoardFinding] | None = None,
) -> FieldScore:
    """Score a pairs event from its table of results. Every weighted score is checked
    against the edition and the Regulating Authority's options first (12C1(c), 2007
    12C1(e)); the 12C1(c) arithmetic is ``config.law12.weighted_arithmetic``. A board of
    ``fouled`` is matchpointed in groups by the form each table played (87B)."""
    chosen = config or PairsConfig()
    table = tuple(results)
    check_field(table, chosen.edition, chosen.law12)
    scored = build_field(table, raw=chosen.law12.weighted_arithmetic is WeightedArithmetic.RAW)
    if fouled and method != "matchpoints":
        raise ValueError("87B: fouled boards are scored here in matchpoint groups; score "
                         f"a {method} field's fouled boards with score_fouled_board")
    if method == "matchpoints":
        return _matchpoints(scored, chosen, fouled or {})
    if method in ("butler", "cross-imps"):
        return _imp_pairs(scored, method, chosen)
    if method == "total-points":
        return _total_points(scored)
    raise ValueError(f"unknown pairs scoring method {method!r}")


def matchpoint_arrays(
    boards: IntArray, scores: IntArray, config: PairsConfig | None = None
) -> FieldMatchpoints:
    """78A (with Neuberg per ``config``) for a field of plain results given as arrays: per
    table, North-South's and East-West's 2/1 units as ``ns_num / den`` and ``ew_num / den``
    (the fast path of the benchmark; no contestants, no adjusted scores)."""
    return field_matchpoints(field_from_arrays(boards, scores), config or PairsConfig())


def cross_imp_arrays(
    boards: IntArray, scores: IntArray, config: PairsConfig | None = None
) -> tuple[IntArray, IntArray]:
    """Cross-IMPs (78B) for a field of plain results given as arrays: North-South's value
    per table as ``num / den`` (East-West's is its negation)."""
    scored = field_from_arrays(boards, scores)
    return _cross(scored, scored.ns, config or PairsConfig(), scored.played_per_board())


# Matchpoints


@dataclass(frozen=True, slots=True, eq=False)
class FieldMatchpoints:
    """Matchpoints per table in 2/1 units as num / den, and each board's top."""

    ns_num: IntArray
    ew_num: IntArray
    den: IntArray  # per table: North-South's (and East-West's without a mixed score)
    board_top: IntArray  # 2(N-1) or 2(n-1), per board
    ew_den: IntArray  # per table: East-West's


@law("78A", title="Matchpoints over a whole field, by distinct score per board")
def field_matchpoints(scored: Field, config: PairsConfig) -> FieldMatchpoints:
    """78A for every table of every board, Neuberg-factored where results are missing.
    A board with a mixed score (12C1(d)) has one result fewer in its artificial side's
    direction: that direction is factored to the other's count even without Neuberg, so
    that both directions are scored on the board's one top."""
    n = scored.played_per_board()
    n_ns, n_ew = (n, n) if not scored.mixed else (scored.played_per_board(True),
                                                   scored.played_per_board(False))
    expected = _expected(scored, config)
    square = scored.scale * scored.scale
    ns = _units(scored, scored.ns, square)
    ew_style = ns if scored.ew is scored.ns else _units(scored, scored.ew, square)
    board = scored.table_board
    # East-West beat a score where North-South lose to it: top minus the NS-style units.
    ew = 2 * (n_ew[board] - 1) * square - ew_style
    most = np.maximum(n_ns, n_ew)
    target = expected if config.neuberg else most
    factored_ns, factored_ew = n_ns < target, n_ew < target
    factored = factored_ns | factored_ew
    if not factored.any():
        top = 2 * np.maximum(most - 1, 0)
        den = np.full(len(board), square, np.int64)
        return FieldMatchpoints(ns, ew, den, top, den)
    big_n = target[board]
    # Neuberg (facts file §4.3), 2/1 units: M' = (M + 1) N / n - 1.
    ns_n, ew_n = n_ns[board], n_ew[board]
    ns = np.where(factored_ns[board], (ns + square) * big_n - ns_n * square, ns)
    ew = np.where(factored_ew[board], (ew + square) * big_n - ew_n * square, ew)
    ns_den = np.where(factored_ns[board], ns_n * square, square).astype(np.int64)
    ew_den = np.where(factored_ew[board], ew_n * square, square).astype(np.int64)
    top = np.where(factored, 2 * (target - 1), 2 * np.maximum(most - 1, 0))
    return FieldMatchpoints(ns, ew, ns_den, top.astype(np.int64), ew_den)


def _units(scored: Field, rows: Rows, square: int) -> IntArray:
    """NS-style 78A units of each table against the others on its board, times scale**2."""
    distinct = group_by_distinct_score(rows.board, rows.score, rows.weight, scored.boards)
    values = matchpoint_units(distinct, rows.weight, scored.scale)
    return per_table(values, rows.table, len(scored.results)) - square


def _expected(scored: Field, config: PairsConfig) -> IntArray:
    listed = scored.results_per_board()
    if config.expected is None:
        return np.full(scored.boards, int(listed.max(initial=0)), dtype=np.int64)
    if isinstance(config.expected, int):
        return np.full(scored.boards, config.expected, dtype=np.int64)
    mapping = config.expected
    return np.array([mapping[b] for b in scored.board_numbers], dtype=np.int64)


def _matchpoints(
    scored: Field, config: PairsConfig, fouled: Mapping[int, FouledBoardFinding]
) -> FieldScore:
    mp = field_matchpoints(scored, config)
    half = 2 if config.convention == "1/0.5" else 1
    count = len(scored.results)
    ns_num, ew_num = mp.ns_num.copy(), mp.ew_num.copy()
    ns_den, ew_den = mp.den * half, mp.ew_den * half
    top = mp.board_top[scored.table_board]
    top_den = np.full(count, half, dtype=np.int64)
    for board, finding in fouled.items():
        _fouled_board(scored, board, finding, (ns_num, ns_den, ew_num, ew_den), top, config)
    if scored.artificial:
        # 12C2(c): the percentage on the boards where the pair obtained a result first
        _award_artificial(scored, config, (ns_num, ns_den, ew_num, ew_den), top, half)
    pairs = _totals(scored, ns_num, ns_den, ew_num, ew_den, top, top_den)
    return FieldScore("matchpoints", scored.results, ns_num, ns_den, ew_num, ew_den,
                      top, top_den, pairs)


@law("87B", title="A fouled board of a whole field, matchpointed in groups")
def _fouled_board(
    scored: Field,
    board: int,
    finding: FouledBoardFinding,
    arrays: tuple[IntArray, IntArray, IntArray, IntArray],
    top: IntArray,
    config: PairsConfig,
) -> None:
    """Each table of the board gets its group's matchpoints and its group's top (87B);
    its artificial tables are then valued on that top by 12C2 like any other."""
    if finding.method.conditions.convention != config.convention:
        raise ValueError(f"board {board}: the fouled board's method uses the "
                         f"{finding.method.conditions.convention} convention, the field "
                         f"{config.convention}")
    tables = [t for t, r in enumerate(scored.results) if r.board == board]
    if not tables:
        raise ValueError(f"87B: board {board} is not in this field")
    ns_num, ns_den, ew_num, ew_den = arrays
    half = 2 if config.convention == "1/0.5" else 1
    groups = score_fouled_board([scored.results[t] for t in tables], finding.form_of,
                                finding.method).groups
    for group in groups:
        for position, ns, ew in zip(group.tables, group.ns, group.ew, strict=True):
            t = tables[position]
            top[t] = int(group.top * half)
            if t in scored.artificial:
                continue
            if ns is None or ew is None:
                raise ValueError(
                    f"board {board}: the group of one result at table {scored.results[t].ns} "
                    f"v {scored.results[t].ew} is to get an artificial adjusted score: "
                    "enter it as Artificial (87B, errata B-4)")
            ns_num[t], ns_den[t] = ns.numerator, ns.denominator
            ew_num[t], ew_den[t] = ew.numerator, ew.denominator


def _award_artificial(
    scored: Field,
    config: PairsConfig,
    arrays: tuple[IntArray, IntArray, IntArray, IntArray],
    top: IntArray | None,
    half: int,
) -> None:
    """Each side of an artificial table gets its 12C2 value (S3's ``artificial_percentage``
    or ``artificial_imps``), its session being its other boards in the field (12C2(c)),
    each marked with where its score comes from so that ``law12.other_boards`` chooses
    which count; a percentage is of the board's top as the other results are finally
    expressed on it (errata A-1)."""
    ns_num, ns_den, ew_num, ew_den = arrays
    sides = _sides(scored)
    for t, score in scored.artificial.items():
        result = scored.results[t]
        for pair, fault, num, den in (
            (result.ns, score.ns, ns_num, ns_den),
            (result.ew, score.ew, ew_num, ew_den),
        ):
            if not scored.artificial_side(t, num is ns_num):
                continue  # a mixed score's assigned side: scored on its result (12C1(a))
            stated = score.percent(num is ns_num)
            if stated is not None:
                if top is None:
                    raise ValueError(f"board {result.board}: an artificial score stated in "
                                     "percent is for matchpoints; in IMPs give the faults "
                                     "(A60/40)")
                value = stated * Fraction(int(top[t]), half) / 100
                num[t], den[t] = value.numerator, value.denominator
                continue
            tables = [(u, ns) for u, ns in sides[pair] if u != t]
            no_result = 1 + sum(1 for u, ns in tables if not scored.has_result(u, ns))
            others = _session(scored, config, tables, arrays, top, half, no_result)
            if top is None:
                value = artificial_imps(fault, edition=config.edition, config=config.law12,
                                        session=others, no_result_boards=no_result)
            else:
                board_top = Fraction(int(top[t]), half)
                value = artificial_percentage(
                    fault, edition=config.edition, config=config.law12, session=others,
                    no_result_boards=no_result, board_top=board_top,
                ) * board_top / 100
            num[t], den[t] = value.numerator, value.denominator


def _sides(scored: Field) -> dict[str, list[tuple[int, bool]]]:
    """Each contestant's tables, with True where it sat North-South."""
    sides: dict[str, list[tuple[int, bool]]] = {}
    for t, result in enumerate(scored.results):
        sides.setdefault(result.ns, []).append((t, True))
        sides.setdefault(result.ew, []).append((t, False))
    return sides


def _session(
    scored: Field,
    config: PairsConfig,
    tables: list[tuple[int, bool]],
    arrays: tuple[IntArray, IntArray, IntArray, IntArray],
    top: IntArray | None,
    half: int,
    no_result: int,
) -> list[SessionBoard]:
    """A contestant's other boards (12C2(c)), each with its origin: a table result, an
    assigned score, or another artificial board at its own 12C2(a)/(b) value (counted
    only when ``law12.other_boards`` says so)."""
    ns_num, ns_den, ew_num, ew_den = arrays
    values = artificial_values(config.edition, config.law12, no_result)
    boards: list[SessionBoard] = []
    for t, north_south in tables:
        board_top = None if top is None else Fraction(int(top[t]), half)
        if board_top is not None and board_top <= 0:
            continue  # a board with one result has no top to take a percentage of
        result = scored.results[t]
        origin = (table_origin(result) if t not in scored.mixed else Origin.ARTIFICIAL
                  if scored.artificial_side(t, north_south) else Origin.ASSIGNED)
        if origin is Origin.ARTIFICIAL:
            artificial = scored.artificial[t]
            fault = artificial.ns if north_south else artificial.ew
            stated = artificial.percent(north_south)
            value = (values.imps(fault) if board_top is None
                     else (values.percentage(fault) if stated is None else stated)
                     * board_top / 100)
        else:
            num, den = (ns_num, ns_den) if north_south else (ew_num, ew_den)
            value = Fraction(int(num[t]), int(den[t]))
        boards.append(SessionBoard(value, board_top, origin))
    return boards


def _totals(
    scored: Field,
    ns_num: IntArray,
    ns_den: IntArray,
    ew_num: IntArray,
    ew_den: IntArray,
    top: IntArray | None,
    top_den: IntArray | None,
    mask: IntArray | None = None,
) -> dict[str, PairTotal]:
    """Per-pair totals over the tables in ``mask`` (all by default), exact: integer sums
    per pair per distinct denominator."""
    names = sorted({r.ns for r in scored.results} | {r.ew for r in scored.results})
    index = {name: i for i, name in enumerate(names)}
    count = len(scored.results)
    ns_pair = np.fromiter((index[r.ns] for r in scored.results), np.int64, count)
    ew_pair = np.fromiter((index[r.ew] for r in scored.results), np.int64, count)
    chosen = np.ones(count, dtype=bool) if mask is None else mask
    pair = np.concatenate((ns_pair[chosen], ew_pair[chosen]))
    totals = _sum_fractions(pair, np.concatenate((ns_num[chosen], ew_num[chosen])),
                            np.concatenate((ns_den[chosen], ew_den[chosen])), len(names))
    boards = np.bincount(pair, minlength=len(names))
    available: list[Fraction | None] = [None] * len(names)
    if top is not None and top_den is not None:
        tops = np.concatenate((top[chosen], top[chosen]))
        dens = np.concatenate((top_den[chosen], top_den[chosen]))
        available = list(_sum_fractions(pair, tops, dens, len(names)))
    return {
        name: PairTotal(name, int(boards[i]), totals[i], available[i])
        for i, name in enumerate(names)
        if boards[i] > 0
    }


def _sum_fractions(group: IntArray, num: IntArray, den: IntArray, groups: int) -> list[Fraction]:
    """Exact sums of num/den per group: integer sums per group for each distinct
    denominator (a field has few: one per number of results on a board), brought to their
    least common multiple in Python integers (no overflow), one Fraction per group."""
    distinct = [int(d) for d in np.unique(den)]
    common = math.lcm(*distinct) if distinct else 1
    numerators = [0] * groups
    for d in distinct:
        chosen = den == d
        per_group = np.zeros(groups, dtype=np.int64)
        np.add.at(per_group, group[chosen], num[chosen])
        factor = common // d
        numerators = [a + b * factor for a, b in zip(numerators, per_group.tolist(), strict=True)]
    return [Fraction(n, common) for n in numerators]


# Butler and cross-IMPs


@law("78B", title="IMP pairs over a whole field: Butler and cross-IMPs")
def _imp_pairs(scored: Field, method: PairsMethod, config: PairsConfig) -> FieldScore:
    """Butler (IMPs against a datum per board) or cross-IMPs (IMPs against every other
    score), each table's value an exact ratio of integers."""
    if method == "butler":
        ns_num, den = _butler(scored, scored.ns, config)
        ew_style = ns_num if scored.ew is scored.ns else _butler(scored, scored.ew, config)[0]
        ew_den = den
    else:
        # each direction divided by its own results (a mixed score has one fewer)
        ns_num, den = _cross(scored, scored.ns, config, scored.played_per_board(True))
        ew_style, ew_den = (ns_num, den) if scored.ew is scored.ns else _cross(
            scored, scored.ew, config, scored.played_per_board(False))
    ew_num = -ew_style
    ns_den, ew_den = den.copy(), ew_den.copy()
    if scored.artificial:
        _award_artificial(scored, config, (ns_num, ns_den, ew_num, ew_den), None, 1)
    zeros = np.zeros(len(scored.results), dtype=np.int64)
    pairs = _totals(scored, ns_num, ns_den, ew_num, ew_den, None, None)
    return FieldScore(method, scored.results, ns_num, ns_den, ew_num, ew_den, zeros,
                      zeros + 1, pairs)


def _butler(scored: Field, rows: Rows, config: PairsConfig) -> tuple[IntArray, IntArray]:
    """NS-style Butler IMPs per table (times scale) against each board's datum, which is
    made from the plain results only (a weighted score is not one score to average)."""
    plain = rows.plain
    distinct = group_by_distinct_score(rows.board[plain], rows.score[plain], None, scored.boards)
    counts = np.bincount(rows.board[plain], minlength=scored.boards)
    drops = np.array([extremes_dropped(int(c), config.butler_drop) for c in counts], np.int64)
    # scores in 1/points of a point (raw weighted means): the datum rounds to 10 points
    # and the IMP bands are counted in the same unit
    datum = board_datums(distinct, drops, 10 * scored.points, config.butler_rounding)
    imps = imps_array(rows.score - datum[rows.board], IMP_LOWER * scored.points)
    weighted = imps * (scored.scale if rows.weight is None else rows.weight)
    values = per_table(weighted, rows.table, len(scored.results))
    return values, np.full(len(values), scored.scale, dtype=np.int64)


def _cross(
    scored: Field, rows: Rows, config: PairsConfig, n: IntArray
) -> tuple[IntArray, IntArray]:
    """NS-style cross-IMP sums per table (times scale**2), divided as configured."""
    distinct = group_by_distinct_score(rows.board, rows.score, rows.weight, scored.boards)
    sums = cross_imp_sums(distinct, IMP_LOWER * scored.points)[distinct.row_to_distinct]
    weight = scored.scale if rows.weight is None else rows.weight
    if rows.weight is None:
        sums = sums * scored.scale  # a plain distinct weight counts results, not scale
    values = per_table(sums * weight, rows.table, len(scored.results))
    square = scored.scale * scored.scale
    per_board = n[scored.table_board]
    if config.cross_divide == "comparisons":
        divisor = np.maximum(per_board - 1, 1)
    elif config.cross_divide == "n":
        divisor = np.maximum(per_board, 1)
    else:
        divisor = np.ones_like(per_board)
    return values, (divisor * square).astype(np.int64)


# Total points


def _points(score: Score, board: int) -> Fraction:
    """A direction's points: a table or assigned score, or a weighted score's mean (in
    total points the mean and the weighted conversion are the same number)."""
    if isinstance(score, Weighted):
        return sum((o.weight * o.score for o in score.outcomes), Fraction(0))
    if isinstance(score, Artificial):
        raise AdjustedScoreError(
            f"board {board}: an artificial adjusted score (12C2) has no value in total "
            "points; the Director assigns a score instead (12C1)")
    assert isinstance(score, int)
    return Fraction(score)


@law("78C", title="Total-point scoring over a whole field")
def _total_points(scored: Field) -> FieldScore:
    """78C: each pair's points, North-South's as scored and East-West's negated, each
    direction on its own score when they are split."""
    count = len(scored.results)
    ns = [_points(r.ns_score(), r.board) for r in scored.results]
    ew = [-_points(r.ew_score(), r.board) for r in scored.results]
    ns_num = np.array([v.numerator for v in ns], dtype=np.int64)
    ns_den = np.array([v.denominator for v in ns], dtype=np.int64)
    ew_num = np.array([v.numerator for v in ew], dtype=np.int64)
    ew_den = np.array([v.denominator for v in ew], dtype=np.int64)
    zeros = np.zeros(count, dtype=np.int64)
    pairs = _totals(scored, ns_num, ns_den, ew_num, ew_den, None, None)
    return FieldScore("total-points", scored.results, ns_num, ns_den, ew_num, ew_den, zeros,
                      zeros + 1, pairs)


def board_values(score: FieldScore) -> dict[int, list[tuple[BoardResult, Fraction, Fraction]]]:
    """Per board, each result with North-South's and East-West's values (for printing)."""
    out: dict[int, list[tuple[BoardResult, Fraction, Fraction]]] = {}
    for i, result in enumerate(score.results):
        out.setdefault(result.board, []).append((result, score.ns(i), score.ew(i)))
    return out


__all__ = [
    "FieldMatchpoints",
    "FieldScore",
    "PairTotal",
    "PairsConfig",
    "PairsMethod",
    "board_values",
    "cross_imp_arrays",
    "matchpoint_arrays",
    "score_pairs",
]
