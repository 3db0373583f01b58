"""Handicap pairs: each pair carries a handicap that is added to its score in a
handicap ranking published beside the scratch one. The Laws know no handicap: it is a
condition of contest (78D), and the scratch figures are left as they are.

Two units are in use, and the unit is always said: percentage points added to the
pair's percentage (how the PBN writers name it, ``HandicapPercentage``), or matchpoints
per board played, added to the total before the percentage is taken (the same as
``value`` x 100 / top percentage points on every board)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from dupbridge.scoring.ranking import RankingConfig, Standing, rank

if TYPE_CHECKING:
    from dupbridge.scoring.field import PairTotal

HandicapUnit = Literal["percent", "mp-per-board"]
"""``"percent"``: percentage points added to the percentage; ``"mp-per-board"``:
matchpoints added for each board played."""

UNITS: tuple[HandicapUnit, ...] = ("percent", "mp-per-board")


@dataclass(frozen=True, slots=True)
class Handicap:
    """A pair's handicap, in its unit (positive: the pair is helped)."""

    value: Fraction
    unit: HandicapUnit = "percent"

    def __post_init__(self) -> None:
        if self.unit not in UNITS:
            raise ValueError(f"a handicap is in percent or mp-per-board, not {self.unit!r}")


def handicapped_percentage(pair: PairTotal, handicap: Handicap) -> Fraction:
    """The pair's percentage with its handicap: percentage points added, or matchpoints
    per board added to the total over what was available."""
    if pair.percentage is None or pair.available is None:
        raise ValueError(f"{pair.pair!r} has no percentage: a handicap applies to a "
                         "matchpoint score")
    if handicap.unit == "percent":
        return pair.percentage + handicap.value
    return 100 * (pair.total + handicap.value * pair.boards) / pair.available


@dataclass(frozen=True, slots=True)
class HandicapLine:
    """One pair of the handicap ranking: its place, scratch percentage, handicap and
    handicapped percentage."""

    place: str
    pair: str
    scratch: Fraction
    handicap: Handicap
    handicapped: Fraction


def handicap_ranking(
    pairs: Mapping[str, PairTotal],
    handicaps: Mapping[str, Handicap],
    config: RankingConfig | None = None,
) -> tuple[HandicapLine, ...]:
    """The field's ``pairs`` (``FieldScore.pairs``, or totals after penalties) ranked on
    handicapped percentages. A pair with no handicap given plays
    off scratch (0); a handicap for a pair not in the field is refused, as it is more
    likely a misspelt name than a pair that did not play."""
    unknown = sorted(set(handicaps) - set(pairs))
    if unknown:
        raise ValueError(f"handicaps for pairs not in the field: {unknown}")
    units = {h.unit for h in handicaps.values()}
    if len(units) > 1:
        raise ValueError("the handicaps of one field are given in one unit")
    unit: HandicapUnit = next(iter(units), "percent")
    given = {p: handicaps.get(p, Handicap(Fraction(0), unit)) for p in pairs}
    totals = {p: handicapped_percentage(pairs[p], h) for p, h in given.items()}
    standings: list[Standing] = rank(totals, config=config or RankingConfig())
    return tuple(HandicapLine(s.place, s.contestant, _scratch(pairs[s.contestant]),
                              given[s.contestant], totals[s.contestant]) for s in standings)


def _scratch(pair: PairTotal) -> Fraction:
    assert pair.percentage is not None  # checked by handicapped_percentage
    return pair.percentage
