"""The demonstration event ``make run`` starts with: a 3-table Mitchell of two boards a
round, dealt from a fixed seed, its first round already played at tables 1 and 2, so the
public ranking, the travellers and the Director's console have something to show and a
phone can join table 1 or 2 for round 2."""

from __future__ import annotations

from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.ports import Clock, Store, StoreError
from dupbridge.app.errors import translated

DEMO_ID = "demo"
_SEED = "5eed" * 8
_ROUND_ONE = (  # table, board, contract, declarer, tricks
    (1, 1, "3NT", "N", 9), (1, 2, "4S", "E", 10), (2, 3, "2H", "S", 8), (2, 4, "PASS", "", 0))
_NAMES = {1: "Ana & Luis", 2: "Bea & Juan", 3: "Carmen & Pedro", 4: "Dora & Raúl",
          5: "Elena & Tomás", 6: "Flor & Gil"}


@translated
def create_demo_event(store: Store, clock: Clock) -> club.EventView:
    """The demonstration event, created once (a second call returns it as it is)."""
    try:
        return club.event_view(store, DEMO_ID)
    except StoreError:
        pass
    club.create_event(store, clock, club.NewEvent(
        "Demo club pairs", size=3, boards_per_round=2, names=_NAMES, seed=_SEED,
        event_id=DEMO_ID), who="demo")
    for table, board, contract, declarer, tricks in _ROUND_ONE:
        club.enter_result(store, clock, DEMO_ID, club.ResultInput(
            1, table, board, contract, declarer or None, tricks),
            entry_id=f"demo-r1-b{board}", who=f"table {table} device")
    return club.event_view(store, DEMO_ID)
