"""Effects: what an option of a rectification does, each with the clause it comes from.
The table engine applies them in order (``table.engine.effects``); the ``Ruling`` cites the
clauses of those that fired.

Apart from ``ruling`` (decisions and rulings), so that the irregular paths alone load these
classes (start-up: a frozen dataclass costs about a millisecond to create)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card, Rank, Suit
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import N_
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.machinery.irregularity import BarKind, BarScope, Irregularity


@dataclass(frozen=True, slots=True)
class Effect:
    """Something a ruling does, with the clause it comes from (``law``). The ruling cites
    an effect's ``clauses`` only if the effect fired: it changed the table's state, or it
    is a record of the ruling itself (``Cite``, ``Review``, ``AdjustedScore``,
    ``ScoreWithout``); see ``table.engine.effects``."""

    law: LawRef

    @property
    def clauses(self) -> tuple[LawRef, ...]:
        """The clauses the effect rests on when it fires."""
        return (self.law,)


@dataclass(frozen=True, slots=True)
class Cite(Effect):
    """A clause that applied and changes nothing by itself (e.g. 39B: no further
    rectification)."""


@dataclass(frozen=True, slots=True)
class CancelCalls(Effect):
    """Cancel the calls at these record indices (and their place in the auction)."""

    records: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CancelFrom(Effect):
    """Cancel the call at ``record`` and every call made after it."""

    record: int


@dataclass(frozen=True, slots=True)
class StandCall(Effect):
    """The call at ``record`` comes to stand as if it had been legal."""

    record: int


@dataclass(frozen=True, slots=True)
class ScoreWithout(Effect):
    """The doubles or redoubles at ``records`` stand in the auction that was played, but the
    final contract is scored as if they had not been made (2017 36C). Nothing changes at
    the table; ``Table.result`` reads it from the ruling."""

    records: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SubstitutePass(Effect):
    """A pass stands in place of the cancelled call at ``record``."""

    record: int


@dataclass(frozen=True, slots=True)
class ImposeBar(Effect):
    seat: Seat
    scope: BarScope
    kind: BarKind = BarKind.PASS
    call: Call | None = None  # the call to repeat (BarKind.REPEAT)


@dataclass(frozen=True, slots=True)
class LiftBars(Effect):
    """The bars of these kinds on ``seat`` end (e.g. the obligation to repeat a call, once
    the repeated call has been made or has turned out to be irregular)."""

    seat: Seat
    kinds: tuple[BarKind, ...] = (BarKind.REPEAT,)


@dataclass(frozen=True, slots=True)
class Watch(Effect):
    """The rectification is not over: its law looks at the calls made from now on
    (``Rectification.later_call``) until it says it is done. For example, after a call out
    of rotation is cancelled, what RHO and then the offender call decides whether the
    offender's partner is barred (Laws 30-32), and after an insufficient bid is declined,
    the offender's replacement decides which part of 27B applies."""

    irregularity: Irregularity


@dataclass(frozen=True, slots=True)
class CallAgain(Effect):
    """Treat ``call`` by ``seat`` (recorded at ``record``) as made now, in the new position:
    it is classified again and may itself be irregular."""

    seat: Seat
    call: Call
    record: int


@dataclass(frozen=True, slots=True)
class ReturnCard(Effect):
    """The card goes back to its holder's hand (no longer played)."""

    record: int


@dataclass(frozen=True, slots=True)
class PlayCard(Effect):
    """``seat`` plays ``card`` now, as if he had played it himself: classified as any card
    (e.g. the card a designation of dummy's card resolves to, Law 46; the card named by a
    corrected designation, 45C4(b))."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class ReturnPlayedCard(Effect):
    """``seat``'s ``card``, played to a trick, goes back to his hand, as ``ReturnCard`` does
    (for a law that knows the play but not the record, e.g. 58B3). ``information``: the
    clause (2007 16D / 2017 16C) under which the withdrawn card's information is tagged,
    authorised to ``seat``'s side only; None: not tagged."""

    seat: Seat
    card: Card
    information: LawRef | None = None


@dataclass(frozen=True, slots=True)
class AcceptCard(Effect):
    """The card stands as played, as if in turn."""

    record: int


@dataclass(frozen=True, slots=True)
class Review(Effect):
    """An item the Director reviews at the end of play (e.g. Law 23/72C, 27D, 16)."""

    note: str


@dataclass(frozen=True, slots=True)
class AdjustedScore(Effect):
    """The Director awards an adjusted score (Law 12C): ``artificial`` (12C2) or assigned.
    ``played``: the board is still played (e.g. 2007 17D3, 2017 15A3); otherwise no normal
    play is possible and the board ends here (e.g. 2007 17D2, 2017 15A2(a))."""

    note: str
    artificial: bool = True
    played: bool = False


@dataclass(frozen=True, slots=True)
class LeadRestriction(Effect):
    """Law 26 may apply: declarer's options on the lead of the offender's partner at his
    first turn to lead, if the offender becomes a defender."""

    offender: Seat
    withdrawn: Call


@dataclass(frozen=True, slots=True)
class RestrictLead(Effect):
    """Declarer's choice under Law 26 for ``seat`` (the offender's partner), settling the
    offer ``restriction``: from his first turn to lead he must lead ``suit`` (``required``:
    2007 26A2(a), that lead only), or may not lead it while he retains the lead (2007
    26A2(b), 26B). ``suit`` None: no restriction."""

    seat: Seat
    restriction: LeadRestriction
    suit: Suit | None = None
    required: bool = False


@dataclass(frozen=True, slots=True)
class ExposeCard(Effect):
    """The card at ``record`` stays face up on the table, not played (Law 24: until the end
    of the auction). ``led``: the Director found it led prematurely (24B), a deliberate
    play, so that it is a major penalty card if it becomes one (50B)."""

    record: int
    led: bool = False


@dataclass(frozen=True, slots=True)
class PenaltyCard(Effect):
    """The card at ``record`` becomes a penalty card of ``seat`` (Law 50): it stays face up
    on the table, in his hand, for Laws 50-51 to deal with in the play. ``deliberate``:
    exposed through a deliberate play (a lead out of turn, a corrected revoke...), which
    makes it major whatever its rank (50B); every law that makes a penalty card says it
    (no default: a card played with another, or returned from a trick it went into with
    another, was not). ``became_major``: the clause under which a card
    that was minor when exposed became major later (50B: its owner came to hold two or more
    penalty cards); a fact of the play, kept when the other cards are played or picked up,
    since no law makes a major penalty card minor again."""

    seat: Seat
    card: Card
    record: int
    deliberate: bool
    became_major: LawRef | None = None

    @property
    def major(self) -> bool:
        """50B: a card of honour rank, or exposed through deliberate play, is a major
        penalty card; a single card below honour rank exposed unintentionally is minor
        until its owner comes to hold two or more penalty cards, then major for good."""
        return self.card.rank >= Rank.TEN or self.deliberate or self.became_major is not None

    @property
    def status_clause(self) -> LawRef:
        """The clause that makes it major or minor: 2007 50B; 2017 50B1 (minor) or 50B2
        (major); for a card that became major with a second penalty card, that clause."""
        if self.became_major is not None:
            return self.became_major
        edition = self.law.edition
        if edition is Edition.LAWS_2007:
            return LawRef(edition, "50B")
        return LawRef(edition, "50B2" if self.major else "50B1")

    @property
    def clauses(self) -> tuple[LawRef, ...]:
        """What the penalty card rests on, whichever law made it: that clause; Law 50 when
        it is outside Laws 50-51 (a card exposed during the auction, 24; a lead out of turn
        refused, 56; a corrected revoke, 62B1...: their text sends the card to Law 50);
        the 50B clause that makes it major or minor; and the obligations its play is then
        under: 50D for a major card, 50C for a minor one."""
        edition = self.law.edition
        found = [self.law]
        if not self.law.clause.startswith(("50", "51")):
            found.append(LawRef(edition, "50"))
        found += [self.status_clause, LawRef(edition, "50D" if self.major else "50C")]
        return tuple(dict.fromkeys(found))

class PlayRule(Enum):
    """What a rectification requires of a player's lead or play (Laws 26, 50D2, 51B, 57A)."""

    REQUIRE_SUIT = N_("must lead or play the suit")
    FORBID_SUIT = N_("may not lead or play the suit")
    HIGHEST = N_("must play his highest card of the suit led")
    LOWEST = N_("must play his lowest card of the suit led")
    PLAY_CARD = N_("must play the card")  # 2017 57D: the premature card, at his turn


class Until(Enum):
    """How long a ``RestrictPlay`` lasts."""

    THIS_CARD = N_("his next lead or play only")  # 50D2(a) require, 57A
    WHILE_ON_LEAD = N_("as long as he retains the lead")  # 50D2(a) forbid, 51B


@dataclass(frozen=True, slots=True)
class RestrictPlay(Effect):
    """A rectification's requirement on ``seat``'s next lead or play (``trick``: the trick it
    applies to; 0 for his next turn to lead). A card that breaks it when he could comply is
    a revoke (61A); when he cannot, Law 59 frees him."""

    seat: Seat
    rule: PlayRule
    suit: Suit | None = None
    card: Card | None = None
    until: Until = Until.THIS_CARD
    trick: int = 0
    chosen_by: Seat | None = None  # the opponent whose choice it is (61A)


@dataclass(frozen=True, slots=True)
class PickUpPenaltyCards(Effect):
    """``seat``'s penalty cards of ``suit`` (every suit if None) go back to his hand: no
    longer penalty cards (50D2(a), 51B)."""

    seat: Seat
    suit: Suit | None = None


@dataclass(frozen=True, slots=True)
class PlayRecord(Effect):
    """The card at ``record`` (held back while the Director ruled) is played now, as if in
    turn: it is classified again and may itself be irregular (e.g. a revoke)."""

    record: int


@dataclass(frozen=True, slots=True)
class SwapDeclarer(Effect):
    """54A: declarer spreads his hand and becomes dummy; his partner becomes declarer."""


@dataclass(frozen=True, slots=True)
class LeadFrom(Effect):
    """43B2(a): declarer's next lead comes from ``seat``'s hand (his own or dummy's), as the
    defenders chose: a lead from it stands as if in turn, one from the other hand is
    refused."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Establish(Effect):
    """The revoke at ``record`` is established (63A) though no card has been played to the
    next trick (e.g. the offending side claims or concedes, 63A3)."""

    record: int


@dataclass(frozen=True, slots=True)
class InformationTag(Effect):
    """Information from a withdrawn call: authorised for ``authorised``, unauthorised for
    the other side (2007 16D / 2017 16C); ``None``: authorised for both sides (2007
    27B1(a), 2017 23B: the offender's partner may use it too)."""

    record: int
    authorised: Side | None
