"""Law 32: double or redouble out of rotation, not accepted (29A) and so cancelled (29B).

An inadmissible double or redouble out of rotation can never be accepted: the dispatcher
sends it to Law 36 (preamble; 36B4). The editions swap the order of the sub-laws:

- 2007: 26B may apply to the cancelled call (preamble, by Law 26's own preamble: a
  different final call at that turn). At partner's turn, partner must pass for the rest of
  the auction (32A). At the right-hand opponent's turn (32B): he passes, the offender must
  repeat (32B1); he bids, doubles or redoubles, the offender calls freely and partner must
  pass for the rest of the auction (32B2).
- 2017: at the right-hand opponent's turn (32A): he passes, the offender must repeat
  (32A1); he acts, the offender's call is judged for comparability (32A2). At partner's turn
  (32B): partner calls freely under 16C2, the offender's call is judged as in 32A2. 32C:
  later calls at the left-hand opponent's turn are changes of call (Law 25).
"""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.calls import Call
from dupbridge.core.edition import Edition
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.laws.auction.law23_comparable_call import comparable_question
from dupbridge.laws.auction.law26_lead_restrictions import ReplacedCallRestriction
from dupbridge.laws.auction.law31_bid_out_of_rotation import repeat_obligation
from dupbridge.laws.auction.out_of_rotation import (
    OutOfRotation,
    Turn,
    at_stage,
    comparable_ruling,
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
    BarScope,
    Cite,
    Effect,
    ImposeBar,
    Question,
    Review,
    Watch,
)
from dupbridge.rules.auction import Auction

# Stages (``Irregularity.stage``), named after the clause deciding them in each edition
RHO_CALL = {Edition.LAWS_2007: "32B", Edition.LAWS_2017: "32A"}
REPEAT = {Edition.LAWS_2007: "32B1", Edition.LAWS_2017: "32A1"}
OFFENDER_AFTER_RHO = {Edition.LAWS_2007: "32B2", Edition.LAWS_2017: "32A2"}
OFFENDER_AFTER_PARTNER = {Edition.LAWS_2007: "32A", Edition.LAWS_2017: "32B"}


def _review(irregularity: OutOfRotation, clause: str) -> Review:
    return awareness_review(irregularity.edition, clause, msg("his partner's enforced pass"))


def _lead_restriction_2007(irregularity: OutOfRotation, call: Call) -> ReplacedCallRestriction:
    """2007 preamble: "the lead restrictions of Law 26B may apply" to the cancelled double
    or redouble, by Law 26's preamble: only if the offender's final call at that turn
    differs from it (the same call with a very different meaning counts as different)."""
    edition = irregularity.edition
    return ReplacedCallRestriction(ref(edition, "26B"), irregularity.offender, irregularity.call,
                                   call)


# 2007


@law("32A", editions=LAWS_2007, title="At partner's turn: partner passes throughout")
def at_partner_turn_2007(irregularity: OutOfRotation) -> tuple[Effect, ...]:
    """2007 32A: the offender's partner must pass for the rest of the auction (see Law 23);
    Law 26B may apply, judged on the offender's call at his turn."""
    edition = irregularity.edition
    return (
        ImposeBar(ref(edition, "32A"), irregularity.offender.partner, BarScope.REST),
        _review(irregularity, "32A"),
        Watch(ref(edition, "32"), at_stage(irregularity, OFFENDER_AFTER_PARTNER[edition])),
    )


@law("32", editions=LAWS_2007, title="Cancelled double or redouble: Law 26B may apply")
def offender_final_call_2007(
    irregularity: OutOfRotation, call: Call, answers: Mapping[str, Answer]
) -> tuple[Effect, ...]:
    """2007 preamble: Law 26B may apply to the cancelled double or redouble (by Law 26's
    own preamble, at the lead: the offender's final call at that turn must differ)."""
    return (_lead_restriction_2007(irregularity, call),)


# At the right-hand opponent's turn: 2007 32B, 2017 32A (the same rule, lettered apart)

AT_RHO_TURN = {Edition.LAWS_2007: "32B", Edition.LAWS_2017: "32A"}
RHO_PASSED = {Edition.LAWS_2007: "32B1", Edition.LAWS_2017: "32A1"}


@law("32B", editions=LAWS_2007, title="At right-hand opponent's turn: his call decides")
@law("32A", editions=LAWS_2017, title="At right-hand opponent's turn: his call decides")
def at_rho_turn(irregularity: OutOfRotation) -> tuple[Effect, ...]:
    edition = irregularity.edition
    clause = ref(edition, AT_RHO_TURN[edition])
    return (Cite(clause), Watch(clause, at_stage(irregularity, RHO_CALL[edition])))


@law("32B1", editions=LAWS_2007, title="Right-hand opponent passes: offender must repeat")
@law("32A1", editions=LAWS_2017, title="Right-hand opponent passes: offender must repeat")
def rho_passed(irregularity: OutOfRotation, after: Auction) -> tuple[tuple[Effect, ...], bool]:
    """The offender must repeat his double or redouble; no rectification, unless it is
    inadmissible now (Law 36)."""
    edition = irregularity.edition
    return repeat_obligation(irregularity, ref(edition, RHO_PASSED[edition]), after)


@law("32B2", editions=LAWS_2007, title="Right-hand opponent acts: partner passes throughout")
def rho_acted_2007(irregularity: OutOfRotation) -> tuple[Effect, ...]:
    """2007 32B2: the offender may make any legal call at his turn, but his partner must
    pass for the rest of the auction (see Law 23)."""
    edition = irregularity.edition
    return (ImposeBar(ref(edition, "32B2"), irregularity.offender.partner, BarScope.REST),
            _review(irregularity, "32B2"))


# 2017


@law("32A2", editions=LAWS_2017, title="Right-hand opponent acts: offender calls freely")
def rho_acted_2017(irregularity: OutOfRotation) -> tuple[Effect, ...]:
    return (Cite(ref(irregularity.edition, "32A2")),)


def offender_call_questions_2017(irregularity: OutOfRotation, call: Call) -> tuple[Question, ...]:
    return (comparable_question(irregularity.call, call),)


@law("32A2(a)", editions=LAWS_2017, title="Comparable call: no further rectification")
@law("32A2(b)", editions=LAWS_2017, title="Not comparable: partner passes once")
def offender_call_after_rho_2017(
    irregularity: OutOfRotation, call: Call, answers: Mapping[str, Answer]
) -> tuple[Effect, ...]:
    """2017 32A2: comparable (a), no further rectification and no Law 26B (see 23C); not
    comparable (b), partner must pass when next it is his turn, 16C, 26B, 72C may apply."""
    return comparable_ruling(irregularity, call, answers, "32A2(a)", "32A2(b)")


@law("32B", editions=LAWS_2017, title="At partner's turn")
@law("32B1", editions=LAWS_2017, title="Partner calls freely, Law 16C2 applies")
def at_partner_turn_2017(irregularity: OutOfRotation) -> tuple[Effect, ...]:
    edition = irregularity.edition
    return (Cite(ref(edition, "32B1")),
            Watch(ref(edition, "32B2"),
                  at_stage(irregularity, OFFENDER_AFTER_PARTNER[edition])))


@law("32B2", editions=LAWS_2017, title="Offender's call at his turn judged as in 32A2")
def offender_call_after_partner_2017(
    irregularity: OutOfRotation, call: Call, answers: Mapping[str, Answer]
) -> tuple[Effect, ...]:
    return (Cite(ref(irregularity.edition, "32B2")),
            *comparable_ruling(irregularity, call, answers, "32A2(a)", "32A2(b)"))


def cancelled(irregularity: OutOfRotation) -> tuple[Effect, ...]:
    """What Law 32 does once the double or redouble out of rotation is cancelled (29B)."""
    if whose_turn(irregularity) is Turn.RHO:
        return at_rho_turn(irregularity)
    if irregularity.edition is Edition.LAWS_2007:
        return at_partner_turn_2007(irregularity)
    return at_partner_turn_2017(irregularity)
