"""What can happen at a table. The event log is the undo, the replay and the audit trail."""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.auction.law40_system import Agreement, SystemCard
from dupbridge.laws.machinery.ruling import Answer, Chooser, Exposure


@dataclass(frozen=True, slots=True)
class CallMade:
    """A player makes a call, in turn or not, legal or not."""

    seat: Seat
    call: Call

    def __str__(self) -> str:
        return f"{self.seat.letter} calls {self.call}"


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A card is played (or exposed) from ``seat``'s hand; declarer plays dummy's cards
    as ``seat=dummy``."""

    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{self.seat.letter} plays {self.card}"


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
class DirectorAnswered:
    """The Director answers one question of the pending decision."""

    question: str
    answer: Answer

    def __str__(self) -> str:
        return f"Director: {self.question} = {self.answer}"


@dataclass(frozen=True, slots=True)
class OptionChosen:
    """An option of the pending decision is chosen (by the player Law 10C names, or the
    Director)."""

    option: str
    by: Chooser | None = None

    def __str__(self) -> str:
        return f"option {self.option}" + ("" if self.by is None else f" chosen by {self.by}")


# What is said and done besides calls and cards (Laws 16, 17, 20): see ``table.talk``.


@dataclass(frozen=True, slots=True)
class HandTakenOut:
    """``seat`` takes his cards out of the board (Law 17A)."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} takes his hand out"


@dataclass(frozen=True, slots=True)
class Alerted:
    """``seat`` alerts the call at ``record`` (its index in the table's record)."""

    seat: Seat
    record: int

    def __str__(self) -> str:
        return f"{self.seat.letter} alerts call {self.record}"


@dataclass(frozen=True, slots=True)
class Explained:
    """``seat`` explains (or corrects his side's explanation of) the call at ``record``."""

    seat: Seat
    record: int
    text: str

    def __str__(self) -> str:
        return f"{self.seat.letter} explains call {self.record}: {self.text}"


@dataclass(frozen=True, slots=True)
class TurnStated:
    """``seat`` tells ``told`` that it is his turn to lead or play (47E1 when wrong)."""

    seat: Seat
    told: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} tells {self.told.letter} it is his turn"


@dataclass(frozen=True, slots=True)
class ReviewRequested:
    """``seat`` asks for a review of the auction (Law 20B, 20C2)."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} asks for a review"


@dataclass(frozen=True, slots=True)
class ExplanationRequested:
    """``seat`` asks for an explanation of the opponents' calls (Law 20F): of the calls at
    ``about`` (record indices), or of their whole auction."""

    seat: Seat
    about: tuple[int, ...] = ()

    def __str__(self) -> str:
        calls = f" about {', '.join(map(str, self.about))}" if self.about else ""
        return f"{self.seat.letter} asks for an explanation{calls}"


@dataclass(frozen=True, slots=True)
class ClarificationRequested:
    """``seat`` asks at once which call was made at ``record`` (Law 20A)."""

    seat: Seat
    record: int

    def __str__(self) -> str:
        return f"{self.seat.letter} asks which call was made ({self.record})"


@dataclass(frozen=True, slots=True)
class OpeningLeadAsked:
    """A defender asks whether the opening lead is his (Law 20C1)."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} asks whose lead it is"


@dataclass(frozen=True, slots=True)
class AuctionRestated:
    """``seat``, an opponent of the player who asked for a review, restates the auction as
    ``calls`` (Law 20D-E)."""

    seat: Seat
    calls: tuple[Call, ...]

    def __str__(self) -> str:
        return f"{self.seat.letter} restates: {' '.join(map(str, self.calls))}"


@dataclass(frozen=True, slots=True)
class RightsReserved:
    """``seat`` reserves the right to call the Director later (Law 16B2)."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} reserves his rights"


@dataclass(frozen=True, slots=True)
class SystemCardConsulted:
    """``seat`` looks at his own system card or notes (2007 Law 20G2, 2017 20G3)."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} consults his own system card"


@dataclass(frozen=True, slots=True)
class WrongBoardReported:
    """Attention is drawn to ``seat`` having called with cards from a wrong board (2007 Law
    17D, 2017 15A), by ``by`` (None: by the Director)."""

    seat: Seat
    by: Seat | None = None

    def __str__(self) -> str:
        who = f" ({self.by.letter} draws attention)" if self.by is not None else ""
        return f"{self.seat.letter} holds cards from a wrong board{who}"


@dataclass(frozen=True, slots=True)
class ContractAsked:
    """``seat`` asks, at his turn to play, what the contract is (Law 41C)."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} asks what the contract is"


TalkEvent = (HandTakenOut | Alerted | Explained | ReviewRequested | ExplanationRequested
             | ClarificationRequested | OpeningLeadAsked | AuctionRestated | RightsReserved
             | SystemCardConsulted | WrongBoardReported | ContractAsked)

TALK_EVENTS = (HandTakenOut, Alerted, Explained, ReviewRequested, ExplanationRequested,
               ClarificationRequested, OpeningLeadAsked, AuctionRestated, RightsReserved,
               SystemCardConsulted, WrongBoardReported, ContractAsked)

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
class CardCountReported:
    """The Director finds ``seat`` holding ``card`` too many (Law 13): a card of ``short``'s
    hand, or, ``short`` None, a surplus card not part of the deal (2007 13F, 2017 13C)."""

    seat: Seat
    card: Card
    short: Seat | None = None

    def __str__(self) -> str:
        whose = "a surplus card" if self.short is None else f"{self.short.letter}'s card"
        return f"{self.seat.letter} holds {self.card} too many ({whose})"


@dataclass(frozen=True, slots=True)
class CardFound:
    """``seat``'s hand was short of ``card`` (Law 14), found ``where``: ``elsewhere``,
    among the played cards (``trick``), or not at all (``lost``: the deal is rebuilt)."""

    seat: Seat
    card: Card
    where: str = "elsewhere"

    def __str__(self) -> str:
        return f"{self.seat.letter}'s missing {self.card} found ({self.where})"


@dataclass(frozen=True, slots=True)
class WrongBoardPlayed:
    """``seat``'s pair is found playing a board not designated for them (2007 Law 15,
    2017 15B)."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter}'s pair is playing a wrong board"


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

@dataclass(frozen=True, slots=True)
class Claimed:
    """``seat`` claims ``tricks`` of the remaining tricks for his side (None: all of them),
    with his clarification ``statement`` (Law 68A, 68C)."""

    seat: Seat
    tricks: int | None = None
    statement: str = ""
    total: int | None = None  # the side's tricks of the whole board, as the claimer counts

    def __str__(self) -> str:
        what = ("the rest" if self.tricks is None else str(self.tricks)) if self.total is None \
            else f"{self.total} in all"
        return f"{self.seat.letter} claims {what}" + (f": {self.statement}"
                                                       if self.statement else "")


@dataclass(frozen=True, slots=True)
class Conceded:
    """``seat`` concedes ``tricks`` (None: abandons his hand, all the remaining, 68B1);
    ``total``: the opponents' tricks of the whole board, as he counts them."""

    seat: Seat
    tricks: int | None = None
    total: int | None = None

    def __str__(self) -> str:
        return f"{self.seat.letter} concedes {'all' if self.tricks is None else self.tricks}"


@dataclass(frozen=True, slots=True)
class ClaimAgreed:
    """``seat``, an opponent of the claimer, accepts the claim (Law 69A)."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} agrees to the claim"


@dataclass(frozen=True, slots=True)
class ClaimContested:
    """``seat`` (any player, dummy too) doubts the claim or objects to his partner's
    concession (Laws 68B2, 68D)."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} objects to the claim"


@dataclass(frozen=True, slots=True)
class HandFaced:
    """``seat`` faces his hand without a word (48B2 declarer; 68A a defender)."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} faces his hand"


@dataclass(frozen=True, slots=True)
class TrickClaimed:
    """``seat`` says the trick in progress is his side's (68 preamble: no claim), showing
    ``card`` if any."""

    seat: Seat
    card: Card | None = None
    statement: str = ""

    def __str__(self) -> str:
        shown = f", showing {self.card}" if self.card is not None else ""
        return f"{self.seat.letter} says this trick is his side's{shown}"


@dataclass(frozen=True, slots=True)
class PlayAnnounced:
    """``seat`` names ``card`` as one he will play to a later trick (Law 63A2)."""

    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{self.seat.letter} announces he will play {self.card}"


@dataclass(frozen=True, slots=True)
class PlayedAfterClaim:
    """``seat`` plays ``card`` while a claim stands, contrary to 68D (2007 70D3: evidence of
    the probable play; 2017: refused, play resumes only under 68D2(b))."""

    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{self.seat.letter} plays {self.card} after the claim"


@dataclass(frozen=True, slots=True)
class AgreementWithdrawn:
    """``seat``'s side withdraws its agreement to the opponents' claim (69B); ``in_time``:
    within the Correction Period (79C), which the table does not time."""

    seat: Seat
    in_time: bool = True

    def __str__(self) -> str:
        return f"{self.seat.letter} withdraws his side's agreement to the claim"


@dataclass(frozen=True, slots=True)
class ConcessionCancelled:
    """The Director is asked to cancel the concession of ``seat``'s side (Law 71), within
    the Correction Period (``in_time``)."""

    seat: Seat
    in_time: bool = True

    def __str__(self) -> str:
        return f"{self.seat.letter} asks that his side's concession be cancelled"


ClaimEvent = (Claimed | Conceded | ClaimAgreed | ClaimContested | HandFaced | TrickClaimed
              | PlayAnnounced | PlayedAfterClaim | AgreementWithdrawn | ConcessionCancelled)

CLAIM_EVENTS = (Claimed, Conceded, ClaimAgreed, ClaimContested, HandFaced, TrickClaimed,
                PlayAnnounced, PlayedAfterClaim, AgreementWithdrawn, ConcessionCancelled)

BoardEvent = CardCountReported | CardFound | WrongBoardPlayed

BOARD_EVENTS = (CardCountReported, CardFound, WrongBoardPlayed)


PlayEvent = (CardExposed | AttentionDrawn | CardPointed | TrickInspected | PlayedCardsMixed
             | CardDesignated | DesignationChanged | DummyMisplaced | DummyAction | RevokeAsked
             | TurnStated)

@dataclass(frozen=True, slots=True)
class InformationConveyed:
    """``seat`` conveyed information besides his calls and plays (Laws 16B, 73): ``means``
    is ``hesitation``, ``speed``, ``remark``, ``gesture``, ``manner``, ``question``,
    ``alert`` or ``explanation``; ``what`` the Director's note. Recorded as a fact."""

    seat: Seat
    means: str
    what: str = ""

    def __str__(self) -> str:
        return f"{self.seat.letter} {self.means} {self.what}".rstrip()


@dataclass(frozen=True, slots=True)
class UnauthorisedInformationReported:
    """``seat`` calls the Director (16B3): his opponent may have used information his
    partner conveyed (``about``: the index in the table talk; None: the latest by an
    opponent) to choose the call or card at record ``action`` (None: the first since)."""

    seat: Seat
    about: int | None = None
    action: int | None = None

    def __str__(self) -> str:
        return f"{self.seat.letter} calls the Director: unauthorised information"


@dataclass(frozen=True, slots=True)
class FalseInferenceReported:
    """``seat`` calls the Director: he drew a false inference from an opponent's remark,
    manner or tempo (``about``, as above; 2007 73F, 2017 73E2)."""

    seat: Seat
    about: int | None = None

    def __str__(self) -> str:
        return f"{self.seat.letter} calls the Director: misled by an opponent's manner"


@dataclass(frozen=True, slots=True)
class ExtraneousInformationReported:
    """``seat`` tells the Director he accidentally learned ``what`` about this board from
    another source (2007 16C1, 2017 16D1)."""

    seat: Seat
    what: str = ""

    def __str__(self) -> str:
        return f"{self.seat.letter} received extraneous information: {self.what}"


AgreementFields = tuple[str, str, str, bool, bool]
"""An agreement of a system card as plain values: call, meaning, auction before it (text),
alerted, artificial (so that the event is written as JSON like any other)."""


@dataclass(frozen=True, slots=True)
class SystemCardLodged:
    """A pair's convention card is put on the table (Law 40; 40B2(a)(ii) may require it)."""

    side: Side
    agreements: tuple[AgreementFields, ...] = ()
    special: tuple[str, ...] = ()
    name: str = ""

    @classmethod
    def of(cls, card: SystemCard) -> SystemCardLodged:
        return cls(card.side, tuple((a.call, a.meaning, a.after, a.alert, a.artificial)
                                    for a in card.agreements), card.special, card.name)

    @property
    def card(self) -> SystemCard:
        return SystemCard(self.side, tuple(Agreement(call, meaning, after, alert, artificial)
                                           for call, meaning, after, alert, artificial
                                           in self.agreements), self.special, self.name)

    def __str__(self) -> str:
        return f"{self.side} system card lodged"


@dataclass(frozen=True, slots=True)
class OpponentsCardConsulted:
    """``seat`` looks at the opponents' system card (40B2(c))."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} consults the opponents' system card"


InformationEvent = (InformationConveyed | UnauthorisedInformationReported
                    | FalseInferenceReported | ExtraneousInformationReported
                    | SystemCardLodged | OpponentsCardConsulted)
INFORMATION_EVENTS = (InformationConveyed, UnauthorisedInformationReported,
                      FalseInferenceReported, ExtraneousInformationReported,
                      SystemCardLodged, OpponentsCardConsulted)

Event = (CallMade | CardPlayed | DirectorAnswered | OptionChosen | TalkEvent | PlayEvent
         | BoardEvent | LeadEvent | DefectEvent | ClaimEvent | InformationEvent)
