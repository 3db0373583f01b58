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
        [--poll]

By default the devices arrive at random moments over a minute (``--spread 60``), as the
results of a round come in at a real session; ``--burst`` starts every device at the same
instant, so latency is mostly the queue. ``--viewers N`` adds N spectators on the
public page of the events for as long as the devices run, a full room watching the
ranking: each opens the page, which then keeps a stream open and receives the ranking
each time it changes (``web.live``); with ``--poll`` each asks for the ranking every
second instead, sending back the ETag it was given (what a page read by a table device
or the Director does).

Targets (issue 29), on SQLite with one worker and on PostgreSQL with two: 200 devices over
a round with 200 viewers, submit p99 < 100 ms; a burst of 200, p99 < 500 ms; the 200 joins
in under 5 s; 0 lost and 0 duplicated in every run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from multiprocessing.synchronize import Event as EventType
from pathlib import Path
from urllib.parse import urlencode

import httpx

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.ports import SystemClock
from dupbridge.web.pages import SESSION_COOKIE as COOKIE
from dupbridge.web.security import Signer
from dupbridge.web.server import free_port

ROOT = Path(__file__).resolve().parents[1]
SECRET = "web-load-benchmark"
TOKEN = re.compile(r'name="csrf-token" content="([^"]+)"')
RETRIES = 20
POLL = 1.0  # seconds: the public page's ranking, hx-trigger="every 1s"


def create_events(url: str, events: int, tables: int, boards: int) -> list[str]:
    store = open_store(url)
    try:
        return [club.create_event(store, SystemClock(), club.NewEvent(
            f"Load {n}", size=tables, boards_per_round=boards, deal=False,
            event_id=f"load-{n}"), who="benchmark").id for n in range(1, events + 1)]
    finally:
        store.close()


def start_server(url: str, port: int, workers: int, log: Path) -> subprocess.Popen[bytes]:
    """The server, its log in the file ``log`` (a pipe nobody reads would stop the server
    once full)."""
    env = {**os.environ, "DUPBRIDGE_SECRET": SECRET, "DUPBRIDGE_DIRECTOR_PASSWORD": "x"}
    with log.open("wb") as written:
        server = subprocess.Popen(
            [str(Path(sys.executable).with_name("dupbridge")), "serve", "--db", url,
             "--port", str(port), "--workers", str(workers)], env=env,
            stdout=subprocess.DEVNULL, stderr=written)
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        if server.poll() is not None:
            raise RuntimeError(f"the server stopped: {log.read_text()[-500:]}")
        time.sleep(0.1)
    server.terminate()
    raise RuntimeError("the server did not start in 30 s")


@dataclass
class Answer:
    status_code: int
    text: str


class Phone:
    """A phone's HTTP/1.1: one kept-alive connection from its own address on the
    loopback, its cookies, in a few lines rather than an HTTP client library (two hundred
    phones on httpx cost the benchmark's process 15 s of CPU on the cores the server
    runs on, and its own queue was then in the latencies). A connection that fails is
    opened again at the next request; the failure is raised as ``OSError``."""

    def __init__(self, port: int, address: str) -> None:
        self.port = port
        self.address = address
        self.cookies: dict[str, str] = {}
        self.connection: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(self, method: str, path: str, body: bytes = b"",
                      headers: dict[str, str] | None = None) -> Answer:
        try:
            return await asyncio.wait_for(self._request(method, path, body, headers), 30)
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError,
                TimeoutError) as error:
            self.close()
            raise OSError(type(error).__name__) from error

    async def _request(self, method: str, path: str, body: bytes,
                       headers: dict[str, str] | None) -> Answer:
        if self.connection is None:
            self.connection = await asyncio.open_connection(
                "127.0.0.1", self.port, local_addr=(self.address, 0))
        reader, writer = self.connection
        lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1",
                 f"Content-Length: {len(body)}"]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        status, fields, body = await read_answer(reader)
        for name, value in fields:
            if name == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        return Answer(status, body.decode("utf-8", "replace"))

    def close(self) -> None:
        if self.connection is not None:
            self.connection[1].close()
            self.connection = None


async def read_answer(reader: asyncio.StreamReader) -> tuple[int, list[tuple[str, str]],
                                                                bytes]:
    """One HTTP/1.1 answer: its status, its header fields (names in lower case) and its
    body (``Content-Length`` bytes)."""
    head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
    fields = [(name.lower(), value.strip())
              for name, _, value in (line.partition(":") for line in head[1:] if line)]
    length = next((int(value) for name, value in fields if name == "content-length"), 0)
    return int(head[0].split()[1]), fields, await reader.readexactly(length)


async def device(port: int, event: str, table: int, boards: tuple[int, ...],
                 latencies: list[float], acknowledged: list[tuple[str, str]],
                 retries: Counter[str], delay: float, joined: list[float],
                 address: str) -> None:
    """A table's phone, from an address of its own (``address``, on the loopback), as
    each phone has on the club's network."""
    await asyncio.sleep(delay)
    code = Signer(SECRET).device_code(event, table, 1)
    web = Phone(port, address)
    form = {"content-type": "application/x-www-form-urlencoded"}
    try:
        start = time.perf_counter()
        page = await _retry(lambda: web.request("GET", "/device"), retries, "join")
        token = re.search(r'name="csrf" value="([^"]+)"', page.text)
        assert token is not None
        sent = urlencode({"code": code, "csrf": token[1]}).encode()
        await _retry(lambda: web.request("POST", "/device/join", sent, form), retries, "join")
        joined.append(time.perf_counter() - start)
        page = await _retry(lambda: web.request("GET", "/device/table"), retries, "page")
        found = TOKEN.search(page.text)
        assert found is not None, page.text[:300]
        headers = {"x-csrf-token": found[1], "content-type": "application/json"}
        for board in boards:
            item = {"id": f"{event}-t{table}-b{board}-load", "round": 1, "board": board,
                    "contract": "3NT", "declarer": "N", "tricks": 9}
            for attempt in range(RETRIES):
                start = time.perf_counter()
                try:
                    answer = await web.request("POST", "/device/results",
                                               json.dumps(item).encode(), headers)
                except OSError as error:
                    retries[f"submit ({error})"] += 1
                    continue
                latencies.append(time.perf_counter() - start)
                if answer.status_code < 500:
                    if answer.status_code == 200:
                        acknowledged.append((event, str(item["id"])))
                    else:
                        retries[f"refused {answer.status_code}"] += 1
                    break
                retries[f"submit ({answer.status_code})"] += 1
                await asyncio.sleep(0.05 * (attempt + 1))
        # Confirm: the table's page now shows the next round (or the results).
        await _retry(lambda: web.request("GET", "/device/table"), retries, "confirm")
    finally:
        web.close()


async def viewer(port: int, event: str, latencies: list[float], statuses: Counter[int],
                 done: EventType, delay: float, poll: bool) -> None:
    """A spectator's phone, as the public page behaves: the event page once, then the
    ranking pushed to it (``web.live``: one stream, each change a message, counted under
    status 1); with ``poll``, as a page that polls its ranking every ``POLL`` seconds
    (a reader with a role does), sending back the ETag the last answer carried (a poller
    that has seen the ranking gets 304). A few lines of HTTP/1.1 on one kept-alive
    connection rather than an HTTP client library: two hundred of them may poll hundreds
    of times a second, and the client must not be what is measured."""
    await asyncio.sleep(delay)
    tags: dict[str, str] = {}
    cookie = ""
    connection: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
    page, fragment = f"/events/{event}", f"/events/{event}/ranking"

    async def get(path: str) -> None:
        nonlocal cookie, connection
        headers = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if path == fragment:
            headers += "HX-Request: true\r\n"
        if cookie:
            headers += f"Cookie: {cookie}\r\n"
        if path in tags:
            headers += f"If-None-Match: {tags[path]}\r\n"
        start = time.perf_counter()
        try:
            if connection is None:
                connection = await asyncio.open_connection("127.0.0.1", port)
            reader, writer = connection
            writer.write((headers + "\r\n").encode())
            status, fields, _body = await read_answer(reader)
            for name, value in fields:
                if name == "etag":
                    tags[path] = value
                elif name == "set-cookie" and value.startswith(COOKIE + "="):
                    cookie = value.split(";", 1)[0]
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError):
            statuses[0] += 1
            connection = None
            return
        latencies.append(time.perf_counter() - start)
        statuses[status] += 1

    await get(page)
    while not done.is_set():
        if poll:
            await get(fragment)
            await asyncio.sleep(POLL)
        else:  # as the browser's EventSource: opened again if it ends
            await _watch(port, event, cookie, statuses, done)


async def _watch(port: int, event: str, cookie: str, statuses: Counter[int],
                 done: EventType) -> None:
    """The page's stream of the ranking, read until the devices are done (each message
    counted under status 1), on a connection of its own in a few lines of HTTP/1.1: the
    server sends each message whole, so counting the events' names in what arrives is
    enough, and costs the load generator next to nothing."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError:
        statuses[0] += 1
        return
    try:
        writer.write((f"GET /events/{event}/live HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                      f"Cookie: {cookie}\r\n\r\n").encode())
        head = await reader.readuntil(b"\r\n\r\n")
        statuses[int(head.split()[1])] += 1
        while not done.is_set():
            try:
                data = await asyncio.wait_for(reader.read(65536), 0.5)
            except TimeoutError:
                continue
            if not data:  # the stream ended: the page opens it again
                return
            statuses[1] += data.count(b"event: ranking")
    except (OSError, asyncio.IncompleteReadError, ValueError, IndexError):
        statuses[0] += 1
    finally:
        writer.close()


def viewers(port: int, events: list[str], count: int, done: EventType,
            answer: multiprocessing.Queue[tuple[list[float], dict[int, int]]],
            poll: bool) -> None:
    """The spectators, in a process of their own (the devices' latencies are measured in
    this one, on an event loop the spectators do not load)."""
    latencies: list[float] = []
    statuses: Counter[int] = Counter()

    async def room() -> None:
        await asyncio.gather(*(viewer(port, events[n % len(events)], latencies, statuses,
                                      done, n / 200, poll) for n in range(count)))

    asyncio.run(room())
    statuses[-1] = round(time.process_time() * 1000)  # this process's CPU, in ms
    answer.put((latencies, dict(statuses)))


def _children_cpu() -> float:
    """CPU seconds of the child processes waited for (the server and its workers, the
    viewers' process)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _percentiles(values: list[float]) -> tuple[float, float]:
    values = sorted(values)
    if not values:
        return 0.0, 0.0
    return statistics.median(values), values[min(len(values) - 1, int(0.99 * len(values)))]


async def _retry(call: Callable[[], Awaitable[Answer]], retries: Counter[str], what: str
                 ) -> Answer:
    for attempt in range(RETRIES):
        try:
            answer = await call()
            if answer.status_code < 500 and answer.status_code != 429:  # 429: try later
                return answer
            reason = str(answer.status_code)
        except OSError as error:
            reason = str(error)
        retries[f"{what} ({reason})"] += 1
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
        children_before = _children_cpu()
        log = Path(folder) / "server.log"
        server = start_server(url, port, args.workers, log)
        latencies: list[float] = []
        acknowledged: list[tuple[str, str]] = []
        retries: Counter[str] = Counter()
        joined: list[float] = []
        views: list[float] = []
        statuses: Counter[int] = Counter()
        spread = 0.0 if args.burst else args.spread
        answers: multiprocessing.Queue[tuple[list[float], dict[int, int]]] = \
            multiprocessing.Queue()
        watching = multiprocessing.Event()  # set: the devices are done
        spectators = multiprocessing.Process(target=viewers, args=(
            port, events, args.viewers, watching, answers, args.poll)) if args.viewers \
            else None
        try:
            start = time.perf_counter()
            arrivals = random.Random(1)
            if spectators is not None:
                spectators.start()

            async def everyone() -> None:
                if spectators is not None:
                    await asyncio.sleep(1)  # the room is watching
                await asyncio.gather(*(
                    device(port, event, e.table, e.boards, latencies, acknowledged, retries,
                           arrivals.uniform(0, spread), joined,
                           f"127.0.{n // 250}.{n % 250 + 2}")
                    for n, (event, e) in enumerate(
                        (event, e) for event in events for e in rounds[event])))

            devices_cpu = time.process_time()
            asyncio.run(everyone())
            devices_cpu = time.process_time() - devices_cpu
            wall = time.perf_counter() - start
            watching.set()
            if spectators is not None:
                views, status_counts = answers.get(timeout=300)
                statuses.update(status_counts)
                spectators.join(30)
        finally:
            server.terminate()
            server.wait(30)
        viewers_cpu = statuses.pop(-1, 0) / 1000
        server_cpu = _children_cpu() - children_before - viewers_cpu
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
        pushed = statuses.pop(1, 0)
        print(f"viewers ({'polling every second' if args.poll else 'the ranking pushed'}): "
              f"{len(views)} page requests, p50 {v50 * 1000:.1f} ms, p99 "
              f"{v99 * 1000:.1f} ms; answers {dict(sorted(statuses.items()))}; "
              f"{pushed} rankings pushed")
    print(f"recorded {recorded}, acknowledged {len(acknowledged)}, lost "
          f"{lost + expected - recorded}, duplicated {duplicated}; retries "
          f"{dict(retries) or 0}")
    print(f"CPU seconds: server {server_cpu:.1f} (every worker), the devices' client "
          f"{devices_cpu:.1f}, the viewers' client {viewers_cpu:.1f}, in {wall:.1f} s on "
          f"{os.cpu_count()} cores; the machine's load average at the end "
          f"{os.getloadavg()[0]:.1f} (what else ran)")
    logged = log.read_text(errors="replace").strip().splitlines()
    print(f"server log: {len(logged)} lines" + (f", the last: {logged[-1][:200]}"
                                                 if logged else ""))
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
                        help="spectators on the public page (the ranking pushed to them)")
    parser.add_argument("--poll", action="store_true",
                        help="the spectators poll the ranking every second instead, as a "
                             "reader with a role does")
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    run(parser.parse_args())


if __name__ == "__main__":
    main()
