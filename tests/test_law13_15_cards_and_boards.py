"""Laws 13-15: a wrong number of cards, a missing card, a wrong board played."""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge import Board, Card, Deal, Edition, Seat, Table
from dupbridge.core.errors import ActionRejected
from dupbridge.laws.machinery.ruling import DIRECTOR, IrregularityKind
from dupbridge.notation.board_steps import CountStep, FoundStep, WrongBoardPlayedStep
from dupbridge.notation.steps import StepError, apply_step, parse_step
from dupbridge.table.state import Phase, Status

E07, E17 = Edition.LAWS_2007, Edition.LAWS_2017

# South's only heart is the H5 (T-14.2); East declares 1S, South leads.
SHORT_DEAL = Deal.from_pbn(
    "N:AKQJ.T98.765.432 T98.AKQJ.432.765 76543.5.AKQJ.T98 2.76432.T98.AKQJ")
THREE_TRICKS = [("S", "DA"), ("W", "DT"), ("N", "D5"), ("E", "D2"),
                ("S", "C8"), ("W", "CA"), ("N", "C2"), ("E", "C5"),
                ("W", "H2"), ("N", "H8"), ("E", "HA"), ("S", "CT")]  # S shows out of hearts


def clauses(table: Table) -> set[str]:
    return {ref.clause for ref in table.state.rulings[-1].clauses}


def reviews(table: Table) -> list[str]:
    return [review.law.clause for review in table.state.reviews]


def options(table: Table) -> list[str]:
    assert table.pending is not None
    return [option.id for option in table.pending.options]


def questions(table: Table) -> list[str]:
    assert table.pending is not None
    return [question.id for question in table.pending.questions]


def played_out(edition: Edition) -> Table:
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    while table.state.phase is not Phase.COMPLETE:
        seat = table.state.play.next_to_play  # type: ignore[union-attr]
        table.play(seat, min(table.legal_cards()))  # type: ignore[arg-type]
    return table


def south_short(edition: Edition) -> Table:
    table = Table(Board(1, SHORT_DEAL), edition=edition)
    act(table, "N:P E:1S S:P W:P N:P")
    for seat, card in THREE_TRICKS:
        table.play(seat, card)
    return table


# Law 13


def test_law13_wrong_count_is_reported_to_the_director(edition: Edition) -> None:
    table = table_for(edition)
    table.report_card_count("N", "HA", "E")
    assert table.pending is not None
    assert table.pending.irregularity.kind is IrregularityKind.WRONG_NUMBER_OF_CARDS
    assert all(option.chosen_by == DIRECTOR for option in table.pending.options)
    with pytest.raises(ActionRejected):
        table.call("N", "1S")  # 9B2: nobody acts until the ruling


def test_law13_card_must_belong_to_the_short_hand(edition: Edition) -> None:
    with pytest.raises(ActionRejected):
        table_for(edition).report_card_count("N", "SA", "E")  # the SA is North's own


def test_law13D1_2007_corrected_and_played_normally() -> None:
    table = table_for(E07)
    table.report_card_count("N", "HA", "E")
    assert questions(table) == ["card-seen"]
    table.accept_defaults()
    table.choose("continue")
    assert {"13D", "13D1", "13E"} <= clauses(table)
    assert table.state.adjustments == ()
    act(table, "N:1S")  # the auction goes on


def test_law13A1_2017_corrected_and_played_normally() -> None:
    table = table_for(E17)
    table.report_card_count("N", "HA", "E")
    table.accept_defaults()
    table.choose("continue")
    assert {"13A", "13A1"} <= clauses(table)
    assert "13E" not in clauses(table)
    assert table.state.phase is Phase.AUCTION


def test_law13D_2007_not_called_when_only_other_players_called() -> None:
    table = table_for(E07, "S")
    act(table, "S:1D")  # neither North (long) nor East (short) has called
    table.report_card_count("N", "HA", "E")
    assert "13D" in {ref.clause for ref in table.pending.clauses}  # type: ignore[union-attr]


def test_law13D2_2007_card_seen_asks_whether_it_interferes() -> None:
    table = table_for(E07)
    table.report_card_count("N", "HA", "E")
    table.answer("card-seen", True)
    assert questions(table) == ["card-seen", "information-important"]


def test_law13D2a_2007_unlikely_to_interfere_play_then_review() -> None:
    table = table_for(E07)
    table.report_card_count("N", "HA", "E")
    table.answer("card-seen", True)
    table.accept_defaults()
    table.choose("continue")
    assert "13D2(a)" in reviews(table)
    assert table.state.phase is Phase.AUCTION


def test_law13D2b_2007_important_information_artificial_score() -> None:
    table = table_for(E07)
    table.report_card_count("N", "HA", "E")
    table.answer("card-seen", True)
    table.answer("information-important", True)
    assert options(table) == ["adjusted-score"]
    table.choose("adjusted-score")
    adjustment = table.state.adjustments[-1]
    assert adjustment.law.clause == "13D2(b)" and adjustment.artificial
    assert table.state.phase is Phase.COMPLETE


def test_law13E_2007_location_unauthorised_to_partner() -> None:
    table = table_for(E07)
    table.report_card_count("N", "HA", "E")
    table.accept_defaults()
    table.choose("continue")
    note = next(r.note for r in table.state.reviews if r.law.clause == "13E")
    assert "South" in note


def test_law13A2_2017_card_seen_always_played_and_reviewed() -> None:
    table = table_for(E17)
    table.report_card_count("N", "HA", "E")
    table.answer("card-seen", True)
    assert questions(table) == ["card-seen"]  # no 2017 option of an immediate score
    assert options(table) == ["continue"]
    table.choose("continue")
    assert "13A2" in reviews(table)
    assert table.state.adjustments == ()


def test_law13A_2007_called_deal_correctable_played_without_change() -> None:
    table = table_for(E07)
    act(table, "N:1S")
    table.report_card_count("N", "HA", "E")
    assert questions(table) == ["correctable"]
    table.accept_defaults()
    table.choose("continue")
    assert "13A" in reviews(table)
    assert str(table.state.current_auction) == "1S"


def test_law13B1_2017_called_deal_correctable_played_without_change() -> None:
    table = table_for(E17)
    act(table, "N:1S E:P")
    table.report_card_count("N", "HA", "E")
    table.accept_defaults()
    table.choose("continue")
    assert "13B1" in reviews(table)
    assert {"13B1"} <= clauses(table)


@pytest.mark.parametrize(("edition", "clause"), [(E07, "13B"), (E17, "13B2")])
def test_law13B_not_correctable_adjusted_score(edition: Edition, clause: str) -> None:
    table = table_for(edition)
    act(table, "N:1S")
    table.report_card_count("N", "HA", "E")
    table.answer("correctable", False)
    table.choose("adjusted-score")
    assert table.state.adjustments[-1].law.clause == clause
    assert clause in reviews(table)  # procedural penalty (Law 90)
    assert table.state.phase is Phase.COMPLETE


def test_law13B2_2017_not_correctable_adjusted_score() -> None:
    test_law13B_not_correctable_adjusted_score(E17, "13B2")


@pytest.mark.parametrize(("edition", "clause", "teams"), [(E07, "13C", "86D"),
                                                          (E17, "13D", "86B")])
def test_law13C_after_play_result_cancelled(edition: Edition, clause: str, teams: str) -> None:
    table = played_out(edition)
    table.report_card_count("N", "HA", "E")
    assert options(table) == ["adjusted-score"]
    table.choose("adjusted-score")
    assert table.state.adjustments[-1].law.clause == clause
    assert any(teams in r.note for r in table.state.reviews)


def test_law13C_2007_after_play_result_cancelled() -> None:
    test_law13C_after_play_result_cancelled(E07, "13C", "86D")


def test_law13D_2017_after_play_result_cancelled() -> None:
    test_law13C_after_play_result_cancelled(E17, "13D", "86B")


@pytest.mark.parametrize(("edition", "clause"), [(E07, "13F"), (E17, "13C")])
def test_law13F_surplus_card_removed(edition: Edition, clause: str) -> None:
    table = table_for(edition)
    act(table, "N:1S E:P")
    table.report_card_count("N", "SA", None)  # a second SA: not part of the deal
    assert questions(table) == []  # not played yet: no trick to ask about
    table.choose("continue")
    assert clause in clauses(table)
    assert table.state.adjustments == () and table.state.reviews == ()


def test_law13F_2007_surplus_card_in_quitted_trick_may_adjust() -> None:
    table = table_for(E07)
    act(table, "N:1S E:P S:P W:P")
    table.play("E", "HA")
    table.report_card_count("S", "S2", None)
    table.answer("quitted-trick", True)
    table.choose("continue")
    assert "13F" in reviews(table)


def test_law13C_2017_surplus_card_no_adjustment_unless_in_quitted_trick() -> None:
    test_law13F_surplus_card_removed(E17, "13C")
    table = table_for(E17)
    act(table, "N:1S E:P S:P W:P")
    table.play("E", "HA")
    table.report_card_count("S", "S2", None)
    table.accept_defaults()  # not in a quitted trick
    table.choose("continue")
    assert table.state.reviews == ()
    table.play("S", "H2")  # the play continues


# Law 14


def test_law14A1_card_found_before_the_lead_restored(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:P")
    table.card_found("S", "H2", "elsewhere")
    assert options(table) == ["restore"]
    table.choose("restore")
    assert {"14A", "14A1", "14A3", "14C"} <= clauses(table)
    assert str(table.state.current_auction) == "1S Pass"  # 14A3: no change of call
    assert "14C" in reviews(table)


def test_law14A2_card_not_found_deal_rebuilt(edition: Edition) -> None:
    table = table_for(edition)
    table.card_found("S", "H2", "lost")
    table.choose("restore")
    assert "14A2" in clauses(table)


def test_law14A3_auction_continues_unchanged(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:P S:P")
    table.card_found("S", "H2", "elsewhere")
    table.choose("restore")
    act(table, "W:P")
    assert table.state.play is not None


def test_law14B1_found_among_played_cards_law67(edition: Edition) -> None:
    table = south_short(edition)
    table.card_found("S", "H5", "trick")
    assert options(table) == ["defective-trick"]
    table.choose("defective-trick")
    assert "14B1" in reviews(table)
    assert "67" in table.state.reviews[0].note


def test_law14B2_card_found_restored_to_the_hand(edition: Edition) -> None:
    table = south_short(edition)
    table.card_found("S", "H5", "elsewhere")
    assert options(table) == ["restore", "penalty-card"]
    table.choose("restore")
    assert {"14B2", "14B4"} <= clauses(table)
    assert table.state.records[-1].status is Status.RETURNED
    assert table.state.penalty_cards == ()


def test_law14B3_card_not_found_deal_rebuilt(edition: Edition) -> None:
    table = south_short(edition)
    table.card_found("S", "H5", "lost")
    table.choose("restore")
    assert "14B3" in clauses(table)


def test_law14B4_restored_card_deemed_held_throughout(edition: Edition) -> None:
    """T-14.2: South showed out of hearts at trick 3 holding the missing H5: a revoke."""
    table = south_short(edition)
    revoke = table.state.revokes[0]
    assert (revoke.seat.letter, str(revoke.card), revoke.trick) == ("S", "CT", 3)
    table.card_found("S", "H5", "elsewhere")
    table.choose("penalty-card")
    assert [str(pc.card) for pc in table.state.penalty_cards] == ["H5"]
    assert "14B4" in reviews(table)
    table.draw_attention("E")
    assert table.pending is not None
    assert table.pending.irregularity.kind is IrregularityKind.REVOKE


def test_law14C_restoration_unauthorised_to_partner(edition: Edition) -> None:
    table = south_short(edition)
    table.card_found("S", "H5", "elsewhere")
    table.choose("restore")
    tag = table.state.information[-1]
    assert tag.law.clause == "14C" and tag.authorised is not None
    assert tag.authorised.name == "EW"  # unauthorised to North


def test_law14_card_must_be_the_short_players(edition: Edition) -> None:
    table = south_short(edition)
    with pytest.raises(ActionRejected):
        table.card_found("S", "HA", "elsewhere")  # East's card, and played
    with pytest.raises(ActionRejected):
        table.card_found("S", "H5", "pocket")


def test_law14B_after_the_lead(edition: Edition) -> None:
    table = south_short(edition)
    table.card_found("S", "H5", "elsewhere")
    assert "14B" in {ref.clause for ref in table.pending.clauses}  # type: ignore[union-attr]


# Law 15


def test_law15_nothing_to_rule_before_any_call(edition: Edition) -> None:
    table = table_for(edition)
    table.wrong_board_played("N")
    assert table.pending is None


def test_law15A1_2007_score_stands() -> None:
    table = played_out(E07)
    table.wrong_board_played("N")
    assert questions(table) == ["played-before"]
    table.accept_defaults()
    table.choose("continue")
    assert {"15A", "15A1", "15A2"} <= clauses(table)
    assert table.state.adjustments == ()


def test_law15A_2007_during_play_continue() -> None:
    table = table_for(E07)
    act(table, "N:1S E:P S:P W:P")
    table.play("E", "HA")
    table.wrong_board_played("N")
    table.accept_defaults()
    table.choose("continue")
    assert "15A2" in reviews(table)
    table.play("S", "H2")


def test_law15A2_2007_correct_board_may_be_played_later() -> None:
    table = played_out(E07)
    table.wrong_board_played("E")
    table.accept_defaults()
    table.choose("continue")
    assert "15A2" in reviews(table)


def test_law15B_2007_played_before_second_score_cancelled() -> None:
    table = played_out(E07)
    table.wrong_board_played("E")
    table.answer("played-before", True)
    table.choose("adjusted-score")
    adjustment = table.state.adjustments[-1]
    assert adjustment.law.clause == "15B" and adjustment.artificial


def test_law15C_2007_auction_repeated() -> None:
    table = table_for(E07)
    act(table, "N:1S E:P")
    table.wrong_board_played("N")
    assert questions(table) == ["calls-differ"]
    table.accept_defaults()
    table.choose("continue")
    assert "15C" in clauses(table)
    assert str(table.state.current_auction) == "1S Pass"
    act(table, "S:P W:P")


def test_law15C_2007_repeated_call_differs_board_cancelled() -> None:
    table = table_for(E07)
    act(table, "N:1S E:P")
    table.wrong_board_played("N")
    table.answer("calls-differ", True)
    table.choose("adjusted-score")
    assert table.state.adjustments[-1].law.clause == "15C"
    assert table.state.phase is Phase.COMPLETE


def test_law15B2_2017_nobody_played_it_complete_and_score() -> None:
    table = table_for(E17)
    act(table, "N:1S E:P")
    table.wrong_board_played("N")
    table.accept_defaults()
    table.choose("continue")
    assert {"15B2"} <= clauses(table)
    act(table, "S:P W:P")
    assert table.state.play is not None


def test_law15B1_2017_played_before_cancelled_for_both_sides() -> None:
    table = table_for(E17)
    act(table, "N:1S E:P S:P W:P")
    table.play("E", "HA")
    table.wrong_board_played("N")
    table.answer("played-before", True)
    table.choose("adjusted-score")
    assert {"15B1", "15B3"} <= clauses(table)
    adjustment = table.state.adjustments[-1]
    assert adjustment.law.clause == "15B3" and adjustment.artificial and not adjustment.played
    assert table.state.phase is Phase.COMPLETE


def test_law15B3_2017_artificial_score_to_deprived_contestant() -> None:
    test_law15B1_2017_played_before_cancelled_for_both_sides()


def test_law15B_2017_after_play_too() -> None:
    table = played_out(E17)
    table.wrong_board_played("N")
    table.accept_defaults()
    table.choose("continue")
    assert "15B2" in clauses(table)


def test_law14A_before_the_lead(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")  # the auction is over, the opening lead not faced
    table.card_found("E", "HA", "elsewhere")
    assert "14A" in {ref.clause for ref in table.pending.clauses}  # type: ignore[union-attr]
    table.choose("restore")
    table.play("E", "HA")  # the restored card is played as any other


def test_law13A_2017_no_player_with_wrong_count_called() -> None:
    table = table_for(E17, "S")
    act(table, "S:1D W:P")  # neither North (long) nor East (short) has called
    table.report_card_count("N", "HA", "E")
    assert "13A" in {ref.clause for ref in table.pending.clauses}  # type: ignore[union-attr]


# The case-file lines (cases/board_steps.py)


@pytest.mark.parametrize(("text", "step"), [
    ("count N HA E", CountStep(Seat.NORTH, Card.parse("HA"), Seat.EAST)),
    ("count n sa surplus", CountStep(Seat.NORTH, Card.parse("SA"), None)),
    ("found S H5 elsewhere", FoundStep(Seat.SOUTH, Card.parse("H5"), "elsewhere")),
    ("found S H5 Trick", FoundStep(Seat.SOUTH, Card.parse("H5"), "trick")),
    ("found W C2 lost", FoundStep(Seat.WEST, Card.parse("C2"), "lost")),
    ("wrong-board-played E", WrongBoardPlayedStep(Seat.EAST)),
])
def test_law13_15_event_grammar(text: str, step: object) -> None:
    assert parse_step(text) == step


@pytest.mark.parametrize(("text", "message"), [
    ("count N HA", "expected 'count SEAT CARD SEAT|surplus'"),
    ("count N HA Q", "not a seat"),
    ("count N H1 E", "not a card"),
    ("found S H5", "expected 'found SEAT CARD elsewhere|trick|lost'"),
    ("found S H5 pocket", "expected 'found SEAT CARD elsewhere|trick|lost'"),
    ("wrong-board-played", "expected 'wrong-board-played SEAT'"),
    ("wrong-board-played N S", "expected 'wrong-board-played SEAT'"),
])
def test_law13_15_malformed_lines_are_step_errors(text: str, message: str) -> None:
    with pytest.raises(StepError, match=message.replace("|", r"\|")):
        parse_step(text)


def test_law13_15_lines_apply_to_the_table(edition: Edition) -> None:
    table = table_for(edition)
    apply_step(table, parse_step("count N HA E"))
    assert table.pending is not None
    table.accept_defaults()
    table.choose("continue")
    apply_step(table, parse_step("wrong-board-played N"))  # nobody has called: nothing
    act(table, "N:1S E:P S:P W:P")
    apply_step(table, parse_step("found S H2 elsewhere"))
    assert [str(event) for event in table.events][-1] == "S's missing H2 found (elsewhere)"
