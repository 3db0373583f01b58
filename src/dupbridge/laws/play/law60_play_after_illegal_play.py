"""Law 60: play after an illegal play. A non-offending player who plays after his
right-hand opponent's lead out of turn forfeits the rectification, and the lead counts as
made in turn (60A); the offending side's earlier obligations go on (60A3). A defender who
plays after declarer was required to withdraw his lead, before declarer's correct lead,
makes his card a major penalty card (60B). A card by the offending side before the
rectification is assessed changes nothing for the opponents and is ruled on in its turn
(60C)."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.cards import Card
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.clauses import ref
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    AcceptCard,
    Cite,
    Effect,
    Irregularity,
    Option,
    PenaltyCard,
    PlayRecord,
    Resolution,
)


@law("60", title="Play after an illegal play")
@law("60A", title="Non-offender plays after the irregularity")
@law("60A1", title="Playing after it forfeits rectification")
@law("60A2", title="Illegal play then treated as in turn")
def forfeited(irregularity: Irregularity, record: int) -> Resolution:
    """60A1: the next hand, a non-offender, plays after his right-hand opponent's lead out
    of turn before the rectification is assessed: the right to it is lost; 60A2 (and 53A):
    the lead counts as made in turn, and his card is played to it; a card the offending side
    played meanwhile (60C) is then classified in its turn."""
    edition = irregularity.edition
    return Resolution((
        AcceptCard(ref(edition, "60A2"), irregularity.record),
        Cite(ref(edition, "53A")),
        Cite(ref(edition, "60A1")),
        obligations_continue(irregularity),
        PlayRecord(ref(edition, "60A2"), record),
        *offending_side_cards(irregularity),
    ))


@law("60A3", title="Earlier obligations of offenders remain")
def obligations_continue(irregularity: Irregularity) -> Cite:
    """60A3: the offending side's earlier obligations (a penalty card to play, a lead or
    play restriction) go on: forfeiting this rectification touches none of them (the table
    keeps its penalty cards and restrictions as they are)."""
    return Cite(ref(irregularity.edition, "60A3"))


@law("60B", title="Defender plays before declarer's required lead")
def played_before_correct_lead(irregularity: Irregularity) -> Option:
    """60B: declarer was required to withdraw his lead out of turn (55B2) and a defender led
    before declarer led from the correct hand: the Director makes the card a major penalty
    card (a fact of the table only he can establish: the option is his)."""
    card = irregularity.action
    assert isinstance(card, Card)
    edition = irregularity.edition
    return Option("penalty-card", msg("60B: the defender played after declarer had to withdraw "
                                   "his lead, before declarer's correct lead: a major penalty "
                                   "card"), DIRECTOR,
                  (PenaltyCard(ref(edition, "60B"), irregularity.offender, card,
                               irregularity.record, True),))


@law("60C", title="Offending side plays before rectification")
def offending_side_card(irregularity: Irregularity, seat: Seat, card: Card,
                        record: int) -> Irregularity:
    """60C: a card by the offending side before the rectification is assessed does not
    affect the opponents' rights: it is held while the Director rules, then classified in
    the position the ruling leaves (it may itself be irregular). A card already held is
    not in the hand any more: it cannot be played twice."""
    if any(seat is held and card == played for held, played, _ in
           irregularity.cards_before_ruling):
        raise ActionRejected(msg("{seat}'s {card} is already held for the ruling ({law})",
                                 seat=seat, card=card, law=ref(irregularity.edition, "60C")))
    held = (*irregularity.cards_before_ruling, (seat, card, record))
    return replace(irregularity, cards_before_ruling=held)


def offending_side_cards(irregularity: Irregularity) -> tuple[Effect, ...]:
    """60C: the held cards, each played after the ruling in the order they were made (the
    table classifies each in the position the ruling left: once one is itself irregular,
    the next waits for that ruling)."""
    law60c = ref(irregularity.edition, "60C")
    return tuple(PlayRecord(law60c, record) for _, _, record in irregularity.cards_before_ruling)
