"""The play: cards led and played, the opening lead face down (41), cards exposed (45,
48-50, 58B), cards pointed and tricks inspected (65-66); a card by a player the pending
decision waits for goes to its law (53A, 60A1)."""

from __future__ import annotations

from dupbridge.core.cards import Card, CardSet
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.laws.auction import law26_lead_restrictions
from dupbridge.laws.claims import law68_69_claims
from dupbridge.laws.dispatch import RECTIFICATIONS, classify_card
from dupbridge.laws.irregularities import law09_11_procedure
from dupbridge.laws.irregularities.table_talk import Explanation
from dupbridge.laws.machinery.ruling import Irregularity, IrregularityKind
from dupbridge.laws.play import (
    law41_commencement,
    law42_43_dummy,
    law45_47_card_played,
    law48_50_exposed_cards,
    law61_64_revokes,
    law65_66_tricks,
    play_obligations,
)
from dupbridge.table.engine.decisions import open_decision
from dupbridge.table.engine.defective_tricks import cards_owed, owed_defect, supply_owed_card
from dupbridge.table.engine.effects import apply_effects
from dupbridge.table.engine.play_effects import apply_play_effect
from dupbridge.table.engine.records import (
    card_record,
    check_card_may_be_played,
    check_holding,
    replace_record,
)
from dupbridge.table.engine.rulings import card_before_ruling
from dupbridge.table.engine.tricks import play_in_turn, play_record
from dupbridge.table.events import (
    CardExposed,
    CardPointed,
    FaceDownLeadWithdrawn,
    OpeningLeadFaced,
    OpeningLeadFaceDown,
    PlayedCardsMixed,
    TrickInspected,
)
from dupbridge.table.state import CardRecord, Status, TableState


def legal_cards(state: TableState) -> CardSet:
    """The cards the player whose turn it is may play: from the hand the defenders chose
    (43B2(a)); the card owed to a defective trick (67A1/67B1); following suit (44C), every
    rectification's restriction and the penalty cards (50C, 50D), a requirement he cannot
    meet dropped (59: ``play_obligations.legal_cards``); then declarer's lead restrictions
    (Law 26)."""
    play = state.play
    if state.pending is not None or play is None or play.next_to_play is None:
        return CardSet()
    if state.lead_from is not None:
        return play.hand(state.lead_from)
    if state.defects:
        owed = cards_owed(state, play.next_to_play)
        if owed is not None:
            return owed
    if state.penalty_cards or state.restrictions:
        cards = play_obligations.legal_cards(play, play.next_to_play, state.obligations)
    else:
        cards = play.legal_cards()  # no obligation in force: Law 44 alone
    if state.lead_choices:
        return law26_lead_restrictions.allowed_leads(play, state.lead_choices, cards)
    return cards


def card_played(state: TableState, seat: Seat, card: Card) -> TableState:
    if state.defects and state.pending is None and owed_defect(state, seat) >= 0:
        # The card owed to a defective trick (67A1/67B1); not while the Director rules on
        # something else (9B2).
        return supply_owed_card(state, seat, card, owed_defect(state, seat))
    play = state.play
    if play is not None and play.holds(seat, card) and state.pending is None:
        # The common case, kept short: a card held, during the play, nothing pending.
        if play.is_complete or (state.adjustments and state.abandoned):  # e.g. 2017 15B1
            raise ActionRejected(msg("the board is complete; {seat} cannot play {card}", seat=seat,
                                 card=card))
        if state.claim is not None:
            raise law68_69_claims.play_suspended(seat, card)
    else:
        pending = state.pending
        if (pending is not None and seat in pending.waits_for
                and RECTIFICATIONS[pending.irregularity.kind].card_before_ruling is not None):
            check_holding(state, seat, card)
            return card_before_ruling(state, pending, seat, card, designated_card)
        check_card_may_be_played(state, seat, card)
    record = len(state.records)
    if state.lead_from is not None and seat.side is state.lead_from.side:
        return _lead_from_chosen_hand(state, seat, card, record)
    before_lead = play is None or not play.opening_lead_made
    exposed = _exposed(state, seat) if before_lead else ()
    verdict = classify_card(state.edition, play, seat, card, record, exposed,
                            state.restrictions)
    if verdict.irregularity is not None:
        if before_lead and play is not None:
            state = _face_down_lead_returned(state, seat)
        state = state.evolve(records=(*state.records, CardRecord(seat, card, Status.PENDING)))
        irregularity = law45_47_card_played.misinformed(verdict.irregularity, state.talk)
        if state.revokes and play is not None and law45_47_card_played.establishes_revoke(
                state.edition, law45_47_card_played.is_misinformed_turn(irregularity)):
            # 63A1: the offending side's card to a later trick, legal or not, establishes
            # its revokes (2017 47E1: not a lead an opponent misinformed him into).
            state = state.evolve(revokes=law61_64_revokes.established_by(
                state.revokes, seat, len(play.tricks) + 1))
        return open_decision(state, irregularity)
    if before_lead:
        return _opening_lead_faced(state, seat, card, record)
    return play_in_turn(state, seat, card, record)


def designated_card(state: TableState, seat: Seat, card: Card) -> TableState:
    """A card designated by words is played as if placed; its record is remembered so that
    the designation may be changed (45C4(b)). A card a ruling plays (``PlayCard``) is
    played so too."""
    record = len(state.records)
    state = card_played(state, seat, card)
    entry = state.records[record] if record < len(state.records) else None
    if isinstance(entry, CardRecord) and entry.status is Status.STANDING:
        state = state.evolve(designations=(*state.designations, record))
    return state


def face_down_lead_event(
    state: TableState, event: OpeningLeadFaceDown | OpeningLeadFaced | FaceDownLeadWithdrawn
) -> TableState:
    """Law 41: the opening lead made face down (41A) is a card record not yet played;
    facing it plays it (41C); the Director may have it withdrawn after a corrected
    misexplanation (41A, 47E2)."""
    if state.pending is not None:
        raise law09_11_procedure.no_action_until_ruling(state.pending, event.seat)
    face_down = state.face_down_lead
    if isinstance(event, OpeningLeadFaceDown):
        check_holding(state, event.seat, event.card)
        law = law41_commencement.lead_face_down(state.edition, state.play, event.seat,
                                                face_down)
        assert state.play is not None
        if event.seat is not state.play.declarer.lho:  # his partner's turn: the Director rules
            return _face_down_lead_out_of_turn(state, event.seat, event.card)
        entry = CardRecord(event.seat, event.card, Status.FACE_DOWN, law)
        return state.evolve(records=(*state.records, entry))
    if face_down is None or card_record(state, face_down).seat is not event.seat:
        raise ActionRejected(msg("{seat} has no face-down opening lead", seat=event.seat))
    if isinstance(event, OpeningLeadFaced):
        return play_record(state, face_down)
    # 47E2: the lead was made before the opponents' mistaken explanation was corrected.
    corrected = any(isinstance(item, Explanation) and item.corrects and item.at > face_down
                    and item.seat.is_opponent_of(event.seat) for item in state.talk)
    return apply_effects(state, law41_commencement.withdraw_face_down_lead(
        state.edition, face_down, event.seat, corrected), designated_card)


def _face_down_lead_out_of_turn(state: TableState, seat: Seat, card: Card) -> TableState:
    """41A: the opening leader's partner leads face down; the card waits, unseen, for the
    Director's ruling."""
    play = state.play
    assert play is not None
    record = len(state.records)
    state = state.evolve(records=(*state.records, CardRecord(seat, card, Status.PENDING)))
    return open_decision(state, Irregularity(
        IrregularityKind.FACE_DOWN_LEAD_OUT_OF_TURN, state.edition, seat, card, record,
        play.declarer.lho, declaring_side=play.declarer.side, is_lead=True,
        declarer=play.declarer))


def _opening_lead_faced(state: TableState, seat: Seat, card: Card, record: int) -> TableState:
    """The opening leader faces his lead: the face-down card if he made one (41C), else a
    lead faced at once, which is the lead (a procedure note where a regulation requires
    face-down leads, 41A)."""
    face_down = state.face_down_lead
    if face_down is None:
        review = law41_commencement.lead_faced_at_once(state.regulations, state.edition)
        state = play_in_turn(state, seat, card, record)
        return state if review is None else state.evolve(reviews=(*state.reviews, review))
    led = card_record(state, face_down).card
    if led != card:
        raise ActionRejected(msg("{seat} has led {card} face down: that is the card he faces "
                                 "(41A)", seat=seat, card=led))
    return play_in_turn(state, seat, card, face_down)


def _face_down_lead_returned(state: TableState, seat: Seat) -> TableState:
    """Law 54 preamble: an opening lead faced out of turn by the partner of the player who
    led face down: the face-down card goes back to his hand, with no penalty card."""
    face_down = state.face_down_lead
    if face_down is None or card_record(state, face_down).seat is not seat.partner:
        return state
    return apply_play_effect(
        state, law41_commencement.face_down_lead_returned(state.edition, face_down))


def _lead_from_chosen_hand(state: TableState, seat: Seat, card: Card,
                           record: int) -> TableState:
    """43B2(a): declarer leads from the hand the defenders chose (refused from the other):
    the lead stands as if in turn (an accepted lead's bookkeeping, 53A) and establishes
    the declaring side's revokes (63A1)."""
    assert state.lead_from is not None and state.play is not None
    law42_43_dummy.check_chosen_hand(state.edition, state.lead_from, seat)
    if seat is state.play.next_to_play:  # the defenders chose the hand on lead
        return play_in_turn(state.evolve(lead_from=None), seat, card, record)
    trick = len(state.play.tricks) + 1
    state = state.evolve(lead_from=None,
                         records=(*state.records, CardRecord(seat, card, Status.PENDING)))
    state = apply_play_effect(state, law42_43_dummy.lead_stands(state.edition, record))
    if state.revokes:
        state = state.evolve(revokes=law61_64_revokes.established_by(state.revokes, seat, trick))
    return state


def card_exposed(state: TableState, event: CardExposed) -> TableState:
    """A card exposed other than by playing it in turn (Laws 45E, 48-50, 58B): recorded, and
    ruled on when its law says so (declarer's exposed cards: no rectification, 48A). Cards
    exposed together in one act (``event.also``) are recorded one after the other and
    ruled on together (49, 50B)."""
    seat, card = event.seat, event.card
    cards = (card, *event.also)
    for each in cards:
        check_card_may_be_played(state, seat, each)
    if len(set(cards)) < len(cards):
        raise ActionRejected(msg("{seat} cannot expose the same card twice at once",
                                 seat=seat))
    play = state.play
    if play is None:
        raise ActionRejected(msg("a card exposed during the auction is ruled under Law 24: "
                                 "record it as a card played"))
    if event.also and event.how not in law48_50_exposed_cards.TOGETHER:
        raise ActionRejected(msg("only cards dropped, shown or named are exposed together: "
                                 "a card {how} is exposed on its own", how=event.how))
    record = len(state.records)
    state = state.evolve(records=(*state.records, *(CardRecord(seat, each, Status.PENDING)
                                                    for each in cards)))
    if event.how in law45_47_card_played.HELD:  # 45C1-C3: is it played?
        return open_decision(state, law45_47_card_played.card_held(
            state.edition, play, seat, card, event.how, record))
    also = tuple((each, record + offset) for offset, each in enumerate(event.also, start=1))
    irregularity = law48_50_exposed_cards.card_exposed(state.edition, play, seat, card,
                                                       event.how, record, also)
    if irregularity is None:
        law = law48_50_exposed_cards.no_rectification(state.edition)
        for offset, each in enumerate(cards):
            state = replace_record(
                state, record + offset, CardRecord(seat, each, Status.RETURNED, law))
        return state
    return open_decision(state, irregularity)


def tricks_event(state: TableState,
                  event: CardPointed | TrickInspected | PlayedCardsMixed) -> TableState:
    """Laws 65-66: a card pointed (corrected in time, or a 16B note when late), a trick
    inspected (refused with its clause when the Laws do not allow it), played cards mixed
    (an item for the Director, 65D / 66D). The trick count always comes from the play."""
    play = state.play
    if play is None or not play.tricks:
        raise ActionRejected(msg("no trick has been quitted yet"))
    if isinstance(event, PlayedCardsMixed):
        review = law65_66_tricks.cards_mixed(state.edition, event.seat, event.after_claim)
        return state.evolve(reviews=(*state.reviews, review))
    try:
        if isinstance(event, TrickInspected):
            verdict = law65_66_tricks.inspection(
                state.edition, play, event.seat, event.trick, own_card=event.own_card,
                turned=event.turned, instructed=event.instructed, purpose=event.purpose)
            if not verdict:
                raise ActionRejected(msg("{law}: {reason}", law=verdict.law, reason=verdict.reason))
            return state
        pointing, late = law65_66_tricks.card_pointed(
            state.edition, play, law65_66_tricks.Pointing(event.seat, event.trick, event.won),
            event.noticed_by)
    except ValueError as error:
        raise ActionRejected(str(error)) from None
    state = state.evolve(pointings=law65_66_tricks.with_pointing(state.pointings, pointing))
    return state if late is None else state.evolve(reviews=(*state.reviews, late))


def _exposed(state: TableState, seat: Seat) -> tuple[Card, ...]:
    """``seat``'s cards face up on the table from the auction (Law 24)."""
    return tuple(entry.card for entry in state.records if isinstance(entry, CardRecord)
                 and entry.seat is seat and entry.status is Status.EXPOSED)

