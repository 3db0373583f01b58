"""Revokes (Laws 62-64): corrected while not established, established by the offending
side's next play, settled at the end of play. What a revoke is and who may ask about one
(Law 61) is in ``law61_revoke``.

Nobody at the table knows of a revoke until someone draws attention to it (Law 9): the
engine records it, shows it to the Director only, and never to the players.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from dupbridge.core.cards import Card, Suit
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.machinery.clauses import (
    LAWS_2017,
    ref,
    unauthorised_information,
    withdrawn_information,
)
from dupbridge.laws.machinery.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    Cite,
    Decision,
    Effect,
    Establish,
    InformationTag,
    Irregularity,
    IrregularityKind,
    Option,
    PenaltyCard,
    PlayRule,
    Question,
    RestrictPlay,
    ReturnCard,
    Review,
    Until,
)
from dupbridge.laws.play import law52_penalty_card_not_played
from dupbridge.laws.play.law61_revoke import NEXT_BOARD, ROUND_ENDED, Revoke
from dupbridge.rules.play import Play, Trick

# Law 63: establishment


def _establish(revokes: tuple[Revoke, ...], side: Side, trick: int) -> tuple[Revoke, ...]:
    """The revokes of ``side`` before ``trick`` not yet established nor corrected, now
    established."""
    def due(r: Revoke) -> bool:
        return (not r.established and not r.corrected and r.seat.side is side
                and trick > r.trick)
    if not any(due(r) for r in revokes):
        return revokes
    return tuple(replace(r, established=True) if due(r) else r for r in revokes)


@law("63A", title="Events that establish a revoke")
@law("63A1", title="Established when the offending side plays to the next trick")
def established_by(revokes: tuple[Revoke, ...], seat: Seat, trick: int) -> tuple[Revoke, ...]:
    """63A1: a revoke is established when the offender or his partner leads or plays to
    the following trick (any later trick), legally or not; the non-offending side's cards
    do not establish it."""
    return _establish(revokes, seat.side, trick)


@law("63A2", title="Established when the offending side names a card for the next trick")
def established_by_designation(revokes: tuple[Revoke, ...], seat: Seat,
                               trick: int) -> tuple[Revoke, ...]:
    """63A2: the offender or his partner names or otherwise designates a card to be played
    to the following trick (``trick``): his side's earlier revokes are established, though
    no card has reached that trick yet."""
    return _establish(revokes, seat.side, trick)


@law("63A3", title="Established when the offending side claims or concedes")
@law("63A4", editions=LAWS_2017, title="Established when the opponents' claim is agreed")
def established_by_claim(edition: Edition, revokes: tuple[Revoke, ...], claimer: Seat,
                         agreed_by: Side | None = None,
                         agreement_final: bool = True) -> tuple[Establish, ...]:
    """63A3: a member of the offending side makes a claim or concession (2007: makes or
    agrees to one); 2017 63A4: the offending side agrees to the opponents' claim or
    concession, established once the agreement is final (no objection before the end of
    the round or a call on a later board). One ``Establish`` per revoke so established."""
    def pending(side: Side) -> list[Revoke]:
        return [r for r in revokes if r.seat.side is side and not r.established
                and not r.corrected]
    found = pending(claimer.side)
    law_a3 = ref(edition, "63A3")
    effects = [Establish(law_a3, r.record) for r in found]
    if agreed_by is not None and agreed_by is not claimer.side:
        if edition is Edition.LAWS_2007:
            effects += [Establish(law_a3, r.record) for r in pending(agreed_by)]
        elif agreement_final:
            effects += [Establish(ref(edition, "63A4"), r.record) for r in pending(agreed_by)]
    return tuple(effects)


@law("63B", title="An established revoke cannot be corrected")
@law("62D1", title="A twelfth-trick revoke is corrected even if established")
def may_be_corrected(edition: Edition, revoke: Revoke, revokes: tuple[Revoke, ...],
                     late: str) -> LawRef | None:
    """The clause under which a revoke is corrected when attention is drawn to it, None
    when it cannot be (63B: established; its trick stands). Exceptions: a revoke on trick
    12 found before the hands are returned to the board (62D1), and 2017 62C3 (both sides
    revoked on that trick)."""
    if revoke.corrected or late:
        return None
    if both_sides_on_trick(edition, revoke, revokes) is not None:
        return ref(edition, "62C3")
    if not revoke.established:
        return ref(edition, "62A")
    if revoke.trick == 12:
        return ref(edition, "62D1")
    return None


@law("62C3", editions=LAWS_2017, title="Both sides revoked on the same trick")
def both_sides_on_trick(edition: Edition, revoke: Revoke,
                        revokes: tuple[Revoke, ...]) -> Revoke | None:
    """2017 62C3: both sides revoked on the same trick and only one side has played to the
    next one: both revokes are corrected (the other revoke returned). Once both sides have
    played on, both are established and stand (63B)."""
    if edition is not Edition.LAWS_2017:
        return None
    other = next((r for r in revokes if r.trick == revoke.trick and not r.corrected
                  and r.seat.side is not revoke.seat.side), None)
    if other is None or (other.established and revoke.established):
        return None
    return other


# Law 64: the settlement at the end of play


@dataclass(frozen=True, slots=True)
class Transfer:
    """Tricks transferred at the end of play for the revoke at ``record`` (64A1 / 64A2),
    from the offending side to the other; 0 with the 64B clause that excludes it."""

    record: int
    seat: Seat
    trick: int
    tricks: int
    law: LawRef


def _won_by_side(tricks: tuple[Trick, ...], side: Side, after: int,
                 claimed: tuple[Side, ...] = ()) -> bool:
    """Whether ``side`` won any trick after trick number ``after`` (1-based): in play, or
    credited to it by a settled claim or concession (``claimed``: the side each remaining
    trick was credited to; 69A scores them as though won in play, spec §4 [design])."""
    return side in claimed or any(trick.winner.side is side for trick in tricks[after:])


def _revoke_trick_winner(tricks: tuple[Trick, ...], revoke: Revoke) -> Seat | None:
    """The hand that won the revoke trick in play; None when the trick was still in
    progress at a claim (it is then among the tricks the claim credited: nobody won it as
    a hand, so 64A1 cannot apply)."""
    return tricks[revoke.trick - 1].winner if revoke.trick <= len(tricks) else None


@law("64", title="Procedure after an established revoke")
@law("64A", title="Automatic trick adjustment")
@law("64A1", title="Offending player won the revoke trick: that trick and one more")
@law("64A2", title="Offending side won the revoke trick or a later one: one trick")
@law("64B", title="No automatic trick adjustment")
@law("64B8", editions=LAWS_2017, title="Revokes corrected under 62C3: no adjustment")
def transfers(edition: Edition, revokes: tuple[Revoke, ...],
              tricks: tuple[Trick, ...], claimed: tuple[Side, ...] = ()) -> tuple[Transfer, ...]:
    """Law 64 at the end of play, for every established revoke in trick order (and, 2017,
    a zero for each revoke corrected under 62C3, 64B8): the 64B exceptions first, then
    64A (a trick won in dummy is not a trick won by declarer, so 64A1 looks at the hand
    that won, not the side). ``claimed``: the side credited with each trick of a settled
    claim or concession, after the played ``tricks``: they count as won after the revoke
    trick (69A, spec §4)."""
    found = []
    for revoke in sorted(revokes, key=lambda r: (r.trick, r.record)):
        if revoke.both_sides and revoke.corrected and not revoke.forced:
            found.append(Transfer(revoke.record, revoke.seat, revoke.trick, 0,
                                  ref(edition, "64B8")))
            continue
        if not revoke.standing:
            continue
        exception = no_adjustment(edition, revoke, revokes, tricks, claimed)
        if exception is not None:
            found.append(Transfer(revoke.record, revoke.seat, revoke.trick, 0, exception))
            continue
        found.append(automatic_adjustment(edition, revoke, tricks, claimed))
    return _each_trick_once(found, tricks, claimed)


def _each_trick_once(found: list[Transfer], tricks: tuple[Trick, ...],
                     claimed: tuple[Side, ...] = ()) -> tuple[Transfer, ...]:
    """A trick the offending side won is transferred once only (spec §9: several revokes
    by one side): the latest revoke first takes tricks its side won from its revoke trick
    on, then the earlier ones (which may use any of those); a transfer left without a trick
    to take shrinks. This keeps the side's transfers within the tricks it won."""
    taken: set[int] = set()
    settled = list(found)
    # A claimed trick is numbered after the played ones (its order does not matter).
    sides = (*(trick.winner.side for trick in tricks), *claimed)
    for index in sorted(range(len(found)), key=lambda i: -found[i].trick):
        transfer = found[index]
        free = [number for number in range(transfer.trick, len(sides) + 1)
                if sides[number - 1] is transfer.seat.side and number not in taken]
        used = free[:transfer.tricks]
        taken.update(used)
        if len(used) < transfer.tricks:
            settled[index] = replace(transfer, tricks=len(used))
    return tuple(settled)


def automatic_adjustment(edition: Edition, revoke: Revoke, tricks: tuple[Trick, ...],
                         claimed: tuple[Side, ...] = ()) -> Transfer:
    """64A1: the offending player won the revoke trick (in play: a trick credited by a
    claim was won by no hand): it is transferred, and one more if his side won a later
    trick, a claimed one included; 64A2: otherwise one trick (the caller has found, 64B1,
    that the offending side won the revoke trick or a later one)."""
    if _revoke_trick_winner(tricks, revoke) is revoke.seat:
        later = _won_by_side(tricks, revoke.seat.side, revoke.trick, claimed)
        return Transfer(revoke.record, revoke.seat, revoke.trick, 1 + later,
                        ref(edition, "64A1"))
    return Transfer(revoke.record, revoke.seat, revoke.trick, 1, ref(edition, "64A2"))


@law("64B1", title="Offending side won neither the revoke trick nor a later one")
@law("64B2", title="A later revoke in the same suit by the same player")
@law("64B3", title="Failure to play a faced card (2007) / a penalty card or dummy's (2017)")
@law("64B4", title="Attention first drawn after a call on the next board")
@law("64B5", title="Attention first drawn after the round ended")
@law("64B6", title="A revoke on the twelfth trick")
@law("64B7", title="Both sides revoked on the board (2017: both established)")
def no_adjustment(edition: Edition, revoke: Revoke, revokes: tuple[Revoke, ...],
                  tricks: tuple[Trick, ...], claimed: tuple[Side, ...] = ()) -> LawRef | None:
    """The 64B clause that excludes the automatic adjustment for ``revoke``, if any."""
    if revoke.late == NEXT_BOARD:
        return ref(edition, "64B4")
    if revoke.late == ROUND_ENDED:
        return ref(edition, "64B5")
    if _repeated(edition, revoke, revokes, tricks):
        return ref(edition, "64B2")
    if _faced(edition, revoke):
        return ref(edition, "64B3")
    if revoke.trick == 12:
        return ref(edition, "64B6")
    if _both_sides_revoked(edition, revokes):
        return ref(edition, "64B7")
    side = revoke.seat.side
    winner = _revoke_trick_winner(tricks, revoke)
    if ((winner is None or winner.side is not side)
            and not _won_by_side(tricks, side, revoke.trick, claimed)):
        return ref(edition, "64B1")
    return None


def _repeated(edition: Edition, revoke: Revoke, revokes: tuple[Revoke, ...],
              tricks: tuple[Trick, ...]) -> bool:
    """64B2: a subsequent revoke in the same suit by the same player; 2017 only when the
    first was established (2007 literally: any earlier one, erratum U6)."""
    return any(
        other.seat is revoke.seat and (other.trick, other.record) < (revoke.trick, revoke.record)
        and (edition is Edition.LAWS_2007 or other.standing)
        and _suit_led(tricks, other) is _suit_led(tricks, revoke)
        for other in revokes)


def _faced(edition: Edition, revoke: Revoke) -> bool:
    """64B3: 2007, a failure to play any card faced on the table (dummy's, a penalty card,
    a hand faced); 2017, only a penalty card or a card of dummy."""
    if edition is Edition.LAWS_2007:
        return revoke.faced or revoke.penalty_card or revoke.dummy
    return revoke.penalty_card or revoke.dummy


def _both_sides_revoked(edition: Edition, revokes: tuple[Revoke, ...]) -> bool:
    """64B7: both sides revoked on the board; 2007 literally counts every revoke, corrected
    or not (erratum U7); 2017 requires both sides' revokes established."""
    sides = {r.seat.side for r in revokes
             if edition is Edition.LAWS_2007 or (r.established and not r.corrected)}
    return len(sides) == 2


def _suit_led(tricks: tuple[Trick, ...], revoke: Revoke) -> Suit:
    return tricks[revoke.trick - 1].suit_led


@law("64C", title="Director restores equity / redress of damage")
@law("64C1", editions=LAWS_2017, title="Non-offenders insufficiently compensated")
@law("64C2", editions=LAWS_2017, title="Special cases for adjustment")
@law("64C2(a)", editions=LAWS_2017, title="Repeated revokes by one player in one suit")
@law("64C2(b)", editions=LAWS_2017, title="Both sides revoked on the board")
def equity_reviews(edition: Edition, found: tuple[Transfer, ...]) -> tuple[Review, ...]:
    """64C: after every established revoke, with or without a transfer, the Director
    reviews whether the non-offending side is insufficiently compensated (2017 64C1), for
    repeated revokes whether it would probably have won more tricks (2017 64C2(a)), and
    when both sides revoked, the likely result had no revoke occurred (2017 64C2(b))."""
    reviews = []
    for transfer in found:
        if transfer.law.clause == "64B8":
            continue
        where = msg("{seat}'s revoke on trick {trick}", seat=transfer.seat,
                    trick=transfer.trick)
        if edition is Edition.LAWS_2007:
            reviews.append(Review(ref(edition, "64C"), msg("{where}: is the non-offending side "
                                                     "insufficiently compensated? (adjusted "
                                                     "score)", where=where)))
            continue
        if transfer.law.clause == "64B2":
            reviews.append(Review(ref(edition, "64C2(a)"), msg("{where}: would the non-offending "
                                                         "side probably have won more tricks "
                                                         "without it?", where=where)))
        elif transfer.law.clause == "64B7":
            reviews.append(Review(ref(edition, "64C2(b)"), msg("{where}: both sides revoked; "
                                                         "the likely result had no revoke "
                                                         "occurred", where=where)))
        else:
            reviews.append(Review(ref(edition, "64C1"), msg("{where}: is the non-offending side "
                                                      "insufficiently compensated?",
                                                      where=where)))
    return tuple(reviews)


# Attention drawn: correction (62) or, once established, the settlement at the end (64)

Later = tuple[tuple[Seat, Card, int], ...]
"""Cards standing after a revoke card: seat, card and record, in the order played."""


def attention_drawn(
    edition: Edition, revokes: tuple[Revoke, ...], play: Play, seat: Seat, record: int | None,
    late: str, later: Later = (), penalty_cards: tuple[PenaltyCard, ...] = (),
) -> tuple[tuple[Revoke, ...], Irregularity | None]:
    """The revokes once attention is drawn to one (``record``; None: the earliest no one
    has noticed), and the irregularity the Director rules on: a revoke not yet established
    is corrected (62A), and so are a trick-12 revoke found before the hands are returned
    (62D1) and, 2017, two revokes of both sides on one trick (62C3); an established one
    stands and is settled at the end of play (63B, 64). ``late``: attention first drawn
    after a call on the next board or after the round (64B4, 64B5). ``later``: the cards
    standing after the revoke, for 62C2."""
    candidates = [r for r in revokes if not r.corrected
                  and (r.record == record if record is not None else not r.noticed)]
    if not candidates:
        raise ActionRejected(msg("no revoke to draw attention to") if record is None
                             else msg("the card at record {record} is no revoke",
                                      record=record))
    revoke = candidates[0]
    noticed = replace(revoke, noticed=True, late=revoke.late if revoke.noticed else late)
    revokes = tuple(noticed if r is revoke else r for r in revokes)
    clause = may_be_corrected(edition, noticed, revokes, late)
    if clause is None:
        return revokes, None
    if noticed.penalty_card and clause.clause == "62A":
        # A penalty card not led or played, noticed in time: Law 52 governs.
        return revokes, law52_penalty_card_not_played.failure_noticed(edition, noticed, play,
                                                                      penalty_cards)
    stage = [clause.clause, f"trick={revoke.trick}"]
    if _partner_plays_after(noticed, play):
        stage.append("62D2")
    other = both_sides_on_trick(edition, noticed, revokes) if clause.clause == "62C3" else None
    if other is not None:
        revokes = tuple(replace(r, both_sides=True) if r in (noticed, other) else r
                        for r in revokes)
        stage.append(f"{other.seat.letter}:{other.card}:{other.record}")
    else:
        stage += _offenders_later_card(noticed, play, later)
        stage += _non_offenders_later_cards(noticed, later)
    return revokes, Irregularity(IrregularityKind.REVOKE, edition, revoke.seat, revoke.card,
                                 revoke.record, play.next_to_play,
                                 declaring_side=play.declarer.side, auction_period_over=True,
                                 stage=" ".join(stage))


def _partner_plays_after(revoke: Revoke, play: Play) -> bool:
    """62D2: a defender revoked on trick 12 before his partner played to it."""
    if revoke.trick != 12 or revoke.seat.side is play.declarer.side:
        return False
    return _after_in_trick(revoke, play)


def _after_in_trick(revoke: Revoke, play: Play) -> bool:
    """Whether the offender's partner plays after him to the revoke trick."""
    index = revoke.trick - 1
    trick = play.tricks[index] if len(play.tricks) > index else play.current_trick
    return (revoke.seat.partner - trick.leader) % 4 > (revoke.seat - trick.leader) % 4


def _non_offenders_later_cards(revoke: Revoke, later: Later) -> list[str]:
    """62C1 / 47D: the non-offenders' cards played after the revoke go back; should they
    be replaced, what they showed is authorised to their side, unauthorised to the
    offenders (2007 16D, 2017 16C): ``ai=SEAT:CARD:RECORD``."""
    return [f"ai={s.letter}:{c}:{r}" for s, c, r in later
            if r > revoke.record and s.side is not revoke.seat.side]


def _offenders_later_card(revoke: Revoke, play: Play, later: Later) -> list[str]:
    """62C2: the card the offender's partner played to the revoke trick after the revoke,
    if he is a defender (declarer's side retakes freely: no rectification)."""
    partner = revoke.seat.partner
    if partner.side is play.declarer.side or not _after_in_trick(revoke, play):
        return []
    return [f"{s.letter}:{c}:{r}" for s, c, r in later if s is partner and r > revoke.record][:1]


@law("62", title="Correction of a revoke")
@law("62A", title="A revoke must be corrected before it is established")
@law("62B", title="The revoke card is withdrawn and a legal card substituted")
@law("62B1", title="A defender's unfaced card becomes a major penalty card")
@law("62B2", title="Declarer's, dummy's or a faced card: no rectification")
@law("62C", title="Cards played after the revoke")
@law("62C1", title="Non-offenders may take back the cards played after the revoke")
@law("62C2", title="The offending side's next player may then take back his card")
@law("62D", title="A revoke on the twelfth trick")
def decide(irregularity: Irregularity, answers: Mapping[str, Answer],
           decision_id: str) -> Decision:
    """62A (2007: the offender becomes aware of it; 2017: attention is drawn to it before
    it is established): the revoke is corrected: the card is withdrawn and the offender
    substitutes a legal card (62B), a defender's card from his unfaced hand becoming a major
    penalty card (62B1); declarer's, dummy's or a faced card goes back with no
    rectification (62B2). Every card played after it goes back too: the non-offenders
    replay as they like (62C1); a defender of the offending side who played after the
    revoke keeps his card unless he changes it, and then it is a penalty card (62C2, the
    Director's question ``retakes-card``). 62D1 / 2017 62C3: see ``may_be_corrected``."""
    if law52_penalty_card_not_played.is_law52(irregularity):
        return law52_penalty_card_not_played.decide(irregularity, answers, decision_id)
    edition = irregularity.edition
    card = irregularity.action
    assert isinstance(card, Card)
    clause, trick_text, *others = irregularity.stage.split() or ["62A", "trick=0"]
    trick = int(trick_text.removeprefix("trick="))
    # The clause that makes it corrected (62A; a trick-12 revoke, 62D1; 2017 both sides on
    # one trick, 62C3), then the correction itself (62B).
    effects = [Cite(ref(edition, clause)), Cite(ref(edition, "62B")),
               _correction(irregularity, irregularity.offender, card, irregularity.record,
                           clause)]
    if clause == "62C3":  # 2017 62C3 names it: "see Law 16C2"
        effects.append(Cite(unauthorised_information(edition)))
    questions: list[Question] = []
    clauses = [ref(edition, clause), ref(edition, "62B")]
    for token in others:
        if token.startswith("ai="):
            _, _, record_text = token.split(":")
            seat = Seat.parse(token[3])
            effects += [Cite(ref(edition, "62C1")),
                        InformationTag(withdrawn_information(edition), int(record_text),
                                       seat.side)]
            continue
        if token == "62D2":
            effects += _twelfth_trick_review(irregularity)
            continue
        seat_text, card_text, record_text = token.split(":")
        seat, other, record = Seat.parse(seat_text), Card.parse(card_text), int(record_text)
        if clause == "62C3":
            effects.append(_correction(irregularity, seat, other, record, clause))
            continue
        clauses.append(ref(edition, "62C2"))
        questions.append(Question("retakes-card", msg("After a non-offender changed his card, "
                                                      "does {seat} take back his {card} (62C2)?",
                                                      seat=seat.letter, card=other),
                                  ref(edition, "62C2"), False))
        if answers.get("retakes-card", False):  # a retraction under 47A: Law 49 then
            effects += [PenaltyCard(ref(edition, "62C2"), seat, other, record, True),
                        Cite(ref(edition, "47A"))]
        else:
            effects.append(RestrictPlay(ref(edition, "62C2"), seat, PlayRule.PLAY_CARD,
                                        card=other, until=Until.THIS_CARD,
                                        trick=trick))
    option = Option("correct", msg("the revoke is corrected: {card} is withdrawn and a legal "
                                  "card substituted (62B)", card=card), DIRECTOR,
                    tuple(effects))
    return Decision(decision_id, irregularity, tuple(clauses), tuple(questions), answers,
                    (option,))


def _correction(irregularity: Irregularity, seat: Seat, card: Card, record: int,
                clause: str) -> Effect:
    """62B1 / 2017 62C3: a defender's card becomes a major penalty card; 62B2: declarer's
    or dummy's card goes back with no rectification."""
    edition = irregularity.edition
    if irregularity.declaring_side is not seat.side:
        return PenaltyCard(ref(edition, "62C3" if clause == "62C3" else "62B1"), seat, card,
                           record, deliberate=True)  # a revoke corrected (50B)
    return ReturnCard(ref(edition, "62B2"), record)


@law("62D2", title="Trick-12 revoke before partner played: the suggested play")
def _twelfth_trick_review(irregularity: Irregularity) -> list[Effect]:
    """62D2: a defender revoked on trick 12 before his partner played to it: 2007, partner
    may not choose a play the revoke card could have suggested; 2017, Law 16C applies. The
    engine cannot tell what was suggested: an end-of-play review item for the Director."""
    edition = irregularity.edition
    offender = irregularity.offender
    note = (msg("partner may not choose a play the withdrawn revoke card could have "
                "suggested")
            if edition is Edition.LAWS_2007 else
            msg("Law 16C applies to the information from the withdrawn revoke card"))
    return [Review(ref(edition, "62D2"), msg("trick 12, {seat}: {note}",
                                             seat=offender.partner.letter, note=note))]


RECTIFICATION = Rectification(decide, no_call_before_ruling)


def declarer_tricks_after(tricks: int, transfers: tuple[Transfer, ...], declarer: Seat) -> int:
    """Declarer's tricks once the transfers are made: to his side for the defenders'
    revokes, from it for his side's."""
    for transfer in transfers:
        tricks += -transfer.tricks if transfer.seat.side is declarer.side else transfer.tricks
    return tricks
