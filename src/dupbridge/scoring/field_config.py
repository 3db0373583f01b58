"""The conditions of contest for scoring a whole field (78D): how pairs and team matches
are scored, with WBF/EBU defaults. Kept apart from the NumPy scoring so that a caller (a
profile, a CLI option) can build them without loading NumPy."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Literal

from dupbridge.core.edition import Edition
from dupbridge.scoring.butler import DEFAULT_DROP, Drop
from dupbridge.scoring.law12_adjusted import WBF_DEFAULTS, Law12Config

PairsMethod = Literal["matchpoints", "butler", "cross-imps", "total-points"]

VictoryPoints = Callable[[Fraction, int], tuple[Decimal, Decimal]]
"""(margin in IMPs >= 0, boards) -> (winner's VPs, loser's VPs), e.g. ``wbf_vp``."""


@dataclass(frozen=True, slots=True)
class PairsConfig:
    """How a pairs field is scored: conditions of contest (78D) with WBF/EBU defaults."""

    # 78A: "2/1" gives 2 units per score beaten and 1 per tie (top 2(n-1)); "1/0.5" halves.
    convention: Literal["2/1", "1/0.5"] = "2/1"
    # Factoring is regulation, not Law (78D, spec line 992): Neuberg is the EBU/WBF practice,
    # applied to every board with fewer results than expected (facts file §4.3).
    neuberg: bool = True
    # Results expected per board: None = the number of tables of the board listed most often
    # (artificial tables count: they were expected to play); or one number; or per board.
    expected: int | Mapping[int, int] | None = None
    # Law 12C for artificial scores (12C2(a)-(d), S3's scoring.law12_adjusted): the edition
    # and the Regulating Authority's options (WBF defaults). Each artificial score's value
    # is 12C2 applied with the contestant's other boards of the field as its session.
    edition: Edition = Edition.LAWS_2017
    law12: Law12Config = WBF_DEFAULTS
    # Butler (scoring.butler's names and defaults): scores dropped at each end (a number,
    # or "auto" = ceil((n-10)/15)+1 once n > 3, bridge-scorer), datum rounded to 10 with
    # the half rule (PBN "Butler": none dropped; halves away from zero).
    butler_drop: Drop = DEFAULT_DROP
    butler_rounding: Literal["half-away", "half-up", "half-even"] = "half-away"
    # Cross-IMPs: divide each sum by the comparisons (PBN Cross2, n-1), by the number of
    # scores (Cross1, n) or not at all.
    cross_divide: Literal["comparisons", "n"] | None = "comparisons"


@dataclass(frozen=True, slots=True)
class TeamsConfig:
    """Conditions of contest for team matches (78D), WBF defaults."""

    edition: Edition = Edition.LAWS_2017
    law12: Law12Config = WBF_DEFAULTS  # artificial IMPs, 12C2(b)
    knockout: bool = False  # 12C4: non-balancing board scores are averaged
    # The VP scale; None: S2's WBF 2013 continuous scale ``scoring.vp.wbf_vp``.
    victory_points: VictoryPoints | None = None
