"""Grouped commits (issue 29: a burst of results): the actions sent while the store's one
writer is committing are written together, in one transaction, on SQLite and on
PostgreSQL; each caller is answered only once its group is committed; one refused in a
group (a place already taken in the same group, an id reused) takes back only its own
rows; a group whose commit fails keeps nothing and tells every caller."""

from __future__ import annotations

import contextlib
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import pytest
import sqlalchemy as sa

from dupbridge.adapters.sql import SqlStore, open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.ports import Action, FixedClock, PlaceTaken, StoreError

START = datetime(2026, 11, 26, 19, 0, tzinfo=UTC)
CLOCK = FixedClock(START)


def _event(url: str) -> tuple[SqlStore, str]:
    store = open_store(url)
    view = club.create_event(store, CLOCK, club.NewEvent("Burst", size=8, deal=False))
    return store, view.id


def _result(event_id: str, action_id: str, table: int, board: int, tricks: int) -> Action:
    return Action(action_id, event_id, "result", f"table {table} device", START, "",
                  {"tricks": tricks}, 1, table, board)


def _commits(store: SqlStore) -> list[int]:
    counted: list[int] = []
    sa.event.listen(store.engine, "commit", lambda _connection: counted.append(1))
    return counted


def _held(store: SqlStore) -> tuple[threading.Event, threading.Event]:
    """Keep the writer busy with a group of its own until ``release`` is set (``busy``
    says it has started): what is sent meanwhile waits for the next group."""
    busy, release = threading.Event(), threading.Event()

    def hold(connection: Any) -> None:
        connection.execute(sa.text("SELECT 1"))  # a transaction of its own to commit
        busy.set()
        release.wait(30)

    def write() -> None:
        # A test refusing commits refuses this group's too.
        with contextlib.suppress(sa.exc.SQLAlchemyError):
            store.writer.write(hold)

    threading.Thread(target=write, daemon=True).start()
    assert busy.wait(30)
    return busy, release


def _send_while_held(store: SqlStore, actions: list[tuple[Action, tuple[int, int, int]]]
                     ) -> list[Any]:
    """Append every action from its own thread, in order, while the writer is held, then
    let it go: each answer (its value or its exception) in order."""
    _, release = _held(store)
    with ThreadPoolExecutor(len(actions)) as pool:
        def send(item: tuple[Action, tuple[int, int, int]]) -> Any:
            try:
                return store.append(item[0], place=item[1])
            except StoreError as error:
                return error
        answers = []
        for item in actions:  # one after the other: the group keeps this order
            answers.append(pool.submit(send, item))
            while store.writer._waiting.qsize() < len(answers):
                threading.Event().wait(0.005)
        assert not any(a.done() for a in answers)  # none answered before its commit
        release.set()
        return [a.result(30) for a in answers]


def test_a_burst_sent_while_the_writer_commits_is_one_transaction(db_url: str) -> None:
    store, event_id = _event(db_url)
    before = len(store.actions(event_id))
    commits = _commits(store)
    burst = [(_result(event_id, f"t{t}-b{b}", t, b, 9), (1, t, b))
             for t in range(1, 5) for b in (1, 2)]
    answers = _send_while_held(store, burst)
    assert all(isinstance(a, tuple) and a[1] for a in answers)
    assert len(commits) == 2  # the group that held the writer, then the burst in one
    stored = open_store(db_url).actions(event_id)
    assert len(stored) == before + len(burst)
    assert {a.id for a in stored} >= {a.id for a, _ in burst}


def test_one_refused_in_a_group_takes_back_only_its_own_rows(db_url: str) -> None:
    store, event_id = _event(db_url)
    store.append(_result(event_id, "kept-before", 3, 5, 9), place=(1, 3, 5))
    group = [(_result(event_id, "first", 1, 1, 9), (1, 1, 1)),
             (_result(event_id, "second", 1, 1, 8), (1, 1, 1)),  # same place: taken
             (_result(event_id, "kept-before", 2, 3, 7), (1, 2, 3)),  # id reused
             (_result(event_id, "other", 1, 2, 10), (1, 1, 2))]
    first, second, reused, other = _send_while_held(store, group)
    assert isinstance(first, tuple) and first[1]
    assert isinstance(second, PlaceTaken)
    assert isinstance(reused, StoreError) and not isinstance(reused, PlaceTaken)
    assert isinstance(other, tuple) and other[1]
    ids = [a.id for a in open_store(db_url).actions(event_id, ("result",))]
    assert ids == ["kept-before", "first", "other"]


def test_a_retry_in_the_same_group_is_answered_as_a_retry(db_url: str) -> None:
    store, event_id = _event(db_url)
    action = _result(event_id, "t1-b1", 1, 1, 9)
    first, again = _send_while_held(store, [(action, (1, 1, 1)), (action, (1, 1, 1))])
    assert (first[1], again[1]) == (True, False)
    assert again[0].seq == first[0].seq


def test_a_group_whose_commit_fails_keeps_nothing_and_tells_every_caller(
        tmp_path: Any) -> None:
    store, event_id = _event(str(tmp_path / "club.db"))
    before = len(store.actions(event_id))

    def refuse_commit(_connection: Any) -> None:
        raise sa.exc.OperationalError("COMMIT", {}, Exception("disk full"))

    sa.event.listen(store.engine, "commit", refuse_commit)
    answers = _send_while_held(store, [(_result(event_id, f"t{t}", t, 1, 9), (1, t, 1))
                                       for t in (1, 2, 3)])
    sa.event.remove(store.engine, "commit", refuse_commit)
    assert all(isinstance(a, StoreError) for a in answers)
    assert len(open_store(str(tmp_path / "club.db")).actions(event_id)) == before


@pytest.mark.parametrize("count", [1, 30])
def test_every_write_is_answered_with_its_place(db_url: str, count: int) -> None:
    store, event_id = _event(db_url)
    with ThreadPoolExecutor(10) as pool:
        answers = list(pool.map(lambda n: store.append(
            _result(event_id, f"r{n}", n % 8 + 1, n // 8 + 1, 9),
            place=(1, n % 8 + 1, n // 8 + 1)), range(count)))
    stored = {a.id: a.seq for a in open_store(db_url).actions(event_id, ("result",))}
    assert {a.id: a.seq for a, new in answers if new} == stored
    assert len(stored) == count
