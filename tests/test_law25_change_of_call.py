"""Law 25: legal and illegal changes of call (D-41, D-42, D-43, T-31-fn**, erratum A-1)."""

from __future__ import annotations

import pytest

from conftest import act, auction_text, table_for
from dupbridge import ActionRejected, Edition, LawRef, Seat, Side
from dupbridge.core.calls import Call
from dupbridge.laws.auction.law26_lead_restrictions import ReplacedCallRestriction
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    InformationTag,
    IrregularityKind,
    LeadRestriction,
)
from dupbridge.table.state import Status


def change(edition: Edition, script: str = "N:1C N:1NT"):  # type: ignore[no-untyped-def]
    """Dealer N: N opens 1C, then, before E calls, says 1NT (T-31-fn**, D-43)."""
    table = table_for(edition)
    act(table, script)
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.CHANGE_OF_CALL
    assert pending.irregularity.offender is Seat.NORTH
    return table


def answer_unintended(table, edition: Edition, unintended: bool, pause_free: bool = True) -> None:  # type: ignore[no-untyped-def]
    table.answer("unintended", unintended)
    if edition is Edition.LAWS_2007:
        table.answer("without-pause", pause_free)


def option_ids(table) -> list[str]:  # type: ignore[no-untyped-def]
    pending = table.pending
    assert pending is not None
    return [option.id for option in pending.options]


def restrictions(table) -> tuple[LeadRestriction, ...]:  # type: ignore[no-untyped-def]
    return table.state.lead_restrictions  # type: ignore[no-any-return]


# Law 25A: unintended call


def test_law25A1_unintended_call_replaced_before_lho_calls(edition: Edition) -> None:
    """T-31-fn**: N 1C, then "1NT" at once: a slip of the tongue. The intended call
    replaces it; no further rectification; 2017: no Law 26."""
    table = change(edition)
    pending = table.pending
    assert pending is not None
    expected = ["unintended", "without-pause"] if edition is Edition.LAWS_2007 else ["unintended"]
    assert [q.id for q in pending.questions] == expected
    assert all(q.default is False for q in pending.questions)
    assert pending.waits_for == frozenset({Seat.EAST})  # LHO may call over the new call
    answer_unintended(table, edition, True)
    assert option_ids(table) == ["replace"]
    table.choose("replace", by=DIRECTOR)
    assert auction_text(table) == "1NT"
    assert table.turn is Seat.EAST
    assert restrictions(table) == ()
    ruling = table.rulings[-1]
    assert LawRef(edition, "25A1") in ruling.clauses
    assert table.state.records[0].status is Status.CANCELLED


def test_law25A1_2007_a_pause_for_thought_makes_it_an_intended_change() -> None:
    table = change(Edition.LAWS_2007)
    answer_unintended(table, Edition.LAWS_2007, True, pause_free=False)
    assert option_ids(table) == ["accept", "cancel"]


def test_law25A2_2017_mechanical_error_not_loss_of_concentration() -> None:
    """2017 25A2: only the intent test; no "without pause for thought"."""
    table = change(Edition.LAWS_2017)
    pending = table.pending
    assert pending is not None
    question = pending.questions[0]
    assert question.id == "unintended" and "mechanical error" in question.prompt
    assert "loss of concentration" in question.prompt
    table.answer("unintended", True)
    assert option_ids(table) == ["replace"]


def test_law25A2_2007_no_change_after_partner_has_called() -> None:
    table = table_for(Edition.LAWS_2007)
    act(table, "N:1C E:P S:1H")
    table.call("N", "1NT")  # at W's turn; S has called since N's 1C
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is not IrregularityKind.CHANGE_OF_CALL


def test_law25A4_2017_no_change_after_partner_has_called() -> None:
    table = table_for(Edition.LAWS_2017)
    act(table, "N:1C E:P S:1H")
    table.call("N", "1NT")
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is not IrregularityKind.CHANGE_OF_CALL


def lho_called_first(edition: Edition):  # type: ignore[no-untyped-def]
    """D-41/D-42: dealer S: S pulls 1NT meaning 1S; W bids 2C; then S says 1S."""
    table = table_for(edition, "S")
    act(table, "S:1NT W:2C S:1S")
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.CHANGE_OF_CALL  # erratum A-1
    assert pending.waits_for == frozenset()
    return table


@pytest.mark.parametrize("keep", [False, True])
def test_law25A6_2017_lho_may_withdraw_his_call(keep: bool) -> None:
    """D-42: 25A: 1S replaces 1NT; W may withdraw 2C (AI to EW, UI to NS); no Law 26."""
    table = lho_called_first(Edition.LAWS_2017)
    table.answer("unintended", True)
    pending = table.pending
    assert pending is not None
    assert [(o.id, o.chosen_by) for o in pending.options] == [
        ("withdraw", Seat.WEST), ("keep", Seat.WEST)]
    table.choose("keep" if keep else "withdraw", by=Seat.WEST)
    if keep:
        assert auction_text(table) == "1S 2C"
        assert table.turn is Seat.NORTH
        assert table.state.information == ()
    else:
        assert auction_text(table) == "1S"
        assert table.turn is Seat.WEST
        tag = table.state.information[-1]
        assert tag == InformationTag(LawRef(Edition.LAWS_2017, "25A6"), 1, Side.EW)
    assert restrictions(table) == ()


def test_law25A4_2007_lho_may_withdraw_his_call() -> None:
    table = lho_called_first(Edition.LAWS_2007)
    answer_unintended(table, Edition.LAWS_2007, True)
    table.choose("withdraw", by=Seat.WEST)
    assert auction_text(table) == "1S"
    assert table.state.information[-1].law == LawRef(Edition.LAWS_2007, "25A4")


def test_law25A3_2017_however_he_noticed_his_error() -> None:
    """2017 25A3: the substitution is allowed however the player noticed the error, here
    after his left-hand opponent had called over it (erratum A-1)."""
    table = lho_called_first(Edition.LAWS_2017)
    table.answer("unintended", True)
    assert option_ids(table) == ["withdraw", "keep"]


def test_law25A1_2007_late_correction_not_allowed_is_a_call_out_of_rotation() -> None:
    """D-41 (2007), errata A-1/B-3: unintended but changed after a pause: not 25A; made at
    partner's turn, the 1S is a call out of rotation, ruled by its own law."""
    table = lho_called_first(Edition.LAWS_2007)
    pending = table.pending
    assert pending is not None
    assert [q.id for q in pending.open_questions][:2] == ["unintended", "without-pause"]
    table.answer("unintended", True)
    assert table.pending is not None
    assert table.pending.irregularity.kind is IrregularityKind.CHANGE_OF_CALL
    table.answer("without-pause", False)
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.CALL_OUT_OF_ROTATION
    assert pending.irregularity.turn is Seat.NORTH
    assert pending.answers["without-pause"] is False
    assert auction_text(table) == "1NT 2C"


def test_law25A_late_correction_defaults_go_to_the_call_out_of_rotation(edition: Edition) -> None:
    table = lho_called_first(edition)
    table.accept_defaults()
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.CALL_OUT_OF_ROTATION


def test_law25A3_2007_no_change_after_the_auction_period() -> None:
    """The final passer may change his pass during the Clarification Period, not once the
    opening lead is faced."""
    table = table_for(Edition.LAWS_2007)
    act(table, "N:4S E:P S:P W:P")
    table.play("E", "HA")
    table.call("W", "5C")
    pending = table.pending
    assert pending is not None and pending.questions == ()


def test_law25A5_2017_no_change_after_the_auction_period() -> None:
    table = table_for(Edition.LAWS_2017)
    act(table, "N:4S E:P S:P W:P")
    table.call("W", "5C")  # still in the Clarification Period: 25A may apply
    pending = table.pending
    assert pending is not None and [q.id for q in pending.questions] == ["unintended"]
    table.accept_defaults()
    table.choose("rectify")  # 39C: W's bid withdrawn; Law 26 at E's opening lead
    table.accept_defaults()
    table.choose("no-restriction", by=Seat.NORTH)
    table.play("E", "HA")
    table.call("W", "5C")
    pending = table.pending
    assert pending is not None and pending.questions == ()


# Law 25B: intended change


def test_law25B1_lho_accepts_the_new_call(edition: Edition) -> None:
    """D-43: a change of mind; E accepts 1NT: 1C is withdrawn (UI to S, AI to EW); Law 26
    may apply to it, judged at the lead."""
    table = change(edition)
    table.accept_defaults()  # not unintended
    pending = table.pending
    assert pending is not None
    assert [(o.id, o.chosen_by) for o in pending.options] == [
        ("accept", Seat.EAST), ("cancel", Seat.EAST)]
    with pytest.raises(ActionRejected, match="10C"):
        table.choose("accept", by=Seat.SOUTH)
    table.choose("accept", by=Seat.EAST)
    assert auction_text(table) == "1NT"
    assert table.turn is Seat.EAST
    ruling = table.rulings[-1]
    assert {LawRef(edition, "25B1"), LawRef(edition, "25B3")} <= set(ruling.clauses)
    (restriction,) = restrictions(table)
    assert isinstance(restriction, ReplacedCallRestriction)
    assert (restriction.offender, restriction.withdrawn, restriction.replacement) == (
        Seat.NORTH, Call.parse("1C"), Call.parse("1NT"))
    assert table.state.information[-1].record == 0
    assert table.state.information[-1].authorised is Side.EW


def test_law25B2_substitute_cancelled_first_call_stands(edition: Edition) -> None:
    """D-43, refused: 1NT cancelled, 1C stands (catalogue §19 Q7: Law 26 may apply)."""
    table = change(edition)
    table.accept_defaults()
    table.choose("cancel", by=Seat.EAST)
    assert auction_text(table) == "1C"
    assert table.turn is Seat.EAST
    (restriction,) = restrictions(table)
    assert isinstance(restriction, ReplacedCallRestriction)
    assert (restriction.withdrawn, restriction.replacement) == (Call.parse("1NT"),
                                                                Call.parse("1C"))
    assert LawRef(edition, "25B2") in table.rulings[-1].clauses


def test_law25B1_lho_calling_over_the_new_call_accepts_it(edition: Edition) -> None:
    table = change(edition)
    table.call("E", "2D")  # E calls over 1NT before the ruling
    pending = table.pending
    assert pending is not None
    assert [q.id for q in pending.questions][-1] == "called-intentionally"
    assert pending.waits_for == frozenset()
    table.accept_defaults()  # not unintended; E called intentionally over it
    assert option_ids(table) == ["accept"]
    table.choose("accept", by=DIRECTOR)
    assert auction_text(table) == "1NT 2D"
    assert table.turn is Seat.SOUTH


def test_law25B2_lho_called_unintentionally_over_the_new_call(edition: Edition) -> None:
    table = change(edition)
    table.call("E", "2D")
    table.answer("called-intentionally", False)
    table.accept_defaults()
    assert option_ids(table) == ["cancel"]
    table.choose("cancel")
    assert auction_text(table) == "1C 2D"


def test_law25B_a_bid_above_seven_cannot_be_accepted(edition: Edition) -> None:
    table = change(edition, "N:1C N:8C")
    table.accept_defaults()
    assert option_ids(table) == ["cancel"]
    table.choose("cancel")
    assert auction_text(table) == "1C"


def test_law25B3_withdrawn_and_cancelled_calls_unauthorised_to_offenders(
    edition: Edition,
) -> None:
    table = change(edition)
    table.accept_defaults()
    table.choose("cancel")
    tag = table.state.information[-1]
    clause = "16D" if edition is Edition.LAWS_2007 else "16C"
    assert tag == InformationTag(LawRef(edition, clause), 1, Side.EW)
    assert LawRef(edition, "25B3") in table.rulings[-1].clauses


def test_law25B_intended_change_of_a_pass_at_lhos_turn(edition: Edition) -> None:
    """2007 30B3 / 2017 30B2: a pass at LHO's turn after one's own call is Law 25."""
    table = change(edition, "N:1S N:P")
    table.accept_defaults()
    assert option_ids(table) == ["accept", "cancel"]
