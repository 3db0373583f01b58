"""The auction on the table: calls placed and made to stand, in rotation or not (Laws
17-39, 28-29), calls cancelled, the auction reverted to a player who missed his turn
(17D3 / 17E2) and, at its end, the play set up and cards exposed during it disposed of
(24)."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.calls import PASS
from dupbridge.core.edition import LawRef
from dupbridge.core.seats import Seat
from dupbridge.laws.auction import (
    law17_auction_period,
    law24_card_during_auction,
    law28_calls_in_rotation,
)
from dupbridge.laws.dispatch import AuctionSituation, CallVerdict, breached_bar
from dupbridge.laws.machinery.clauses import missed_turn
from dupbridge.laws.machinery.ruling import BarScope, Effect, ExposeCard, PenaltyCard
from dupbridge.rules.auction import Auction, CallChoices
from dupbridge.rules.play import Play
from dupbridge.table.engine.decisions import open_decision
from dupbridge.table.engine.play_effects import apply_play_effect
from dupbridge.table.engine.records import replace_record
from dupbridge.table.state import CallRecord, CardRecord, Record, Status, TableState


def auction_situation(state: TableState) -> AuctionSituation:
    """What the auction laws need to classify a call (``laws.dispatch.classify_call``)."""
    return AuctionSituation(
        state.edition,
        state.current_auction,
        state.bars,
        state.standing,
        opening_lead_made=state.play is not None and state.play.opening_lead_made,
    )


def legal_calls(state: TableState) -> CallChoices:
    """The calls the player whose turn it is may make: those of the auction (Laws 18-19)
    that break no bar on him (``laws.dispatch.breached_bar``: 30, 31, 32, 37); nothing while
    a decision is pending or after the auction."""
    auction = state.current_auction
    if state.pending is not None or auction.is_over or state.abandoned:
        return CallChoices.none()
    seat = auction.next_to_call
    choices = auction.legal_calls(seat)
    bars = tuple(bar for bar in state.bars if bar.seat is seat)
    if not bars:
        return choices
    return choices.allowing(lambda call: breached_bar(bars, seat, call) is None)


def place_call(state: TableState, verdict: CallVerdict, record: int) -> TableState:
    """The call at ``record``, classified: RHO's pass deemed made first (28A), then the
    call stands or the Director is called to it."""
    if verdict.implied_pass is not None:
        state = _implied_pass(state, verdict.implied_pass)
    if verdict.irregularity is not None:
        return open_decision(state, verdict.irregularity)
    return stand_call(state, record, law28_calls_in_rotation.rho_required_to_pass(state.edition))


def _implied_pass(state: TableState, seat: Seat) -> TableState:
    """Law 28A: RHO's compulsory pass is deemed made."""
    law = law28_calls_in_rotation.rho_required_to_pass(state.edition)
    return stand_new_call(state, CallRecord(seat, PASS, Status.STANDING, law, implied=True))


def stand_new_call(state: TableState, entry: CallRecord) -> TableState:
    """A new record whose call stands at once."""
    record = len(state.records)
    return _into_auction(state.evolve(records=(*state.records, entry)), record, entry)


def stand_call(state: TableState, record: int, law: LawRef) -> TableState:
    """An existing record's call comes to stand (accepted, condoned, substituted)."""
    entry = state.records[record]
    assert isinstance(entry, CallRecord)
    entry = replace(entry, status=Status.STANDING, law=entry.law or law)
    return _into_auction(replace_record(state, record, entry), record, entry)


def _into_auction(state: TableState, record: int, entry: CallRecord) -> TableState:
    """Into the auction, in rotation or (29A) from the offender, spending the caller's
    one-turn bar."""
    auction = state.current_auction
    deprived = _skipped(auction.next_to_call, entry.seat)
    bars = state.bars
    if bars:
        bars = tuple(b for b in bars if not (b.seat is entry.seat and b.scope is BarScope.NEXT))
    state = state.evolve(
        auction=auction.with_call(entry.seat, entry.call, deprived),
        standing=(*state.standing, record),
        bars=bars,
    )
    return after_auction_change(state)


def _skipped(turn: Seat, seat: Seat) -> tuple[Seat, ...]:
    skipped = []
    while turn is not seat:
        skipped.append(turn)
        turn = turn.lho
    return tuple(skipped)


def after_auction_change(state: TableState) -> TableState:
    """After calls stood or were cancelled: back to a player who missed his turn, or, the
    auction over, the play set up (a passed-out board is complete)."""
    auction = state.current_auction
    missed = auction.needs_reversion
    if missed is not None:
        return _revert_to_missed_turn(state, missed[1])
    if not auction.is_over or state.play is not None:
        return state
    contract = auction.contract()
    deal = state.board.deal
    state = _cards_exposed_in_auction(state.evolve(bars=(), watches=()),
                                      contract.declarer if contract is not None else None)
    if contract is None or deal is None or not deal.is_complete:
        return state  # passed out (or nothing to play): the board is complete
    assert contract.declarer is not None
    return state.evolve(play=Play(deal, contract.declarer, contract.denomination))


def _cards_exposed_in_auction(state: TableState, declarer: Seat | None) -> TableState:
    """Law 24 at the end of the auction: the cards still face up go back to the hand of
    declarer or dummy, or become a defender's penalty cards."""
    exposed = tuple((index, entry.seat, entry.card) for index, entry in enumerate(state.records)
                    if isinstance(entry, CardRecord) and entry.status is Status.EXPOSED)
    if not exposed:
        return state
    led = law24_card_during_auction.led_records(
        effect for ruling in state.rulings for effect in ruling.effects)
    for effect in law24_card_during_auction.at_end_of_auction(
        state.edition, declarer, exposed, state.penalty_cards, led
    ):
        state = apply_play_effect(state, effect)
        if isinstance(effect, PenaltyCard):
            state = _penalty_card_cited(state, effect)
    return state


def _penalty_card_cited(state: TableState, effect: PenaltyCard) -> TableState:
    """A card left face up by a Law 24 ruling became a defender's penalty card as the
    auction ended (2007 24 preamble, 2017 24E): that ruling now rests on it too, and cites
    what the card carries (Law 50, the 50B clause of its status, its obligations)."""
    for index in range(len(state.rulings) - 1, -1, -1):
        ruling = state.rulings[index]
        if any(isinstance(e, ExposeCard) and e.record == effect.record for e in ruling.effects):
            held = next(pc for pc in state.penalty_cards
                        if pc.seat is effect.seat and pc.card == effect.card)
            cited = replace(ruling, effects=(*ruling.effects, effect),
                            clauses=tuple(sorted({*ruling.clauses, *held.clauses})))
            return state.evolve(rulings=(*state.rulings[:index], cited,
                                         *state.rulings[index + 1:]))
    return state


def _revert_to_missed_turn(state: TableState, first: int) -> TableState:
    """2007 17E2 / 2017 17D3 (Law 34): the auction does not end; it goes back to the player
    who missed his turn, and the passes from the one out of rotation on are cancelled; their
    information is unauthorised to the side of whoever passed out of rotation (16D / 16C)."""
    law = missed_turn(state.edition)
    auction = state.current_auction
    cancelled = state.standing[first:]
    passes = [(standing.seat, index, not standing.in_rotation)
              for standing, index in zip(auction.calls[first:], cancelled, strict=True)]
    for index in cancelled:
        state = replace_record(state, index, _cancelled(state.records[index], law))
    tags = law17_auction_period.missed_turn_information(state.edition, passes)
    return state.evolve(
        auction=auction.without_last(len(cancelled)),
        standing=state.standing[:first],
        information=(*state.information, *tags),
    )


def cancel_calls(state: TableState, indices: set[int], effect: Effect) -> TableState:
    """Cancel calls: pending ones simply; standing ones leave the auction, and every
    standing call after them is rebuilt in order."""
    if not indices:
        return state
    for index in indices:
        state = replace_record(state, index, _cancelled(state.records[index], effect.law))
    auction = state.current_auction
    kept = [(i, call) for i, call in zip(state.standing, auction.calls, strict=True)
            if i not in indices]
    rebuilt = Auction(auction.dealer, tuple(call for _, call in kept))
    play = state.play
    if play is not None and not rebuilt.is_over:
        # The auction reopens (Law 25A before the opening lead): no play yet after all.
        assert not play.opening_lead_made
        play = None
    return state.evolve(auction=rebuilt, standing=tuple(i for i, _ in kept), play=play)


def _cancelled(entry: Record, law: LawRef) -> CallRecord:
    assert isinstance(entry, CallRecord)
    return replace(entry, status=Status.CANCELLED, law=law)
