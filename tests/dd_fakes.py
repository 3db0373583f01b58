"""Solvers injected into double-dummy batches by the tests (importable by the worker
processes, which is why they live in a module of their own)."""

from __future__ import annotations

import time
from typing import Any

from dupbridge.analysis.jobs import compute
from dupbridge.analysis.position import Position

# A position whose job never ends with the slow solver: it stands for a pathological one.
STUCK = Position.from_pbn("N:A... K... Q... J...", "NT", "N")


# Board 2 of the Big Deal sample in the real data: a deal the slow solver never finishes.
STUCK_DEAL = "N:AKQ984.KQT7..Q83 7.J63.AJT82.A754 532.854.Q43.KT62 JT6.A92.K9765.J9"


def slow_on_stuck(kind: str, key: str) -> Any:
    if key in (STUCK.key(), STUCK_DEAL):
        time.sleep(600)
    return compute(kind, key)


def failing(kind: str, key: str) -> Any:
    raise RuntimeError(f"no solver here for {kind}")


def slow_on_stuck_table_never(kind: str, key: str) -> Any:
    """Solves everything but the stuck deal, which it reports as failed at once."""
    if key == STUCK_DEAL:
        raise RuntimeError("the stuck deal is left for the budgeted run")
    return compute(kind, key)
