"""Irregularities as values: what happened (``Irregularity``), its kind, how a card came to
be exposed, and the bars the Laws put on a player's calls (docs/architecture.md).

An irregular action never raises: it becomes an ``Irregularity``, which a law module turns
into a ``Decision`` (``ruling``) whose options carry ``Effect``s (``effects``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import N_, msg
from dupbridge.core.seats import Seat, Side


class IrregularityKind(Enum):
    INADMISSIBLE_DOUBLE = N_("inadmissible double or redouble")  # Law 36
    BARRED_PLAYER_CALLED = N_("action violating the obligation to pass")  # Law 37
    BID_ABOVE_SEVEN = N_("bid of more than seven")  # Law 38
    CALL_AFTER_FINAL_PASS = N_("call after the final pass")  # Law 39
    INSUFFICIENT_BID = N_("insufficient bid")  # Law 27
    CALL_OUT_OF_ROTATION = N_("call out of rotation")  # Laws 28-32
    CHANGE_OF_CALL = N_("change of call")  # Law 25
    CARD_DURING_AUCTION = N_("card exposed or led during the auction")  # Law 24
    LEAD_RESTRICTION = N_("lead restrictions for a withdrawn call")  # Law 26, at the lead
    LEAD_OUT_OF_TURN = N_("lead out of turn")  # Laws 53-56 (opening lead: 54)
    FACE_DOWN_LEAD_OUT_OF_TURN = N_("face-down opening lead out of turn")  # Law 41A, 16
    PREMATURE_PLAY = N_("premature lead or play")  # Law 57 (2017 57D)
    FIFTH_CARD = N_("fifth card played to a trick")  # Law 45E
    CARDS_TOGETHER = N_("two or more cards played at once")  # Law 58B
    EXPOSED_CARD = N_("card exposed during the play")  # Laws 48-50
    PENALTY_CARD_LEAD = N_("declarer's options on a penalty card")  # Laws 50D2, 51B
    REVOKE = N_("revoke")  # Laws 61-64 (and 52: a penalty card not played)
    DEFECTIVE_TRICK = N_("defective trick")  # Law 67
    DUMMY = N_("dummy's irregularity")  # Laws 42-43, 45F
    DESIGNATION = N_("incomplete or erroneous designation of a card")  # Laws 45C4, 46
    RETRACTION = N_("retraction of a card played")  # Law 47
    CARD_HELD = N_("card held or touched as if played")  # Law 45C1-C3
    WRONG_NUMBER_OF_CARDS = N_("incorrect number of cards")  # Laws 13-14
    WRONG_BOARD_PLAYED = N_("wrong board played")  # 2007 Law 15, 2017 15B
    MISINFORMATION = N_("call based on misinformation")  # Law 21B (after 20F4/20F5)
    WRONG_BOARD = N_("call with cards from a wrong board")  # 2007 Law 17D, 2017 Law 15A
    CLAIM = N_("claim or concession for the Director")  # Laws 48B2, 68-70
    UNAUTHORISED_INFORMATION = N_("unauthorised information from partner")  # Laws 16B, 73C
    FALSE_INFERENCE = N_("false inference from an opponent's manner")  # 2007 73F, 2017 73E2
    EXTRANEOUS_INFORMATION = N_("extraneous information from another source")  # 16C / 16D


class Exposure(Enum):
    """How a card came to be face up other than by being played in turn."""

    DROPPED = N_("dropped")  # accidentally (48A, 50B)
    SHOWN = N_("shown")  # held so that partner could see its face, not at his turn (49)
    NAMED = N_("named")  # named as being in his hand (49)
    WITH_ANOTHER = N_("played with another card")  # two cards at once, this one visible (58B)
    FIFTH_CARD = N_("fifth card to a trick")  # after he had played to the trick (45E)
    HELD = N_("held")  # face up, partner could see it (45C1); declarer's, near the table (45C2(a))
    HELD_AS_PLAYED = N_("held as played")  # declarer's, in a played position (45C2(b))
    TOUCHED = N_("touched")  # dummy's card deliberately touched by declarer (45C3)


class BarScope(Enum):
    NEXT = N_("next turn")  # must pass when next it is his turn to call
    REST = N_("rest of the auction")  # must pass whenever it is his turn to call


class BarKind(Enum):
    PASS = N_("must pass")  # required by law to pass (Laws 23-39)
    NO_DOUBLE = N_("may not double or redouble")  # 2007 30B2(b), at that turn only
    REPEAT = N_("must repeat his call")  # 2007 31A1/32B1, 2017 31A1/32A1 (erratum A-2)


@dataclass(frozen=True, slots=True)
class Bar:
    """A constraint the Laws put on a player's next call or on all his calls: most often
    the obligation to pass; also 2007 30B2(b)'s ban on doubling, and the obligation to
    repeat a call made out of rotation (``call``)."""

    seat: Seat
    scope: BarScope
    law: LawRef
    kind: BarKind = BarKind.PASS
    call: Call | None = None  # the call to repeat (BarKind.REPEAT)

    def __str__(self) -> str:
        if self.kind is BarKind.REPEAT:
            return msg("{seat} must repeat {call} ({scope}), {law}", seat=self.seat,
                       call=self.call, scope=self.scope, law=self.law)
        return msg("{seat} {kind} ({scope}), {law}", seat=self.seat, kind=self.kind,
                   scope=self.scope, law=self.law)


@dataclass(frozen=True, slots=True)
class Irregularity:
    """What happened, with everything its law needs to know."""

    kind: IrregularityKind
    edition: Edition
    offender: Seat
    action: Call | Card
    record: int  # index of the irregular call or card in the table's record
    turn: Seat | None  # whose turn it was when the offender acted
    offender_barred: Bar | None = None
    declaring_side: Side | None = None  # after the auction: the presumed declaring side
    auction_period_over: bool = False  # the opening lead has been faced
    is_lead: bool = False  # a card led to an empty trick
    trick: int = 0  # during the play: the trick in progress, 1-based (Laws 45E, 57, 58)
    own_last_call: int | None = None
    """Record of the offender's last call, when his partner has not called since: the call
    Law 25A would let him replace."""
    calls_before_ruling: tuple[tuple[Seat, Call, int], ...] = ()
    stage: str = ""
    """Which step of a rectification in several steps this is (e.g. the offender's
    replacement of an insufficient bid, after his LHO declined it); "" for the first."""
    later_calls: tuple[tuple[Seat, Call, int], ...] = ()
    """Calls made after the irregularity was ruled on that its law still has to judge
    (e.g. RHO's call, then the offender's call, after a call out of rotation, Laws 30-32);
    collected by a ``Watch``."""
    changeable: tuple[tuple[Seat, Call, int], ...] = ()
    """Law 21B: the non-offending player's last call, which he may change if his partner
    has not called since, then the calls made after it (his LHO's, which 21B2 lets the LHO
    change in turn)."""
    before_director: tuple[tuple[Seat, Call, int], ...] = ()
    """Law 11A: calls by the non-offending side made while the decision was pending, before
    the Director was summoned; the Director says whether they forfeit the rectification."""
    declarer: Seat | None = None
    """During the play: the (presumed) declarer, who chooses for a defender's offence."""
    cards_before_ruling: tuple[tuple[Seat, Card, int], ...] = ()
    """Cards held back while the Director rules, to be classified after the ruling (e.g. a
    card by the offending side before the rectification was assessed, Law 60C)."""
    correction: tuple[int, int] = (0, 0)
    """A settled claim corrected (69B, 71): the claimer's credited tricks and the tricks
    that were left when it was made."""
    refers_to_nothing: bool = False
    """An inadmissible double made before any bid, or redouble when the last bid is not
    doubled (Laws 19A3/19B3: there is no bid or double it could be of). Such a call can
    never stand (Law 36): no auction goes on from it."""

    @property
    def out_of_rotation(self) -> bool:
        return self.turn is not None and self.turn is not self.offender

    def with_call_before_ruling(self, seat: Seat, call: Call, record: int) -> Irregularity:
        return replace(self, calls_before_ruling=(*self.calls_before_ruling, (seat, call, record)))

    def with_later_call(self, seat: Seat, call: Call, record: int) -> Irregularity:
        return replace(self, later_calls=(*self.later_calls, (seat, call, record)))

    def describe(self) -> str:
        return msg("{kind}: {offender} {action}", kind=self.kind, offender=self.offender,
                   action=self.action)
