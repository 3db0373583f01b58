"""Law 38: a bid of more than seven (D-37, D-38)."""

from __future__ import annotations

from conftest import act, auction_text, table_for
from dupbridge import Edition, LawRef, Seat
from dupbridge.laws.machinery.ruling import BarScope, IrregularityKind, LeadRestriction, Review
from dupbridge.table.state import Phase


def test_law38A_law38C_law38D_pass_substituted_and_auction_may_end(edition: Edition) -> None:
    """D-37: E 7NT, S P, W P, N 8C: 8C becomes a pass; 7NT P P P; contract 7NT by E."""
    table = table_for(edition, "E")
    act(table, "E:7NT S:P W:P N:8C")
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.BID_ABOVE_SEVEN
    table.choose("rectify")
    assert auction_text(table) == "7NT Pass Pass Pass"
    contract = table.state.contract
    assert contract is not None and str(contract) == "7NT E"
    assert table.phase is Phase.PLAY
    ruling = table.rulings[-1]
    assert {LawRef(edition, c) for c in ("38A", "38B", "38C", "38D")} <= set(ruling.clauses)
    assert any(isinstance(e, Review) for e in ruling.effects)
    assert any(isinstance(e, LeadRestriction) for e in ruling.effects)


def test_law38B_law38D_later_calls_cancelled_even_after_lho_called(edition: Edition) -> None:
    """D-38: E doubles 8C before the ruling: 8C and X cancelled; no 23/72C, no 26 (38D)."""
    table = table_for(edition, "E")
    act(table, "E:7NT S:P W:P N:8C E:X")
    pending = table.pending
    assert pending is not None  # the Director still rules: 38B applies regardless
    table.choose("rectify")
    assert auction_text(table) == "7NT Pass Pass Pass"
    ruling = table.rulings[-1]
    assert LawRef(edition, "38D") in ruling.clauses
    assert not any(isinstance(e, (Review, LeadRestriction)) for e in ruling.effects)


def test_law38C_offender_and_partner_barred(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:8H")
    table.choose("rectify")
    assert auction_text(table) == "1S Pass"
    bars = {(b.seat, b.scope) for b in table.restrictions}
    assert bars == {(Seat.EAST, BarScope.REST), (Seat.WEST, BarScope.REST)}


def test_law38_bid_above_seven_out_of_rotation(edition: Edition) -> None:
    """Out of rotation there is no turn for a pass to fill: the auction goes back to the
    player whose turn it was; both members of the offending side are barred."""
    table = table_for(edition)
    act(table, "N:1S S:9NT")
    table.choose("rectify")
    assert auction_text(table) == "1S"
    assert table.turn is Seat.EAST
    assert {b.seat for b in table.restrictions} == {Seat.NORTH, Seat.SOUTH}
