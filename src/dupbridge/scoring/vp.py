"""Victory Points: the WBF 2013 continuous 20-point scale (formats facts §4.6).

Law 78D lets the Regulating Authority approve scoring methods other than 78A-C; converting
a team match's IMP margin into Victory Points is one of them. The scale is computed, not
copied: for N boards the blitz margin is X = 15·√N and, for a winning margin I ≥ 0,

    VP = min(20, 10 + 10·(1 − τ^(3·I/X)) / (1 − τ³)),   τ = (√5 − 1)/2,

rounded to 2 decimals and then corrected so that each extra IMP is worth no more than the
one before (the WBF technical report: "each extra IMP leads to a non-increasing fractional
gain"). Without the correction the series does not equal the published WBF tables (16
boards differ at margins 14, 27, 38, 46, 49, 55 and 59; 8 boards at 40).

Only the 20-point scale is implemented: no published formula for a 30-point variant was
found, and none is invented here.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Context, Decimal
from enum import Enum
from fractions import Fraction
from functools import lru_cache

from dupbridge.core.registry import law

VP_MAX = Decimal("20.00")
"""The 20-point scale: a blitz is 20 - 0 (WBF 2013)."""
VP_DRAW = Decimal("10.00")
"""A drawn match is 10 - 10 (WBF 2013)."""
BLITZ_FACTOR = 15
"""X = 15·√N: the blitz margin grows with the square root of the boards (WBF 2013)."""

_HUNDREDTH = Decimal("0.01")
# 40 significant digits: far more than the 2 decimals kept, so that the rounding of every
# point is exact and the same on every platform (floats could land on the wrong side of
# a half-hundredth).
_CONTEXT = Context(prec=40)


def blitz_margin(boards: int) -> Decimal:
    """X = 15·√N, the margin from which the winner gets the full 20 VPs."""
    _check_boards(boards)
    return _CONTEXT.multiply(Decimal(BLITZ_FACTOR), _CONTEXT.sqrt(Decimal(boards)))


def _check_boards(boards: int) -> None:
    if boards < 1:
        raise ValueError(f"a match has at least one board, not {boards}")


def _continuous_vp(margin: int, blitz: Decimal) -> Decimal:
    """The unrounded WBF curve for a winning margin, capped at 20."""
    ctx = _CONTEXT
    tau = ctx.divide(ctx.subtract(ctx.sqrt(Decimal(5)), Decimal(1)), Decimal(2))
    tau_cubed = ctx.power(tau, Decimal(3))
    exponent = ctx.divide(Decimal(3 * margin), blitz)
    gained = ctx.divide(ctx.subtract(Decimal(1), ctx.power(tau, exponent)), 1 - tau_cubed)
    return min(VP_MAX, ctx.add(VP_DRAW, ctx.multiply(Decimal(10), gained)))


def _rounded_series(boards: int) -> list[Decimal]:
    """The curve at every margin 0..ceil(X), rounded half-up to the hundredth."""
    blitz = blitz_margin(boards)
    last = int(blitz.to_integral_value(rounding="ROUND_CEILING"))
    return [
        _continuous_vp(margin, blitz).quantize(_HUNDREDTH, rounding=ROUND_HALF_UP)
        for margin in range(last + 1)
    ]


def _concave(series: list[Decimal]) -> list[Decimal]:
    """The WBF concavity correction: while some IMP is worth more than the one before it
    (a positive second difference), add 0.01 to the point where the larger step starts.

    The facts file words the test as "≥ 0"; the published tables keep many equal steps
    (16 boards: 16.73 - 16.58 = 16.88 - 16.73 = 0.15), so only a strict rise is corrected,
    as in the reference implementations of the WBF scale.
    """
    points = list(series)
    corrected = True
    while corrected:
        corrected = False
        for i in range(1, len(points) - 1):
            if points[i + 1] - points[i] > points[i] - points[i - 1]:
                points[i] += _HUNDREDTH
                corrected = True
    return points


@lru_cache(maxsize=256)
def _table(boards: int) -> tuple[Decimal, ...]:
    # The whole table is computed once per number of boards: the correction needs the
    # neighbours of a point, so single points cannot be computed alone.
    return tuple(_concave(_rounded_series(boards)))


def wbf_vp_table(boards: int) -> tuple[Decimal, ...]:
    """The winner's VPs for every margin from 0 to the blitz (ceil(15·√N)); beyond it the
    winner gets 20. Index = IMP margin."""
    _check_boards(boards)
    return _table(boards)


class FractionalMargin(Enum):
    """What a margin with a fraction of an IMP (from 12C4 averaging or a weighted score)
    is worth. The WBF scale is published for whole IMPs only and the sources found say
    nothing on fractions, so this is a condition of contest (78D)."""

    INTERPOLATE = "interpolate"  # linearly between the two whole margins, to the hundredth
    ROUND_MARGIN = "round-margin"  # the margin to the nearest IMP, a half IMP upwards


def _hundredths(value: Fraction) -> Decimal:
    """An exact value rounded half-up to the hundredth, without any binary float."""
    return Decimal(math.floor(value * 100 + Fraction(1, 2))).scaleb(-2)


def _winner_vp(margin: Fraction, table: tuple[Decimal, ...], policy: FractionalMargin) -> Decimal:
    """The VPs of a winning margin >= 0 read from a table, beyond it 20."""
    if policy is FractionalMargin.ROUND_MARGIN:
        margin = Fraction(math.floor(margin + Fraction(1, 2)))
    whole = math.floor(margin)
    if whole >= len(table) - 1:
        return VP_MAX
    if margin == whole:
        return table[whole]
    # Linear interpolation keeps the scale increasing and concave between whole margins.
    low, high = Fraction(table[whole]), Fraction(table[whole + 1])
    return _hundredths(low + (high - low) * (margin - whole))


@law("78D", title="Other scoring methods: WBF 2013 Victory Point scale")
def wbf_vp(
    margin_imps: int | Fraction,
    boards: int,
    fractional: FractionalMargin = FractionalMargin.INTERPOLATE,
) -> tuple[Decimal, Decimal]:
    """Victory Points for an IMP margin over a match of ``boards`` boards: (the VPs of the
    team whose margin this is, its opponents' VPs), i.e. (winner, loser) for a margin
    >= 0. A negative margin is mirrored: -10 over 16 boards gives (7.20, 12.80).

    The two always sum to 20; beyond the blitz the winner gets 20 and the loser 0, with no
    further deduction for the loser (WBF 2013). A margin with a fraction of an IMP is
    valued by ``fractional`` (default: interpolated)."""
    table = wbf_vp_table(boards)
    winner = _winner_vp(abs(Fraction(margin_imps)), table, fractional)
    loser = VP_MAX - winner
    return (winner, loser) if margin_imps >= 0 else (loser, winner)
