"""Facts about the boards and cards reported to the Director (Laws 13-15)."""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.cards import Card
from dupbridge.core.seats import Seat


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


BoardEvent = CardCountReported | CardFound | WrongBoardPlayed


BOARD_EVENTS = (CardCountReported, CardFound, WrongBoardPlayed)
