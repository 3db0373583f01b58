"""The table engine in the auction: calls placed, stood, cancelled (Laws 17-39)."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.calls import PASS, Call
from dupbridge.core.edition import LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.seats import Seat
from dupbridge.laws.auction import (
    law17_auction_period,
    law24_card_during_auction,
    law28_calls_in_rotation,
)
from dupbridge.laws.dispatch import (
    RECTIFICATIONS,
    AuctionSituation,
    CallVerdict,
    classify_call,
)
from dupbridge.laws.irregularities import law09_11_procedure
from dupbridge.laws.machinery.clauses import missed_turn
from dupbridge.laws.machinery.rectification import LaterCallContext, no_call_before_ruling
from dupbridge.laws.machinery.ruling import (
    BarScope,
    Effect,
    Irregularity,
    Watch,
)
from dupbridge.rules.play import Play
from dupbridge.table import director_decisions, ruling_effects
from dupbridge.table.state import CallRecord, CardRecord, Phase, Record, Status, TableState


def _call(state: TableState, seat: Seat, call: Call) -> TableState:
    if state.phase is Phase.COMPLETE:
        raise ActionRejected(f"the board is complete; {seat.name.title()}'s {call} is too late")
    record = len(state.records)
    pending = state.pending
    if pending is not None:
        rectification = RECTIFICATIONS[pending.irregularity.kind]
        if (seat not in pending.waits_for
                or rectification.before_ruling is no_call_before_ruling):
            # A seat the law waits for a card from (53A) may not call either (9B2).
            if law09_11_procedure.may_act_before_director(rectification, pending, seat):
                return director_decisions._call_before_director(state, pending, seat, call, record)
            raise law09_11_procedure.no_action_until_ruling(pending, seat)
        return director_decisions._call_before_ruling(state, pending, seat, call, record)
    verdict = classify_call(_situation(state), seat, call, record)
    if state.watches:
        return _watched_call(state, seat, call, record, verdict)
    if verdict.implied_pass is None and verdict.irregularity is None:
        return _stand_new(state, CallRecord(seat, call, Status.STANDING))
    state = state.evolve(records=(*state.records, CallRecord(seat, call, Status.PENDING)))
    return _place(state, verdict, record)


def _watched_call(
    state: TableState, seat: Seat, call: Call, record: int, verdict: CallVerdict
) -> TableState:
    """A call while rectifications are still watching (``Watch``): each watching law sees
    it first. One may hold it for a decision of its own; otherwise it is placed as usual
    and the laws' effects follow."""
    watches: list[Watch] = []
    effects: list[Effect] = []
    rule: Irregularity | None = None
    outcomes = []
    for watch in state.watches:
        later_call = RECTIFICATIONS[watch.irregularity.kind].later_call
        context = LaterCallContext(watch.irregularity, seat, call, record,
                                   verdict.irregularity, state.current_auction, state.bars)
        outcomes.append((watch, later_call(context) if later_call is not None else None))
    # A call one law holds for its decision is not made yet: the other watching laws keep
    # watching, unchanged, and see the calls that follow.
    holder = next((outcome for _, outcome in outcomes
                   if outcome is not None and outcome.rule is not None), None)
    for watch, outcome in outcomes:
        if outcome is None or (holder is not None and outcome is not holder):
            watches.append(watch)
            continue
        if not outcome.done:
            watches.append(replace(watch, irregularity=outcome.keep or watch.irregularity))
        rule = rule or outcome.rule
        effects.extend(outcome.effects)
    state = state.evolve(watches=tuple(watches),
                         records=(*state.records, CallRecord(seat, call, Status.PENDING)))
    if rule is not None:
        state = ruling_effects._apply_effects(state, tuple(effects))
        return director_decisions._open_decision(state, rule)
    state = _place(state, verdict, record)
    return ruling_effects._apply_effects(state, tuple(effects)) if effects else state


def _situation(state: TableState) -> AuctionSituation:
    return AuctionSituation(
        state.edition,
        state.current_auction,
        state.bars,
        state.standing,
        opening_lead_made=state.play is not None and state.play.opening_lead_made,
    )


def _place(state: TableState, verdict: CallVerdict, record: int) -> TableState:
    if verdict.implied_pass is not None:
        state = _implied_pass(state, verdict.implied_pass)
    if verdict.irregularity is not None:
        return director_decisions._open_decision(state, verdict.irregularity)
    return _stand(state, record, law28_calls_in_rotation.rho_required_to_pass(state.edition))


def _implied_pass(state: TableState, seat: Seat) -> TableState:
    """Law 28A: RHO's compulsory pass is deemed made."""
    law = law28_calls_in_rotation.rho_required_to_pass(state.edition)
    return _stand_new(state, CallRecord(seat, PASS, Status.STANDING, law, implied=True))


def _stand_new(state: TableState, entry: CallRecord) -> TableState:
    """A new record whose call stands at once."""
    record = len(state.records)
    return _into_auction(state.evolve(records=(*state.records, entry)), record, entry)


def _stand(state: TableState, record: int, law: LawRef) -> TableState:
    """An existing record's call comes to stand (accepted, condoned, substituted)."""
    entry = state.records[record]
    assert isinstance(entry, CallRecord)
    entry = replace(entry, status=Status.STANDING, law=entry.law or law)
    return _into_auction(_replace_record(state, record, entry), record, entry)


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
    return _after_auction_change(state)


def _replace_record(state: TableState, index: int, entry: Record) -> TableState:
    return state.evolve(records=_records_with(state.records, index, entry))


def _records_with(records: tuple[Record, ...], index: int, entry: Record) -> tuple[Record, ...]:
    return (*records[:index], entry, *records[index + 1:])


def _skipped(turn: Seat, seat: Seat) -> tuple[Seat, ...]:
    skipped = []
    while turn is not seat:
        skipped.append(turn)
        turn = turn.lho
    return tuple(skipped)


def _after_auction_change(state: TableState) -> TableState:
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
        state = ruling_effects._apply_effect(state, effect)
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
        state = _replace_record(state, index, ruling_effects._cancelled(state.records[index], law))
    tags = law17_auction_period.missed_turn_information(state.edition, passes)
    return state.evolve(
        auction=auction.without_last(len(cancelled)),
        standing=state.standing[:first],
        information=(*state.information, *tags),
    )
