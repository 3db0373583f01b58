"""What one player may see: his own hand, dummy once the opening lead is faced, the
auction, the cards played. No other hidden card can leak through a view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dupbridge.core.cards import CardSet
from dupbridge.core.contract import Contract
from dupbridge.core.seats import Seat
from dupbridge.laws.play.law41_play_period import spread_dummy
from dupbridge.rules.play import Trick
from dupbridge.table.state import CallRecord, Phase, TableState

if TYPE_CHECKING:  # what a regular board leaves empty: loaded with an irregularity
    from dupbridge.laws.irregularities.table_talk import TalkRecord
    from dupbridge.laws.machinery.effects import PenaltyCard
    from dupbridge.laws.machinery.irregularity import Bar
    from dupbridge.laws.machinery.ruling import Decision


@dataclass(frozen=True, slots=True)
class SeatView:
    """What ``seat`` may see of the table (``view``)."""

    seat: Seat
    hand: CardSet | None  # the cards the player still holds
    dummy: CardSet | None  # dummy's cards, once the opening lead is faced
    calls: tuple[CallRecord, ...]  # every call made at the table, with its status
    contract: Contract | None
    current_trick: Trick | None
    tricks: tuple[Trick, ...]
    bars: tuple[Bar, ...]
    pending: Decision | None
    phase: Phase
    talk: tuple[TalkRecord, ...] = ()  # alerts, explanations, reviews: heard by all four
    penalty_cards: tuple[PenaltyCard, ...] = ()  # face up on the table: seen by all four (50A)


def view(state: TableState, seat: Seat) -> SeatView:
    play = state.play
    deal = state.board.deal
    if play is not None:
        hand: CardSet | None = play.hand(seat)
        spread = spread_dummy(play)
        dummy = play.hand(spread) if spread is not None else None
    else:
        hand = deal[seat] if deal is not None else None
        dummy = None
    return SeatView(
        seat=seat,
        hand=hand,
        dummy=dummy,
        calls=tuple(r for r in state.records if isinstance(r, CallRecord)),
        contract=state.contract,
        current_trick=play.current_trick if play is not None else None,
        tricks=play.tricks if play is not None else (),
        bars=state.bars,
        pending=state.pending,
        phase=state.phase,
        talk=state.talk,
        penalty_cards=state.penalty_cards,
    )
