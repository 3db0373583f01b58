"""Which request the server serves first when a room asks at once (issue 29: two hundred
phones joining and sending their results in the same second).

A worker runs at most ``slots`` requests at a time past this point; the others wait in
order of what they are for, then of arrival: a table's result first (a phone waiting to
hear that its result is recorded), then a device joining its table (its form and its
code), then any other post, then pages. Pages wait, results never wait behind them:
without this, a burst served in arrival order answered its results after every table page
asked before them, seconds later. Python runs one request's code at a time anyway, so a
few slots lose nothing.

Polls answered from their ETag, static files and the spectators' streams are in front of
this (``web.etag``) or pass it by. The waiting list is shared by every event loop serving
the application (a test's clients each run one), so it is guarded by a lock and a waiter
is woken on its own loop."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import threading
from collections.abc import MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
ASGIApp = Any

RESULT, JOIN, POST, PAGE = range(4)
_PASSING = ("/static/", "/events/")  # streams, static files and the public's pages
_STREAM_SUFFIX = "/live"


def rank(scope: Scope) -> int | None:
    """The request's place in the queue (lower first), or None: it passes by."""
    path: str = scope["path"]
    method: str = scope["method"]
    if method == "POST":
        if path == "/device/results":
            return RESULT
        if path == "/device/join":
            return JOIN
        return POST
    if path.endswith(_STREAM_SUFFIX) or path.startswith(_PASSING):
        return None
    if path == "/device":  # the join form: the first half of a join
        return JOIN
    return PAGE


class Priority:
    """Pure ASGI middleware: at most ``slots`` requests of a worker inside at a time."""

    def __init__(self, app: ASGIApp, slots: int = 4) -> None:
        self.app = app
        self.slots = slots
        self.inside = 0
        self.waiting: list[tuple[int, int, asyncio.AbstractEventLoop, asyncio.Future[None]]] \
            = []
        self.order = itertools.count()
        self.lock = threading.Lock()

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        place = rank(scope) if scope["type"] == "http" else None
        if place is None:
            await self.app(scope, receive, send)
            return
        await self._enter(place)
        try:
            await self.app(scope, receive, send)
        finally:
            self._leave()

    async def _enter(self, place: int) -> None:
        loop = asyncio.get_running_loop()
        with self.lock:
            if self.inside < self.slots and not self.waiting:
                self.inside += 1
                return
            turn: asyncio.Future[None] = loop.create_future()
            heapq.heappush(self.waiting, (place, next(self.order), loop, turn))
        try:
            await turn
        except asyncio.CancelledError:
            # Given the slot just before being cancelled: hand it on. Otherwise leave the
            # queue (a wake-up already on its way hands the slot on itself).
            owned = turn.done() and not turn.cancelled()
            if not owned:
                turn.cancel()
                with self.lock:
                    self.waiting = [w for w in self.waiting if w[3] is not turn]
                    heapq.heapify(self.waiting)
            else:
                self._leave()
            raise

    def _leave(self) -> None:
        """A request is done: its slot passes to the first waiter (woken on its own
        loop), or is freed."""
        with self.lock:
            while self.waiting:
                _, _, loop, turn = heapq.heappop(self.waiting)
                if turn.done():
                    continue
                loop.call_soon_threadsafe(self._wake, turn)
                return
            self.inside -= 1

    def _wake(self, turn: asyncio.Future[None]) -> None:
        if turn.done():  # cancelled meanwhile: the slot goes to the next
            self._leave()
            return
        turn.set_result(None)
