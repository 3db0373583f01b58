"""Law 36: inadmissible doubles and redoubles (both editions; 2017 adds 36C)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from dupbridge.core.calls import DOUBLE, REDOUBLE, Bid, Call, Doubled
from dupbridge.core.contract import Contract
from dupbridge.core.edition import Edition
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.auction import law35_inadmissible_calls
from dupbridge.laws.machinery.clauses import (
    LAWS_2017,
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
    ScoreWithout,
    StandCall,
)
from dupbridge.rules.auction import StandingCall


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
        law35_inadmissible_calls.cite_item(edition, 36),
        CancelCalls(ref(edition, clause), (irregularity.record,)),
        ImposeBar(ref(edition, bar_clause), offender.partner, BarScope.REST),
        InformationTag(withdrawn_information(edition), irregularity.record, offender.lho.side),
        Cite(ref(edition, review_clause)),
        awareness_review(edition, review_clause, msg("the inadmissible call")),
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
            law35_inadmissible_calls.cite_item(edition, 36),
            CancelFrom(ref(edition, "36A"), irregularity.record),
            InformationTag(withdrawn_information(edition), irregularity.record, nos),
            InformationTag(withdrawn_information(edition), record, nos),
        )
    )


UNNOTICED = "unnoticed"
"""Option id: nobody drew attention to the inadmissible call before the end of the auction
period (the opening lead faced); the players called and played on over it."""


@law("36C", editions=LAWS_2017,
     title="Found only after the opening lead: the contract is scored as if it was not made")
def unnoticed(irregularity: Irregularity) -> tuple[Effect, ...]:
    """36C: attention was drawn to the call only after the opening lead was faced. The call
    stood in the auction the players went on with, and the board was played in the contract
    it made (a double changes neither declarer nor denomination); the final contract is
    scored as if the call had not been made (``scored_contract``)."""
    law36c = ref(irregularity.edition, "36C")
    return (law35_inadmissible_calls.cite_item(irregularity.edition, 36),
            StandCall(law36c, irregularity.record),
            ScoreWithout(law36c, (irregularity.record,)))


def unnoticed_2007(irregularity: Irregularity) -> tuple[Effect, ...]:
    """2007 Law 36 says nothing of a call found only after the auction period (2017 36C is
    new; catalogue D-34): the call stands and the contract played is scored; whether the
    non-offending side was damaged is the Director's, under 84D and Law 12."""
    law84d = ref(irregularity.edition, "84D")
    return (law35_inadmissible_calls.cite_item(irregularity.edition, 36),
            StandCall(law84d, irregularity.record),
            Review(law84d, msg("2007 has no rule for an inadmissible double or redouble found "
                               "after the auction period (2017 36C is new): the contract "
                               "played is scored unless the Director, ruling under 84D, "
                               "adjusts the score (Law 12)")))


@law("36C", editions=LAWS_2017,
     title="Found only after the opening lead: the contract is scored as if it was not made")
def scored_contract(contract: Contract, calls: Sequence[StandingCall],
                    without: Collection[int]) -> Contract:
    """36C: the contract played, doubled or redoubled as the standing ``calls`` say once the
    inadmissible ones (positions ``without``) are taken out (erratum B-5). A legal double
    before an inadmissible redouble stays (3NT X P XX P P P is scored doubled); a double or
    redouble that only a removed call made possible goes with it (a redouble of an
    inadmissible double). Level, denomination and declarer stay: doubles name none of them."""
    doubled, bidder, doubler = Doubled.UNDOUBLED, None, None
    for position, standing in enumerate(calls):
        seat, call = standing.seat, standing.call
        if position in without:
            assert call is DOUBLE or call is REDOUBLE, "36C takes out doubles and redoubles only"
        elif isinstance(call, Bid):
            doubled, bidder, doubler = Doubled.UNDOUBLED, seat, None
        elif (call is DOUBLE and doubled is Doubled.UNDOUBLED and bidder is not None
              and bidder.is_opponent_of(seat)):  # 19A1, without the removed calls
            doubled, doubler = Doubled.DOUBLED, seat
        elif (call is REDOUBLE and doubled is Doubled.DOUBLED and doubler is not None
              and doubler.is_opponent_of(seat)):  # 19B1, without the removed calls
            doubled = Doubled.REDOUBLED
    return replace(contract, doubled=doubled)


def decide(irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str) -> Decision:
    edition = irregularity.edition
    call = _call(irregularity)
    clauses = [law35_inadmissible_calls.item(edition, 36), ref(edition, "36")]
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
                msg("Law 36B: the call is cancelled; the offender makes a legal call at his "
                    "turn; his partner must pass for the rest of the auction"),
                DIRECTOR,
                rectify(irregularity),
            ),
            # A call that is of nothing (no bid to double, no double to redouble) can
            # never stand: no auction, contract or score goes on from it.
            *(() if irregularity.refers_to_nothing else (_unnoticed_option(irregularity),)),
        ),
        waits_for=frozenset({irregularity.offender.lho}),
    )


def _unnoticed_option(irregularity: Irregularity) -> Option:
    """Recorded when the call is made, once the Director has found (after the opening lead)
    that nobody drew attention to it: the table's later calls and cards then follow it."""
    if irregularity.edition is Edition.LAWS_2017:
        return Option(UNNOTICED, msg("Law 36C: nobody drew attention to the call before the "
                                     "opening lead was faced; it stands for the auction and "
                                     "the play, and the final contract is scored as if it had "
                                     "not been made"), DIRECTOR,
                      unnoticed(irregularity))
    return Option(UNNOTICED, msg("nobody drew attention to the call before the end of the "
                                 "auction period; 2007 has no rule for this (Law 84D): the "
                                 "call stands, the contract played is scored, and the Director "
                                 "decides whether to adjust (Law 12)"),
                  DIRECTOR, unnoticed_2007(irregularity))


def _call(irregularity: Irregularity) -> Call:
    action = irregularity.action
    assert isinstance(action, Call)
    return action


RECTIFICATION = Rectification(decide, lho_called)
