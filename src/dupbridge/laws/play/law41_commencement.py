"""Law 41: commencement of play. The opening lead is made face down unless the Regulating
Authority says otherwise (41A); before it is faced, the leader's partner and the presumed
declarer (not the presumed dummy) may have the auction reviewed (41B; during the play a
review comes at the player's first turn to play, 20C2); facing the lead begins the play
period irrevocably (41C) and dummy spreads his hand (41D)."""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.calls import Doubled
from dupbridge.core.contract import Contract
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.irregularities import law16_information
from dupbridge.laws.irregularities.table_talk import Enquiry, EnquiryKind, Period
from dupbridge.laws.machinery.clauses import ref, withdrawn_information
from dupbridge.laws.machinery.profiles import Regulations
from dupbridge.laws.machinery.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    Decision,
    Effect,
    Irregularity,
    Option,
    ReturnCard,
    Review,
)
from dupbridge.laws.play import law45_47_card_played

# 41A, 41C and 41D as every board meets them, read from here as well (a regular board loads
# that module alone: start-up).
from dupbridge.laws.play.law41_play_period import face_down_lead_required
from dupbridge.laws.play.law41_play_period import opening_lead_face_down as opening_lead_face_down
from dupbridge.laws.play.law41_play_period import play_period_begun as play_period_begun
from dupbridge.laws.play.law41_play_period import spread_dummy as spread_dummy
from dupbridge.rules.play import Play


@law("41B", title="Reviewing the auction and asking questions")
def may_review_before_lead_faced(declarer: Seat | None, seat: Seat) -> bool:
    """41B: before the opening lead is faced, the leader's partner and the presumed
    declarer may each have the auction reviewed (the presumed dummy may not; the opening
    leader asks at his own turn, before he leads)."""
    if declarer is None:
        return False
    return seat is declarer or seat is declarer.rho


def lead_face_down(edition: Edition, play: Play | None, seat: Seat, face_down: int | None,
                   ) -> LawRef:
    """41A: the defender on presumed declarer's left makes the opening lead face down, only
    once, before the lead is faced. His partner's face-down lead is an irregularity the
    Director rules on (``face_down_lead_out_of_turn``); presumed declarer and dummy make no
    opening lead (a card either of them faces is ruled under Laws 54 and 24)."""
    law_ref = ref(edition, "41A")
    if play is None or play.opening_lead_made or face_down is not None:
        raise ActionRejected(msg("no face-down opening lead now ({law}): the opening lead is "
                                 "made once, after the final pass and before the play begins",
                                 law=law_ref))
    if seat is not play.declarer.lho and seat is not play.declarer.rho:
        raise ActionRejected(msg("only {leader}, on presumed declarer's left, makes the opening "
                                 "lead face down ({law})", leader=play.declarer.lho, law=law_ref))
    return law_ref


@law("41A", title="Opening lead made face down")
def face_down_lead_out_of_turn(irregularity: Irregularity, answers: Mapping[str, Answer],
                               decision_id: str) -> Decision:
    """41A: the opening lead is made face down by the defender on presumed declarer's left,
    and only the Director withdraws a face-down lead. When the other defender leads face
    down, no card has been faced, so Law 54 (an opening lead faced out of turn) does not
    apply: the Director has the card returned to his hand, with no penalty card, and the
    correct leader leads (spec laws-41-71 open question 7, its default). What the offender's
    partner learns from it is unauthorised to him (2007 16D, 2017 16C)."""
    edition = irregularity.edition
    record = irregularity.record
    offender = irregularity.offender
    effects: tuple[Effect, ...] = (
        ReturnCard(ref(edition, "41A"), record),
        law16_information.withdrawn_call_information(edition, record, offender.side))
    back = msg("the face-down card goes back to {offender}'s hand, not a penalty card; "
               "{leader} makes the opening lead; what it tells his side is unauthorised to it",
               offender=offender, leader=offender.partner)
    withdraw = Option("return-to-hand", back, DIRECTOR, effects)
    return Decision(decision_id, irregularity,
                    (ref(edition, "41A"), withdrawn_information(edition)), (), answers,
                    (withdraw,))


FACE_DOWN_OUT_OF_TURN = Rectification(face_down_lead_out_of_turn, no_call_before_ruling)


def lead_faced_at_once(regulations: Regulations, edition: Edition) -> Review | None:
    """41A with 41C: where a Regulating Authority's regulation requires a face-down opening
    lead (AEB, FFB), one faced at once is still the lead (the play period begins), but the
    procedure was not followed: an item for the Director. None where face-up leads are
    specified, and under the WBF profiles (the Laws' default, no regulation to breach)."""
    if not face_down_lead_required(regulations):
        return None  # the WBF profiles record the Laws' default, not an RA's requirement
    return Review(ref(edition, "41A"), msg("the opening lead was faced at once, not made face "
                                          "down first as the Regulating Authority requires "
                                          "(procedure)"))


@law("47E2", title="Misexplanation of a call or play")
def withdraw_face_down_lead(edition: Edition, record: int, leader: Seat,
                            corrected: bool) -> tuple[Effect, ...]:
    """41A with 47E2: the face-down opening lead may be withdrawn only on the Director's
    instruction after an irregularity, here a mistaken explanation by the opponents
    corrected before the lead was faced. The card goes back to the hand (no penalty card,
    47E2(a)); its information is authorised for the leader's side, unauthorised for the
    offenders (2007 16D, 2017 16C)."""
    if not corrected:
        raise ActionRejected(msg("a face-down opening lead is withdrawn only on the Director's "
                                 "instruction after an irregularity ({law}, {law2}): no "
                                 "corrected explanation is on record",
                                 law=ref(edition, "41A"), law2=ref(edition, "47E2")))
    effects = law45_47_card_played.after_misexplanation(
        edition, record, to_that_trick=False, any_later=False, opening_lead=True,
        dummy_faced=False)
    return (*effects, law16_information.withdrawn_call_information(edition, record,
                                                                   leader.side.other))


@law("54", title="Opening lead faced out of turn")
def face_down_lead_returned(edition: Edition, record: int) -> ReturnCard:
    """Law 54 preamble: when the wrong defender faces an opening lead out of turn while his
    partner, the correct leader, has led face down, the face-down card goes back to the
    correct leader's hand (no penalty card); the faced lead is then ruled under Law 54."""
    return ReturnCard(ref(edition, "54"), record)


def contract_enquiry(edition: Edition, period: Period, turn: Seat | None, seat: Seat,
                     contract: Contract | None) -> Enquiry:
    """41C: once it is too late to review the whole auction, declarer or either defender,
    at his turn to play, is told the contract and whether it is doubled or redoubled, but
    not by whom."""
    law_ref = ref(edition, "41C")
    declarer = contract.declarer if contract is not None else None
    if period is not Period.PLAY or contract is None or declarer is None:
        raise ActionRejected(msg("the contract is asked about during the play ({law})",
                                 law=law_ref))
    if seat is declarer.partner:
        raise ActionRejected(msg("dummy does not ask what the contract is ({law})", law=law_ref))
    hands = {seat, declarer.partner} if seat is declarer else {seat}
    if turn not in hands:
        raise ActionRejected(msg("{seat} may ask what the contract is only at his turn to play "
                                 "({law})", seat=seat, law=law_ref))
    return Enquiry(seat, EnquiryKind.CONTRACT, law_ref, note=contract_answer(contract))


def contract_answer(contract: Contract) -> str:
    """41C's answer: the contract and whether doubled or redoubled, never by whom."""
    if contract.doubled is Doubled.DOUBLED:
        return msg("{bid} doubled", bid=contract.bid)
    if contract.doubled is Doubled.REDOUBLED:
        return msg("{bid} redoubled", bid=contract.bid)
    return msg("{bid}", bid=contract.bid)
