"""Law 37: a bid, double or redouble by a player required by law to pass (both editions)."""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.calls import Call
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.auction import law30_32_obligations, law35_inadmissible_calls
from dupbridge.laws.machinery.clauses import (
    awareness_review,
    lead_restrictions,
    ref,
    withdrawn_information,
)
from dupbridge.laws.machinery.rectification import Rectification
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    BarScope,
    CallAgain,
    CancelCalls,
    Decision,
    Effect,
    ImposeBar,
    InformationTag,
    Irregularity,
    LeadRestriction,
    Option,
    Resolution,
    StandCall,
    SubstitutePass,
)


@law("37B", title="Barred player's call rectified")
@law("37B1", title="The offending call is cancelled")
@law("37B2", title="Pass substituted; offender and partner barred; 23/26 may apply")
def rectify(irregularity: Irregularity) -> tuple[Effect, ...]:
    """37B: the call is cancelled and a pass stands in its place; both members of the
    offending side must pass for the rest of the auction."""
    edition = irregularity.edition
    offender = irregularity.offender
    call = irregularity.action
    assert isinstance(call, Call)
    return (
        law35_inadmissible_calls.cite_item(edition, 37),
        CancelCalls(ref(edition, "37B1"), (irregularity.record,)),
        SubstitutePass(ref(edition, "37B2"), irregularity.record),
        ImposeBar(ref(edition, "37B2"), offender, BarScope.REST),
        ImposeBar(ref(edition, "37B2"), offender.partner, BarScope.REST),
        InformationTag(withdrawn_information(edition), irregularity.record, offender.lho.side),
        awareness_review(edition, "37B2", msg("the call")),
        LeadRestriction(lead_restrictions(edition), offender, call),
    )


@law("37A", title="Offender's left-hand opponent calls before rectification")
def lho_called(irregularity: Irregularity, seat: Seat, call: Call, record: int) -> Resolution:
    """37A: the offending call and all later calls stand; a player barred for the rest of
    the auction stays barred; no lead restrictions."""
    if not law35_inadmissible_calls.required_to_pass(irregularity.offender_barred):
        return law30_32_obligations.lho_called(irregularity, seat, call, record)
    edition = irregularity.edition
    return Resolution(
        (
            law35_inadmissible_calls.cite_item(edition, 37),
            StandCall(ref(edition, "37A"), irregularity.record),
            CallAgain(ref(edition, "37A"), seat, call, record),
        )
    )


def decide(irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str) -> Decision:
    if not law35_inadmissible_calls.required_to_pass(irregularity.offender_barred):
        # Not a player required to pass (35-2/35B): an obligation of Laws 30-32 broken.
        return law30_32_obligations.decide(irregularity, answers, decision_id)
    edition = irregularity.edition
    clauses = (law35_inadmissible_calls.item(edition, 37), ref(edition, "37"))
    bar = irregularity.offender_barred
    return Decision(
        id=decision_id,
        irregularity=irregularity,
        clauses=(*clauses, bar.law) if bar is not None else clauses,
        questions=(),
        answers=answers,
        options=(
            Option(
                "rectify",
                msg("Law 37B: the call is cancelled and a pass substituted; the offender and "
                    "his partner must pass for the rest of the auction"),
                DIRECTOR,
                rectify(irregularity),
            ),
        ),
        waits_for=frozenset({irregularity.offender.lho}),
    )


RECTIFICATION = Rectification(decide, lho_called)
