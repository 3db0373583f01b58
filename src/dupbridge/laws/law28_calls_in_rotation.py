"""Law 28A: a call at RHO's turn when RHO is required by law to pass is in rotation."""

from __future__ import annotations

from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.registry import law


@law("28A", title="Right-hand opponent required to pass: the call is in rotation")
def rho_required_to_pass(edition: Edition) -> LawRef:
    """28A: RHO's compulsory pass is deemed made, and the call is in rotation. The
    dispatcher inserts the pass; this names the clause it rests on."""
    return LawRef(edition, "28A")
