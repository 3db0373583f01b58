"""Information conveyed and the Director called to it (Laws 16, 73; system cards, 40)."""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.seats import Seat, Side
from dupbridge.laws.auction.law40_system import Agreement, SystemCard


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
