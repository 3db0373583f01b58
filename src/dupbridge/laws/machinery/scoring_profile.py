"""The scoring configuration a Regulating-Authority profile implies: its edition and its
Law 12 options (12C1(c) weighting, 2007 12C1(e), 12C2(a) percentages, 12C2(b) / 2007 86A
IMPs) turned into ``dupbridge.scoring``'s configurations, so that nobody translates a
profile by hand."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from dupbridge.core.edition import Edition
from dupbridge.laws.machinery.profiles import Regulations
from dupbridge.scoring.field_config import PairsConfig, TeamsConfig
from dupbridge.scoring.law12_adjusted import ArtificialValues, Law12Config


def _number(regulations: Regulations, key: str) -> Fraction:
    value = regulations.option(key)
    assert isinstance(value, int) and not isinstance(value, bool)  # checked on loading
    return Fraction(value)


def law12_config(regulations: Regulations, **changes: Any) -> Law12Config:
    """The profile's Law 12C options; ``changes`` sets the keys a profile does not hold
    (the 12C2(c) data rules, the 12C1(c) arithmetic...)."""
    values = ArtificialValues(
        average_minus=_number(regulations, "average_minus_percent"),
        average_plus=_number(regulations, "average_plus_percent"),
        imp_average=_number(regulations, "artificial_imps"),
    )
    options: dict[str, Any] = {"values": values}
    if regulations.edition is Edition.LAWS_2007:
        options["forbid_weighting"] = not regulations.option("weighted_scores_allowed")
        options["alternative_12C1e"] = bool(regulations.option("law_12c1e_applies"))
    return Law12Config(**{**options, **changes})


def pairs_config(regulations: Regulations, **changes: Any) -> PairsConfig:
    """A pairs event scored under the profile; ``changes`` are the conditions of contest
    (convention, Neuberg, Butler...)."""
    return replace(PairsConfig(edition=regulations.edition, law12=law12_config(regulations)),
                   **changes)


def teams_config(regulations: Regulations, **changes: Any) -> TeamsConfig:
    """Team matches scored under the profile; ``changes`` are the conditions of contest."""
    return replace(TeamsConfig(edition=regulations.edition, law12=law12_config(regulations)),
                   **changes)
