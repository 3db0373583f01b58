"""How a law module answers for the irregularities it rectifies."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from dupbridge.core.calls import Call
from dupbridge.core.seats import Seat
from dupbridge.laws.ruling import Answer, Decision, Irregularity, Resolution

Decide = Callable[[Irregularity, Mapping[str, Answer], str], Decision]
BeforeRuling = Callable[[Irregularity, Seat, Call, int], "Irregularity | Resolution"]


@dataclass(frozen=True, slots=True)
class Rectification:
    """``decide`` builds the pending decision from the irregularity and the Director's
    answers so far; ``before_ruling`` says what a call made before the ruling does, by a
    seat the decision waits for (``Decision.waits_for``): it either resolves the matter
    (``Resolution``) or becomes part of the irregularity the Director rules on."""

    decide: Decide
    before_ruling: BeforeRuling


def no_call_before_ruling(
    irregularity: Irregularity, seat: Seat, call: Call, record: int
) -> Irregularity | Resolution:
    """For laws that provide for no call before the ruling (the decision waits for none)."""
    raise AssertionError(f"{irregularity.kind.value}: no call is provided for before the ruling")
