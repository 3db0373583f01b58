"""The table engine in the play: cards led and played, exposed, withdrawn, and the play
rebuilt from the cards that stand (Laws 41-66)."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.cards import Card
from dupbridge.core.edition import LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.laws.auction import law26_lead_restrictions
from dupbridge.laws.claims import law68_69_claims
from dupbridge.laws.dispatch import (
    RECTIFICATIONS,
    classify_card,
    decide,
)
from dupbridge.laws.irregularities import law09_11_procedure
from dupbridge.laws.irregularities.table_talk import Explanation
from dupbridge.laws.machinery.ruling import (
    Irregularity,
    IrregularityKind,
    PenaltyCard,
)
from dupbridge.laws.play import (
    law41_commencement,
    law42_43_dummy,
    law45_47_card_played,
    law48_50_exposed_cards,
    law61_64_revokes,
    law65_66_tricks,
    play_obligations,
)
from dupbridge.rules.play import Play
from dupbridge.table import auction_phase, defective_tricks, director_decisions, ruling_effects
from dupbridge.table.events import (
    AttentionDrawn,
    CardExposed,
    CardPointed,
    FaceDownLeadWithdrawn,
    OpeningLeadFaced,
    OpeningLeadFaceDown,
    PlayedCardsMixed,
    TrickInspected,
)
from dupbridge.table.state import CardRecord, Phase, Status, TableState


def _card(state: TableState, seat: Seat, card: Card) -> TableState:
    if state.defects and state.pending is None and defective_tricks._owed(state, seat) >= 0:
        # The card owed to a defective trick (67A1/67B1); not while the Director rules on
        # something else (9B2).
        return defective_tricks._card_owed(state, seat, card, defective_tricks._owed(state, seat))
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
            _check_holding(state, seat, card)
            return director_decisions._card_before_ruling(state, pending, seat, card)
        _check_card_may_be_played(state, seat, card)
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
        return director_decisions._open_decision(state, irregularity)
    if before_lead:
        return _opening_lead_faced(state, seat, card, record)
    return _play_in_turn(state, seat, card, record)


def _face_down_lead_event(
    state: TableState, event: OpeningLeadFaceDown | OpeningLeadFaced | FaceDownLeadWithdrawn
) -> TableState:
    """Law 41: the opening lead made face down (41A) is a card record not yet played;
    facing it plays it (41C); the Director may have it withdrawn after a corrected
    misexplanation (41A, 47E2)."""
    if state.pending is not None:
        raise law09_11_procedure.no_action_until_ruling(state.pending, event.seat)
    face_down = state.face_down_lead
    if isinstance(event, OpeningLeadFaceDown):
        _check_holding(state, event.seat, event.card)
        law = law41_commencement.lead_face_down(state.edition, state.play, event.seat,
                                                face_down)
        assert state.play is not None
        if event.seat is not state.play.declarer.lho:  # his partner's turn: the Director rules
            return _face_down_lead_out_of_turn(state, event.seat, event.card)
        entry = CardRecord(event.seat, event.card, Status.FACE_DOWN, law)
        return state.evolve(records=(*state.records, entry))
    if face_down is None or ruling_effects._card_record(state, face_down).seat is not event.seat:
        raise ActionRejected(msg("{seat} has no face-down opening lead", seat=event.seat))
    if isinstance(event, OpeningLeadFaced):
        return _play_record(state, face_down)
    # 47E2: the lead was made before the opponents' mistaken explanation was corrected.
    corrected = any(isinstance(item, Explanation) and item.corrects and item.at > face_down
                    and item.seat.is_opponent_of(event.seat) for item in state.talk)
    return ruling_effects._apply_effects(state, law41_commencement.withdraw_face_down_lead(
        state.edition, face_down, event.seat, corrected))


def _face_down_lead_out_of_turn(state: TableState, seat: Seat, card: Card) -> TableState:
    """41A: the opening leader's partner leads face down; the card waits, unseen, for the
    Director's ruling."""
    play = state.play
    assert play is not None
    record = len(state.records)
    state = state.evolve(records=(*state.records, CardRecord(seat, card, Status.PENDING)))
    return director_decisions._open_decision(state, Irregularity(
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
        state = _play_in_turn(state, seat, card, record)
        return state if review is None else state.evolve(reviews=(*state.reviews, review))
    led = ruling_effects._card_record(state, face_down).card
    if led != card:
        raise ActionRejected(msg("{seat} has led {card} face down: that is the card he faces "
                                 "(41A)", seat=seat, card=led))
    return _play_in_turn(state, seat, card, face_down)


def _face_down_lead_returned(state: TableState, seat: Seat) -> TableState:
    """Law 54 preamble: an opening lead faced out of turn by the partner of the player who
    led face down: the face-down card goes back to his hand, with no penalty card."""
    face_down = state.face_down_lead
    if face_down is None or ruling_effects._card_record(state, face_down).seat is not seat.partner:
        return state
    return ruling_effects._apply_effect(
        state, law41_commencement.face_down_lead_returned(state.edition, face_down))


def _lead_from_chosen_hand(state: TableState, seat: Seat, card: Card,
                           record: int) -> TableState:
    """43B2(a): declarer leads from the hand the defenders chose (refused from the other):
    the lead stands as if in turn (an accepted lead's bookkeeping, 53A) and establishes
    the declaring side's revokes (63A1)."""
    assert state.lead_from is not None and state.play is not None
    law42_43_dummy.check_chosen_hand(state.edition, state.lead_from, seat)
    if seat is state.play.next_to_play:  # the defenders chose the hand on lead
        return _play_in_turn(state.evolve(lead_from=None), seat, card, record)
    trick = len(state.play.tricks) + 1
    state = state.evolve(lead_from=None,
                         records=(*state.records, CardRecord(seat, card, Status.PENDING)))
    state = ruling_effects._apply_effect(state, law42_43_dummy.lead_stands(state.edition, record))
    if state.revokes:
        state = state.evolve(revokes=law61_64_revokes.established_by(state.revokes, seat, trick))
    return state


def _play_in_turn(state: TableState, seat: Seat, card: Card, record: int) -> TableState:
    """``seat`` plays ``card`` at his turn (recorded at ``record``: a new record, or one
    held back while the Director ruled). A card outside his obligations is a revoke (61A),
    recorded silently; a card of the offending side to a later trick establishes its
    pending revokes (63A1)."""
    play = state.play
    assert play is not None
    failure = None
    if state.penalty_cards or state.restrictions or not play.follows_suit(seat, card):
        failure = play_obligations.failure(state.edition, play, seat, card, state.obligations)
    breach = (law26_lead_restrictions.breach(play, state.lead_choices, seat, card)
              if state.lead_choices else None)
    after = play.with_card(seat, card)
    trick = _trick_number(after)
    entry = CardRecord(seat, card, Status.STANDING, None, failure is not None, trick)
    records = ((*state.records, entry) if record == len(state.records)
               else auction_phase._records_with(state.records, record, entry))
    state = state.evolve(records=records, play=after)
    if state.revokes:
        state = state.evolve(revokes=law61_64_revokes.established_by(state.revokes, seat, trick))
    if failure is not None:
        revoke = law61_64_revokes.Revoke(record, seat, card, trick, failure.law, failure.faced,
                                         failure.penalty_card, dummy=seat is play.dummy)
        state = state.evolve(revokes=(*state.revokes, revoke))
    if state.penalty_cards or state.restrictions:
        state = _obligations_after_card(state, play, after, seat, card)
    if breach is not None:
        state = state.evolve(reviews=(*state.reviews, breach))
    return state


def _card_exposed(state: TableState, event: CardExposed) -> TableState:
    """A card exposed other than by playing it in turn (Laws 45E, 48-50, 58B): recorded, and
    ruled on when its law says so (declarer's exposed cards: no rectification, 48A). Cards
    exposed together in one act (``event.also``) are recorded one after the other and
    ruled on together (49, 50B)."""
    seat, card = event.seat, event.card
    cards = (card, *event.also)
    for each in cards:
        _check_card_may_be_played(state, seat, each)
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
        return director_decisions._open_decision(state, law45_47_card_played.card_held(
            state.edition, play, seat, card, event.how, record))
    also = tuple((each, record + offset) for offset, each in enumerate(event.also, start=1))
    irregularity = law48_50_exposed_cards.card_exposed(state.edition, play, seat, card,
                                                       event.how, record, also)
    if irregularity is None:
        law = law48_50_exposed_cards.no_rectification(state.edition)
        for offset, each in enumerate(cards):
            state = auction_phase._replace_record(
                state, record + offset, CardRecord(seat, each, Status.RETURNED, law))
        return state
    return director_decisions._open_decision(state, irregularity)


def _tricks_event(state: TableState,
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


def _attention_drawn(state: TableState, event: AttentionDrawn) -> TableState:
    """Attention drawn to a revoke: the Director rules on it (Laws 61-64)."""
    if state.pending is not None:
        raise law09_11_procedure.no_action_until_ruling(state.pending, event.seat)
    play = state.play
    if play is None:
        raise ActionRejected(msg("there is no play yet: no revoke to draw attention to"))
    if any(not defect.ruling for defect in state.defects):
        return defective_tricks._defect_attention(state)
    if event.seat is play.dummy and not event.late and not play.is_complete:
        # 43A1(b): refused, unless dummy breached 43A2: then no rectification (43B3).
        return ruling_effects._apply_effects(state, law42_43_dummy.dummy_draws_attention(
            state.edition, False, state.dummy_breach))
    later = tuple((entry.seat, entry.card, index) for index, entry in enumerate(state.records)
                  if isinstance(entry, CardRecord) and entry.status is Status.STANDING
                  and entry.trick)  # for 62C2: the cards standing, in the order played
    revokes, irregularity = law61_64_revokes.attention_drawn(
        state.edition, state.revokes, play, event.seat, event.record, event.late, later,
        state.penalty_cards)
    state = state.evolve(revokes=revokes)
    return state if irregularity is None else director_decisions._open_decision(state, irregularity)


def _check_card_may_be_played(state: TableState, seat: Seat, card: Card) -> None:
    if state.phase is Phase.COMPLETE:
        raise ActionRejected(msg("the board is complete; {seat} cannot play {card}", seat=seat,
                                 card=card))
    if state.pending is not None:
        raise ActionRejected(
            msg("the Director is ruling on {irregularity}; no player acts until the ruling "
                "(Law 9B2)", irregularity=state.pending.irregularity.describe())
        )
    if state.claim is not None:
        raise law68_69_claims.play_suspended(seat, card)
    _check_holding(state, seat, card)


def _check_holding(state: TableState, seat: Seat, card: Card) -> None:
    deal = state.board.deal
    hand = deal[seat] if deal is not None else None
    if hand is None:
        raise ActionRejected(msg("the hand of {seat} is not known; no card can be played",
                                 seat=seat))
    if card not in hand:
        raise ActionRejected(msg("{seat} does not hold {card}", seat=seat, card=card))
    if state.play is not None and not state.play.holds(seat, card):
        raise ActionRejected(msg("{seat} has already played {card}", seat=seat, card=card))


def _trick_number(play: Play) -> int:
    """The trick the card just played went to (1-based)."""
    return len(play.tricks) + (1 if play.current_trick.cards else 0)


def _exposed(state: TableState, seat: Seat) -> tuple[Card, ...]:
    """``seat``'s cards face up on the table from the auction (Law 24)."""
    return tuple(entry.card for entry in state.records if isinstance(entry, CardRecord)
                 and entry.seat is seat and entry.status is Status.EXPOSED)


def _obligations_after_card(state: TableState, before: Play, after: Play, seat: Seat,
                            card: Card) -> TableState:
    """Once ``seat`` has played ``card`` (in turn, or a lead out of turn accepted): a penalty
    card played is spent (50D1), with its information tagged (50E); restrictions for one
    card are spent, prohibitions end when he loses the lead."""
    spent = law48_50_exposed_cards.penalty_card_played(
        state.edition, state.penalty_cards, seat, card)
    return state.evolve(
        penalty_cards=_without_penalty_card(state.penalty_cards, seat, card),
        restrictions=play_obligations.after_card(before, after, seat, state.restrictions),
        information=(*state.information, *spent),
    )


def _without_penalty_card(penalty_cards: tuple[PenaltyCard, ...], seat: Seat,
                          card: Card) -> tuple[PenaltyCard, ...]:
    return tuple(pc for pc in penalty_cards if not (pc.seat is seat and pc.card == card))


def _play_record(state: TableState, record: int) -> TableState:
    """A card held back (pending, or made before the ruling) is now played, classified as
    if made now: in turn it is played (and may be a revoke), otherwise it is ruled on. While
    an earlier held card's irregularity is being ruled on (60C: two cards held), it waits
    for that ruling, held with it."""
    entry = state.records[record]
    assert isinstance(entry, CardRecord)
    pending = state.pending
    if pending is not None:
        irregularity = pending.irregularity
        if any(held == record for _, _, held in irregularity.cards_before_ruling):
            return state
        held = replace(irregularity, cards_before_ruling=(
            *irregularity.cards_before_ruling, (entry.seat, entry.card, record)))
        return state.evolve(pending=decide(held, pending.answers, pending.id))
    play = state.play
    verdict = classify_card(state.edition, play, entry.seat, entry.card, record,
                            held=state.restrictions)
    if verdict.irregularity is not None:
        state = auction_phase._replace_record(state, record, replace(entry, status=Status.PENDING))
        return director_decisions._open_decision(state, verdict.irregularity)
    return _play_in_turn(state, entry.seat, entry.card, record)


def _withdraw_played(state: TableState, record: int, entry: CardRecord,
                     law: LawRef) -> TableState:
    """A card played to a trick is taken back (a corrected revoke, 62; a retraction, 47):
    every card played after it goes back to its hand too, for its player to play again
    (62C1, 47D), and the play is rebuilt from the cards that stand."""
    records = list(state.records)
    withdrawn = {record}
    after_it = _played_after_in_trick(state, entry)
    for index in range(len(records)):
        later = records[index]
        if (isinstance(later, CardRecord) and later.status is Status.STANDING and later.trick
                and (index > record or (later.trick == entry.trick and later.seat in after_it))):
            records[index] = replace(later, status=Status.RETURNED, law=law)
            withdrawn.add(index)
    revokes = tuple(replace(revoke, corrected=True) if revoke.record in withdrawn else revoke
                    for revoke in state.revokes)
    state = state.evolve(records=tuple(records), revokes=revokes)
    return _rebuild_play(state, exclude=record)


def _played_after_in_trick(state: TableState, entry: CardRecord) -> frozenset[Seat]:
    """The seats that played after ``entry`` in its trick, in rotation from its leader
    (44B): a card recorded before it but held for its turn (60C) came after it."""
    play = state.play
    assert play is not None
    trick = (play.tricks[entry.trick - 1] if entry.trick <= len(play.tricks)
             else play.current_trick)
    position = (entry.seat - trick.leader) % 4
    return frozenset(seat for seat in Seat if (seat - trick.leader) % 4 > position)


def _rebuild_play(state: TableState, exclude: int = -1, declarer: Seat | None = None) -> TableState:
    """The play replayed from the cards that stand, in the order they went into their
    tricks. A card recorded before its turn (held while the Director ruled, then played in
    its turn, 60C) waits for that turn: a trick holds its cards in rotation (44B), so
    replaying it at its record's place would credit it to another player."""
    play = state.play
    contract = state.contract
    deal = state.board.deal
    assert play is not None and contract is not None and deal is not None
    rebuilt = Play(deal, declarer if declarer is not None else play.declarer,
                   contract.denomination)
    placed = {defect.placed for defect in state.defects}
    waiting: list[CardRecord] = []
    for index, entry in enumerate(state.records):
        if state.defects:
            rebuilt = defective_tricks._replay_defects(state, rebuilt, index)
        if (index != exclude and index not in placed and isinstance(entry, CardRecord)
                and entry.status is Status.STANDING and entry.trick):
            if entry.out_of_turn:
                rebuilt = rebuilt.with_lead_out_of_turn(entry.seat, entry.card)
            else:
                waiting.append(entry)
        rebuilt = _in_turn(rebuilt, waiting)
    if state.defects:
        rebuilt = _in_turn(
            defective_tricks._replay_defects(state, rebuilt, len(state.records)), waiting)
    # A card whose turn never came is left out rather than credited to another player:
    # a trick whose winner a supplied card changed (67A1) sends the later cards back to
    # their hands before the play is rebuilt again.
    return state.evolve(play=rebuilt)


def _in_turn(play: Play, waiting: list[CardRecord]) -> Play:
    """``play`` with the waiting cards whose turn has come played, oldest first."""
    while waiting:
        turn = play.next_to_play
        entry = next((entry for entry in waiting if entry.seat is turn), None)
        if entry is None:
            return play
        waiting.remove(entry)
        play = play.with_card(entry.seat, entry.card)
    return play
