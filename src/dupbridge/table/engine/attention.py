"""Attention drawn to an irregularity in the play: a revoke (Laws 61-64; a revoke
inquiry, 61B; dummy, 43), a defective trick (67): the Director rules."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.edition import LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.laws.irregularities import law09_11_procedure
from dupbridge.laws.machinery.ruling import PenaltyCard, Review
from dupbridge.laws.play import (
    law42_43_dummy,
    law61_64_revokes,
    law61_revoke,
    law67_defective_trick,
)
from dupbridge.table.engine.decisions import open_decision
from dupbridge.table.engine.effects import apply_effects
from dupbridge.table.engine.plays import designated_card
from dupbridge.table.engine.records import card_record
from dupbridge.table.engine.tricks import rebuild_play
from dupbridge.table.events import AttentionDrawn, RevokeAsked
from dupbridge.table.state import CardRecord, Status, TableState


def attention_drawn(state: TableState, event: AttentionDrawn) -> TableState:
    """Attention drawn to a revoke: the Director rules on it (Laws 61-64)."""
    if state.pending is not None:
        raise law09_11_procedure.no_action_until_ruling(state.pending, event.seat)
    play = state.play
    if play is None:
        raise ActionRejected(msg("there is no play yet: no revoke to draw attention to"))
    if any(not defect.ruling for defect in state.defects):
        return _defect_attention(state)
    if event.seat is play.dummy and not event.late and not play.is_complete:
        # 43A1(b): refused, unless dummy breached 43A2: then no rectification (43B3).
        return apply_effects(state, law42_43_dummy.dummy_draws_attention(
            state.edition, False, state.dummy_breach), designated_card)
    later = tuple((entry.seat, entry.card, index) for index, entry in enumerate(state.records)
                  if isinstance(entry, CardRecord) and entry.status is Status.STANDING
                  and entry.trick)  # for 62C2: the cards standing, in the order played
    revokes, irregularity = law61_64_revokes.attention_drawn(
        state.edition, state.revokes, play, event.seat, event.record, event.late, later,
        state.penalty_cards)
    state = state.evolve(revokes=revokes)
    return state if irregularity is None else open_decision(state, irregularity)


def revoke_asked(state: TableState, event: RevokeAsked) -> TableState:
    """61B: a question about a possible revoke, recorded with the talk; refused (with the
    clause) when Law 61B does not allow it."""
    play = state.play
    if play is None or state.pending is not None:
        raise ActionRejected(msg("no revoke inquiry now: the play has not started or the "
                                 "Director is ruling"))
    enquiry = law61_revoke.revoke_enquiry(state.regulations, play.declarer, event.seat,
                                              event.asked)
    state = state.evolve(talk=(*state.talk, enquiry))
    forced = law42_43_dummy.revoke_asked_by_dummy(state.dummy_breach, play, state.revokes,
                                                  event.seat, event.asked)
    if forced is None:
        return state
    # 43B2(b): declarer, asked, is aware of his revoke: corrected, Law 64 as if established.
    state = state.evolve(revokes=tuple(forced if r.record == forced.record else r
                                       for r in state.revokes))
    return attention_drawn(state, AttentionDrawn(play.declarer, forced.record))


def _defect_attention(state: TableState) -> TableState:
    """Attention drawn to a defective trick: the Director rules under Law 67 (the ruling
    is the review item of its clause); an extra card goes back to the hand now, an omitted
    card is owed by the offender, who plays it next."""
    play = state.play
    assert play is not None
    index = next(i for i, defect in enumerate(state.defects) if not defect.ruling)
    defect = state.defects[index]
    if defect.replayed >= 0:
        again = card_record(state, defect.replayed).trick
        ruling = law67_defective_trick.rule_replayed(state.edition, defect, again,
                                                     again == len(play.tricks) + 1)
    else:
        ruling = law67_defective_trick.rule(state.edition, defect, play.tricks,
                                            play.current_trick,
                                            defect.seat.side is not play.declarer.side)
    defects = (*state.defects[:index], ruling.defect, *state.defects[index + 1:])
    review = Review(ruling.law, msg("defective trick {trick}: {seat}", trick=defect.trick,
                                     seat=defect.seat))
    state = state.evolve(defects=defects, reviews=(*state.reviews, review))
    effects = ruling.effects
    if ruling.defect.returned and defect.card is not None:
        # The card back in the hand is recorded, so that a penalty card can name it.
        record = len(state.records)
        entry = CardRecord(defect.seat, defect.card, Status.RETURNED, ruling.law)
        state = rebuild_play(state.evolve(records=(*state.records, entry)))
        state = _revokes_by_returned_card(state, ruling.defect)
        effects = tuple(replace(effect, record=record) if isinstance(effect, PenaltyCard)
                        else effect for effect in effects)
    return apply_effects(state, effects, designated_card)


def _revokes_by_returned_card(state: TableState,
                              defect: law67_defective_trick.TrickDefect) -> TableState:
    """67B2(b): the returned card was in the offender's hand all along: a later trick of
    its suit to which he played another suit was a revoke (established once his side has
    played to a later trick, 63A1)."""
    play = state.play
    assert play is not None and defect.card is not None
    if defect.ruling != "done" or defect.trick >= len(play.tricks):
        return state
    numbers = law67_defective_trick.revokes_by_returned_card(defect.card, defect.seat,
                                                             defect.trick, play.tricks)
    revokes = list(state.revokes)
    for number in numbers:
        record = next(i for i, e in enumerate(state.records) if isinstance(e, CardRecord)
                      and e.seat is defect.seat and e.trick == number
                      and e.status is Status.STANDING)
        entry = card_record(state, record)
        revokes.append(law61_revoke.Revoke(
            record, defect.seat, entry.card, number,
            LawRef(state.edition, "67B2(b)"), established=number < len(play.tricks) or any(
                play.current_trick.card_of(seat) is not None for seat in Seat
                if seat.side is defect.seat.side), noticed=True))
    return state.evolve(revokes=tuple(revokes))
