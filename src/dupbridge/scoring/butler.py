"""IMP pairs scoring: Butler (IMPs against a datum) and cross-IMPs (IMPs against every other
score). Both are "other methods" a Regulating Authority may approve (78D) that convert
point differences by the Law 78B scale; their parameters are the conditions' choices,
named after the programs and PBN modifiers that use them (formats facts §4.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import ceil, floor
from typing import Literal

from dupbridge.core.registry import law
from dupbridge.scoring.imps import DEFAULT_GAP_POLICY, GapPolicy, imps

Drop = int | Literal["auto"]
"""How many extreme scores to leave out at EACH end before taking the mean: a number, or
``"auto"`` = ceil((n-10)/15)+1 when n > 3, else 0 (bridge-scorer's rule)."""

Rounding = Literal["half-away", "half-up", "half-even"]
"""How the datum is rounded to a multiple of 10 when the mean ends in exactly 5:
``"half-away"`` from zero (-25 -> -30), ``"half-up"`` toward +infinity (-25 -> -20, as
JavaScript's Math.round), ``"half-even"`` (-25 -> -20, as Python's round)."""

Divide = Literal["comparisons", "n"] | None
"""What the sum of cross-IMPs is divided by: ``"comparisons"`` = n-1 (PBN ``Cross2``,
bridge-scorer), ``"n"`` = the number of scores (PBN ``Cross1``), ``None`` = the plain sum."""

# PBN modifier "Butler": the datum is the mean of all the scores (formats facts §4.5).
DEFAULT_DROP: Drop = 0
# Round-half-away-from-zero: the usual arithmetic rounding, symmetric for NS and EW
# (a datum of +25 and one of -25 round to +30 and -30).
DEFAULT_ROUNDING: Rounding = "half-away"
# PBN "Cross2" and bridge-scorer: the average over the comparisons actually made.
DEFAULT_DIVIDE: Divide = "comparisons"


def extremes_dropped(n: int, drop: Drop) -> int:
    """How many scores are left out at each end of ``n`` scores."""
    if drop == "auto":
        return ceil(Fraction(n - 10, 15)) + 1 if n > 3 else 0
    if drop < 0:
        raise ValueError(f"cannot drop a negative number of scores: {drop}")
    return drop


def round_to_10(value: Fraction, rounding: Rounding) -> Fraction:
    """``value`` rounded to a multiple of 10, a half going as ``rounding`` says."""
    tens = value / 10
    if rounding == "half-away":
        rounded = floor(abs(tens) + Fraction(1, 2)) * (1 if tens >= 0 else -1)
    elif rounding == "half-up":
        rounded = floor(tens + Fraction(1, 2))
    elif rounding == "half-even":
        rounded = round(tens)
    else:
        raise ValueError(f"unknown rounding: {rounding!r}")
    return Fraction(10 * rounded)


def butler_datum(
    scores: Sequence[int], drop: Drop = DEFAULT_DROP, rounding: Rounding | None = DEFAULT_ROUNDING
) -> Fraction:
    """The datum: the mean of the scores once the ``drop`` highest and lowest are left out,
    rounded to 10 (or exact, with ``rounding=None``)."""
    k = extremes_dropped(len(scores), drop)
    if len(scores) - 2 * k < 1:
        raise ValueError(f"dropping {k} at each end leaves none of {len(scores)} scores")
    kept = sorted(scores)[k : len(scores) - k]
    mean = Fraction(sum(kept), len(kept))
    return mean if rounding is None else round_to_10(mean, rounding)


@law("78B", title="International matchpoint scale")
def butler(
    scores: Sequence[int],
    drop: Drop = DEFAULT_DROP,
    rounding: Rounding | None = DEFAULT_ROUNDING,
    gaps: GapPolicy = DEFAULT_GAP_POLICY,
) -> tuple[Fraction, list[int]]:
    """Butler scoring: each score (North-South points) IMPed by 78B against the datum.
    Returns the datum and the North-South IMPs in input order (East-West get the negation).
    An unrounded datum can leave differences between the 78B bands: ``gaps`` decides."""
    datum = butler_datum(scores, drop, rounding)
    return datum, [imps(score - datum, gaps=gaps) for score in scores]


@law("78B", title="International matchpoint scale")
def cross_imps(
    scores: Sequence[int], divide: Divide = DEFAULT_DIVIDE, gaps: GapPolicy = DEFAULT_GAP_POLICY
) -> list[Fraction]:
    """Cross-IMPs: each score (North-South points) IMPed by 78B against every other score
    and summed, then divided as ``divide`` says. A lone score has no comparison: 0."""
    n = len(scores)
    sums = [sum(imps(mine - other, gaps=gaps) for other in scores) for mine in scores]
    if divide is None:
        divisor = 1
    elif divide == "comparisons":
        divisor = max(n - 1, 1)
    elif divide == "n":
        divisor = max(n, 1)
    else:
        raise ValueError(f"unknown cross-IMP divisor: {divide!r}")
    return [Fraction(total, divisor) for total in sums]
