"""Law 36: inadmissible doubles and redoubles (both editions; 2017 adds 36C)."""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.calls import DOUBLE, Call
from dupbridge.core.edition import Edition
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.clauses import (
    awareness_of_damage,
    lead_restrictions,
    ref,
    withdrawn_information,
)
from dupbridge.laws.rectification import Rectification
from dupbridge.laws.ruling import (
    DIRECTOR,
    Answer,
    BarScope,
    CancelCalls,
    CancelFrom,
    Cite,
    Decision,
    Effect,
    ImposeBar,
    InformationTag,
    Irregularity,
    LeadRestriction,
    Option,
    Resolution,
    Review,
)


def permission_clause(call: Call) -> str:
    """Law 19A1 for a double, 19B1 for a redouble."""
    return "19A1" if call is DOUBLE else "19B1"


@law("36B", title="Inadmissible double or redouble rectified")
@law("36B1", title="The inadmissible double or redouble is cancelled")
@law("36B2", title="Offender substitutes a legal call; partner barred for the auction")
@law("36B3", title="Awareness of damage and lead restrictions may apply")
@law("36B4", title="Inadmissible call also out of rotation")
def rectify(irregularity: Irregularity) -> tuple[Effect, ...]:
    """36B: cancel the call; the offender calls again at his proper turn (36B2, or 36B4
    when he was out of rotation too); partner must pass for the rest of the auction."""
    edition = irregularity.edition
    clause = "36B4" if irregularity.out_of_rotation else "36B1"
    bar_clause = "36B4" if irregularity.out_of_rotation else "36B2"
    review_clause = "36B4" if irregularity.out_of_rotation else "36B3"
    offender = irregularity.offender
    return (
        CancelCalls(ref(edition, clause), (irregularity.record,)),
        ImposeBar(ref(edition, bar_clause), offender.partner, BarScope.REST),
        InformationTag(withdrawn_information(edition), irregularity.record, offender.lho.side),
        Cite(ref(edition, review_clause)),
        Review(awareness_of_damage(edition), f"{review_clause}: could the offender have known the "
               "inadmissible call could damage the non-offending side?"),
        LeadRestriction(lead_restrictions(edition), offender, _call(irregularity)),
    )


@law("36A", title="Offender's left-hand opponent calls before rectification")
def lho_called(irregularity: Irregularity, seat: Seat, call: Call, record: int) -> Resolution:
    """36A: the inadmissible call and every later call are cancelled; the auction goes back
    to the player whose turn it was, with no further rectification (2017: no Law 26B)."""
    edition = irregularity.edition
    nos = irregularity.offender.lho.side
    return Resolution(
        (
            CancelFrom(ref(edition, "36A"), irregularity.record),
            InformationTag(withdrawn_information(edition), irregularity.record, nos),
            InformationTag(withdrawn_information(edition), record, nos),
        )
    )


def decide(irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str) -> Decision:
    edition = irregularity.edition
    call = _call(irregularity)
    clauses = [ref(edition, "35A" if edition is Edition.LAWS_2017 else "35-1"), ref(edition, "36")]
    clauses.append(ref(edition, permission_clause(call)))
    if irregularity.out_of_rotation:
        clauses.append(ref(edition, "32"))
    return Decision(
        id=decision_id,
        irregularity=irregularity,
        clauses=tuple(clauses),
        questions=(),
        answers=answers,
        options=(
            Option(
                "rectify",
                "Law 36B: the call is cancelled; the offender makes a legal call at his turn; "
                "his partner must pass for the rest of the auction",
                DIRECTOR,
                rectify(irregularity),
            ),
        ),
        waits_for=frozenset({irregularity.offender.lho}),
    )


def _call(irregularity: Irregularity) -> Call:
    action = irregularity.action
    assert isinstance(action, Call)
    return action


RECTIFICATION = Rectification(decide, lho_called)
