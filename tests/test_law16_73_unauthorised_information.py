"""Laws 16B, 2007 16C / 2017 16D, 73 and 12C1 at the table: information conveyed as table
events, the Director's questions in order, and the rulings they lead to."""

from __future__ import annotations

import pytest

from dupbridge import ActionRejected, Board, Deal, Edition, Table
from dupbridge.laws.irregularities.assigned_score import AssignedScore

DEAL = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
EDITIONS = (Edition.LAWS_2007, Edition.LAWS_2017)


def _table(edition: Edition, board: int = 4) -> Table:
    return Table(Board(board, Deal.from_pbn(DEAL)), edition=edition)


def _slow_pass_then_bid(edition: Edition) -> Table:
    """W 1H, N 1S, E passes slowly, S 2S, W bids again 3H, passed out in 3H."""
    table = _table(edition)
    for seat, call in (("W", "1H"), ("N", "1S"), ("E", "P")):
        table.call(seat, call)
    table.convey("E", "hesitation", "ten seconds")
    for seat, call in (("S", "2S"), ("W", "3H"), ("N", "P"), ("E", "P"), ("S", "P")):
        table.call(seat, call)
    return table


def _open_ids(table: Table) -> list[str]:
    assert table.pending is not None
    return [q.id for q in table.pending.open_questions]


@pytest.mark.parametrize("means, clause", [("hesitation", "73D1"), ("fast", "73D1"),
                                           ("remark", "73B1"), ("gesture", "73B1"),
                                           ("manner", "73B1"), ("alert", "16B")])
def test_law16B_law73B_law73B1_law73D_law73D1_information_conveyed_is_a_recorded_fact(
        means: str, clause: str) -> None:
    table = _table(Edition.LAWS_2017)
    table.call("W", "1H")
    table.convey("N", means, "noted by the Director")
    item = table.talk[-1]
    assert (item.seat.letter, item.law.clause) == ("N", clause)
    assert table.pending is None and table.turn is not None  # no infraction by itself (73D1)


def test_law73B1_an_unknown_means_is_refused_and_nothing_recorded() -> None:
    table = _table(Edition.LAWS_2017)
    with pytest.raises(ActionRejected, match="not a way of conveying information"):
        table.convey("N", "telepathy")
    assert table.talk == () and table.events == ()


@pytest.mark.parametrize("edition", EDITIONS)
def test_law16B1_law16B1b_law16B1a_law16B3_law73C_questions_in_order_then_assigned_score(
        edition: Edition) -> None:
    table = _slow_pass_then_bid(edition)
    table.report_unauthorised_information("N")
    assert table.pending is not None and table.pending.irregularity.offender.letter == "W"
    assert _open_ids(table) == ["ui-conveyed"]
    table.answer("ui-conveyed", True)
    assert _open_ids(table) == ["ui-alternative"]
    alternative = table.pending.open_questions[0]
    assert alternative.default == "Pass" and "3H" not in alternative.choices
    assert "none" in alternative.choices and "4H" in alternative.choices
    table.answer("ui-alternative", "Pass")
    assert _open_ids(table) == ["ui-suggested"]
    table.answer("ui-suggested", True)
    assert _open_ids(table) == ["ui-damaged"]
    table.answer("ui-damaged", True)
    contract = table.pending.open_questions[0]
    assert contract.id == "assigned-contract" and contract.default == "2S N"
    table.answer("assigned-contract", "2S N")
    assert table.pending.open_questions[0].default == 8  # just made: not the contract played
    table.answer("assigned-tricks", 9)
    table.choose("adjust")
    ruling = table.rulings[-1]
    assert {"16B1(a)", "73C", "12C1(a)", "16B3"} <= {law.clause for law in ruling.clauses}
    assigned = [a for a in table.state.adjustments if isinstance(a, AssignedScore)]
    assert assigned[0].result_text == "2S N 9 NS +140"  # Law 77, board 4 NS vulnerable
    assert table.state.contract is not None and str(table.state.contract) == "3H W"


@pytest.mark.parametrize("answer, stops_at", [("ui-conveyed", "16B1"), ("ui-suggested",
                                                                        "16B1(a)"),
                                              ("ui-damaged", "16B3")])
def test_law16B1a_law16B3_each_no_keeps_the_table_result(answer: str, stops_at: str) -> None:
    table = _slow_pass_then_bid(Edition.LAWS_2017)
    table.report_unauthorised_information("N")
    for question in ("ui-conveyed", "ui-alternative", "ui-suggested", "ui-damaged"):
        if question == answer:
            table.answer(question, False)
            break
        table.answer(question, "Pass" if question == "ui-alternative" else True)
    assert table.pending is not None and table.pending.open_questions == ()
    assert [o.id for o in table.pending.options] == ["result-stands"]
    table.choose("result-stands")
    assert stops_at in {law.clause for law in table.rulings[-1].clauses}
    assert table.state.adjustments == ()


def test_law73C1_law73C2_2017_a_procedural_penalty_is_left_for_review() -> None:
    table = _slow_pass_then_bid(Edition.LAWS_2017)
    table.report_unauthorised_information("N")
    for question, value in (("ui-conveyed", True), ("ui-alternative", "Pass"),
                            ("ui-suggested", True), ("ui-damaged", True),
                            ("assigned-contract", "2S N"), ("assigned-tricks", 8)):
        table.answer(question, value)
    table.choose("adjust")
    assert [review.law.clause for review in table.state.reviews] == ["73C2"]


def test_law16B3_the_director_is_called_only_about_an_opponents_information() -> None:
    table = _slow_pass_then_bid(Edition.LAWS_2007)
    with pytest.raises(ActionRejected, match="no hesitation"):
        table.report_unauthorised_information("E")  # East complains of his own side
    assert table.pending is None


def test_law16B1b_a_card_suggested_offers_the_other_legal_cards() -> None:
    table = _table(Edition.LAWS_2017, board=1)
    for seat, call in (("N", "1S"), ("E", "P"), ("S", "4S"), ("W", "P"), ("N", "P"),
                       ("E", "P")):
        table.call(seat, call)
    table.play("E", "HK")
    table.convey("E", "remark", "I hope you have the ace")
    table.play("S", "H4")
    table.play("W", "H5")
    table.report_unauthorised_information("N")
    table.answer("ui-conveyed", True)
    choices = table.pending.open_questions[0].choices
    assert set(choices) == {"H7", "H6", "none"}  # West follows suit: his other hearts


@pytest.mark.parametrize("edition, clause", [(Edition.LAWS_2007, "73F"),
                                             (Edition.LAWS_2017, "73E2")])
def test_law73F_2007_law73E2_2017_law73D2_false_inference_adjusted(edition: Edition,
                                                                   clause: str) -> None:
    table = _table(edition, board=1)
    for seat, call in (("N", "1S"), ("E", "P"), ("S", "4S"), ("W", "P"), ("N", "P"),
                       ("E", "P")):
        table.call(seat, call)
    table.play("E", "HK")
    table.play("S", "H4")
    table.convey("W", "hesitation")
    table.play("W", "H5")
    table.play("N", "H8")
    table.report_false_inference("N")
    assert _open_ids(table) == ["bridge-reason"]
    table.answer("bridge-reason", True)
    assert [o.id for o in table.pending.options] == ["result-stands"]
    table.undo()
    for question, value in (("bridge-reason", False), ("could-know", True),
                            ("ui-damaged", True), ("assigned-contract", "4S N"),
                            ("assigned-tricks", 11)):
        table.answer(question, value)
    table.choose("adjust")
    assert {clause, "73D2", "12C1(a)"} <= {law.clause for law in table.rulings[-1].clauses}
    result_before = table.state.adjustments[-1]
    assert isinstance(result_before, AssignedScore) and result_before.score_ns == 450


@pytest.mark.parametrize("edition, prefix", [(Edition.LAWS_2007, "16C"),
                                             (Edition.LAWS_2017, "16D")])
def test_law16C1_law16C2_law16C2a_law16C2b_law16C2c_law16C2d_2007_law16D1_law16D2_law16D2a_law16D2b_law16D2c_law16D2d_2017_four_options_before_the_auction(
        edition: Edition, prefix: str) -> None:
    table = _table(edition)
    table.report_extraneous_information("W", "overheard a result")
    assert table.pending is not None
    assert [o.id for o in table.pending.options] == ["rotate-seats", "redeal", "play-on",
                                                    "artificial"]
    table.answer("extraneous-interferes", True)
    table.choose("artificial")
    assert [a.law.clause for a in table.state.adjustments] == [f"{prefix}2(d)"]
    assert table.result() is not None  # no normal play: the board ends here


@pytest.mark.parametrize("edition, options", [
    (Edition.LAWS_2007, ["play-on"]), (Edition.LAWS_2017, ["play-on", "artificial"])])
def test_law16C3_2007_law16D3_2017_after_the_first_call(edition: Edition,
                                                       options: list[str]) -> None:
    table = _table(edition)
    table.call("W", "1H")
    table.report_extraneous_information("N", "saw a card at the next table")
    assert [o.id for o in table.pending.options] == options
    table.answer("extraneous-interferes", True)
    table.choose("play-on")
    assert table.turn is not None and table.turn.letter == "N"
    assert [r.law.clause for r in table.state.reviews] == [
        "16C2(c)" if edition is Edition.LAWS_2007 else "16D2(c)"]


def test_law16D2_information_that_cannot_interfere_leaves_only_normal_play() -> None:
    table = _table(Edition.LAWS_2017)
    table.report_extraneous_information("N", "heard the board was flat")
    table.answer("extraneous-interferes", False)
    assert [o.id for o in table.pending.options] == ["play-on"]
    table.choose("play-on")
    assert table.state.reviews == () and table.state.adjustments == ()


def test_law12C1a_the_assigned_score_replaces_the_table_result_in_the_result() -> None:
    table = _slow_pass_then_bid(Edition.LAWS_2017)
    table.report_unauthorised_information("N")
    for question, value in (("ui-conveyed", True), ("ui-alternative", "Pass"),
                            ("ui-suggested", True), ("ui-damaged", True),
                            ("assigned-contract", "2S N"), ("assigned-tricks", 9)):
        table.answer(question, value)
    table.choose("adjust")
    # Play the hand out: West declares 3H; every card in turn from the legal ones.
    while table.result() is None:
        seat = table.turn
        assert seat is not None
        table.play(seat, sorted(table.legal_cards())[0])
    result = table.result()
    assert result is not None and result.assigned is not None
    assert result.final_score_ns == 140 and result.final_score_ns != result.score_ns
