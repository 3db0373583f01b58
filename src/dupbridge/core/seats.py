"""Seats, sides and vulnerability (Law 2, Law 3, Definitions)."""

from __future__ import annotations

from enum import Enum, IntEnum

from dupbridge.core.errors import ParseError


class Side(Enum):
    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Side.{self.name}"


class Seat(IntEnum):
    """Compass seats in rotation order (clockwise, Law 17C)."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return "NESW"[self]

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next player in rotation."""
        return _SEATS[(self + 1) % 4]

    @property
    def partner(self) -> Seat:
        return _SEATS[(self + 2) % 4]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous player in rotation."""
        return _SEATS[(self + 3) % 4]

    @property
    def side(self) -> Side:
        return Side.NS if self % 2 == 0 else Side.EW

    def is_opponent_of(self, other: Seat) -> bool:
        return (self - other) % 2 == 1

    @classmethod
    def parse(cls, text: str) -> Seat:
        key = text.strip().upper()
        for seat in _SEATS:
            if key in (seat.letter, seat.name):
                return seat
        raise ParseError(f"not a seat: {text!r} (expected N, E, S or W)", text, 0)

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


class Vulnerability(Enum):
    """Law 2: which sides are vulnerable on a board."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    def is_vulnerable(self, who: Seat | Side) -> bool:
        side = who.side if isinstance(who, Seat) else who
        return self is Vulnerability.BOTH or self is (Vulnerability.NS if side is Side.NS
                                                      else Vulnerability.EW)

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """PBN spellings: None/Love/-, NS, EW, All/Both."""
        key = text.strip().upper()
        aliases = {
            "NONE": cls.NONE, "LOVE": cls.NONE, "-": cls.NONE, "O": cls.NONE,
            "NS": cls.NS, "N-S": cls.NS, "EW": cls.EW, "E-W": cls.EW,
            "ALL": cls.BOTH, "BOTH": cls.BOTH, "B": cls.BOTH,
        }
        if key in aliases:
            return aliases[key]
        raise ParseError(f"not a vulnerability: {text!r} (expected None, NS, EW or All)", text, 0)

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Vulnerability.{self.name}"
