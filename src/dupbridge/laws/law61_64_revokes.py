"""Revokes (Laws 61-64): recorded silently when they happen, corrected while not
established, established by the offending side's next play, settled at the end of play.

Nobody at the table knows of a revoke until someone draws attention to it (Law 9): the
engine records it, shows it to the Director only, and never to the players.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from dupbridge.core.cards import Card, Suit
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.clauses import ref
from dupbridge.laws.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.ruling import (
    DIRECTOR,
    Answer,
    Decision,
    Effect,
    Irregularity,
    IrregularityKind,
    Option,
    PenaltyCard,
    ReturnCard,
)
from dupbridge.rules.play import Play, Trick


@dataclass(frozen=True, slots=True)
class Revoke:
    """A revoke (61A): ``seat`` played ``card`` (table record ``record``) to ``trick``
    (1-based), failing the requirement ``failure`` names (44C follow suit, 50C/50D1(a) a
    penalty card, or a rectification's restriction). ``faced``: the card he failed to play
    was dummy's or a penalty card (64B3). ``noticed``: attention has been drawn to it."""

    record: int
    seat: Seat
    card: Card
    trick: int
    failure: LawRef
    faced: bool = False
    penalty_card: bool = False  # a failure to play a penalty card: Law 52 too
    established: bool = False
    corrected: bool = False
    noticed: bool = False


@law("63A1", title="Established when the offending side plays to the next trick")
def established_by(revokes: tuple[Revoke, ...], seat: Seat, trick: int) -> tuple[Revoke, ...]:
    """63A1: a revoke is established when the offender or his partner leads or plays to
    the following trick (any later trick), legally or not; the non-offending side's cards
    do not establish it."""
    if not any(not r.established and not r.corrected and r.seat.side is seat.side
               and trick > r.trick for r in revokes):
        return revokes
    return tuple(replace(r, established=True)
                 if not r.established and not r.corrected and r.seat.side is seat.side
                 and trick > r.trick else r
                 for r in revokes)


@dataclass(frozen=True, slots=True)
class Transfer:
    """Tricks transferred at the end of play for the revoke at ``record`` (64A1 / 64A2),
    from the offending side to the other; 0 with the 64B clause that excludes it."""

    record: int
    seat: Seat
    trick: int
    tricks: int
    law: LawRef


def _won_by_side(tricks: tuple[Trick, ...], side: Side, after: int) -> bool:
    """Whether ``side`` won any trick after trick number ``after`` (1-based)."""
    return any(trick.winner.side is side for trick in tricks[after:])


@law("64", title="Procedure after an established revoke")
@law("64A", title="Automatic trick adjustment")
@law("64A1", title="Offending player won the revoke trick: that trick and one more")
@law("64A2", title="Offending side won the revoke trick or a later one: one trick")
@law("64B", title="No automatic trick adjustment")
@law("64B1", title="Offending side won neither the revoke trick nor a later one")
@law("64B2", title="A later revoke in the same suit by the same player")
@law("64B3", title="Failure to play a faced card (2007) / a penalty card or dummy's (2017)")
@law("64B6", title="A revoke on the twelfth trick")
@law("64B7", title="Both sides revoked on the board")
def transfers(edition: Edition, revokes: tuple[Revoke, ...],
              tricks: tuple[Trick, ...]) -> tuple[Transfer, ...]:
    """Law 64 at the end of play, for every established revoke in trick order: the 64B
    exceptions first, then 64A (a trick won in dummy is not a trick won by declarer, so
    64A1 looks at the hand that won, not the side)."""
    established = [r for r in revokes if r.established and not r.corrected]
    both_sides = (len({r.seat.side for r in revokes
                       if edition is Edition.LAWS_2007 or r.established}) == 2)
    found = []
    for revoke in sorted(established, key=lambda r: r.trick):
        exception = _no_adjustment(edition, revoke, established, tricks, both_sides)
        if exception is not None:
            found.append(Transfer(revoke.record, revoke.seat, revoke.trick, 0, exception))
            continue
        won = tricks[revoke.trick - 1].winner
        side = revoke.seat.side
        later = _won_by_side(tricks, side, revoke.trick)
        if won is revoke.seat:
            found.append(Transfer(revoke.record, revoke.seat, revoke.trick, 1 + later,
                                  ref(edition, "64A1")))
        else:
            found.append(Transfer(revoke.record, revoke.seat, revoke.trick, 1,
                                  ref(edition, "64A2")))
    return tuple(found)


def _no_adjustment(edition: Edition, revoke: Revoke, established: list[Revoke],
                   tricks: tuple[Trick, ...], both_sides: bool) -> LawRef | None:
    side = revoke.seat.side
    if tricks[revoke.trick - 1].winner.side is not side and not _won_by_side(
            tricks, side, revoke.trick):
        return ref(edition, "64B1")
    if any(other.seat is revoke.seat and other.trick < revoke.trick
           and _suit_led(tricks, other) is _suit_led(tricks, revoke) for other in established):
        return ref(edition, "64B2")
    if revoke.faced:
        return ref(edition, "64B3")
    if revoke.trick == 12:
        return ref(edition, "64B6")
    if both_sides:
        return ref(edition, "64B7")
    return None


def _suit_led(tricks: tuple[Trick, ...], revoke: Revoke) -> Suit:
    return tricks[revoke.trick - 1].suit_led


# Attention drawn: correction (62) or, once established, the settlement at the end (64)


def attention_drawn(
    edition: Edition, revokes: tuple[Revoke, ...], play: Play, seat: Seat, record: int | None,
    late: str,
) -> tuple[tuple[Revoke, ...], Irregularity | None]:
    """The revokes once attention is drawn to one (``record``; None: the earliest no one
    has noticed), and the irregularity the Director rules on: a revoke not yet established
    is corrected (62A); an established one is settled at the end of play (63B, 64)."""
    candidates = [r for r in revokes if not r.corrected
                  and (r.record == record if record is not None else not r.noticed)]
    if not candidates:
        raise ActionRejected("no revoke to draw attention to" if record is None
                             else f"the card at record {record} is no revoke")
    revoke = candidates[0]
    revokes = tuple(replace(r, noticed=True) if r is revoke else r for r in revokes)
    if revoke.established:
        return revokes, None
    return revokes, Irregularity(IrregularityKind.REVOKE, edition, revoke.seat, revoke.card,
                                 revoke.record, play.next_to_play,
                                 declaring_side=play.declarer.side, auction_period_over=True)


@law("62", title="Correction of a revoke")
@law("62A", title="A revoke must be corrected before it is established")
@law("62B", title="The revoke card is withdrawn and a legal card substituted")
@law("62B1", title="A defender's unfaced card becomes a major penalty card")
@law("62B2", title="Declarer's, dummy's or a faced card: no rectification")
def decide(irregularity: Irregularity, answers: Mapping[str, Answer],
           decision_id: str) -> Decision:
    """62A: a revoke not established must be corrected: the card is withdrawn and the
    offender substitutes a legal card (62B), a defender's card from his unfaced hand
    becoming a major penalty card (62B1); declarer's or dummy's card goes back with no
    rectification (62B2)."""
    edition = irregularity.edition
    card = irregularity.action
    assert isinstance(card, Card)
    defender = irregularity.declaring_side is not irregularity.offender.side
    effect: Effect = (PenaltyCard(ref(edition, "62B1"), irregularity.offender, card,
                                  irregularity.record)
                      if defender else ReturnCard(ref(edition, "62B2"), irregularity.record))
    option = Option("correct", f"the revoke is corrected: {card} is withdrawn and a legal card "
                    "substituted (62B)", DIRECTOR, (effect,))
    return Decision(decision_id, irregularity, (ref(edition, "62A"), ref(edition, "62B")), (),
                    answers, (option,))


RECTIFICATION = Rectification(decide, no_call_before_ruling)


def declarer_tricks_after(tricks: int, transfers: tuple[Transfer, ...], declarer: Seat) -> int:
    """Declarer's tricks once the transfers are made: to his side for the defenders'
    revokes, from it for his side's."""
    for transfer in transfers:
        tricks += -transfer.tricks if transfer.seat.side is declarer.side else transfer.tricks
    return tricks
