"""Worker processes that can be stopped: DDS has no timeout of its own.

Each worker solves one job at a time. A job still running when its budget is spent is
given up: its worker is killed and replaced, the job is answered ``Unsolved`` ("not
solved in N s") and the batch carries on. A worker is a fresh interpreter
(``python -m dupbridge.analysis.workers``) talking over a socket pair: it copies nothing
of the calling process (no threads, no re-run of the caller's script), and the solver is
named by its import path, so a test can inject a slower one.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import socket
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any

from dupbridge.analysis import dds
from dupbridge.analysis.jobs import Unsolved, compute

Solver = Callable[[str, str], Any]
OnResult = Callable[[int, Any], None]


def solver_path(solver: Solver) -> str:
    """``module:name`` of a solver, for the worker to import."""
    module, name = getattr(solver, "__module__", None), getattr(solver, "__qualname__", "")
    if not module or module == "__main__" or "<" in name:
        raise ValueError("a solver for worker processes must be a module-level function "
                         f"of an importable module, not {solver!r}")
    return f"{module}:{name}"


def _import_solver(path: str) -> Solver:
    module, name = path.split(":")
    found: Solver = getattr(importlib.import_module(module), name)
    return found


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
    process: subprocess.Popen[bytes]
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
        self.solver = solver_path(solver)
        self._workers: list[_Worker] = []

    def _launch(self) -> _Worker:
        ours, theirs = socket.socketpair()
        environment = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
        process = subprocess.Popen(
            [sys.executable, "-m", "dupbridge.analysis.workers", str(theirs.fileno()),
             self.solver], pass_fds=(theirs.fileno(),), env=environment)
        theirs.close()
        return _Worker(process, Connection(ours.detach()))

    def _ready(self, worker: _Worker) -> _Worker:
        # A job's budget runs from when a ready worker takes it, never counting start-up.
        try:
            greeting = worker.connection.recv()
        except EOFError:
            greeting = None
        if greeting != "ready":
            self._stop(worker)
            raise RuntimeError(f"a double-dummy worker did not start ({self.solver})")
        return worker

    def _start(self) -> _Worker:
        return self._ready(self._launch())

    def _stop(self, worker: _Worker) -> None:
        worker.process.kill()
        worker.process.wait()
        worker.connection.close()

    def run(self, jobs: Sequence[tuple[str, str]], on_result: OnResult) -> None:
        """Solve ``jobs``, calling ``on_result(index, value or Unsolved)`` as each ends."""
        pending = deque(range(len(jobs)))
        launched = [self._launch() for _ in range(min(self.processes, len(jobs))
                                                  - len(self._workers))]
        self._workers.extend(self._ready(worker) for worker in launched)
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
            try:
                worker.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                worker.process.kill()
                worker.process.wait()
            worker.connection.close()
        self._workers = []

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def main(argv: Sequence[str]) -> None:
    """The worker process: ``python -m dupbridge.analysis.workers FD module:solver``."""
    descriptor, path = argv
    solver = _import_solver(path)
    # Loading DDS is start-up too: a loaded machine can take seconds over it, which a
    # job's budget must not count.
    with contextlib.suppress(dds.SolverUnavailable):
        dds.dds()
    _serve(Connection(int(descriptor)), solver)


if __name__ == "__main__":
    main(sys.argv[1:])
