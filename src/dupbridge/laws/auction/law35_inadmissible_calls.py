"""Law 35: the inadmissible calls, and the law that rectifies each (2007 items 35-1 to
35-4, 2017 35A-35D). The dispatcher asks these in the catalogue's order (§3, §13): a call
after the final pass (39), a bid above seven (38), then by turn a double or redouble Law 19
does not permit (36) before a call by a player required to pass (37)."""

from __future__ import annotations

from dupbridge.core.calls import DOUBLE, REDOUBLE, Bid, Call
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017
from dupbridge.laws.machinery.ruling import Bar, BarKind, Cite
from dupbridge.rules.auction import Auction


def item(edition: Edition, rectified_by: int) -> LawRef:
    """The item of Law 35 that makes a call inadmissible and sends it to the law that
    rectifies it (36 to 39): 2007 numbers the items 35-1 to 35-4, 2017 letters them 35A-35D."""
    index = rectified_by - 36
    assert 0 <= index < 4, f"Law 35 sends calls to Laws 36-39, not {rectified_by}"
    clause = "35" + "ABCD"[index] if edition is Edition.LAWS_2017 else f"35-{index + 1}"
    return LawRef(edition, clause)


def cite_item(edition: Edition, rectified_by: int) -> Cite:
    """The ruling on an inadmissible call cites the Law 35 item that made it one."""
    return Cite(item(edition, rectified_by))


@law("35", title="Inadmissible calls")
@law("35-1", editions=LAWS_2007, title="Double or redouble not permitted by Law 19: Law 36")
@law("35A", editions=LAWS_2017, title="Double or redouble not permitted by Law 19: Law 36")
def double_not_permitted(auction: Auction, seat: Seat, call: Call) -> bool:
    """2007 35-1 / 2017 35A: a double or redouble Law 19 does not permit (Law 36)."""
    return (call is DOUBLE or call is REDOUBLE) and not auction.is_permitted(seat, call)


def nothing_to_double(auction: Auction, call: Call) -> bool:
    """An inadmissible double before any bid, or redouble when no double of the last bid
    stands: there is nothing it could be of (19A1 / 19B1: a double is of the last bid, a
    redouble of a double), so Law 36 can never let it stand."""
    redouble = call is REDOUBLE
    for standing in reversed(auction.calls):
        if redouble and standing.call is DOUBLE:
            return False  # a double of the last bid (made by anyone) to redouble
        if isinstance(standing.call, Bid):
            return redouble  # a bid to double; for a redouble, no double of it came
    return True


@law("35-2", editions=LAWS_2007, title="Bid, double or redouble by a player required to pass")
@law("35B", editions=LAWS_2017, title="Bid, double or redouble by a player required to pass")
def required_to_pass(bar: Bar | None) -> bool:
    """2007 35-2 / 2017 35B: the call breaks an obligation to pass (Law 37). Other
    obligations a rectification imposes (to repeat a call, 31A1/32B1; not to double, 2007
    30B2(b)) are not this item: their breach is ruled on by Laws 30-32."""
    return bar is not None and bar.kind is BarKind.PASS


@law("35-3", editions=LAWS_2007, title="Bid of more than seven: Law 38")
@law("35C", editions=LAWS_2017, title="Bid of more than seven: Law 38")
def above_seven(call: Call) -> bool:
    return isinstance(call, Bid) and not call.is_legal_level


@law("35-4", editions=LAWS_2007, title="Call after the final pass: Law 39")
@law("35D", editions=LAWS_2017, title="Call after the final pass: Law 39")
def after_final_pass(auction: Auction) -> bool:
    return auction.is_over
