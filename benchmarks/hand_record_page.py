"""The hand-record page of a club event after publication: its load time, once the
double-dummy tables computed in the background are kept (issue 27: under 300 ms; before,
every load solved every board again, 10-21 s).

A 16-board event (a 4-table Mitchell, 4 boards a round) dealt by the app is published
through the web app (TestClient, in this process); the benchmark waits for the background
analysis to end (printing how long it took), then loads the page ``--loads`` times and
prints the wall time of each load, their median and maximum.

    .venv/bin/python benchmarks/hand_record_page.py [--loads 10] [--lang es]
"""

from __future__ import annotations

import argparse
import re
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from fastapi.testclient import TestClient

from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.ports import FixedClock
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--lang", default="es")
    arguments = parser.parse_args()
    clock = FixedClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(WebConfig(database=f"sqlite:///{Path(folder) / 'club.db'}",
                                   secret="bench", director_hash=hash_password("d"),
                                   clock=clock))
        store = app.state.pages.store
        event = club.create_event(store, clock, club.NewEvent(
            "Bench", size=4, boards_per_round=4, seed="5a" * 16), who="Director")
        web = TestClient(app)
        token = re.search(r'name="csrf" value="([^"]+)"', web.get("/login").text)
        assert token is not None
        web.post("/login", data={"password": "d", "csrf": token.group(1)})
        console = web.get(f"/director/events/{event.id}").text
        token = re.search(r'name="csrf" value="([^"]+)"', console)
        assert token is not None
        started = time.perf_counter()
        web.post(f"/director/events/{event.id}/publish", data={"csrf": token.group(1)})
        url = f"/events/{event.id}/handrecord?lang={arguments.lang}"
        while web.get(url).status_code == 202:
            time.sleep(0.1)
        print(f"background analysis of {len(club.state_of(store, event.id).boards)} boards: "
              f"{time.perf_counter() - started:.1f} s")
        times = []
        for _ in range(arguments.loads):
            began = time.perf_counter()
            page = web.get(url)
            times.append((time.perf_counter() - began) * 1000)
            assert page.status_code == 200 and 'class="dd"' in page.text
        print(f"hand-record page after publication, {arguments.loads} loads: "
              + " ".join(f"{t:.0f}" for t in times)
              + f" ms; median {statistics.median(times):.0f} ms, max {max(times):.0f} ms")


if __name__ == "__main__":
    main()
