"""Law 18: bids (D-01), both editions."""

from __future__ import annotations

import pytest

from conftest import act, auction_text, table_for
from dupbridge import Edition, Seat
from dupbridge.core.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Denomination
from dupbridge.laws.machinery.ruling import IrregularityKind
from dupbridge.rules.auction import Auction, is_bid


@pytest.mark.parametrize(("text", "bid"), [
    ("1C", True), ("7NT", True), ("8C", False), ("P", False), ("X", False), ("XX", False),
])
def test_law18A_a_bid_names_one_to_seven_odd_tricks_and_a_denomination(
    text: str, bid: bool
) -> None:
    assert is_bid(Call.parse(text)) is bid


def test_law18B_law18C_law18D_sufficient_and_insufficient_bids() -> None:
    """D-01: over 1S, 1NT and 2C are sufficient, 1H is insufficient."""
    auction = Auction.parse(Seat.NORTH, "1S")
    assert auction.is_sufficient(Call.parse("1NT"))  # same level, higher denomination
    assert auction.is_sufficient(Call.parse("2C"))  # higher level
    assert not auction.is_sufficient(Call.parse("1H"))
    assert not auction.is_sufficient(Call.parse("1S"))
    legal = auction.legal_calls(Seat.EAST)
    assert Call.parse("1NT") in legal and Call.parse("1H") not in legal


def test_law18D_an_insufficient_bid_at_the_table_is_an_irregularity(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:1H")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.INSUFFICIENT_BID
    table.undo()
    act(table, "E:1NT")
    assert table.pending is None and auction_text(table) == "1S 1NT"


def test_law18E_rank_of_the_denominations() -> None:
    assert sorted(Denomination, reverse=True) == [
        Denomination.NOTRUMP, Denomination.SPADES, Denomination.HEARTS,
        Denomination.DIAMONDS, Denomination.CLUBS]
    assert Bid(1, Denomination.NOTRUMP).rank < Bid(2, Denomination.CLUBS).rank
    assert tuple(Call.parse(t) for t in ("P", "X", "XX")) == (PASS, DOUBLE, REDOUBLE)
