"""The writing process of the SIGKILL test: creates an event, then enters results in a
burst, printing each id once ``enter_result`` has returned (acknowledged). It stops by
itself after ``LIMIT`` entries if nobody kills it."""

from __future__ import annotations

import sys
from datetime import UTC, datetime

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.ports import FixedClock

LIMIT = 3000


def main(url: str) -> None:
    store = open_store(url)
    clock = FixedClock(datetime(2026, 11, 26, 19, 0, tzinfo=UTC))
    view = club.create_event(store, clock, club.NewEvent("Burst", seed="17" * 16,
                                                         event_id="burst"))
    state = club.state_of(store, view.id)
    places = [(e.round, e.table, b) for e in state.movement.encounters for b in e.boards]
    for n in range(LIMIT):
        round_number, table, board = places[n % len(places)]
        entry_id = f"burst-{n}"
        club.enter_result(store, clock, view.id,
                          club.ResultInput(round_number, table, board, "3NT", "N", 9),
                          entry_id=entry_id)
        print(entry_id, flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
