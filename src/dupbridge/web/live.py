"""The public ranking pushed to the room with Server-Sent Events (issue 29: a full room
watching the ranking).

A spectator's page opens one stream per event (``/events/<id>/live``) instead of asking
for the ranking every second. Per worker, one watcher per event with spectators reads
where the event's journal stands every ``interval`` seconds (one indexed query); when it
has moved, the ranking's fragment is rendered once per language being watched, exactly as
the polled address renders it for the public, and sent to each spectator of that language
whose fragment it changes. Between results a spectator costs nothing; a new result costs
one rendering per language, not one request per spectator.

Only the public's sight is pushed: a reader with a role (the Director, a table device)
keeps polling, since what it may see is its own. A stream ends after ``lifetime`` seconds
(the browser opens it again, and gets the fragment as it is then), so a server stopping
never waits long for its spectators; a comment line every ``beat`` seconds keeps proxies
from closing a quiet stream."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field

from anyio import to_thread

Render = Callable[[str, str], str]  # (event, language) -> the ranking's fragment
Position = Callable[[str], Awaitable[str | None]]  # event -> where its journal stands


def message(fragment: str) -> str:
    """One ``ranking`` event carrying the fragment (every line of it a data line)."""
    lines = "".join(f"data: {line}\n" for line in fragment.splitlines() or [""])
    return f"event: ranking\n{lines}\n"


@dataclass(eq=False)
class _Watched:
    """An event's spectators, each a queue keeping only the newest fragment, with its
    language; the fragment last sent per language; the watcher's task."""

    spectators: dict[asyncio.Queue[str], str] = field(default_factory=dict)
    sent: dict[str, str] = field(default_factory=dict)
    position: str | None = None
    task: asyncio.Task[None] | None = None


class LiveRankings:
    def __init__(self, render: Render, position: Position, *, interval: float = 0.5,
                 lifetime: float = 300.0, beat: float = 15.0) -> None:
        self.render = render
        self.position = position
        self.interval = interval
        self.lifetime = lifetime
        self.beat = beat
        self.watched: dict[str, _Watched] = {}

    async def stream(self, event: str, language: str) -> AsyncIterator[str]:
        """The messages of one spectator: the fragment as it is now, then each change,
        until ``lifetime`` has passed."""
        watched = self.watched.setdefault(event, _Watched())
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=1)
        watched.spectators[queue] = language
        try:
            known = watched.sent.get(language)
            if known is not None:
                queue.put_nowait(known)
            if watched.task is None or watched.task.done():
                watched.task = asyncio.get_running_loop().create_task(self._watch(event))
            loop = asyncio.get_running_loop()
            end = loop.time() + self.lifetime
            while (left := end - loop.time()) > 0:
                try:
                    yield message(await asyncio.wait_for(queue.get(),
                                                         min(left, self.beat)))
                except TimeoutError:
                    yield ": still here\n\n"
        finally:
            watched.spectators.pop(queue, None)

    async def _watch(self, event: str) -> None:
        """While the event has spectators: render when its journal has moved (or for a
        language no one watched yet), and hand each spectator the fragment of its
        language when it changed. The position is read before rendering: a result
        recorded meanwhile moves it again, and is rendered at the next step."""
        watched = self.watched[event]
        try:
            while watched.spectators:
                position = await self.position(event)
                moved = position is not None and position != watched.position
                if moved:
                    watched.position = position
                for language in set(watched.spectators.values()):
                    if not moved and language in watched.sent:
                        continue
                    try:
                        fragment = await to_thread.run_sync(self.render, event, language)
                    except Exception:  # the event cannot be read now: try again later
                        watched.position = None
                        continue
                    if fragment == watched.sent.get(language):
                        continue
                    watched.sent[language] = fragment
                    for queue, wanted in list(watched.spectators.items()):
                        if wanted == language:
                            _newest(queue, fragment)
                await asyncio.sleep(self.interval)
        finally:
            if self.watched.get(event) is watched and not watched.spectators:
                del self.watched[event]


def _newest(queue: asyncio.Queue[str], fragment: str) -> None:
    """A slow spectator gets the newest fragment, not every one it missed."""
    with contextlib.suppress(asyncio.QueueEmpty):
        queue.get_nowait()
    queue.put_nowait(fragment)
