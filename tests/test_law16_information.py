"""Law 16: authorised and unauthorised information, as far as software carries it."""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge import ActionRejected, Board, Edition, LawRef, Seat, Side, Table
from dupbridge.laws.irregularities import law16_information
from dupbridge.laws.irregularities.law16_information import Use, information_for
from dupbridge.laws.irregularities.table_talk import Reservation
from dupbridge.laws.machinery.profiles import Regulations
from dupbridge.laws.machinery.ruling import InformationTag

E07, E17 = Edition.LAWS_2007, Edition.LAWS_2017


def withdrawn_clause(edition: Edition) -> str:
    return "16D" if edition is E07 else "16C"


def test_law16D_law16D1_2007_law16C_law16C1_2017_withdrawn_call_authorised_to_the_nos(
    edition: Edition,
) -> None:
    """Information from a withdrawn call is authorised to the non-offending side, whichever
    side made it."""
    tag = law16_information.withdrawn_call_information(edition, 3, Side.NS)
    assert tag == InformationTag(LawRef(edition, withdrawn_clause(edition)), 3, Side.EW)
    assert law16_information.is_authorised(tag, Seat.EAST)
    assert not law16_information.is_authorised(tag, Seat.NORTH)


def test_law16_law16A_law16A1_law16A1a_law16A1b_law16A1d_what_a_player_may_use(
    edition: Edition,
) -> None:
    """N 1S, E P, S doubles his partner's bid (36B, cancelled): the legal calls are
    authorised to all (16A1(a)); the withdrawn double is authorised to EW only (16A1(b),
    2007 16D2 / 2017 16C2); the board's markings were known before (16A1(d))."""
    table = table_for(edition)
    act(table, "N:1S E:P S:X")
    table.choose("rectify")
    state = table.state
    for seat, use in ((Seat.WEST, Use.AUTHORISED), (Seat.NORTH, Use.UNAUTHORISED)):
        found = information_for(edition, seat, state.standing, state.information, state.talk)
        assert found[0].law == LawRef(edition, "16A1(d)")
        legal = [item for item in found if item.law.clause == "16A1(a)"]
        assert [item.record for item in legal] == [0, 1]
        withdrawn = [item for item in found if item.record == 2]
        assert [item.use for item in withdrawn] == [use]
    north = information_for(edition, Seat.NORTH, state.standing, state.information)
    clause = "16D2" if edition is E07 else "16C2"
    assert [i.law.clause for i in north if i.use is Use.UNAUTHORISED] == [clause]


def test_law16A1c_opponents_disclosure_authorised_partners_extraneous(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1NT E:P S:2C")
    table.alert("N", 2)
    table.request_explanation("W", [2])
    table.explain("N", 2, "Stayman")
    state = table.state
    west = information_for(edition, Seat.WEST, state.standing, state.information, state.talk)
    heard = [(item.use, item.law.clause) for item in west if item.talk is not None]
    assert heard == [(Use.AUTHORISED, "16A1(c)"), (Use.AUTHORISED, "16A1(c)")]
    south = information_for(edition, Seat.SOUTH, state.standing, state.information, state.talk)
    heard = [(item.use, item.law.clause, item.talk) for item in south if item.talk is not None]
    assert heard == [(Use.EXTRANEOUS, "16B1", 0), (Use.AUTHORISED, "16A1(c)", 1),
                     (Use.EXTRANEOUS, "16B1", 2)]  # partner's alert and explanation (16B1)


def test_law16D2_2007_law16C2_2017_logical_alternative_question_default_no(
    edition: Edition,
) -> None:
    """J-UI-LA, asked at the end of play for each withdrawn call unauthorised to a side."""
    tags = (law16_information.withdrawn_call_information(edition, 2, Side.NS),
            InformationTag(LawRef(edition, "27B1(a)" if edition is E07 else "23B"), 4, None))
    questions = law16_information.end_of_play_questions(edition, tags)
    assert [(q.id, q.default, q.law.clause) for q in questions] == [
        ("ui-logical-alternative", False, "16D2" if edition is E07 else "16C2")]
    assert "NS" in questions[0].prompt


def test_law16A4_2007_law16C3_2017_adjustment_only_when_used_and_damaged(
    edition: Edition,
) -> None:
    adjust = law16_information.adjustment_for_unauthorised_use
    assert adjust(edition, suggested_action_chosen=True, damaged=False) is None
    assert adjust(edition, suggested_action_chosen=False, damaged=True) is None
    adjustment = adjust(edition, suggested_action_chosen=True, damaged=True)
    assert adjustment is not None and not adjustment.artificial and adjustment.played
    assert adjustment.law == LawRef(edition, "16A4" if edition is E07 else "16C3")


def test_law16B2_reserving_rights_unless_the_regulating_authority_forbids(
    edition: Edition,
) -> None:
    table = table_for(edition)
    act(table, "N:1NT")
    table.reserve_rights("E")
    assert table.talk[-1] == Reservation(Seat.EAST, LawRef(edition, "16B2"))
    base = table.state.regulations
    strict = Regulations(base.name, base.edition, base.authority, base.title,
                         {**base.options, "reserve_rights_allowed": False})
    table = Table(Board(1, table.board.deal), regulations=strict)
    with pytest.raises(ActionRejected, match="16B2"):
        table.reserve_rights("E")
