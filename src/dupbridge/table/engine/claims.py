"""Claims and concessions (Laws 68-71; 48B2, 63A2-A4): play suspended, the opponents'
agreement, a doubt for the Director, a statement about the trick in progress."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.cards import Card
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.laws.claims import law68_69_claims
from dupbridge.laws.claims.normal_lines import claim_suit_order
from dupbridge.laws.irregularities import law09_11_procedure
from dupbridge.laws.machinery.clauses import ref
from dupbridge.laws.machinery.ruling import InformationTag
from dupbridge.rules.play import Play
from dupbridge.table.engine.decisions import open_decision
from dupbridge.table.engine.effects import apply_effects
from dupbridge.table.engine.plays import designated_card
from dupbridge.table.engine.records import check_holding
from dupbridge.table.events import (
    AgreementWithdrawn,
    ClaimAgreed,
    Claimed,
    ClaimEvent,
    Conceded,
    ConcessionCancelled,
    HandFaced,
    PlayAnnounced,
    PlayedAfterClaim,
    TrickClaimed,
)
from dupbridge.table.state import CardRecord, Status, TableState


def claim_event(state: TableState, event: ClaimEvent) -> TableState:
    """Laws 68-69 (48B2, 63A2-A4): a claim or concession suspends play; the opponents agree
    (69A), a player doubts it (68D: the Director), or a defender's partner objects (68B2).
    A statement about the trick in progress is no claim; a card named for a later trick
    establishes the side's revokes (63A2)."""
    if state.pending is not None:
        raise law09_11_procedure.no_action_until_ruling(state.pending, event.seat)
    claims = law68_69_claims
    edition, play, made, record = state.edition, state.play, state.claim, len(state.records)
    if isinstance(event, Claimed | Conceded | HandFaced):
        if made is not None:
            raise ActionRejected(msg("a claim already stands: play is suspended (Law 68D)"))
        made = (claims.concession(edition, play, event.seat, event.tricks, record, event.total)
                if isinstance(event, Conceded) else
                claims.claim(edition, play, event.seat, event.tricks, event.statement, record,
                             event.total, event.reading, event.unread)
                if isinstance(event, Claimed) else
                claims.claim(edition, play, event.seat, None, "", record))
        effects = (*claims.revokes_established(edition, state.revokes, made),
                   *claims.clarification(edition, made))
        state = apply_effects(state.evolve(claim=made), effects, designated_card)
        if not isinstance(event, HandFaced):
            return state
        assert state.play is not None
        return open_decision(state, claims.irregularity(
            edition, state.play, event.seat, next(iter(state.play.hand(event.seat))), record,
            claims.FACED))
    if play is None:
        raise ActionRejected(msg("there is no play yet"))
    if isinstance(event, TrickClaimed | PlayAnnounced):
        return _trick_statement(state, play, event)
    if isinstance(event, PlayedAfterClaim):
        return _card_after_claim(state, event.seat, event.card)
    if isinstance(event, AgreementWithdrawn | ConcessionCancelled):
        order = claim_suit_order(state.regulations)
        return open_decision(state, claims.correction(
            edition, play, made, event.seat, isinstance(event, AgreementWithdrawn),
            event.in_time, order))
    if made is None or made.settled:
        raise ActionRejected(msg("no claim is waiting for agreement") if made is None else
                                 msg("the claim is settled (withdrawal, 69B, is a later "
                                     "issue)"))
    if isinstance(event, ClaimAgreed):
        made, effects = claims.agreed(edition, made, event.seat, play.dummy, state.revokes)
        return apply_effects(state.evolve(claim=made), effects, designated_card)
    if event.seat is made.claimer:
        raise ActionRejected(msg("the claimer does not doubt his own claim"))
    if claims.partner_objects(edition, made, event.seat, play.declarer):
        return apply_effects(state, claims.objection_effects(edition, made), designated_card)
    order = claim_suit_order(state.regulations)
    return open_decision(state, claims.irregularity(
        edition, play, made.claimer, next(iter(play.hand(made.claimer))), made.record,
        claims.DOUBTED, claims.position(edition, made, order)))


def _card_after_claim(state: TableState, seat: Seat, card: Card) -> TableState:
    """68D: play stops once a claim is made. 2007 70D3: a card played all the same is
    evidence of the probable play (kept with the claim, not played); 2017: play resumes
    only by the agreement of all four (68D2(b))."""
    made = state.claim
    if made is None or made.settled:
        raise ActionRejected(msg("no claim is waiting for agreement"))
    if not law68_69_claims.play_after_claim_is_evidence(state.edition):
        raise law68_69_claims.play_suspended(seat, card)
    check_holding(state, seat, card)
    entry = CardRecord(seat, card, Status.RETURNED, ref(state.edition, "70D3"))
    return state.evolve(claim=replace(made, after_claim=(*made.after_claim, (seat, card))),
                        records=(*state.records, entry))


def _trick_statement(state: TableState, play: Play,
                     event: TrickClaimed | PlayAnnounced
                     ) -> TableState:
    """63A2: a card named for a later trick establishes the side's revokes. 68 preamble: a
    statement about the trick in progress is no claim; what it tells is unauthorised for
    partner (Law 16); a card shown with it is no penalty card, unless the Director finds it
    played (57A)."""
    if isinstance(event, PlayAnnounced):
        check_holding(state, event.seat, event.card)
        return state.evolve(revokes=law68_69_claims.announced(play, state.revokes, event.seat))
    law = ref(state.edition, "68")
    tag = InformationTag(law, len(state.records) - 1, event.seat.side.other)
    if event.card is None:
        return state.evolve(information=(*state.information, tag))
    check_holding(state, event.seat, event.card)
    record = len(state.records)
    state = state.evolve(
        records=(*state.records, CardRecord(event.seat, event.card, Status.RETURNED, law)),
        information=(*state.information, replace(tag, record=record)))
    return open_decision(state, law68_69_claims.irregularity(
        state.edition, play, event.seat, event.card, record, law68_69_claims.CURRENT_TRICK))
