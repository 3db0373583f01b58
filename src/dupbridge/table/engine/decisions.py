"""The Director's decisions: opened on an irregularity, questions answered (Laws 9-12),
and the decisions the Laws open at a point of the play (26, 50D2, 51). Opening a
decision changes nothing else on the table, so every phase of the engine may call it."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.calls import Call
from dupbridge.core.errors import ActionRejected
from dupbridge.core.seats import Seat
from dupbridge.laws.auction import law26_lead_restrictions
from dupbridge.laws.dispatch import decide
from dupbridge.laws.machinery.ruling import Decision, Irregularity, LeadRestriction
from dupbridge.laws.play import law50_51_penalty_card_options
from dupbridge.table.state import CallRecord, Status, TableState


def open_decision(state: TableState, irregularity: Irregularity) -> TableState:
    """The Director is called to ``irregularity`` (9B1): a decision is pending."""
    decision_id = f"d{state.decisions + 1}"
    decision = decide(irregularity, {}, decision_id)
    return state.evolve(pending=decision, decisions=state.decisions + 1)


def call_before_director(
    state: TableState, pending: Decision, seat: Seat, call: Call, record: int
) -> TableState:
    """Law 11A: a non-offending player acted before the Director was summoned; the call is
    recorded and the Director asked whether it forfeits the rectification."""
    state = state.evolve(records=(*state.records, CallRecord(seat, call, Status.BEFORE_RULING)))
    irregularity = pending.irregularity
    acted = replace(irregularity,
                    before_director=(*irregularity.before_director, (seat, call, record)))
    return state.evolve(pending=decide(acted, pending.answers, pending.id))


def answer_question(state: TableState, question: str, answer: object) -> TableState:
    """The Director answers a question of the pending decision (a fact he establishes,
    Law 85): the decision is taken again with it."""
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


def decision_due(state: TableState) -> TableState:
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
            return open_decision(state, irregularity)
    if state.penalty_cards:
        due = law50_51_penalty_card_options.decision_due(
            state.edition, play, state.penalty_cards, state.rulings, len(state.records),
            state.restrictions)
        if due is not None:
            return open_decision(state, due)
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
