"""What is said and done at the table besides calls and cards, as records the Laws look at:
hands taken out of the board (17A), alerts, explanations and their corrections, reviews of
the auction and requests for explanations (Law 20), cards from a wrong board reported (2007
17D, 2017 15A).

These are values kept in order in the table's state (``TableState.talk``) and shown in every
seat's view; the laws that decide whether an enquiry is allowed, and what a correction
sets off, are in ``law17_auction_period``, ``law20_review_explanation`` and
``law21_misinformation``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from dupbridge.core.calls import Call
from dupbridge.core.edition import LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import N_
from dupbridge.core.seats import Seat


class Period(Enum):
    """The periods of a board that Laws 17, 20, 21 and 22 speak of."""

    AUCTION = N_("auction")  # the auction is open
    CLARIFICATION = N_("clarification period")  # the auction has ended; no opening lead faced
    PLAY = N_("play period")  # the opening lead has been faced (end of the auction period)
    OVER = N_("board over")  # passed out (hands back in the board), or the play is complete


@dataclass(frozen=True, slots=True)
class HandTaken:
    """``seat`` took his cards out of the board: the auction period has begun for his side
    (Law 17A)."""

    seat: Seat
    law: LawRef


@dataclass(frozen=True, slots=True)
class Alert:
    """``seat`` alerted the call at ``record``; ``late`` when a call had been made since, so
    that the failure to alert at the time may be misinformation (21B1(a), 20F5)."""

    seat: Seat
    record: int
    law: LawRef
    late: bool = False


@dataclass(frozen=True, slots=True)
class Explanation:
    """``seat`` explained the call at ``record`` (20F1/20F2); ``corrects`` when his side had
    explained it before, so that this corrects a mistaken explanation (20F4/20F5), and
    ``proper`` says whether the correction came at the time the Laws require."""

    seat: Seat
    record: int
    text: str
    law: LawRef
    corrects: bool = False
    proper: bool = True
    at: int = field(default=-1, compare=False)
    """How many records (calls and cards) the table held when it was given: the cards
    played after a mistaken explanation (47E2) are those at or after it (-1: not known)."""


class EnquiryKind(Enum):
    CLARIFICATION = N_("which call was made")  # 20A
    REVIEW = N_("review of the auction")  # 20B, 20C2
    EXPLANATION = N_("explanation of the opponents' calls")  # 20F1, 20F2, 20F3
    OPENING_LEAD = N_("whose opening lead")  # 20C1
    REVOKE = N_("a card of the suit led?")  # 61B: asked of a player who showed out
    CONTRACT = N_("what the contract is")  # 41C: at his turn to play, not who doubled


@dataclass(frozen=True, slots=True)
class RestatedCall:
    seat: Seat
    call: Call
    alerted: bool


@dataclass(frozen=True, slots=True)
class Enquiry:
    """A question ``seat`` was entitled to ask, and the answer the record gives: the call
    asked about (20A), the whole auction restated by ``answered_by``, an opponent, with the
    alerts (20B, 20C2, 20D), the calls whose explanation was asked for (20F), or whether it
    is his opening lead (20C1)."""

    seat: Seat
    kind: EnquiryKind
    law: LawRef
    about: tuple[int, ...] = ()
    answered_by: Seat | None = None
    restatement: tuple[RestatedCall, ...] = ()
    answer: bool | None = None  # 20C1: is it his opening lead?
    note: str = ""


@dataclass(frozen=True, slots=True)
class Restatement:
    """An opponent restated the auction as ``calls`` (20D); ``errors`` are the positions
    where it differs from the record, each corrected at once by the record (20E)."""

    seat: Seat
    calls: tuple[Call, ...]
    law: LawRef
    errors: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Reservation:
    """``seat`` announced that he reserves the right to call the Director later about
    unauthorised information an opponent may have conveyed (16B2)."""

    seat: Seat
    law: LawRef


@dataclass(frozen=True, slots=True)
class CardConsulted:
    """``seat`` looked at his own system card or notes; ``proper`` when the Regulating
    Authority allows it, or it was the declaring side in the Clarification Period
    (2007 20G2 / 2017 20G3, 40B2(b))."""

    seat: Seat
    law: LawRef
    proper: bool


@dataclass(frozen=True, slots=True)
class WrongBoardReport:
    """Attention was drawn to ``seat`` having called with cards from a wrong board (2007
    17D, 2017 15A)."""

    seat: Seat
    law: LawRef


@dataclass(frozen=True, slots=True)
class TurnStatement:
    """``seat`` told ``told`` that it was his turn to lead or play (wrongly, if ``told`` is
    not next to play: 47E1); ``at``: how many records the table held then."""

    seat: Seat
    told: Seat
    law: LawRef
    at: int


class Means(Enum):
    """How information passed, in the words of 16B1 and 73B1 / 73D."""

    HESITATION = N_("unmistakable hesitation")
    SPEED = N_("unwonted speed")
    REMARK = N_("remark")
    GESTURE = N_("gesture or movement")
    MANNER = N_("special emphasis, tone or mannerism")
    QUESTION = N_("question")
    ALERT = N_("unexpected alert or failure to alert")
    EXPLANATION = N_("reply to a question")

    @classmethod
    def parse(cls, text: str) -> Means:
        key = text.strip().lower()
        found = _MEANS_WORDS.get(key) or next((m for m in cls if m.name.lower() == key), None)
        if found is None:
            raise ActionRejected(f"not a way of conveying information: {text!r} (expected "
                                 f"one of {', '.join(sorted(_MEANS_WORDS))})")
        return found


_MEANS_WORDS = {"hesitation": Means.HESITATION, "slow": Means.HESITATION,
                "speed": Means.SPEED, "fast": Means.SPEED, "remark": Means.REMARK,
                "gesture": Means.GESTURE, "manner": Means.MANNER, "emphasis": Means.MANNER,
                "question": Means.QUESTION, "alert": Means.ALERT,
                "explanation": Means.EXPLANATION}


@dataclass(frozen=True, slots=True)
class Conveyed:
    """``seat`` conveyed information by ``means`` after the first ``at`` records (calls and
    cards) of the board; ``what`` in the Director's words (Laws 16B, 73)."""

    seat: Seat
    means: Means
    law: LawRef
    at: int
    what: str = ""


TalkRecord = (HandTaken | Alert | Explanation | Enquiry | Restatement | Reservation
              | CardConsulted | WrongBoardReport | TurnStatement | Conveyed)
