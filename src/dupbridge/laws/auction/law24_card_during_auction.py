"""Law 24: card exposed or led during the auction (2007: during the auction period).

When, through a player's own error, his partner could have seen the face of one or more
of his cards, each such card stays face up on the table until the end of the auction;
its information is authorised to the non-offending side and unauthorised to the
offenders. A single card below honour rank, not prematurely led: nothing more (24A). A
single honour or any card prematurely led (24B), or two or more cards (24C): the
offender's partner must pass at his next turn (see 2007 Law 23 / 2017 72C). At the end of
the auction the cards go back to the hand of declarer or dummy (2007 preamble, 2017 24D);
a defender's become penalty cards (2007 preamble, 2017 24E), kept for Laws 50-51.

Decisions taken where the Laws leave room:
- Cards exposed one after another count together: the second low card makes two cards
  exposed, 24C, and partner is barred at his next turn (from that ruling on).
- The table knows only that a card was put on the table face up, so the Director is asked
  whether partner could have seen it (default yes) and, for a single low card, whether it
  was a premature lead (default no).
- An attempted opening lead by declarer or dummy is ruled here too (Law 54E): the card goes
  back to the hand; the bar is moot, the auction being over.
- The cards resolve when the auction ends (2007 speaks of the end of the auction period;
  a defender's penalty cards must exist before the opening lead, which they may constrain).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.machinery.clauses import (
    LAWS_2017,
    awareness_of_damage,
    ref,
    withdrawn_information,
)
from dupbridge.laws.machinery.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    BarScope,
    Cite,
    Decision,
    Effect,
    ExposeCard,
    ImposeBar,
    InformationTag,
    Irregularity,
    IrregularityKind,
    Option,
    PenaltyCard,
    Question,
    ReturnCard,
    Review,
)

# Question ids (public vocabulary)
COULD_SEE = "could-see"
PREMATURE_LEAD = "premature-lead"


@dataclass(frozen=True, slots=True)
class CardExposure(Irregularity):
    """A card put face up during the auction; ``exposed``: the offender's cards already
    face up on the table from earlier in the auction, which count with it (24C)."""

    exposed: tuple[Card, ...] = ()

    @property
    def card(self) -> Card:
        assert isinstance(self.action, Card)
        return self.action

    @property
    def cards(self) -> frozenset[Card]:
        """Every card of the offender face up once this one is."""
        return frozenset((*self.exposed, self.card))

    @property
    def auction_over(self) -> bool:
        return self.declaring_side is not None


def card_during_auction(
    edition: Edition,
    seat: Seat,
    card: Card,
    record: int,
    exposed: tuple[Card, ...] = (),
    declaring_side: Side | None = None,
) -> CardExposure:
    """The irregularity, for the dispatcher (``declaring_side`` once the auction is over:
    an attempted lead by declarer or dummy, Law 54E)."""
    return CardExposure(IrregularityKind.CARD_DURING_AUCTION, edition, seat, card, record, None,
                        declaring_side=declaring_side, exposed=exposed)


# The Director's questions


def could_see_question(edition: Edition, card: Card) -> Question:
    return Question(
        COULD_SEE,
        msg("Through the player's own error, could his partner have seen the face of {card}?",
            card=card),
        ref(edition, "24"),
        default=True,
    )


def premature_lead_question(edition: Edition, card: Card) -> Question:
    return Question(
        PREMATURE_LEAD,
        msg("Was {card} led prematurely (rather than dropped or exposed)?", card=card),
        ref(edition, "24B"),
        default=False,
    )


def questions(
    irregularity: CardExposure, answers: Mapping[str, Answer] | None = None
) -> tuple[Question, ...]:
    """Whether partner could see it; then, for a single low card, whether it was led
    (not asked once the Director has said partner could not see it: Law 24 is out)."""
    edition = irregularity.edition
    card = irregularity.card
    if card in irregularity.exposed:
        return ()
    asked = [could_see_question(edition, card)]
    single_low = len(irregularity.cards) == 1 and not card.rank.is_honour
    unseen = answers is not None and answers.get(COULD_SEE) is False
    if single_low and not irregularity.auction_over and not unseen:
        asked.append(premature_lead_question(edition, card))
    return tuple(asked)


def _answer(asked: tuple[Question, ...], answers: Mapping[str, Answer], qid: str) -> bool:
    question = next((q for q in asked if q.id == qid), None)
    return question is not None and answers.get(qid, question.default) is True


# The rectification


@law("24", title="Cards exposed during the auction stay face up; their information")
def leave_face_up(irregularity: CardExposure, led: bool = False) -> tuple[Effect, ...]:
    """The card stays face up on the table until the end of the auction (2007: of the
    auction period); its information is authorised to the non-offending side and
    unauthorised to the offenders: the information law of a withdrawn call or play (2017
    24 sends it to 16C; 2007 16D), which the ruling cites as a withdrawn call's does.
    ``led``: found led prematurely, which the card keeps for the day it may become a
    penalty card (a deliberate play, 50B)."""
    edition = irregularity.edition
    nos = irregularity.offender.lho.side
    return (ExposeCard(ref(edition, "24"), irregularity.record, led),
            InformationTag(withdrawn_information(edition), irregularity.record, nos))


@law("24A", title="Single low card, not led prematurely: no further rectification")
def single_low_card(irregularity: CardExposure) -> tuple[Effect, ...]:
    """24A: a single card below honour rank, not prematurely led: nothing more (2017: but
    see 24E, it still becomes a penalty card of a defender)."""
    return (Cite(ref(irregularity.edition, "24A")),)


def _partner_passes_once(irregularity: CardExposure, clause: str) -> tuple[Effect, ...]:
    edition = irregularity.edition
    return (
        ImposeBar(ref(edition, clause), irregularity.offender.partner, BarScope.NEXT),
        Review(awareness_of_damage(edition), msg("{clause}: did the enforced pass of {partner} "
                                                 "damage the non-offending side?",
                                                 clause=clause,
                                                 partner=irregularity.offender.partner)),
    )


@law("24B", title="Single honour or premature lead: partner passes at his next turn")
def honour_or_premature_lead(irregularity: CardExposure) -> tuple[Effect, ...]:
    """24B: a single honour (A K Q J 10), or any card prematurely led: the offender's
    partner must pass at his next turn (see 2007 Law 23 / 2017 72C)."""
    return _partner_passes_once(irregularity, "24B")


@law("24C", title="Two or more cards exposed: partner passes at his next turn")
def two_or_more_cards(irregularity: CardExposure) -> tuple[Effect, ...]:
    """24C: two or more cards exposed (counted together, however many exposures): the
    offender's partner must pass at his next turn (see 2007 Law 23 / 2017 72C)."""
    return _partner_passes_once(irregularity, "24C")


def rectify(irregularity: CardExposure, premature: bool) -> tuple[Effect, ...]:
    effects = leave_face_up(irregularity, premature)
    if len(irregularity.cards) >= 2:
        return (*effects, *two_or_more_cards(irregularity))
    if irregularity.card.rank.is_honour or premature:
        return (*effects, *honour_or_premature_lead(irregularity))
    return (*effects, *single_low_card(irregularity))


# At the end of the auction


def back_to_hand_clause(edition: Edition) -> LawRef:
    return ref(edition, "24" if edition is Edition.LAWS_2007 else "24D")


def penalty_card_clause(edition: Edition) -> LawRef:
    return ref(edition, "24" if edition is Edition.LAWS_2007 else "24E")


@law("24D", editions=LAWS_2017, title="Offender becomes declarer or dummy: cards back to hand")
@law("24E", editions=LAWS_2017, title="Offender becomes a defender: penalty cards")
def at_end_of_auction(
    edition: Edition,
    declarer: Seat | None,
    exposed: tuple[tuple[int, Seat, Card], ...],
    penalty_cards: tuple[PenaltyCard, ...] = (),
    led: Collection[int] = (),
) -> tuple[Effect, ...]:
    """What becomes of the cards still face up (record, seat, card) when the auction ends:
    those of declarer or dummy go back to the hand (2007 preamble, 2017 24D), as do all of
    them on a passed-out board; each card of a defender becomes a penalty card (2007
    preamble and Law 50, 2017 24E and Laws 50-51), major or minor as 50B says: a card
    found led prematurely (the records in ``led``) was a deliberate play, a single low
    card dropped was not (minor, until its owner holds two or more penalty cards)."""
    effects: list[Effect] = []
    seen = {(penalty.seat, penalty.card) for penalty in penalty_cards}
    for record, seat, card in exposed:
        if (seat, card) in seen:
            continue  # already a penalty card (or the same card exposed twice)
        if declarer is not None and seat.side is not declarer.side:
            effects.append(PenaltyCard(penalty_card_clause(edition), seat, card, record,
                                       deliberate=record in led))
            seen.add((seat, card))
        else:
            effects.append(ReturnCard(back_to_hand_clause(edition), record))
    return tuple(effects)


def led_records(effects: Iterable[Effect]) -> frozenset[int]:
    """The records of the cards the rulings (``effects``: theirs, applied) found led
    prematurely during the auction."""
    return frozenset(effect.record for effect in effects
                     if isinstance(effect, ExposeCard) and effect.led)


@law("54E", title="Opening lead attempted by the declaring side: Law 24 applies")
def declaring_side_card(irregularity: CardExposure) -> tuple[Effect, ...]:
    """After the auction, a card the declaring side faces before the opening lead (an
    attempted opening lead, Law 54E) is dealt with under Law 24: back to the hand of
    declarer or dummy, its information unauthorised to them; partner's bar is moot."""
    edition = irregularity.edition
    nos = irregularity.offender.lho.side
    if irregularity.offender.side is irregularity.declaring_side:
        outcome: Effect = ReturnCard(back_to_hand_clause(edition), irregularity.record)
    else:
        outcome = PenaltyCard(penalty_card_clause(edition), irregularity.offender,
                              irregularity.card, irregularity.record, deliberate=True)
    return (Cite(ref(edition, "54E")), outcome,
            InformationTag(withdrawn_information(edition), irregularity.record, nos))


# The decision


def _options(irregularity: CardExposure, answers: Mapping[str, Answer]) -> tuple[Option, ...]:
    edition = irregularity.edition
    if irregularity.card in irregularity.exposed:
        return (Option("rectify", msg("The card is already face up on the table: nothing more"),
                       DIRECTOR, (ExposeCard(ref(edition, "24"), irregularity.record),)),)
    asked = questions(irregularity)
    if not _answer(asked, answers, COULD_SEE):
        return (Option("return", msg("Partner could not have seen it: not a Law 24 exposure; "
                                     "the card goes back to the hand"), DIRECTOR,
                       (ReturnCard(ref(edition, "24"), irregularity.record),)),)
    if irregularity.auction_over:
        return (Option("rectify", msg("Law 24 (54E): the card goes back to the hand; its "
                                      "information is unauthorised to the offenders"), DIRECTOR,
                       declaring_side_card(irregularity)),)
    effects = rectify(irregularity, _answer(asked, answers, PREMATURE_LEAD))
    barred = any(isinstance(effect, ImposeBar) for effect in effects)
    partner = irregularity.offender.partner
    description = (msg("Law 24: the card stays face up until the end of the auction; "
                       "{partner} must pass at his next turn", partner=partner) if barred
                   else msg("Law 24: the card stays face up until the end of the auction"))
    return (Option("rectify", description, DIRECTOR, effects),)


def decide(irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str) -> Decision:
    assert isinstance(irregularity, CardExposure)
    return Decision(
        id=decision_id,
        irregularity=irregularity,
        clauses=(ref(irregularity.edition, "24"),),
        questions=questions(irregularity, answers),
        answers=answers,
        options=_options(irregularity, answers),
    )


RECTIFICATION = Rectification(decide, no_call_before_ruling)
