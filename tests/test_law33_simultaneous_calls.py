"""Law 33: simultaneous calls (catalogue D-63)."""

from __future__ import annotations

from conftest import act, auction_text, table_for
from dupbridge import Edition, LawRef, Seat
from dupbridge.core.calls import Call
from dupbridge.laws.machinery.ruling import IrregularityKind


def test_law33_simultaneous_call_is_taken_after_the_call_in_turn(edition: Edition) -> None:
    """D-63: dealer N: N 1S and S 1H at the same time. Recorded S first: the Director finds
    them simultaneous; N's 1S is then taken first and S's 1H after it: at E's turn (RHO)
    and insufficient, 27A2: Law 31."""
    table = table_for(edition)
    act(table, "S:1H")
    pending = table.pending
    assert pending is not None
    option = pending.option("simultaneous")
    assert option is not None and option.chosen_by == "Director"
    table.choose("simultaneous")
    assert LawRef(edition, "33") in table.rulings[-1].clauses
    assert table.turn is Seat.NORTH
    act(table, "N:1S")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.CALL_OUT_OF_ROTATION
    assert pending.irregularity.offender is Seat.SOUTH
    assert pending.irregularity.turn is Seat.EAST
    assert pending.irregularity.action == Call.parse("1H")
    assert LawRef(edition, "27A2") in pending.clauses
    assert auction_text(table) == "1S"


def test_law33_call_in_turn_recorded_before_the_ruling(edition: Edition) -> None:
    """The same, N's 1S recorded while the ruling on S's 1H was pending (the partner whose
    turn it was, §19 Q2): the Director chooses ``simultaneous``."""
    table = table_for(edition)
    act(table, "S:1H N:1S")
    table.choose("simultaneous")
    pending = table.pending
    assert pending is not None and pending.irregularity.turn is Seat.EAST
    assert auction_text(table) == "1S"


def test_law33_simultaneous_call_legal_in_its_new_place(edition: Edition) -> None:
    """Dealer N: E passes as N opens 1S: E's pass, taken after 1S, is in rotation."""
    table = table_for(edition)
    act(table, "E:P")
    table.accept_defaults()
    table.choose("simultaneous")
    act(table, "N:1S")
    assert table.pending is None
    assert auction_text(table) == "1S Pass"
    assert table.turn is Seat.SOUTH
