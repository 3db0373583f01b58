"""Issue 29, a burst: which request a worker serves first when a room asks at once
(``web.priority``): results, then joins, then other posts, then pages; streams and the
public's pages pass by; no slot is ever lost, a waiter cancelled included."""

from __future__ import annotations

import asyncio
from typing import Any

from dupbridge.web.priority import JOIN, PAGE, POST, RESULT, Priority, rank


def scope(method: str, path: str) -> dict[str, Any]:
    return {"type": "http", "method": method, "path": path}


def test_each_kind_of_request_has_its_place() -> None:
    assert rank(scope("POST", "/device/results")) == RESULT
    assert rank(scope("POST", "/device/join")) == JOIN
    assert rank(scope("GET", "/device")) == JOIN
    assert rank(scope("POST", "/director/events/e/publish")) == POST
    assert rank(scope("GET", "/device/table")) == PAGE
    assert rank(scope("GET", "/events/e/live")) is None
    assert rank(scope("GET", "/events/e/ranking")) is None
    assert rank(scope("GET", "/static/style.css")) is None


def test_a_burst_is_served_results_first_then_joins_then_pages() -> None:
    served: list[str] = []
    gate: asyncio.Event

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        await gate.wait()
        served.append(scope["path"])

    async def burst() -> None:
        nonlocal gate
        gate = asyncio.Event()
        layer = Priority(app, slots=1)
        first = asyncio.create_task(layer(scope("GET", "/first"), None, None))
        await asyncio.sleep(0)  # inside: the others wait
        asked = [("GET", "/page-1"), ("POST", "/device/join"), ("GET", "/page-2"),
                 ("POST", "/device/results"), ("POST", "/other"), ("POST", "/device/join")]
        tasks = []
        for method, path in asked:
            tasks.append(asyncio.create_task(layer(scope(method, path), None, None)))
            await asyncio.sleep(0)
        gate.set()
        await asyncio.gather(first, *tasks)
        assert layer.inside == 0 and not layer.waiting

    asyncio.run(burst())
    assert served == ["/first", "/device/results", "/device/join", "/device/join", "/other",
                      "/page-1", "/page-2"]


def test_a_waiter_cancelled_loses_no_slot() -> None:
    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        await asyncio.sleep(0.01)

    async def run() -> None:
        layer = Priority(app, slots=2)
        tasks = [asyncio.create_task(layer(scope("GET", f"/p{n}"), None, None))
                 for n in range(10)]
        await asyncio.sleep(0)
        for task in tasks[3:7]:  # waiting ones, cancelled (a phone gone)
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        assert layer.inside == 0 and not layer.waiting
        # Every slot is still there: two requests at once get in without waiting.
        await asyncio.wait_for(asyncio.gather(layer(scope("GET", "/a"), None, None),
                                              layer(scope("GET", "/b"), None, None)), 1)

    asyncio.run(run())
