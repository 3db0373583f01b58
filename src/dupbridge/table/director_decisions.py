"""The table engine and the Director: decisions opened, questions answered, options
chosen and ruled (Laws 9-12); decisions the Laws open at a point of the play (26, 50D2, 51)."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.errors import ActionRejected
from dupbridge.core.seats import Seat
from dupbridge.laws.auction import law26_lead_restrictions
from dupbridge.laws.dispatch import (
    RECTIFICATIONS,
    decide,
)
from dupbridge.laws.irregularities import law09_11_procedure
from dupbridge.laws.machinery.ruling import (
    Decision,
    Effect,
    Irregularity,
    LeadRestriction,
    Option,
    Resolution,
    Ruling,
    Watch,
)
from dupbridge.laws.play import law50_51_penalty_card_options
from dupbridge.table import play_phase, ruling_effects
from dupbridge.table.events import (
    OptionChosen,
)
from dupbridge.table.state import CallRecord, CardRecord, Status, TableState


def _open_decision(state: TableState, irregularity: Irregularity) -> TableState:
    decision_id = f"d{state.decisions + 1}"
    decision = decide(irregularity, {}, decision_id)
    return state.evolve(pending=decision, decisions=state.decisions + 1)


def _call_before_ruling(
    state: TableState, pending: Decision, seat: Seat, call: Call, record: int
) -> TableState:
    state = state.evolve(records=(*state.records, CallRecord(seat, call, Status.BEFORE_RULING)))
    irregularity = pending.irregularity
    outcome = RECTIFICATIONS[irregularity.kind].before_ruling(irregularity, seat, call, record)
    if isinstance(outcome, Resolution):
        return _rule(state, pending, None, outcome.effects)
    decision = decide(outcome, pending.answers, pending.id)
    return state.evolve(pending=decision)


def _call_before_director(
    state: TableState, pending: Decision, seat: Seat, call: Call, record: int
) -> TableState:
    """Law 11A: a non-offending player acted before the Director was summoned; the call is
    recorded and the Director asked whether it forfeits the rectification."""
    state = state.evolve(records=(*state.records, CallRecord(seat, call, Status.BEFORE_RULING)))
    irregularity = pending.irregularity
    acted = replace(irregularity,
                    before_director=(*irregularity.before_director, (seat, call, record)))
    return state.evolve(pending=decide(acted, pending.answers, pending.id))


def _answer(state: TableState, question: str, answer: object) -> TableState:
    pending = state.pending
    if pending is None:
        raise ActionRejected("no decision is pending; there is no question to answer")
    asked = next((q for q in pending.questions if q.id == question), None)
    if asked is None:
        known = ", ".join(q.id for q in pending.questions) or "none"
        raise ActionRejected(f"decision {pending.id} asks no question {question!r} "
                             f"(its questions: {known})")
    answer = asked.canonical(answer)
    if answer not in asked.choices or type(answer) is not type(asked.default):
        raise ActionRejected(f"question {question!r} takes one of {asked.choices}, got {answer!r}")
    answers = {**pending.answers, question: answer}
    irregularity = pending.irregularity
    decision = decide(irregularity, answers, pending.id)
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
    law09_11_procedure.check_chooser(option, event.by)
    state = _rule(state, pending, option, option.effects)
    return _held_cards(state, pending.irregularity)


def _rule(state: TableState, pending: Decision, option: Option | None,
          effects: tuple[Effect, ...]) -> TableState:
    """Resolve ``pending`` with ``effects`` (those of ``option``, or of the law itself when
    None) and record the ruling. Its citations are derived from what fired, never copied
    from the decision: the clauses of every effect that fired and those the Director's
    answers cite (``Ruling.answered_clauses``)."""
    index = len(state.rulings)
    ruling = Ruling(pending, option, None if option is None else option.chosen_by, (), effects,
                    pending.answers)
    state = state.evolve(pending=None, rulings=(*state.rulings, ruling))
    state, fired = ruling_effects._apply_and_cite(state, effects)
    if state.watches and state.pending is None:
        state = _calls_stood(state)
    cited = replace(ruling, clauses=tuple(sorted({*fired, *ruling.answered_clauses()})))
    return state.evolve(rulings=(*state.rulings[:index], cited, *state.rulings[index + 1:]))


def _calls_stood(state: TableState) -> TableState:
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
    return ruling_effects._apply_effects(state, tuple(effects)) if effects else state


def _card_before_ruling(
    state: TableState, pending: Decision, seat: Seat, card: Card
) -> TableState:
    """A card by a player the pending decision waits for (e.g. the next hand after a lead
    out of turn, 53A / 60A1): its law says whether it settles the matter."""
    record = len(state.records)
    state = state.evolve(records=(*state.records, CardRecord(seat, card, Status.BEFORE_RULING)))
    irregularity = pending.irregularity
    handler = RECTIFICATIONS[irregularity.kind].card_before_ruling
    assert handler is not None
    outcome = handler(irregularity, seat, card, record)
    if isinstance(outcome, Resolution):
        return _held_cards(_rule(state, pending, None, outcome.effects), irregularity)
    return state.evolve(pending=decide(outcome, pending.answers, pending.id))


def _held_cards(state: TableState, irregularity: Irregularity) -> TableState:
    """60C: cards held while the Director ruled that the ruling did not itself play are
    classified now, in the order they were made."""
    for _, _, record in irregularity.cards_before_ruling:
        entry = state.records[record]
        if isinstance(entry, CardRecord) and entry.status is Status.BEFORE_RULING:
            state = play_phase._play_record(state, record)
    return state


def _decision_due(state: TableState) -> TableState:
    """A decision the Laws open at a point of the play rather than on an action (a lead
    while it is pending is rejected, as any action while the Director rules): declarer's
    Law 26 options at the offender's partner's first turn to lead; his Law 50D2 / 51B
    options when a defender with a major penalty card has his partner on lead, and his
    51A choice among several penalty cards the offender could play."""
    play = state.play
    if state.pending is not None or play is None:
        return state
    if state.lead_restrictions:
        restriction = law26_lead_restrictions.restriction_due(
            play, state.lead_restrictions, state.lead_choices)
        if restriction is not None:
            irregularity = law26_lead_restrictions.withdrawn_call(
                state.edition, restriction, state.current_auction,
                _withdrawn_record(state, restriction),
                law26_lead_restrictions.candidate_rule(state.regulations))
            return _open_decision(state, irregularity)
    if state.penalty_cards:
        due = law50_51_penalty_card_options.decision_due(
            state.edition, play, state.penalty_cards, state.rulings, len(state.records),
            state.restrictions)
        if due is not None:
            return _open_decision(state, due)
    return state


def _withdrawn_record(state: TableState, restriction: LeadRestriction) -> int:
    """The record of the call a lead restriction is about: the offender's latest such
    call (withdrawn or cancelled)."""
    for index in range(len(state.records) - 1, -1, -1):
        entry = state.records[index]
        if (isinstance(entry, CallRecord) and entry.seat is restriction.offender
                and entry.call == restriction.withdrawn):
            return index
    return len(state.records) - 1
