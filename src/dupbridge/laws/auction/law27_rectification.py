"""Law 27's rectification, step by step (2007 as revised in March 2008, and 2017). What
the insufficient bid and its replacement are, and what each part of 27B does, is in
``law27_insufficient_bid``; here, who decides what and when.

The rectification runs in steps, each a decision on the same irregularity:

1. The insufficient bid in rotation (stage ""). The Director first asks whether it was an
   unintended call (Law 25A): if so, the intended call replaces it. Otherwise the offender's
   left-hand opponent accepts it (27A1; calling over it accepts it too) or declines it
   (27B): the bid is cancelled and the offender, at his turn again, must replace it.
2. The replacement (stage "replacement"): the table holds the offender's next call and the
   Director judges it: 27B1(a) or 27B1(b), the auction continues; 27B2, his partner must
   pass for the rest of the auction; 27B3, a double or redouble is cancelled too and the
   offender calls again; 27B4, another insufficient bid, which the left-hand opponent may
   accept in turn.
3. The substitute after 27B3/27B4 (stage "substitute"): partner is already barred; a double,
   redouble or insufficient bid is dealt with again as in 27B3/27B4, any other call stands.

27C: a replacement made before the ruling (the offender calls while the decision waits)
stands unless the insufficient bid is accepted, and is judged at once as in step 2.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from dupbridge.core.calls import Bid, Call
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.auction.law27_insufficient_bid import (
    REPLACEMENT,
    SUBSTITUTE,
    Part,
    Replacement,
    auction_at_bid,
    continue_normally,
    double_cancelled,
    partner_must_pass,
    replacement_kind,
    replacement_questions,
    second_insufficient_bid_accepted,
    second_insufficient_bid_declined,
    unintended_questions,
    which_part,
    withdrawn_call_information,
)
from dupbridge.laws.machinery.clauses import ref
from dupbridge.laws.machinery.rectification import LaterCallContext, Rectification
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    CallAgain,
    CancelCalls,
    Cite,
    Decision,
    Effect,
    Irregularity,
    IrregularityKind,
    Option,
    Question,
    Resolution,
    StandCall,
    Watch,
    Watched,
)

# 27A and 27B: accepted or not


@law("27A", title="Insufficient bid accepted")
@law("27A1", title="Insufficient bid accepted by the left-hand opponent")
def accept_insufficient_bid(irregularity: Irregularity) -> StandCall:
    """27A1: the offender's LHO may accept the insufficient bid (treated as legal); calling
    over it accepts it."""
    return StandCall(ref(irregularity.edition, "27A1"), irregularity.record)


@law("27B", title="Insufficient bid not accepted: the offender must replace it")
def decline(irregularity: Irregularity) -> tuple[Effect, ...]:
    """27B: not accepted, the insufficient bid is cancelled and the offender, whose turn it
    is again, must replace it with a legal call; the table watches for that call, which the
    Director then judges (27B1-B4)."""
    clause = ref(irregularity.edition, "27B")
    return (CancelCalls(clause, (irregularity.record,)),
            Watch(clause, replace(irregularity, stage=REPLACEMENT)))


@law("25A", title="Unintended insufficient bid replaced by the intended call")
@law("25A1", title="Unintended insufficient bid replaced by the intended call")
def replace_unintended(irregularity: Irregularity) -> tuple[Effect, ...]:
    """Law 25A, asked before Law 27: an unintended insufficient bid is withdrawn and the call
    the player meant takes its place, with no further rectification (2017: no Law 26). If he
    has already said that call, it is made now; otherwise he makes it at his turn."""
    edition = irregularity.edition
    clause = ref(edition, "25A1")
    effects: list[Effect] = [CancelCalls(clause, (irregularity.record,))]
    intended = _premature(irregularity)
    if intended is not None:
        effects.append(CallAgain(clause, irregularity.offender, intended[1], intended[2]))
    return tuple(effects)


# Before the ruling: LHO calls (27A1), or the offender replaces the bid (27C)


@law("27C", title="Premature replacement: it stands unless the insufficient bid is accepted")
def premature_replacement(
    irregularity: Irregularity, seat: Seat, call: Call, record: int
) -> Irregularity:
    """27C: the offender replaces his insufficient bid before the Director rules: the
    replacement stands (2017: if legal, but see 27B3) unless the left-hand opponent accepts
    the insufficient bid, and the Director applies 27B to it. (It may also be the call he
    meant, if the insufficient bid was unintended: Law 25A.)"""
    return irregularity.with_call_before_ruling(seat, call, record)


def call_before_ruling(
    irregularity: Irregularity, seat: Seat, call: Call, record: int
) -> Irregularity | Resolution:
    if seat is irregularity.offender:
        return premature_replacement(irregularity, seat, call, record)
    return lho_called(irregularity, seat, call, record)


@law("27A1", title="Left-hand opponent calls over the insufficient bid: accepted")
def lho_called(irregularity: Irregularity, seat: Seat, call: Call, record: int) -> Resolution:
    """27A1: the left-hand opponent calls: he has accepted the insufficient bid (at the
    replacement stage, 27B4: the second insufficient bid), and his call is taken in turn."""
    edition = irregularity.edition
    if irregularity.stage == "":
        accepted: tuple[Effect, ...] = (accept_insufficient_bid(irregularity),)
    else:
        _, offender_call, offender_record = irregularity.later_calls[-1]
        accepted = _accept_later_bid(irregularity, offender_call, offender_record)
    return Resolution((*accepted, CallAgain(ref(edition, "27A1"), seat, call, record)))


def _accept_later_bid(irregularity: Irregularity, call: Call, record: int) -> tuple[Effect, ...]:
    if irregularity.stage == SUBSTITUTE:  # partner is already barred, the rest recorded
        edition = irregularity.edition
        return (StandCall(ref(edition, "27B4"), record), Cite(ref(edition, "27A1")))
    return second_insufficient_bid_accepted(irregularity, call, record)


# Later calls: the replacement after LHO declined, the substitute after 27B3/27B4


def later_call(context: LaterCallContext) -> Watched | None:
    """The offender's next call after the insufficient bid was declined is his
    replacement: held for the Director (stage "replacement"). After 27B3/27B4 his next call
    is held only if it is again a double, redouble or insufficient bid; any other call
    stands (a bid above seven goes to Law 38)."""
    irregularity = context.irregularity
    if context.seat is not irregularity.offender:
        return None  # another player's call is ruled on in its own right; keep watching
    if context.auction.calls != auction_at_bid(irregularity).calls:
        # Calls have come to stand since (e.g. a call out of rotation accepted, taking his
        # turn away): this is no longer the turn at which he replaces the bid.
        return Watched()
    verdict = context.verdict
    if verdict is not None and verdict.kind is IrregularityKind.BARRED_PLAYER_CALLED:
        # He was required to pass at this turn (e.g. 24B): his bid is a Law 37 case, whose
        # rectification (a pass substituted, both barred) takes the place of 27B.
        return Watched()
    kind = replacement_kind(context.auction, context.seat, context.call)
    held = irregularity.with_later_call(context.seat, context.call, context.record)
    if irregularity.stage == REPLACEMENT:
        if kind is Replacement.ABOVE_SEVEN:
            return Watched(effects=(withdrawn_call_information(irregularity, irregularity.record),))
        return Watched(rule=held)
    if kind in (Replacement.DOUBLE, Replacement.INADMISSIBLE_DOUBLE,
                Replacement.INSUFFICIENT_BID):
        return Watched(rule=held)
    return Watched()


# The decisions


def _premature(irregularity: Irregularity) -> tuple[Seat, Call, int] | None:
    return next((entry for entry in reversed(irregularity.calls_before_ruling)
                 if entry[0] is irregularity.offender), None)


def _is_unintended(irregularity: Irregularity, answers: Mapping[str, Answer]) -> bool:
    return all(answers.get(q.id, q.default) is True
               for q in unintended_questions(irregularity.edition))


def decide(irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str) -> Decision:
    if irregularity.stage == REPLACEMENT:
        return _decide_replacement(irregularity, answers, decision_id)
    if irregularity.stage == SUBSTITUTE:
        return _decide_substitute(irregularity, answers, decision_id)
    return _decide_insufficient_bid(irregularity, answers, decision_id)


def _decision(
    irregularity: Irregularity,
    answers: Mapping[str, Answer],
    decision_id: str,
    clauses: tuple[str, ...],
    questions: tuple[Question, ...],
    options: tuple[Option, ...],
    waits_for: frozenset[Seat],
) -> Decision:
    return Decision(
        id=decision_id,
        irregularity=irregularity,
        clauses=tuple(ref(irregularity.edition, clause) for clause in clauses),
        questions=questions,
        answers=answers,
        options=options,
        waits_for=waits_for,
    )


def _decide_insufficient_bid(
    irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str
) -> Decision:
    """Step 1: the Law 25A questions; then accept (27A1) or decline (27B), or, after a
    premature replacement, accept or let the replacement stand and be judged (27C)."""
    edition = irregularity.edition
    offender = irregularity.offender
    lho = offender.lho
    premature = _premature(irregularity)
    questions = unintended_questions(edition)
    clauses = ("27", "27A1", "27B", *(("27C",) if premature else ()))
    if _is_unintended(irregularity, answers):
        option = Option("replace", msg("Law 25A: the unintended insufficient bid is replaced "
                                       "by the call the player meant, with no further "
                                       "rectification"), DIRECTOR,
                        replace_unintended(irregularity))
        return _decision(irregularity, answers, decision_id, (*clauses, "25A"), questions,
                         (option,), frozenset() if premature else frozenset({offender}))
    accept = Option("accept", msg("Law 27A1: the insufficient bid is accepted and stands"), lho,
                    (accept_insufficient_bid(irregularity),))
    if premature is None:
        refuse = Option("decline", msg("Law 27B: the insufficient bid is not accepted; the "
                                       "offender must replace it with a legal call, which the "
                                       "Director then judges"), lho,
                        decline(irregularity))
        return _decision(irregularity, answers, decision_id, clauses, questions,
                         (accept, refuse), frozenset({lho, offender}))
    _, call, record = premature
    kind = replacement_kind(auction_at_bid(irregularity), offender, call)
    asked = replacement_questions(irregularity, call, kind, answers)
    accept = replace(accept, description=msg("Law 27A1: the insufficient bid is accepted and "
                                             "stands; the premature {call} is cancelled (27C)",
                                             call=call),
                     effects=(*accept.effects, CancelCalls(ref(edition, "27C"), (record,)),
                              withdrawn_call_information(irregularity, record)))
    cancel_ib = CancelCalls(ref(edition, "27C"), (irregularity.record,))
    options = [accept, *(_with_effects_first(option, cancel_ib) for option in
                         _replacement_options(irregularity, call, record, kind, answers))]
    return _decision(irregularity, answers, decision_id, clauses, (*questions, *asked),
                     tuple(options), frozenset())


def _with_effects_first(option: Option, effect: Effect) -> Option:
    return replace(option, effects=(effect, *option.effects))


def _replacement_options(
    irregularity: Irregularity, call: Call, record: int, kind: Replacement,
    answers: Mapping[str, Answer],
) -> tuple[Option, ...]:
    """The options on the replacement: LHO's on another insufficient bid (27B4), else the
    Director applies the part of 27B that fits. After a premature replacement the first
    insufficient bid is still to be cancelled: LHO's refusal of it is the ``decline``."""
    lho = irregularity.offender.lho
    premature = irregularity.stage == ""
    which = which_part(irregularity, call, kind, answers)
    if which is Part.B4:
        accept_id = "accept-replacement" if premature else "accept"
        return (
            Option(accept_id, msg("Law 27B4: {call}, another insufficient bid, is accepted and "
                                  "stands", call=call), lho,
                   second_insufficient_bid_accepted(irregularity, call, record)),
            Option("decline", msg("Law 27B4: {call} is not accepted either: as 27B3, it is "
                                  "cancelled, the offender calls again and his partner must "
                                  "pass for the rest of the auction", call=call), lho,
                   second_insufficient_bid_declined(irregularity, call, record)),
        )
    effects, description = _ruling_on(irregularity, call, record, which)
    if premature:
        return (Option("decline", msg("Law 27C: the insufficient bid is not accepted and 27B "
                                      "applies to the replacement: {description}",
                                      description=description), lho, effects),)
    return (Option("rectify", description, DIRECTOR, effects),)


def _ruling_on(
    irregularity: Irregularity, call: Call, record: int, which: Part
) -> tuple[tuple[Effect, ...], str]:
    if which in (Part.B1A, Part.B1B):
        return (continue_normally(irregularity, record, which),
                msg("{which} applies: the auction continues with no further rectification (27D "
                    "review at the end of play)", which=which))
    if which is Part.B2:
        return (partner_must_pass(irregularity, record),
                msg("27B2 applies: {call} stands and the offender's partner must pass for the "
                    "rest of the auction", call=call))
    if which is Part.B3:
        return (double_cancelled(irregularity, call, record),
                msg("27B3 applies: {call} is cancelled, the offender calls again and his "
                    "partner must pass for the rest of the auction", call=call))
    edition = irregularity.edition
    return ((withdrawn_call_information(irregularity, irregularity.record),
             CallAgain(ref(edition, "27C"), irregularity.offender, call, record)),
            msg("{call} is ruled on under its own law (Law 38)", call=call))


def _decide_replacement(
    irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str
) -> Decision:
    """Step 2: the offender's replacement, after LHO declined the insufficient bid."""
    seat, call, record = irregularity.later_calls[-1]
    kind = replacement_kind(auction_at_bid(irregularity), seat, call)
    questions = replacement_questions(irregularity, call, kind, answers)
    options = _replacement_options(irregularity, call, record, kind, answers)
    waits_for = frozenset({seat.lho}) if kind is Replacement.INSUFFICIENT_BID else frozenset()
    return _decision(irregularity, answers, decision_id, ("27", "27B"), questions, options,
                     waits_for)


def _decide_substitute(
    irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str
) -> Decision:
    """Step 3: after 27B3/27B4 the offender's call is again a double, redouble or
    insufficient bid: cancelled again (27B3), or, an insufficient bid, LHO may accept it
    (27B4). Partner is already barred for the rest of the auction."""
    edition = irregularity.edition
    seat, call, record = irregularity.later_calls[-1]
    lho = seat.lho
    again = (withdrawn_call_information(irregularity, record),
             Watch(ref(edition, "27B"), replace(irregularity, stage=SUBSTITUTE)))
    if isinstance(call, Bid):
        options = (
            Option("accept", msg("Law 27B4: {call}, another insufficient bid, is accepted and "
                                 "stands", call=call), lho,
                   _accept_later_bid(irregularity, call, record)),
            Option("decline", msg("Law 27B4: {call} is not accepted: as 27B3, it is cancelled "
                                  "and the offender calls again", call=call), lho,
                   (CancelCalls(ref(edition, "27B4"), (record,)), Cite(ref(edition, "27B3")),
                    *again)),
        )
        return _decision(irregularity, answers, decision_id, ("27", "27B4"), (), options,
                         frozenset({lho}))
    option = Option("rectify", msg("Law 27B3: {call} is cancelled and the offender calls again",
                                   call=call),
                    DIRECTOR, (CancelCalls(ref(edition, "27B3"), (record,)), *again))
    return _decision(irregularity, answers, decision_id, ("27", "27B3"), (), (option,),
                     frozenset())


RECTIFICATION = Rectification(decide, call_before_ruling, later_call)
