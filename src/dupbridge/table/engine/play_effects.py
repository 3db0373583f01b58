"""What a ruling does to the cards and to what the table keeps for the end of the board:
cards returned, exposed, made penalty cards or played (Laws 47-64), restrictions and
lead choices (26, 43, 50-51), information tags (16, 50E), review items, adjusted scores
and a claim settled (68-71). None of these changes the auction, so the auction may
apply them (Law 24 at its end) without a circle back to it."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.laws.claims.effects import ClaimSettled, ClaimVoid
from dupbridge.laws.machinery.ruling import (
    AcceptCard,
    AdjustedScore,
    Cite,
    Effect,
    Establish,
    ExposeCard,
    InformationTag,
    LeadFrom,
    LeadRestriction,
    PenaltyCard,
    PickUpPenaltyCards,
    PlayRecord,
    RestrictLead,
    RestrictPlay,
    ReturnCard,
    ReturnPlayedCard,
    Review,
    ScoreWithout,
    SwapDeclarer,
)
from dupbridge.laws.play import law42_43_dummy, law48_50_exposed_cards, play_obligations
from dupbridge.table.engine.records import card_record, replace_record
from dupbridge.table.engine.tricks import (
    obligations_after_card,
    play_record,
    rebuild_play,
    trick_number,
    withdraw_played,
)
from dupbridge.table.state import CardRecord, Status, TableState


def apply_play_effect(state: TableState, effect: Effect) -> TableState:
    """``state`` after ``effect``, any effect but those on the auction and ``PlayCard``
    (``effects.apply_effect`` applies those)."""
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
        return apply_play_effect(state, ReturnCard(effect.law, record))
    if isinstance(effect, ReturnCard):
        entry = card_record(state, effect.record)
        if entry.status is Status.STANDING and entry.trick:
            state = withdraw_played(state, effect.record, entry, effect.law)
        return replace_record(state, effect.record,
                              replace(entry, status=Status.RETURNED, law=effect.law))
    if isinstance(effect, AcceptCard):
        entry = card_record(state, effect.record)
        assert state.play is not None
        before = state.play
        play = before.with_lead_out_of_turn(entry.seat, entry.card)
        if state.penalty_cards or state.restrictions:
            # A penalty card led out of turn and accepted is played: spent (50D1).
            state = obligations_after_card(state, before, play, entry.seat, entry.card)
        return replace_record(state.evolve(play=play), effect.record,
                              replace(entry, status=Status.STANDING, law=effect.law,
                                      trick=trick_number(play), out_of_turn=True))
    if isinstance(effect, ExposeCard | PenaltyCard):
        # Face up on the table, not played; a penalty card is kept for Laws 50-51 too.
        entry = card_record(state, effect.record)
        if entry.status is Status.STANDING and entry.trick:
            state = withdraw_played(state, effect.record, entry, effect.law)
        state = replace_record(state, effect.record,
                               replace(entry, status=Status.EXPOSED, law=effect.law))
        if isinstance(effect, PenaltyCard):
            # A penalty card played again irregularly (e.g. prematurely, 57A) is one
            # penalty card, as the later ruling makes it.
            state = _penalty_card_information(state.evolve(
                penalty_cards=play_obligations.with_penalty_card(
                    state.edition, state.penalty_cards, effect)))
        return state
    if isinstance(effect, PlayRecord):
        return play_record(state, effect.record)
    if isinstance(effect, RestrictPlay):
        return state.evolve(restrictions=(*state.restrictions, effect))
    if isinstance(effect, PickUpPenaltyCards):
        return state.evolve(penalty_cards=tuple(
            pc for pc in state.penalty_cards
            if not (pc.seat is effect.seat and effect.suit in (None, pc.card.suit))))
    if isinstance(effect, SwapDeclarer):
        assert state.play is not None and not state.play.opening_lead_made
        return rebuild_play(state, declarer=state.play.dummy)
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
        if state.claim.credited == effect.tricks:
            return state  # a correction that gives nothing back: it stands as settled
        return state.evolve(claim=replace(state.claim, credited=effect.tricks,
                                          settled_by=effect.law))
    if isinstance(effect, ClaimVoid):
        return state.evolve(claim=None)  # play continues (68B2, 2017 68D2(b), 48B2)
    if isinstance(effect, Cite | ScoreWithout):
        return state  # ScoreWithout: read from the ruling by the scoring (Table.result)
    raise TypeError(f"unknown effect {effect!r}")


def _penalty_card_information(state: TableState) -> TableState:
    """The penalty cards' information tags follow their status (2017 50C / 50E1)."""
    if not state.penalty_cards:
        return state
    return state.evolve(information=law48_50_exposed_cards.following_status(
        state.edition, state.penalty_cards, state.information))


def _played_record(state: TableState, effect: ReturnPlayedCard) -> int:
    """The record of ``effect.seat``'s ``effect.card`` standing in a trick."""
    for index, entry in enumerate(state.records):
        if (isinstance(entry, CardRecord) and entry.seat is effect.seat
                and entry.card == effect.card and entry.status is Status.STANDING):
            return index
    raise AssertionError(f"{effect.seat.name.title()} has not played {effect.card}")
