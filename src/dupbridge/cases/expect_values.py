"""What every ``[[expect]]`` key shares: the types of a check, the error for a malformed
value, reading the values written in a case file (rejected at load time) and writing what
the table holds as text. The keys themselves are in ``checks``, ``auction_checks``,
``play_checks`` and ``claim_checks``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from dupbridge.core.calls import Call
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.ruling import Chooser
from dupbridge.table.table import Table

Difference = tuple[str, str]
"""(expected, actual), as text."""
Check = Callable[[Table], Difference | None]
CheckFactory = Callable[[object, Edition], Check]


class ExpectError(ValueError):
    """A value in an ``[[expect]]`` table that does not say anything checkable."""


# Reading the values of the case file


def read_bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise ExpectError(f"takes true or false, not {value!r}")
    return value


def read_text(value: object) -> str:
    if not isinstance(value, str):
        raise ExpectError(f"takes a string, not {value!r}")
    return value


def read_texts(value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ExpectError(f"takes a list of strings, not {value!r}")
    return list(value)


def read_count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ExpectError(f"takes a count (0 or more), not {value!r}")
    return value


def read_call(text: str) -> Call:
    try:
        return Call.parse(text)
    except ParseError as error:
        raise ExpectError(error.reason) from None


def read_seat(text: str) -> Seat:
    try:
        return Seat.parse(text)
    except ParseError as error:
        raise ExpectError(error.reason) from None


def read_clauses(value: object, edition: Edition) -> list[str]:
    """Clause ids of the case's edition, checked against the numbering pattern."""
    items = read_texts(value)
    for item in items:
        try:
            LawRef(edition, item)
        except ParseError as error:
            raise ExpectError(error.reason) from None
    return items


# Showing what the table holds


def listed_text(items: Iterable[str]) -> str:
    text = ", ".join(items)
    return f"[{text}]" if text else "[] (none)"


def seat_letter(seat: Seat | None) -> str:
    return "none" if seat is None else seat.letter


def chooser_letter(chooser: Chooser) -> str:
    return chooser.letter if isinstance(chooser, Seat) else "Director"
