"""Many double-dummy jobs at once: cached on disk, solved on every core in worker
processes with a budget per position, or sent to a Dask cluster.

>>> tables = dd_tables(deals)                       # list of DDTable or Unsolved
>>> tables = dd_tables(deals, Batch(budget=30, scheduler="tcp://10.0.0.5:8786"))

Each distinct job is solved once; what the cache already holds is not solved again.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from dupbridge.analysis import jobs
from dupbridge.analysis.cache import DDCache
from dupbridge.analysis.jobs import Unsolved
from dupbridge.analysis.position import Position
from dupbridge.analysis.results import DDTable
from dupbridge.analysis.workers import Solver, WorkerPool
from dupbridge.core.cards import Card
from dupbridge.core.deal import Deal

Progress = Callable[[int, int], None]
DEFAULT_BUDGET = 60.0


@dataclass(frozen=True)
class Batch:
    """How a batch runs.

    - ``cache``: where answers are kept (``DDCache()`` opens the user's default file);
      None keeps nothing.
    - ``budget``: seconds per position before it is given up as "not solved in N s";
      None: no limit.
    - ``processes``: worker processes (default: one per core); 0 solves in this process,
      with no budget.
    - ``scheduler``: a Dask scheduler's address; the jobs go to that cluster.
    - ``progress``: called with (done, total) as jobs end.
    - ``solver``: what solves one job (the DDS adapter; tests inject slower ones).
    - ``answered``: called with (key, answer) as each job ends, the cached ones first
      (a caller keeping each answer at once, as the hand record of a club event does).
    """

    cache: DDCache | None = None
    budget: float | None = DEFAULT_BUDGET
    processes: int | None = None
    scheduler: str | None = None
    progress: Progress | None = None
    solver: Solver = jobs.compute
    answered: Callable[[str, Any], None] | None = None


def run(kind: str, keys: Sequence[str], batch: Batch) -> list[Any]:
    """The answer to each job ``(kind, key)``, or ``Unsolved``, in the order of ``keys``."""
    distinct = list(dict.fromkeys(keys))
    answers: dict[str, Any] = {}
    if batch.cache is not None:
        answers = batch.cache.get_many(kind, distinct)
    missing = [key for key in distinct if key not in answers]
    total = len(distinct)
    done = [total - len(missing)]
    fresh: dict[str, Any] = {}

    def on_result(index: int, value: Any) -> None:
        answers[missing[index]] = value
        if not isinstance(value, Unsolved):
            fresh[missing[index]] = value
        if batch.answered:
            batch.answered(missing[index], value)
        done[0] += 1
        if batch.progress:
            batch.progress(done[0], total)

    if batch.answered:
        for key, value in answers.items():
            batch.answered(key, value)
    if batch.progress:
        batch.progress(done[0], total)
    try:
        if missing:
            _solve(kind, missing, batch, on_result)
    finally:
        if batch.cache is not None and fresh:
            batch.cache.put_many(kind, fresh)
    return [answers[key] for key in keys]


def _solve(kind: str, missing: list[str], batch: Batch,
           on_result: Callable[[int, Any], None]) -> None:
    if batch.scheduler:
        from dupbridge.analysis.cluster import run_on_cluster

        run_on_cluster(batch.scheduler, kind, missing, batch.budget, on_result)
        return
    processes = (os.cpu_count() or 1) if batch.processes is None else batch.processes
    if processes == 0:
        for index, key in enumerate(missing):
            try:
                value = batch.solver(kind, key)
            except Exception as error:  # the job failed, not the batch, as in a worker
                value = Unsolved(error=f"{type(error).__name__}: {error}")
            on_result(index, value)
        return
    with WorkerPool(min(processes, len(missing)), batch.budget, batch.solver) as pool:
        pool.run([(kind, key) for key in missing], on_result)


def dd_tables(deals: Sequence[Deal], batch: Batch | None = None) -> list[DDTable | Unsolved]:
    """The double-dummy table of each deal (complete deals only)."""
    for deal in deals:
        if not deal.is_complete:
            raise ValueError(f"a double-dummy table needs four hands of 13 cards: {deal}")
    answers = run(jobs.TABLE, [deal.to_pbn() for deal in deals], batch or Batch())
    return [answer if isinstance(answer, Unsolved) else DDTable(tuple(answer))
            for answer in answers]


def solve_many(positions: Sequence[Position], batch: Batch | None = None
               ) -> list[int | Unsolved]:
    """``solve`` of each position: tricks for the side on turn from those still to play."""
    answers = run(jobs.SOLVE, [position.key() for position in positions], batch or Batch())
    return [answer if isinstance(answer, Unsolved) else int(answer) for answer in answers]


def card_values_many(positions: Sequence[Position], batch: Batch | None = None
                     ) -> list[dict[Card, int] | Unsolved]:
    """``card_values`` of each position."""
    answers = run(jobs.CARDS, [position.key() for position in positions], batch or Batch())
    return [answer if isinstance(answer, Unsolved) else
            {Card.parse(card): int(value) for card, value in answer.items()}
            for answer in answers]
