"""Law 2: duplicate boards, their dealer and vulnerability."""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.deal import Deal
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat, Vulnerability

_SEATS = tuple(Seat)
_VULNERABILITY_CYCLE = (
    Vulnerability.NONE,
    Vulnerability.NS,
    Vulnerability.EW,
    Vulnerability.BOTH,
)


@law("2", title="Duplicate boards: dealer and vulnerability")
def law2_dealer(number: int) -> Seat:
    """Law 2: North deals boards 1, 5, 9, 13, East 2, 6, 10, 14, and so on every 16 boards."""
    _check_number(number)
    return _SEATS[(number - 1) % 4]


@law("2", title="Duplicate boards: dealer and vulnerability")
def law2_vulnerability(number: int) -> Vulnerability:
    """Law 2: the 16-board vulnerability cycle (None on 1, NS on 2, EW on 3, All on 4...)."""
    _check_number(number)
    position = (number - 1) % 16
    return _VULNERABILITY_CYCLE[(position + position // 4) % 4]


def _check_number(number: int) -> None:
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ValueError(f"boards are numbered from 1, got {number!r}")


@dataclass(frozen=True, slots=True)
class Board:
    """A duplicate board. Dealer and vulnerability follow Law 2 from the number, unless the
    board is marked otherwise: a non-conforming board, once used, keeps its markings for
    the whole session (Law 2)."""

    number: int
    deal: Deal | None = None
    marked_dealer: Seat | None = None
    marked_vulnerability: Vulnerability | None = None

    def __post_init__(self) -> None:
        _check_number(self.number)

    @property
    def dealer(self) -> Seat:
        return self.marked_dealer if self.marked_dealer is not None else law2_dealer(self.number)

    @property
    def vulnerability(self) -> Vulnerability:
        if self.marked_vulnerability is not None:
            return self.marked_vulnerability
        return law2_vulnerability(self.number)

    @property
    def conforms_to_law2(self) -> bool:
        return (self.dealer, self.vulnerability) == (
            law2_dealer(self.number),
            law2_vulnerability(self.number),
        )
