"""ETags on the pages read with GET: a phone polling the ranking every few seconds gets a
304 with no body while nothing has changed (issue 29: a full room watching the ranking).

The pages of an event that are polled (its public page, ranking, travellers and score
cards, a table device's page) are tagged *before* anything is read or rendered: the tag
is a digest of where the event's journal stands (``derived.journal_position``, one
indexed query), of the reader's session as the server keeps it (role, table, device code
generation, and the session id the page's CSRF token is made from), of the language, of
the address asked and of the code and templates serving it. Everything such a page shows
comes from those: who may see which result (``visibility``) is decided from the journal
and the session, so the same tag is the same page, and any recorded action (a result,
the Director's release or ranking setting, a new generation of codes) changes it. A
poller whose tag is current gets its 304 without the state being read or a template
rendered; otherwise the page is rendered and carries the tag computed before reading, so
a result recorded in between only makes the next poll render again.

Any other page read with GET is tagged with a digest of its body as rendered (a visitor
without a session yet, whose page gets a new one, too). Answers other than 200, and
requests other than GET, pass through untouched."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from pathlib import Path

from anyio import to_thread
from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from dupbridge.app.club_night.derived import journal_position
from dupbridge.lawbook.installed import books_dir
from dupbridge.web.pages import SESSION_COOKIE, Pages
from dupbridge.web.security import new_session_id
from dupbridge.web.sessions import LOGGED_IN

# The polled pages of an event, by address: (event id or None for the device's own, and
# whether the page lists law books, which are files the journal does not know).
_EVENT_PAGE = re.compile(r"^/events/([^/]+)(/ranking|/pairs/[^/]+|/boards/[^/]+)?$")
_DEVICE_PAGE = "/device/table"


def _code_stamp() -> str:
    """The code, templates and catalogues serving the pages, as every worker of one
    installation computes it: a page tagged by an older version is rendered again."""
    package = Path(__file__).resolve().parents[1]
    digest = hashlib.blake2b(digest_size=12)
    for folder, dirs, files in sorted(os.walk(package)):
        dirs.sort()
        for name in sorted(files):
            if name.endswith((".py", ".html", ".mo", ".toml", ".json")):
                info = (Path(folder) / name).stat()
                digest.update(f"{folder[len(str(package)):]}/{name}:{info.st_size}:"
                              f"{info.st_mtime_ns};".encode())
    return digest.hexdigest()


def _books_stamp() -> str:
    folder = books_dir()
    files = sorted(folder.glob("*.json")) if folder.is_dir() else []
    return ";".join(f"{p.name}:{p.stat().st_size}:{p.stat().st_mtime_ns}" for p in files)


class ETags:
    """Pure ASGI middleware, outside the session's (a current poller costs one query and
    no rendering); the body is held only for GET answers of status 200 not tagged
    before."""

    def __init__(self, app: ASGIApp, pages: Pages | None = None,
                 headers: Mapping[str, str] | None = None) -> None:
        self.app = app
        self.pages = pages
        self.headers = dict(headers or {})  # the security headers, on a 304 too
        self.code = _code_stamp()
        self.rendered = _Rendered()
        self.positions = positions_of(pages) if pages is not None else None

    async def page_read(self, scope: Scope) -> tuple[list[str], dict[str, object]] | None:
        """What tags a polled event page, read before the page: the parts of its tag
        but the session, and the session kept for this request (empty when the page will
        make a new one). None: not such a page, or the journal could not be read (the
        page then says why). A reader without a login costs no thread: its session is
        its signed cookie alone, and its event's position is read for every reader
        waiting for it at once (``_Positions``)."""
        pages, positions = self.pages, self.positions
        if pages is None or positions is None:
            return None
        path = scope["path"]
        found = _EVENT_PAGE.match(path)
        request = Request(scope)
        session: dict[str, object] = pages.signer.loads(
            request.cookies.get(SESSION_COOKIE)) or {}
        if session.get("role") in LOGGED_IN:  # kept on the server: is it still?
            session = await to_thread.run_sync(pages.session, request)
        event = found[1] if found is not None else session.get("event")
        if not isinstance(event, str):
            return None
        position = await positions.get(event)
        if position is None:
            return None
        # An htmx poll gets the fragment of the page at the same address (the ranking).
        parts = [self.code, path, scope.get("query_string", b"").decode("latin-1"),
                 pages.language(request), position,
                 "fragment" if request.headers.get("hx-request") == "true" else "page"]
        if found is not None and (found[2] or "").startswith("/boards/"):
            parts.append(_books_stamp())  # a traveller's rulings cite the books installed
        return parts, session

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET":
            await self.app(scope, receive, send)
            return
        asked = Headers(scope=scope).get("if-none-match")
        read = await self.page_read(scope) if _polled(scope["path"]) else None
        if read is not None and "sid" in read[1]:
            await self._polled_page(scope, receive, send, read[0], read[1], asked)
            return
        if read is not None and self._first_visit(scope):
            await self._first_page(scope, receive, send, read[0])
            return
        start: Message | None = None
        body: list[bytes] = []

        async def tagged(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                if message["status"] != 200 or _streamed(message):
                    await send(message)
                    return
                if read is not None:  # a new visitor's: tagged with the session made
                    headers = MutableHeaders(raw=list(message["headers"]))
                    headers["etag"] = _tag(read[0], scope.get("state", {}).get(
                        "session", {}))
                    headers.setdefault("cache-control", "no-cache")
                    await send({**message, "headers": headers.raw})
                    return
                start = message
                return
            if start is None:  # an answer passed through as it is
                await send(message)
                return
            body.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            await _answer(send, start, b"".join(body), asked)

        await self.app(scope, receive, tagged)

    def _first_visit(self, scope: Scope) -> bool:
        """A reader with no session cookie at all (the session layer would make one)."""
        return SESSION_COOKIE not in Request(scope).cookies

    async def _first_page(self, scope: Scope, receive: Receive, send: Send,
                          parts: list[str]) -> None:
        """A first visit to a polled page: its session is made here, so that the page is
        the one rendered for every reader of the same sight (a room arriving at once
        costs one rendering, not one each), and its cookie is set on the answer."""
        assert self.pages is not None
        session: dict[str, object] = {"sid": new_session_id()}
        cookie = f"{SESSION_COOKIE}={self.pages.signer.dumps(session)}".encode()
        headers = [(name, value) for name, value in scope["headers"] if name != b"cookie"]
        sent = [value for name, value in scope["headers"] if name == b"cookie"]
        headers.append((b"cookie", b"; ".join([*sent, cookie])))
        scope = {**scope, "headers": headers}
        made = Response()
        self.pages.set_session(Request(scope), made, session)

        async def with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":  # a copy: the kept page has none
                headers = MutableHeaders(raw=list(message["headers"]))
                headers.append("set-cookie", made.headers["set-cookie"])
                message = {**message, "headers": headers.raw}
            await send(message)

        await self._polled_page(scope, receive, with_cookie, parts, session, None)

    async def _polled_page(self, scope: Scope, receive: Receive, send: Send,
                           parts: list[str], session: dict[str, object],
                           asked: str | None) -> None:
        """A polled page for a kept session: 304 if the reader's tag is current; else
        the page as rendered for another reader with the same sight (role, table,
        language, journal position), its CSRF token replaced by this session's; else
        rendered, and kept for the next."""
        known = _tag(parts, session)
        headers = MutableHeaders(headers=self.headers)
        headers["etag"] = known
        headers["cache-control"] = "no-cache"
        if asked is not None and _matches(known, asked):
            await _not_modified(send, headers)
            return
        assert self.pages is not None
        sight = _tag(parts, {k: v for k, v in session.items() if k != "sid"})
        token = self.pages.signer.csrf_token(str(session["sid"]))
        kept = self.rendered.get(sight)
        if kept is not None:
            raw, rendered, its_token = kept
            page = rendered.replace(its_token.encode(), token.encode())
            answer = MutableHeaders(raw=list(raw))
            answer["etag"] = known
            answer["content-length"] = str(len(page))
            await send({"type": "http.response.start", "status": 200,
                        "headers": answer.raw})
            await send({"type": "http.response.body", "body": page})
            return
        start: Message | None = None
        body: list[bytes] = []

        async def keep(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                if message["status"] != 200:
                    await send(message)
                    return
                answer = MutableHeaders(raw=list(message["headers"]))
                answer["etag"] = known
                answer.setdefault("cache-control", "no-cache")
                start = {**message, "headers": answer.raw}
                return
            if start is None:
                await send(message)
                return
            body.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            page = b"".join(body)
            raw = start["headers"]
            if not any(name == b"set-cookie" for name, _ in raw):  # nothing of its own
                self.rendered.put(sight, (raw, page, token))
            await send(start)
            await send({"type": "http.response.body", "body": page})

        await self.app(scope, receive, keep)


def positions_of(pages: Pages) -> _Positions:
    """Where each event's journal stands, read as cheaply as the store allows."""
    store = pages.store
    own = getattr(store, "reader_of_its_own", lambda: None)()
    if own is not None:
        return _Positions(lambda event: journal_position(own, event), inline=True)
    return _Positions(lambda event: journal_position(store, event))


class _Positions:
    """Where each event's journal stands. On a local database (SQLite) read at once on the
    event loop: one indexed query costs less than a thread's hand-over, and polls are most
    of a full room's requests. Otherwise read once for every poller asking meanwhile.
    A request waits for a read begun after it arrived (the one in flight may have begun
    before), so its answer is as fresh as a read of its own; at most one read of an
    event is in flight and one waiting, in a thread (the event loop never waits on the
    database)."""

    def __init__(self, read: Callable[[str], str], *, inline: bool = False) -> None:
        self.read = read
        self.inline = inline  # read on the event loop, no thread
        self.waiting: dict[str, asyncio.Future[str | None]] = {}
        self.reading: set[str] = set()
        self.tasks: set[asyncio.Task[None]] = set()

    async def get(self, event: str) -> str | None:
        if self.inline:
            try:
                return self.read(event)
            except Exception:  # the database cannot say: the page is read as it is
                return None
        future = self.waiting.get(event)
        if future is None:
            future = asyncio.get_running_loop().create_future()
            self.waiting[event] = future
            if event not in self.reading:
                self._start(event)
        return await asyncio.shield(future)

    def _start(self, event: str) -> None:
        future = self.waiting.pop(event)
        self.reading.add(event)

        async def run() -> None:
            try:
                position: str | None = await to_thread.run_sync(self.read, event)
            except Exception:  # the database cannot say: the page is read as it is
                position = None
            finally:
                self.reading.discard(event)
                if event in self.waiting:
                    self._start(event)
            future.set_result(position)

        task = asyncio.get_running_loop().create_task(run())
        self.tasks.add(task)  # kept until done (the loop holds tasks weakly)
        task.add_done_callback(self.tasks.discard)


class _Rendered:
    """The polled pages last rendered, by sight (everything their tag is made of but the
    session id), with the CSRF token each was rendered with: a room of readers with the
    same sight is rendered for once per new result, not once per reader."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self.pages: OrderedDict[str, tuple[list[tuple[bytes, bytes]], bytes, str]] = \
            OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str) -> tuple[list[tuple[bytes, bytes]], bytes, str] | None:
        with self.lock:
            found = self.pages.get(key)
            if found is not None:
                self.pages.move_to_end(key)
            return found

    def put(self, key: str, page: tuple[list[tuple[bytes, bytes]], bytes, str]) -> None:
        with self.lock:
            self.pages[key] = page
            self.pages.move_to_end(key)
            while len(self.pages) > self.size:
                self.pages.popitem(last=False)


def _tag(parts: list[str], session: Mapping[str, object]) -> str:
    text = "\n".join([*parts, json.dumps(session, sort_keys=True, default=str)])
    return '"' + hashlib.blake2b(text.encode(), digest_size=12).hexdigest() + '"'


def _streamed(start: Message) -> bool:
    """A stream of events (``web.live``): sent as it comes, never held whole."""
    return Headers(raw=start["headers"]).get("content-type", "").startswith(
        "text/event-stream")


def _polled(path: str) -> bool:
    return path == _DEVICE_PAGE or _EVENT_PAGE.match(path) is not None


def _matches(tag: str, asked: str) -> bool:
    return tag in (t.strip() for t in asked.split(","))


async def _not_modified(send: Send, headers: MutableHeaders) -> None:
    if "content-length" in headers:
        del headers["content-length"]
    if "content-type" in headers:
        del headers["content-type"]
    await send({"type": "http.response.start", "status": 304, "headers": headers.raw})
    await send({"type": "http.response.body", "body": b""})


async def _answer(send: Send, start: Message, body: bytes, asked: str | None) -> None:
    tag = '"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"'
    headers = MutableHeaders(raw=list(start["headers"]))
    headers["etag"] = tag
    headers.setdefault("cache-control", "no-cache")  # use it, but ask again each time
    if asked is not None and _matches(tag, asked):
        await _not_modified(send, headers)
        return
    await send({**start, "headers": headers.raw})
    await send({"type": "http.response.body", "body": body})
