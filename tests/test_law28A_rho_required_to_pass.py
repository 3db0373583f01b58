"""Law 28A: a call at RHO's turn when RHO is required to pass is in rotation (D-11)."""

from __future__ import annotations

from dataclasses import replace

from conftest import act, auction_text, table_for
from dupbridge import Edition, LawRef, Seat
from dupbridge.laws.machinery.ruling import Bar, BarScope
from dupbridge.table.engine import apply
from dupbridge.table.events import CallMade
from dupbridge.table.state import CallRecord


def test_law28A_call_at_barred_rhos_turn_is_in_rotation(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1C E:XX")  # inadmissible redouble: W barred for the rest of the auction
    table.choose("rectify")
    act(table, "E:1H S:P")
    assert table.turn is Seat.WEST
    act(table, "N:2C")  # at W's turn: W is N's RHO and must pass
    assert table.pending is None
    assert auction_text(table) == "1C 1H Pass Pass 2C"
    implied = table.state.records[-1]  # recorded after the call that implied it
    assert isinstance(implied, CallRecord) and implied.implied
    assert implied.seat is Seat.WEST and implied.law == LawRef(edition, "28A")
    assert table.turn is Seat.EAST


def test_law28A_consumes_a_next_turn_bar(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1C")
    state = replace(table.state, bars=(Bar(Seat.EAST, BarScope.NEXT, LawRef(edition, "30A")),))
    state = apply(state, CallMade(Seat.SOUTH, "1D"))  # type: ignore[arg-type]
    assert str(state.current_auction) == "1C Pass 1D"
    assert state.bars == ()


def test_law28A_not_for_a_player_whose_rho_is_free(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1C E:1H")
    act(table, "W:1S")  # at S's turn, S not barred: out of rotation
    assert table.pending is not None
