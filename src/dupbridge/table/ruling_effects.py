"""What a ruling does to the table: the effects of an option applied in order, and the
clauses that fired cited."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.calls import PASS
from dupbridge.core.edition import LawRef
from dupbridge.laws.claims.effects import ClaimSettled, ClaimVoid
from dupbridge.laws.dispatch import (
    classify_call,
)
from dupbridge.laws.machinery.clauses import missed_turn, ref
from dupbridge.laws.machinery.ruling import (
    AcceptCard,
    AdjustedScore,
    Bar,
    CallAgain,
    CancelCalls,
    CancelFrom,
    Cite,
    Effect,
    Establish,
    ExposeCard,
    ImposeBar,
    InformationTag,
    LeadFrom,
    LeadRestriction,
    LiftBars,
    PenaltyCard,
    PickUpPenaltyCards,
    PlayCard,
    PlayRecord,
    RestrictLead,
    RestrictPlay,
    ReturnCard,
    ReturnPlayedCard,
    Review,
    ScoreWithout,
    StandCall,
    SubstitutePass,
    SwapDeclarer,
    Watch,
)
from dupbridge.laws.play import law42_43_dummy, law48_50_exposed_cards, play_obligations
from dupbridge.rules.auction import Auction
from dupbridge.table import auction_phase, dummy_and_claims, play_phase
from dupbridge.table.state import CallRecord, CardRecord, Record, Status, TableState

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


def _apply_and_cite(state: TableState,
                    effects: tuple[Effect, ...]) -> tuple[TableState, set[LawRef]]:
    """Apply ``effects`` in order, as ``_apply_effects``; also the clauses of those that
    fired."""
    cited: set[LawRef] = set()
    start = state
    for effect in effects:
        before = state
        state = _apply_effect(state, effect)
        if fired(effect, before, state):
            cited.update(_clauses_as_applied(effect, state))
    if state.play is None:
        state = auction_phase._after_auction_change(state)
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


def _penalty_card_information(state: TableState) -> TableState:
    """The penalty cards' information tags follow their status (2017 50C / 50E1)."""
    if not state.penalty_cards:
        return state
    return state.evolve(information=law48_50_exposed_cards.following_status(
        state.edition, state.penalty_cards, state.information))


def _reverted(before: TableState, after: TableState) -> set[LawRef]:
    """The clauses of a reversion to a player who missed his turn that the ruling set off
    (the passes it cancels carry 2007 17E2 / 2017 17D3): those, and Law 34, which keeps
    his right to call."""
    law = missed_turn(after.edition)
    cancelled = any(isinstance(entry, CallRecord) and entry.law == law
                    and entry != before.records[index]
                    for index, entry in enumerate(after.records[:len(before.records)]))
    return {law, ref(after.edition, "34")} if cancelled else set()


def _apply_effects(state: TableState, effects: tuple[Effect, ...]) -> TableState:
    return _apply_and_cite(state, effects)[0]


def _apply_effect(state: TableState, effect: Effect) -> TableState:
    if isinstance(effect, CancelCalls):
        return _cancel(state, set(effect.records), effect)
    if isinstance(effect, CancelFrom):
        later = {i for i in range(effect.record, len(state.records))
                 if isinstance(state.records[i], CallRecord)}
        return _cancel(state, later, effect)
    if isinstance(effect, StandCall):
        return auction_phase._stand(state, effect.record, effect.law)
    if isinstance(effect, SubstitutePass):
        offender = state.records[effect.record].seat
        return auction_phase._stand_new(
            state, CallRecord(offender, PASS, Status.STANDING, effect.law, True))
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
        verdict = classify_call(auction_phase._situation(state), effect.seat, effect.call,
                                effect.record)
        if verdict.implied_pass is None and verdict.irregularity is None:
            return auction_phase._stand(state, effect.record, effect.law)
        entry = state.records[effect.record]
        if verdict.irregularity is not None:
            state = auction_phase._replace_record(state, effect.record,
                                                  replace(entry, status=Status.PENDING))
        return auction_phase._place(state, verdict, effect.record)
    if isinstance(effect, Review):
        return state.evolve(reviews=(*state.reviews, effect))
    if isinstance(effect, AdjustedScore):
        return state.evolve(adjustments=(*state.adjustments, effect))
    if isinstance(effect, LeadRestriction):
        return state.evolve(lead_restrictions=(*state.lead_restrictions, effect))
    if isinstance(effect, InformationTag):
        return _penalty_card_information(state.evolve(information=(*state.information, effect)))
    if isinstance(effect, ReturnPlayedCard):
        record = _played_record(state, effect)
        if effect.information is not None:
            tag = InformationTag(effect.information, record, effect.seat.side)
            state = state.evolve(information=(*state.information, tag))
        return _apply_effect(state, ReturnCard(effect.law, record))
    if isinstance(effect, ReturnCard):
        entry = _card_record(state, effect.record)
        if entry.status is Status.STANDING and entry.trick:
            state = play_phase._withdraw_played(state, effect.record, entry, effect.law)
        return auction_phase._replace_record(state, effect.record,
                               replace(entry, status=Status.RETURNED, law=effect.law))
    if isinstance(effect, AcceptCard):
        entry = _card_record(state, effect.record)
        assert state.play is not None
        before = state.play
        play = before.with_lead_out_of_turn(entry.seat, entry.card)
        if state.penalty_cards or state.restrictions:
            # A penalty card led out of turn and accepted is played: spent (50D1).
            state = play_phase._obligations_after_card(state, before, play, entry.seat, entry.card)
        return auction_phase._replace_record(state.evolve(play=play), effect.record,
                               replace(entry, status=Status.STANDING, law=effect.law,
                                       trick=play_phase._trick_number(play), out_of_turn=True))
    if isinstance(effect, ExposeCard | PenaltyCard):
        # Face up on the table, not played; a penalty card is kept for Laws 50-51 too.
        entry = _card_record(state, effect.record)
        if entry.status is Status.STANDING and entry.trick:
            state = play_phase._withdraw_played(state, effect.record, entry, effect.law)
        state = auction_phase._replace_record(state, effect.record,
                                replace(entry, status=Status.EXPOSED, law=effect.law))
        if isinstance(effect, PenaltyCard):
            # A penalty card played again irregularly (e.g. prematurely, 57A) is one
            # penalty card, as the later ruling makes it.
            state = _penalty_card_information(state.evolve(
                penalty_cards=play_obligations.with_penalty_card(
                    state.edition, state.penalty_cards, effect)))
        return state
    if isinstance(effect, PlayRecord):
        return play_phase._play_record(state, effect.record)
    if isinstance(effect, PlayCard):
        return dummy_and_claims._designated_card(state, effect.seat, effect.card)
    if isinstance(effect, RestrictPlay):
        return state.evolve(restrictions=(*state.restrictions, effect))
    if isinstance(effect, PickUpPenaltyCards):
        return state.evolve(penalty_cards=tuple(
            pc for pc in state.penalty_cards
            if not (pc.seat is effect.seat and effect.suit in (None, pc.card.suit))))
    if isinstance(effect, SwapDeclarer):
        assert state.play is not None and not state.play.opening_lead_made
        return play_phase._rebuild_play(state, declarer=state.play.dummy)
    if isinstance(effect, Establish):
        # A corrected revoke "established" is one Law 64 treats as if established (43B2(b)).
        return state.evolve(revokes=tuple(
            replace(revoke, established=True, forced=revoke.corrected)
            if revoke.record == effect.record else revoke
            for revoke in state.revokes))
    if isinstance(effect, RestrictLead):
        return state.evolve(lead_choices=(*state.lead_choices, effect))
    if isinstance(effect, LeadFrom):
        assert state.play is not None
        chosen = law42_43_dummy.chosen_hand(state.play, effect.seat)
        return state.evolve(lead_from=chosen)
    if isinstance(effect, ClaimSettled):
        assert state.claim is not None
        return state.evolve(claim=replace(state.claim, credited=effect.tricks))
    if isinstance(effect, ClaimVoid):
        return state.evolve(claim=None)  # play continues (68B2, 2017 68D2(b), 48B2)
    if isinstance(effect, Cite | ScoreWithout):
        return state  # ScoreWithout: read from the ruling by the scoring (Table.result)
    raise TypeError(f"unknown effect {effect!r}")


def _played_record(state: TableState, effect: ReturnPlayedCard) -> int:
    """The record of ``effect.seat``'s ``effect.card`` standing in a trick."""
    for index, entry in enumerate(state.records):
        if (isinstance(entry, CardRecord) and entry.seat is effect.seat
                and entry.card == effect.card and entry.status is Status.STANDING):
            return index
    raise AssertionError(f"{effect.seat.name.title()} has not played {effect.card}")


def _card_record(state: TableState, record: int) -> CardRecord:
    entry = state.records[record]
    assert isinstance(entry, CardRecord), f"record {record} is not a card"
    return entry


def _cancel(state: TableState, indices: set[int], effect: Effect) -> TableState:
    """Cancel calls: pending ones simply; standing ones leave the auction, and every
    standing call after them is rebuilt in order."""
    if not indices:
        return state
    for index in indices:
        state = auction_phase._replace_record(state, index,
                                              _cancelled(state.records[index], effect.law))
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
