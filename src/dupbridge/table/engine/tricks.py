"""Cards into tricks: a card played in its turn (a revoke recorded silently, 61A), a
held card played once the Director has ruled (60C), cards withdrawn from their tricks
(47, 62) and the play rebuilt from the cards that stand, defective tricks (67) included.
What the play, the rulings and the defective tricks all do to the tricks, so it imports
none of them."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.cards import Card
from dupbridge.core.edition import LawRef
from dupbridge.core.seats import Seat
from dupbridge.laws.auction import law26_lead_restrictions
from dupbridge.laws.dispatch import classify_card, decide
from dupbridge.laws.machinery.ruling import PenaltyCard
from dupbridge.laws.play import (
    law48_50_exposed_cards,
    law61_64_revokes,
    law61_revoke,
    law67_defective_trick,
    play_obligations,
)
from dupbridge.rules.play import Play
from dupbridge.table.engine.decisions import open_decision
from dupbridge.table.engine.records import records_with, replace_record
from dupbridge.table.state import CardRecord, Status, TableState


def play_in_turn(state: TableState, seat: Seat, card: Card, record: int) -> TableState:
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
    trick = trick_number(after)
    entry = CardRecord(seat, card, Status.STANDING, None, failure is not None, trick)
    records = ((*state.records, entry) if record == len(state.records)
               else records_with(state.records, record, entry))
    state = state.evolve(records=records, play=after)
    if state.revokes:
        state = state.evolve(revokes=law61_64_revokes.established_by(state.revokes, seat, trick))
    if failure is not None:
        revoke = law61_revoke.Revoke(record, seat, card, trick, failure.law, failure.faced,
                                         failure.penalty_card, dummy=seat is play.dummy)
        state = state.evolve(revokes=(*state.revokes, revoke))
    if state.penalty_cards or state.restrictions:
        state = obligations_after_card(state, play, after, seat, card)
    if breach is not None:
        state = state.evolve(reviews=(*state.reviews, breach))
    return state


def trick_number(play: Play) -> int:
    """The trick the card just played went to (1-based)."""
    return len(play.tricks) + (1 if play.current_trick.cards else 0)


def obligations_after_card(state: TableState, before: Play, after: Play, seat: Seat,
                           card: Card) -> TableState:
    """Once ``seat`` has played ``card`` (in turn, or a lead out of turn accepted): a penalty
    card played is spent (50D1), with its information tagged (50E); restrictions for one
    card are spent, prohibitions end when he loses the lead."""
    spent = law48_50_exposed_cards.penalty_card_played(
        state.edition, state.penalty_cards, seat, card)
    return state.evolve(
        penalty_cards=without_penalty_card(state.penalty_cards, seat, card),
        restrictions=play_obligations.after_card(before, after, seat, state.restrictions),
        information=(*state.information, *spent),
    )


def without_penalty_card(penalty_cards: tuple[PenaltyCard, ...], seat: Seat,
                         card: Card) -> tuple[PenaltyCard, ...]:
    """The penalty cards but ``seat``'s ``card``, once it has left his hand (50D1)."""
    return tuple(pc for pc in penalty_cards if not (pc.seat is seat and pc.card == card))


def play_record(state: TableState, record: int) -> TableState:
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
        state = replace_record(state, record, replace(entry, status=Status.PENDING))
        return open_decision(state, verdict.irregularity)
    return play_in_turn(state, entry.seat, entry.card, record)


def withdraw_played(state: TableState, record: int, entry: CardRecord,
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
    return rebuild_play(state, exclude=record)


def _played_after_in_trick(state: TableState, entry: CardRecord) -> frozenset[Seat]:
    """The seats that played after ``entry`` in its trick, in rotation from its leader
    (44B): a card recorded before it but held for its turn (60C) came after it."""
    play = state.play
    assert play is not None
    trick = (play.tricks[entry.trick - 1] if entry.trick <= len(play.tricks)
             else play.current_trick)
    position = (entry.seat - trick.leader) % 4
    return frozenset(seat for seat in Seat if (seat - trick.leader) % 4 > position)


def rebuild_play(state: TableState, exclude: int = -1, declarer: Seat | None = None) -> TableState:
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
            rebuilt = _replay_defects(state, rebuilt, index)
        if (index != exclude and index not in placed and isinstance(entry, CardRecord)
                and entry.status is Status.STANDING and entry.trick):
            if entry.out_of_turn:
                rebuilt = rebuilt.with_lead_out_of_turn(entry.seat, entry.card)
            else:
                waiting.append(entry)
        rebuilt = _in_turn(rebuilt, waiting)
    if state.defects:
        rebuilt = _in_turn(_replay_defects(state, rebuilt, len(state.records)), waiting)
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
    passed over and plays at his turn (``defective_tricks.owed_defect``: he owes nothing)."""
    return (len(play.tricks) + 1 == defect.trick and play.next_to_play is defect.seat
            and bool(play.current_trick.cards) and play.current_trick.omitted is None)
