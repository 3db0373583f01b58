"""Law 27: the insufficient bid (2007 as revised in March 2008, and 2017): the irregularity,
what its replacement is (27B1(a), 27B1(b), 27B2-27B4) with the Director's questions that
judge it, and what each part of 27B does. The steps of the rectification (who accepts,
declines or replaces, and when) are in ``law27_rectification``.

27A2: an insufficient bid out of rotation is a call out of rotation (Law 31).
27D: after 27B1 the Director reviews at the end of play whether the insufficient bid helped.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum

from dupbridge.core.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Denomination
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import N_, msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.auction import law25_change_of_call
from dupbridge.laws.auction.law23_comparable_call import (
    comparable_question,
    comparable_replacement,
    is_comparable,
)
from dupbridge.laws.auction.law26_lead_restrictions import ReplacedCallRestriction
from dupbridge.laws.machinery.clauses import (
    LAWS_2007,
    LAWS_2017,
    awareness_review,
    lead_restrictions,
    ref,
    withdrawn_information,
)
from dupbridge.laws.machinery.ruling import (
    Answer,
    BarScope,
    CancelCalls,
    Cite,
    Effect,
    ImposeBar,
    InformationTag,
    Irregularity,
    IrregularityKind,
    LeadRestriction,
    Question,
    Review,
    StandCall,
    Watch,
)
from dupbridge.rules.auction import Auction

# Question ids (public vocabulary, see the report of issue 3)
NOT_ARTIFICIAL = "not-artificial"


SAME_OR_MORE_PRECISE = "same-or-more-precise"


SAME_DENOMINATION = "same-denomination"


# Stages of the rectification (``Irregularity.stage``)
REPLACEMENT = "replacement"


SUBSTITUTE = "substitute"


@dataclass(frozen=True, slots=True)
class InsufficientBid(Irregularity):
    """An insufficient bid, with the auction it failed to supersede: 27B judges the
    replacement against that auction (is it sufficient, the lowest sufficient bid in the
    same denomination, a double Law 19 permits?)."""

    auction: Auction | None = None

    def describe(self) -> str:
        """With the replacement under judgement, when there is one."""
        text = Irregularity.describe(self)  # (slots dataclasses have no zero-argument super)
        if self.stage == REPLACEMENT and self.later_calls:
            return msg("{text}, replaced by {later_calls}",
                       text=text, later_calls=self.later_calls[-1][1])
        if self.stage == SUBSTITUTE and self.later_calls:
            return msg("{text}, then {later_calls} (after 27B3/27B4)",
                       text=text, later_calls=self.later_calls[-1][1])
        offender_calls = [call for seat, call, _ in self.calls_before_ruling
                          if seat is self.offender]
        if not self.stage and offender_calls:
            return msg("{text}, replaced by {offender_calls} before the ruling",
                       text=text, offender_calls=offender_calls[-1])
        return text


def insufficient_bid(
    edition: Edition, seat: Seat, call: Bid, record: int, auction: Auction
) -> InsufficientBid:
    """The irregularity of an insufficient bid in rotation (Law 18D), for the dispatcher."""
    return InsufficientBid(IrregularityKind.INSUFFICIENT_BID, edition, seat, call, record, seat,
                           auction=auction)


@law("27A2", title="Insufficient bid out of rotation: Law 31 applies")
def out_of_rotation_kind() -> IrregularityKind:
    """27A2: an insufficient bid made out of rotation is rectified as a call out of rotation
    (Laws 29 and 31), not under Law 27; if the offender must repeat it in rotation later
    (31A1), it is then an insufficient bid in rotation (catalogue §19 Q3)."""
    return IrregularityKind.CALL_OUT_OF_ROTATION


# What the replacement is


class Replacement(Enum):
    """The offender's replacement call, as Law 27B sorts it."""

    SUFFICIENT_BID = N_("sufficient bid")
    PASS = "pass"
    DOUBLE = N_("double or redouble permitted by Law 19")
    INADMISSIBLE_DOUBLE = N_("double or redouble not permitted by Law 19")
    INSUFFICIENT_BID = N_("another insufficient bid")
    ABOVE_SEVEN = N_("bid of more than seven")


class Part(Enum):
    """Which part of 27B applies to the replacement."""

    B1A = "27B1(a)"
    B1B = "27B1(b)"
    B2 = "27B2"
    B3 = "27B3"
    B4 = "27B4"
    OWN_LAW = N_("its own law")  # a bid above seven: Law 38


def replacement_kind(auction: Auction, seat: Seat, call: Call) -> Replacement:
    if call is PASS:
        return Replacement.PASS
    if call is DOUBLE or call is REDOUBLE:
        permitted = auction.is_permitted(seat, call)
        return Replacement.DOUBLE if permitted else Replacement.INADMISSIBLE_DOUBLE
    assert isinstance(call, Bid)
    if not call.is_legal_level:
        return Replacement.ABOVE_SEVEN
    if auction.is_sufficient(call):
        return Replacement.SUFFICIENT_BID
    return Replacement.INSUFFICIENT_BID


def lowest_sufficient_bid(auction: Auction, denomination: Denomination) -> Bid | None:
    """The lowest sufficient bid in ``denomination`` (None above seven)."""
    for level in range(1, 8):
        bid = Bid(level, denomination)
        if auction.is_sufficient(bid):
            return bid
    return None


def auction_at_bid(irregularity: Irregularity) -> Auction:
    assert isinstance(irregularity, InsufficientBid) and irregularity.auction is not None, (
        "an insufficient bid is built by law27_insufficient_bid.insufficient_bid")
    return irregularity.auction


def _bid(irregularity: Irregularity) -> Bid:
    action = irregularity.action
    assert isinstance(action, Bid)
    return action


def _is_lowest_in_same_denomination(irregularity: Irregularity, call: Call) -> bool:
    lowest = lowest_sufficient_bid(auction_at_bid(irregularity), _bid(irregularity).denomination)
    return call == lowest


# The Director's questions


def unintended_questions(edition: Edition) -> tuple[Question, ...]:
    """Law 25A, asked first: was the insufficient bid an unintended call (2007: changed
    without pause for thought)? If so, 25A lets him replace it by the call he meant."""
    return law25_change_of_call.unintended_questions(edition, msg("the insufficient bid"))


def not_artificial_question(ib: Bid, replacement: Call) -> Question:
    """2007 27B1(a): both bids incontrovertibly not artificial; any doubt is a no."""
    return Question(
        NOT_ARTIFICIAL,
        msg("Are both the insufficient {ib} and the replacement {replacement} incontrovertibly "
            "not artificial (any doubt: no)?", ib=ib, replacement=replacement),
        ref(Edition.LAWS_2007, "27B1(a)"),
        default=False,
    )


def same_or_more_precise_question(ib: Bid, replacement: Call) -> Question:
    """2007 27B1(b): the replacement's meaning is the same as, or more precise than and
    fully contained in, the possible meanings of the insufficient bid as the offender meant
    it (what a call shows and what it excludes; suits and strength)."""
    return Question(
        SAME_OR_MORE_PRECISE,
        msg("Does {replacement} have the same meaning as the insufficient {ib}, or a more "
            "precise one fully contained in its possible meanings (every hand that would make "
            "the replacement could have made {ib} as the offender meant it, in suits and "
            "strength)?", replacement=replacement, ib=ib),
        ref(Edition.LAWS_2007, "27B1(b)"),
        default=False,
    )


def same_denomination_question(ib: Bid, replacement: Bid, default: bool) -> Question:
    """2017 27B1(a): one question on the replacement (erratum C-4), not one per bid. The
    proposed answer is yes when it is the lowest sufficient bid in the denomination of the
    insufficient bid (natural bids specify their own denomination), no otherwise."""
    return Question(
        SAME_DENOMINATION,
        msg("Is {replacement} the lowest sufficient bid that specifies the same "
            "denomination(s) as the insufficient {ib} (length, control or shortness in them, "
            "artificial or not)?", replacement=replacement, ib=ib),
        ref(Edition.LAWS_2017, "27B1(a)"),
        default=default,
    )


def replacement_questions(
    irregularity: Irregularity, call: Call, kind: Replacement, answers: Mapping[str, Answer]
) -> tuple[Question, ...]:
    """What the Director must judge about the replacement: 27B1(a), then 27B1(b) unless
    (a) already applies. Nothing for a call that cannot be 27B1 (not a legal call)."""
    edition = irregularity.edition
    ib = _bid(irregularity)
    if kind not in (Replacement.SUFFICIENT_BID, Replacement.PASS, Replacement.DOUBLE):
        return ()
    first: tuple[Question, ...] = ()
    if kind is Replacement.SUFFICIENT_BID:
        lowest = _is_lowest_in_same_denomination(irregularity, call)
        if edition is Edition.LAWS_2017:
            assert isinstance(call, Bid)
            first = (same_denomination_question(ib, call, default=lowest),)
        elif lowest:
            first = (not_artificial_question(ib, call),)
    if first and answers.get(first[0].id) is True:
        return first
    meaning = (same_or_more_precise_question(ib, call) if edition is Edition.LAWS_2007
               else comparable_question(ib, call))
    return (*first, meaning)


@law("27B1(a)", editions=LAWS_2007,
     title="Lowest sufficient bid in the same denomination, both incontrovertibly natural")
def lowest_natural_bid_2007(
    irregularity: Irregularity, call: Call, answers: Mapping[str, Answer]
) -> bool:
    """2007 27B1(a): the replacement is the lowest sufficient bid in the same denomination
    (mechanical) and the Director finds both bids incontrovertibly not artificial."""
    return (_is_lowest_in_same_denomination(irregularity, call)
            and answers.get(NOT_ARTIFICIAL) is True)


@law("27B1(a)", editions=LAWS_2017,
     title="Lowest sufficient bid specifying the same denomination(s)")
def lowest_bid_in_same_denominations_2017(
    irregularity: Irregularity, call: Call, answers: Mapping[str, Answer]
) -> bool:
    """2017 27B1(a): the Director finds the replacement the lowest sufficient bid that
    specifies the same denomination(s), artificial or not (proposed: yes for the lowest
    sufficient bid in the same denomination)."""
    assert isinstance(call, Bid)
    default = _is_lowest_in_same_denomination(irregularity, call)
    return answers.get(SAME_DENOMINATION, default) is True


@law("27B1(b)", editions=LAWS_2007, title="Replacement with the same or a more precise meaning")
@law("27B1(b)", editions=LAWS_2017, title="Replacement by a comparable call (Law 23A)")
def same_meaning(irregularity: Irregularity, answers: Mapping[str, Answer]) -> bool:
    """27B1(b): 2007, the Director finds the replacement's meaning the same or more precise
    (fully contained in the insufficient bid's); 2017, a comparable call (Law 23A)."""
    if irregularity.edition is Edition.LAWS_2007:
        return answers.get(SAME_OR_MORE_PRECISE) is True
    return is_comparable(answers)


def which_part(
    irregularity: Irregularity, call: Call, kind: Replacement, answers: Mapping[str, Answer]
) -> Part:
    """Which part of 27B applies, with the Director's answers (or the proposed defaults)."""
    if kind is Replacement.ABOVE_SEVEN:
        return Part.OWN_LAW
    if kind is Replacement.INSUFFICIENT_BID:
        return Part.B4
    if kind is Replacement.INADMISSIBLE_DOUBLE:
        return Part.B3  # not a legal call: 27B1(b) cannot apply
    questions = replacement_questions(irregularity, call, kind, answers)
    given = {q.id: answers.get(q.id, q.default) for q in questions}
    if kind is Replacement.SUFFICIENT_BID:
        b1a = (lowest_natural_bid_2007 if irregularity.edition is Edition.LAWS_2007
               else lowest_bid_in_same_denominations_2017)
        if b1a(irregularity, call, given):
            return Part.B1A
    if same_meaning(irregularity, given):
        return Part.B1B
    return Part.B3 if kind is Replacement.DOUBLE else Part.B2


# What each part of 27B does


def _nos(irregularity: Irregularity) -> Side:
    return irregularity.offender.lho.side


def withdrawn_call_information(irregularity: Irregularity, record: int) -> InformationTag:
    """2007 16D / 2017 16C: authorised to the non-offending side, unauthorised to the
    offenders."""
    edition = irregularity.edition
    return InformationTag(withdrawn_information(edition), record, _nos(irregularity))


@law("27D", title="Non-offending side damaged after 27B1: adjusted score")
def review_27d(irregularity: Irregularity) -> Review:
    """27D: at the end of play, could the outcome well have been different without the
    assistance of the insufficient bid, damaging the non-offending side? The adjustment
    aims at the probable outcome had the insufficient bid not been made; the side that made
    it is not treated as an offending side (AEB commentary, WBFLC)."""
    who = irregularity.offender
    return Review(ref(irregularity.edition, "27D"),
                  msg("27D: without the assistance of {who}'s insufficient {action}, could the "
                      "result well have been different, damaging the non-offending side? Would "
                      "they probably have reached the same contract in a normal auction? (Do "
                      "not treat them as offenders.)", who=who, action=irregularity.action))


def _awareness(irregularity: Irregularity, clause: str) -> Review:
    """2007 Law 23 / 2017 Law 72C, which 27B2 and 27B3 invoke."""
    return awareness_review(irregularity.edition, clause, msg("the insufficient bid (for "
                                                              "instance through his partner's "
                                                              "enforced pass)"))


@law("27B1", title="Replacement without further rectification")
def continue_normally(
    irregularity: Irregularity, record: int, which: Part
) -> tuple[Effect, ...]:
    """27B1(a)/(b): the replacement stands and the auction continues with no further
    rectification: no bar, and no Law 26 (2007: WBFLC decision, AEB commentary; 2017: in
    the text, 26A). The insufficient bid's information is authorised to both sides (2007
    B1(a) "16D does not apply", and the WBFLC reading for B1(b); 2017 B1(a) "16C does not
    apply", 23B for a comparable call). 27D: reviewed at the end of play."""
    edition = irregularity.edition
    clause = ref(edition, which.value)
    effects: list[Effect] = [StandCall(clause, record), Cite(ref(edition, "27B1"))]
    if which is Part.B1B and edition is Edition.LAWS_2017:
        effects += [*comparable_replacement(irregularity.record, irregularity.offender),
                    Cite(ref(edition, "26A"))]
    else:
        effects.append(InformationTag(clause, irregularity.record, None))
    effects.append(review_27d(irregularity))
    return tuple(effects)


@law("27B2", title="Other sufficient bid or pass: partner passes throughout")
def partner_must_pass(irregularity: Irregularity, record: int) -> tuple[Effect, ...]:
    """27B2: any other sufficient bid, or a pass, stands; the offender's partner must pass
    whenever it is his turn to call, for the rest of the auction; Law 26 may apply (2017
    26B) and see Law 23 (2017 72C).

    2017: the FFB text says "at his next turn"; that is a translation defect (catalogue §18
    E1, erratum C-1): FR17 27B3, every 2007 text and the WBF English bar him for the rest of
    the auction."""
    edition = irregularity.edition
    offender = irregularity.offender
    clause = ref(edition, "27B2")
    return (
        StandCall(clause, record),
        ImposeBar(clause, offender.partner, BarScope.REST),
        withdrawn_call_information(irregularity, irregularity.record),
        LeadRestriction(lead_restrictions(edition), offender, _bid(irregularity)),
        _awareness(irregularity, "27B2"),
    )


def _partner_barred(
    irregularity: Irregularity, withdrawn: tuple[tuple[Call, int], ...], clause: LawRef
) -> tuple[Effect, ...]:
    """27B3 (and 27B4 through it): partner must pass for the rest of the auction; the
    withdrawn calls' information is unauthorised to the offenders; Law 26 may apply to each
    withdrawn call (catalogue §19 Q9: one restriction per withdrawn call); see Law 23/72C."""
    edition = irregularity.edition
    offender = irregularity.offender
    return (
        ImposeBar(clause, offender.partner, BarScope.REST),
        *(withdrawn_call_information(irregularity, record) for _, record in withdrawn),
        *(LeadRestriction(lead_restrictions(edition), offender, call) for call, _ in withdrawn),
        _awareness(irregularity, clause.clause),
        Watch(clause, replace(irregularity, stage=SUBSTITUTE)),
    )


@law("27B3", title="Double or redouble substituted: cancelled, partner passes throughout")
def double_cancelled(irregularity: Irregularity, call: Call, record: int) -> tuple[Effect, ...]:
    """27B3: a double or redouble (unless 27B1(b) applies) is cancelled; the offender must
    replace the insufficient bid as 27B allows, and his partner must pass for the rest of the
    auction, whatever he then calls. A double Law 19 does not permit is dealt with here too:
    Law 36B would cancel it and bar partner for the rest of the auction just the same."""
    clause = ref(irregularity.edition, "27B3")
    return (
        CancelCalls(clause, (record,)),
        *_partner_barred(irregularity, ((_bid(irregularity), irregularity.record),
                                        (call, record)), clause),
    )


@law("27B4", title="Another insufficient bid: LHO may accept it, otherwise as 27B3")
def second_insufficient_bid_declined(
    irregularity: Irregularity, call: Call, record: int
) -> tuple[Effect, ...]:
    """27B4: the left-hand opponent does not accept the second insufficient bid: the
    Director rules as in 27B3 (cancelled, the offender calls again, partner barred for the
    rest of the auction)."""
    clause = ref(irregularity.edition, "27B4")
    return (
        CancelCalls(clause, (record,)),
        Cite(ref(irregularity.edition, "27B3")),
        *_partner_barred(irregularity, ((_bid(irregularity), irregularity.record),
                                        (call, record)), clause),
    )


@law("27B4", title="Another insufficient bid accepted by LHO")
def second_insufficient_bid_accepted(
    irregularity: Irregularity, call: Call, record: int
) -> tuple[Effect, ...]:
    """27B4 with 27A1: the left-hand opponent accepts the second insufficient bid; it
    stands. The first one stays withdrawn: its information is unauthorised to the offenders
    (2007 16D, 2017 16C) and Law 26 applies by its own preamble (erratum B-1), judged at the
    lead: 2007, a different final call at that turn; 2017, unless the accepted bid is
    comparable (26A, which then lifts 16C2 as 23B does)."""
    edition = irregularity.edition
    return (
        StandCall(ref(edition, "27B4"), record),
        Cite(ref(edition, "27A1")),
        withdrawn_call_information(irregularity, irregularity.record),
        ReplacedCallRestriction(lead_restrictions(edition), irregularity.offender,
                                _bid(irregularity), call),
    )
