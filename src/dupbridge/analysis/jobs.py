"""The unit of work of a batch: a job is a kind and the canonical text of what to solve,
its answer plain JSON, so that a job can be cached, sent to a worker process or to a Dask
cluster alike."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dupbridge.analysis import dds
from dupbridge.analysis.position import parse_position_key
from dupbridge.core.deal import Deal
from dupbridge.core.messages import Msg, msg

# Versioned: a change in what a kind's answer means changes its name, and the cache
# then simply misses.
TABLE = "table/1"
SOLVE = "solve/1"
CARDS = "cards/1"


@dataclass(frozen=True, slots=True)
class Unsolved:
    """A job without an answer: not solved within its budget of ``seconds``, or the
    solver failed (``error``)."""

    seconds: float | None = None
    error: str = ""

    @property
    def message(self) -> Msg:
        if self.error:
            return msg("not solved: {error}", error=self.error)
        return msg("not solved in {seconds} s", seconds=f"{self.seconds:g}")

    def __str__(self) -> str:
        return str(self.message)


def compute(kind: str, key: str) -> Any:
    """Solve one job in this process."""
    if kind == TABLE:
        return list(dds.table_native(Deal.from_pbn(key)))
    if kind == SOLVE:
        return dds.solve_native(parse_position_key(key))
    if kind == CARDS:
        values = dds.card_values_native(parse_position_key(key))
        return {str(card): value for card, value in values.items()}
    raise ValueError(f"no double-dummy job of kind {kind!r}")
