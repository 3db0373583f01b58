"""Law 31: bid out of rotation (also an artificial pass, or a pass of partner's artificial
call, 30C), not accepted (29A) and so cancelled (29B).

At the right-hand opponent's turn (31A), what he calls decides: he passes, the offender
must repeat his call, and if it is legal there is no rectification (31A1); he bids, doubles
or redoubles, the offender calls freely and his call is judged (31A2). 2007: repeating the
denomination (29C: the one specified) bars partner once, otherwise partner is barred for
the rest of the auction and Law 26 may apply. 2017: a comparable call, nothing more;
otherwise partner must pass once and 16C, 26B, 72C may apply.

At partner's turn, or the left-hand opponent's when the offender had not called (31B):
2007, partner must pass for the rest of the auction (Law 26 may apply); 2017, partner calls
freely (16C2) and the offender's call at his turn is judged as in 31A2 (31B2). Later calls
at the left-hand opponent's turn are changes of call (2007 footnote, 2017 31C: Law 25).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations

from dupbridge.core.calls import PASS, Bid, Call, Denomination
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.laws.auction.law23_comparable_call import comparable_question
from dupbridge.laws.auction.law26_lead_restrictions import ReplacedCallRestriction
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
    lead_restrictions,
    ref,
)
from dupbridge.laws.machinery.ruling import (
    Answer,
    BarKind,
    BarScope,
    CallAgain,
    Cite,
    Effect,
    ImposeBar,
    Question,
    Review,
    Watch,
)
from dupbridge.rules.auction import Auction

SPECIFIED_DENOMINATIONS = "specified-denominations"
"""Question id (29C, catalogue J-SPECIFIED-DENOMS)."""

# Stages (``Irregularity.stage``): what the rectification waits for
RHO_CALL = "31A"  # the right-hand opponent's call
REPEAT = "31A1"  # the offender's repeat, after RHO passed
OFFENDER_AFTER_RHO = "31A2"  # the offender's call, after RHO bid, doubled or redoubled
OFFENDER_CALL = "31B"  # the offender's call at his turn, after a bid at partner's turn


def _review(irregularity: OutOfRotation, clause: str) -> Review:
    return awareness_review(irregularity.edition, clause, msg("the call out of rotation"))


# 31A: at the right-hand opponent's turn (both editions)


@law("31A", title="At right-hand opponent's turn: his call decides")
def at_rho_turn(irregularity: OutOfRotation) -> tuple[Effect, ...]:
    """31A: the right-hand opponent calls at his turn; what he calls decides (31A1/31A2).
    An illegal call by him is rectified first, in the usual way (footnote *)."""
    edition = irregularity.edition
    return (Cite(ref(edition, "31A")), Watch(ref(edition, "31A"), at_stage(irregularity, RHO_CALL)))


def repeat_obligation(
    irregularity: OutOfRotation, clause: LawRef, after: Auction
) -> tuple[tuple[Effect, ...], bool]:
    """The offender must repeat his call out of rotation (31A1, 2007 32B1, 2017 32A1), now
    that his right-hand opponent passed (``after``: the auction with that pass). Returns the
    effects, and whether the obligation is still to be met (a bar ``REPEAT``: the table
    offers him only that call, erratum A-2).

    If the call cannot be legal now (an insufficient bid made out of rotation, 27A2), it is
    taken as repeated at once and ruled on in its own right, in rotation: Law 27 (catalogue
    §19 Q3) or Law 36. A player required to pass stays required to pass (§19 Q1): he cannot
    repeat a bid, double or redouble, and the bar he is under decides his call."""
    offender = irregularity.offender
    call = irregularity.call
    if after.is_over:
        return (), False  # the pass ended the auction: there is no turn to repeat at
    barred = irregularity.offender_barred
    if barred is not None and call is not PASS:
        return (Cite(clause), Review(clause, msg("{clause}: {offender} must still pass "
                                                 "({barred}); he cannot repeat {call}",
                                                 clause=clause.clause, offender=offender,
                                                 barred=barred, call=call))), False
    if after.is_permitted(offender, call):
        return (ImposeBar(clause, offender, BarScope.NEXT, BarKind.REPEAT, call),), True
    return (CallAgain(clause, offender, call, irregularity.withdrawn_record),), False


@law("31A1", title="Right-hand opponent passes: the offender must repeat his call")
def rho_passed(irregularity: OutOfRotation, after: Auction) -> tuple[tuple[Effect, ...], bool]:
    """31A1: the offender must repeat the call out of rotation; if it is legal, there is no
    rectification."""
    return repeat_obligation(irregularity, ref(irregularity.edition, "31A1"), after)


@law("31A2", title="Right-hand opponent bids, doubles or redoubles: offender calls freely")
def rho_acted(irregularity: OutOfRotation) -> tuple[Effect, ...]:
    """31A2: the offender may make any legal call; that call is then judged."""
    return (Cite(ref(irregularity.edition, "31A2")),)


# 2007 31A2: does the offender repeat the denomination?


def _denomination_name(denomination: Denomination) -> str:
    return denomination.name.lower()


def denominations_answer(denominations: frozenset[Denomination]) -> str:
    chosen = sorted(denominations)
    return "+".join(_denomination_name(d) for d in chosen) if chosen else "none"


def parse_denominations(answer: Answer) -> frozenset[Denomination]:
    if not isinstance(answer, str) or answer == "none":
        return frozenset()
    return frozenset(Denomination[name.upper()] for name in answer.split("+"))


DENOMINATION_SETS: tuple[str, ...] = tuple(
    denominations_answer(frozenset(chosen))
    for size in range(6) for chosen in combinations(tuple(Denomination), size)
)
"""Every answer the question about specified denominations takes."""


@law("29C", editions=LAWS_2007, title="Artificial call out of rotation: denominations specified")
def specified_denominations_question(bid: Bid) -> Question:
    """29C: Laws 30-32 apply to the denomination(s) an artificial call out of rotation
    specified, not to the one it named. Which those were is the Director's judgement
    (catalogue J-SPECIFIED-DENOMS); default: the bid was natural."""
    natural = denominations_answer(frozenset({bid.denomination}))
    return Question(
        SPECIFIED_DENOMINATIONS,
        msg("Which denomination(s) did the {bid} out of rotation specify? A natural bid "
            "specifies the one it names; an artificial one those it showed (29C: Laws 30-32 "
            "apply to those, not to the denomination named).", bid=bid),
        ref(Edition.LAWS_2007, "29C"),
        default=natural,
        choices=DENOMINATION_SETS,
        # An answer other than the denomination named finds the bid artificial: the ruling
        # rests on 29C and cites it.
        cites=tuple((answer, ref(Edition.LAWS_2007, "29C"))
                    for answer in DENOMINATION_SETS if answer != natural),
    )


def repeats_denomination(
    withdrawn: Call, call: Call, answers: Mapping[str, Answer]
) -> bool:
    """2007 31A2(a): the offender's bid is in a denomination his bid out of rotation
    specified (29C). A pass out of rotation (30C) never counts as repeated (31A2(b))."""
    if not isinstance(withdrawn, Bid) or not isinstance(call, Bid):
        return False
    question = specified_denominations_question(withdrawn)
    specified = parse_denominations(answers.get(question.id, question.default))
    return call.denomination in specified


def offender_call_questions_2007(irregularity: OutOfRotation, call: Call) -> tuple[Question, ...]:
    withdrawn = irregularity.call
    if isinstance(withdrawn, Bid) and isinstance(call, Bid):
        return (specified_denominations_question(withdrawn),)
    return ()


@law("31A2(a)", editions=LAWS_2007, title="Denomination repeated: partner passes once")
@law("31A2(b)", editions=LAWS_2007, title="Otherwise partner passes throughout; Law 26")
def offender_call_2007(
    irregularity: OutOfRotation, call: Call, answers: Mapping[str, Answer]
) -> tuple[Effect, ...]:
    """2007 31A2: the offender's call repeats the denomination of his bid out of rotation
    (a): his partner must pass when next it is his turn; otherwise, or if the call out of
    rotation was an artificial pass or a pass of partner's artificial call (b): his partner
    must pass for the rest of the auction and Law 26 may apply (by its preamble: a different
    final call at that turn, judged at the lead). Law 23 may apply either way."""
    edition = irregularity.edition
    partner = irregularity.offender.partner
    if repeats_denomination(irregularity.call, call, answers):
        return (ImposeBar(ref(edition, "31A2(a)"), partner, BarScope.NEXT),
                _review(irregularity, "31A2(a)"))
    return (
        ImposeBar(ref(edition, "31A2(b)"), partner, BarScope.REST),
        ReplacedCallRestriction(lead_restrictions(edition), irregularity.offender,
                                irregularity.call, call),
        _review(irregularity, "31A2(b)"),
    )


# 2017 31A2: is the offender's call comparable?


def offender_call_questions_2017(irregularity: OutOfRotation, call: Call) -> tuple[Question, ...]:
    return (comparable_question(irregularity.call, call),)


@law("31A2(a)", editions=LAWS_2017, title="Comparable call: no further rectification")
@law("31A2(b)", editions=LAWS_2017, title="Not comparable: partner passes once")
def offender_call_2017(
    irregularity: OutOfRotation, call: Call, answers: Mapping[str, Answer]
) -> tuple[Effect, ...]:
    """2017 31A2: comparable (a), no further rectification and no Law 26B (see 23C); not
    comparable (b), partner must pass when next it is his turn, 16C, 26B and 72C may apply."""
    return comparable_ruling(irregularity, call, answers, "31A2(a)", "31A2(b)")


# 31B: at partner's turn, or the left-hand opponent's when the offender had not called


@law("31B", editions=LAWS_2007, title="At partner's or LHO's turn: partner passes throughout")
def at_partner_or_lho_turn_2007(irregularity: OutOfRotation) -> tuple[Effect, ...]:
    """2007 31B: the offender's partner must pass for the rest of the auction (Law 23 may
    apply); Law 26 may apply to the cancelled call, judged on the offender's final call at
    his turn (``offender_final_call_2007``)."""
    edition = irregularity.edition
    return (
        ImposeBar(ref(edition, "31B"), irregularity.offender.partner, BarScope.REST),
        _review(irregularity, "31B"),
        Watch(ref(edition, "31B"), at_stage(irregularity, OFFENDER_CALL)),
    )


@law("31B", editions=LAWS_2007, title="Law 26 may apply to the cancelled bid")
def offender_final_call_2007(
    irregularity: OutOfRotation, call: Call, answers: Mapping[str, Answer]
) -> tuple[Effect, ...]:
    """2007 31B, "the lead restrictions of Law 26 may apply": by Law 26's preamble, when his
    final call at that turn differs from the cancelled one (catalogue T-26-fn: the same
    call with a very different meaning counts as different, asked at the lead)."""
    return (ReplacedCallRestriction(lead_restrictions(irregularity.edition),
                                    irregularity.offender, irregularity.call, call),)


@law("31B", editions=LAWS_2017, title="At partner's or left-hand opponent's turn")
@law("31B1", editions=LAWS_2017, title="Partner calls freely, Law 16C2 applies")
def at_partner_or_lho_turn_2017(irregularity: OutOfRotation) -> tuple[Effect, ...]:
    """2017 31B1: the offender's partner makes any legal call at his turn, the cancelled
    call being unauthorised information to him (16C2); 31B2 judges the offender's call."""
    edition = irregularity.edition
    return (Cite(ref(edition, "31B1")),
            Watch(ref(edition, "31B2"), at_stage(irregularity, OFFENDER_CALL)))


@law("31B2", editions=LAWS_2017, title="Offender's call at his turn judged as in 31A2")
def offender_call_after_partner_2017(
    irregularity: OutOfRotation, call: Call, answers: Mapping[str, Answer]
) -> tuple[Effect, ...]:
    """2017 31B2: the offender makes any legal call at his turn; the Director rules as in
    31A2(a) or 31A2(b)."""
    return (Cite(ref(irregularity.edition, "31B2")),
            *comparable_ruling(irregularity, call, answers, "31A2(a)", "31A2(b)"))


def cancelled(irregularity: OutOfRotation) -> tuple[Effect, ...]:
    """What Law 31 does once the call out of rotation is cancelled (29B)."""
    if whose_turn(irregularity) is Turn.RHO:
        return at_rho_turn(irregularity)
    if irregularity.edition is Edition.LAWS_2007:
        return at_partner_or_lho_turn_2007(irregularity)
    return at_partner_or_lho_turn_2017(irregularity)
