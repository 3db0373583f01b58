"""Law 37: a player required to pass bids, doubles or redoubles (D-35, D-36)."""

from __future__ import annotations

from conftest import act, auction_text, table_for
from dupbridge import PASS, Edition, LawRef, Seat
from dupbridge.laws.machinery.ruling import BarScope, IrregularityKind, LeadRestriction


def south_barred(edition: Edition):  # type: ignore[no-untyped-def]
    """S barred for the rest of the auction: N doubled his partner's bid (Law 36B)."""
    table = table_for(edition, "S")
    act(table, "S:1C W:P N:X")
    table.choose("rectify")
    act(table, "N:P E:1H")
    assert table.turn is Seat.SOUTH
    assert set(table.legal_calls()) == {PASS}
    return table


def test_law37B_law37B1_law37B2_barred_player_bids_pass_substituted_both_barred(edition: Edition) -> None:
    """D-36: S, barred, bids 3H at his turn; W does not call."""
    table = south_barred(edition)
    act(table, "S:3H")
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.BARRED_PLAYER_CALLED
    assert LawRef(edition, "37") in pending.clauses
    table.choose("rectify")
    assert auction_text(table) == "1C Pass Pass 1H Pass"
    assert table.turn is Seat.WEST
    bars = {(b.seat, b.scope, b.law.clause) for b in table.restrictions}
    assert (Seat.SOUTH, BarScope.REST, "37B2") in bars
    assert (Seat.NORTH, BarScope.REST, "37B2") in bars
    ruling = table.rulings[-1]
    assert {LawRef(edition, "37B1"), LawRef(edition, "37B2")} <= set(ruling.clauses)
    assert any(isinstance(e, LeadRestriction) for e in ruling.effects)
    act(table, "W:P")
    assert set(table.legal_calls()) == {PASS}  # North barred too


def test_law37A_lho_calls_before_rectification_everything_stands(edition: Edition) -> None:
    """D-35: W calls over S's 3H before the ruling: all calls stand, S stays barred."""
    table = south_barred(edition)
    act(table, "S:3H W:4H")
    assert table.pending is None
    assert auction_text(table) == "1C Pass Pass 1H 3H 4H"
    ruling = table.rulings[-1]
    assert ruling.option is None and LawRef(edition, "37A") in ruling.clauses
    assert not any(isinstance(e, LeadRestriction) for e in ruling.effects)
    act(table, "N:P E:P")
    assert table.turn is Seat.SOUTH
    assert set(table.legal_calls()) == {PASS}  # barred for the rest of the auction


def test_law37A_lho_call_is_itself_classified(edition: Edition) -> None:
    """The call that condones is a call like any other: an insufficient one is irregular."""
    table = south_barred(edition)
    act(table, "S:3H W:2H")
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.INSUFFICIENT_BID
    assert pending.irregularity.offender is Seat.WEST


def test_law37_inadmissible_double_by_barred_player_is_law36(edition: Edition) -> None:
    """Law 36 takes priority: 37 covers only doubles permitted by Law 19."""
    table = south_barred(edition)
    act(table, "S:XX")
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.INADMISSIBLE_DOUBLE
