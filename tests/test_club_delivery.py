"""Issue 29, no entered result is ever lost: a table device's result is recorded, or kept
as a conflict for the Director (79B), or refused and given to the Director with the
reason; never answered "already recorded" and dropped. Two results sent at the same
instant for one board: exactly one recorded, the other a conflict (the store's place
claim, on SQLite and PostgreSQL). After the official scores a table's result is refused
(79C): the Director corrects."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import pytest

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import delivery
from dupbridge.app.club_night.floor import OutOfScope, current_round
from dupbridge.app.club_night.ports import FixedClock

CLOCK = FixedClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))


def _event(store: object, name: str = "Trust") -> str:
    return club.create_event(store, CLOCK, club.NewEvent(  # type: ignore[arg-type]
        name, size=3, boards_per_round=2, deal=False), who="Director").id


def _result(round_: int, table: int, board: int, tricks: int = 9) -> club.ResultInput:
    return club.ResultInput(round_, table, board, "3NT", "N", tricks)


def _boards(store: object, event: str, round_: int, table: int) -> tuple[int, ...]:
    state = club.state_of(store, event)  # type: ignore[arg-type]
    return next(e.boards for e in state.movement.in_round(round_) if e.table == table)


def test_law79B_the_same_id_with_a_different_result_is_a_conflict_not_a_retry(
        tmp_path: object) -> None:
    store = open_store(f"sqlite:///{tmp_path}/club.db")
    event = _event(store)
    first = delivery.enter_table_result(store, CLOCK, event, 1, _result(1, 1, 1, 9),
                                        entry_id="phone-id-0001")
    again = delivery.enter_table_result(store, CLOCK, event, 1, _result(1, 1, 1, 9),
                                        entry_id="phone-id-0001")
    other = delivery.enter_table_result(store, CLOCK, event, 1, _result(1, 1, 1, 8),
                                        entry_id="phone-id-0001")
    repeated = delivery.enter_table_result(store, CLOCK, event, 1, _result(1, 1, 1, 8),
                                           entry_id="phone-id-0001")
    assert (first.status, again.status, other.status, repeated.status) == (
        "recorded", "retry", "conflict", "retry")
    results = club.results(store, event)
    assert [(a.tricks, b.tricks) for a, b in results.conflicts] == [(9, 8)]
    assert len(store.actions(event, ("result",))) == 2


def test_another_tables_id_does_not_drop_this_tables_result(tmp_path: object) -> None:
    store = open_store(f"sqlite:///{tmp_path}/club.db")
    event = _event(store)
    board = _boards(store, event, 1, 2)[0]
    delivery.enter_table_result(store, CLOCK, event, 1, _result(1, 1, 1), entry_id="id-one-1")
    mine = delivery.enter_table_result(store, CLOCK, event, 2, _result(1, 2, board),
                                       entry_id="id-one-1")
    assert mine.new and mine.status == "recorded" and mine.id != "id-one-1"
    assert {(line.table, line.board) for line in club.results(store, event).lines} == {
        (1, 1), (2, board)}


def test_law79B_a_different_result_on_the_rounds_last_board_after_moving_on(
        tmp_path: object) -> None:
    """The first result of the round's last board moves the table on; the second phone's
    different result for it still reaches the Director, as a conflict."""
    store = open_store(f"sqlite:///{tmp_path}/club.db")
    event = _event(store)
    first, last = _boards(store, event, 1, 1)
    delivery.enter_table_result(store, CLOCK, event, 1, _result(1, 1, first), entry_id="a-0001")
    delivery.enter_table_result(store, CLOCK, event, 1, _result(1, 1, last), entry_id="a-0002")
    now = current_round(club.state_of(store, event), 1).encounter
    assert now is not None and now.round == 2
    late = delivery.enter_table_result(store, CLOCK, event, 1, _result(1, 1, last, 7),
                                       entry_id="b-0002")
    assert late.status == "conflict"
    assert [(a.board, a.tricks, b.tricks) for a, b in club.results(store, event).conflicts
            ] == [(last, 9, 7)]


def test_a_later_round_or_another_tables_board_is_refused(tmp_path: object) -> None:
    store = open_store(f"sqlite:///{tmp_path}/club.db")
    event = _event(store)
    later = _boards(store, event, 2, 1)[0]
    with pytest.raises(OutOfScope):
        delivery.enter_table_result(store, CLOCK, event, 1, _result(2, 1, later),
                                    entry_id="c-0001")
    with pytest.raises(OutOfScope):
        delivery.enter_table_result(store, CLOCK, event, 1, _result(1, 1, 99),
                                    entry_id="c-0002")
    assert club.results(store, event).lines == ()


def test_law79C_a_tables_result_after_the_official_scores_is_refused(
        tmp_path: object) -> None:
    """79C: once the scores are official, a table's result is refused with the reason,
    and the Director's correction is the way to change a score."""
    store = open_store(f"sqlite:///{tmp_path}/club.db")
    event = _event(store)
    delivery.enter_table_result(store, CLOCK, event, 1, _result(1, 1, 1), entry_id="d-0001")
    club.make_official(store, CLOCK, event, who="Director")
    with pytest.raises(delivery.Published) as refused:
        delivery.enter_table_result(store, CLOCK, event, 1, _result(1, 1, 2),
                                    entry_id="d-0002")
    assert "Law 79C" in refused.value.message and "official scores" in refused.value.message
    # A retry of a result acknowledged before the official scores is still a retry.
    retry = delivery.enter_table_result(store, CLOCK, event, 1, _result(1, 1, 1),
                                        entry_id="d-0001")
    assert retry.status == "retry"
    assert [line.board for line in club.results(store, event).lines] == [1]
    corrected = club.correct_result(store, CLOCK, event, _result(1, 1, 1, 10),
                                    who="Director", why="wrong tricks")
    assert corrected.status == "corrected"


def test_a_refused_result_is_kept_for_the_director_once(tmp_path: object) -> None:
    store = open_store(f"sqlite:///{tmp_path}/club.db")
    event = _event(store)
    sent = {"id": "e-0001", "round": 2, "board": 3, "contract": "4S", "declarer": "E",
            "tricks": 10}
    for _ in range(2):  # the phone sends it again: one record
        delivery.hand_to_director(store, CLOCK, event, 1, sent, "not this round",
                                  entry_id="e-0001")
    delivery.hand_to_director(store, CLOCK, event, 1, {**sent, "tricks": 9},
                              "not this round", entry_id="e-0001")
    kept = delivery.undelivered(store, event)
    assert [(u.round, u.table, u.board, u.result["tricks"]) for u in kept] == [
        (2, 1, 3, 10), (2, 1, 3, 9)]
    assert {str(u.reason) for u in kept} == {"not this round"}
    assert club.results(store, event).lines == ()


@pytest.mark.parametrize("attempt", range(6))
def test_law79B_two_results_at_the_same_instant_one_recorded_one_conflict(
        db_url: str, attempt: int) -> None:
    """Two phones of one table send different results for one board at once: exactly one
    is answered "recorded", the other "conflict", and the journal replays to the same."""
    stores = [open_store(db_url), open_store(db_url)]
    event = _event(stores[0], f"Race {attempt}")
    club.state_of(stores[1], event)  # both workers have read the event before the race
    start = threading.Barrier(2)
    answers: list[str] = []

    def send(index: int) -> None:
        start.wait()
        recorded = delivery.enter_table_result(
            stores[index], CLOCK, event, 1, _result(1, 1, 1, 8 + index),
            entry_id=f"race-{attempt}-{index}-0001")
        answers.append(recorded.status)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == ["conflict", "recorded"]
    fresh = open_store(db_url)
    results = club.results(fresh, event)
    assert len(results.lines) == 1 and len(results.conflicts) == 1
    for store in (*stores, fresh):
        store.close()
