"""Issue 27, what a table's phone tells its players (``table_guide``) and the Director's
floor records it follows (``floor``): Law 8's movement announced at every table (where
each pair goes, which boards come from which table, sit-outs, relays), the round control
and its clock, a call attended (Law 9B1), a conflict or a dispute (79B) visible at the
table until the Director acts, and the traveller once entered."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from dupbridge.adapters.sql import open_store
from dupbridge.adapters.sql.store import SqlStore
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import floor
from dupbridge.app.club_night.ports import FixedClock
from dupbridge.app.club_night.table_guide import guide_of, round_guide
from dupbridge.app.errors import AppError
from dupbridge.core.seats import Side
from dupbridge.tournament.results import ResultRejected

CLOCK = FixedClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))


def _event(tmp_path: Path, **options: Any) -> tuple[SqlStore, str]:
    store = open_store(f"sqlite:///{tmp_path}/club.db")
    new = club.NewEvent("Guide", **{"size": 3, "boards_per_round": 2, "deal": False,
                                    **options})
    return store, club.create_event(store, CLOCK, new, who="Director").id


def _enter(store: SqlStore, event: str, round_: int, table: int, board: int,
           tricks: int = 9) -> None:
    club.enter_result(store, CLOCK, event,
                      club.ResultInput(round_, table, board, "3NT", "N", tricks),
                      who="test")


def test_law8_a_mitchell_round_change_says_where_pairs_go_and_where_boards_come_from(
        tmp_path: Path) -> None:
    store, event = _event(tmp_path)
    state = club.state_of(store, event)
    movement = state.movement
    guide = round_guide(state, 1, 2)
    before = next(e for e in movement.in_round(1) if e.table == 1)
    after = next(e for e in movement.in_round(2) if e.table == 1)
    # Each pair of round 1 at table 1 is told its table and direction in round 2, as the
    # movement has them.
    for move in guide.leaving:
        there = next(e for e in movement.in_round(2) if move.pair in e.contestants)
        assert (move.table, move.side) == (there.table, there.side_of(move.pair))
    assert {m.pair for m in guide.leaving} == set(before.contestants)
    assert next(m for m in guide.leaving if m.pair in before.ns).side is Side.NS
    # The boards of round 2 at table 1 come from the table that played them in round 1.
    for found in guide.boards:
        for board in found.boards:
            assert board in after.boards
            assert found.from_table == next(e.table for e in movement.in_round(1)
                                            if board in e.boards)
    assert not guide.sits_out


def test_law8_a_pair_meeting_a_phantom_is_told_it_sits_out(tmp_path: Path) -> None:
    store, event = _event(tmp_path, absent=(6,))
    state = club.state_of(store, event)
    movement = state.movement
    sitting = next(e for e in movement.in_round(2) if movement.sit_out(e))
    pair = next(p for p in sitting.contestants if p != 6)
    table_before = next(e.table for e in movement.in_round(1) if pair in e.contestants)
    guide = round_guide(state, table_before, 2)
    move = next(m for m in guide.leaving if m.pair == pair)
    assert move.sits_out
    assert all(m.pair != 6 for m in guide.leaving + guide.coming)  # a phantom goes nowhere
    assert round_guide(state, sitting.table, 2).sits_out


def test_the_phones_follow_the_directors_round_control(tmp_path: Path) -> None:
    store, event = _event(tmp_path)
    state = club.state_of(store, event)
    boards = next(e.boards for e in state.movement.in_round(1) if e.table == 1)
    # No round control used: a table moves on as soon as its round is recorded.
    for board in boards:
        _enter(store, event, 1, 1, board)
    recorded = club.results(store, event).lines
    guide = guide_of(store, club.state_of(store, event), 1)
    assert guide.now.encounter is not None and guide.now.encounter.round == 2
    assert not guide.waiting_for_start and guide.guide is not None  # movement shown

    # The Director starts round 1 with a clock: table 1, done, waits for round 2.
    started = floor.start_round(store, CLOCK, event, round=1, minutes=14,
                                who="Director")
    assert started.ends == CLOCK.now() + timedelta(minutes=14)
    assert not started.over_time(CLOCK.now())
    assert started.over_time(CLOCK.now() + timedelta(minutes=15))
    guide = guide_of(store, club.state_of(store, event), 1)
    assert guide.waiting_for_start and guide.guide is not None and guide.guide.round == 2
    ended = floor.end_round(store, CLOCK, event, who="Director")
    assert ended.ended is not None
    with pytest.raises(ResultRejected):  # nothing in play to end
        floor.end_round(store, CLOCK, event, who="Director")
    floor.start_round(store, CLOCK, event, round=2, minutes=None,
                      who="Director")
    guide = guide_of(store, club.state_of(store, event), 1)
    assert not guide.waiting_for_start and guide.clock is not None and guide.clock.round == 2
    with pytest.raises(ResultRejected):
        floor.start_round(store, CLOCK, event, round=99, minutes=None,
                          who="Director")
    with pytest.raises(ResultRejected):
        floor.start_round(store, CLOCK, event, round=2, minutes=0,
                          who="Director")
    # The floor's records change nothing the Laws score.
    assert club.results(store, event).lines == recorded


def test_law9B1_law79B_what_waits_for_the_director_stays_on_the_phone_until_he_acts(
        tmp_path: Path) -> None:
    store, event = _event(tmp_path)
    state = club.state_of(store, event)
    first, second = next(e.boards for e in state.movement.in_round(1) if e.table == 1)
    _enter(store, event, 1, 1, first, 9)
    _enter(store, event, 1, 1, first, 8)  # another phone: a conflict
    club.enter_result(store, CLOCK, event, club.ResultInput(
        1, 1, second, "4S", "E", 10, agreed=False), who="test")  # East-West disagree
    call = floor.call_director(store, CLOCK, event, round=1, table=1,
                               who="table 1 device", board=first)
    waiting = guide_of(store, club.state_of(store, event), 1).waiting
    assert sorted((w.kind, w.board, w.attended is None) for w in waiting) == [
        ("call", first, True), ("conflict", first, True), ("dispute", second, True)]
    assert guide_of(store, club.state_of(store, event), 2).waiting == ()

    floor.attend_call(store, CLOCK, event, call.id, who="Director")
    floor.attend_call(store, CLOCK, event, call.id, who="Director")
    assert len(store.actions(event, (floor.ATTENDED,))) == 1
    attended = next(w for w in guide_of(store, club.state_of(
        store, event), 1).waiting if w.kind == "call")
    assert attended.attended is not None
    with pytest.raises(AppError):
        floor.attend_call(store, CLOCK, event, "no-such-call", who="Director")

    conflict = club.results(store, event).conflicts[0]
    club.resolve_conflict(store, CLOCK, event, conflict[1].id, "first",
                          who="Director", why="settled")
    kinds = {w.kind for w in guide_of(store, club.state_of(
        store, event), 1).waiting}
    assert kinds == {"call", "dispute"}  # the conflict is settled, the dispute still waits


def test_the_traveller_after_entry_shows_what_the_table_may_see(tmp_path: Path) -> None:
    store, event = _event(tmp_path)
    state = club.state_of(store, event)
    board = next(e.boards for e in state.movement.in_round(1) if e.table == 1)[0]
    _enter(store, event, 1, 1, board, 9)
    travellers = dict(guide_of(store, club.state_of(store, event), 1).travellers)
    assert [(line.table, line.tricks) for line in travellers[board]] == [(1, 9)]
    # Another table has not entered anything of this board yet: nothing of it at table 2.
    assert guide_of(store, club.state_of(store, event), 2).travellers == ()


def test_law8_a_table_sitting_out_the_round_in_play_is_told_so_while_it_waits(
        tmp_path: Path) -> None:
    store, event = _event(tmp_path, absent=(6,))
    state = club.state_of(store, event)
    movement = state.movement
    sitting = next(e for e in movement.in_round(2) if movement.sit_out(e))
    table = sitting.table
    for board in next(e.boards for e in movement.in_round(1) if e.table == table):
        played = next(e for e in movement.in_round(1) if e.table == table)
        if not movement.sit_out(played):
            _enter(store, event, 1, table, board)
    floor.start_round(store, CLOCK, event, round=2, minutes=None, who="Director")
    guide = guide_of(store, club.state_of(store, event), table)
    assert guide.waiting_for_start  # its next boards are in round 3, not started yet
    assert guide.guide is not None and guide.guide.round == 2 and guide.guide.sits_out


def test_law8_a_relay_is_announced_to_the_tables_sharing_the_boards(tmp_path: Path) -> None:
    store, event = _event(tmp_path, size=4, relay=True)
    state = club.state_of(store, event)
    movement = state.movement
    shared = {(e.round, e.table, o.table) for e in movement.encounters
              for o in movement.in_round(e.round)
              if o.table != e.table and set(o.boards) & set(e.boards)}
    assert shared, "a relay Mitchell shares boards between two tables in a round"
    round_, table, other = min(shared)
    assert other in round_guide(state, table, round_).shared_with
    lone = next(e for e in movement.in_round(round_)
                if not any(r == round_ and t == e.table for r, t, _ in shared))
    assert round_guide(state, lone.table, round_).shared_with == ()
