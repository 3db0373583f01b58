"""What a ruling does to the table: the effects of an option applied in order, and the
clauses that fired cited.

An effect may play a card (``PlayCard``: a card designated, 45C4(b), 46B; a card the
claimer must play, 57A), and a card played may end before the Director again (60C), who
rules with effects: the one recursion of the Laws through the engine. It is passed in as
``play_card`` by the modules above, rather than imported, so that the modules of the
engine form no circle."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from dupbridge.core.calls import PASS
from dupbridge.core.cards import Card
from dupbridge.core.edition import LawRef
from dupbridge.core.seats import Seat
from dupbridge.laws.dispatch import classify_call
from dupbridge.laws.machinery.clauses import missed_turn, ref
from dupbridge.laws.machinery.ruling import (
    AdjustedScore,
    Bar,
    BarKind,
    CallAgain,
    CancelCalls,
    CancelFrom,
    Cite,
    Effect,
    ImposeBar,
    InformationTag,
    LiftBars,
    PenaltyCard,
    PlayCard,
    Review,
    ScoreWithout,
    StandCall,
    SubstitutePass,
    Watch,
)
from dupbridge.laws.play import law48_50_exposed_cards
from dupbridge.table.engine.auction import (
    after_auction_change,
    auction_situation,
    cancel_calls,
    place_call,
    stand_call,
    stand_new_call,
)
from dupbridge.table.engine.play_effects import apply_play_effect
from dupbridge.table.engine.records import replace_record
from dupbridge.table.state import CallRecord, Status, TableState

CardPlay = Callable[[TableState, Seat, Card], TableState]
"""How the engine plays a card a ruling plays (``PlayCard``): as if placed by its player
(``plays.designated_card``)."""

RECORDING_EFFECTS = (Cite, Review, AdjustedScore, ScoreWithout)
"""Effects that record what the ruling says rather than change the play (a clause that
applied, an item for the Director at the end, an adjusted score, a double scored as not
made): they fire whenever they are applied."""


def fired(effect: Effect, before: TableState, after: TableState) -> bool:
    """Whether an applied effect fired, so that the ruling cites its clauses: a recording
    effect always does; any other only if it changed the table's state (a bar on a player
    after the auction has ended, a watch with nothing left to watch, penalty cards picked
    up from a hand that has none... did not, and their clauses are not cited)."""
    return isinstance(effect, RECORDING_EFFECTS) or after != before


def apply_and_cite(state: TableState, effects: tuple[Effect, ...],
                   play_card: CardPlay) -> tuple[TableState, set[LawRef]]:
    """Apply ``effects`` in order, as ``apply_effects``; also the clauses of those that
    fired."""
    cited: set[LawRef] = set()
    start = state
    for effect in effects:
        before = state
        state = apply_effect(state, effect, play_card)
        if fired(effect, before, state):
            cited.update(_clauses_as_applied(effect, state))
    if state.play is None:
        state = after_auction_change(state)
    return state, cited | _reverted(start, state)


def _clauses_as_applied(effect: Effect, after: TableState) -> tuple[LawRef, ...]:
    """The clauses an effect that fired rests on; a penalty card's as the table holds it
    once made: with the owner's other penalty cards 50B made it major (2007 50B, 2017
    50B2), and its play is under 50D, whatever the card was alone; a penalty card's
    information tag as kept (2017: 50E1 for a card that is major)."""
    if isinstance(effect, PenaltyCard):
        held = next((pc for pc in after.penalty_cards
                     if pc.seat is effect.seat and pc.card == effect.card), None)
        if held is not None:
            return held.clauses
    if isinstance(effect, InformationTag) and effect not in after.information:
        kept = law48_50_exposed_cards.following_status(after.edition, after.penalty_cards,
                                                       (effect,))
        return tuple(tag.law for tag in kept)
    return effect.clauses


def _reverted(before: TableState, after: TableState) -> set[LawRef]:
    """The clauses of a reversion to a player who missed his turn that the ruling set off
    (the passes it cancels carry 2007 17E2 / 2017 17D3): those, and Law 34, which keeps
    his right to call."""
    law = missed_turn(after.edition)
    cancelled = any(isinstance(entry, CallRecord) and entry.law == law
                    and entry != before.records[index]
                    for index, entry in enumerate(after.records[:len(before.records)]))
    return {law, ref(after.edition, "34")} if cancelled else set()


def apply_effects(state: TableState, effects: tuple[Effect, ...],
                  play_card: CardPlay) -> TableState:
    return apply_and_cite(state, effects, play_card)[0]


def apply_effect(state: TableState, effect: Effect, play_card: CardPlay) -> TableState:
    """``state`` after ``effect``: here those on the auction and ``PlayCard``; the others in
    ``play_effects``."""
    if isinstance(effect, CancelCalls):
        return cancel_calls(state, set(effect.records), effect)
    if isinstance(effect, CancelFrom):
        later = {i for i in range(effect.record, len(state.records))
                 if isinstance(state.records[i], CallRecord)}
        return cancel_calls(state, later, effect)
    if isinstance(effect, StandCall):
        return stand_call(state, effect.record, effect.law)
    if isinstance(effect, SubstitutePass):
        offender = state.records[effect.record].seat
        return stand_new_call(state, CallRecord(offender, PASS, Status.STANDING, effect.law, True))
    if isinstance(effect, ImposeBar):
        if state.current_auction.is_over:
            return state  # the substituted pass ended the auction: nobody is left to bar
        bar = Bar(effect.seat, effect.scope, effect.law, effect.kind, effect.call)
        bars = state.bars
        if effect.kind is BarKind.REPEAT:
            # One call to repeat at a time: a player who called out of rotation twice
            # before his right-hand opponent called repeats the later call (31A1, 2007
            # 32B1, 2017 32A1 speak of one call; the Laws do not provide for two).
            bars = tuple(b for b in bars if not (b.seat is effect.seat
                                                 and b.kind is BarKind.REPEAT))
        return state.evolve(bars=(*bars, bar))
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
        verdict = classify_call(auction_situation(state), effect.seat, effect.call,
                                effect.record)
        if verdict.implied_pass is None and verdict.irregularity is None:
            return stand_call(state, effect.record, effect.law)
        entry = state.records[effect.record]
        if verdict.irregularity is not None:
            state = replace_record(state, effect.record, replace(entry, status=Status.PENDING))
        return place_call(state, verdict, effect.record)
    if isinstance(effect, PlayCard):
        return play_card(state, effect.seat, effect.card)
    return apply_play_effect(state, effect)
