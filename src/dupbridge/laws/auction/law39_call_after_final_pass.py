"""Law 39: a call after the final pass (both editions).

Before it applies, the Director decides whether the call is a permitted change of the
player's own final pass (Law 25A, an unintended call), which reopens the auction.
"""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.calls import PASS, Call
from dupbridge.core.edition import LawRef
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.auction import law35_inadmissible_calls
from dupbridge.laws.auction.law25_change_of_call import (
    is_unintended,
    may_still_change,
    replace_unintended_call,
    unintended_questions,
)
from dupbridge.laws.machinery.clauses import lead_restrictions, ref, withdrawn_information
from dupbridge.laws.machinery.rectification import Rectification
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    CancelCalls,
    Cite,
    Decision,
    Effect,
    InformationTag,
    Irregularity,
    LeadRestriction,
    Option,
    Question,
)


def questions(irregularity: Irregularity) -> tuple[Question, ...]:
    """Law 25A questions, asked only while the player may still replace his last call (a
    pass; not always the final one: his partner may not have called since): the auction
    period has not ended and the call follows his own pass."""
    if not may_still_change(irregularity):
        return ()
    return unintended_questions(irregularity.edition, msg("his last pass"))


def is_unintended_change(irregularity: Irregularity, answers: Mapping[str, Answer]) -> bool:
    return bool(questions(irregularity)) and is_unintended(irregularity.edition, answers)


def replace_final_pass(irregularity: Irregularity) -> tuple[Effect, ...]:
    """25A: the unintended pass is withdrawn and the intended call made in its place; the
    auction reopens from there. A call the left-hand opponent made over it before the ruling
    is withdrawn too, its information authorised to his side only."""
    return replace_unintended_call(irregularity)


@law("39A", title="Calls after the final pass are cancelled")
@law("39B", title="No further rectification for some calls after the final pass")
@law("39C", title="Defender's bid, double or redouble: lead restrictions may apply")
def rectify(irregularity: Irregularity) -> tuple[Effect, ...]:
    """39A: the call (and any call before the ruling) is cancelled. 39B: nothing more if
    the offender's LHO called, or the call was a defender's pass, or any call by the
    declaring side. 39C: otherwise, a defender's bid, double or redouble: Law 26 may apply."""
    edition = irregularity.edition
    offender = irregularity.offender
    call = irregularity.action
    assert isinstance(call, Call)
    nos = offender.lho.side
    later = tuple(record for _, _, record in irregularity.calls_before_ruling)
    effects: list[Effect] = [
        law35_inadmissible_calls.cite_item(edition, 39),
        CancelCalls(ref(edition, "39A"), (irregularity.record, *later)),
        InformationTag(withdrawn_information(edition), irregularity.record, nos),
    ]
    defender = irregularity.declaring_side is not None and (
        offender.side is not irregularity.declaring_side
    )
    if later or call is PASS or not defender:
        effects.append(Cite(ref(edition, "39B")))
    else:
        effects.append(Cite(ref(edition, "39C")))
        effects.append(LeadRestriction(lead_restrictions(edition), offender, call))
    return tuple(effects)


def lho_called(irregularity: Irregularity, seat: Seat, call: Call, record: int) -> Irregularity:
    """39B: the left-hand opponent's call before the ruling removes any further
    rectification; being after the final pass, it is cancelled as well (39A)."""
    return irregularity.with_call_before_ruling(seat, call, record)


def decide(irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str) -> Decision:
    edition = irregularity.edition
    clauses: tuple[LawRef, ...] = (law35_inadmissible_calls.item(edition, 39), ref(edition, "39"))
    asked = questions(irregularity)
    if is_unintended_change(irregularity, answers):
        options = (
            Option(
                "replace",
                msg("Law 25A: the unintended pass is replaced by the intended call; the "
                    "auction reopens"),
                DIRECTOR,
                replace_final_pass(irregularity),
            ),
        )
        clauses = (*clauses, ref(edition, "25A"))
    else:
        options = (
            Option(
                "rectify",
                (msg("Law 39: the call is cancelled; declarer may be offered lead restrictions "
                     "(Law 26)")
                 if any(isinstance(e, LeadRestriction) for e in rectify(irregularity))
                 else msg("Law 39: the call is cancelled")),
                DIRECTOR,
                rectify(irregularity),
            ),
        )
    return Decision(
        id=decision_id,
        irregularity=irregularity,
        clauses=clauses,
        questions=asked,
        answers=answers,
        options=options,
        waits_for=frozenset() if irregularity.calls_before_ruling
        else frozenset({irregularity.offender.lho}),
    )


RECTIFICATION = Rectification(decide, lho_called)
