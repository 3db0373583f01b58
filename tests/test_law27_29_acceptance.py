"""The players' options that are already exact before Laws 27 and 29-32 are complete:
acceptance of an insufficient bid (27A1), of a call out of rotation (29A), and the
forfeiture by the player whose turn it was (28B)."""

from __future__ import annotations

from conftest import act, auction_text, table_for
from dupbridge import Edition, LawRef, Seat
from dupbridge.laws.ruling import IrregularityKind
from dupbridge.table.state import Status


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


def test_law29A_lho_calling_over_a_call_out_of_rotation_accepts_it(edition: Edition) -> None:
    """D-13: dealer W; N 1H out of rotation (at W's turn); E bids 2C: 1H stands, W loses
    his turn and S calls next."""
    table = table_for(edition, "W")
    act(table, "N:1H")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.CALL_OUT_OF_ROTATION
    act(table, "E:2C")
    assert auction_text(table) == "1H 2C"
    assert table.state.current_auction.calls[0].deprived == (Seat.WEST,)
    assert table.turn is Seat.SOUTH
    assert LawRef(edition, "29A") in table.rulings[-1].clauses


def test_law28B_call_by_the_player_whose_turn_it_was_cancels_the_call(edition: Edition) -> None:
    """D-12: dealer W; N 1H at W's turn; W, unaware, opens 1S: N's 1H is cancelled and is
    unauthorised information to S."""
    table = table_for(edition, "W")
    act(table, "N:1H W:1S")
    assert auction_text(table) == "1S"
    assert table.turn is Seat.NORTH
    assert table.state.records[0].status is Status.CANCELLED
    tags = table.state.information
    assert [t.authorised.value for t in tags] == ["EW"]
    assert LawRef(edition, "28B") in table.rulings[-1].clauses


def test_law29A_law17E2_2007_law17D3_2017_law34_accepted_pass_out_of_rotation_cannot_end_the_auction(edition: Edition) -> None:
    """D-09 (2007 17E2 / 2017 17D3, Law 34): N 1S, E P, W P at S's turn, N passes
    accepting it: S was deprived, so the auction reverts to S."""
    table = table_for(edition)
    act(table, "N:1S E:P W:P N:P")
    assert auction_text(table) == "1S Pass"
    assert table.turn is Seat.SOUTH
