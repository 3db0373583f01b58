"""Law 64 from the facts the Director learns at the end of the hand (no card-by-card play)."""

from __future__ import annotations

import pytest

from dupbridge import Board, Contract, Edition, Seat
from dupbridge.app.ruling_session.document import RulingSession
from dupbridge.app.ruling_session.facts import PlaySummary, summary_result
from dupbridge.laws.play.law64_facts import FacedCard, RevokeFacts, transfer_from_facts

E, S, W = Seat.EAST, Seat.SOUTH, Seat.WEST


def settle(edition: Edition, facts: RevokeFacts) -> tuple[int, str]:
    transfer = transfer_from_facts(edition, facts)
    return transfer.tricks, transfer.law.clause


@pytest.mark.parametrize("edition", list(Edition))
def test_law64A1_revoker_won_the_trick_and_his_side_a_later_one_two_tricks(
        edition: Edition) -> None:
    assert settle(edition, RevokeFacts(E, 5, E, 2)) == (2, "64A1")
    assert settle(edition, RevokeFacts(E, 5, E, 0)) == (1, "64A1")


@pytest.mark.parametrize("edition", list(Edition))
def test_law64A2_partner_won_the_revoke_trick_or_a_later_one_one_trick(
        edition: Edition) -> None:
    assert settle(edition, RevokeFacts(E, 5, W, 0)) == (1, "64A2")
    assert settle(edition, RevokeFacts(E, 5, S, 1)) == (1, "64A2")


def test_law64B1_offending_side_won_nothing_from_the_revoke_trick_on() -> None:
    assert settle(Edition.LAWS_2017, RevokeFacts(E, 5, S, 0)) == (0, "64B1")


def test_law64B6_twelfth_trick_and_64B4_B5_late_attention() -> None:
    assert settle(Edition.LAWS_2017, RevokeFacts(E, 12, E, 1)) == (0, "64B6")
    assert settle(Edition.LAWS_2007, RevokeFacts(E, 3, E, 1, late="next-board")) == (0, "64B4")
    assert settle(Edition.LAWS_2007, RevokeFacts(E, 3, E, 1, late="round-ended")) == (0, "64B5")


def test_law64B3_faced_card_differs_between_editions() -> None:
    faced = RevokeFacts(E, 5, E, 1, faced=FacedCard.HAND_FACED)
    assert settle(Edition.LAWS_2007, faced) == (0, "64B3")  # 2007: any card faced
    assert settle(Edition.LAWS_2017, faced) == (2, "64A1")  # 2017: penalty card or dummy's
    dummy = RevokeFacts(E, 5, E, 1, faced=FacedCard.DUMMY)
    assert settle(Edition.LAWS_2017, dummy) == (0, "64B3")


def test_impossible_facts_are_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="trick 1 to 12"):
        RevokeFacts(E, 13, E, 0)
    with pytest.raises(ValueError, match="0 to 8"):
        RevokeFacts(E, 5, E, 9)
    with pytest.raises(ValueError, match="fewer than"):  # EW won only 3, but 1 + 3 counted
        PlaySummary(Contract.parse("4S S"), 10, RevokeFacts(E, 5, E, 3))


def test_law64_and_64C_from_the_summary_score_and_review_round_trip() -> None:
    """4S by South on board 2 (NS vulnerable), 9 tricks as played; East revoked on trick 5,
    won it, and EW won 2 tricks afterwards: 64A1 gives NS two tricks, 4S+1, +650."""
    session = RulingSession.start(Board(2), edition=Edition.LAWS_2017)
    session.summary = PlaySummary(Contract.parse("4S S"), 9, RevokeFacts(E, 5, E, 2))
    result = summary_result(session.table.state, session.summary)
    assert result.tricks == 11 and result.score_ns == 650
    assert [str(t.law) for t in result.transfers] == ["2017 Law 64A1"]
    assert [str(r.law) for r in result.reviews] == ["2017 Law 64C1"]
    again = RulingSession.loads(session.dumps())
    assert again.summary == session.summary
    assert again.to_json()["record"]["result"]["score_ns"] == 650
