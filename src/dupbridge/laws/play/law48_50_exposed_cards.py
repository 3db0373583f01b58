"""Cards exposed during the play (Laws 48-50; 45E and 58B send their cards here): a
declarer's exposed card is no penalty card (48A); a defender's becomes a penalty card (49,
50), major or minor as 50B says."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from dupbridge.core.cards import Card, Rank
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, awareness_review, ref
from dupbridge.laws.machinery.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    Decision,
    Exposure,
    InformationTag,
    Irregularity,
    IrregularityKind,
    Option,
    PenaltyCard,
    Question,
    ReturnCard,
    Review,
)
from dupbridge.laws.play import law58_simultaneous_plays
from dupbridge.laws.play.play_obligations import two_or_more_become_major, with_penalty_card
from dupbridge.rules.play import Play

UNINTENDED = (Exposure.DROPPED, Exposure.WITH_ANOTHER)
"""Exposures that are not deliberate plays (50B: a minor penalty card if below honour rank)."""

TOGETHER = (Exposure.DROPPED, Exposure.SHOWN, Exposure.NAMED)
"""Exposures in which several cards may be exposed in one act (a fifth card, 45E, a card
played with another, 58B, and a card held, 45C, are ruled one card at a time)."""


@dataclass(frozen=True, slots=True)
class CardsExposed(Irregularity):
    """Two or more of a defender's cards exposed in one act (dropped, shown or named
    together): ``action`` at ``record`` and ``also``, the others with their records."""

    also: tuple[tuple[Card, int], ...] = ()

    @property
    def exposed(self) -> tuple[tuple[Card, int], ...]:
        """Every card exposed in the act, with its record."""
        assert isinstance(self.action, Card)
        return ((self.action, self.record), *self.also)


@law("48A", title="Declarer's exposed cards are no penalty cards")
def no_rectification(edition: Edition) -> LawRef:
    """48A: declarer (and dummy's hand, which he plays) is not subject to rectification for
    an exposed card; no card of his becomes a penalty card."""
    return ref(edition, "48A")


@law("49", title="Exposure of a defender's cards")
def card_exposed(edition: Edition, play: Play, seat: Seat, card: Card, how: Exposure,
                 record: int, also: tuple[tuple[Card, int], ...] = ()) -> Irregularity | None:
    """A card exposed other than in normal play: None for declarer or dummy (48A); for a
    defender, the Director rules it a penalty card (49). A fifth card (45E) and a card played
    with another (58B) are ruled under their own laws, for either side. ``also``: the other
    cards (and records) exposed in the same act (``TOGETHER``), ruled with it."""
    if how is Exposure.FIFTH_CARD:
        return law58_simultaneous_plays.fifth_card(edition, play, seat, card, record)
    if how is Exposure.WITH_ANOTHER:
        return law58_simultaneous_plays.cards_together(edition, play, seat, card, record)
    if seat.side is play.declarer.side:
        return None
    if also:
        return CardsExposed(IrregularityKind.EXPOSED_CARD, edition, seat, card, record,
                            play.next_to_play, declaring_side=play.declarer.side,
                            auction_period_over=True, stage=how.value, also=also)
    return Irregularity(IrregularityKind.EXPOSED_CARD, edition, seat, card, record,
                        play.next_to_play, declaring_side=play.declarer.side,
                        auction_period_over=True, stage=how.value)


MINOR_PENALTY_CARD_UNAUTHORISED: Mapping[Edition, bool] = {
    Edition.LAWS_2007: True,  # 2007 50C, 50E2
    Edition.LAWS_2017: True,  # 2017 50C still says so, against 50E1 (errata W1, [verify] V7)
}
"""Per-edition flag: is the information from seeing a MINOR penalty card unauthorised for
the owner's partner while the card is on the table? The 2017 seed contradicts itself (50C:
unauthorised; 50E1: authorised); the law text of 50C is followed until the WBF English is
checked (errata W1)."""


@law("48", title="Exposure of declarer's cards")
@law("48B", title="Declarer faces his cards")
@law("48B1", title="After an opening lead out of turn")
@law("48B2", title="At other times: possible claim or concession")
def declarer_faces_cards(edition: Edition, play: Play) -> tuple[LawRef, Question | None]:
    """48B1: declarer who faces his cards after an opening lead out of turn is dealt with
    under Law 54 (he may become dummy, 54A: the lead-out-of-turn decision offers it). 48B2:
    at any other time he may be deemed to claim or concede; the Director says whether he
    did (default yes), and Laws 68-71 take over (not in this engine yet: a review item)."""
    if not play.opening_lead_made:
        return ref(edition, "54"), None
    return ref(edition, "48B2"), Question(
        "claim", msg("Declarer faced his cards: is it a claim or concession (Law 68)?"),
        ref(edition, "48B2"), True)


def claim_review(edition: Edition) -> Review:
    """48B2 answered yes: the Director deals with the faced hand as a claim (Laws 68-71)."""
    return Review(ref(edition, "68"), msg("48B2: declarer faced his cards; a claim or "
                                         "concession for the Director to settle under Laws "
                                         "68-71"))


def _questions(edition: Edition, card: Card, how: Exposure) -> tuple[Question, ...]:
    questions = [Question("is-penalty-card", msg("Is {card} a penalty card? (the Director may "
                                               "decide otherwise, Law 50)", card=card),
                           ref(edition, "50"), True)]
    if card.rank < Rank.TEN:
        # 50B: only a card below honour rank can be minor, and only if unintended.
        questions.append(Question("deliberate", msg("Was {card} exposed through a deliberate "
                                                      "play (50B)?", card=card),
                                  ref(edition, "50B"), how not in UNINTENDED))
    return tuple(questions)


@law("50", title="Disposition of a penalty card")
@law("50A", title="A penalty card stays face up on the table")
def decide(irregularity: Irregularity, answers: Mapping[str, Answer],
           decision_id: str) -> Decision:
    """50 preamble: a card of a defender exposed early is a penalty card unless the
    Director decides otherwise (Law 23 / 72C may apply); 49 / 50A: it stays face up on the
    table, major or minor as 50B says."""
    if isinstance(irregularity, CardsExposed):
        return _decide_together(irregularity, answers, decision_id)
    edition = irregularity.edition
    card = irregularity.action
    assert isinstance(card, Card)
    how = Exposure(irregularity.stage) if irregularity.stage else Exposure.SHOWN
    questions = _questions(edition, card, how)
    clauses = (ref(edition, "49"), ref(edition, "50"))
    if not answers.get("is-penalty-card", True):
        option = Option("return", msg("{card} goes back to the hand: the Director "
                                     "decides it is no penalty card (Law 50)", card=card),
                        DIRECTOR,
                        (ReturnCard(ref(edition, "50"), irregularity.record),
                         awareness_review(edition, "50", msg("exposing the card"))))
        return Decision(decision_id, irregularity, clauses, questions, answers, (option,))
    deliberate = bool(answers.get("deliberate", how not in UNINTENDED))
    effect = PenaltyCard(ref(edition, "49"), irregularity.offender, card, irregularity.record,
                         deliberate)
    effects = (effect, *information(edition, effect), damage_review(edition))
    option = Option("penalty-card", msg("{card} becomes a penalty card (Laws 49, 50)", card=card),
                    DIRECTOR,
                    effects)
    return Decision(decision_id, irregularity, clauses, questions, answers, (option,))


def _decide_together(irregularity: CardsExposed, answers: Mapping[str, Answer],
                     decision_id: str) -> Decision:
    """Cards exposed in one act: one ruling for all of them (49, 50 preamble). As penalty
    cards they are two or more, so every one is major (2007 50B, 2017 50B2), whatever its
    rank or how it was exposed: no ``deliberate`` question."""
    edition = irregularity.edition
    exposed = irregularity.exposed
    cards = tuple(card for card, _ in exposed)
    question = Question("is-penalty-card", msg("Are {cards} penalty cards? (the Director may "
                                               "decide otherwise, Law 50)", cards=cards),
                        ref(edition, "50"), True)
    clauses = (ref(edition, "49"), ref(edition, "50"), two_or_more_become_major(edition))
    if not answers.get("is-penalty-card", True):
        option = Option("return", msg("{cards} go back to the hand: the Director decides they "
                                      "are no penalty cards (Law 50)", cards=cards),
                        DIRECTOR,
                        (*(ReturnCard(ref(edition, "50"), record) for _, record in exposed),
                         awareness_review(edition, "50", msg("exposing the cards"))))
        return Decision(decision_id, irregularity, clauses, (question,), answers, (option,))
    deliberate = Exposure(irregularity.stage) not in UNINTENDED
    penalty_cards: tuple[PenaltyCard, ...] = ()
    for card, record in exposed:
        penalty_cards = with_penalty_card(edition, penalty_cards, PenaltyCard(
            ref(edition, "49"), irregularity.offender, card, record, deliberate))
    effects = (*penalty_cards, *(tag for pc in penalty_cards for tag in information(edition, pc)),
               damage_review(edition))
    option = Option("penalty-card", msg("{cards} become major penalty cards (Laws 49, 50B: "
                                        "two or more)", cards=cards), DIRECTOR, effects)
    return Decision(decision_id, irregularity, clauses, (question,), answers, (option,))


@law("50E", title="Information from a penalty card")
@law("50E1", title="What the penalty card tells")
@law("50E2", editions=LAWS_2007, title="Other information unauthorized to partner")
def information(edition: Edition, penalty_card: PenaltyCard) -> tuple[InformationTag, ...]:
    """2007 50E1/50E2: that the card must be played is authorised to all; any other
    information from it is unauthorised for the owner's partner (authorised for declarer).
    2017 50E1: a major penalty card's information is authorised to all while it is on the
    table; a minor one's follows 50C, by the per-edition flag (errata W1)."""
    offenders = penalty_card.seat.side
    minor = not penalty_card.major
    if edition is Edition.LAWS_2007:
        return (InformationTag(ref(edition, "50E2"), penalty_card.record, offenders.other),)
    if minor and MINOR_PENALTY_CARD_UNAUTHORISED[edition]:
        return (InformationTag(ref(edition, "50C"), penalty_card.record, offenders.other),)
    return (InformationTag(ref(edition, "50E1"), penalty_card.record, None),)


def following_status(edition: Edition, penalty_cards: tuple[PenaltyCard, ...],
                     information: tuple[InformationTag, ...]) -> tuple[InformationTag, ...]:
    """The information tags once the penalty cards' status is known: a 2017 minor card's
    50C tag (unauthorised to partner, the per-edition flag) gives way to 50E1 (authorised to
    all while on the table) when the card is major, as when its owner comes to hold two or
    more penalty cards (50B2). 2007's 50E2 holds for either status."""
    if edition is Edition.LAWS_2007:
        return information
    major = {pc.record for pc in penalty_cards if pc.major}
    return tuple(InformationTag(ref(edition, "50E1"), tag.record, None)
                 if tag.law.clause == "50C" and tag.record in major else tag
                 for tag in information)


@law("50E3", editions=LAWS_2017, title="After it is played: how it arose is unauthorized")
def played_information(edition: Edition, penalty_card: PenaltyCard) -> InformationTag | None:
    """2017 50E3: once the penalty card has been played, the information of how it became
    one is unauthorised for the owner's partner (2007: already so by 50E2)."""
    if edition is Edition.LAWS_2007:
        return None
    return InformationTag(ref(edition, "50E3"), penalty_card.record, penalty_card.seat.side.other)


def penalty_card_played(edition: Edition, penalty_cards: tuple[PenaltyCard, ...], seat: Seat,
                        card: Card) -> tuple[InformationTag, ...]:
    """The information tags once ``seat`` plays ``card``: 2017 50E3 if it was a penalty
    card."""
    tags = (played_information(edition, pc) for pc in penalty_cards
            if pc.seat is seat and pc.card == card)
    return tuple(tag for tag in tags if tag is not None)


@law("50E3", editions=LAWS_2007, title="Damage from the information: adjusted score")
@law("50E4", editions=LAWS_2017, title="Damage from the information: adjusted score")
def damage_review(edition: Edition) -> Review:
    """2007 50E3 / 2017 50E4 (a judgement): did the information from the penalty card
    damage the non-offending side? The Director looks at it at the end of play."""
    clause = "50E3" if edition is Edition.LAWS_2007 else "50E4"
    return Review(ref(edition, clause), msg("{clause}: did the penalty card's information "
                                           "damage the non-offending side? If so, an adjusted "
                                           "score (12C)", clause=clause))


RECTIFICATION = Rectification(decide, no_call_before_ruling)
