"""Laws 65 and 66: arrangement and inspection of tricks (cases T65-1, T65-2, T66-1..4).

North declares 1S (dummy South); East leads. Trick 1: E S8, S S5, W S2, N SA (won by NS).
"""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge import ActionRejected, Edition, Seat, Table
from dupbridge.laws.play import law65_66_tricks as tricks
from dupbridge.laws.play.law65_66_tricks import Pointing
from dupbridge.notation.play_steps import (
    InspectStep,
    MixStep,
    PlayGrammarError,
    PointStep,
    parse_play_line,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
TRICK_1 = (("E", "S8"), ("S", "S5"), ("W", "S2"), ("N", "SA"))
TRICK_2 = (("N", "HT"), ("E", "HA"), ("S", "H2"), ("W", "H5"))  # won by East


def _table(edition: Edition, *plays: tuple[str, str]) -> Table:
    table = table_for(edition, "N")
    act(table, "N:1S E:P S:P W:P")
    for seat, card in plays:
        table.play(seat, card)
    return table


def _clauses(table: Table) -> list[str]:
    return [review.law.clause for review in table.state.reviews]


def test_law65B1_a_trick_won_points_towards_partner(edition: Edition) -> None:
    play = _table(edition, *TRICK_1).state.play
    assert play is not None
    assert tricks.won_by_side(play.tricks[0], N) and tricks.won_by_side(play.tricks[0], S)
    assert tricks.pointed_correctly(play, S, 1, won=True)


def test_law65B2_a_trick_lost_points_towards_the_opponents(edition: Edition) -> None:
    play = _table(edition, *TRICK_1).state.play
    assert play is not None
    assert not tricks.won_by_side(play.tricks[0], E)
    assert tricks.pointed_correctly(play, W, 1, won=False)
    assert not tricks.pointed_correctly(play, W, 1, won=True)


def test_law65B_pointing_is_recorded_and_the_count_comes_from_the_play(edition: Edition) -> None:
    table = _table(edition, *TRICK_1)
    table.point("W", 1, won=True)  # wrongly, and nobody notices
    assert table.state.pointings == (Pointing(W, 1, True),)
    assert table.state.play is not None and table.state.play.tricks_won(N.side) == 1
    with pytest.raises(ActionRejected):
        table.point("W", 2, won=False)  # trick 2 is not quitted


def test_law65B3_2007_declarer_may_require_correction_at_any_time_T65_1() -> None:
    table = _table(Edition.LAWS_2007, *TRICK_1, *TRICK_2, ("E", "D2"))
    table.point("W", 1, won=True, noticed_by="N")  # two tricks later
    corrected = table.state.pointings[-1]
    assert corrected.won is False and corrected.law is not None
    assert corrected.law.clause == "65B3" and not table.state.reviews


def test_law65B3_2007_dummy_or_defender_only_until_a_lead_to_the_next_trick_T65_1() -> None:
    table = _table(Edition.LAWS_2007, *TRICK_1)
    table.point("W", 1, won=True, noticed_by="E")  # no lead to trick 2 yet: corrected
    assert table.state.pointings[-1].won is False and not table.state.reviews
    table.play("N", "HT")  # a lead to trick 2
    table.point("W", 1, won=True, noticed_by="S")  # dummy, too late: 16B may apply
    assert table.state.pointings[-1].won is True
    assert _clauses(table) == ["65B3"] and "16B" in table.state.reviews[0].note


def test_law65B3_2017_any_player_until_his_side_leads_or_plays_to_the_next_trick_T65_1() -> None:
    table = _table(Edition.LAWS_2017, *TRICK_1, ("N", "HT"))  # NS have led to trick 2
    table.point("W", 1, won=True, noticed_by="E")  # EW have not played yet: corrected
    assert table.state.pointings[-1].won is False and not table.state.reviews
    table.point("E", 1, won=True, noticed_by="S")  # dummy, his side has led: too late
    assert table.state.pointings[-1] == Pointing(E, 1, True)
    assert _clauses(table) == ["65B3"]
    table.point("E", 1, won=True, noticed_by="N")  # declarer too: no 2007 privilege
    assert table.state.pointings[-1].won is True and len(table.state.reviews) == 2


def test_law65B3_verdicts_per_edition() -> None:
    play = _table(Edition.LAWS_2007, *TRICK_1, ("N", "HT")).state.play
    assert play is not None
    assert tricks.attention_to_pointing(Edition.LAWS_2007, play, N, 1)
    assert not tricks.attention_to_pointing(Edition.LAWS_2007, play, E, 1)
    assert tricks.attention_to_pointing(Edition.LAWS_2017, play, E, 1)
    assert not tricks.attention_to_pointing(Edition.LAWS_2017, play, N, 1)


def test_law65D_disturbing_the_order_jeopardises_a_claim_T65_2(edition: Edition) -> None:
    table = _table(edition, *TRICK_1)
    table.mix_cards("E")
    assert _clauses(table) == ["65D"]
    assert "jeopardised" in table.state.reviews[0].note


def test_law66A_seeing_the_trick_just_completed_T66_1(edition: Edition) -> None:
    table = _table(edition, *TRICK_1)
    table.inspect("W", 1)  # allowed: nothing recorded but the event
    with pytest.raises(ActionRejected, match=r"66A.*dummy"):
        table.inspect("S", 1)
    with pytest.raises(ActionRejected, match=r"66A.*turned"):
        table.inspect("W", 1, turned=True)
    table.play("N", "HT")
    table.inspect("W", 1)  # EW have not played to trick 2
    with pytest.raises(ActionRejected, match="66A"):
        table.inspect("N", 1)  # NS have led to trick 2
    table.play("E", "HA")
    with pytest.raises(ActionRejected, match="66A"):
        table.inspect("W", 1)


def test_law66B_2007_own_last_card_until_a_card_is_led_to_the_next_trick_T66_2() -> None:
    table = _table(Edition.LAWS_2007, *TRICK_1, *TRICK_2)  # East won trick 2
    table.inspect("N", 2, own_card=True)
    table.play("E", "D2")  # West's side has led to trick 3; N's side has not played
    with pytest.raises(ActionRejected, match="66B"):
        table.inspect("N", 2, own_card=True)
    with pytest.raises(ActionRejected, match="66B"):
        table.inspect("S", 2, own_card=True)  # dummy


def test_law66B_2017_own_last_card_until_his_side_has_led_or_played_T66_2() -> None:
    table = _table(Edition.LAWS_2017, *TRICK_1, *TRICK_2)
    table.play("E", "D2")
    table.inspect("N", 2, own_card=True)  # NS have not played to trick 3
    with pytest.raises(ActionRejected, match="66B"):
        table.inspect("W", 2, own_card=True)  # EW have led


def test_law66C_earlier_tricks_only_on_the_directors_instruction_T66_3(edition: Edition) -> None:
    table = _table(edition, *TRICK_1, *TRICK_2)
    with pytest.raises(ActionRejected, match="66C"):
        table.inspect("E", 1)
    table.inspect("E", 1, instructed=True)  # e.g. to check a revoke claim
    play = table.state.play
    assert play is not None
    assert not tricks.may_inspect_quitted(edition, play, 1, instructed=False)


def test_law66D_inspection_after_play_and_mixed_cards_T66_4(edition: Edition) -> None:
    table = _table(edition)
    while (seat := table.turn) is not None:
        table.play(seat, min(table.legal_cards()))
    play = table.state.play
    assert play is not None and play.is_complete
    table.inspect("E", 4, purpose="revoke")
    table.inspect("S", 13, purpose="tricks")
    with pytest.raises(ActionRejected, match="66D"):
        table.inspect("E", 4, purpose="curiosity")
    table.mix_cards("N", after_claim=True)
    assert _clauses(table) == ["66D"]
    assert "rules for EW" in table.state.reviews[0].note
    early = _table(edition, *TRICK_1).state.play
    assert early is not None
    assert not tricks.may_inspect_after_play(edition, early, "revoke")  # not over yet


def test_law66_no_inspection_before_a_trick_is_quitted(edition: Edition) -> None:
    table = _table(edition, ("E", "S8"))
    with pytest.raises(ActionRejected):
        table.inspect("W", 1)
    with pytest.raises(ActionRejected):
        table.mix_cards("W")


def test_law65B3_law66_case_lines_parse() -> None:
    assert parse_play_line(["point", "W", "3", "lost", "by", "S"]) == PointStep(W, 3, False, S)
    assert parse_play_line(["point", "W", "3", "won"]) == PointStep(W, 3, True, None)
    assert parse_play_line(["inspect", "S", "2", "own"]) == InspectStep(S, 2, frozenset({"own"}))
    assert parse_play_line(["inspect", "S", "13", "revoke"]) == InspectStep(S, 13, frozenset(),
                                                                        "revoke")
    assert parse_play_line(["mix", "E", "after-claim"]) == MixStep(E, True)
    for bad in ("point W x won", "point W 3 sideways", "inspect S 2 peek", "mix E later",
                "point W 3 won S"):
        with pytest.raises(PlayGrammarError):
            parse_play_line(bad.split())
