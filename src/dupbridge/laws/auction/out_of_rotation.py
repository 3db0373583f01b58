"""What Laws 28-33 share about a call out of rotation: the irregularity with the auction it
was made in, whose turn it was, and the calls made since it was cancelled.

After a call out of rotation is cancelled (29B), Laws 30-32 often wait for later calls: the
right-hand opponent's call (31A, 2007 32B, 2017 32A), then the offender's own call at his
turn. The rectification ``Watch``es the auction in stages named after the clause that
decides them (``Irregularity.stage``): e.g. "31A" waits for RHO's call, "31A1" for the
offender's repeat, "31A2" for the offender's call after RHO acted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum

from dupbridge.core.calls import PASS, Call
from dupbridge.core.edition import Edition
from dupbridge.core.messages import N_, msg
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.auction.law23_comparable_call import comparable_replacement, is_comparable
from dupbridge.laws.machinery.clauses import (
    awareness_of_damage,
    ref,
    unauthorised_information,
    withdrawn_information,
)
from dupbridge.laws.machinery.rectification import LaterCallContext
from dupbridge.laws.machinery.ruling import (
    Answer,
    Bar,
    BarKind,
    BarScope,
    Cite,
    Effect,
    ImposeBar,
    InformationTag,
    Irregularity,
    IrregularityKind,
    LeadRestriction,
    Review,
)
from dupbridge.rules.auction import Auction

CallAt = tuple[Seat, Call, int]  # a call and its index in the table's record


@dataclass(frozen=True, slots=True)
class OutOfRotation(Irregularity):
    """A call out of rotation, with the standing auction it was made in (``auction``).

    ``withdrawn_record``: the record of the call out of rotation. The first decision rules
    on that call (``record`` is the same); a later stage rules on the offender's call at his
    turn, held for the Director, and ``record`` is then that call's record."""

    auction: Auction | None = None
    withdrawn_record: int = -1

    @property
    def call(self) -> Call:
        """The call made out of rotation."""
        assert isinstance(self.action, Call)
        return self.action

    @property
    def standing(self) -> Auction:
        """The standing auction when the call was made out of rotation (empty when another
        law handed over an irregularity built without it)."""
        if self.auction is not None:
            return self.auction
        return Auction(self.turn or self.offender.lho)


def required_to_pass(bars: tuple[Bar, ...], seat: Seat) -> Bar | None:
    """The bar by which ``seat`` must pass, if any (Law 37)."""
    return next((bar for bar in bars if bar.seat is seat and bar.kind is BarKind.PASS), None)


def call_out_of_rotation(
    kind: IrregularityKind,
    edition: Edition,
    seat: Seat,
    call: Call,
    record: int,
    auction: Auction,
    bars: tuple[Bar, ...] = (),
) -> OutOfRotation:
    """The irregularity of ``call`` by ``seat`` out of rotation, for the dispatcher. A player
    required to pass who calls out of rotation is ruled on under Laws 29-32 and stays barred
    (catalogue §19 Q1): his bar is kept in ``offender_barred``."""
    barred = required_to_pass(bars, seat)
    return OutOfRotation(
        kind, edition, seat, call, record, auction.next_to_call,
        offender_barred=barred, auction=auction, withdrawn_record=record,
    )


def as_out_of_rotation(irregularity: Irregularity) -> OutOfRotation:
    if isinstance(irregularity, OutOfRotation):
        return irregularity
    return OutOfRotation(
        irregularity.kind, irregularity.edition, irregularity.offender, irregularity.action,
        irregularity.record, irregularity.turn, offender_barred=irregularity.offender_barred,
        own_last_call=irregularity.own_last_call,
        calls_before_ruling=irregularity.calls_before_ruling, stage=irregularity.stage,
        later_calls=irregularity.later_calls, withdrawn_record=irregularity.record,
    )


class Turn(Enum):
    """Whose turn it was, seen from the offender."""

    RHO = N_("his right-hand opponent's turn")
    PARTNER = N_("his partner's turn")
    LHO = N_("his left-hand opponent's turn")  # before he had called: the dealer's turn


def whose_turn(irregularity: Irregularity) -> Turn:
    turn, offender = irregularity.turn, irregularity.offender
    if turn is offender.rho:
        return Turn.RHO
    if turn is offender.partner:
        return Turn.PARTNER
    return Turn.LHO


def nobody_has_bid(irregularity: OutOfRotation) -> bool:
    """No player had bid when the call was made (2007 30A). Unknown auction: taken as
    after a bid."""
    return irregularity.auction is not None and irregularity.auction.last_bid is None


def non_offending_side(irregularity: Irregularity) -> Side:
    return irregularity.offender.lho.side


def withdrawn_tag(irregularity: OutOfRotation) -> InformationTag:
    """The cancelled call's information: authorised to the non-offending side, unauthorised
    to the offending side (2007 16D; 2017 16C2, which 30B1(a), 31B1 and 32B1 name)."""
    edition = irregularity.edition
    law = (withdrawn_information(edition) if edition is Edition.LAWS_2007
           else unauthorised_information(edition))
    return InformationTag(law, irregularity.withdrawn_record, non_offending_side(irregularity))


def at_stage(irregularity: OutOfRotation, stage: str) -> OutOfRotation:
    return replace(irregularity, stage=stage)


def held(irregularity: OutOfRotation, stage: str, context: LaterCallContext) -> OutOfRotation:
    """The rectification at ``stage``, ruling on the call of ``context``, which the table
    holds for the Director."""
    return replace(
        irregularity, stage=stage, record=context.record,
        later_calls=(*irregularity.later_calls, (context.seat, context.call, context.record)),
    )


def ruled_call(irregularity: OutOfRotation) -> Call:
    """The offender's call a later stage rules on."""
    return irregularity.later_calls[-1][1]


def ruled_record(irregularity: OutOfRotation) -> int:
    return irregularity.later_calls[-1][2]


# The calls made since the call out of rotation was cancelled


def made_since(context: LaterCallContext) -> tuple[tuple[Seat, Call], ...]:
    """The calls that stand since the call out of rotation was cancelled, the call being
    made now included when it stands at once (in rotation and legal; with RHO's compulsory
    pass before it, Law 28A)."""
    irregularity = as_out_of_rotation(context.irregularity)
    auction = context.auction
    made = [(standing.seat, standing.call)
            for standing in auction.calls[len(irregularity.standing.calls):]]
    if context.verdict is None:
        if context.seat is not auction.next_to_call:
            made.append((auction.next_to_call, PASS))  # 28A
        made.append((context.seat, context.call))
    return tuple(made)


def first_call_of(seat: Seat, made: tuple[tuple[Seat, Call], ...]) -> Call | None:
    return next((call for who, call in made if who is seat), None)


def is_current(context: LaterCallContext, seat: Seat) -> bool:
    """The call being made now is ``seat``'s own call at his turn (not through 28A)."""
    return (context.seat is seat and context.verdict is None
            and context.auction.next_to_call is seat)


# 2017: the offender's call at his turn, comparable or not (30B1(b), 31A2, 31B2, 32A2, 32B2)


def comparable_ruling(
    irregularity: OutOfRotation,
    call: Call,
    answers: Mapping[str, Answer],
    comparable: str,
    not_comparable: str,
) -> tuple[Effect, ...]:
    """The 2017 test of the offender's call at his turn against the cancelled call:
    comparable (Law 23A), no further rectification and no Law 26B, the withdrawn call's
    information free to his partner from now on (23B; erratum C-5), the Director reviewing
    the outcome (23C); not comparable, his partner must pass when next it is his turn, and
    Laws 16C, 26B and 72C may apply."""
    edition = irregularity.edition
    offender = irregularity.offender
    if is_comparable(answers):
        return (Cite(ref(edition, comparable)),
                *comparable_replacement(irregularity.withdrawn_record, offender))
    return (
        ImposeBar(ref(edition, not_comparable), offender.partner, BarScope.NEXT),
        Cite(withdrawn_information(edition)),
        LeadRestriction(ref(edition, "26B"), offender, irregularity.call),
        Review(awareness_of_damage(edition),
               msg("{not_comparable}: {offender}'s {call} is not comparable to the cancelled "
                   "{call2}: could he have known that the irregularity could well damage the "
                   "non-offending side?",
                   not_comparable=not_comparable, offender=offender, call=call,
                   call2=irregularity.call)),
    )
