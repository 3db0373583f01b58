"""Law 39: a call after the final pass (D-39, D-40), and Law 25A before it."""

from __future__ import annotations

import pytest

from conftest import act, auction_text, table_for
from dupbridge import ActionRejected, Edition, LawRef
from dupbridge.laws.machinery.ruling import IrregularityKind, LeadRestriction


def four_spades(edition: Edition):  # type: ignore[no-untyped-def]
    table = table_for(edition)
    act(table, "N:4S E:P S:P W:P")
    assert str(table.state.contract) == "4S N"
    return table


def test_law39C_defenders_double_cancelled_lead_restriction(edition: Edition) -> None:
    """D-39: E (a defender) doubles after the final pass."""
    table = four_spades(edition)
    act(table, "E:X")
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.CALL_AFTER_FINAL_PASS
    assert pending.questions == ()  # W has called since E's pass: Law 25A is out of reach
    table.choose("rectify")
    assert auction_text(table) == "4S Pass Pass Pass"
    ruling = table.rulings[-1]
    assert {LawRef(edition, "39A"), LawRef(edition, "39C")} <= set(ruling.clauses)
    restriction = next(e for e in ruling.effects if isinstance(e, LeadRestriction))
    assert restriction.offender.letter == "E"


def test_law39B_declaring_sides_call_no_further_rectification(edition: Edition) -> None:
    """D-40: S (dummy-to-be) bids 5S after the final pass."""
    table = four_spades(edition)
    act(table, "S:5S")
    table.accept_defaults()  # N has not called since S's pass: was it unintended? no
    table.choose("rectify")
    ruling = table.rulings[-1]
    assert LawRef(edition, "39B") in ruling.clauses
    assert not any(isinstance(e, LeadRestriction) for e in ruling.effects)


def test_law39B_lho_called_before_ruling(edition: Edition) -> None:
    table = four_spades(edition)
    act(table, "E:X S:P")
    table.accept_defaults()
    table.choose("rectify")
    ruling = table.rulings[-1]
    assert LawRef(edition, "39B") in ruling.clauses
    assert auction_text(table) == "4S Pass Pass Pass"


def test_law39A_calls_during_the_play_are_cancelled(edition: Edition) -> None:
    table = four_spades(edition)
    table.play("E", "HA")
    act(table, "W:5C")
    pending = table.pending
    assert pending is not None and pending.questions == ()
    with pytest.raises(ActionRejected):
        table.play("S", "H4")
    table.choose("rectify")
    table.play("S", "H4")


def test_law25A1_unintended_final_pass_replaced_2017() -> None:
    """The final passer's call: the Director asks whether the pass was unintended."""
    table = four_spades(Edition.LAWS_2017)
    act(table, "W:5C")
    pending = table.pending
    assert pending is not None
    assert [q.id for q in pending.questions] == ["unintended"]
    assert pending.questions[0].default is False
    with pytest.raises(ActionRejected):
        table.choose("rectify")  # the question comes first
    table.answer("unintended", True)
    pending = table.pending
    assert pending is not None
    assert [o.id for o in pending.options] == ["replace"]
    table.choose("replace")
    assert auction_text(table) == "4S Pass Pass 5C"
    assert table.turn is not None and table.turn.letter == "N"


def test_law25A1_2007_needs_no_pause_for_thought_as_well() -> None:
    table = four_spades(Edition.LAWS_2007)
    act(table, "W:5C")
    pending = table.pending
    assert pending is not None
    assert [q.id for q in pending.questions] == ["unintended", "without-pause"]
    table.answer("unintended", True)
    table.answer("without-pause", False)
    pending = table.pending
    assert pending is not None and [o.id for o in pending.options] == ["rectify"]
    table.choose("rectify")
    assert auction_text(table) == "4S Pass Pass Pass"


def test_law39_defaults_accepted_mean_law39(edition: Edition) -> None:
    table = four_spades(edition)
    act(table, "W:5C")
    table.accept_defaults()
    pending = table.pending
    assert pending is not None and [o.id for o in pending.options] == ["rectify"]


def test_law39_passed_out_board_is_complete(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:P E:P S:P W:P")
    result = table.result()
    assert result is not None and result.passed_out and result.score_ns == 0
    with pytest.raises(ActionRejected):
        table.call("N", "1S")
