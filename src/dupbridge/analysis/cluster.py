"""Batches on a Dask distributed cluster (``distributed``, an optional dependency:
``pip install 'dupbridge[cluster]'``). Each job is one Dask task; with a budget, the task
runs its job in a worker process of its own that is killed when the budget is spent."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from dupbridge.analysis.jobs import Unsolved, compute
from dupbridge.analysis.workers import WorkerPool


class ClusterUnavailable(RuntimeError):
    """The cluster cannot be used: ``distributed`` missing or the scheduler unreachable."""


def cluster_job(kind: str, key: str, budget: float | None) -> Any:
    """One job on a Dask worker (a module-level function, so that Dask can ship it)."""
    if budget is None:
        return compute(kind, key)
    answers: list[Any] = []
    with WorkerPool(1, budget) as pool:
        pool.run([(kind, key)], lambda _index, value: answers.append(value))
    return answers[0]


def run_on_cluster(address: str, kind: str, keys: Sequence[str], budget: float | None,
                   on_result: Callable[[int, Any], None]) -> None:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise ClusterUnavailable("a Dask scheduler needs the 'distributed' package: "
                                 "pip install 'dupbridge[cluster]'") from None
    try:
        client = distributed.Client(address, timeout=30)
    except (OSError, TimeoutError) as error:
        raise ClusterUnavailable(f"cannot reach the Dask scheduler at {address}: {error}"
                                 ) from None
    with client:
        futures = {client.submit(cluster_job, kind, key, budget, pure=False): index
                   for index, key in enumerate(keys)}
        for future in distributed.as_completed(futures):
            try:
                value = future.result()
            except Exception as error:  # a task that failed on the cluster, not the batch
                value = Unsolved(error=f"{type(error).__name__}: {error}")
            on_result(futures[future], value)
