"""The table engine: events, frozen state, ``apply``, replay and per-seat views.

Names are read from their modules on first use (PEP 562): ``from dupbridge import Table``
passes through this package, and a table of regular calls and cards loads no part of the
engine's law dispatch (start-up, benchmarks/startup.py)."""

from typing import TYPE_CHECKING, Any

# Read now, not on first use: importing the sub-module ``view`` (as ``Table`` does) would
# otherwise leave the module, not the function, under this package's name ``view``.
from dupbridge.table.view import SeatView, view

if TYPE_CHECKING:
    from dupbridge.table.engine import apply
    from dupbridge.table.events import (
        CallMade,
        CardPlayed,
        DirectorAnswered,
        Event,
        OptionChosen,
    )
    from dupbridge.table.result import Result
    from dupbridge.table.state import CallRecord, CardRecord, Phase, Status, TableState
    from dupbridge.table.table import Table

_MODULES: dict[str, str] = {
    "CallMade": "events",
    "CallRecord": "state",
    "CardPlayed": "events",
    "CardRecord": "state",
    "DirectorAnswered": "events",
    "Event": "events",
    "OptionChosen": "events",
    "Phase": "state",
    "Result": "result",
    "Status": "state",
    "Table": "table",
    "TableState": "state",
    "apply": "engine",
}

__all__ = [
    "CallMade",
    "CallRecord",
    "CardPlayed",
    "CardRecord",
    "DirectorAnswered",
    "Event",
    "OptionChosen",
    "Phase",
    "Result",
    "SeatView",
    "Status",
    "Table",
    "TableState",
    "apply",
    "view",
]


def __getattr__(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module 'dupbridge.table' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"dupbridge.table.{module}"), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_MODULES})
