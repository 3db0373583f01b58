"""Load on the web app: simulated table devices entering and confirming results at once.

Each device joins its table with the Director's code, opens its page (the CSRF token),
submits the results of its round, one request per board, each under its own client id,
and confirms them by reading its table's page back. A request that fails (refused
connection, time-out, 5xx) is retried with the same id, as the page's script does.
Afterwards the database is read: a result acknowledged but absent is lost, a board with
two results or an id recorded twice is duplicated; both must be 0.

The server is ``dupbridge serve`` in its own process(es), on this machine's loopback
only. The devices are split evenly over ``--events`` events, one device a table (a
federation's evening: several clubs' sessions on one server; ``--events 1`` is one
200-table session). Baseline, in this process: the same results entered one after the
other through the app layer's use case (``club.enter_result``) on a SQLite file, no
HTTP, so that the ratio says what the web layer, the network and the concurrency cost.

    .venv/bin/python benchmarks/web_load.py [--devices 200] [--events 10] [--workers 1]
        [--db sqlite|postgresql] [--boards 2] [--spread SECONDS | --burst] [--viewers N]

By default the devices arrive at random moments over a minute (``--spread 60``), as the
results of a round come in at a real session; ``--burst`` starts every device at the same
instant, so latency is mostly the queue. ``--viewers N`` adds N spectators polling the
public ranking and event page of the events (one request a second each, sending back the
ETag they were given) for as long as the devices run: a full room watching the ranking.

Targets (issue 29), on SQLite with one worker and on PostgreSQL with two: 200 devices over
a round with 200 viewers, submit p99 < 100 ms; a burst of 200, p99 < 500 ms; the 200 joins
in under 5 s; 0 lost and 0 duplicated in every run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

import httpx

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.ports import SystemClock
from dupbridge.web.security import Signer
from dupbridge.web.server import free_port

ROOT = Path(__file__).resolve().parents[1]
SECRET = "web-load-benchmark"
TOKEN = re.compile(r'name="csrf-token" content="([^"]+)"')
RETRIES = 20


def create_events(url: str, events: int, tables: int, boards: int) -> list[str]:
    store = open_store(url)
    try:
        return [club.create_event(store, SystemClock(), club.NewEvent(
            f"Load {n}", size=tables, boards_per_round=boards, deal=False,
            event_id=f"load-{n}"), who="benchmark").id for n in range(1, events + 1)]
    finally:
        store.close()


def start_server(url: str, port: int, workers: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DUPBRIDGE_SECRET": SECRET, "DUPBRIDGE_DIRECTOR_PASSWORD": "x"}
    server = subprocess.Popen(
        [str(Path(sys.executable).with_name("dupbridge")), "serve", "--db", url, "--port",
         str(port), "--workers", str(workers)], env=env, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE)
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        if server.poll() is not None:
            raise RuntimeError(f"the server stopped: {server.stderr.read().decode()[-500:]}"
                               if server.stderr else "the server stopped")
        time.sleep(0.1)
    server.terminate()
    raise RuntimeError("the server did not start in 30 s")


async def device(base: str, event: str, table: int, boards: tuple[int, ...],
                 latencies: list[float], acknowledged: list[tuple[str, str]],
                 retries: Counter[str], delay: float, joined: list[float]) -> None:
    await asyncio.sleep(delay)
    code = Signer(SECRET).device_code(event, table, 1)
    async with httpx.AsyncClient(base_url=base, timeout=30) as web:
        start = time.perf_counter()
        page = await _retry(lambda: web.get("/device"), retries, "join")
        token = re.search(r'name="csrf" value="([^"]+)"', page.text)
        assert token is not None
        await _retry(lambda: web.post("/device/join", data={"code": code, "csrf": token[1]}),
                     retries, "join")
        joined.append(time.perf_counter() - start)
        page = await _retry(lambda: web.get("/device/table"), retries, "page")
        found = TOKEN.search(page.text)
        assert found is not None, page.text[:300]
        headers = {"x-csrf-token": found[1]}
        for board in boards:
            item = {"id": f"{event}-t{table}-b{board}-load", "round": 1, "board": board,
                    "contract": "3NT", "declarer": "N", "tricks": 9}
            for attempt in range(RETRIES):
                start = time.perf_counter()
                try:
                    answer = await web.post("/device/results", json=item, headers=headers)
                except httpx.HTTPError:
                    retries["submit"] += 1
                    continue
                latencies.append(time.perf_counter() - start)
                if answer.status_code < 500:
                    if answer.status_code == 200:
                        acknowledged.append((event, str(item["id"])))
                    else:
                        retries[f"refused {answer.status_code}"] += 1
                    break
                retries["submit"] += 1
                await asyncio.sleep(0.05 * (attempt + 1))
        # Confirm: the table's page now shows the next round (or the results).
        await _retry(lambda: web.get("/device/table"), retries, "confirm")


async def viewer(base: str, event: str, latencies: list[float], statuses: Counter[int],
                 running: asyncio.Event, delay: float) -> None:
    """A spectator's phone: the ranking and the event page, once a second each, with the
    ETag each last answer carried (a poller that has seen the page gets 304)."""
    await asyncio.sleep(delay)
    tags: dict[str, str] = {}
    async with httpx.AsyncClient(base_url=base, timeout=30) as web:
        while running.is_set():
            for path in (f"/events/{event}/ranking", f"/events/{event}"):
                headers = {"if-none-match": tags[path]} if path in tags else {}
                start = time.perf_counter()
                try:
                    answer = await web.get(path, headers=headers)
                except httpx.HTTPError:
                    statuses[0] += 1
                    continue
                latencies.append(time.perf_counter() - start)
                statuses[answer.status_code] += 1
                if "etag" in answer.headers:
                    tags[path] = answer.headers["etag"]
            await asyncio.sleep(1)


def _percentiles(values: list[float]) -> tuple[float, float]:
    values = sorted(values)
    if not values:
        return 0.0, 0.0
    return statistics.median(values), values[min(len(values) - 1, int(0.99 * len(values)))]


async def _retry(call, retries: Counter[str], what: str) -> httpx.Response:  # type: ignore[no-untyped-def]
    for attempt in range(RETRIES):
        try:
            answer: httpx.Response = await call()
            if answer.status_code < 500:
                return answer
        except httpx.HTTPError:
            pass
        retries[what] += 1
        await asyncio.sleep(0.05 * (attempt + 1))
    raise RuntimeError(f"{what}: no answer after {RETRIES} tries")


def check(url: str, events: list[str], acknowledged: list[tuple[str, str]]
          ) -> tuple[int, int, int]:
    """(recorded, lost, duplicated) as the database has them."""
    store = open_store(url)
    try:
        ids: Counter[str] = Counter()
        boards: Counter[tuple[str, int | None, int | None, int | None]] = Counter()
        for event in events:
            for action in store.actions(event, ("result",)):
                ids[action.id] += 1
                boards[(event, action.round, action.table, action.board)] += 1
        recorded = set(ids)
        lost = sum(1 for _, result_id in acknowledged if result_id not in recorded)
        duplicated = sum(n - 1 for n in ids.values() if n > 1) + sum(
            n - 1 for n in boards.values() if n > 1)
        return sum(ids.values()), lost, duplicated
    finally:
        store.close()


def baseline(events: int, tables: int, boards: int) -> float:
    """Seconds per result entered through the app layer alone (no HTTP), same shape."""
    folder = tempfile.mkdtemp(prefix="dupbridge-load-base-")
    url = f"sqlite:///{folder}/base.db"
    ids = create_events(url, events, tables, boards)
    store = open_store(url)
    clock = SystemClock()
    count = 0
    start = time.perf_counter()
    for event in ids:
        movement = club.state_of(store, event).movement
        for encounter in movement.in_round(1):
            for board in encounter.boards:
                club.enter_result(store, clock, event, club.ResultInput(
                    1, encounter.table, board, "3NT", "N", 9), who="baseline")
                count += 1
    elapsed = time.perf_counter() - start
    store.close()
    return elapsed / max(count, 1)


def postgres() -> AbstractContextManager[str]:
    sys.path.insert(0, str(ROOT / "tests"))
    from pg_server import server  # type: ignore[import-not-found]

    return server()  # type: ignore[no-any-return]


def run(args: argparse.Namespace) -> None:
    tables = args.devices // args.events
    folder = tempfile.mkdtemp(prefix="dupbridge-load-")
    context: AbstractContextManager[str] = (
        postgres() if args.db == "postgresql" else nullcontext(f"sqlite:///{folder}/load.db"))
    with context as url:
        events = create_events(url, args.events, tables, args.boards)
        store = open_store(url)
        rounds = {event: club.state_of(store, event).movement.in_round(1) for event in events}
        store.close()
        port = free_port()
        server = start_server(url, port, args.workers)
        latencies: list[float] = []
        acknowledged: list[tuple[str, str]] = []
        retries: Counter[str] = Counter()
        joined: list[float] = []
        views: list[float] = []
        statuses: Counter[int] = Counter()
        spread = 0.0 if args.burst else args.spread
        base = f"http://127.0.0.1:{port}"
        try:
            start = time.perf_counter()

            arrivals = random.Random(1)

            async def everyone() -> None:
                running = asyncio.Event()
                running.set()
                spectators = [asyncio.create_task(viewer(
                    base, events[n % len(events)], views, statuses, running, n / 200))
                    for n in range(args.viewers)]
                await asyncio.sleep(1 if args.viewers else 0)  # the room is watching
                await asyncio.gather(*(
                    device(base, event, e.table, e.boards, latencies, acknowledged, retries,
                           arrivals.uniform(0, spread), joined)
                    for event in events for e in rounds[event]))
                running.clear()
                await asyncio.gather(*spectators)

            asyncio.run(everyone())
            wall = time.perf_counter() - start
        finally:
            server.terminate()
            server.wait(30)
        recorded, lost, duplicated = check(url, events, acknowledged)
    expected = sum(len(e.boards) for event in events for e in rounds[event])
    p50, p99 = _percentiles(latencies)
    per_result = baseline(args.events, tables, args.boards)
    target = 500 if spread == 0 else 100
    print(f"{args.events * tables} devices ({args.events} events x {tables} tables), "
          f"{args.db}, {args.workers} worker(s), "
          f"{'all at once (burst)' if spread == 0 else f'arriving over {spread:g} s'}, "
          f"{args.viewers} viewers: {expected} results in {wall:.1f} s")
    print(f"submit latency p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms "
          f"(target p99 < {target} ms) "
          f"{'met' if p99 * 1000 < target else 'NOT MET'}")
    print(f"joins: {len(joined)} devices, the slowest took {max(joined, default=0):.2f} s, "
          f"{sum(joined):.1f} s in all (target: the {len(joined)} joins in < 5 s)")
    if args.viewers:
        v50, v99 = _percentiles(views)
        print(f"viewers: {len(views)} page requests, p50 {v50 * 1000:.1f} ms, p99 "
              f"{v99 * 1000:.1f} ms; answers {dict(sorted(statuses.items()))}")
    print(f"recorded {recorded}, acknowledged {len(acknowledged)}, lost "
          f"{lost + expected - recorded}, duplicated {duplicated}; retries "
          f"{dict(retries) or 0}")
    print(f"baseline: the use case alone {per_result * 1000:.1f} ms a result in-process; "
          f"p50 over HTTP under load is {p50 / per_result:.1f}x that")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--devices", type=int, default=200)
    parser.add_argument("--events", type=int, default=10)
    parser.add_argument("--boards", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--spread", type=float, default=60.0,
                        help="devices start at random moments over this many seconds")
    parser.add_argument("--burst", action="store_true",
                        help="every device at the same instant (--spread 0)")
    parser.add_argument("--viewers", type=int, default=0,
                        help="spectators polling the public ranking and event page")
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    run(parser.parse_args())


if __name__ == "__main__":
    main()
