"""Law 33: a call made at the same time as the call of the player whose turn it was is
taken as made after it.

The table records calls one after another. When the Director finds that a call recorded
out of rotation was made simultaneously with the call of the player whose turn it was
(catalogue J-SIMULTANEOUS, a finding of fact), he chooses the option ``simultaneous``: the
call out of rotation is set aside until that player's call is recorded, then taken as made
after it, in its new position (in rotation, out of rotation again, or a change of call, as
the dispatcher finds). If that player's call was already recorded (a call before the
ruling), both are taken again in that order at once.
"""

from __future__ import annotations

from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.laws.auction.out_of_rotation import OutOfRotation, at_stage
from dupbridge.laws.machinery.clauses import ref
from dupbridge.laws.machinery.rectification import LaterCallContext
from dupbridge.laws.machinery.ruling import CallAgain, CancelCalls, Effect, Review, Watch, Watched

SIMULTANEOUS = "simultaneous"
"""Option id."""

STAGE = "33"
"""Stage: the call out of rotation waits for the call it was simultaneous with."""


@law("33", title="Simultaneous calls: taken as made after the call in turn")
def simultaneous(irregularity: OutOfRotation) -> tuple[Effect, ...]:
    """33: the call out of rotation is set aside until the call of the player whose turn it
    was; it is then taken as the next call."""
    law33 = ref(irregularity.edition, "33")
    return (CancelCalls(law33, (irregularity.withdrawn_record,)),
            Watch(law33, at_stage(irregularity, STAGE)))


@law("33", title="Simultaneous calls: the call in turn first, then the other")
def simultaneous_with_call_before_ruling(irregularity: OutOfRotation) -> tuple[Effect, ...]:
    """33, when the call of the player whose turn it was is already recorded (made before
    the ruling): it is taken first, in rotation, and the other call after it."""
    law33 = ref(irregularity.edition, "33")
    seat, call, record = irregularity.calls_before_ruling[-1]
    return (
        CancelCalls(law33, (irregularity.withdrawn_record,)),
        CallAgain(law33, seat, call, record),
        CallAgain(law33, irregularity.offender, irregularity.call, irregularity.withdrawn_record),
    )


def later_call(irregularity: OutOfRotation, context: LaterCallContext) -> Watched:
    """The call the call out of rotation was simultaneous with: once it stands, the other
    call is taken as made after it. If it is itself irregular, its own law rules first and
    the Director enters the other call again by hand."""
    law33 = ref(irregularity.edition, "33")
    if context.verdict is not None:
        return Watched(effects=(Review(law33, msg("33: {offender}'s {call} was simultaneous "
                                                  "with an irregular call: the Director enters "
                                                  "it again after the ruling",
                                                  offender=irregularity.offender,
                                                  call=irregularity.call)),))
    return Watched(effects=(CallAgain(law33, irregularity.offender, irregularity.call,
                                      irregularity.withdrawn_record),))
