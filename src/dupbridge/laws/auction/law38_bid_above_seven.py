"""Law 38: a bid of more than seven (both editions)."""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.calls import Call
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.auction import law35_inadmissible_calls
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
    CancelFrom,
    Cite,
    Decision,
    Effect,
    ImposeBar,
    InformationTag,
    Irregularity,
    LeadRestriction,
    Option,
    SubstitutePass,
)


@law("38A", title="No contract above seven is played")
@law("38B", title="The bid and every later call are cancelled")
@law("38C", title="Pass substituted; offending side barred for the auction")
@law("38D", title="Awareness of damage and lead restrictions, unless LHO called")
def rectify(irregularity: Irregularity) -> tuple[Effect, ...]:
    """38B: the bid and every call after it are cancelled, even calls made before the ruling;
    38C: a pass stands in its place and both members of the offending side must pass for the
    rest of the auction; 38D: 23/72C and 26 may apply unless LHO called in between."""
    edition = irregularity.edition
    offender = irregularity.offender
    call = irregularity.action
    assert isinstance(call, Call)
    nos = offender.lho.side
    effects: list[Effect] = [
        law35_inadmissible_calls.cite_item(edition, 38),
        Cite(ref(edition, "38A")),
        CancelFrom(ref(edition, "38B"), irregularity.record),
    ]
    if not irregularity.out_of_rotation:
        # A pass takes the offender's turn. Out of rotation he had no turn to fill: the
        # auction goes back to the player whose turn it was (our reading; the Laws are silent).
        effects.append(SubstitutePass(ref(edition, "38C"), irregularity.record))
    effects += [
        ImposeBar(ref(edition, "38C"), offender, BarScope.REST),
        ImposeBar(ref(edition, "38C"), offender.partner, BarScope.REST),
        InformationTag(withdrawn_information(edition), irregularity.record, nos),
    ]
    effects += [
        InformationTag(withdrawn_information(edition), record, nos)
        for _, _, record in irregularity.calls_before_ruling
    ]
    effects.append(Cite(ref(edition, "38D")))
    if not irregularity.calls_before_ruling:
        effects += [
            awareness_review(edition, "38D", msg("the bid")),
            LeadRestriction(lead_restrictions(edition), offender, call),
        ]
    return tuple(effects)


def lho_called(irregularity: Irregularity, seat: Seat, call: Call, record: int) -> Irregularity:
    """38B cancels the left-hand opponent's call too; 38D then rules out 23/72C and 26."""
    return irregularity.with_call_before_ruling(seat, call, record)


def decide(irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str) -> Decision:
    edition = irregularity.edition
    clauses = (law35_inadmissible_calls.item(edition, 38), ref(edition, "38"))
    return Decision(
        id=decision_id,
        irregularity=irregularity,
        clauses=clauses,
        questions=(),
        answers=answers,
        options=(
            Option(
                "rectify",
                msg("Law 38: the bid and all later calls are cancelled, a pass is substituted; "
                    "the offender and his partner must pass for the rest of the auction"),
                DIRECTOR,
                rectify(irregularity),
            ),
        ),
        waits_for=frozenset() if irregularity.calls_before_ruling
        else frozenset({irregularity.offender.lho}),
    )


RECTIFICATION = Rectification(decide, lho_called)
