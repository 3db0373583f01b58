"""``[[expect]]`` keys about the auction: the bars on a player's calls (Laws 23, 26-32,
37), the lead restrictions offered (Law 26), the legal calls, the auction and the contract.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

from dupbridge.cases.expect_values import (
    Check,
    Difference,
    ExpectError,
    listed_text,
    read_call,
    read_clauses,
    read_count,
    read_seat,
    read_text,
    read_texts,
    seat_letter,
)
from dupbridge.core.calls import Bid, Call
from dupbridge.core.contract import Contract
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.ruling import (
    Bar,
    BarKind,
    BarScope,
)
from dupbridge.rules.auction import AuctionStatus
from dupbridge.table.table import Table


def calls_text(calls: Iterable[Call]) -> str:
    """Calls in the order of Law 18E; a run of consecutive bids is written ``2S..7NT``."""
    ordered = sorted(calls, key=_call_order)
    others = [str(call) for call in ordered if not isinstance(call, Bid)]
    bids = [call for call in ordered if isinstance(call, Bid)]
    if len(bids) > 2 and all(b.rank + 1 == c.rank for b, c in pairwise(bids)):
        others.append(f"{bids[0]}..{bids[-1]}")
    else:
        others.extend(str(bid) for bid in bids)
    return listed_text(others)


def _call_order(call: Call) -> int:
    if isinstance(call, Bid):
        return 3 + call.rank
    return {"Pass": 0, "X": 1, "XX": 2}.get(str(call), 0)


def bar_text(bar: Bar) -> str:
    """``W rest 27B2``, ``E next no-double 30B2(b)``, ``N next repeat 1H 31A1``: seat, scope,
    the kind when it is not the obligation to pass, and the clause that imposed the bar."""
    words = [bar.seat.letter, _SCOPE_WORDS[bar.scope]]
    if bar.kind is not BarKind.PASS:
        words.append(_KIND_WORDS[bar.kind])
    if bar.kind is BarKind.REPEAT and bar.call is not None:
        words.append(str(bar.call))
    words.append(bar.law.clause)
    return " ".join(words)


_SCOPE_WORDS = {BarScope.REST: "rest", BarScope.NEXT: "next"}
_SCOPES = {word: scope for scope, word in _SCOPE_WORDS.items()}
_KIND_WORDS = {BarKind.PASS: "pass", BarKind.NO_DOUBLE: "no-double", BarKind.REPEAT: "repeat"}
_KINDS = {word: kind for kind, word in _KIND_WORDS.items()}


@dataclass(frozen=True, slots=True)
class _BarPattern:
    """``W rest`` matches an obligation to pass under any clause; ``W rest 27B2`` only under
    that one; ``N next repeat 1H`` an obligation to repeat 1H."""

    seat: Seat
    scope: BarScope
    kind: BarKind
    call: Call | None
    clause: str | None

    def matches(self, bar: Bar) -> bool:
        return (bar.seat is self.seat and bar.scope is self.scope and bar.kind is self.kind
                and (self.call is None or bar.call == self.call)
                and (self.clause is None or bar.law.clause == self.clause))

    def __str__(self) -> str:
        words = [self.seat.letter, _SCOPE_WORDS[self.scope]]
        if self.kind is not BarKind.PASS:
            words.append(_KIND_WORDS[self.kind])
        if self.call is not None:
            words.append(str(self.call))
        if self.clause is not None:
            words.append(self.clause)
        return " ".join(words)


BAR_SYNTAX = "SEAT rest|next [pass|no-double|repeat CALL] [CLAUSE]"


def _bar_pattern(text: str, edition: Edition) -> _BarPattern:
    """Parse ``SEAT SCOPE [KIND [CALL]] [CLAUSE]`` from left to right: the call comes only
    after ``repeat``, so ``1H`` is never taken for a clause."""
    words = text.split()
    if len(words) < 2 or words[1].lower() not in _SCOPES:
        raise ExpectError(f"a bar is written '{BAR_SYNTAX}', as in 'W rest 27B2', not {text!r}")
    seat, scope, rest = read_seat(words[0]), _SCOPES[words[1].lower()], words[2:]
    kind, call = BarKind.PASS, None
    if rest and rest[0].lower() in _KINDS:
        kind = _KINDS[rest.pop(0).lower()]
        if kind is BarKind.REPEAT:
            if not rest:
                raise ExpectError(f"'repeat' names the call to repeat, as in 'N next repeat 1H', "
                                  f"not {text!r}")
            call = read_call(rest.pop(0))
    if len(rest) > 1:
        raise ExpectError(f"a bar is written '{BAR_SYNTAX}', not {text!r}")
    clause = read_clauses(rest, edition)[0] if rest else None
    return _BarPattern(seat, scope, kind, call, clause)


def check_bars(value: object, edition: Edition) -> Check:
    patterns = [_bar_pattern(text, edition) for text in read_texts(value)]

    def check(table: Table) -> Difference | None:
        bars = list(table.restrictions)
        unmatched = list(bars)
        for pattern in patterns:
            found = next((bar for bar in unmatched if pattern.matches(bar)), None)
            if found is None:
                break
            unmatched.remove(found)
        else:
            if not unmatched:
                return None
        return listed_text(str(p) for p in patterns), listed_text(bar_text(bar) for bar in bars)
    return check


def check_lead_restrictions(value: object, edition: Edition) -> Check:
    if not isinstance(value, list):
        wanted_count = read_count(value)

        def count(table: Table) -> Difference | None:
            have = len(table.state.lead_restrictions)
            return None if have == wanted_count else (str(wanted_count), str(have))
        return count
    wanted = sorted(_restriction_text(text) for text in read_texts(value))

    def listed(table: Table) -> Difference | None:
        have = sorted(f"{r.offender.letter} {r.withdrawn}" for r in table.state.lead_restrictions)
        return None if have == wanted else (listed_text(wanted), listed_text(have))
    return listed


def _restriction_text(text: str) -> str:
    """``S X``: the offender and the withdrawn call, normalised (``S D`` is ``S X`` too)."""
    words = text.split()
    if len(words) != 2:
        raise ExpectError(f"a lead restriction is written 'OFFENDER CALL', as in 'S X', "
                          f"not {text!r}")
    return f"{read_seat(words[0]).letter} {read_call(words[1])}"


def check_legal_calls(value: object, edition: Edition) -> Check:
    if not isinstance(value, dict):
        raise ExpectError(f"takes a table such as {{ seat = \"W\", calls = [\"P\"] }}, "
                          f"not {value!r}")
    unknown = sorted(set(value) - {"seat", "calls", "includes", "excludes"})
    if unknown or "seat" not in value or len(value) < 2:
        raise ExpectError("takes 'seat' and one or more of 'calls', 'includes', 'excludes'"
                          + (f"; unknown: {', '.join(unknown)}" if unknown else ""))
    seat_text = read_text(value["seat"])
    seat = None if seat_text.lower() == "none" else read_seat(seat_text)
    exact, includes, excludes = (
        None if key not in value else {read_call(text) for text in read_texts(value[key])}
        for key in ("calls", "includes", "excludes"))

    def check(table: Table) -> Difference | None:
        have = set(table.legal_calls())
        expected = _legal_calls_wanted(seat, exact, includes, excludes)
        actual = f"{seat_letter(table.turn)} to call: {calls_text(have)}"
        if table.turn is not seat:
            return expected, actual
        if exact is not None and have != exact:
            return expected, actual
        if includes is not None and not includes <= have:
            return expected, f"{actual}, missing {calls_text(includes - have)}"
        if excludes is not None and excludes & have:
            return expected, f"{actual}, including {calls_text(excludes & have)}"
        return None
    return check


def _legal_calls_wanted(seat: Seat | None, exact: set[Call] | None, includes: set[Call] | None,
                        excludes: set[Call] | None) -> str:
    parts = []
    if exact is not None:
        parts.append(f"exactly {calls_text(exact)}")
    if includes is not None:
        parts.append(f"including {calls_text(includes)}")
    if excludes is not None:
        parts.append(f"excluding {calls_text(excludes)}")
    return f"{seat_letter(seat)} to call: " + ", ".join(parts)


def check_auction(value: object, edition: Edition) -> Check:
    wanted = " ".join(str(read_call(token)) for token in read_text(value).split())

    def check(table: Table) -> Difference | None:
        have = str(table.state.current_auction)
        return None if have == wanted else (repr(wanted), repr(have))
    return check


def check_contract(value: object, edition: Edition) -> Check:
    wanted = contract_text(read_text(value))

    def check(table: Table) -> Difference | None:
        state = table.state
        have = ("passed out" if state.current_auction.status is AuctionStatus.PASSED_OUT
                else "none" if state.contract is None else str(state.contract))
        return None if have == wanted else (wanted, have)
    return check


def contract_text(text: str) -> str:
    key = " ".join(text.lower().split())
    if key in ("passed out", "none"):
        return key
    try:
        return str(Contract.parse(text))
    except ParseError as error:
        raise ExpectError(f"{error.reason}, or 'passed out', or 'none'") from None
