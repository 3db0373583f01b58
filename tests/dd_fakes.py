"""Solvers injected into double-dummy batches by the tests (importable by the worker
processes, which is why they live in a module of their own)."""

from __future__ import annotations

import time
from typing import Any

from dupbridge.analysis.jobs import compute
from dupbridge.analysis.position import Position

# A position whose job never ends with the slow solver: it stands for a pathological one.
STUCK = Position.from_pbn("N:A... K... Q... J...", "NT", "N")


def slow_on_stuck(kind: str, key: str) -> Any:
    if key == STUCK.key():
        time.sleep(600)
    return compute(kind, key)


def failing(kind: str, key: str) -> Any:
    raise RuntimeError(f"no solver here for {kind}")
