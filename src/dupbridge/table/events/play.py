"""What happens in the play besides a card played in turn: cards exposed (45, 48-50),
attention drawn to a revoke (61-64), tricks pointed and inspected (65-66), dummy and
designations (42-47), the opening lead face down (41), defective tricks (67)."""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.cards import Card
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.irregularity import Exposure
from dupbridge.table.events.talk import TurnStated


@dataclass(frozen=True, slots=True)
class CardExposed:
    """A card of ``seat``'s is exposed other than by playing it in turn: dropped, shown,
    named, played together with another, or added to a trick he has already played to
    (Laws 45E, 48-50, 58B). ``also``: other cards exposed in the same act (dropped, shown
    or named together), ruled on together with it (50B: two or more penalty cards)."""

    seat: Seat
    card: Card
    how: Exposure
    also: tuple[Card, ...] = ()

    def __str__(self) -> str:
        cards = " ".join(str(card) for card in (self.card, *self.also))
        return f"{self.seat.letter} exposes {cards} ({self.how.value})"


@dataclass(frozen=True, slots=True)
class AttentionDrawn:
    """``seat`` draws attention to an irregularity the table did not stop at: a revoke
    (the card at ``record``; None: the earliest revoke no one has noticed yet). Attention
    may come after play too (``late``: after a call on the next board, 64B4, or after the
    round, 64B5)."""

    seat: Seat
    record: int | None = None
    late: str = ""

    def __str__(self) -> str:
        what = "a revoke" if self.record is None else f"card {self.record}"
        late = f" ({self.late})" if self.late else ""
        return f"{self.seat.letter} draws attention to {what}{late}"


@dataclass(frozen=True, slots=True)
class RevokeAsked:
    """``seat`` asks ``asked``, who failed to follow suit, whether he has a card of the
    suit led (61B); refused when Law 61B does not allow it."""

    seat: Seat
    asked: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} asks {self.asked.letter} about a revoke"


@dataclass(frozen=True, slots=True)
class CardPointed:
    """``seat``'s card of quitted trick ``trick`` (1-based) is found pointed as won (towards
    partner) or lost; ``noticed_by`` draws attention to it (Law 65B)."""

    seat: Seat
    trick: int
    won: bool
    noticed_by: Seat | None = None

    def __str__(self) -> str:
        by = "" if self.noticed_by is None else f" ({self.noticed_by.letter} draws attention)"
        return (f"{self.seat.letter} points trick {self.trick} as "
                f"{'won' if self.won else 'lost'}{by}")


@dataclass(frozen=True, slots=True)
class TrickInspected:
    """``seat`` asks to inspect quitted trick ``trick`` (Law 66): ``own_card`` only his own
    last card (66B); ``turned``: he has turned his own card (66A); ``instructed``: on the
    Director's instruction (66C); ``purpose`` after play: "revoke" or "tricks" (66D)."""

    seat: Seat
    trick: int
    own_card: bool = False
    turned: bool = False
    instructed: bool = False
    purpose: str = ""

    def __str__(self) -> str:
        return f"{self.seat.letter} inspects trick {self.trick}"


@dataclass(frozen=True, slots=True)
class PlayedCardsMixed:
    """``seat`` disturbs the order of his played cards (65D), or mixes them after a claim
    of a revoke or of the trick count (``after_claim``, 66D)."""

    seat: Seat
    after_claim: bool = False

    def __str__(self) -> str:
        return f"{self.seat.letter} mixes his played cards"


@dataclass(frozen=True, slots=True)
class CardDesignated:
    """A card designated by words (45C4(a)): declarer designates dummy's card
    (``seat=dummy``; "SQ", "S", "Q", "high", "high S", "low", "win", "anything": Law 46),
    or a player names his own card ("HK")."""

    seat: Seat
    text: str

    def __str__(self) -> str:
        return f"{self.seat.letter} designated: {self.text}"


@dataclass(frozen=True, slots=True)
class DesignationChanged:
    """The last designated card of ``seat`` (dummy's, for declarer's designation) is to be
    replaced by ``card`` (45C4(b), 47C)."""

    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{self.seat.letter}'s designation changed to {self.card}"


@dataclass(frozen=True, slots=True)
class DummyMisplaced:
    """Attention is drawn to dummy's card at ``record``, which declarer did not name: he had
    named ``named`` (45D)."""

    record: int
    named: Card

    def __str__(self) -> str:
        return f"dummy's card {self.record} was misplaced; declarer named {self.named}"


@dataclass(frozen=True, slots=True)
class DummyAction:
    """Something dummy did or had done to him (Laws 42-43, 45F): ``breach`` (the Director
    finds a 43A2 breach), ``shown`` (a defender showed dummy his hand, 2017 43A3),
    ``indicate`` (dummy indicated a card, 45F), ``warn-hand`` (dummy warned declarer
    against leading from the wrong hand, 43B2(a)), ``prevent`` (dummy tries to prevent
    ``offender``'s irregularity, 42B2 / 2007 9A3), ``handled`` (``offender`` handled dummy's
    cards, 45B)."""

    what: str
    offender: Seat | None = None

    def __str__(self) -> str:
        against = "" if self.offender is None else f" {self.offender.letter}"
        return f"dummy: {self.what}{against}"


DUMMY_ACTIONS = ("breach", "shown", "indicate", "warn-hand", "prevent", "handled")


@dataclass(frozen=True, slots=True)
class OpeningLeadFaceDown:
    """The opening leader ``seat`` makes his opening lead ``card`` face down (Law 41A): a
    card record not yet played; the play begins when it is faced (41C)."""

    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{self.seat.letter} leads {self.card} face down"


@dataclass(frozen=True, slots=True)
class OpeningLeadFaced:
    """``seat`` faces his face-down opening lead (Law 41C): it is played."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} faces his opening lead"


@dataclass(frozen=True, slots=True)
class FaceDownLeadWithdrawn:
    """The Director lets ``seat`` withdraw his face-down opening lead after an irregularity
    (Law 41A, 47E2): the card goes back to his hand."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} withdraws his face-down lead"


LeadEvent = OpeningLeadFaceDown | OpeningLeadFaced | FaceDownLeadWithdrawn


LEAD_EVENTS = (OpeningLeadFaceDown, OpeningLeadFaced, FaceDownLeadWithdrawn)


@dataclass(frozen=True, slots=True)
class CardOmitted:
    """Law 67: ``seat`` is passed over: the others play on and the trick is quitted
    without his card (he keeps a card too many)."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} omits to play to the trick"


@dataclass(frozen=True, slots=True)
class ExtraCardPlayed:
    """Law 67: a second card of ``seat`` went into the trick he last played to, unseen
    under the card he faced (``exposed``: it was seen)."""

    seat: Seat
    card: Card
    exposed: bool = False

    def __str__(self) -> str:
        return f"{self.seat.letter}'s {self.card} goes into the trick as well"


@dataclass(frozen=True, slots=True)
class CardReplayed:
    """2017 Law 67B3: ``seat``'s card of an earlier trick, not kept with his quitted cards,
    is played again at his turn to trick ``trick`` (the trick in progress). The card is
    the same one: it stays in the earlier trick, and he keeps a card too many."""

    seat: Seat
    trick: int
    card: Card

    def __str__(self) -> str:
        return f"{self.seat.letter} plays his {self.card} again to trick {self.trick}"


DefectEvent = CardOmitted | ExtraCardPlayed | CardReplayed


DEFECT_EVENTS = (CardOmitted, ExtraCardPlayed, CardReplayed)


PlayEvent = (CardExposed | AttentionDrawn | CardPointed | TrickInspected | PlayedCardsMixed
             | CardDesignated | DesignationChanged | DummyMisplaced | DummyAction | RevokeAsked
             | TurnStated)
