"""The ``clauses`` key of an ``[[expect]]`` table: the clauses the table has cited so far.

An entry is a clause cited by some ruling (``"25A2"``), or a clause carried by something
left on the table, written with what carries it:

- ``"penalty E D2 50"``: East's penalty card D2 (on the table now) rests on Law 50 (a
  penalty card made under another law also carries Law 50, whose obligations it has);
- ``"call S:2C 25A2"``: the last 2C South made was placed, cancelled or admitted under 25A2;
- ``"information 16D2"``: an information tag of a withdrawn call or card rests on 16D2;
- ``"claim 69A"``: the claim on the table rests on 69A (68A claimed, 68B1 conceded, 69A
  agreed: an agreed claim is settled by no ruling).

Inclusion, not equality: a case names the clauses its ruling turns on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat
from dupbridge.table.state import CallRecord
from dupbridge.table.table import Table

Difference = tuple[str, str]


class ClauseEntryError(ValueError):
    """An entry of ``clauses`` that names no clause, or nothing that can carry one."""


@dataclass(frozen=True, slots=True)
class _Wanted:
    text: str  # as written in the case, for the report
    clause: str
    carried: Callable[[Table], set[str]]  # the clauses of what carries it, on the table now


def _clause(text: str, edition: Edition) -> str:
    try:
        return LawRef(edition, text).clause
    except ParseError as error:
        raise ClauseEntryError(error.reason) from None


def _rulings(table: Table) -> set[str]:
    return {law.clause for ruling in table.rulings for law in ruling.clauses}


def _penalty(seat: Seat, card: Card) -> Callable[[Table], set[str]]:
    def carried(table: Table) -> set[str]:
        return {law.clause for pc in table.state.penalty_cards
                if pc.seat is seat and pc.card == card for law in pc.clauses}
    return carried


def _call(seat: Seat, call: Call) -> Callable[[Table], set[str]]:
    def carried(table: Table) -> set[str]:
        records = [entry for entry in table.state.records if isinstance(entry, CallRecord)
                   and entry.seat is seat and entry.call == call]
        law = records[-1].law if records else None
        return set() if law is None else {law.clause}
    return carried


def _information(table: Table) -> set[str]:
    return {tag.law.clause for tag in table.state.information}


def _claim(table: Table) -> set[str]:
    claim = table.state.claim
    return set() if claim is None else {law.clause for law in claim.rests_on(table.edition)}


def _entry(text: str, edition: Edition) -> _Wanted:
    words = text.split()
    try:
        if len(words) == 1:
            return _Wanted(text, _clause(words[0], edition), _rulings)
        if words[0].lower() == "penalty" and len(words) == 4:
            carried = _penalty(Seat.parse(words[1]), Card.parse(words[2]))
            return _Wanted(text, _clause(words[3], edition), carried)
        if words[0].lower() == "call" and len(words) == 3 and ":" in words[1]:
            seat_text, call_text = words[1].split(":", 1)
            carried = _call(Seat.parse(seat_text), Call.parse(call_text))
            return _Wanted(text, _clause(words[2], edition), carried)
        if words[0].lower() == "information" and len(words) == 2:
            return _Wanted(text, _clause(words[1], edition), _information)
        if words[0].lower() == "claim" and len(words) == 2:
            return _Wanted(text, _clause(words[1], edition), _claim)
    except ParseError as error:
        raise ClauseEntryError(f"{text!r}: {error.reason}") from None
    raise ClauseEntryError(f"a clause is written '25A2', 'penalty SEAT CARD CLAUSE', "
                           f"'call SEAT:CALL CLAUSE', 'information CLAUSE' or "
                           f"'claim CLAUSE', not {text!r}")


def clauses_check(items: list[str], edition: Edition) -> Callable[[Table], Difference | None]:
    """The check of a ``clauses`` list (see the module's docstring)."""
    wanted = [_entry(text, edition) for text in items]

    def check(table: Table) -> Difference | None:
        missing = [w for w in wanted if w.clause not in w.carried(table)]
        if not missing:
            return None
        have = sorted(_rulings(table))
        extra = [f"{w.text}: carries {sorted(w.carried(table)) or 'nothing'}"
                 for w in missing if w.carried is not _rulings]
        actual = f"[{', '.join(have)}]" if have else "[] (none)"
        return (f"includes [{', '.join(w.text for w in wanted)}]",
                "; ".join([actual, *extra]))
    return check
