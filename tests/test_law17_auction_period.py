"""Law 17: the auction period (2007 17E and 22B, 2017 17D), a deprived player (2007 17E2,
2017 17D3), and cards from a wrong board (2007 17D, 2017 15A): D-64, D-65, T-17D-fn."""

from __future__ import annotations

import pytest

from conftest import act, auction_text, table_for
from dupbridge import ActionRejected, Edition, LawRef, Seat, Side, Table
from dupbridge.core.calls import Call
from dupbridge.laws.auction import law17_auction_period
from dupbridge.laws.irregularities.table_talk import HandTaken, Period, WrongBoardReport
from dupbridge.laws.machinery.ruling import AdjustedScore, BarKind, BarScope, IrregularityKind
from dupbridge.rules.auction import AuctionStatus
from dupbridge.table.state import Phase
from dupbridge.table.talk import moment_of

E07, E17 = Edition.LAWS_2007, Edition.LAWS_2017


def period_of(table: Table) -> Period:
    return moment_of(table.state).period


# 17A


def test_law17A_the_auction_period_begins_when_a_side_takes_its_cards_out(
    edition: Edition,
) -> None:
    table = table_for(edition)
    begun = law17_auction_period.auction_period_begun
    assert not begun(Side.EW, table.talk, ())
    table.take_hand("W")
    assert table.talk == (HandTaken(Seat.WEST, LawRef(edition, "17A")),)
    assert begun(Side.EW, table.talk, ())
    assert not begun(Side.NS, table.talk, ())
    assert begun(Side.NS, table.talk, (Seat.NORTH,))  # North has called: his cards are out


# The periods: 2007 17E1 and 22B; 2017 17D1-D2


@pytest.mark.parametrize(("status", "faced", "complete", "expected"), [
    (AuctionStatus.OPEN, False, False, Period.AUCTION),
    (AuctionStatus.ENDED, False, False, Period.CLARIFICATION),
    (AuctionStatus.ENDED, True, False, Period.PLAY),
    (AuctionStatus.ENDED, True, True, Period.OVER),
    (AuctionStatus.PASSED_OUT, False, False, Period.OVER),
])
def test_law17E_law17E1_law22B_2007_law17D_2017_periods(
    status: AuctionStatus, faced: bool, complete: bool, expected: Period
) -> None:
    assert law17_auction_period.period(status, faced, complete) is expected


def test_law22B1_2007_law17D1_2017_clarification_period_until_the_lead_is_faced(
    edition: Edition,
) -> None:
    table = table_for(edition)
    act(table, "N:1NT E:P")
    assert period_of(table) is Period.AUCTION
    act(table, "S:3NT W:P N:P E:P")
    assert period_of(table) is Period.CLARIFICATION
    clause = "22B1" if edition is E07 else "17D1"
    assert law17_auction_period.clarification_period(edition) == LawRef(edition, clause)
    table.play("E", "HA")
    assert period_of(table) is Period.PLAY


def test_law22B2_2007_law17D2_2017_passed_out_board_back_in_the_board(edition: Edition) -> None:
    """D-06: four passes: the hands go back unplayed, no redeal, no Clarification Period."""
    table = table_for(edition)
    act(table, "N:P E:P S:P W:P")
    assert period_of(table) is Period.OVER
    assert table.phase is Phase.COMPLETE
    with pytest.raises(ActionRejected, match="20C1"):
        table.ask_whose_lead("E")


# 2007 17E2 / 2017 17D3: information from the cancelled passes


def test_law17E2_2007_law17D3_2017_the_out_of_rotation_passer_is_an_offender(
    edition: Edition,
) -> None:
    """D-09: N 1S, E P, W passes at S's turn, N passes over it: S was deprived, the auction
    reverts to him; W's and N's passes are cancelled, their information unauthorised to EW."""
    table = table_for(edition)
    act(table, "N:1S E:P W:P N:P")
    assert auction_text(table) == "1S Pass" and table.turn is Seat.SOUTH
    law = LawRef(edition, "16D" if edition is E07 else "16C")
    assert [(tag.law, tag.record, tag.authorised) for tag in table.state.information] == [
        (law, 2, Side.NS), (law, 3, Side.NS)]


def test_law17E2_2007_law17D3_2017_missed_turn_information_when_both_sides_passed_out_of_turn(
    edition: Edition,
) -> None:
    tags = law17_auction_period.missed_turn_information(
        edition, [(Seat.WEST, 5, True), (Seat.NORTH, 6, True)])
    assert [tag.authorised for tag in tags] == [Side.NS, Side.EW]


# Cards from a wrong board: 2007 17D


def wrong_cards(edition: Edition, script: str = "S:1H W:1S") -> Table:
    """T-17D-fn: dealer S; S, holding cards from a wrong board, opens 1H; W overcalls 1S;
    the error is found."""
    table = table_for(edition, "S")
    act(table, script)
    table.report_wrong_board("S", by="E")
    assert table.talk[-1] == WrongBoardReport(Seat.SOUTH, LawRef(
        edition, "17D" if edition is E07 else "15A"))
    return table


def test_law17D_law17D1_law17D2_2007_offender_calls_again_lho_must_repeat() -> None:
    """T-17D-fn / D-64: S's 1H is cancelled; S calls again; W must repeat 1S."""
    table = wrong_cards(E07)
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.WRONG_BOARD
    assert {LawRef(E07, "17D"), LawRef(E07, "17D1"), LawRef(E07, "17D2")} <= set(pending.clauses)
    assert [o.id for o in pending.options] == ["call-again"]
    table.choose("call-again")
    assert auction_text(table) == "" and table.turn is Seat.SOUTH
    bar = table.restrictions[0]
    assert (bar.seat, bar.scope, bar.kind, str(bar.call), bar.law) == (
        Seat.WEST, BarScope.NEXT, BarKind.REPEAT, "1S", LawRef(E07, "17D2"))
    assert [(tag.record, tag.authorised) for tag in table.state.information] == [(0, Side.EW)]
    assert [r.law for r in table.state.reviews] == [LawRef(E07, "17D3")]


def test_law17D2a_2007_same_call_does_not_differ_auction_continues() -> None:
    table = wrong_cards(E07)
    table.choose("call-again")
    act(table, "S:1H")
    pending = table.pending
    assert pending is not None and [q.id for q in pending.questions] == ["differs"]
    assert pending.questions[0].default is False  # the same call, presumed not to differ
    table.accept_defaults()
    table.choose("continue")
    assert auction_text(table) == "1H" and table.turn is Seat.WEST
    assert [str(call) for call in table.legal_calls()] == ["1S"]  # W must repeat 1S
    act(table, "W:1S N:P")
    assert table.restrictions == ()


def test_law17D2a_2007_different_call_artificial_adjusted_score() -> None:
    """D-64: S now opens 1D: the calls differ: artificial adjusted score."""
    table = wrong_cards(E07)
    table.choose("call-again")
    act(table, "S:1D")
    pending = table.pending
    assert pending is not None and pending.questions[0].default is True
    table.accept_defaults()
    table.choose("adjusted-score")
    assert table.phase is Phase.COMPLETE
    adjustment = table.state.adjustments[0]
    assert adjustment.law == LawRef(E07, "17D2(a)") and adjustment.artificial
    with pytest.raises(ActionRejected, match="complete"):
        table.call("W", "1S")


def test_law17D2a_2007_a_psychic_repeat_differs() -> None:
    table = wrong_cards(E07)
    table.choose("call-again")
    act(table, "S:1H")
    table.answer("differs", True)
    table.choose("adjusted-score")
    assert table.phase is Phase.COMPLETE


def test_law17D2_2007_lho_had_not_called_no_question() -> None:
    table = wrong_cards(E07, "S:1H")
    table.choose("call-again")
    assert table.restrictions == () and table.state.watches == ()
    act(table, "S:1D W:P")
    assert table.pending is None and auction_text(table) == "1D Pass"


def test_law17D2b_2007_partner_had_called_artificial_adjusted_score() -> None:
    table = wrong_cards(E07, "S:1H W:1S N:2H")
    pending = table.pending
    assert pending is not None and [o.id for o in pending.options] == ["adjusted-score"]
    table.choose("adjusted-score")
    assert table.state.adjustments == (AdjustedScore(
        LawRef(E07, "17D2(b)"), table.state.adjustments[0].note, artificial=True),)
    assert table.phase is Phase.COMPLETE


def test_law17D3_2007_different_call_later_on_the_other_board() -> None:
    later = law17_auction_period.later_call_on_the_other_board
    one_heart, one_diamond = Call.parse("1H"), Call.parse("1D")
    effects = later(E07, one_heart, one_diamond, differs=True)
    assert isinstance(effects[0], AdjustedScore) and effects[0].played
    assert effects[0].law == LawRef(E07, "17D3")
    assert not any(isinstance(e, AdjustedScore) for e in later(E07, one_heart, one_heart, False))


def test_law17D_no_call_yet_nothing_to_cancel(edition: Edition) -> None:
    table = table_for(edition, "S")
    table.report_wrong_board("S")
    assert table.pending is None and isinstance(table.talk[-1], WrongBoardReport)


# Cards from a wrong board: 2017 15A


def test_law15A_law15A1_law15A2b_law15A2c_2017_calls_cancelled_offender_calls_again() -> None:
    """D-65 / T-17D-fn: S's 1H and W's 1S are cancelled; S calls again and W may call
    anything; W's cancelled 1S is authorised to EW, unauthorised to NS (16C)."""
    table = wrong_cards(E17)
    pending = table.pending
    assert pending is not None
    assert {LawRef(E17, "15A"), LawRef(E17, "15A1"), LawRef(E17, "15A2")} <= set(pending.clauses)
    table.choose("call-again")
    assert auction_text(table) == "" and table.turn is Seat.SOUTH
    assert table.restrictions == ()
    assert [(tag.law, tag.record, tag.authorised) for tag in table.state.information] == [
        (LawRef(E17, "16C"), 0, Side.EW), (LawRef(E17, "16C"), 1, Side.EW)]
    assert {LawRef(E17, "15A2(b)"), LawRef(E17, "15A2(c)")} <= set(table.rulings[-1].clauses)
    act(table, "S:1D W:2C")  # no question: W is free
    assert table.pending is None and auction_text(table) == "1D 2C"


def test_law15A2_law15A2a_2017_partner_had_called_adjusted_score() -> None:
    table = wrong_cards(E17, "S:1H W:1S N:2H")
    table.choose("adjusted-score")
    adjustment = table.state.adjustments[0]
    assert adjustment.law == LawRef(E17, "15A2(a)") and not adjustment.artificial
    assert table.phase is Phase.COMPLETE


def test_law15A3_2017_different_call_later_on_the_other_board() -> None:
    table = wrong_cards(E17)
    table.choose("call-again")
    assert [r.law for r in table.state.reviews] == [LawRef(E17, "15A3")]
    effects = law17_auction_period.later_call_on_the_other_board(
        E17, Call.parse("1H"), Call.parse("2H"), differs=True)
    assert effects[0].law == LawRef(E17, "15A3")


def test_law17D_wrong_board_dummy_may_not_draw_attention_during_play(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:4S E:P S:P W:P")
    table.play("E", "HA")
    with pytest.raises(ActionRejected, match="9A"):
        table.report_wrong_board("E", by="S")
