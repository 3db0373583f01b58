"""Law 78B: the international matchpoint (IMP) scale.

The scale is the same in 2007 and 2017; the 2017 table only prints the 0-10 row that the
2007 table leaves implicit (no behavioural change). The bands are given as public tuples
so that vectorised code can look them up with ``numpy.searchsorted`` and agree exactly
with :func:`imps`:

- ``np.searchsorted(IMP_UPPER_BOUNDS, abs(d), side="left")`` is the IMP count of ``d``
  for every difference in multiples of 10 (all real table results) and, for any
  difference, under the ``"upper-bound"`` gap policy;
- ``np.searchsorted(IMP_LOWER_BOUNDS, abs(d), side="right")`` is the count under the
  default ``"lower-bound"`` gap policy, for any difference.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from fractions import Fraction
from math import floor
from typing import Literal

from dupbridge.core.registry import law

IMP_UPPER_BOUNDS: tuple[int, ...] = (
    10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890,
    1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990,
)  # fmt: skip
"""Law 78B: the largest difference of each band worth 0, 1, ..., 23 IMPs; from 4000 on,
24 IMPs. 2990 belongs here: a published snippet leaves it out and then scores every
difference of 3000 or more one IMP short (formats facts §4.4)."""

IMP_LOWER_BOUNDS: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900,
    1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip
"""Law 78B: the smallest difference worth 1, 2, ..., 24 IMPs."""

MAX_IMPS = len(IMP_LOWER_BOUNDS)
"""Law 78B: 4000 points and more are worth 24 IMPs."""

GapPolicy = Literal["lower-bound", "upper-bound", "round-to-10"]
"""How a difference that falls between two bands of 78B (e.g. 45, from a weighted score or
a Butler datum) converts; the Laws are silent (spec open question Q4):

- ``"lower-bound"`` (default, the usual choice, formats facts §4.4): the band whose lower
  bound the difference reaches, so 45 is worth 1 IMP like 40;
- ``"upper-bound"``: the band whose upper bound is not exceeded, so 45 is worth 2 like 50;
- ``"round-to-10"``: round the difference to the nearest 10, halves away from zero.

All three agree on every multiple of 10."""

DEFAULT_GAP_POLICY: GapPolicy = "lower-bound"


def _round_to_10_half_away(points: Fraction) -> Fraction:
    """The nearest multiple of 10, a half (e.g. 45) going away from zero."""
    tens = floor(abs(points) / 10 + Fraction(1, 2))
    return Fraction(10 * tens if points >= 0 else -10 * tens)


def _imps_of_magnitude(difference: Fraction, gaps: GapPolicy) -> int:
    """The IMPs of a non-negative difference under a gap policy."""
    if gaps == "lower-bound":
        return bisect_right(IMP_LOWER_BOUNDS, difference)
    if gaps == "upper-bound":
        return bisect_left(IMP_UPPER_BOUNDS, difference)
    if gaps == "round-to-10":
        return bisect_right(IMP_LOWER_BOUNDS, _round_to_10_half_away(difference))
    raise ValueError(f"unknown IMP gap policy: {gaps!r}")


@law("78B", title="International matchpoint scale")
def imps(points: int | Fraction, *, gaps: GapPolicy = DEFAULT_GAP_POLICY) -> int:
    """Law 78B: the IMPs for a point difference, with its sign kept (a negative difference
    gives negative IMPs). ``gaps`` says how a difference between two bands converts (only
    a weighted or averaged difference can fall there; see :data:`GapPolicy`)."""
    difference = Fraction(points)
    magnitude = _imps_of_magnitude(abs(difference), gaps)
    return magnitude if difference >= 0 else -magnitude
