"""A call made at the table (Laws 17-39): before the Director, before his ruling, while
rectifications watch the calls that follow, or in the ordinary way."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.calls import Call
from dupbridge.core.errors import ActionRejected
from dupbridge.core.seats import Seat
from dupbridge.laws.dispatch import RECTIFICATIONS, CallVerdict, classify_call
from dupbridge.laws.irregularities import law09_11_procedure
from dupbridge.laws.machinery.rectification import LaterCallContext, no_call_before_ruling
from dupbridge.laws.machinery.ruling import Effect, Irregularity, Watch
from dupbridge.table.engine.auction import auction_situation, place_call, stand_new_call
from dupbridge.table.engine.decisions import call_before_director, open_decision
from dupbridge.table.engine.effects import apply_effects
from dupbridge.table.engine.plays import designated_card
from dupbridge.table.engine.rulings import call_before_ruling
from dupbridge.table.state import CallRecord, Phase, Status, TableState


def call_made(state: TableState, seat: Seat, call: Call) -> TableState:
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
                return call_before_director(state, pending, seat, call, record)
            raise law09_11_procedure.no_action_until_ruling(pending, seat)
        return call_before_ruling(state, pending, seat, call, record,
                                  designated_card)
    verdict = classify_call(auction_situation(state), seat, call, record)
    if state.watches:
        return _watched_call(state, seat, call, record, verdict)
    if verdict.implied_pass is None and verdict.irregularity is None:
        return stand_new_call(state, CallRecord(seat, call, Status.STANDING))
    state = state.evolve(records=(*state.records, CallRecord(seat, call, Status.PENDING)))
    return place_call(state, verdict, record)


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
        state = apply_effects(state, tuple(effects), designated_card)
        return open_decision(state, rule)
    state = place_call(state, verdict, record)
    return apply_effects(state, tuple(effects), designated_card) if effects else state
