"""Law 22: the end of the auction (D-06, D-07), both editions."""

from __future__ import annotations

from conftest import act, auction_text, table_for
from dupbridge import Edition
from dupbridge.rules.auction import AuctionStatus
from dupbridge.table.state import Phase


def test_law22A_2007_law22A1_2007_law22B_2017_four_passes_no_play_no_redeal(
    edition: Edition,
) -> None:
    """D-06: P P P P: passed out; the hands go back unplayed; no redeal."""
    table = table_for(edition)
    act(table, "N:P E:P S:P")
    assert table.state.current_auction.status is AuctionStatus.OPEN
    act(table, "W:P")
    assert table.state.current_auction.status is AuctionStatus.PASSED_OUT
    assert table.phase is Phase.COMPLETE and table.state.play is None
    result = table.result()
    assert result is not None and result.contract is None and result.score_ns == 0


def test_law22A2_2007_law22A_2017_three_passes_after_a_bid_fix_the_contract(
    edition: Edition,
) -> None:
    """D-07: N 1C E P S 1H W P N 1NT E P S 3NT W P N P E P: 3NT by N, the first of his
    side to bid no trump; undoubled."""
    table = table_for(edition)
    act(table, "N:1C E:P S:1H W:P N:1NT E:P S:3NT W:P N:P")
    assert table.state.current_auction.status is AuctionStatus.OPEN
    act(table, "E:P")
    assert table.state.current_auction.status is AuctionStatus.ENDED
    assert str(table.state.contract) == "3NT N"
    assert auction_text(table).endswith("3NT Pass Pass Pass")
    assert table.phase is Phase.PLAY
