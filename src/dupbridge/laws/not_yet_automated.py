"""Irregularities whose full rectification comes with later work (Laws 24, 25, 27, 29-32,
53-57). They are recorded and put before the Director with the options the Laws give
the players where those are already exact (27A1, 28B, 29A), and otherwise with a manual
option that says plainly the Director applies the rest by hand.
"""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.calls import Call
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.clauses import ref, withdrawn_information
from dupbridge.laws.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.ruling import (
    DIRECTOR,
    AcceptCard,
    Answer,
    CallAgain,
    CancelCalls,
    Decision,
    InformationTag,
    Irregularity,
    Option,
    Resolution,
    ReturnCard,
    StandCall,
)

BY_HAND = "the Director applies the rest of the rectification by hand (not yet automated)"


def _decision(
    irregularity: Irregularity,
    answers: Mapping[str, Answer],
    decision_id: str,
    clauses: tuple[str, ...],
    options: tuple[Option, ...],
    waits_for: frozenset[Seat] = frozenset(),
) -> Decision:
    return Decision(
        id=decision_id,
        irregularity=irregularity,
        clauses=tuple(ref(irregularity.edition, clause) for clause in clauses),
        questions=(),
        answers=answers,
        options=options,
        waits_for=waits_for,
        automated=False,
        note=f"Laws {', '.join(clauses)}: {BY_HAND}.",
    )


# Law 27: insufficient bid


@law("27A1", title="Insufficient bid accepted by the left-hand opponent")
def accept_insufficient_bid(irregularity: Irregularity) -> StandCall:
    """27A1: the offender's LHO may accept the insufficient bid; calling over it accepts it."""
    return StandCall(ref(irregularity.edition, "27A1"), irregularity.record)


def _decide_insufficient(
    irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str
) -> Decision:
    lho = irregularity.offender.lho
    return _decision(
        irregularity, answers, decision_id, ("27", "27A1", "27B"),
        (
            Option("accept", "Law 27A1: the bid is accepted and stands", lho,
                   (accept_insufficient_bid(irregularity),)),
            Option("cancel", f"Law 27B: the bid is cancelled and the offender calls again; "
                   f"{BY_HAND}", DIRECTOR,
                   (CancelCalls(ref(irregularity.edition, "27B"), (irregularity.record,)),)),
        ),
        waits_for=frozenset({lho}),
    )


def _insufficient_called_over(
    irregularity: Irregularity, seat: Seat, call: Call, record: int
) -> Resolution:
    return Resolution((accept_insufficient_bid(irregularity),
                       CallAgain(ref(irregularity.edition, "27A1"), seat, call, record)))


INSUFFICIENT_BID = Rectification(_decide_insufficient, _insufficient_called_over)


# Laws 28B and 29: calls out of rotation


@law("29A", title="Left-hand opponent calls over a call out of rotation: it stands")
def accept_out_of_rotation(irregularity: Irregularity) -> StandCall:
    """29A: the offender's LHO may call over it, forfeiting rectification; the call stands
    and the rotation continues from the offender."""
    return StandCall(ref(irregularity.edition, "29A"), irregularity.record)


@law("28B", title="Call by the player whose turn it was cancels a call out of rotation")
def forfeited(irregularity: Irregularity, seat: Seat, call: Call, record: int) -> Resolution:
    """28B: the player whose turn it was calls before the ruling: his call is in rotation,
    the right to rectification is forfeited and the call out of rotation is cancelled (its
    information is unauthorised to the offending side)."""
    edition = irregularity.edition
    return Resolution((
        CancelCalls(ref(edition, "28B"), (irregularity.record,)),
        InformationTag(withdrawn_information(edition), irregularity.record, seat.side),
        CallAgain(ref(edition, "28B"), seat, call, record),
    ))


def _decide_out_of_rotation(
    irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str
) -> Decision:
    lho = irregularity.offender.lho
    assert irregularity.turn is not None
    return _decision(
        irregularity, answers, decision_id, ("28", "29", "29A", "29B"),
        (
            Option("accept", "Law 29A: the call stands; the auction continues from it", lho,
                   (accept_out_of_rotation(irregularity),)),
            Option("cancel", f"Law 29B: the call is cancelled and the auction goes back to the "
                   f"player whose turn it was; Laws 30-32: {BY_HAND}", DIRECTOR,
                   (CancelCalls(ref(irregularity.edition, "29B"), (irregularity.record,)),)),
        ),
        waits_for=frozenset({lho, irregularity.turn}),
    )


def _out_of_rotation_called_over(
    irregularity: Irregularity, seat: Seat, call: Call, record: int
) -> Resolution:
    if seat is irregularity.offender.lho:
        return Resolution((accept_out_of_rotation(irregularity),
                           CallAgain(ref(irregularity.edition, "29A"), seat, call, record)))
    if seat.is_opponent_of(irregularity.offender):
        return forfeited(irregularity, seat, call, record)
    # The offender's partner, whose turn it was, calls: in rotation; the call out of
    # rotation stays cancelled (open question Q2 of the catalogue, its suggested answer).
    return Resolution((CancelCalls(ref(irregularity.edition, "29B"), (irregularity.record,)),
                       CallAgain(ref(irregularity.edition, "29B"), seat, call, record)))


OUT_OF_ROTATION = Rectification(_decide_out_of_rotation, _out_of_rotation_called_over)


# Law 25: change of call


def _decide_change(
    irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str
) -> Decision:
    edition = irregularity.edition
    assert irregularity.own_last_call is not None
    call = irregularity.action
    assert isinstance(call, Call)
    return _decision(
        irregularity, answers, decision_id, ("25", "25A", "25B"),
        (
            Option("keep", "The attempted change is cancelled; the original call stands",
                   DIRECTOR, (CancelCalls(ref(edition, "25"), (irregularity.record,)),)),
            Option("replace", f"The original call is withdrawn and the new call made; {BY_HAND}",
                   DIRECTOR,
                   (CancelCalls(ref(edition, "25"), (irregularity.own_last_call,)),
                    CallAgain(ref(edition, "25"), irregularity.offender, call,
                              irregularity.record))),
        ),
    )


CHANGE_OF_CALL = Rectification(_decide_change, no_call_before_ruling)


# Law 24: card exposed or led during the auction


def _decide_card_in_auction(
    irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str
) -> Decision:
    return _decision(
        irregularity, answers, decision_id, ("24",),
        (Option("return", f"The card goes back to the hand; {BY_HAND}", DIRECTOR,
                (ReturnCard(ref(irregularity.edition, "24"), irregularity.record),)),),
    )


CARD_DURING_AUCTION = Rectification(_decide_card_in_auction, no_call_before_ruling)


# Laws 53-57: lead or play out of turn


def _decide_out_of_turn(
    irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str
) -> Decision:
    edition = irregularity.edition
    is_lead = irregularity.is_lead
    clauses = ("53", "54", "55", "56") if is_lead else ("57",)
    options = [Option("return", f"The card goes back to the hand; {BY_HAND}", DIRECTOR,
                      (ReturnCard(ref(edition, clauses[0]), irregularity.record),))]
    if is_lead:
        options.insert(0, Option("accept", "Law 53A: the lead out of turn is treated as a "
                                 f"correct lead; {BY_HAND}", DIRECTOR,
                                 (AcceptCard(ref(edition, "53A"), irregularity.record),)))
    return _decision(irregularity, answers, decision_id, clauses, tuple(options))


PLAY_OUT_OF_TURN = Rectification(_decide_out_of_turn, no_call_before_ruling)
