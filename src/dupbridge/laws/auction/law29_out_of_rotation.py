"""Law 29: procedure after a call out of rotation (with 28B, and the Laws 30-33 it leads
to).

1. The call out of rotation (stage ""). Its left-hand opponent may accept it (29A: calling
   over it accepts it, or option ``accept``); the player whose turn it was, an opponent,
   may call in rotation instead and so forfeits the rectification (28B). When that player
   is also the left-hand opponent (the offender called at the dealer's turn before anyone
   had called), the Director says whether he knew of the call out of rotation
   (question ``lho-aware``: 29A if he did, 28B if not). When it is the offender's partner,
   his call is in rotation and the call out of rotation stays cancelled, subject to Laws
   30-32 (catalogue §19 Q2). Otherwise the call is cancelled (29B, option ``cancel``), the
   auction goes back to the player whose turn it was, and Law 30, 31 or 32 applies (29C: an
   artificial call as the denominations it specified). The Director may instead find it
   was made at the same time as the call in turn (Law 33, option ``simultaneous``).
2. Later stages (``Irregularity.stage``, see ``out_of_rotation``): the rectification
   watches the right-hand opponent's call and the offender's call at his turn, holding the
   offender's call when the Director must judge it (2017 comparable call; 2007 29C).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from dupbridge.core.calls import DOUBLE, PASS, REDOUBLE, Bid, Call
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.auction import (
    law28_calls_in_rotation,
    law30_pass_out_of_rotation,
    law31_bid_out_of_rotation,
    law32_double_out_of_rotation,
    law33_simultaneous_calls,
)
from dupbridge.laws.auction.out_of_rotation import (
    OutOfRotation,
    as_out_of_rotation,
    at_stage,
    first_call_of,
    held,
    is_current,
    made_since,
    required_to_pass,
    ruled_call,
    ruled_record,
    withdrawn_tag,
)
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref
from dupbridge.laws.machinery.rectification import LaterCallContext, Rectification
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    Bar,
    BarKind,
    BarScope,
    CallAgain,
    CancelCalls,
    Cite,
    Decision,
    Effect,
    Irregularity,
    IrregularityKind,
    LiftBars,
    Option,
    Question,
    Resolution,
    Review,
    StandCall,
    Watched,
)
from dupbridge.rules.auction import Auction

# Option and question ids (public vocabulary)
ACCEPT = "accept"
CANCEL = "cancel"
RECTIFY = "rectify"
SIMULTANEOUS = law33_simultaneous_calls.SIMULTANEOUS
LHO_AWARE = "lho-aware"
ARTIFICIAL = law30_pass_out_of_rotation.ARTIFICIAL


# Which calls are changes of call, not calls out of rotation


@law("30B3", editions=LAWS_2007, title="Pass at LHO's turn after one's own call: Law 25")
@law("30B2", editions=LAWS_2017, title="Pass at LHO's turn after one's own call: Law 25")
@law("31C", editions=LAWS_2017, title="Later calls at LHO's turn: changes of call, Law 25")
@law("32C", editions=LAWS_2017, title="Later calls at LHO's turn: changes of call, Law 25")
def change_of_call_at_lho_turn(auction: Auction, seat: Seat) -> bool:
    """A call by a player at his left-hand opponent's turn, after his own call (2007 30B3
    and the 31B footnote; 2017 30B2, 31C, 32C): the player made the last standing call, so
    it is a change of call (Law 25), not a call out of rotation. (2017 31C/32C say "bids";
    the 2007 footnote says calls, and a double is read the same way: erratum C-6.)"""
    return bool(auction.calls) and auction.calls[-1].seat is seat


# The call out of rotation accepted, forfeited or cancelled


@law("29A", title="Left-hand opponent calls over the call out of rotation: it stands")
def accepted(irregularity: OutOfRotation) -> StandCall:
    """29A: the offender's left-hand opponent elects to call, forfeiting the rectification;
    the call stands and the rotation goes on from it (the players it skipped keep their
    right to call, 2007 17E2 / 2017 17D3, Law 34)."""
    return StandCall(ref(irregularity.edition, "29A"), irregularity.withdrawn_record)


def governing_law(irregularity: OutOfRotation, answers: Mapping[str, Answer]) -> int:
    """Law 30 for a pass, 31 for a bid (or an artificial pass, 30C), 32 for a double or
    redouble. At a later stage, the law whose clause names the stage."""
    if irregularity.stage[:2].isdigit():
        return int(irregularity.stage[:2])
    call = irregularity.call
    if call is PASS:
        return 31 if law30_pass_out_of_rotation.is_artificial(answers) else 30
    if call is DOUBLE or call is REDOUBLE:
        return 32
    return 31


def _law_after_cancel(
    irregularity: OutOfRotation, answers: Mapping[str, Answer], partner_called: bool
) -> tuple[Effect, ...]:
    number = governing_law(irregularity, answers)
    if number == 30:
        return law30_pass_out_of_rotation.cancelled(irregularity, partner_called)
    if number == 31:
        return law31_bid_out_of_rotation.cancelled(irregularity)
    return law32_double_out_of_rotation.cancelled(irregularity)


@law("29B", title="Call out of rotation cancelled; Laws 30-32 apply")
def cancelled(
    irregularity: OutOfRotation, answers: Mapping[str, Answer], partner_call: Effect | None = None
) -> tuple[Effect, ...]:
    """29B: the call out of rotation is cancelled and the auction reverts to the player
    whose turn it was; its information is authorised to the non-offending side only (2007
    16D, 2017 16C), and the offending side is subject to Law 30, 31 or 32. ``partner_call``:
    the offender's partner called at that turn before the ruling (§19 Q2), in rotation."""
    edition = irregularity.edition
    effects: list[Effect] = [
        CancelCalls(ref(edition, "29B"), (irregularity.withdrawn_record,)),
        withdrawn_tag(irregularity),
    ]
    if partner_call is not None:
        effects.append(partner_call)
    if irregularity.offender_barred is not None:
        effects.append(Cite(irregularity.offender_barred.law))  # he stays barred (§19 Q1)
    effects.extend(_law_after_cancel(irregularity, answers, partner_call is not None))
    return tuple(effects)


# The Director's questions


def _questions(irregularity: OutOfRotation) -> tuple[Question, ...]:
    if irregularity.call is PASS:
        return (law30_pass_out_of_rotation.artificial_pass_question(irregularity.edition),)
    return ()


@law("29A", title="The player whose turn it was is the left-hand opponent: did he call over it?")
@law("28B", title="The player whose turn it was is the left-hand opponent: did he call over it?")
def lho_aware_question(irregularity: OutOfRotation, call: Call) -> Question:
    """When the offender called at his left-hand opponent's turn before having called (the
    dealer's turn), that opponent is both the one who may accept by calling (29A) and the
    player whose call in rotation forfeits the rectification (28B): the call out of rotation
    stands under 29A, is cancelled under 28B. The Director says which (catalogue J-ACCEPT:
    29A if he knew of the call out of rotation). Default: he knew, when his call makes sense
    over it (it would be legal after it); not, when it would not (e.g. a bid it does not
    supersede)."""
    lho = irregularity.offender.lho
    after = irregularity.standing.with_call(irregularity.offender, irregularity.call)
    return Question(
        LHO_AWARE,
        msg("{lho} called {call} at his own turn, after {offender}'s {call2} out of rotation. "
            "Did he know of that call and call over it (Law 29A: it stands), or call unaware "
            "of it (Law 28B: it is cancelled)?",
            lho=lho, call=call, offender=irregularity.offender, call2=irregularity.call),
        ref(irregularity.edition, "29A"),
        default=after.is_permitted(lho, call),
    )


# Decisions


def _clauses(irregularity: OutOfRotation, answers: Mapping[str, Answer]) -> tuple[LawRef, ...]:
    edition = irregularity.edition
    clauses = [ref(edition, clause) for clause in ("28", "29", "29A", "29B")]
    clauses.append(ref(edition, str(governing_law(irregularity, answers))))
    call = irregularity.call
    if isinstance(call, Bid) and not irregularity.standing.is_sufficient(call):
        clauses.append(ref(edition, "27A2"))
    if irregularity.offender_barred is not None:
        clauses.append(irregularity.offender_barred.law)
    return tuple(clauses)


def _decide_call(
    irregularity: OutOfRotation, answers: Mapping[str, Answer], decision_id: str
) -> Decision:
    """Stage "": accept (the left-hand opponent, 29A), cancel (29B and Laws 30-32), or the
    Director finds it simultaneous with the call in turn (33)."""
    lho = irregularity.offender.lho
    assert irregularity.turn is not None
    return Decision(
        id=decision_id,
        irregularity=irregularity,
        clauses=_clauses(irregularity, answers),
        questions=_questions(irregularity),
        answers=answers,
        options=(
            Option(ACCEPT, msg("Law 29A: the call stands and the auction continues from it"), lho,
                   (accepted(irregularity),)),
            Option(CANCEL, msg("Law 29B: the call is cancelled and the auction goes back to "
                               "the player whose turn it was; Law {governing_law} applies",
                               governing_law=governing_law(irregularity, answers)), lho,
                   cancelled(irregularity, answers)),
            Option(SIMULTANEOUS, msg("Law 33: it was made at the same time as the call of the "
                                     "player whose turn it was, and is taken as made after it"),
                   DIRECTOR,
                   law33_simultaneous_calls.simultaneous(irregularity)),
        ),
        waits_for=frozenset({lho, irregularity.turn}),
    )


def _decide_lho_called(
    irregularity: OutOfRotation, answers: Mapping[str, Answer], decision_id: str
) -> Decision:
    """The left-hand opponent, whose turn it was, called before the ruling (J-ACCEPT)."""
    edition = irregularity.edition
    seat, call, record = irregularity.calls_before_ruling[-1]
    question = lho_aware_question(irregularity, call)
    if answers.get(LHO_AWARE, question.default) is True:
        option = Option(ACCEPT, msg("Law 29A: {seat} called over it; the call stands",
                                    seat=seat),
                        DIRECTOR, (accepted(irregularity), CallAgain(ref(edition, "29A"), seat,
                                                                     call, record)))
    else:
        option = Option(CANCEL, msg("Law 28B: {seat} called in rotation; the call out of "
                                    "rotation is cancelled", seat=seat), DIRECTOR,
                        law28_calls_in_rotation.forfeited(irregularity, seat, call,
                                                          record).effects)
    return Decision(
        id=decision_id,
        irregularity=irregularity,
        clauses=(ref(edition, "28B"), ref(edition, "29A")),
        questions=(question,),
        answers=answers,
        options=(option, _simultaneous_option(irregularity)),
    )


def _simultaneous_option(irregularity: OutOfRotation) -> Option:
    return Option(SIMULTANEOUS, msg("Law 33: the two calls were made at the same time; the "
                                    "call in turn is taken first, the other after it"), DIRECTOR,
                  law33_simultaneous_calls.simultaneous_with_call_before_ruling(irregularity))


def _decide_partner_called(
    irregularity: OutOfRotation, answers: Mapping[str, Answer], decision_id: str
) -> Decision:
    """The offender's partner, whose turn it was, called before the ruling. 28B speaks only
    of an opponent; catalogue §19 Q2, its suggested answer: the partner's call is in
    rotation and stands, the call out of rotation stays cancelled and Laws 30-32 apply."""
    edition = irregularity.edition
    seat, call, record = irregularity.calls_before_ruling[-1]
    in_rotation = CallAgain(ref(edition, "29B"), seat, call, record)
    return Decision(
        id=decision_id,
        irregularity=irregularity,
        clauses=_clauses(irregularity, answers),
        questions=_questions(irregularity),
        answers=answers,
        options=(
            Option(CANCEL, msg("Law 29B: the call out of rotation is cancelled; {seat}'s "
                               "{call} stands in rotation; Law {governing_law} applies",
                               seat=seat, call=call,
                               governing_law=governing_law(irregularity, answers)), DIRECTOR,
                   cancelled(irregularity, answers, in_rotation)),
            _simultaneous_option(irregularity),
        ),
        note=msg("Catalogue §19 Q2: the offender's partner called at his turn before the "
                 "ruling; his call is taken in rotation and the offending side stays subject "
                 "to Laws 30-32."),
    )


# Later stages: the offender's call at his turn, judged


@dataclass(frozen=True, slots=True)
class OffenderCallRule:
    """How a law judges the offender's call at his turn: the Director's questions (none:
    the law decides alone) and the effects, given his answers."""

    clause: str
    questions: Callable[[OutOfRotation, Call], tuple[Question, ...]]
    effects: Callable[[OutOfRotation, Call, Mapping[str, Answer]], tuple[Effect, ...]]


def _no_questions(irregularity: OutOfRotation, call: Call) -> tuple[Question, ...]:
    return ()


_L30 = law30_pass_out_of_rotation
_L31 = law31_bid_out_of_rotation
_L32 = law32_double_out_of_rotation
_Y07, _Y17 = Edition.LAWS_2007, Edition.LAWS_2017

OFFENDER_CALL_RULES: dict[tuple[Edition, str], OffenderCallRule] = {
    (_Y07, _L31.OFFENDER_AFTER_RHO): OffenderCallRule(
        "31A2", _L31.offender_call_questions_2007, _L31.offender_call_2007),
    (_Y07, _L31.OFFENDER_CALL): OffenderCallRule(
        "31B", _no_questions, _L31.offender_final_call_2007),
    (_Y07, _L32.OFFENDER_AFTER_PARTNER[_Y07]): OffenderCallRule(
        "32A", _no_questions, _L32.offender_final_call_2007),
    (_Y07, _L32.OFFENDER_AFTER_RHO[_Y07]): OffenderCallRule(
        "32B2", _no_questions, _L32.offender_final_call_2007),
    (_Y17, _L30.OFFENDER_CALL_2017): OffenderCallRule(
        "30B1(b)", _L30.offender_call_questions_2017, _L30.offender_call_2017),
    (_Y17, _L31.OFFENDER_AFTER_RHO): OffenderCallRule(
        "31A2", _L31.offender_call_questions_2017, _L31.offender_call_2017),
    (_Y17, _L31.OFFENDER_CALL): OffenderCallRule(
        "31B2", _L31.offender_call_questions_2017, _L31.offender_call_after_partner_2017),
    (_Y17, _L32.OFFENDER_AFTER_RHO[_Y17]): OffenderCallRule(
        "32A2", _L32.offender_call_questions_2017, _L32.offender_call_after_rho_2017),
    (_Y17, _L32.OFFENDER_AFTER_PARTNER[_Y17]): OffenderCallRule(
        "32B2", _L32.offender_call_questions_2017, _L32.offender_call_after_partner_2017),
}


@dataclass(frozen=True, slots=True)
class RhoCallRule:
    """How a law goes on from the right-hand opponent's call: a pass (the offender must
    repeat) or a bid, double or redouble (the offender's call is judged next)."""

    repeat_stage: str
    acted_stage: str
    passed: Callable[[OutOfRotation, Auction], tuple[tuple[Effect, ...], bool]]
    acted: Callable[[OutOfRotation], tuple[Effect, ...]]


RHO_CALL_RULES: dict[tuple[Edition, str], RhoCallRule] = {
    (edition, _L31.RHO_CALL): RhoCallRule(_L31.REPEAT, _L31.OFFENDER_AFTER_RHO,
                                          _L31.rho_passed, _L31.rho_acted)
    for edition in Edition
} | {
    (_Y07, _L32.RHO_CALL[_Y07]): RhoCallRule(_L32.REPEAT[_Y07], _L32.OFFENDER_AFTER_RHO[_Y07],
                                             _L32.rho_passed, _L32.rho_acted_2007),
    (_Y17, _L32.RHO_CALL[_Y17]): RhoCallRule(_L32.REPEAT[_Y17], _L32.OFFENDER_AFTER_RHO[_Y17],
                                             _L32.rho_passed, _L32.rho_acted_2017),
}

REPEAT_STAGES = frozenset((edition, rule.repeat_stage)
                          for (edition, _), rule in RHO_CALL_RULES.items())


def _decide_offender_call(
    irregularity: OutOfRotation, answers: Mapping[str, Answer], decision_id: str
) -> Decision:
    """A later stage: the offender's call at his turn, held for the Director."""
    edition = irregularity.edition
    rule = OFFENDER_CALL_RULES[(edition, irregularity.stage)]
    call = ruled_call(irregularity)
    effects = (StandCall(ref(edition, rule.clause), ruled_record(irregularity)),
               *rule.effects(irregularity, call, answers))
    return Decision(
        id=decision_id,
        irregularity=irregularity,
        clauses=(ref(edition, str(governing_law(irregularity, answers))),
                 ref(edition, rule.clause)),
        questions=rule.questions(irregularity, call),
        answers=answers,
        options=(Option(RECTIFY, msg("Law {clause}: {offender}'s {call} stands and is judged "
                                     "against the cancelled {call2}",
                                     clause=rule.clause, offender=irregularity.offender,
                                     call=call, call2=irregularity.call), DIRECTOR, effects),),
    )


def decide(irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str) -> Decision:
    called = as_out_of_rotation(irregularity)
    if called.stage:
        return _decide_offender_call(called, answers, decision_id)
    if called.calls_before_ruling:
        if called.calls_before_ruling[-1][0] is called.offender.lho:
            return _decide_lho_called(called, answers, decision_id)
        return _decide_partner_called(called, answers, decision_id)
    return _decide_call(called, answers, decision_id)


def called_before_ruling(
    irregularity: Irregularity, seat: Seat, call: Call, record: int
) -> Irregularity | Resolution:
    """A call before the ruling: by the left-hand opponent, 29A (or, when it was his turn,
    the Director's question ``lho-aware``); by the player whose turn it was, an opponent,
    28B; by the offender's partner whose turn it was, the Director's ruling (§19 Q2). Any
    other opponent (11A, forfeited): as a call over it, 29A."""
    called = as_out_of_rotation(irregularity)
    offender = called.offender
    if seat is called.turn and seat is offender.lho:
        return called.with_call_before_ruling(seat, call, record)
    if seat is called.turn and seat.is_opponent_of(offender):
        return law28_calls_in_rotation.forfeited(called, seat, call, record)
    if seat.is_opponent_of(offender):
        return Resolution((accepted(called), CallAgain(ref(called.edition, "29A"), seat, call,
                                                       record)))
    return called.with_call_before_ruling(seat, call, record)


# Watching later calls


def later_call(context: LaterCallContext) -> Watched | None:
    called = as_out_of_rotation(context.irregularity)
    key = (called.edition, called.stage)
    if called.stage == law33_simultaneous_calls.STAGE:
        return law33_simultaneous_calls.later_call(called, context)
    if key in RHO_CALL_RULES:
        return _rho_call(called, RHO_CALL_RULES[key], context)
    if key in REPEAT_STAGES:
        return _repeat(called, context)
    if key in OFFENDER_CALL_RULES:
        return _offender_call(called, context, made_since(context), ())
    return Watched()


def _rho_call(
    called: OutOfRotation, rule: RhoCallRule, context: LaterCallContext
) -> Watched | None:
    """The right-hand opponent's call, once it stands (an illegal one is rectified first in
    the usual way: 2007 31 footnote *, 2017 footnote 8)."""
    made = made_since(context)
    if not made:
        return None
    offender, rho = called.offender, called.offender.rho
    seat, call = made[0]
    if seat is not rho:
        return Watched(effects=(
            _by_hand(called, msg("the right-hand opponent did not call next")),))
    if call is not PASS:
        later = at_stage(called, rule.acted_stage)
        effects = rule.acted(called)
        return _offender_call(later, context, made[1:], effects) or Watched(
            effects=effects, done=False, keep=later)
    # A player required to pass since his call out of rotation (a card exposed in the
    # auction, 24B; a bar of 37B2 / 38C...) stays required to pass (§19 Q1).
    barred = called.offender_barred or required_to_pass(context.bars, offender)
    # The auction as RHO's pass left it (a pass that stood by a ruling is in the auction
    # already, and calls may have followed it).
    effects, must_repeat = rule.passed(replace(called, offender_barred=barred),
                                       called.standing.with_call(rho, PASS))
    repeat = first_call_of(offender, made[1:])
    if repeat is None:
        if must_repeat:
            return Watched(effects=effects, done=False, keep=at_stage(called, rule.repeat_stage))
        return Watched(effects=effects)
    # The offender called at once, RHO's compulsory pass deemed made (28A).
    if repeat == called.call or not must_repeat:
        return Watched(effects=tuple(e for e in effects if not isinstance(e, CallAgain)))
    bar = Bar(offender, BarScope.NEXT, ref(called.edition, rule.repeat_stage), BarKind.REPEAT,
              called.call)
    breach = Irregularity(IrregularityKind.BARRED_PLAYER_CALLED, called.edition, offender,
                          repeat, context.record, offender, offender_barred=bar)
    return Watched(rule=breach)


def calls_stood(irregularity: Irregularity, auction: Auction,
                bars: tuple[Bar, ...]) -> Watched | None:
    """Calls that stood by a ruling (a pass substituted for the right-hand opponent's
    illegal call, 37B2 / 38C: 2007 31 footnote *, 2017 footnote 8): at the right-hand
    opponent's turn, his pass obliges the offender to repeat his call at once (31A1, 2007
    32B1, 2017 32A1), so the table offers him only that call. Left to the offender's next
    call when he has called too."""
    called = as_out_of_rotation(irregularity)
    rule = RHO_CALL_RULES.get((called.edition, called.stage))
    if rule is None:
        return None
    # The watched call is "not standing" (verdict): only the calls in the auction count.
    context = LaterCallContext(called, called.offender, called.call, called.record, called,
                               auction, bars)
    made = made_since(context)
    if not made or first_call_of(called.offender, made[1:]) is not None:
        return None
    return _rho_call(called, rule, context)


def _repeat(called: OutOfRotation, context: LaterCallContext) -> Watched | None:
    """The offender's call at his turn, when he must repeat: the obligation ends with it
    (a different call is ruled on in its own right, ``law30_32_obligations``)."""
    offender = called.offender
    if context.seat is not offender:
        return None
    clause = ref(called.edition, called.stage)
    effects: list[Effect] = [LiftBars(clause, offender, (BarKind.REPEAT,))]
    if context.verdict is None and context.call == called.call:
        effects.append(Cite(clause))  # repeated, legal: no rectification
    return Watched(effects=tuple(effects))


def _offender_call(
    called: OutOfRotation,
    context: LaterCallContext,
    made: tuple[tuple[Seat, Call], ...],
    before: tuple[Effect, ...],
) -> Watched | None:
    """The offender's call at his turn, once it stands: judged by its law at once when there
    is nothing to ask, else held for the Director. (An irregular call is ruled on first by
    its own law; his final call at that turn is the one judged.)"""
    rule = OFFENDER_CALL_RULES[(called.edition, called.stage)]
    call = first_call_of(called.offender, made)
    if call is None:
        return None
    if not rule.questions(called, call):
        return Watched(effects=(*before, *rule.effects(called, call, {})))
    if is_current(context, called.offender):
        return Watched(effects=before, rule=held(called, called.stage, context))
    return Watched(effects=(*before, _by_hand(called, msg("the offender's {call} stood before "
                                                          "it could be judged", call=call))))


def _by_hand(called: OutOfRotation, why: str) -> Review:
    law = ref(called.edition, str(governing_law(called, {})))
    return Review(law, msg("Law {clause}: {why}; the Director completes the rectification of "
                           "{offender}'s {call} out of rotation by hand",
                           clause=law.clause, why=why, offender=called.offender, call=called.call))


RECTIFICATION = Rectification(decide, called_before_ruling, later_call,
                              calls_stood=calls_stood)
