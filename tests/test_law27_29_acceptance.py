"""Acceptance of an insufficient bid (27A1). (The tests of 28B and 29A moved to
test_law28_29_out_of_rotation.py.)"""

from __future__ import annotations

from conftest import act, auction_text, table_for
from dupbridge import Edition, LawRef, Seat
from dupbridge.laws.machinery.ruling import IrregularityKind


def test_law27A1_lho_calling_over_an_insufficient_bid_accepts_it(edition: Edition) -> None:
    """D-44: N 1S, E 1H (insufficient); S bids 2D: 1H is accepted as legal."""
    table = table_for(edition)
    act(table, "N:1S E:1H")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.INSUFFICIENT_BID
    assert pending.option("accept") is not None
    assert pending.option("accept").chosen_by is Seat.SOUTH  # type: ignore[union-attr]
    act(table, "S:2D")
    assert table.pending is None
    assert auction_text(table) == "1S 1H 2D"
    assert LawRef(edition, "27A1") in table.rulings[-1].clauses
