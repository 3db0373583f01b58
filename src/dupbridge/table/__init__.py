"""The table engine: events, frozen state, ``apply``, replay and per-seat views."""

from dupbridge.table.engine import apply
from dupbridge.table.events import CallMade, CardPlayed, DirectorAnswered, Event, OptionChosen
from dupbridge.table.result import Result
from dupbridge.table.state import CallRecord, CardRecord, Phase, Status, TableState
from dupbridge.table.table import Table
from dupbridge.table.view import SeatView, view

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
