"""Calls (Law 18A): bids, pass, double and redouble; denominations ranked by Law 18E."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum

from dupbridge.core.cards import Suit
from dupbridge.core.errors import ParseError

_SUITS = tuple(Suit)


class Denomination(IntEnum):
    """Law 18E: no trump ranks highest, then spades, hearts, diamonds, clubs."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def letter(self) -> str:
        return ("C", "D", "H", "S", "NT")[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit this denomination names, None for no trump."""
        return None if self is Denomination.NOTRUMP else _SUITS[self]

    @property
    def is_major(self) -> bool:
        return self in (Denomination.HEARTS, Denomination.SPADES)

    @classmethod
    def parse(cls, text: str) -> Denomination:
        key = text.strip().upper()
        if key in _DENOMINATIONS:
            return _DENOMINATIONS[key]
        raise ParseError(f"not a denomination: {text!r} (expected C D H S NT)", text, 0)

    @classmethod
    def of_suit(cls, suit: Suit) -> Denomination:
        return cls(int(suit))

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Denomination.{self.name}"


_DENOMINATIONS = {
    "C": Denomination.CLUBS, "♣": Denomination.CLUBS,
    "D": Denomination.DIAMONDS, "♦": Denomination.DIAMONDS,
    "H": Denomination.HEARTS, "♥": Denomination.HEARTS,
    "S": Denomination.SPADES, "♠": Denomination.SPADES,
    "N": Denomination.NOTRUMP, "NT": Denomination.NOTRUMP, "SA": Denomination.NOTRUMP,
}


class Doubled(IntEnum):
    """The doubled state of a contract (Law 19: a double, then a redouble, of the last bid);
    the value is the Law 77 multiplier's exponent."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def suffix(self) -> str:
        return ("", "X", "XX")[self]

    def __repr__(self) -> str:
        return f"Doubled.{self.name}"


class Call:
    """A bid, pass, double or redouble (Definitions, Law 18A).

    ``Call.parse`` accepts ``1NT 1N 7nt P Pass X XX D R`` and bids above seven, which are
    not legal bids but must be representable so that Law 38 can be applied.
    """

    __slots__ = ()

    @staticmethod
    def parse(text: str) -> Call:
        key = text.strip().upper()
        if key in _SIMPLE_CALLS:
            return _SIMPLE_CALLS[key]
        match = _BID_PATTERN.match(key)
        if match:
            level = int(match["level"])
            if level < 1:
                raise ParseError("a bid names at least one odd trick", text, 0)
            return Bid(level, _DENOMINATIONS[match["denomination"]])
        raise ParseError(
            f"not a call: {text!r} (expected a bid such as 1NT or 4S, or P, X, XX)", text, 0
        )


_BID_PATTERN = re.compile(r"^(?P<level>\d{1,2})\s*(?P<denomination>NT|SA|[CDHSN♣♦♥♠])$")


class Pass(Call):
    __slots__ = ()

    def __str__(self) -> str:
        return "Pass"

    def __repr__(self) -> str:
        return "PASS"

    def __reduce__(self) -> str:
        return "PASS"


class Double(Call):
    __slots__ = ()

    def __str__(self) -> str:
        return "X"

    def __repr__(self) -> str:
        return "DOUBLE"

    def __reduce__(self) -> str:
        return "DOUBLE"


class Redouble(Call):
    __slots__ = ()

    def __str__(self) -> str:
        return "XX"

    def __repr__(self) -> str:
        return "REDOUBLE"

    def __reduce__(self) -> str:
        return "REDOUBLE"


PASS = Pass()
DOUBLE = Double()
REDOUBLE = Redouble()

_SIMPLE_CALLS: dict[str, Call] = {
    "P": PASS, "PASS": PASS, "-": PASS,
    "X": DOUBLE, "D": DOUBLE, "DBL": DOUBLE, "DOUBLE": DOUBLE,
    "XX": REDOUBLE, "R": REDOUBLE, "RDBL": REDOUBLE, "REDOUBLE": REDOUBLE,
}


@dataclass(frozen=True, slots=True)
class Bid(Call):
    """Law 18A: a number of odd tricks (one to seven) in a denomination.

    Levels above seven can be built so that the engine can record them (Law 38); they are
    never legal bids (``is_legal_level``).
    """

    level: int
    denomination: Denomination

    def __post_init__(self) -> None:
        if self.level < 1:
            raise ValueError(f"a bid names at least one odd trick, got level {self.level}")

    @property
    def rank(self) -> int:
        """Position in the order of Law 18B-E: 1C is 0, 7NT is 34; above seven is above 34."""
        return (self.level - 1) * 5 + self.denomination

    @property
    def is_legal_level(self) -> bool:
        return self.level <= 7

    def __str__(self) -> str:
        return f"{self.level}{self.denomination.letter}"

    def __repr__(self) -> str:
        return f"Bid({self.level}, {self.denomination!r})"


ALL_BIDS: tuple[Bid, ...] = tuple(Bid(level, d) for level in range(1, 8) for d in Denomination)
"""The 35 legal bids in ascending order (Law 18E): ``ALL_BIDS[bid.rank] == bid``."""


def bid(text: str) -> Bid:
    """Parse text that must be a bid (not pass, double or redouble)."""
    call = Call.parse(text)
    if not isinstance(call, Bid):
        raise ParseError(f"not a bid: {text!r}", text, 0)
    return call
