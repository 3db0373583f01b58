"""``apply(state, event) -> state``: the pure heart of the table engine.

This module dispatches each event to the module of its phase: the auction
(``auction_phase``), the play (``play_phase``, ``dummy_and_claims``,
``defective_tricks``), the Director's decisions (``director_decisions``) and what
a ruling does (``ruling_effects``). Names with a leading underscore are private to
these modules of the engine."""

from __future__ import annotations

from dupbridge.laws.irregularities import law09_11_procedure
from dupbridge.laws.play import law45_47_card_played
from dupbridge.table import (
    auction_phase,
    defective_tricks,
    director_decisions,
    dummy_and_claims,
    play_phase,
    ruling_effects,
)
from dupbridge.table.cards_and_boards import apply_board_event
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
    return director_decisions._decision_due(_apply_event(state, event))


def _apply_event(state: TableState, event: Event) -> TableState:
    if isinstance(event, CallMade):
        return auction_phase._call(state, event.seat, event.call)
    if isinstance(event, CardPlayed):
        return play_phase._card(state, event.seat, event.card)
    if isinstance(event, DirectorAnswered):
        return director_decisions._answer(state, event.question, event.answer)
    if isinstance(event, OptionChosen):
        return director_decisions._choose(state, event)
    if isinstance(event, TALK_EVENTS):
        return _talk(state, event)
    if isinstance(event, INFORMATION_EVENTS):  # Laws 16, 73: facts and the Director's call
        state, irregularity = apply_information(state, event)
        if irregularity is None:
            return state
        return director_decisions._open_decision(state, irregularity)
    if isinstance(event, BOARD_EVENTS):  # Laws 13-15: facts reported to the Director
        state, irregularity = apply_board_event(state, event)
        if irregularity is None:
            return state
        return director_decisions._open_decision(state, irregularity)
    if isinstance(event, CardExposed):
        return play_phase._card_exposed(state, event)
    if isinstance(event, DEFECT_EVENTS):
        return defective_tricks._defect_event(state, event)
    if isinstance(event, AttentionDrawn):
        return play_phase._attention_drawn(state, event)
    if isinstance(event, RevokeAsked):
        return dummy_and_claims._revoke_asked(state, event)
    if isinstance(event, TurnStated):  # 47E1: recorded; judged when the player acts
        if state.pending is not None:
            raise law09_11_procedure.no_action_until_ruling(state.pending, event.seat)
        item = law45_47_card_played.turn_stated(state.edition, state.play, event.seat,
                                                event.told, len(state.records))
        return state.evolve(talk=(*state.talk, item))
    if isinstance(event, CardPointed | TrickInspected | PlayedCardsMixed):
        return play_phase._tricks_event(state, event)
    if isinstance(event, CardDesignated | DesignationChanged | DummyMisplaced | DummyAction):
        return dummy_and_claims._dummy_event(state, event)
    if isinstance(event, LEAD_EVENTS):
        return play_phase._face_down_lead_event(state, event)
    if isinstance(event, CLAIM_EVENTS):
        return dummy_and_claims._claim_event(state, event)
    raise TypeError(f"not a table event: {event!r}")


def _talk(state: TableState, event: TalkEvent) -> TableState:
    """Alerts, explanations, reviews... (Laws 16, 17, 20); some put a matter before the
    Director (a corrected explanation: 21B; cards from a wrong board: 17D / 15A)."""
    state, irregularity = apply_talk(state, event)
    return state if irregularity is None else director_decisions._open_decision(state, irregularity)


# Re-exported: what the tests and ``Table`` read from the engine.
RECORDING_EFFECTS = ruling_effects.RECORDING_EFFECTS
fired = ruling_effects.fired
cards_owed = defective_tricks.cards_owed
_apply_effect = ruling_effects._apply_effect
