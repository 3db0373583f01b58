"""``apply(state, event) -> state``: the pure heart of the table engine.

The one module that knows every phase: it dispatches each event to the module of its
phase: a call (``calls``), a card (``plays``), dummy (``dummy``), a claim (``claims``),
attention drawn (``attention``), a defective trick (``defective_tricks``), the
Director's answers and options (``decisions``, ``rulings``); talk, information and the
boards are the table's own modules."""

from __future__ import annotations

from dupbridge.laws.irregularities import law09_11_procedure
from dupbridge.laws.machinery.ruling import Effect
from dupbridge.laws.play import law45_47_card_played
from dupbridge.table.cards_and_boards import apply_board_event
from dupbridge.table.engine import effects
from dupbridge.table.engine.attention import attention_drawn, revoke_asked
from dupbridge.table.engine.calls import call_made
from dupbridge.table.engine.claims import claim_event
from dupbridge.table.engine.decisions import answer_question, decision_due, open_decision
from dupbridge.table.engine.defective_tricks import defect_event
from dupbridge.table.engine.dummy import dummy_event
from dupbridge.table.engine.plays import (
    card_exposed,
    card_played,
    designated_card,
    face_down_lead_event,
    tricks_event,
)
from dupbridge.table.engine.rulings import option_chosen
from dupbridge.table.events import (
    BOARD_EVENTS,
    CLAIM_EVENTS,
    DEFECT_EVENTS,
    INFORMATION_EVENTS,
    LEAD_EVENTS,
    TALK_EVENTS,
    AttentionDrawn,
    CallMade,
    CardDesignated,
    CardExposed,
    CardPlayed,
    CardPointed,
    DesignationChanged,
    DirectorAnswered,
    DummyAction,
    DummyMisplaced,
    Event,
    OptionChosen,
    PlayedCardsMixed,
    RevokeAsked,
    TalkEvent,
    TrickInspected,
    TurnStated,
)
from dupbridge.table.information import apply_information
from dupbridge.table.state import TableState
from dupbridge.table.talk import apply_talk


def apply(state: TableState, event: Event) -> TableState:
    """The state after ``event``. Irregular actions are recorded and open a decision;
    ``ActionRejected`` is only for what cannot happen (see DESIGN.md). Then a decision the
    Laws open at this point of the play, if any (Law 26 at a first turn to lead)."""
    return decision_due(_apply_event(state, event))


def _apply_event(state: TableState, event: Event) -> TableState:
    if isinstance(event, CallMade):
        return call_made(state, event.seat, event.call)
    if isinstance(event, CardPlayed):
        return card_played(state, event.seat, event.card)
    if isinstance(event, DirectorAnswered):
        return answer_question(state, event.question, event.answer)
    if isinstance(event, OptionChosen):
        return option_chosen(state, event, designated_card)
    if isinstance(event, TALK_EVENTS):
        return _talk(state, event)
    if isinstance(event, INFORMATION_EVENTS):  # Laws 16, 73: facts and the Director's call
        state, irregularity = apply_information(state, event)
        if irregularity is None:
            return state
        return open_decision(state, irregularity)
    if isinstance(event, BOARD_EVENTS):  # Laws 13-15: facts reported to the Director
        state, irregularity = apply_board_event(state, event)
        if irregularity is None:
            return state
        return open_decision(state, irregularity)
    if isinstance(event, CardExposed):
        return card_exposed(state, event)
    if isinstance(event, DEFECT_EVENTS):
        return defect_event(state, event)
    if isinstance(event, AttentionDrawn):
        return attention_drawn(state, event)
    if isinstance(event, RevokeAsked):
        return revoke_asked(state, event)
    if isinstance(event, TurnStated):  # 47E1: recorded; judged when the player acts
        if state.pending is not None:
            raise law09_11_procedure.no_action_until_ruling(state.pending, event.seat)
        item = law45_47_card_played.turn_stated(state.edition, state.play, event.seat,
                                                event.told, len(state.records))
        return state.evolve(talk=(*state.talk, item))
    if isinstance(event, CardPointed | TrickInspected | PlayedCardsMixed):
        return tricks_event(state, event)
    if isinstance(event, CardDesignated | DesignationChanged | DummyMisplaced | DummyAction):
        return dummy_event(state, event)
    if isinstance(event, LEAD_EVENTS):
        return face_down_lead_event(state, event)
    if isinstance(event, CLAIM_EVENTS):
        return claim_event(state, event)
    raise TypeError(f"not a table event: {event!r}")


def _talk(state: TableState, event: TalkEvent) -> TableState:
    """Alerts, explanations, reviews... (Laws 16, 17, 20); some put a matter before the
    Director (a corrected explanation: 21B; cards from a wrong board: 17D / 15A)."""
    state, irregularity = apply_talk(state, event)
    return state if irregularity is None else open_decision(state, irregularity)


def apply_effect(state: TableState, effect: Effect) -> TableState:
    """``state`` after one effect of a ruling, a card it plays played as any card."""
    return effects.apply_effect(state, effect, designated_card)
