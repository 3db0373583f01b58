"""The record of the board the engine keeps: one entry per call or card, in the order
made, changed only by replacing an entry (its status and the law that set it). What
every phase of the engine reads and writes, so it imports none of them."""

from __future__ import annotations

from dupbridge.core.cards import Card
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.laws.claims import law68_69_claims
from dupbridge.table.state import CardRecord, Phase, Record, TableState


def replace_record(state: TableState, index: int, entry: Record) -> TableState:
    """``state`` with its record ``index`` replaced by ``entry``."""
    return state.evolve(records=records_with(state.records, index, entry))


def records_with(records: tuple[Record, ...], index: int, entry: Record) -> tuple[Record, ...]:
    return (*records[:index], entry, *records[index + 1:])


def card_record(state: TableState, record: int) -> CardRecord:
    entry = state.records[record]
    assert isinstance(entry, CardRecord), f"record {record} is not a card"
    return entry


def check_card_may_be_played(state: TableState, seat: Seat, card: Card) -> None:
    """Refuse a card that cannot be played now: the board is complete, the Director is
    ruling (9B2), a claim suspends play (68D), or ``seat`` does not hold it."""
    if state.phase is Phase.COMPLETE:
        raise ActionRejected(msg("the board is complete; {seat} cannot play {card}", seat=seat,
                                 card=card))
    if state.pending is not None:
        raise ActionRejected(
            msg("the Director is ruling on {irregularity}; no player acts until the ruling "
                "(Law 9B2)", irregularity=state.pending.irregularity.describe())
        )
    if state.claim is not None:
        raise law68_69_claims.play_suspended(seat, card)
    check_holding(state, seat, card)


def check_holding(state: TableState, seat: Seat, card: Card) -> None:
    """Refuse a card ``seat`` does not hold: not dealt to him, or already played."""
    deal = state.board.deal
    hand = deal[seat] if deal is not None else None
    if hand is None:
        raise ActionRejected(msg("the hand of {seat} is not known; no card can be played",
                                 seat=seat))
    if card not in hand:
        raise ActionRejected(msg("{seat} does not hold {card}", seat=seat, card=card))
    if state.play is not None and not state.play.holds(seat, card):
        raise ActionRejected(msg("{seat} has already played {card}", seat=seat, card=card))
