"""The table engine and defective tricks (Law 67)."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.cards import Card, CardSet
from dupbridge.core.edition import LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.ruling import (
    PenaltyCard,
    Review,
)
from dupbridge.laws.play import law48_50_exposed_cards, law61_64_revokes, law67_defective_trick
from dupbridge.rules.play import Play
from dupbridge.table import play_phase, ruling_effects
from dupbridge.table.events import (
    CardOmitted,
    CardReplayed,
    ExtraCardPlayed,
)
from dupbridge.table.state import CardRecord, Status, TableState


def _defect_event(state: TableState,
                  event: CardOmitted | ExtraCardPlayed | CardReplayed) -> TableState:
    """A player passed over in a trick, or a second card of his gone into it unseen: the
    play goes on (Law 67 rules when attention is drawn); the trick record holds it."""
    play = state.play
    if play is None or state.pending is not None or play.is_complete:
        raise ActionRejected(msg("a defective trick happens only in the play, nothing "
                                 "pending"))
    current = len(play.tricks) + 1
    at = len(state.records)
    if isinstance(event, CardReplayed):
        return _card_replayed(state, event)
    if isinstance(event, CardOmitted):
        if play.next_to_play is not event.seat:
            raise ActionRejected(msg("it is not {seat}'s turn to play", seat=event.seat))
        try:
            after = play.with_omission()
        except ValueError as error:
            raise ActionRejected(str(error)) from None
        defect = law67_defective_trick.TrickDefect(current, event.seat, None, at)
    else:
        play_phase._check_holding(state, event.seat, event.card)
        trick = current if play.current_trick.card_of(event.seat) is not None else current - 1
        if trick < 1 or (trick < current and play.tricks[-1].card_of(event.seat) is None):
            raise ActionRejected(msg("{seat} has no card in the trick", seat=event.seat))
        after = play.with_added_card(trick, event.seat, event.card)
        defect = law67_defective_trick.TrickDefect(trick, event.seat, event.card, at,
                                                   exposed=event.exposed)
    return state.evolve(play=after, defects=(*state.defects, defect))


def _card_replayed(state: TableState, event: CardReplayed) -> TableState:
    """2017 67B3: a card of ``seat``'s earlier trick, not kept with his quitted cards, is
    played again to the trick in progress. The card record stands in that trick (replayed
    like any card: it is no longer in his hand, so his hand is unchanged and he keeps a
    card too many); the card itself stays counted in its first trick. Law 67 rules when
    attention is drawn."""
    play = state.play
    assert play is not None
    seat, card = event.seat, event.card
    if play.next_to_play is not seat or event.trick != len(play.tricks) + 1:
        raise ActionRejected(msg("it is not {seat}'s turn to play to trick {trick}", seat=seat,
                                 trick=event.trick))
    first = next((number for number, trick in enumerate(play.tricks, start=1)
                  if trick.card_of(seat) == card), 0)
    if not first or any(d.replayed >= 0 and d.card == card for d in state.defects):
        raise ActionRejected(msg("{seat} played no {card} to an earlier trick", seat=seat,
                                 card=card))
    record = len(state.records)
    entry = CardRecord(seat, card, Status.STANDING, LawRef(state.edition, "67"),
                       trick=event.trick)
    defect = law67_defective_trick.TrickDefect(first, seat, card, record, replayed=record)
    return state.evolve(records=(*state.records, entry), play=play.with_card(seat, card),
                        defects=(*state.defects, defect))


def _replay_defects(state: TableState, play: Play, index: int) -> Play:
    """The defects that happened before record ``index``, applied again to a replayed
    play: a card supplied under 67A1 takes the omitted turn, a card faced under 67B1 lies
    beside its trick, an extra card returned to the hand is not replayed."""
    for defect in state.defects:
        placed = state.records[defect.placed] if defect.placed >= 0 else None
        if defect.returned or defect.replayed >= 0:
            pass
        elif defect.card is not None:
            if defect.at == index:
                play = play.with_added_card(defect.trick, defect.seat, defect.card)
        elif defect.at == index and _passed_over_now(play, defect):
            if (isinstance(placed, CardRecord) and placed.law is not None
                    and placed.law.clause == "67A1"):
                play = play.with_card(defect.seat, placed.card)
            else:
                play = play.with_omission()
        if (index == len(state.records) and isinstance(placed, CardRecord)
                and placed.law is not None and placed.law.clause == "67B1"):
            play = play.with_added_card(defect.trick, defect.seat, placed.card)
    return play


def _passed_over_now(play: Play, defect: law67_defective_trick.TrickDefect) -> bool:
    """Whether the replayed play is at the turn the offender was passed over at: his turn
    in the defective trick. Not so once a card before his was withdrawn (a revoke
    corrected, 62A): the trick is again in progress before his turn, he is no longer
    passed over and plays at his turn (``_owed``: he owes nothing)."""
    return (len(play.tricks) + 1 == defect.trick and play.next_to_play is defect.seat
            and bool(play.current_trick.cards) and play.current_trick.omitted is None)


def _defect_attention(state: TableState) -> TableState:
    """Attention drawn to a defective trick: the Director rules under Law 67 (the ruling
    is the review item of its clause); an extra card goes back to the hand now, an omitted
    card is owed by the offender, who plays it next."""
    play = state.play
    assert play is not None
    index = next(i for i, defect in enumerate(state.defects) if not defect.ruling)
    defect = state.defects[index]
    if defect.replayed >= 0:
        again = ruling_effects._card_record(state, defect.replayed).trick
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
        state = play_phase._rebuild_play(state.evolve(records=(*state.records, entry)))
        state = _revokes_by_returned_card(state, ruling.defect)
        effects = tuple(replace(effect, record=record) if isinstance(effect, PenaltyCard)
                        else effect for effect in effects)
    return ruling_effects._apply_effects(state, effects)


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
        entry = ruling_effects._card_record(state, record)
        revokes.append(law61_64_revokes.Revoke(
            record, defect.seat, entry.card, number,
            LawRef(state.edition, "67B2(b)"), established=number < len(play.tricks) or any(
                play.current_trick.card_of(seat) is not None for seat in Seat
                if seat.side is defect.seat.side), noticed=True))
    return state.evolve(revokes=tuple(revokes))


def _owed(state: TableState, seat: Seat) -> int:
    """The defect (index) to which ``seat`` owes a card (67A1 / 67B1), or -1: only while
    the play shows him passed over in that trick (not once a card before his turn was
    withdrawn, 62A, and he has played at his turn since)."""
    play = state.play
    for index, defect in enumerate(state.defects):
        if (defect.seat is seat and defect.ruling in ("67A1", "67B1") and play is not None
                and _passed_over(play, defect)):
            return index
    return -1


def _passed_over(play: Play, defect: law67_defective_trick.TrickDefect) -> bool:
    trick = (play.tricks[defect.trick - 1] if defect.trick <= len(play.tricks)
             else play.current_trick)
    return trick.omitted is defect.seat


def cards_owed(state: TableState, seat: Seat) -> CardSet | None:
    """The cards ``seat`` may supply to a defective trick he owes a card to (67A1/67B1),
    or None when he owes none."""
    index = _owed(state, seat)
    play = state.play
    if index < 0 or play is None:
        return None
    defect = state.defects[index]
    trick = (play.tricks[defect.trick - 1] if defect.trick <= len(play.tricks)
             else play.current_trick)
    return law67_defective_trick.owed_cards(state.edition, defect, play.hand(seat),
                                            trick.suit_led, state.obligations)


def _card_owed(state: TableState, seat: Seat, card: Card, index: int) -> TableState:
    """The offender supplies the omitted card (67A1: a legal card, into the trick in
    rotation, its winner found again; the card led to the next trick goes back if the lead
    changes hands, spec §9 / erratum M2) or faces it (67B1: of the suit led if he has one,
    beside the trick, ownership unchanged, a revoke deemed on that trick)."""
    play = state.play
    assert play is not None
    play_phase._check_holding(state, seat, card)
    defect = state.defects[index]
    trick = (play.tricks[defect.trick - 1] if defect.trick <= len(play.tricks)
             else play.current_trick)
    allowed = cards_owed(state, seat)
    assert allowed is not None
    if card not in allowed:
        # The card is owed at the Director's instruction, in both cases one the law allows
        # (67A1: one he can legally play; 67B1: of the suit led if he has one): no other
        # card is supplied or faced.
        raise ActionRejected(msg("Law {clause}: {seat} must supply one of {cards}",
                                 clause=defect.ruling, seat=seat, cards=tuple(allowed)))
    law = LawRef(state.edition, defect.ruling)
    record = len(state.records)
    entry = CardRecord(seat, card, Status.STANDING, law, False, defect.trick)
    defects = (*state.defects[:index], law67_defective_trick.placed(defect, record),
               *state.defects[index + 1:])
    state = _penalty_card_supplied(state.evolve(records=(*state.records, entry),
                                                defects=defects), seat, card)
    if defect.ruling == "67B1":
        revoke = law61_64_revokes.Revoke(record, seat, card, defect.trick, law,
                                         established=True, noticed=True)
        return play_phase._rebuild_play(state.evolve(revokes=(*state.revokes, revoke)))
    before = trick.winner
    state = play_phase._rebuild_play(state)
    rebuilt = state.play
    assert rebuilt is not None
    tricks = rebuilt.tricks
    if defect.trick <= len(tricks) and tricks[defect.trick - 1].winner is not before:
        records = tuple(replace(e, status=Status.RETURNED, law=law)
                        if isinstance(e, CardRecord) and e.status is Status.STANDING
                        and e.trick > defect.trick else e for e in state.records)
        state = play_phase._rebuild_play(state.evolve(records=records))
    return state


def _penalty_card_supplied(state: TableState, seat: Seat, card: Card) -> TableState:
    """A penalty card supplied to a defective trick (67A1) or faced beside it (67B1) has
    left the hand for the played cards: it is played, so no longer a penalty card (50D1),
    its information tagged as for any penalty card played (50E)."""
    if not any(pc.seat is seat and pc.card == card for pc in state.penalty_cards):
        return state
    spent = law48_50_exposed_cards.penalty_card_played(
        state.edition, state.penalty_cards, seat, card)
    return state.evolve(
        penalty_cards=play_phase._without_penalty_card(state.penalty_cards, seat, card),
        information=(*state.information, *spent))
