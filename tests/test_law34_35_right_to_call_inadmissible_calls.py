"""Law 34 (retention of the right to call: 2007 17E2 / 2017 17D3) and Law 35 (the
inadmissible calls: 2007 35-1..35-4, 2017 35A-35D)."""

from __future__ import annotations

from conftest import act, auction_text, table_for
from dupbridge import DOUBLE, PASS, Edition, LawRef, Seat
from dupbridge.core.calls import Bid, Call, Denomination
from dupbridge.laws.auction import law35_inadmissible_calls as law35
from dupbridge.laws.machinery.ruling import Bar, BarKind, BarScope, IrregularityKind
from dupbridge.rules.auction import Auction


def item(edition: Edition, number: int) -> LawRef:
    return LawRef(edition, f"35-{number}" if edition is Edition.LAWS_2007 else "35" + "ABCD"[number - 1])


# Law 34


def test_law29A_law17E2_2007_law17D3_2017_law34_accepted_pass_out_of_rotation_cannot_end_the_auction(edition: Edition) -> None:
    """D-09: N 1S, E P, W P at S's turn, N passes accepting it: S was deprived, so the
    auction reverts to S; the passes from W's on are cancelled."""
    table = table_for(edition)
    act(table, "N:1S E:P W:P N:P")
    assert auction_text(table) == "1S Pass"
    assert table.turn is Seat.SOUTH
    # The ruling that accepted the pass set off the reversion: it cites Law 34 with it.
    missed = "17E2" if edition is Edition.LAWS_2007 else "17D3"
    assert {"29A", "34", missed} <= {law.clause for law in table.rulings[-1].clauses}


def test_law34_passed_out_auction_reverts_to_the_deprived_player(edition: Edition) -> None:
    """D-10: dealer N: N P, E P, W P at S's turn, N passes accepting it: four passes, but
    S was deprived (2007 17E2 / 2017 17D3 cover the passed-out auction too)."""
    table = table_for(edition)
    act(table, "N:P E:P W:P N:P")
    assert auction_text(table) == "Pass Pass"
    assert table.turn is Seat.SOUTH
    assert table.state.play is None


# Law 35


def test_law35_1_2007_law35A_2017_double_not_permitted_is_law36(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:P S:X")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.INADMISSIBLE_DOUBLE
    assert item(edition, 1) in pending.clauses
    auction = Auction.parse(Seat.NORTH, "1S P")
    assert law35.double_not_permitted(auction, Seat.SOUTH, DOUBLE)
    assert not law35.double_not_permitted(auction.with_call(Seat.SOUTH, PASS), Seat.WEST, DOUBLE)


def test_law35_2_2007_law35B_2017_call_by_a_player_required_to_pass_is_law37(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:P S:X")
    table.choose("rectify")  # 36B: N must pass for the rest of the auction
    act(table, "S:2S W:P N:3S")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.BARRED_PLAYER_CALLED
    assert item(edition, 2) in pending.clauses
    assert law35.required_to_pass(Bar(Seat.NORTH, BarScope.REST, LawRef(edition, "36B2")))
    repeat = Bar(Seat.NORTH, BarScope.NEXT, LawRef(edition, "31A1"), BarKind.REPEAT,
                 Call.parse("1H"))
    assert not law35.required_to_pass(repeat)  # must repeat a call: not an item of Law 35


def test_law35_3_2007_law35C_2017_bid_above_seven_is_law38(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:8C")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.BID_ABOVE_SEVEN
    assert item(edition, 3) in pending.clauses
    assert law35.above_seven(Bid(8, Denomination.CLUBS))
    assert not law35.above_seven(Bid(7, Denomination.NOTRUMP))


def test_law35_4_2007_law35D_2017_call_after_the_final_pass_is_law39(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    act(table, "E:X")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.CALL_AFTER_FINAL_PASS
    assert item(edition, 4) in pending.clauses
    assert law35.after_final_pass(table.state.current_auction)


def test_law35_inadmissible_calls_in_their_order(edition: Edition) -> None:
    """39 before 38: a bid above seven after the final pass is a call after the final pass;
    36 before 37: a barred player's inadmissible double is Law 36."""
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P N:8S")
    assert table.pending is not None
    assert table.pending.irregularity.kind is IrregularityKind.CALL_AFTER_FINAL_PASS
    table = table_for(edition)
    act(table, "N:1S E:P S:X")
    table.choose("rectify")
    act(table, "S:2S W:P N:X")  # N barred, and his double of his partner's bid inadmissible
    assert table.pending is not None
    assert table.pending.irregularity.kind is IrregularityKind.INADMISSIBLE_DOUBLE
