"""Dummy and designations: a card designated by words (45C4, 46) and its change (45C4(b),
47C), dummy's misplaced card (45D), and what dummy did (42-43, 45F)."""

from __future__ import annotations

from dupbridge.core.cards import Card
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.laws.irregularities import law09_11_procedure
from dupbridge.laws.play import law42_43_dummy, law45_47_card_played
from dupbridge.rules.play import Play
from dupbridge.table.engine.decisions import open_decision
from dupbridge.table.engine.effects import apply_effects
from dupbridge.table.engine.plays import designated_card
from dupbridge.table.engine.records import card_record
from dupbridge.table.events import CardDesignated, DesignationChanged, DummyAction, DummyMisplaced
from dupbridge.table.state import CardRecord, Status, TableState


def dummy_event(
    state: TableState, event: CardDesignated | DesignationChanged | DummyMisplaced | DummyAction
) -> TableState:
    """A designation by words (45C4, 46), its change (45C4(b), 47C), dummy's misplaced card
    (45D), and what dummy did (42-43, 45F): each law module says what follows."""
    play = state.play
    if play is None or (not play.opening_lead_made and not isinstance(event, CardDesignated)):
        raise ActionRejected(msg("{event}: the play has not started", event=str(event)))
    edition = state.edition
    if isinstance(event, CardDesignated):
        outcome = law45_47_card_played.designation(edition, play, event.seat, event.text,
                                                   len(state.records))
        if isinstance(outcome, Card):
            return designated_card(state, event.seat, outcome)
        if state.pending is not None:
            raise law09_11_procedure.no_action_until_ruling(state.pending, play.declarer)
        return open_decision(state, outcome)
    if state.pending is not None:
        raise law09_11_procedure.no_action_until_ruling(state.pending, play.declarer)
    if isinstance(event, DesignationChanged):
        record = next((i for i in reversed(state.designations)
                       if card_record(state, i).seat is event.seat
                       and card_record(state, i).status is Status.STANDING), None)
        if record is None:
            raise ActionRejected(msg("{seat} has no designated card to change", seat=event.seat))
        later = tuple(seat for seat, _ in _played_after(state, record))
        return open_decision(state, law45_47_card_played.change_of_designation(
            edition, play, event.seat, event.card, record, later))
    if isinstance(event, DummyMisplaced):
        entry = card_record(state, event.record)
        if entry.seat is not play.dummy or entry.status is not Status.STANDING or not entry.trick:
            raise ActionRejected(msg("the card at record {record} is not dummy's played card",
                                 record=event.record))
        led = not any(isinstance(e, CardRecord) and e.status is Status.STANDING
                      and e.trick == entry.trick for e in state.records[:event.record])
        ruled = law45_47_card_played.misplaced_card(
            edition, play, event.record, entry.trick, event.named,
            _played_after(state, event.record), led)
        return apply_effects(state, ruled.effects, designated_card)
    return _dummy_action(state, play, event.what, event.offender)


def _dummy_action(state: TableState, play: Play, what: str,
                  offender: Seat | None = None) -> TableState:
    edition = state.edition
    if what in ("breach", "shown"):
        report = (law42_43_dummy.breach_reported(edition) if what == "breach"
                  else law42_43_dummy.hand_shown_to_dummy(edition))
        state = state.evolve(dummy_breach=state.dummy_breach or report.breach)
        return apply_effects(state, report.effects, designated_card)
    if what == "indicate":
        return apply_effects(state, law45_47_card_played.dummy_indicated(edition), designated_card)
    if what == "warn-hand":
        if not state.dummy_breach:
            return state  # a permitted prevention (42B2)
        return open_decision(state, law42_43_dummy.wrong_hand_irregularity(
            edition, play, len(state.records)))
    if what == "handled" and offender is not None:
        return apply_effects(
            state, law42_43_dummy.dummy_cards_handled(edition, play, offender), designated_card)
    if what == "prevent" and offender is not None:
        flagged = law42_43_dummy.prevention(edition, play, offender, len(state.records))
        return state if flagged is None else open_decision(state, flagged)
    raise ActionRejected(f"unknown dummy action {what!r}")


def _played_after(state: TableState, record: int) -> tuple[tuple[Seat, int], ...]:
    """The hand and trick of each card standing in a trick, played after ``record``."""
    return tuple((e.seat, e.trick) for e in state.records[record + 1:]
                 if isinstance(e, CardRecord) and e.status is Status.STANDING and e.trick)
