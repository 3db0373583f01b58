"""Laws 53-56: a faced lead out of turn. The side entitled to choose may accept it (53A),
by statement or by playing from the next hand; the correct leader, an opponent of the
offender, may simply lead (2007 53C / 2017 53B); the opening lead out of turn gives
declarer the choices of Law 54; declarer's lead out of turn, the defenders' of Law 55; a
defender's later lead out of turn, declarer's of Law 56. Law 60 (a play after it) lives in
``law60_play_after_illegal_play``.
"""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref, withdrawn_information
from dupbridge.laws.machinery.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    AcceptCard,
    Answer,
    Cite,
    Decision,
    Effect,
    InformationTag,
    Irregularity,
    IrregularityKind,
    Option,
    PenaltyCard,
    PlayRecord,
    Question,
    Resolution,
    ReturnCard,
    Review,
    SwapDeclarer,
)
from dupbridge.laws.play import law60_play_after_illegal_play as law60
from dupbridge.rules.play import Play

OPENING_LEAD = "opening lead"
"""``Irregularity.stage`` of a faced opening lead out of turn (Law 54)."""
LAST_TRICK = "thirteenth trick"
"""``Irregularity.stage`` of a 2017 lead out of turn to the thirteenth trick (53A)."""


def lead_out_of_turn(edition: Edition, play: Play, seat: Seat, card: Card,
                     record: int) -> Irregularity:
    """A card led by ``seat`` to an empty trick when another hand was to lead."""
    stage = ""
    if not play.opening_lead_made:
        stage = OPENING_LEAD
    elif last_trick_cancelled(edition, play):
        stage = LAST_TRICK
    return Irregularity(
        IrregularityKind.LEAD_OUT_OF_TURN, edition, seat, card, record, play.next_to_play,
        declaring_side=play.declarer.side, auction_period_over=True, is_lead=True,
        stage=stage, declarer=play.declarer,
    )


# Law 53A: acceptance


@law("53A", editions=LAWS_2017, title="Faced lead out of turn accepted, before trick 13")
def last_trick_cancelled(edition: Edition, play: Play) -> bool:
    """2017 53A ("before the thirteenth trick") and its footnote: a lead out of turn to the
    thirteenth trick cannot be accepted; it is cancelled and the correct hand leads (V1)."""
    return edition is Edition.LAWS_2017 and len(play.tricks) == 12


@law("53", title="Accepted lead out of turn")
@law("53A", title="Faced lead out of turn accepted")
def chooser(irregularity: Irregularity) -> Seat:
    """53A: the side entitled to choose is declarer when a defender led out of turn, and
    the defenders when declarer did; when the defenders disagree, the one next in turn
    after the irregular lead prevails (55A), so he is the one who chooses."""
    offender = irregularity.offender
    if _declaring_side_offended(irregularity):
        return offender.lho
    assert irregularity.declarer is not None
    return irregularity.declarer


def accepted(irregularity: Irregularity, clause: str = "53A") -> AcceptCard:
    """53A: the lead out of turn is treated as a correct lead; play goes on from it."""
    return AcceptCard(ref(irregularity.edition, clause), irregularity.record)


@law("53B", editions=LAWS_2017, title="Proper lead made after an irregular lead")
@law("53C", editions=LAWS_2007, title="Proper lead made after an irregular lead")
def correct_lead(irregularity: Irregularity, record: int) -> Resolution:
    """2007 53C / 2017 53B: the opponent of the offender whose turn it was leads: his card
    is the lead, the irregular card goes back to its hand (erratum U4: back to hand, no
    penalty card), and its information is authorised for his side only (2007 16D / 2017
    16C)."""
    edition = irregularity.edition
    clause = ref(edition, "53C" if edition is Edition.LAWS_2007 else "53B")
    non_offending = irregularity.offender.lho.side
    return Resolution((
        ReturnCard(clause, irregularity.record),
        InformationTag(withdrawn_information(edition), irregularity.record, non_offending),
        PlayRecord(clause, record),
    ))


@law("53B", editions=LAWS_2007, title="Wrong defender plays after declarer's irregular lead")
@law("53C", editions=LAWS_2017, title="Wrong defender plays after declarer's irregular lead")
def wrong_defender_plays(irregularity: Irregularity, record: int) -> Resolution:
    """2007 53B / 2017 53C: the defender on the right of the hand declarer led from plays to
    the irregular lead: the lead stands and his card, played before his partner's, is a
    premature play (Law 57): it is classified again after the lead is accepted."""
    edition = irregularity.edition
    clause = ref(edition, "53B" if edition is Edition.LAWS_2007 else "53C")
    return Resolution((AcceptCard(clause, irregularity.record), PlayRecord(clause, record)))


def _declaring_side_offended(irregularity: Irregularity) -> bool:
    return irregularity.offender.side is irregularity.declaring_side


def _may_play_to_the_lead(irregularity: Irregularity) -> frozenset[Seat]:
    """Who may play to the irregular lead: the next hand (53A, 60A1) and, after declarer's
    lead, the defender on the right of the hand he led from (2007 53B / 2017 53C)."""
    offender = irregularity.offender
    if _declaring_side_offended(irregularity):
        return frozenset({offender.lho, offender.rho})
    return frozenset({offender.lho})


def _correct_leader_may_lead(irregularity: Irregularity) -> bool:
    turn = irregularity.turn
    return turn is not None and turn.is_opponent_of(irregularity.offender)


def is_correct_lead(irregularity: Irregularity, seat: Seat, card: Card) -> bool:
    """Whether ``seat``'s card is the correct leader's own lead (2007 53C / 2017 53B) rather
    than a play to the irregular lead. [design] When the correct leader is also a hand
    that may play to the irregular lead, a card of another suit is his lead and one of the
    suit led is a play to it (the spec's proposed default)."""
    if seat is not irregularity.turn or not _correct_leader_may_lead(irregularity):
        return False
    if seat not in _may_play_to_the_lead(irregularity):
        return True
    led = irregularity.action
    assert isinstance(led, Card)
    return card.suit is not led.suit


def card_before_ruling(irregularity: Irregularity, seat: Seat, card: Card,
                       record: int) -> Irregularity | Resolution:
    """A card played after the lead out of turn, before the ruling."""
    if irregularity.stage == OPENING_LEAD:
        return _card_to_opening_lead(irregularity, seat, record)
    if seat.side is irregularity.offender.side:
        return law60.offending_side_card(irregularity, seat, card, record)
    if is_correct_lead(irregularity, seat, card):
        return correct_lead(irregularity, record)
    if seat is irregularity.offender.lho:
        return law60.forfeited(irregularity, record)
    return wrong_defender_plays(irregularity, record)


def waits_for(irregularity: Irregularity) -> frozenset[Seat]:
    """The seats whose card before the ruling the Laws provide for."""
    if irregularity.stage == LAST_TRICK:
        return frozenset()
    if irregularity.stage == OPENING_LEAD:
        assert irregularity.declarer is not None
        return frozenset({irregularity.declarer, irregularity.declarer.partner})
    seats = set(_may_play_to_the_lead(irregularity))
    if _correct_leader_may_lead(irregularity):
        assert irregularity.turn is not None
        seats.add(irregularity.turn)
    seats.add(irregularity.offender.partner)  # 60C
    return frozenset(seats)


# The decision


def decide(irregularity: Irregularity, answers: Mapping[str, Answer],
           decision_id: str) -> Decision:
    edition = irregularity.edition
    if irregularity.stage == OPENING_LEAD:
        clauses, questions, options = opening_lead_out_of_turn(irregularity, answers)
    elif irregularity.stage == LAST_TRICK:
        clauses, questions, options = ("53A",), (), (_cancel_last_trick_lead(irregularity),)
    elif _declaring_side_offended(irregularity):
        clauses, questions, options = ("53", "55"), (), declarer_lead_out_of_turn(irregularity)
    else:
        clauses, questions, options = ("53", "56"), (), defender_lead_out_of_turn(irregularity)
    later = law60.offending_side_cards(irregularity)
    options = tuple(Option(o.id, o.description, o.chosen_by, (*o.effects, *later))
                    for o in options)
    return Decision(decision_id, irregularity, tuple(ref(edition, c) for c in clauses),
                    questions, answers, options, waits_for(irregularity))


def _cancel_last_trick_lead(irregularity: Irregularity) -> Option:
    return Option("return", msg("2017 53A: a lead out of turn to the thirteenth trick is "
                             "cancelled; the correct hand leads"), DIRECTOR,
                  (ReturnCard(ref(irregularity.edition, "53A"), irregularity.record),))


# Law 54: the opening lead


@law("54", title="Opening lead faced out of turn")
@law("54C", title="Declarer must accept the lead")
def opening_lead_out_of_turn(
    irregularity: Irregularity, answers: Mapping[str, Answer]
) -> tuple[tuple[str, ...], tuple[Question, ...], tuple[Option, ...]]:
    """Law 54: the presumed declarer's right-hand opponent faced the opening lead. Declarer
    spreads (54A), accepts (54B) or refuses (54D); if he could have seen any of dummy's
    cards he must accept (54C), and in 2017 he then stays declarer (no 54A)."""
    edition = irregularity.edition
    could_see = Question("saw-dummy", msg("54C: could declarer have seen any of dummy's cards "
                                     "(other than cards dummy exposed during the auction)?"),
                         ref(edition, "54C"), False)
    must_accept = answers.get("saw-dummy", False) is True
    options = [accept_opening_lead(irregularity, must_accept)]
    if not (must_accept and edition is Edition.LAWS_2017):
        options.insert(0, spread_hand(irregularity))
    if not must_accept:
        options.append(refuse_opening_lead(irregularity))
    return ("54",), (could_see,), tuple(options)


@law("54A", title="Declarer spreads his hand and becomes dummy")
def spread_hand(irregularity: Irregularity) -> Option:
    """54A: declarer spreads his hand; he becomes dummy and his partner declarer, and the
    lead, made by the new declarer's left-hand opponent, is in turn."""
    law54a = ref(irregularity.edition, "54A")
    return Option("spread", msg("54A: declarer spreads his hand and becomes dummy; the lead "
                             "stands"), _declarer(irregularity),
                  (SwapDeclarer(law54a), AcceptCard(law54a, irregularity.record)))


@law("54B", title="Declarer accepts the lead")
@law("54B1", title="Second card played from declarer's hand")
def accept_opening_lead(irregularity: Irregularity, must: bool = False) -> Option:
    """54B: declarer accepts the lead; dummy spreads (41D) and the second card of the trick
    comes from declarer's hand (54B1: he is next in rotation after the offender)."""
    edition = irregularity.edition
    effects: list[Effect] = [AcceptCard(ref(edition, "54B"), irregularity.record),
                             Cite(ref(edition, "54B1")), Cite(ref(edition, "41D"))]
    if must:
        effects.append(Cite(ref(edition, "54C")))
    return Option("accept", msg("54B: declarer accepts the lead; dummy spreads and declarer "
                             "plays second from his own hand"), _declarer(irregularity),
                  tuple(effects))


@law("54D", title="Declarer refuses the lead")
def refuse_opening_lead(irregularity: Irregularity) -> Option:
    """54D: the card becomes a major penalty card (50D applies); the correct leader, the
    offender's partner, leads after declarer's 50D2 options."""
    edition = irregularity.edition
    card = irregularity.action
    assert isinstance(card, Card)
    return Option("refuse", msg("54D: the lead is withdrawn and becomes a major penalty card; "
                             "the correct leader leads (50D)"), _declarer(irregularity),
                  (PenaltyCard(ref(edition, "54D"), irregularity.offender, card,
                               irregularity.record, True), Cite(ref(edition, "50D"))))


@law("54B2", title="Second card from dummy stands")
def card_from_dummy_stands(irregularity: Irregularity, record: int) -> Resolution:
    """54B2: declarer, having the lead accepted, plays the second card from dummy: that card
    may not be withdrawn (other than to correct a revoke); it is played out of turn, so it
    goes to the premature-play rules, which let a card of declarer stand (57C)."""
    edition = irregularity.edition
    return Resolution((AcceptCard(ref(edition, "54B"), irregularity.record),
                       Cite(ref(edition, "54B2")), PlayRecord(ref(edition, "54B2"), record)))


def _card_to_opening_lead(irregularity: Irregularity, seat: Seat,
                          record: int) -> Resolution:
    """A card from the presumed declarer's hand accepts the lead (53A, 54B1, 60A1); one from
    dummy, too (54B2)."""
    if seat is irregularity.declarer:
        edition = irregularity.edition
        return Resolution((AcceptCard(ref(edition, "54B"), irregularity.record),
                           Cite(ref(edition, "53A")), Cite(ref(edition, "54B1")),
                           Cite(ref(edition, "60A1")), PlayRecord(ref(edition, "54B1"), record)))
    return card_from_dummy_stands(irregularity, record)


def _declarer(irregularity: Irregularity) -> Seat:
    assert irregularity.declarer is not None
    return irregularity.declarer


# Law 55: declarer's lead out of turn


@law("55", title="Declarer leads out of turn")
@law("55A", title="Defenders accept or reject the lead")
def declarer_lead_out_of_turn(irregularity: Irregularity) -> tuple[Option, ...]:
    """55A: either defender accepts the lead (53) or requires its withdrawal (55B); the
    choice of the defender next in turn after the irregular lead prevails."""
    who = chooser(irregularity)
    edition = irregularity.edition
    accept = Option("accept", msg("55A: the defenders accept the lead out of turn (53A)"), who,
                    (accepted(irregularity), Cite(ref(edition, "55A"))))
    return accept, withdraw_declarer_lead(irregularity)


@law("55B", title="Lead rejected")
@law("55B1", title="Defender's turn: card returned to its hand")
@law("55B2", title="Wrong hand: lead from the correct hand")
def withdraw_declarer_lead(irregularity: Irregularity) -> Option:
    """55B: the card goes back to its hand: it was a defender's turn to lead (55B1), or
    declarer led from the wrong hand and must now lead from the correct one, any card
    (55B2). The defenders may use the information; declarer may not (16D / 16C, 55C)."""
    edition = irregularity.edition
    turn = irregularity.turn
    wrong_hand = turn is not None and turn.side is irregularity.offender.side
    clause = "55B2" if wrong_hand else "55B1"
    where = (msg("{clause}: the lead is withdrawn; declarer leads from the correct hand",
                 clause=clause) if wrong_hand else
             msg("{clause}: the lead is withdrawn; the defender whose turn it was leads",
                 clause=clause))
    defenders = irregularity.offender.lho.side
    return Option("return", where, chooser(irregularity),
                  (ReturnCard(ref(edition, clause), irregularity.record),
                   InformationTag(withdrawn_information(edition), irregularity.record,
                                  defenders),
                   declarer_gained_information(edition)))


@law("55C", title="Declarer may have gained information")
def declarer_gained_information(edition: Edition) -> Review:
    """55C: should declarer then play on information from his withdrawn lead, the Director
    may award an adjusted score (2007); Law 16 applies (2017)."""
    if edition is Edition.LAWS_2007:
        note = msg("55C: if declarer's later play could have been based on information from "
                   "his withdrawn lead, the Director may award an adjusted score")
    else:
        note = msg("55C: Law 16 applies to the information from declarer's withdrawn lead")
    return Review(ref(edition, "55C"), note)


# Law 56: a defender's lead out of turn


@law("56", title="Defender leads out of turn")
def defender_lead_out_of_turn(irregularity: Irregularity) -> tuple[Option, ...]:
    """2007 56 ("see 54D") / 2017 56: declarer accepts the lead (53) or requires its
    withdrawal: the card becomes a major penalty card and 50D applies (partner's lead:
    declarer's 50D2 options first; declarer's lead: the offender plays the card at his first
    legal opportunity). After declarer was required to withdraw his own lead, a defender's
    card before declarer's correct lead is a major penalty card outright (60B)."""
    options = [accept_defender_lead(irregularity), refuse_defender_lead(irregularity)]
    turn = irregularity.turn
    if turn is not None and turn.side is irregularity.declaring_side:
        options.append(law60.played_before_correct_lead(irregularity))
    return tuple(options)


@law("56A", editions=LAWS_2017, title="Declarer accepts the lead")
def accept_defender_lead(irregularity: Irregularity) -> Option:
    """2017 56A (2007 56 with 53A): declarer accepts the lead out of turn."""
    edition = irregularity.edition
    clause = "56" if edition is Edition.LAWS_2007 else "56A"
    return Option("accept", msg("{clause}: declarer accepts the lead out of turn (53A)",
                             clause=clause),
                  chooser(irregularity), (accepted(irregularity), Cite(ref(edition, clause))))


@law("56B", editions=LAWS_2017, title="Declarer requires withdrawal: major penalty card")
def refuse_defender_lead(irregularity: Irregularity) -> Option:
    """2017 56B (2007 56, "see 54D"): the card is withdrawn and becomes a major penalty
    card; 50D applies."""
    edition = irregularity.edition
    clause = "56" if edition is Edition.LAWS_2007 else "56B"
    card = irregularity.action
    assert isinstance(card, Card)
    effects: tuple[Effect, ...] = (
        PenaltyCard(ref(edition, clause), irregularity.offender, card, irregularity.record,
                    True),
        Cite(ref(edition, "50D")),
    )
    if edition is Edition.LAWS_2007:
        effects = (*effects, Cite(ref(edition, "54D")))
    return Option("refuse", msg("{clause}: the lead is withdrawn and becomes a major penalty "
                             "card (50D)", clause=clause), chooser(irregularity), effects)


RECTIFICATION = Rectification(decide, no_call_before_ruling,
                              card_before_ruling=card_before_ruling)
