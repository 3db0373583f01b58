"""Law 30: pass out of rotation, not accepted (29A) and so cancelled (29B).

2007: before any player has bid, the offender must pass at his next turn (30A); after a
bid, at his right-hand opponent's turn, the same (30B1); at his partner's turn, he must pass
for the rest of the auction and his partner may not double or redouble at that turn
(30B2); at his left-hand opponent's turn it is a change of call (30B3, Law 25).
2017: at his right-hand opponent's turn, he must pass at his next turn (30A); at his
partner's turn (or his left-hand opponent's, if he had not called), his partner calls
freely under 16C2 and his own call at his turn is tested for comparability: not comparable,
his partner must pass at his next turn (30B1); 30B2 is the change of call.
30C: an artificial pass, or a pass of partner's artificial call, is rectified under Law 31.
"""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.calls import PASS, Call
from dupbridge.core.edition import Edition
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.laws.auction.law23_comparable_call import comparable_question
from dupbridge.laws.auction.out_of_rotation import (
    OutOfRotation,
    Turn,
    at_stage,
    comparable_ruling,
    nobody_has_bid,
    whose_turn,
)
from dupbridge.laws.machinery.clauses import (
    LAWS_2007,
    LAWS_2017,
    awareness_review,
    ref,
)
from dupbridge.laws.machinery.ruling import (
    Answer,
    BarKind,
    BarScope,
    Cite,
    Effect,
    ImposeBar,
    Question,
    Review,
    Watch,
)

ARTIFICIAL = "artificial"
"""Question id (30C, catalogue J-ARTIFICIAL-PASS)."""

OFFENDER_CALL_2017 = "30B1"
"""Stage: waiting for the offender's call at his turn (2017 30B1(b))."""


@law("30C", title="Artificial pass, or pass of partner's artificial call: Law 31 applies")
def artificial_pass_question(edition: Edition) -> Question:
    """30C: the Director says whether the pass was artificial, or a pass of partner's
    artificial call; if so it is rectified as a bid out of rotation (Law 31)."""
    return Question(
        ARTIFICIAL,
        msg("Was the pass out of rotation artificial, or a pass of partner's artificial call? "
            "If so it is rectified under Law 31, not Law 30 (30C)."),
        ref(edition, "30C"),
        default=False,
    )


def is_artificial(answers: Mapping[str, Answer]) -> bool:
    return answers.get(ARTIFICIAL) is True


def _review(irregularity: OutOfRotation, clause: str) -> Review:
    return awareness_review(irregularity.edition, clause, msg("the pass out of rotation"))


# 2007


@law("30A", editions=LAWS_2007, title="Before any player has bid: offender passes once")
def before_any_bid_2007(irregularity: OutOfRotation) -> tuple[Effect, ...]:
    """2007 30A: whoever's turn it was, the offender must pass when next it is his turn;
    Law 23 may apply."""
    return (ImposeBar(ref(irregularity.edition, "30A"), irregularity.offender, BarScope.NEXT),
            _review(irregularity, "30A"))


@law("30B", editions=LAWS_2007, title="After a player has bid")
@law("30B1", editions=LAWS_2007, title="At right-hand opponent's turn: offender passes once")
def at_rho_turn_2007(irregularity: OutOfRotation) -> tuple[Effect, ...]:
    """2007 30B1: the offender must pass when next it is his turn."""
    return (ImposeBar(ref(irregularity.edition, "30B1"), irregularity.offender, BarScope.NEXT),)


@law("30B2", editions=LAWS_2007, title="At partner's turn")
@law("30B2(a)", editions=LAWS_2007, title="Offender passes for the rest of the auction")
@law("30B2(b)", editions=LAWS_2007, title="Partner may not double or redouble at that turn")
def at_partner_turn_2007(
    irregularity: OutOfRotation, partner_called: bool = False
) -> tuple[Effect, ...]:
    """2007 30B2: (a) the offender must pass for the rest of the auction; (b) his partner
    may make any sufficient bid or pass at that turn, but not double or redouble. Law 23
    may apply. ``partner_called``: the partner called at that turn before the ruling
    (catalogue §19 Q2), so that turn is over and (b) has nothing left to forbid."""
    edition = irregularity.edition
    offender = irregularity.offender
    effects: list[Effect] = [
        ImposeBar(ref(edition, "30B2(a)"), offender, BarScope.REST),
        _review(irregularity, "30B2"),
    ]
    if not partner_called:
        effects.append(ImposeBar(ref(edition, "30B2(b)"), offender.partner, BarScope.NEXT,
                                 BarKind.NO_DOUBLE))
    return tuple(effects)


# 2017


@law("30A", editions=LAWS_2017, title="At right-hand opponent's turn: offender passes once")
def at_rho_turn_2017(irregularity: OutOfRotation) -> tuple[Effect, ...]:
    """2017 30A: the offender must pass when next it is his turn; Law 72C applies."""
    return (ImposeBar(ref(irregularity.edition, "30A"), irregularity.offender, BarScope.NEXT),
            _review(irregularity, "30A"))


@law("30B", editions=LAWS_2017, title="At partner's or left-hand opponent's turn")
@law("30B1", editions=LAWS_2017, title="Partner's turn, or LHO's before the offender called")
@law("30B1(a)", editions=LAWS_2017, title="Partner calls freely, Law 16C2 applies")
def at_partner_or_lho_turn_2017(irregularity: OutOfRotation) -> tuple[Effect, ...]:
    """2017 30B1(a): the offender's partner makes any legal call at his turn, the cancelled
    pass being unauthorised information to him (16C2); then the offender's own call at his
    turn is judged (30B1(b))."""
    edition = irregularity.edition
    return (Cite(ref(edition, "30B1(a)")),
            Watch(ref(edition, "30B1(b)"), at_stage(irregularity, OFFENDER_CALL_2017)))


def offender_call_questions_2017(irregularity: OutOfRotation, call: Call) -> tuple[Question, ...]:
    return (comparable_question(PASS, call),)


@law("30B1(b)", editions=LAWS_2017, title="Offender calls freely at his turn")
@law("30B1(b)(i)", editions=LAWS_2017, title="Comparable call: no further rectification")
@law("30B1(b)(ii)", editions=LAWS_2017, title="Not comparable: partner passes once")
def offender_call_2017(
    irregularity: OutOfRotation, call: Call, answers: Mapping[str, Answer]
) -> tuple[Effect, ...]:
    """2017 30B1(b): the offender's call at his turn is comparable to the cancelled pass
    (i): no further rectification, no Law 26B (see 23C); or not (ii): his partner must pass
    when next it is his turn, and Laws 16C, 26B and 72C may apply."""
    return comparable_ruling(irregularity, call, answers, "30B1(b)(i)", "30B1(b)(ii)")


# The rectification once the pass is cancelled


def cancelled(irregularity: OutOfRotation, partner_called: bool = False) -> tuple[Effect, ...]:
    """What Law 30 does once the pass out of rotation is cancelled (29B), by edition and by
    whose turn it was. (A pass at the left-hand opponent's turn after one's own call is a
    change of call and never comes here: 2007 30B3, 2017 30B2.)"""
    turn = whose_turn(irregularity)
    if irregularity.edition is Edition.LAWS_2007:
        if nobody_has_bid(irregularity) or turn is Turn.LHO:
            return before_any_bid_2007(irregularity)
        if turn is Turn.RHO:
            return at_rho_turn_2007(irregularity)
        return at_partner_turn_2007(irregularity, partner_called)
    if turn is Turn.RHO:
        return at_rho_turn_2017(irregularity)
    return at_partner_or_lho_turn_2017(irregularity)
