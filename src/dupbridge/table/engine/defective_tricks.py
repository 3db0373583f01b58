"""Defective tricks (Law 67): a player passed over, a card too many, a card played twice;
the card owed to a defective trick supplied or faced once the Director has ruled (the
ruling on attention drawn is in ``attention``)."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.cards import Card, CardSet
from dupbridge.core.edition import LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.laws.play import law48_50_exposed_cards, law61_revoke, law67_defective_trick
from dupbridge.rules.play import Play
from dupbridge.table.engine.records import check_holding
from dupbridge.table.engine.tricks import rebuild_play, without_penalty_card
from dupbridge.table.events import (
    CardOmitted,
    CardReplayed,
    ExtraCardPlayed,
)
from dupbridge.table.state import CardRecord, Status, TableState


def defect_event(state: TableState,
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
        check_holding(state, event.seat, event.card)
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


def owed_defect(state: TableState, seat: Seat) -> int:
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
    index = owed_defect(state, seat)
    play = state.play
    if index < 0 or play is None:
        return None
    defect = state.defects[index]
    trick = (play.tricks[defect.trick - 1] if defect.trick <= len(play.tricks)
             else play.current_trick)
    return law67_defective_trick.owed_cards(state.edition, defect, play.hand(seat),
                                            trick.suit_led, state.obligations)


def supply_owed_card(state: TableState, seat: Seat, card: Card, index: int) -> TableState:
    """The offender supplies the omitted card (67A1: a legal card, into the trick in
    rotation, its winner found again; the card led to the next trick goes back if the lead
    changes hands, spec §9 / erratum M2) or faces it (67B1: of the suit led if he has one,
    beside the trick, ownership unchanged, a revoke deemed on that trick)."""
    play = state.play
    assert play is not None
    check_holding(state, seat, card)
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
        revoke = law61_revoke.Revoke(record, seat, card, defect.trick, law,
                                         established=True, noticed=True)
        return rebuild_play(state.evolve(revokes=(*state.revokes, revoke)))
    before = trick.winner
    state = rebuild_play(state)
    rebuilt = state.play
    assert rebuilt is not None
    tricks = rebuilt.tricks
    if defect.trick <= len(tricks) and tricks[defect.trick - 1].winner is not before:
        records = tuple(replace(e, status=Status.RETURNED, law=law)
                        if isinstance(e, CardRecord) and e.status is Status.STANDING
                        and e.trick > defect.trick else e for e in state.records)
        state = rebuild_play(state.evolve(records=records))
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
        penalty_cards=without_penalty_card(state.penalty_cards, seat, card),
        information=(*state.information, *spent))
