"""Law 28: calls considered to be in rotation.

28A: a call at RHO's turn when RHO is required by law to pass is in rotation.
28B: a call by the player whose turn it was, made before the Director rules on an
opponent's call out of rotation, is in rotation; it forfeits the rectification of the call
out of rotation, which is cancelled.
"""

from __future__ import annotations

from dupbridge.core.calls import Call
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.clauses import ref, unauthorised_information
from dupbridge.laws.machinery.ruling import (
    CallAgain,
    CancelCalls,
    InformationTag,
    Irregularity,
    Resolution,
)


@law("28A", title="Right-hand opponent required to pass: the call is in rotation")
def rho_required_to_pass(edition: Edition) -> LawRef:
    """28A: RHO's compulsory pass is deemed made, and the call is in rotation. The
    dispatcher inserts the pass; this names the clause it rests on."""
    return LawRef(edition, "28A")


@law("28B", title="Call by the player whose turn it was cancels a call out of rotation")
def forfeited(irregularity: Irregularity, seat: Seat, call: Call, record: int) -> Resolution:
    """28B: the player whose turn it was calls before the ruling on an opponent's call out
    of rotation: his call is in rotation, the right to rectification is forfeited, and the
    auction goes on as though the opponent had not called at that turn. The cancelled call
    is unauthorised information to the offending side (2007 16D2, 2017 16C2; 2017 adds that
    Law 26 does not apply: no lead restriction is created)."""
    edition = irregularity.edition
    return Resolution((
        CancelCalls(ref(edition, "28B"), (irregularity.record,)),
        InformationTag(unauthorised_information(edition), irregularity.record, seat.side),
        CallAgain(ref(edition, "28B"), seat, call, record),
    ))
