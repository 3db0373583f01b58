"""dupbridge: the Laws of Duplicate Bridge, executable.

The flat public API of docs/architecture.md: ``from dupbridge import Card, Deal, Board, Table``.
Names are imported on first use (PEP 562), so that ``import dupbridge`` (and the command
line's ``--help``) does not load the table engine until something asks for it.
"""

from __future__ import annotations

# Not ``typing.TYPE_CHECKING``: importing ``typing`` (and the ``re`` it loads) would be a
# good part of ``dupbridge --help``'s time, for names only a type checker reads.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from dupbridge.core.board import Board
    from dupbridge.core.calls import (
        DOUBLE,
        PASS,
        REDOUBLE,
        Bid,
        Call,
        Denomination,
        Double,
        Doubled,
        Pass,
        Redouble,
    )
    from dupbridge.core.cards import Card, CardSet, Hand, Rank, Suit
    from dupbridge.core.contract import Contract
    from dupbridge.core.deal import Deal
    from dupbridge.core.edition import Edition, LawRef
    from dupbridge.core.errors import ActionRejected, ParseError
    from dupbridge.core.seats import Seat, Side, Vulnerability
    from dupbridge.laws.machinery.profiles import Regulations, load_profile
    from dupbridge.rules.auction import Auction
    from dupbridge.rules.play import Play, Trick
    from dupbridge.table.table import Table
    from dupbridge.table.view import view

_LAZY: dict[str, str] = {
    "ActionRejected": "dupbridge.core.errors",
    "Auction": "dupbridge.rules.auction",
    "Bid": "dupbridge.core.calls",
    "Board": "dupbridge.core.board",
    "Call": "dupbridge.core.calls",
    "Card": "dupbridge.core.cards",
    "CardSet": "dupbridge.core.cards",
    "Contract": "dupbridge.core.contract",
    "DOUBLE": "dupbridge.core.calls",
    "Deal": "dupbridge.core.deal",
    "Denomination": "dupbridge.core.calls",
    "Double": "dupbridge.core.calls",
    "Doubled": "dupbridge.core.calls",
    "Edition": "dupbridge.core.edition",
    "Hand": "dupbridge.core.cards",
    "LawRef": "dupbridge.core.edition",
    "PASS": "dupbridge.core.calls",
    "ParseError": "dupbridge.core.errors",
    "Pass": "dupbridge.core.calls",
    "Play": "dupbridge.rules.play",
    "REDOUBLE": "dupbridge.core.calls",
    "Rank": "dupbridge.core.cards",
    "Redouble": "dupbridge.core.calls",
    "Regulations": "dupbridge.laws.machinery.profiles",
    "Seat": "dupbridge.core.seats",
    "Side": "dupbridge.core.seats",
    "Suit": "dupbridge.core.cards",
    "Table": "dupbridge.table.table",
    "Trick": "dupbridge.rules.play",
    "Vulnerability": "dupbridge.core.seats",
    "load_profile": "dupbridge.laws.machinery.profiles",
    "view": "dupbridge.table.view",
}

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


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'dupbridge' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
