"""Law 78A matchpoints, Neuberg factoring and 78C total points, in exact fractions.

Law 78A compares each contestant's score with every other score obtained on the same
board: 2 scoring units for each lower score, 1 for each equal one, 0 for each higher one.
Whether a unit is a matchpoint or a half-matchpoint is the conditions' choice (78D), so
both conventions are offered: ``"2/1"`` (2 per score beaten, 1 per tie, top 2(n-1); PBN
``MP1``) and ``"1/0.5"`` (1 and 1/2, top n-1; PBN ``MP2``, the ACBL's).

Boards with fewer results than the others (fouled, missing or artificial results) are
brought back to the full number of results by Neuberg's formula, which is not in the Laws
but in the conditions of contest (78D, 87B); formats facts §4.3.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from dupbridge.core.registry import law
from dupbridge.scoring.results import Artificial, DirectionScore, Mixed, Score, Split, Weighted

Convention = Literal["2/1", "1/0.5"]
"""Scoring units of Law 78A: ``"2/1"`` = 2 per score beaten, 1 per tie; ``"1/0.5"`` = 1
per score beaten, 1/2 per tie."""

DEFAULT_CONVENTION: Convention = "2/1"  # 78A's own wording: 2 units per lower score

HUNDRED = Fraction(100)


def unit(convention: Convention) -> Fraction:
    """What one score beaten is worth: 2 in ``"2/1"``, 1 in ``"1/0.5"``."""
    if convention == "2/1":
        return Fraction(2)
    if convention == "1/0.5":
        return Fraction(1)
    raise ValueError(f"unknown matchpoint convention: {convention!r}")


def top(results: int, convention: Convention = DEFAULT_CONVENTION) -> Fraction:
    """The top on a board with ``results`` scores compared: every other score beaten."""
    return unit(convention) * max(results - 1, 0)


def _units(mine: int, other: int) -> int:
    """78A: 2 units against a lower score, 1 against an equal one, 0 against a higher one."""
    return 2 if mine > other else 1 if mine == other else 0


@law("78A", title="Matchpoint scoring")
def matchpoints(
    scores: Sequence[int], convention: Convention = DEFAULT_CONVENTION
) -> list[Fraction]:
    """78A: the matchpoints of each score against all the others on the board, in input
    order. Scores are from one direction's point of view (e.g. all North-South)."""
    half_unit = unit(convention) / 2
    return [
        half_unit * (sum(_units(mine, other) for other in scores) - 1)  # minus the tie with itself
        for mine in scores
    ]


@law("78A", title="Matchpoint scoring")
def percentages(
    scores: Sequence[int], convention: Convention = DEFAULT_CONVENTION
) -> list[Fraction]:
    """78A matchpoints as percentages of the top (the same in either convention). A board
    with a single result has no comparison: that needs the conditions' method (Neuberg,
    87B), so it is refused here."""
    if len(scores) < 2:
        raise ValueError("a percentage needs at least two results to compare (78A)")
    board_top = top(len(scores), convention)
    return [mp * HUNDRED / board_top for mp in matchpoints(scores, convention)]


@law("78A", title="Matchpoint scoring")
def neuberg(
    mp: Fraction | int, n: int, expected: int, convention: Convention = DEFAULT_CONVENTION
) -> Fraction:
    """Neuberg's formula (conditions of contest, 78D): matchpoints ``mp`` won against the
    n-1 other results of a board played ``n`` times, factored to ``expected`` results:
    M' = (M+1)N/n - 1 in 2/1 units, M' = (M+1/2)N/n - 1/2 in 1/0.5 units. It treats each
    missing result as an average one and keeps the board's total at N(N-1) units."""
    if n < 1 or expected < 1:
        raise ValueError("Neuberg needs at least one result and one expected result")
    half_unit = unit(convention) / 2
    return (Fraction(mp) + half_unit) * expected / n - half_unit


def neuberg_percentage(percentage: Fraction | int, n: int, expected: int) -> Fraction:
    """Neuberg as percentages: P_N = (P_n - 50)((n-1)/n)(N/(N-1)) + 50 (formats facts
    §4.3); the same factoring as :func:`neuberg`, on percentages of the board's top."""
    if n < 1 or expected < 2:
        raise ValueError("a percentage needs a top: at least two expected results")
    fifty = HUNDRED / 2
    factor = Fraction(n - 1, n) * Fraction(expected, expected - 1)
    return (Fraction(percentage) - fifty) * factor + fifty


@law("78C", title="Total points scoring")
def total_points(scores: Iterable[int]) -> int:
    """78C: a contestant's score is the net total of its scores on all the boards played."""
    return sum(scores, 0)


# --- One board with adjusted scores (spec errata A-1, B-2, B-3, §0.4) ---------------------

Factoring = Literal["neuberg", "none"]
"""How a board's real results are brought to the expected number when some tables have no
result to compare (artificial scores): ``"neuberg"`` (default, EBU practice, formats
facts §4.3) or ``"none"`` (left on the smaller top 2(k-1))."""


@dataclass(frozen=True, slots=True)
class MatchpointConditions:
    """The conditions of contest (78D) for matchpointing one board.

    ``convention``: 78A units, default 2/1 (78A's own wording).
    ``factoring``: default ``"neuberg"`` (EBU practice; formats facts §4.3, errata A-1).
    """

    convention: Convention = DEFAULT_CONVENTION
    factoring: Factoring = "neuberg"


@dataclass(frozen=True, slots=True)
class BoardMatchpoints:
    """The matchpoints of one board, per table in input order. ``top`` is the top the
    board's results are expressed on after factoring: 2(N-1) units with Neuberg. An
    artificial score's value is a percentage of this top (errata A-1), awarded by Law 12C
    (``scoring.law12_adjusted``); its table holds ``None`` here."""

    top: Fraction
    ns: tuple[Fraction | None, ...]
    ew: tuple[Fraction | None, ...]


def _outcomes(score: DirectionScore) -> tuple[tuple[int, Fraction], ...]:
    """A direction's score as (North-South points, weight): a table result or an assigned
    score stands alone with weight 1 (12C1(a)); a weighted score brings its outcomes."""
    if isinstance(score, Weighted):
        return tuple((outcome.score, outcome.weight) for outcome in score.outcomes)
    return ((score, Fraction(1)),)


def weighted_units(mine: DirectionScore, other: DirectionScore) -> Fraction:
    """78A units of ``mine`` against ``other`` (North-South view), each component of a
    weighted score compared and weighted (errata B-3): the units of the two against each
    other still sum to 2, so the board total stays n(n-1)."""
    return sum(
        (
            my_weight * other_weight * _units(my_points, other_points)
            for my_points, my_weight in _outcomes(mine)
            for other_points, other_weight in _outcomes(other)
        ),
        Fraction(0),
    )


def _direction_matchpoints(field: Sequence[DirectionScore], north_south: bool) -> list[Fraction]:
    """2/1 units of each score of one direction against the others of that direction.
    East-West gain from a lower North-South score, so their comparison is reversed."""
    return [
        sum(
            (
                weighted_units(mine, other) if north_south else weighted_units(other, mine)
                for j, other in enumerate(field)
                if j != i
            ),
            Fraction(0),
        )
        for i, mine in enumerate(field)
    ]


def _direction_score(score: Score, north_south: bool) -> DirectionScore | None:
    """What one direction is compared on (errata B-3: a split score compares each
    direction on its own score); ``None``: that side has an artificial score, which is
    not a result for 78A (errata A-1), as a mixed score's artificial side has."""
    if isinstance(score, Artificial):
        return None
    if isinstance(score, Split):
        return score.ns if north_south else score.ew
    if isinstance(score, Mixed):
        return None if score.artificial_ns is north_south else score.assigned
    return score


def _factor(
    units: list[Fraction], expected: int, conditions: MatchpointConditions
) -> list[Fraction]:
    """The 2/1 units of k results in the conditions' convention, factored to ``expected``."""
    scale = unit(conditions.convention) / 2
    k = len(units)
    if conditions.factoring == "neuberg" and k < expected:
        return [neuberg(u * scale, k, expected, conditions.convention) for u in units]
    return [u * scale for u in units]


@law("78", title="Scoring methods and contest conditions")
@law("78A", title="Matchpoint scoring")
def matchpoint_board(
    scores: Sequence[Score],
    expected: int | None = None,
    conditions: MatchpointConditions = MatchpointConditions(),
) -> BoardMatchpoints:
    """78A on one board whose tables may hold adjusted scores (12C), one score per table.

    - Artificial scores are not results for 78A (errata A-1): the other k results are
      compared among themselves, then factored to ``expected`` results (default: the
      number of tables given) when the conditions say so; the artificial tables get
      ``None``, to be valued by Law 12C on the returned ``top``.
    - An assigned score replaces the table result (12C1(a)) and is compared like one.
    - A weighted score stands in with its weights, each component compared (errata B-3).
    - A split score: each direction is compared on its own score (errata B-3 default).
    - A mixed score (12C1(d)): the assigned side is compared in its direction; the
      artificial side's direction has one result fewer, factored like a missing one.
    """
    expected = len(scores) if expected is None else expected
    sides = [[(i, side) for i, score in enumerate(scores)
              if (side := _direction_score(score, north_south)) is not None]
             for north_south in (True, False)]
    most = max(len(sides[0]), len(sides[1]))
    if most > expected:
        raise ValueError(f"{most} results on a board expected {expected} times")
    factored = conditions.factoring == "neuberg"
    # without Neuberg, a mixed score's short direction is still factored to the other's
    # count, so that the two directions share the board's top
    target = expected if factored else most
    values = [_factor(_direction_matchpoints([p for _, p in side], north_south), target,
                      replace(conditions, factoring="neuberg"))
              for side, north_south in zip(sides, (True, False), strict=True)]
    board_top = top(target, conditions.convention)
    ns_by_table: list[Fraction | None] = [None] * len(scores)
    ew_by_table: list[Fraction | None] = [None] * len(scores)
    for (table, _), value in zip(sides[0], values[0], strict=True):
        ns_by_table[table] = value
    for (table, _), value in zip(sides[1], values[1], strict=True):
        ew_by_table[table] = value
    return BoardMatchpoints(board_top, tuple(ns_by_table), tuple(ew_by_table))
