"""Law 20: review and explanation of calls (D-56, D-57, T-20-fn*, T-20-fn**, T-75)."""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge import ActionRejected, Edition, LawRef, Seat, Table
from dupbridge.core.calls import Call
from dupbridge.laws.irregularities.table_talk import (
    Alert,
    CardConsulted,
    Enquiry,
    EnquiryKind,
    Explanation,
    Restatement,
)
from dupbridge.laws.machinery.ruling import IrregularityKind
from dupbridge.table.state import CallRecord


def record_of(table: Table, seat: str, call: str) -> int:
    """The index of ``seat``'s last call ``call`` in the table's record."""
    who, what = Seat.parse(seat), Call.parse(call)
    return max(i for i, r in enumerate(table.state.records)
               if isinstance(r, CallRecord) and r.seat is who and r.call == what)


def barred_west(edition: Edition) -> Table:
    """Dealer W: W 1S, N P, E doubles his partner's bid (36B): W must pass for the rest of
    the auction; E raises to 2S and S passes, so it is W's turn."""
    table = table_for(edition, "W")
    act(table, "W:1S N:P E:X")
    table.choose("rectify")
    act(table, "E:2S S:P")
    assert table.turn is Seat.WEST
    assert [b.seat for b in table.restrictions] == [Seat.WEST]
    return table


def last(table: Table) -> object:
    return table.talk[-1]


# 20A


def test_law20A_which_call_was_made_asked_at_once(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S")
    table.clarify("E", 0)
    enquiry = last(table)
    assert isinstance(enquiry, Enquiry) and enquiry.kind is EnquiryKind.CLARIFICATION
    assert enquiry.about == (0,) and enquiry.law == LawRef(edition, "20A")
    act(table, "E:P")
    with pytest.raises(ActionRejected, match="20A"):
        table.clarify("S", 0)  # no longer at once: a review comes at his turn (20B)


# 20B, 20D: reviews during the auction


def test_law20B_law20D_review_at_own_turn_restated_by_an_opponent_with_alerts(
    edition: Edition,
) -> None:
    """T-20-fn*: at his turn W asks for a review: the whole auction, alerts included,
    restated by an opponent."""
    table = table_for(edition)
    act(table, "N:1NT E:P S:2C")
    table.alert("N", 2)
    table.request_review("W")
    review = last(table)
    assert isinstance(review, Enquiry) and review.kind is EnquiryKind.REVIEW
    assert review.law == LawRef(edition, "20B")
    assert review.answered_by is not None and review.answered_by.is_opponent_of(Seat.WEST)
    assert [(r.seat.letter, str(r.call), r.alerted) for r in review.restatement] == [
        ("N", "1NT", False), ("E", "Pass", False), ("S", "2C", True)]


def test_law20B_review_only_at_own_turn(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1NT E:P")
    with pytest.raises(ActionRejected, match="20B"):
        table.request_review("W")  # South's turn
    assert table.talk == ()


def test_law20B_review_refused_to_a_player_required_to_pass(edition: Edition) -> None:
    """D-56: W, under a bar, asks for a review at his turn: refused; nothing recorded."""
    table = barred_west(edition)
    events = table.events
    with pytest.raises(ActionRejected, match="20B"):
        table.request_review("W")
    assert table.events == events
    act(table, "W:P")  # he passes as he must


# 20C: after the final pass


def test_law20C1_a_defender_asks_whether_the_opening_lead_is_his(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:4S E:P S:P W:P")
    table.ask_whose_lead("E")
    assert last(table) == Enquiry(Seat.EAST, EnquiryKind.OPENING_LEAD,
                                  LawRef(edition, "20C1"), answer=True)
    table.ask_whose_lead("W")
    enquiry = last(table)
    assert isinstance(enquiry, Enquiry) and enquiry.answer is False
    with pytest.raises(ActionRejected, match="20C1"):
        table.ask_whose_lead("S")  # dummy-to-be is no defender


def test_law20C1_not_during_the_auction(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:4S")
    with pytest.raises(ActionRejected, match="20C1"):
        table.ask_whose_lead("E")


def test_law20C_law20C2_review_at_the_first_turn_to_play(edition: Edition) -> None:
    """T-20-fn**: N declares; E's lead is faced; N may ask for a review at his first turn to
    play, dummy's card to trick 1; the right expires when it is played."""
    table = table_for(edition)
    act(table, "N:4S E:P S:P W:P")
    table.request_review("E")  # the opening leader: his first turn to play
    assert last(table) == Enquiry(Seat.EAST, EnquiryKind.REVIEW, LawRef(edition, "20C2"),
                                  answered_by=Seat.SOUTH,
                                  restatement=last(table).restatement)  # type: ignore[attr-defined]
    with pytest.raises(ActionRejected, match="20C2"):
        table.request_review("S")  # the presumed dummy (41B: N and W may, before the lead)
    table.play("E", "HA")
    table.request_review("N")  # dummy (S) to play to trick 1
    review = last(table)
    assert isinstance(review, Enquiry) and review.seat is Seat.NORTH
    assert review.answered_by is not None and review.answered_by.is_opponent_of(Seat.NORTH)
    with pytest.raises(ActionRejected, match="20C2"):
        table.request_review("S")  # dummy
    table.play("S", "H4")
    table.play("W", "H7")
    table.play("N", "H8")
    with pytest.raises(ActionRejected, match="20C2"):
        table.request_review("N")  # his first turn to play has passed


# 20E: a restatement with an error


def test_law20E_error_in_a_restatement_is_corrected(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1NT E:P S:2C")
    table.request_review("W")
    table.restate("N", ["1NT", "P", "2D"])
    restatement = last(table)
    assert isinstance(restatement, Restatement)
    assert restatement.errors == (2,) and restatement.law == LawRef(edition, "20E")
    with pytest.raises(ActionRejected, match="20D"):
        table.restate("E", ["1NT", "P", "2C"])  # W's partner: only an opponent restates


# 20F: explanations


def test_law20F_law20F1_explanation_asked_at_own_turn_about_the_opponents(
    edition: Edition,
) -> None:
    table = table_for(edition)
    act(table, "N:1NT E:P S:2C")
    table.request_explanation("W")
    enquiry = last(table)
    assert isinstance(enquiry, Enquiry) and enquiry.kind is EnquiryKind.EXPLANATION
    assert enquiry.law == LawRef(edition, "20F1")
    with pytest.raises(ActionRejected, match="20F1"):
        table.request_explanation("E")  # not his turn
    with pytest.raises(ActionRejected, match="20F1"):
        table.request_explanation("W", [1])  # his partner's pass
    table.explain("N", 2, "Stayman")
    assert last(table) == Explanation(Seat.NORTH, 2, "Stayman", LawRef(edition, "20F1"))
    with pytest.raises(ActionRejected, match="20F1"):
        table.explain("E", 2, "natural")  # a call is explained by the side that made it


def test_law20F1_2007_player_required_to_pass_may_ask_for_an_explanation() -> None:
    """D-57 (2007): allowed."""
    table = barred_west(Edition.LAWS_2007)
    table.request_explanation("W")
    assert isinstance(last(table), Enquiry)


def test_law20F1_2017_player_required_to_pass_may_not_ask_for_an_explanation() -> None:
    """D-57 (2017, footnote 7): refused."""
    table = barred_west(Edition.LAWS_2017)
    with pytest.raises(ActionRejected, match="20F1"):
        table.request_explanation("W")
    assert table.talk == ()


def test_law20F2_explanations_in_the_play_period(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:4S E:P S:P W:P")
    table.request_explanation("E")  # the opening leader, at his turn to play
    table.request_explanation("W")  # the leader's partner, before the lead is faced (41B)
    assert last(table).law == LawRef(edition, "41B")
    with pytest.raises(ActionRejected, match="20F2"):
        table.request_explanation("S")  # dummy-to-be does not ask
    table.play("E", "HA")
    with pytest.raises(ActionRejected, match="20F2"):
        table.request_explanation("W")  # the play has begun: not his turn
    table.request_explanation("N")  # declarer, at dummy's turn
    enquiry = last(table)
    assert isinstance(enquiry, Enquiry) and enquiry.law == LawRef(edition, "20F2")


def test_law20F3_a_single_call_asked_about(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1NT E:P S:2C")
    table.request_explanation("W", [2])
    enquiry = last(table)
    assert isinstance(enquiry, Enquiry) and enquiry.about == (2,)
    assert enquiry.law == LawRef(edition, "20F3") and "16B1" in enquiry.note


def test_law20F4_2007_own_mistaken_explanation_corrected_director_called() -> None:
    table = table_for(Edition.LAWS_2007)
    act(table, "N:1NT E:P S:2D")
    table.explain("N", 2, "transfer to hearts")
    act(table, "W:P N:2H E:P")
    table.explain("N", 2, "natural, to play")
    correction = last(table)
    assert isinstance(correction, Explanation) and correction.corrects and correction.proper
    assert correction.law == LawRef(Edition.LAWS_2007, "20F4")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.MISINFORMATION
    assert pending.irregularity.offender is Seat.NORTH


def test_law20F4_law20F4a_2017_own_explanation_corrected_by_the_end_of_clarification() -> None:
    table = table_for(Edition.LAWS_2017)
    act(table, "N:1NT E:P S:2D")
    table.explain("N", 2, "transfer to hearts")
    act(table, "W:P N:2H E:P S:P W:P")
    table.explain("N", 2, "natural, to play")  # Clarification Period: in time
    correction = last(table)
    assert isinstance(correction, Explanation)
    assert correction.law == LawRef(Edition.LAWS_2017, "20F4(a)") and correction.proper
    assert table.pending is not None and table.state.reviews == ()


def test_law20F4b_2017_director_applies_law21B() -> None:
    table = table_for(Edition.LAWS_2017)
    act(table, "N:1NT E:P S:2D")
    table.explain("N", 2, "transfer to hearts")
    act(table, "W:P N:2H")
    table.explain("N", 2, "natural")
    pending = table.pending
    assert pending is not None
    assert {LawRef(Edition.LAWS_2017, "21B"), LawRef(Edition.LAWS_2017, "21B1")} <= set(
        pending.clauses)


def test_law20F5_law20F5a_partner_corrects_during_the_auction_improper(edition: Edition) -> None:
    """T-75: S's 2D is explained by N as a transfer; S may not correct during the auction."""
    table = table_for(edition)
    act(table, "N:1NT E:P S:2D")
    table.explain("N", 2, "transfer to hearts")
    act(table, "W:P N:2H E:P")
    table.explain("S", 2, "natural, to play")
    correction = last(table)
    assert isinstance(correction, Explanation)
    assert correction.law == LawRef(edition, "20F5(a)") and not correction.proper
    assert [r.law for r in table.state.reviews] == [LawRef(edition, "20F5(a)")]


def test_law20F5b_law20F5bii_declarer_or_dummy_corrects_after_the_final_pass(
    edition: Edition,
) -> None:
    table = table_for(edition)
    act(table, "N:1NT E:P S:2D")
    table.explain("N", 2, "transfer to hearts")
    act(table, "W:P N:2H E:P S:P W:P")  # N declares 2H; S is dummy
    table.explain("S", 2, "natural, to play")
    correction = last(table)
    assert isinstance(correction, Explanation)
    assert correction.law == LawRef(edition, "20F5(b)(ii)") and correction.proper
    assert table.state.reviews == ()
    assert table.pending is not None  # the Director rules on it (Law 21B)


def test_law20F5bi_a_defender_corrects_at_the_end_of_play(edition: Edition) -> None:
    table = table_for(edition, "E")
    act(table, "E:1NT S:P W:2D")
    table.explain("E", 2, "transfer to hearts")
    act(table, "N:P E:2H S:P W:P N:4S E:P S:P W:P")  # NS play 4S: W defends
    table.explain("W", 2, "natural")  # during the Clarification Period: too early
    correction = last(table)
    assert isinstance(correction, Explanation)
    assert correction.law == LawRef(edition, "20F5(b)(i)") and not correction.proper


def test_law20F5_late_alert_is_a_correction(edition: Edition) -> None:
    """20F5(a): a failure to alert is a mistaken explanation; alerted late, the Director
    rules on it as misinformation."""
    table = table_for(edition)
    act(table, "N:1NT E:P S:2C W:P N:2D E:P S:P W:P")
    table.alert("N", 2)
    alert = last(table)
    assert isinstance(alert, Alert) and alert.late
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.MISINFORMATION


def test_law20_talk_is_refused_while_the_director_rules(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:P S:X")  # inadmissible double: the Director rules
    with pytest.raises(ActionRejected, match="9B2"):
        table.request_review("W")


def test_law20_talk_is_in_every_seats_view_and_replays(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1NT E:P S:2C")
    table.alert("N", 2)
    table.request_explanation("W", [2])
    table.explain("N", 2, "Stayman")
    for seat in Seat:
        assert table.view(seat).talk == table.talk
    again = Table.replay(table.board, table.events, edition=edition)
    assert again.talk == table.talk
    table.undo()
    assert len(table.talk) == 2


# 20G


def test_law20G_law20G2_2007_own_system_card_consulted_during_the_auction() -> None:
    table = table_for(Edition.LAWS_2007)
    act(table, "N:1NT")
    table.consult_system_card("E")
    consulted = last(table)
    assert consulted == CardConsulted(Seat.EAST, LawRef(Edition.LAWS_2007, "20G2"), False)
    assert [r.law.clause for r in table.state.reviews] == ["20G2"]


def test_law20G_law20G3_2017_declaring_side_may_consult_in_the_clarification_period() -> None:
    table = table_for(Edition.LAWS_2017)
    act(table, "N:4S E:P S:P W:P")
    table.consult_system_card("S")
    consulted = last(table)
    assert isinstance(consulted, CardConsulted) and consulted.proper
    assert consulted.law == LawRef(Edition.LAWS_2017, "40B2(b)")
    table.consult_system_card("E")
    consulted = last(table)
    assert isinstance(consulted, CardConsulted) and not consulted.proper
    assert consulted.law == LawRef(Edition.LAWS_2017, "20G3")


# Ruling cases: the talk events


def test_law20_case_events_for_what_is_said_at_the_table(edition: Edition) -> None:
    from dupbridge.cases import StepError, apply_step, parse_step

    table = table_for(edition)
    act(table, "N:1NT E:P S:2C")
    for text in ("alert N S:2C", "ask W S:2C", "explain N S:2C Stayman, asks for majors",
                 "review W"):
        apply_step(table, parse_step(text))
    assert [type(item).__name__ for item in table.talk] == [
        "Alert", "Enquiry", "Explanation", "Enquiry"]
    explanation = table.talk[2]
    assert isinstance(explanation, Explanation) and explanation.text == "Stayman, asks for majors"
    for bad in ("explain N 2C natural", "wrong-board S by", "review", "alert N S:9Q"):
        with pytest.raises(StepError):
            parse_step(bad)
    with pytest.raises(StepError, match="no call"):
        apply_step(table, parse_step("alert N E:2C"))


def test_law20G1_a_question_for_partners_benefit_is_the_directors_judgement(
    edition: Edition,
) -> None:
    from dupbridge.laws.auction.law20_review_explanation import improper_question

    table = table_for(edition)
    act(table, "N:1NT E:P S:2C")
    table.request_explanation("W", [2])
    enquiry = last(table)
    assert isinstance(enquiry, Enquiry)
    question = improper_question(edition, enquiry)
    assert (question.id, question.default, question.law) == (
        "improper-question", False, LawRef(edition, "20G1"))
    assert ("incorrect answer" in question.prompt) is (edition is Edition.LAWS_2017)


def test_law20G2_2017_a_question_to_elicit_a_wrong_answer() -> None:
    from dupbridge.laws.auction.law20_review_explanation import improper_question

    enquiry = Enquiry(Seat.WEST, EnquiryKind.EXPLANATION, LawRef(Edition.LAWS_2017, "20F1"))
    assert "elicit an incorrect answer" in improper_question(Edition.LAWS_2017, enquiry).prompt
