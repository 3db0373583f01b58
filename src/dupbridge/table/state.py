"""The frozen state of one board at one table."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import TYPE_CHECKING

from dupbridge.core.board import Board
from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.profiles import Regulations
from dupbridge.rules.auction import Auction
from dupbridge.rules.play import Play

if TYPE_CHECKING:
    # Types of fields a regular table leaves empty: their laws are loaded with the first
    # irregularity, not with the state (start-up, benchmarks/startup.py).
    from dupbridge.laws.auction.law40_system import SystemCard
    from dupbridge.laws.claims.law68_69_claims import Claim
    from dupbridge.laws.irregularities.table_talk import TalkRecord
    from dupbridge.laws.machinery.effects import (
        AdjustedScore,
        InformationTag,
        LeadRestriction,
        PenaltyCard,
        RestrictLead,
        RestrictPlay,
        Review,
        Watch,
    )
    from dupbridge.laws.machinery.irregularity import Bar
    from dupbridge.laws.machinery.ruling import Decision, Ruling
    from dupbridge.laws.play.law61_revoke import Revoke
    from dupbridge.laws.play.law65_66_tricks import Pointing
    from dupbridge.laws.play.law67_defective_trick import TrickDefect
    from dupbridge.laws.play.play_obligations import Obligations


class Status(Enum):
    STANDING = "standing"  # part of the auction, or played to a trick
    PENDING = "pending"  # irregular, the Director is ruling
    BEFORE_RULING = "before ruling"  # made while a ruling was pending, as the law provides
    CANCELLED = "cancelled"  # cancelled or withdrawn; its information may still matter
    RETURNED = "returned"  # a card put back in the hand
    EXPOSED = "exposed"  # a card face up on the table, not played (Law 24; penalty card, 50)
    FACE_DOWN = "face down"  # an opening lead made face down, not yet faced (Law 41A)


class Phase(Enum):
    AUCTION = "auction"
    PLAY = "play"
    COMPLETE = "complete"


# Each class has a docstring: without one ``dataclass`` writes one from the signature of its
# ``__init__`` (``inspect``), a cost every import of the table pays (start-up).
@dataclass(frozen=True, slots=True)
class CallRecord:
    """A call made at the table, with what became of it."""

    seat: Seat
    call: Call
    status: Status
    law: LawRef | None = None  # the clause that inserted, cancelled or admitted it
    implied: bool = False  # a pass deemed made (28A) or substituted (37B, 38C)

    def __str__(self) -> str:
        mark = "" if self.status is Status.STANDING else f" ({self.status.value})"
        return f"{self.seat.letter}:{self.call}{mark}"


@dataclass(frozen=True, slots=True)
class CardRecord:
    """A card played, exposed or led face down at the table, with what became of it."""

    seat: Seat
    card: Card
    status: Status
    law: LawRef | None = None
    revoke: bool = False  # a revoke (Law 61A): see ``TableState.revokes``
    trick: int = 0  # 1-based trick the card was played to, 0 if not played
    out_of_turn: bool = False  # a lead out of turn that stands as a correct lead (53A, 54)


Record = CallRecord | CardRecord


@dataclass(frozen=True)
class TableState:
    """The state of the board after the events so far: the value the engine computes.

    No ``__slots__``: a field left at its default is not stored in the state but read
    from the class, so that a table's first state (``initial``) and each next one
    (``evolve``) are a few entries of a dictionary, not 31 attributes set one by one."""

    board: Board
    edition: Edition
    regulations: Regulations
    records: tuple[Record, ...] = ()
    auction: Auction | None = None
    standing: tuple[int, ...] = ()  # record index of each standing call of the auction
    bars: tuple[Bar, ...] = ()
    play: Play | None = None
    pending: Decision | None = None
    rulings: tuple[Ruling, ...] = ()
    reviews: tuple[Review, ...] = ()
    lead_restrictions: tuple[LeadRestriction, ...] = ()
    lead_choices: tuple[RestrictLead, ...] = ()  # declarer's choices under Law 26
    lead_from: Seat | None = None  # 43B2(a): the hand the defenders chose for the lead
    penalty_cards: tuple[PenaltyCard, ...] = ()  # on the table now (Laws 24, 49-52)
    restrictions: tuple[RestrictPlay, ...] = ()  # on leads and plays (50D2, 51B, 57A...)
    revokes: tuple[Revoke, ...] = ()  # recorded silently (Law 61A); the Director's only
    information: tuple[InformationTag, ...] = ()
    watches: tuple[Watch, ...] = ()  # rectifications still looking at later calls
    decisions: int = 0
    talk: tuple[TalkRecord, ...] = ()  # alerts, explanations, reviews... (Laws 16, 17, 20)
    adjustments: tuple[AdjustedScore, ...] = ()  # adjusted scores awarded (Law 12C)
    designations: tuple[int, ...] = ()  # card records played by designation (45C4)
    dummy_breach: bool = False  # dummy breached 43A2: 43B2-B3 apply
    pointings: tuple[Pointing, ...] = ()  # how played cards lie pointed (Law 65B)
    defects: tuple[TrickDefect, ...] = ()  # defective tricks at the table (Law 67)
    claim: Claim | None = None  # a claim or concession standing: play suspended (68D)
    system_cards: tuple[SystemCard, ...] = ()  # the pairs' convention cards (Law 40)

    @classmethod
    def initial(cls, board: Board, edition: Edition, regulations: Regulations) -> TableState:
        """The state before any action (every other field at its default): equal to
        ``TableState(board, edition, regulations)``, made without the dataclass's
        ``__init__`` setting the 31 fields (a table starts with it)."""
        new = object.__new__(cls)
        fields = new.__dict__
        fields["board"] = board
        fields["edition"] = edition
        fields["regulations"] = regulations
        return new

    def evolve(self, **changes: object) -> TableState:
        """``dataclasses.replace`` without its per-call introspection: the engine makes a
        new state for every event, so this is on the hot path."""
        assert _FIELDS.issuperset(changes), f"not fields of a state: {set(changes) - _FIELDS}"
        new = object.__new__(TableState)
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.update(changes)
        return new

    @property
    def obligations(self) -> Obligations:
        from dupbridge.laws.play.play_obligations import Obligations  # see the imports

        return Obligations(self.penalty_cards, self.restrictions)

    @property
    def current_auction(self) -> Auction:
        return self.auction if self.auction is not None else Auction(self.board.dealer)

    @property
    def phase(self) -> Phase:
        if self.abandoned and self.pending is None:
            return Phase.COMPLETE
        if self.play is not None:
            ended = self.play.is_complete or (self.claim is not None and self.claim.settled)
            return Phase.COMPLETE if ended and self.pending is None else Phase.PLAY
        auction = self.current_auction
        if auction.is_over and (auction.contract() is None or self.board.deal is None):
            return Phase.COMPLETE if self.pending is None else Phase.AUCTION
        return Phase.AUCTION

    @property
    def abandoned(self) -> bool:
        """An adjusted score was awarded because no normal play of the board is possible
        (e.g. 2007 Law 17D2, 2017 15A2(a)): the board ends at this table."""
        return any(not adjustment.played for adjustment in self.adjustments)

    @property
    def contract(self) -> Contract | None:
        return self.current_auction.contract()

    @property
    def face_down_lead(self) -> int | None:
        """The record of the opening lead made face down and not yet faced (Law 41A)."""
        if self.play is None or self.play.opening_lead_made:
            return None
        return next((index for index, entry in enumerate(self.records)
                     if isinstance(entry, CardRecord) and entry.status is Status.FACE_DOWN),
                    None)


_FIELDS = frozenset(field.name for field in fields(TableState))
