"""What a ruling on a claim does at the table (Laws 68-71), as effects."""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.laws.machinery.ruling import Effect


@dataclass(frozen=True, slots=True)
class ClaimSettled(Effect):
    """The claim is settled: ``tricks`` of the remaining ones to the claimer's side (69A:
    scored as though won in play; 70: as adjudicated; 69B, 71: as corrected)."""

    tricks: int


@dataclass(frozen=True, slots=True)
class ClaimVoid(Effect):
    """There is no claim (68B2, 2017 68D2(b)(ii), 48B2 not intended): play goes on."""
