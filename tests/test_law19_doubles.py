"""Law 19: doubles and redoubles (D-02 to D-05, D-08), both editions."""

from __future__ import annotations

import pytest

from conftest import act, auction_text, table_for
from dupbridge import Edition, Seat
from dupbridge.core.calls import DOUBLE, REDOUBLE, Bid, Call
from dupbridge.laws.machinery.ruling import IrregularityKind
from dupbridge.rules.auction import Auction


def test_law19A_law19A1_double_of_the_last_bid_by_an_opponent(edition: Edition) -> None:
    """D-02: N 1S, E X: legal."""
    table = table_for(edition)
    act(table, "N:1S E:X")
    assert table.pending is None and auction_text(table) == "1S X"


def test_law19A1_double_of_partners_bid_is_inadmissible(edition: Edition) -> None:
    """D-03: N 1S, E P, S X: inadmissible (Law 36)."""
    table = table_for(edition)
    act(table, "N:1S E:P")
    assert DOUBLE not in table.legal_calls()
    act(table, "S:X")
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.INADMISSIBLE_DOUBLE


def test_law19A1_double_after_passes_since_the_opponents_bid(edition: Edition) -> None:
    """D-05: N 1S, E P, S P, W X: legal (only passes since the opponent's bid)."""
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:X")
    assert table.pending is None and auction_text(table) == "1S Pass Pass X"


def test_law19B_law19B1_redouble_of_an_opponents_double(edition: Edition) -> None:
    """D-04: N 1S, E X, S XX is legal; N 1S, E X, S P, W XX redoubles his partner's
    double: inadmissible."""
    table = table_for(edition)
    act(table, "N:1S E:X")
    assert REDOUBLE in table.legal_calls()
    act(table, "S:XX")
    assert table.pending is None
    table = table_for(edition)
    act(table, "N:1S E:X S:P")
    assert REDOUBLE not in table.legal_calls()
    act(table, "W:XX")
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.INADMISSIBLE_DOUBLE


@pytest.mark.parametrize(("calls", "stated", "made", "misstated"), [
    ("1S X", "1S", "1S", False),
    ("1S X", "2H", "1S", True),
    ("1S 2H X", "1S", "2H", True),
    ("1S X XX", None, "1S", False),
])
def test_law19A3_law19B3_a_misstated_double_is_of_the_bid_as_made(
    calls: str, stated: str | None, made: str, misstated: bool
) -> None:
    auction = Auction.parse(Seat.NORTH, calls)
    said = Call.parse(stated) if stated is not None else None
    assert said is None or isinstance(said, Bid)
    doubled, wrong = auction.bid_doubled(said)
    assert str(doubled) == made
    assert wrong is misstated


def test_law19C_law19D_doubled_contract_and_a_later_bid_superseding_it(edition: Edition) -> None:
    """D-08: N 1S, E X, S P, W P, N P: 1S doubled by N; a later bid would have superseded
    the double."""
    table = table_for(edition)
    act(table, "N:1S E:X S:P W:P N:P")
    assert str(table.state.contract) == "1SX N"
    table = table_for(edition)
    act(table, "N:1S E:X S:2S W:P N:P E:P")
    assert str(table.state.contract) == "2S N"  # undoubled: 2S superseded the double
