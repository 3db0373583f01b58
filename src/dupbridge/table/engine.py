"""``apply(state, event) -> state``: the pure heart of the table engine."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.calls import PASS, Call
from dupbridge.core.cards import Card
from dupbridge.core.edition import LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.seats import Seat
from dupbridge.laws import law28_calls_in_rotation
from dupbridge.laws.clauses import missed_turn, ref
from dupbridge.laws.dispatch import (
    RECTIFICATIONS,
    AuctionSituation,
    CallVerdict,
    classify_call,
    classify_card,
)
from dupbridge.laws.rectification import LaterCallContext
from dupbridge.laws.ruling import (
    AcceptCard,
    Bar,
    BarScope,
    CallAgain,
    CancelCalls,
    CancelFrom,
    Cite,
    Decision,
    Effect,
    ImposeBar,
    InformationTag,
    Irregularity,
    LeadRestriction,
    LiftBars,
    Resolution,
    ReturnCard,
    Review,
    Ruling,
    StandCall,
    SubstitutePass,
    Watch,
)
from dupbridge.rules.auction import Auction
from dupbridge.rules.play import Play
from dupbridge.table.events import CallMade, CardPlayed, DirectorAnswered, Event, OptionChosen
from dupbridge.table.state import CallRecord, CardRecord, Phase, Record, Status, TableState


def apply(state: TableState, event: Event) -> TableState:
    """The state after ``event``. Irregular actions are recorded and open a decision;
    ``ActionRejected`` is only for what cannot happen (see DESIGN.md)."""
    if isinstance(event, CallMade):
        return _call(state, event.seat, event.call)
    if isinstance(event, CardPlayed):
        return _card(state, event.seat, event.card)
    if isinstance(event, DirectorAnswered):
        return _answer(state, event.question, event.answer)
    if isinstance(event, OptionChosen):
        return _choose(state, event)
    raise TypeError(f"not a table event: {event!r}")


# Calls


def _call(state: TableState, seat: Seat, call: Call) -> TableState:
    if state.phase is Phase.COMPLETE:
        raise ActionRejected(f"the board is complete; {seat.name.title()}'s {call} is too late")
    record = len(state.records)
    pending = state.pending
    if pending is not None:
        if seat not in pending.waits_for:
            raise ActionRejected(
                f"the Director is ruling on {pending.irregularity.describe()}; no player "
                "acts until the ruling (Law 9B2)"
            )
        return _call_before_ruling(state, pending, seat, call, record)
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
    for watch in state.watches:
        later_call = RECTIFICATIONS[watch.irregularity.kind].later_call
        context = LaterCallContext(watch.irregularity, seat, call, record,
                                   verdict.irregularity, state.current_auction)
        outcome = later_call(context) if later_call is not None else None
        if outcome is None:
            watches.append(watch)
            continue
        if not outcome.done:
            watches.append(replace(watch, irregularity=outcome.keep or watch.irregularity))
        rule = rule or outcome.rule
        effects.extend(outcome.effects)
    state = state.evolve(watches=tuple(watches),
                         records=(*state.records, CallRecord(seat, call, Status.PENDING)))
    if rule is not None:
        state = _apply_effects(state, tuple(effects))
        return _open_decision(state, rule)
    state = _place(state, verdict, record)
    return _apply_effects(state, tuple(effects)) if effects else state


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
        return _open_decision(state, verdict.irregularity)
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
    records = list(state.records)
    records[index] = entry
    return state.evolve(records=tuple(records))


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
    state = state.evolve(bars=(), watches=())
    if contract is None or deal is None or not deal.is_complete:
        return state  # passed out (or nothing to play): the board is complete
    assert contract.declarer is not None
    return state.evolve(play=Play(deal, contract.declarer, contract.denomination))


def _revert_to_missed_turn(state: TableState, first: int) -> TableState:
    """2007 17E2 / 2017 17D3 (Law 34): the auction does not end; it goes back to the player
    who missed his turn, and the passes from the one out of rotation on are cancelled."""
    law = missed_turn(state.edition)
    auction = state.current_auction
    cancelled = state.standing[first:]
    for index in cancelled:
        state = _replace_record(state, index, _cancelled(state.records[index], law))
    return state.evolve(
        auction=auction.without_last(len(cancelled)),
        standing=state.standing[:first],
    )


# Decisions


def _open_decision(state: TableState, irregularity: Irregularity) -> TableState:
    decision_id = f"d{state.decisions + 1}"
    decision = RECTIFICATIONS[irregularity.kind].decide(irregularity, {}, decision_id)
    return state.evolve(pending=decision, decisions=state.decisions + 1)


def _call_before_ruling(
    state: TableState, pending: Decision, seat: Seat, call: Call, record: int
) -> TableState:
    state = state.evolve(records=(*state.records, CallRecord(seat, call, Status.BEFORE_RULING)))
    irregularity = pending.irregularity
    outcome = RECTIFICATIONS[irregularity.kind].before_ruling(irregularity, seat, call, record)
    if isinstance(outcome, Resolution):
        ruling = Ruling(pending, None, None, _clauses(pending, outcome.effects), outcome.effects,
                        pending.answers)
        state = state.evolve(pending=None, rulings=(*state.rulings, ruling))
        return _apply_effects(state, outcome.effects)
    decision = RECTIFICATIONS[outcome.kind].decide(outcome, pending.answers, pending.id)
    return state.evolve(pending=decision)


def _answer(state: TableState, question: str, answer: object) -> TableState:
    pending = state.pending
    if pending is None:
        raise ActionRejected("no decision is pending; there is no question to answer")
    asked = next((q for q in pending.questions if q.id == question), None)
    if asked is None:
        known = ", ".join(q.id for q in pending.questions) or "none"
        raise ActionRejected(f"decision {pending.id} asks no question {question!r} "
                             f"(its questions: {known})")
    if answer not in asked.choices or type(answer) is not type(asked.default):
        raise ActionRejected(f"question {question!r} takes one of {asked.choices}, got {answer!r}")
    answers = {**pending.answers, question: answer}
    irregularity = pending.irregularity
    decision = RECTIFICATIONS[irregularity.kind].decide(irregularity, answers, pending.id)
    return state.evolve(pending=decision)


def _choose(state: TableState, event: OptionChosen) -> TableState:
    pending = state.pending
    if pending is None:
        raise ActionRejected(f"no decision is pending; option {event.option!r} has nothing to rule")
    if pending.open_questions:
        ids = ", ".join(q.id for q in pending.open_questions)
        raise ActionRejected(f"the Director must first answer: {ids}")
    option = pending.option(event.option)
    if option is None:
        ids = ", ".join(o.id for o in pending.options)
        raise ActionRejected(
            f"decision {pending.id} has no option {event.option!r} (options: {ids})"
        )
    if event.by is not None and event.by != option.chosen_by:
        raise ActionRejected(f"option {option.id!r} is chosen by {option.chosen_by}, "
                             f"not {event.by} (Law 10C)")
    ruling = Ruling(pending, option, option.chosen_by, _clauses(pending, option.effects),
                    option.effects, pending.answers)
    state = state.evolve(pending=None, rulings=(*state.rulings, ruling))
    return _apply_effects(state, option.effects)


def _clauses(decision: Decision, effects: tuple[Effect, ...]) -> tuple[LawRef, ...]:
    return tuple(sorted({*decision.clauses, *(effect.law for effect in effects)}))


# Effects


def _apply_effects(state: TableState, effects: tuple[Effect, ...]) -> TableState:
    for effect in effects:
        state = _apply_effect(state, effect)
    return _after_auction_change(state) if state.play is None else state


def _apply_effect(state: TableState, effect: Effect) -> TableState:
    if isinstance(effect, CancelCalls):
        return _cancel(state, set(effect.records), effect)
    if isinstance(effect, CancelFrom):
        later = {i for i in range(effect.record, len(state.records))
                 if isinstance(state.records[i], CallRecord)}
        return _cancel(state, later, effect)
    if isinstance(effect, StandCall):
        return _stand(state, effect.record, effect.law)
    if isinstance(effect, SubstitutePass):
        offender = state.records[effect.record].seat
        return _stand_new(state, CallRecord(offender, PASS, Status.STANDING, effect.law, True))
    if isinstance(effect, ImposeBar):
        if state.current_auction.is_over:
            return state  # the substituted pass ended the auction: nobody is left to bar
        bar = Bar(effect.seat, effect.scope, effect.law, effect.kind, effect.call)
        return state.evolve(bars=(*state.bars, bar))
    if isinstance(effect, LiftBars):
        return state.evolve(bars=tuple(b for b in state.bars
                                       if not (b.seat is effect.seat and b.kind in effect.kinds)))
    if isinstance(effect, Watch):
        if state.current_auction.is_over:
            return state
        return state.evolve(watches=(*state.watches, effect))
    if isinstance(effect, CallAgain):
        if state.pending is not None:
            return state
        verdict = classify_call(_situation(state), effect.seat, effect.call, effect.record)
        if verdict.implied_pass is None and verdict.irregularity is None:
            return _stand(state, effect.record, effect.law)
        entry = state.records[effect.record]
        if verdict.irregularity is not None:
            state = _replace_record(state, effect.record, replace(entry, status=Status.PENDING))
        return _place(state, verdict, effect.record)
    if isinstance(effect, Review):
        return state.evolve(reviews=(*state.reviews, effect))
    if isinstance(effect, LeadRestriction):
        return state.evolve(lead_restrictions=(*state.lead_restrictions, effect))
    if isinstance(effect, InformationTag):
        return state.evolve(information=(*state.information, effect))
    if isinstance(effect, ReturnCard):
        entry = state.records[effect.record]
        assert isinstance(entry, CardRecord)
        return _replace_record(state, effect.record,
                               replace(entry, status=Status.RETURNED, law=effect.law))
    if isinstance(effect, AcceptCard):
        entry = state.records[effect.record]
        assert isinstance(entry, CardRecord) and state.play is not None
        play = state.play.with_lead_out_of_turn(entry.seat, entry.card)
        return _replace_record(state.evolve(play=play), effect.record,
                               replace(entry, status=Status.STANDING, law=effect.law,
                                       trick=_trick_number(play)))
    if isinstance(effect, Cite):
        return state
    raise TypeError(f"unknown effect {effect!r}")


def _cancel(state: TableState, indices: set[int], effect: Effect) -> TableState:
    """Cancel calls: pending ones simply; standing ones leave the auction, and every
    standing call after them is rebuilt in order."""
    if not indices:
        return state
    for index in indices:
        state = _replace_record(state, index, _cancelled(state.records[index], effect.law))
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


# Cards


def _card(state: TableState, seat: Seat, card: Card) -> TableState:
    play = state.play
    if play is not None and play.holds(seat, card) and state.pending is None:
        # The common case, kept short: a card held, during the play, nothing pending.
        if play.is_complete:
            raise ActionRejected(f"the board is complete; {seat.name.title()} cannot play {card}")
    else:
        _check_card_may_be_played(state, seat, card)
    record = len(state.records)
    verdict = classify_card(state.edition, play, seat, card, record)
    if verdict.irregularity is not None:
        state = state.evolve(records=(*state.records, CardRecord(seat, card, Status.PENDING)))
        return _open_decision(state, verdict.irregularity)
    assert play is not None
    play = play.with_card(seat, card)
    entry = CardRecord(seat, card, Status.STANDING, None, verdict.revoke, _trick_number(play))
    state = state.evolve(records=(*state.records, entry), play=play)
    return _note_revoke(state, entry) if verdict.revoke else state


def _check_card_may_be_played(state: TableState, seat: Seat, card: Card) -> None:
    if state.phase is Phase.COMPLETE:
        raise ActionRejected(f"the board is complete; {seat.name.title()} cannot play {card}")
    if state.pending is not None:
        raise ActionRejected(
            f"the Director is ruling on {state.pending.irregularity.describe()}; no player "
            "acts until the ruling (Law 9B2)"
        )
    _check_holding(state, seat, card)


def _trick_number(play: Play) -> int:
    """The trick the card just played went to (1-based)."""
    return len(play.tricks) + (1 if play.current_trick.cards else 0)


def _check_holding(state: TableState, seat: Seat, card: Card) -> None:
    deal = state.board.deal
    hand = deal[seat] if deal is not None else None
    if hand is None:
        raise ActionRejected(f"the hand of {seat.name.title()} is not known; no card can be played")
    if card not in hand:
        raise ActionRejected(f"{seat.name.title()} does not hold {card}")
    if state.play is not None and not state.play.holds(seat, card):
        raise ActionRejected(f"{seat.name.title()} has already played {card}")


def _note_revoke(state: TableState, entry: CardRecord) -> TableState:
    """Laws 61-64 come later: the revoke is recorded and kept for the Director's review."""
    review = Review(ref(state.edition, "61A"),
                    f"{entry.seat.name.title()} failed to follow suit with {entry.card} at "
                    f"trick {entry.trick}; Laws 62-64 not yet automated")
    return state.evolve(reviews=(*state.reviews, review))
