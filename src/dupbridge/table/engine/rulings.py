"""The Director rules (Laws 9-12): an option chosen, or the law itself settling the matter
when a call or card made before the ruling does (e.g. 29A, 53A, 60A1); the ruling
recorded with the clauses of what fired, and the calls and cards held meanwhile dealt
with (60C)."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.errors import ActionRejected
from dupbridge.core.seats import Seat
from dupbridge.laws.dispatch import RECTIFICATIONS, decide
from dupbridge.laws.irregularities import law09_11_procedure
from dupbridge.laws.machinery.ruling import (
    Decision,
    Effect,
    Irregularity,
    Option,
    Resolution,
    Ruling,
    Watch,
)
from dupbridge.table.engine.effects import CardPlay, apply_and_cite, apply_effects
from dupbridge.table.engine.tricks import play_record
from dupbridge.table.events import OptionChosen
from dupbridge.table.state import CallRecord, CardRecord, Status, TableState


def option_chosen(state: TableState, event: OptionChosen, play_card: CardPlay) -> TableState:
    """The Director (or the player the law lets choose, 9-10) chooses an option of the
    pending decision: it is ruled, then the cards held while he ruled are dealt with."""
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
    law09_11_procedure.check_chooser(option, event.by)
    state = rule(state, pending, option, option.effects, play_card)
    return _held_cards(state, pending.irregularity)


def call_before_ruling(state: TableState, pending: Decision, seat: Seat, call: Call,
                       record: int, play_card: CardPlay) -> TableState:
    """A call by a player the pending decision waits for: its law says whether it settles
    the matter (e.g. 29A: a call by the offender's LHO accepts a call out of rotation)."""
    state = state.evolve(records=(*state.records, CallRecord(seat, call, Status.BEFORE_RULING)))
    irregularity = pending.irregularity
    outcome = RECTIFICATIONS[irregularity.kind].before_ruling(irregularity, seat, call, record)
    if isinstance(outcome, Resolution):
        return rule(state, pending, None, outcome.effects, play_card)
    decision = decide(outcome, pending.answers, pending.id)
    return state.evolve(pending=decision)


def card_before_ruling(state: TableState, pending: Decision, seat: Seat, card: Card,
                       play_card: CardPlay) -> TableState:
    """A card by a player the pending decision waits for (e.g. the next hand after a lead
    out of turn, 53A / 60A1): its law says whether it settles the matter."""
    record = len(state.records)
    state = state.evolve(records=(*state.records, CardRecord(seat, card, Status.BEFORE_RULING)))
    irregularity = pending.irregularity
    handler = RECTIFICATIONS[irregularity.kind].card_before_ruling
    assert handler is not None
    outcome = handler(irregularity, seat, card, record)
    if isinstance(outcome, Resolution):
        return _held_cards(rule(state, pending, None, outcome.effects, play_card), irregularity)
    return state.evolve(pending=decide(outcome, pending.answers, pending.id))


def rule(state: TableState, pending: Decision, option: Option | None,
         effects: tuple[Effect, ...], play_card: CardPlay) -> TableState:
    """Resolve ``pending`` with ``effects`` (those of ``option``, or of the law itself when
    None) and record the ruling. Its citations are derived from what fired, never copied
    from the decision: the clauses of every effect that fired and those the Director's
    answers cite (``Ruling.answered_clauses``)."""
    index = len(state.rulings)
    ruling = Ruling(pending, option, None if option is None else option.chosen_by, (), effects,
                    pending.answers)
    state = state.evolve(pending=None, rulings=(*state.rulings, ruling))
    state, fired = apply_and_cite(state, effects, play_card)
    if state.watches and state.pending is None:
        state = _calls_stood(state, play_card)
    cited = replace(ruling, clauses=tuple(sorted({*fired, *ruling.answered_clauses()})))
    return state.evolve(rulings=(*state.rulings[:index], cited, *state.rulings[index + 1:]))


def _calls_stood(state: TableState, play_card: CardPlay) -> TableState:
    """The watching laws see the calls a ruling made stand (``Rectification.calls_stood``),
    so that an obligation they create (31A1: repeat the call) is in force before the next
    call, and offered by ``legal_calls``, rather than found when that call is made."""
    watches: list[Watch] = []
    effects: list[Effect] = []
    for watch in state.watches:
        stood = RECTIFICATIONS[watch.irregularity.kind].calls_stood
        outcome = None if stood is None else stood(watch.irregularity, state.current_auction,
                                                   state.bars)
        if outcome is None or outcome.rule is not None:
            watches.append(watch)
            continue
        if not outcome.done:
            watches.append(replace(watch, irregularity=outcome.keep or watch.irregularity))
        effects.extend(outcome.effects)
    state = state.evolve(watches=tuple(watches))
    return apply_effects(state, tuple(effects), play_card) if effects else state


def _held_cards(state: TableState, irregularity: Irregularity) -> TableState:
    """60C: cards held while the Director ruled that the ruling did not itself play are
    classified now, in the order they were made."""
    for _, _, record in irregularity.cards_before_ruling:
        entry = state.records[record]
        if isinstance(entry, CardRecord) and entry.status is Status.BEFORE_RULING:
            state = play_record(state, record)
    return state
