"""Which law an action falls under, in the order of the catalogue's dispatch (§3):
call after the final pass (39), change of one's own call (25), bid above seven (38), then
by turn: in rotation, in rotation after RHO's compulsory pass (28A), or out of rotation.
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.calls import DOUBLE, PASS, REDOUBLE, Bid, Call
from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition
from dupbridge.core.seats import Seat, Side
from dupbridge.laws import (
    law36_inadmissible_double,
    law37_obligation_to_pass,
    law38_bid_above_seven,
    law39_call_after_final_pass,
    not_yet_automated,
)
from dupbridge.laws.rectification import Rectification
from dupbridge.laws.ruling import Bar, BarKind, Irregularity, IrregularityKind
from dupbridge.rules.auction import Auction
from dupbridge.rules.play import Play

RECTIFICATIONS: dict[IrregularityKind, Rectification] = {
    IrregularityKind.INADMISSIBLE_DOUBLE: law36_inadmissible_double.RECTIFICATION,
    IrregularityKind.BARRED_PLAYER_CALLED: law37_obligation_to_pass.RECTIFICATION,
    IrregularityKind.BID_ABOVE_SEVEN: law38_bid_above_seven.RECTIFICATION,
    IrregularityKind.CALL_AFTER_FINAL_PASS: law39_call_after_final_pass.RECTIFICATION,
    IrregularityKind.INSUFFICIENT_BID: not_yet_automated.INSUFFICIENT_BID,
    IrregularityKind.CALL_OUT_OF_ROTATION: not_yet_automated.OUT_OF_ROTATION,
    IrregularityKind.CHANGE_OF_CALL: not_yet_automated.CHANGE_OF_CALL,
    IrregularityKind.CARD_DURING_AUCTION: not_yet_automated.CARD_DURING_AUCTION,
    IrregularityKind.PLAY_OUT_OF_TURN: not_yet_automated.PLAY_OUT_OF_TURN,
}


@dataclass(frozen=True, slots=True)
class AuctionSituation:
    """What the laws of the auction need to know of the table."""

    edition: Edition
    auction: Auction
    bars: tuple[Bar, ...]
    records: tuple[int, ...]  # table record index of each standing call
    opening_lead_made: bool = False


@dataclass(frozen=True, slots=True)
class CallVerdict:
    """How a call is taken: ``implied_pass`` is RHO's compulsory pass deemed made first
    (Law 28A); ``irregularity`` is None when the call is in rotation and legal."""

    implied_pass: Seat | None = None
    irregularity: Irregularity | None = None


def pass_only_bar(bars: tuple[Bar, ...], seat: Seat) -> Bar | None:
    """The bar requiring ``seat`` to pass, if any."""
    return next((bar for bar in bars if bar.seat is seat and bar.kind is BarKind.PASS), None)


def breached_bar(bars: tuple[Bar, ...], seat: Seat, call: Call) -> Bar | None:
    """The bar ``call`` by ``seat`` would break: a call other than pass by a player required
    to pass (Law 37), a double or redouble where 2007 30B2(b) forbids it, or a call other
    than the one he must repeat (31A1/32B1, erratum A-2)."""
    for bar in bars:
        if bar.seat is not seat:
            continue
        if bar.kind is BarKind.PASS and call is not PASS:
            return bar
        if bar.kind is BarKind.NO_DOUBLE and (call is DOUBLE or call is REDOUBLE):
            return bar
        if bar.kind is BarKind.REPEAT and call != bar.call:
            return bar
    return None


def classify_call(situation: AuctionSituation, seat: Seat, call: Call, record: int) -> CallVerdict:
    auction = situation.auction
    edition = situation.edition

    def irregular(kind: IrregularityKind, turn: Seat | None, **extra: object) -> CallVerdict:
        return CallVerdict(None, Irregularity(kind, edition, seat, call, record, turn, **extra))  # type: ignore[arg-type]

    if auction.is_over:
        return irregular(
            IrregularityKind.CALL_AFTER_FINAL_PASS, None,
            declaring_side=_declaring_side(auction),
            auction_period_over=situation.opening_lead_made,
            own_last_call=_own_unanswered_call(situation, seat),
        )
    turn = auction.next_to_call
    own = _own_unanswered_call(situation, seat)
    if seat is not turn and own is not None and auction.calls[-1].seat is seat:
        return irregular(IrregularityKind.CHANGE_OF_CALL, turn, own_last_call=own)
    if isinstance(call, Bid) and not call.is_legal_level:
        return irregular(IrregularityKind.BID_ABOVE_SEVEN, turn)
    if seat is turn:
        return _in_rotation(situation, auction, seat, call, record)
    rho_bar = pass_only_bar(situation.bars, turn)
    if turn is seat.rho and rho_bar is not None:
        after_pass = auction.with_call(turn, PASS)
        if not after_pass.is_over:
            verdict = _in_rotation(situation, after_pass, seat, call, record)
            return CallVerdict(turn, verdict.irregularity)
    if (call is DOUBLE or call is REDOUBLE) and not auction.is_permitted(seat, call):
        return irregular(IrregularityKind.INADMISSIBLE_DOUBLE, turn)
    return irregular(IrregularityKind.CALL_OUT_OF_ROTATION, turn)


def _in_rotation(
    situation: AuctionSituation, auction: Auction, seat: Seat, call: Call, record: int
) -> CallVerdict:
    edition = situation.edition
    if (call is DOUBLE or call is REDOUBLE) and not auction.is_permitted(seat, call):
        kind = IrregularityKind.INADMISSIBLE_DOUBLE
        return CallVerdict(None, Irregularity(kind, edition, seat, call, record, seat))
    bar = breached_bar(situation.bars, seat, call) if situation.bars else None
    if bar is not None:
        kind = IrregularityKind.BARRED_PLAYER_CALLED
        return CallVerdict(
            None, Irregularity(kind, edition, seat, call, record, seat, offender_barred=bar)
        )
    if isinstance(call, Bid) and not auction.is_sufficient(call):
        kind = IrregularityKind.INSUFFICIENT_BID
        return CallVerdict(None, Irregularity(kind, edition, seat, call, record, seat))
    return CallVerdict()


def _declaring_side(auction: Auction) -> Side | None:
    contract = auction.contract()
    return None if contract is None or contract.declarer is None else contract.declarer.side


def _own_unanswered_call(situation: AuctionSituation, seat: Seat) -> int | None:
    """Record of ``seat``'s last standing call if his partner has not called since."""
    calls = situation.auction.calls
    position = situation.auction.last_call_of(seat)
    if position is None:
        return None
    if any(standing.seat is seat.partner for standing in calls[position + 1 :]):
        return None
    return situation.records[position]


@dataclass(frozen=True, slots=True)
class CardVerdict:
    irregularity: Irregularity | None = None
    revoke: bool = False  # fails to follow suit though able (Law 61A)


def classify_card(
    edition: Edition, play: Play | None, seat: Seat, card: Card, record: int
) -> CardVerdict:
    """A card held by ``seat``: during the auction (24), out of turn (53-57), a revoke, or
    a legal play (44)."""
    if play is None:
        kind = IrregularityKind.CARD_DURING_AUCTION
        return CardVerdict(Irregularity(kind, edition, seat, card, record, None))
    turn = play.next_to_play
    if seat is not turn:
        kind = IrregularityKind.PLAY_OUT_OF_TURN
        return CardVerdict(
            Irregularity(
                kind, edition, seat, card, record, turn,
                declaring_side=play.declarer.side,
                auction_period_over=True,
                is_lead=not play.current_trick.cards,
            )
        )
    return _LEGAL_PLAY if play.follows_suit(seat, card) else _REVOKE


_LEGAL_PLAY = CardVerdict()
_REVOKE = CardVerdict(revoke=True)
