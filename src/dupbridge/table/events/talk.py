"""What is said and done besides calls and cards (Laws 16, 17, 20): see ``table.talk``."""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.calls import Call
from dupbridge.core.seats import Seat


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
