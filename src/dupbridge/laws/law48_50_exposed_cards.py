"""Cards exposed during the play (Laws 48-50; 45E and 58B send their cards here): a
declarer's exposed card is no penalty card (48A); a defender's becomes a penalty card (49,
50), major or minor as 50B says."""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.clauses import ref
from dupbridge.laws.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.ruling import (
    DIRECTOR,
    Answer,
    Decision,
    Exposure,
    Irregularity,
    IrregularityKind,
    Option,
    PenaltyCard,
)
from dupbridge.rules.play import Play

UNINTENDED = (Exposure.DROPPED, Exposure.WITH_ANOTHER)
"""Exposures that are not deliberate plays (50B: a minor penalty card if below honour rank)."""


@law("48A", title="Declarer's exposed cards are no penalty cards")
def no_rectification(edition: Edition) -> LawRef:
    """48A: declarer (and dummy's hand, which he plays) is not subject to rectification for
    an exposed card; no card of his becomes a penalty card."""
    return ref(edition, "48A")


@law("49", title="Exposure of a defender's cards")
def card_exposed(edition: Edition, play: Play, seat: Seat, card: Card, how: Exposure,
                 record: int) -> Irregularity | None:
    """A card exposed other than in normal play: None for declarer or dummy (48A); for a
    defender, the Director rules it a penalty card (49)."""
    if seat.side is play.declarer.side:
        return None
    return Irregularity(IrregularityKind.EXPOSED_CARD, edition, seat, card, record,
                        play.next_to_play, declaring_side=play.declarer.side,
                        auction_period_over=True, stage=how.value)


@law("50", title="Disposition of a penalty card")
@law("50A", title="A penalty card stays face up on the table")
def decide(irregularity: Irregularity, answers: Mapping[str, Answer],
           decision_id: str) -> Decision:
    """49 / 50A: the card stays face up on the table as a penalty card."""
    edition = irregularity.edition
    card = irregularity.action
    assert isinstance(card, Card)
    deliberate = irregularity.stage not in {how.value for how in UNINTENDED}
    effect = PenaltyCard(ref(edition, "49"), irregularity.offender, card, irregularity.record,
                         deliberate)
    option = Option("penalty-card", f"{card} becomes a penalty card (Laws 49, 50)", DIRECTOR,
                    (effect,))
    return Decision(decision_id, irregularity, (ref(edition, "49"), ref(edition, "50")), (),
                    answers, (option,))


RECTIFICATION = Rectification(decide, no_call_before_ruling)
