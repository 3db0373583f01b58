"""The event's parts (issue 15): board sets (Law 2), tables (Law 3), partnerships
(Law 4), the timing and end of rounds (Law 8)."""

from __future__ import annotations

from datetime import datetime

import pytest

from dupbridge.core.edition import Edition
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.tournament import (
    BoardSets,
    Event,
    Form,
    Player,
    Scoring,
    Section,
    Session,
    Substitution,
    Timing,
    mitchell,
)
from dupbridge.tournament.contestants import check_substitution, partnerships_fixed
from dupbridge.tournament.event import (
    postponed_board_open,
    round_over,
    seats_at_tables,
    session_over,
)


def test_law2_board_sets_carry_law2_markings_unless_the_board_is_marked_otherwise() -> None:
    sets = BoardSets(9, 3, markings={5: (Seat.WEST, Vulnerability.BOTH)})
    assert sets.boards_of(2) == (4, 5, 6) and sets.set_of(27) == 9
    assert sets.board(4).dealer is Seat.WEST and sets.board(4).vulnerability is Vulnerability.BOTH
    assert sets.board(5).dealer is Seat.WEST and sets.board(5).vulnerability is Vulnerability.BOTH
    assert sets.board(6).dealer is Seat.EAST and sets.board(6).vulnerability is Vulnerability.EW
    with pytest.raises(ValueError):
        sets.board(28)


def test_law3_tables_numbered_in_sequence_seat_four_players_each() -> None:
    section = Section("A", mitchell(7, 3))
    assert seats_at_tables(section) == 28


def test_law4_substitution_needs_the_directors_authorisation() -> None:
    check_substitution(Substitution(3, Player("A"), Player("B"), authorised_by_director=True))
    with pytest.raises(ValueError, match="Law 4"):
        check_substitution(Substitution(3, Player("A"), Player("B"),
                                        authorised_by_director=False))
    assert partnerships_fixed(Form.PAIRS) and not partnerships_fixed(Form.INDIVIDUAL)


def test_law8B_law8B1_round_ends_when_called_and_the_table_is_done_or_has_changed() -> None:
    assert round_over(True, table_finished=True, players_changed=False)
    assert round_over(True, table_finished=False, players_changed=True)
    assert not round_over(True, table_finished=False, players_changed=False)
    assert not round_over(False, table_finished=True, players_changed=True)


def test_law8B2_postponed_board_keeps_the_round_open_until_recorded_or_cancelled() -> None:
    assert postponed_board_open(played_and_recorded=False, cancelled=False)
    assert not postponed_board_open(played_and_recorded=True, cancelled=False)
    assert not postponed_board_open(played_and_recorded=False, cancelled=True)


def test_law8C_session_ends_when_every_board_is_recorded_without_objection() -> None:
    assert session_over(27, 27, objections=0)
    assert not session_over(27, 26, objections=0)
    assert not session_over(27, 27, objections=1)


def test_law8_timing_of_rounds() -> None:
    timing = Timing(datetime(2026, 11, 26, 19, 0), minutes_per_board=7, change_minutes=2)
    assert timing.round_start(2, 3) == datetime(2026, 11, 26, 19, 23)
    assert timing.round_end(1, 3) == datetime(2026, 11, 26, 19, 21)
    event = Event("Club", Form.PAIRS, Scoring.MATCHPOINTS, Edition.LAWS_2017,
                  sessions=(Session(1, (Section("A", mitchell(7, 3)),), BoardSets(7, 3),
                                    timing),))
    assert event.sessions[0].sections[0].tables == tuple(range(1, 8))
