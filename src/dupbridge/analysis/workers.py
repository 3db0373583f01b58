"""Worker processes that can be stopped: DDS has no timeout of its own.

Each worker solves one job at a time. A job still running when its budget is spent is
given up: its worker is killed and replaced, the job is answered ``Unsolved`` ("not
solved in N s") and the batch carries on. Workers are forked from a fork server that has
loaded the solver once, so starting (or replacing) one is cheap and never copies the
threads of the calling process.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any

from dupbridge.analysis.jobs import Unsolved, compute

Solver = Callable[[str, str], Any]
OnResult = Callable[[int, Any], None]
_PRELOAD = ["dupbridge.analysis.jobs", "endplay._dds"]


def _serve(connection: Connection, solver: Solver) -> None:
    """A worker's loop: say it is ready, then receive (index, kind, key) and answer
    (index, ok, value)."""
    connection.send("ready")
    while True:
        try:
            job = connection.recv()
        except EOFError:
            return
        if job is None:
            return
        index, kind, key = job
        try:
            connection.send((index, True, solver(kind, key)))
        except Exception as error:  # the job failed, not the batch: report it
            connection.send((index, False, f"{type(error).__name__}: {error}"))


@dataclass
class _Worker:
    process: Any
    connection: Connection
    job: int | None = None
    started: float = field(default=0.0)


class WorkerPool:
    """``processes`` workers running ``solver(kind, key)``; ``budget`` seconds per job
    (None: no limit). Use as a context manager, or call ``close``."""

    def __init__(self, processes: int, budget: float | None, solver: Solver = compute) -> None:
        if processes < 1:
            raise ValueError("a worker pool needs at least one process")
        self.processes = processes
        self.budget = budget
        self.solver = solver
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(_PRELOAD)
        self._workers: list[_Worker] = []

    def _start(self) -> _Worker:
        ours, theirs = self._context.Pipe()
        process = self._context.Process(target=_serve, args=(theirs, self.solver), daemon=True)
        process.start()
        theirs.close()
        # A job's budget runs from when a ready worker takes it, never counting start-up.
        if ours.recv() != "ready":  # pragma: no cover - our own protocol
            raise RuntimeError("a double-dummy worker did not start")
        return _Worker(process, ours)

    def _stop(self, worker: _Worker) -> None:
        worker.process.kill()
        worker.process.join()
        worker.connection.close()

    def run(self, jobs: Sequence[tuple[str, str]], on_result: OnResult) -> None:
        """Solve ``jobs``, calling ``on_result(index, value or Unsolved)`` as each ends."""
        pending = deque(range(len(jobs)))
        while len(self._workers) < min(self.processes, len(jobs)):
            self._workers.append(self._start())
        busy = 0
        while pending or busy:
            for worker in self._workers:
                if worker.job is None and pending:
                    worker.job = pending.popleft()
                    worker.started = time.monotonic()
                    worker.connection.send((worker.job, *jobs[worker.job]))
                    busy += 1
            running = [worker for worker in self._workers if worker.job is not None]
            ready = wait([worker.connection for worker in running], timeout=self._wait(running))
            for worker in running:
                if worker.connection in ready:
                    self._collect(worker, on_result)
                elif self.budget is not None and (
                        time.monotonic() - worker.started >= self.budget):
                    self._give_up(worker, on_result, Unsolved(self.budget))
                else:
                    continue
                busy -= 1

    def _wait(self, running: list[_Worker]) -> float | None:
        if self.budget is None:
            return None
        now = time.monotonic()
        return max(0.0, min(worker.started + self.budget - now for worker in running))

    def _collect(self, worker: _Worker, on_result: OnResult) -> None:
        index = worker.job
        assert index is not None
        try:
            answered, ok, value = worker.connection.recv()
        except (EOFError, OSError):
            self._give_up(worker, on_result, Unsolved(error="the solver process died"))
            return
        worker.job = None
        on_result(answered, value if ok else Unsolved(error=str(value)))

    def _give_up(self, worker: _Worker, on_result: OnResult, unsolved: Unsolved) -> None:
        index = worker.job
        assert index is not None
        self._stop(worker)
        position = self._workers.index(worker)
        self._workers[position] = self._start()
        on_result(index, unsolved)

    def close(self) -> None:
        for worker in self._workers:
            with contextlib.suppress(OSError):
                worker.connection.send(None)
        for worker in self._workers:
            worker.process.join(timeout=5)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
            worker.connection.close()
        self._workers = []

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
