"""Grouped commits: one writer thread per store writes the journal's actions, the ones
sent while it was committing the last group together in one transaction.

A commit is what costs at a burst (SQLite's ``synchronous=FULL`` waits for the disk, some
milliseconds each; PostgreSQL flushes its log), so two hundred tables sending their
results at the same instant should not queue two hundred commits. Each caller still waits
until the transaction holding its rows is committed before it is answered: "recorded"
keeps meaning on disk, and a process killed in between has acknowledged nothing it did
not keep. Each write runs in a savepoint, so one refused (a result's place already taken,
an id used for something else) takes back only its own rows; if the commit itself fails,
every caller of the group gets the error and nothing of the group is kept."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from sqlalchemy.engine import Connection, Engine

R = TypeVar("R")

# Enough to take a whole room's burst in a few commits, few enough that the first caller
# of a group does not wait long for the last one's rows.
GROUP = 64

_Work = tuple[Callable[[Connection], Any], "Future[Any]"]


class GroupWriter:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine  # not the store: a store no longer used can be collected
        self._waiting: queue.SimpleQueue[_Work | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="dupbridge-writer",
                                        daemon=True)
        self._thread.start()

    def write(self, work: Callable[[Connection], R]) -> R:
        """``work(connection)`` in the next group's transaction; its value once that is
        committed (its exception, or the commit's, raised here)."""
        done: Future[R] = Future()
        self._waiting.put((work, done))
        return done.result()

    def stop(self) -> None:
        self._waiting.put(None)
        self._thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            first = self._waiting.get()
            if first is None:
                return
            group = [first]
            while len(group) < GROUP:
                try:
                    more = self._waiting.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._waiting.put(None)  # stop after this group
                    break
                group.append(more)
            self._commit(group)

    def _commit(self, group: list[_Work]) -> None:
        outcomes: list[tuple[Future[Any], Any, BaseException | None]] = []
        try:
            with self.engine.connect() as connection:
                if connection.dialect.name == "sqlite":
                    # The write lock from the start (pysqlite would begin only at the
                    # first INSERT, after the first savepoint, which would then commit).
                    connection.exec_driver_sql("BEGIN IMMEDIATE")
                for work, done in group:
                    try:
                        outcomes.append((done, work(connection), None))
                    except Exception as error:  # this caller's refusal, raised to it
                        outcomes.append((done, None, error))
                connection.commit()
        except Exception as failed:  # nothing of the group is kept: every caller hears it
            for _, done in group:
                done.set_exception(failed)
            return
        for done, value, refused in outcomes:
            if refused is None:
                done.set_result(value)
            else:
                done.set_exception(refused)
