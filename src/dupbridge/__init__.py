"""dupbridge: the Laws of Duplicate Bridge, executable.

The flat public API of DESIGN.md: ``from dupbridge import Card, Deal, Board, Table``.
"""

from dupbridge.core.board import Board
from dupbridge.core.calls import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Call,
    Denomination,
    Double,
    Pass,
    Redouble,
)
from dupbridge.core.cards import Card, CardSet, Hand, Rank, Suit
from dupbridge.core.contract import Contract, Doubled
from dupbridge.core.deal import Deal
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.errors import ActionRejected, ParseError
from dupbridge.core.seats import Seat, Side, Vulnerability
from dupbridge.laws.profiles import Regulations, load_profile
from dupbridge.rules.auction import Auction
from dupbridge.rules.play import Play, Trick
from dupbridge.table.table import Table
from dupbridge.table.view import view

__version__ = "0.1.0"

__all__ = [
    "DOUBLE",
    "PASS",
    "REDOUBLE",
    "ActionRejected",
    "Auction",
    "Bid",
    "Board",
    "Call",
    "Card",
    "CardSet",
    "Contract",
    "Deal",
    "Denomination",
    "Double",
    "Doubled",
    "Edition",
    "Hand",
    "LawRef",
    "ParseError",
    "Pass",
    "Play",
    "Rank",
    "Redouble",
    "Regulations",
    "Seat",
    "Side",
    "Suit",
    "Table",
    "Trick",
    "Vulnerability",
    "load_profile",
    "view",
]
