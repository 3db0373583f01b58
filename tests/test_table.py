"""The table facade: turns, per-seat views, results, undo, and what is rejected."""

from __future__ import annotations

import pytest

from conftest import DEAL, act, table_for
from dupbridge import ActionRejected, Board, Edition, Seat, Table, load_profile
from dupbridge.laws.machinery.ruling import IrregularityKind
from dupbridge.table.state import Phase


def test_view_shows_own_hand_and_dummy_only_after_the_opening_lead(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1NT E:P S:P W:P")
    east = table.view(Seat.EAST)
    assert east.hand == DEAL.east and east.dummy is None
    table.play("E", "HA")
    west = table.view(Seat.WEST)
    assert west.dummy == DEAL.south
    assert west.hand == DEAL.west
    hidden = {f for f in type(west).__slots__ if "hand" in f or "deal" in f}
    assert hidden == {"hand"}  # the view carries no other hand


def test_cards_not_held_are_rejected_and_nothing_is_recorded(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1NT E:P S:P W:P")
    with pytest.raises(ActionRejected, match="does not hold"):
        table.play("E", "SA")
    assert len(table.events) == 4


def test_lead_out_of_turn_is_recorded_and_put_to_the_director(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1NT E:P S:P W:P")
    table.play("W", "CA")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.LEAD_OUT_OF_TURN
    assert pending.automated and pending.waits_for == {Seat.NORTH, Seat.SOUTH}  # Law 54
    table.accept_defaults()
    table.choose("accept", by=Seat.NORTH)
    assert table.turn is Seat.NORTH  # the lead stands, play goes on from it (54B1)


def test_law61A_revoke_is_recorded_silently(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1NT E:P S:P W:P")
    table.play("E", "HA")
    table.play("S", "DA")  # holds hearts
    assert table.turn is Seat.WEST and table.pending is None
    (revoke,) = table.state.revokes
    assert (revoke.seat, str(revoke.card), revoke.trick, revoke.failure.clause) == (
        Seat.SOUTH, "DA", 1, "44C")
    assert not revoke.established


def test_complete_board_result_and_undo(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:7NT E:P S:P W:P")
    while table.turn is not None:
        table.play(table.turn, next(iter(table.legal_cards())))
    result = table.result()
    assert table.phase is Phase.COMPLETE and result is not None
    assert result.tricks is not None and 0 <= result.tricks <= 13
    assert result.score_ns == table.state.contract.score(  # type: ignore[union-attr]
        tricks=result.tricks, vulnerable=False)
    with pytest.raises(ActionRejected, match="complete"):
        table.play("N", "SA")
    table.undo()
    assert table.phase is Phase.PLAY and table.result() is None


def test_table_takes_a_profile_and_checks_its_edition() -> None:
    table = Table(Board(1, DEAL), regulations=load_profile("aeb-2007"))
    assert table.edition is Edition.LAWS_2007
    with pytest.raises(ValueError, match="2007"):
        Table(Board(1, DEAL), edition=Edition.LAWS_2017, regulations=load_profile("aeb-2007"))


def test_option_chosen_by_the_wrong_person_is_rejected(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:1H")  # insufficient: E's LHO (South) may accept (27A1)
    table.accept_defaults()  # not unintended (Law 25A)
    with pytest.raises(ActionRejected, match="10C"):
        table.choose("accept", by=Seat.NORTH)
    table.choose("accept", by=Seat.SOUTH)
    assert str(table.state.current_auction) == "1S 1H"


def test_answer_without_pending_decision_is_rejected(edition: Edition) -> None:
    table = table_for(edition)
    with pytest.raises(ActionRejected):
        table.answer("unintended", True)
    with pytest.raises(ActionRejected):
        table.choose("rectify")
