"""Law 52: a defender leads or plays another card when a penalty card was due.

The card is a revoke (61A), recorded silently by the engine (``Revoke.penalty_card``).
When attention is drawn before it is established, the revoke engine hands it here: the
defender may not take it back himself (52A); declarer accepts it (52B1) or has the
penalty card substituted (52B2). Once established, Law 64 gives no automatic transfer
(64B3: a faced card, 2007 / a penalty card, 2017).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.clauses import ref
from dupbridge.laws.machinery.ruling import (
    Answer,
    Cite,
    Decision,
    Effect,
    Irregularity,
    IrregularityKind,
    Option,
    PenaltyCard,
    PlayRule,
    RestrictPlay,
    Until,
)
from dupbridge.laws.play.law61_revoke import Revoke
from dupbridge.laws.play.play_obligations import majors, minors
from dupbridge.rules.play import Play

PREFIX = "52"


@dataclass(frozen=True, slots=True)
class Stage:
    """What the Law 52 decision needs, kept in ``Irregularity.stage`` as
    ``52/N/must/8/DJ``: declarer, whether he must accept (52B1(b)), the trick, and the
    penalty cards the defender should have played instead."""

    declarer: Seat
    must_accept: bool
    trick: int
    due: tuple[Card, ...]

    def __str__(self) -> str:
        due = ",".join(str(card) for card in self.due)
        how = "must" if self.must_accept else "may"
        return f"{PREFIX}/{self.declarer.letter}/{how}/{self.trick}/{due}"

    @classmethod
    def parse(cls, text: str) -> Stage:
        _, declarer, how, trick, due = text.split("/")
        return cls(Seat.parse(declarer), how == "must", int(trick),
                   tuple(Card.parse(card) for card in due.split(",") if card))


def is_law52(irregularity: Irregularity) -> bool:
    return (irregularity.kind is IrregularityKind.REVOKE
            and irregularity.stage.startswith(PREFIX + "/"))


def _sequence(play: Play) -> list[tuple[Seat, Card]]:
    """Every card played so far, in order, with its player."""
    played: list[tuple[Seat, Card]] = []
    for trick in (*play.tricks, play.current_trick):
        played.extend((trick.seat_of(i), card) for i, card in enumerate(trick.cards))
    return played


@law("52B1(b)", title="Declarer must accept after playing next")
def declarer_played_since(play: Play, seat: Seat, card: Card) -> bool:
    """52B1(b): declarer has played from his hand or dummy since the defender's card."""
    played = _sequence(play)
    position = played.index((seat, card))
    return any(other.side is play.declarer.side for other, _ in played[position + 1:])


def _due(play: Play, revoke: Revoke, penalty_cards: tuple[PenaltyCard, ...]) -> tuple[Card, ...]:
    """The penalty cards the defender should have played: his major ones (50D1(a)) or the
    minor one of the suit of his card (50C), those of the suit led if he had any."""
    if revoke.failure.clause == "50C":
        return tuple(c for c in minors(penalty_cards, revoke.seat) if c.suit is revoke.card.suit)
    cards = majors(penalty_cards, revoke.seat)
    tricks = (*play.tricks, play.current_trick)
    trick = tricks[revoke.trick - 1]
    if trick.cards and trick.cards[0] != revoke.card:
        following = tuple(c for c in cards if c.suit is trick.suit_led)
        return following or cards
    return cards


@law("52", title="Failure to lead or play a penalty card")
@law("52A", title="Defender does not lead or play penalty card")
@law("52B", title="Defender leads or plays another card")
def failure_noticed(edition: Edition, revoke: Revoke, play: Play,
                    penalty_cards: tuple[PenaltyCard, ...]) -> Irregularity:
    """52A: attention is drawn to a defender's failure to lead or play a penalty card; he
    may not withdraw his card on his own initiative: it stands in the trick until declarer
    decides (52B)."""
    stage = Stage(play.declarer, declarer_played_since(play, revoke.seat, revoke.card),
                  revoke.trick, _due(play, revoke, penalty_cards))
    return Irregularity(IrregularityKind.REVOKE, edition, revoke.seat, revoke.card,
                        revoke.record, play.next_to_play, declaring_side=play.declarer.side,
                        auction_period_over=True, stage=str(stage), declarer=play.declarer)


@law("52B1", title="Declarer's acceptance of the other card")
@law("52B1(a)", title="Declarer may accept the card")
@law("52B1(c)", title="Unplayed penalty cards remain penalty cards")
def decide(irregularity: Irregularity, answers: Mapping[str, Answer],
           decision_id: str) -> Decision:
    """52B1(a): declarer may accept the card led or played (he must, 52B1(b), once he has
    played since); the penalty cards not played remain penalty cards (52B1(c)). 52B2: or
    the defender substitutes the penalty card."""
    edition = irregularity.edition
    stage = Stage.parse(irregularity.stage)
    card = irregularity.action
    assert isinstance(card, Card)
    accept_clause = "52B1(b)" if stage.must_accept else "52B1(a)"
    options = [Option("accept", msg("{card} stands; the penalty card stays on the table "
                                   "({clause}, 52B1(c))", card=card, clause=accept_clause),
                      stage.declarer,
                      (Cite(ref(edition, accept_clause)), Cite(ref(edition, "52B1(c)"))))]
    if not stage.must_accept:
        options.append(Option("decline", msg("{card} is withdrawn and becomes a major penalty "
                                           "card; the penalty card is played instead (52B2)",
                                           card=card),
                              stage.declarer, substitute(irregularity, stage)))
    clauses = (ref(edition, "52A"), ref(edition, "52B"), ref(edition, "61A"))
    return Decision(decision_id, irregularity, clauses, (), answers, tuple(options))


@law("52B2", title="Not accepted: penalty card substituted")
def substitute(irregularity: Irregularity, stage: Stage) -> tuple[Effect, ...]:
    """52B2: the defender must lead or play the penalty card instead; the card he led or
    played illegally becomes a major penalty card. With several penalty cards he could
    play, declarer designates which (51A, opened at his turn by the engine)."""
    edition = irregularity.edition
    card = irregularity.action
    assert isinstance(card, Card)
    law_ = ref(edition, "52B2")
    effects: list[Effect] = [PenaltyCard(law_, irregularity.offender, card,
                                         irregularity.record, True)]
    if len(stage.due) == 1:
        effects.append(RestrictPlay(law_, irregularity.offender, PlayRule.PLAY_CARD,
                                    card=stage.due[0], until=Until.THIS_CARD,
                                    trick=stage.trick, chosen_by=stage.declarer))
    return tuple(effects)
