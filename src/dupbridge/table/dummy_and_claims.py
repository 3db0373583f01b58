"""The table engine and dummy, designations, revoke inquiries and claims (Laws 42-47,
61B, 68-70)."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.cards import Card
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.laws.claims import law68_69_claims
from dupbridge.laws.claims.normal_lines import SuitOrder
from dupbridge.laws.irregularities import law09_11_procedure
from dupbridge.laws.machinery.clauses import ref
from dupbridge.laws.machinery.ruling import (
    InformationTag,
)
from dupbridge.laws.play import law42_43_dummy, law45_47_card_played, law61_64_revokes
from dupbridge.rules.play import Play
from dupbridge.table import director_decisions, play_phase, ruling_effects
from dupbridge.table.events import (
    AgreementWithdrawn,
    AttentionDrawn,
    CardDesignated,
    ClaimAgreed,
    Claimed,
    ClaimEvent,
    Conceded,
    ConcessionCancelled,
    DesignationChanged,
    DummyAction,
    DummyMisplaced,
    HandFaced,
    PlayAnnounced,
    PlayedAfterClaim,
    RevokeAsked,
    TrickClaimed,
)
from dupbridge.table.state import CardRecord, Status, TableState


def _dummy_event(
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
            return _designated_card(state, event.seat, outcome)
        if state.pending is not None:
            raise law09_11_procedure.no_action_until_ruling(state.pending, play.declarer)
        return director_decisions._open_decision(state, outcome)
    if state.pending is not None:
        raise law09_11_procedure.no_action_until_ruling(state.pending, play.declarer)
    if isinstance(event, DesignationChanged):
        record = next((i for i in reversed(state.designations)
                       if ruling_effects._card_record(state, i).seat is event.seat
                       and ruling_effects._card_record(state, i).status is Status.STANDING), None)
        if record is None:
            raise ActionRejected(msg("{seat} has no designated card to change", seat=event.seat))
        later = tuple(seat for seat, _ in _played_after(state, record))
        return director_decisions._open_decision(state, law45_47_card_played.change_of_designation(
            edition, play, event.seat, event.card, record, later))
    if isinstance(event, DummyMisplaced):
        entry = ruling_effects._card_record(state, event.record)
        if entry.seat is not play.dummy or entry.status is not Status.STANDING or not entry.trick:
            raise ActionRejected(msg("the card at record {record} is not dummy's played card",
                                 record=event.record))
        led = not any(isinstance(e, CardRecord) and e.status is Status.STANDING
                      and e.trick == entry.trick for e in state.records[:event.record])
        ruled = law45_47_card_played.misplaced_card(
            edition, play, event.record, entry.trick, event.named,
            _played_after(state, event.record), led)
        return ruling_effects._apply_effects(state, ruled.effects)
    return _dummy_action(state, play, event.what, event.offender)


def _dummy_action(state: TableState, play: Play, what: str,
                  offender: Seat | None = None) -> TableState:
    edition = state.edition
    if what in ("breach", "shown"):
        report = (law42_43_dummy.breach_reported(edition) if what == "breach"
                  else law42_43_dummy.hand_shown_to_dummy(edition))
        state = state.evolve(dummy_breach=state.dummy_breach or report.breach)
        return ruling_effects._apply_effects(state, report.effects)
    if what == "indicate":
        return ruling_effects._apply_effects(state, law45_47_card_played.dummy_indicated(edition))
    if what == "warn-hand":
        if not state.dummy_breach:
            return state  # a permitted prevention (42B2)
        return director_decisions._open_decision(state, law42_43_dummy.wrong_hand_irregularity(
            edition, play, len(state.records)))
    if what == "handled" and offender is not None:
        return ruling_effects._apply_effects(
            state, law42_43_dummy.dummy_cards_handled(edition, play, offender))
    if what == "prevent" and offender is not None:
        flagged = law42_43_dummy.prevention(edition, play, offender, len(state.records))
        return state if flagged is None else director_decisions._open_decision(state, flagged)
    raise ActionRejected(f"unknown dummy action {what!r}")


def _designated_card(state: TableState, seat: Seat, card: Card) -> TableState:
    """A card designated by words is played as if placed; its record is remembered so that
    the designation may be changed (45C4(b))."""
    record = len(state.records)
    state = play_phase._card(state, seat, card)
    entry = state.records[record] if record < len(state.records) else None
    if isinstance(entry, CardRecord) and entry.status is Status.STANDING:
        state = state.evolve(designations=(*state.designations, record))
    return state


def _played_after(state: TableState, record: int) -> tuple[tuple[Seat, int], ...]:
    """The hand and trick of each card standing in a trick, played after ``record``."""
    return tuple((e.seat, e.trick) for e in state.records[record + 1:]
                 if isinstance(e, CardRecord) and e.status is Status.STANDING and e.trick)


def _revoke_asked(state: TableState, event: RevokeAsked) -> TableState:
    """61B: a question about a possible revoke, recorded with the talk; refused (with the
    clause) when Law 61B does not allow it."""
    play = state.play
    if play is None or state.pending is not None:
        raise ActionRejected(msg("no revoke inquiry now: the play has not started or the "
                                 "Director is ruling"))
    enquiry = law61_64_revokes.revoke_enquiry(state.regulations, play.declarer, event.seat,
                                              event.asked)
    state = state.evolve(talk=(*state.talk, enquiry))
    forced = law42_43_dummy.revoke_asked_by_dummy(state.dummy_breach, play, state.revokes,
                                                  event.seat, event.asked)
    if forced is None:
        return state
    # 43B2(b): declarer, asked, is aware of his revoke: corrected, Law 64 as if established.
    state = state.evolve(revokes=tuple(forced if r.record == forced.record else r
                                       for r in state.revokes))
    return play_phase._attention_drawn(state, AttentionDrawn(play.declarer, forced.record))


def _claim_event(state: TableState, event: ClaimEvent) -> TableState:
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
                             event.total)
                if isinstance(event, Claimed) else
                claims.claim(edition, play, event.seat, None, "", record))
        effects = (*claims.revokes_established(edition, state.revokes, made),
                   *claims.clarification(edition, made))
        state = ruling_effects._apply_effects(state.evolve(claim=made), effects)
        if not isinstance(event, HandFaced):
            return state
        assert state.play is not None
        return director_decisions._open_decision(state, claims.irregularity(
            edition, state.play, event.seat, next(iter(state.play.hand(event.seat))), record,
            claims.FACED))
    if play is None:
        raise ActionRejected(msg("there is no play yet"))
    if isinstance(event, TrickClaimed | PlayAnnounced):
        return _trick_statement(state, play, event)
    if isinstance(event, PlayedAfterClaim):
        return _card_after_claim(state, event.seat, event.card)
    if isinstance(event, AgreementWithdrawn | ConcessionCancelled):
        order = SuitOrder.from_profile(str(state.regulations.option("claim_suit_order")))
        return director_decisions._open_decision(state, claims.correction(
            edition, play, made, event.seat, isinstance(event, AgreementWithdrawn),
            event.in_time, order))
    if made is None or made.settled:
        raise ActionRejected(msg("no claim is waiting for agreement") if made is None else
                                 msg("the claim is settled (withdrawal, 69B, is a later "
                                     "issue)"))
    if isinstance(event, ClaimAgreed):
        made, effects = claims.agreed(edition, made, event.seat, play.dummy, state.revokes)
        return ruling_effects._apply_effects(state.evolve(claim=made), effects)
    if event.seat is made.claimer:
        raise ActionRejected(msg("the claimer does not doubt his own claim"))
    if claims.partner_objects(edition, made, event.seat, play.declarer):
        return ruling_effects._apply_effects(state, claims.objection_effects(edition, made))
    order = SuitOrder.from_profile(str(state.regulations.option("claim_suit_order")))
    return director_decisions._open_decision(state, claims.irregularity(
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
    play_phase._check_holding(state, seat, card)
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
        play_phase._check_holding(state, event.seat, event.card)
        return state.evolve(revokes=law68_69_claims.announced(play, state.revokes, event.seat))
    law = ref(state.edition, "68")
    tag = InformationTag(law, len(state.records) - 1, event.seat.side.other)
    if event.card is None:
        return state.evolve(information=(*state.information, tag))
    play_phase._check_holding(state, event.seat, event.card)
    record = len(state.records)
    state = state.evolve(
        records=(*state.records, CardRecord(event.seat, event.card, Status.RETURNED, law)),
        information=(*state.information, replace(tag, record=record)))
    return director_decisions._open_decision(state, law68_69_claims.irregularity(
        state.edition, play, event.seat, event.card, record, law68_69_claims.CURRENT_TRICK))
