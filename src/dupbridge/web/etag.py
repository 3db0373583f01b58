"""ETags on the pages read with GET: a phone polling the ranking every few seconds gets a
304 with no body while nothing has changed (issue 29: a full room watching the ranking).

The tag is a digest of the page as rendered, so it changes whenever anything shown does
(a new result, the language, the reader's session); the rendering itself is cheap once the
session's scoring is computed once per state (``app.club_night.derived``). Answers other
than 200, and requests other than GET, pass through untouched."""

from __future__ import annotations

import hashlib

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class ETags:
    """Pure ASGI middleware (the body is held only for GET answers of status 200)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET":
            await self.app(scope, receive, send)
            return
        asked = Headers(scope=scope).get("if-none-match")
        start: Message | None = None
        body: list[bytes] = []

        async def tagged(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                if message["status"] != 200:
                    await send(message)
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


async def _answer(send: Send, start: Message, body: bytes, asked: str | None) -> None:
    tag = '"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"'
    headers = MutableHeaders(raw=list(start["headers"]))
    headers["etag"] = tag
    headers.setdefault("cache-control", "no-cache")  # use it, but ask again each time
    if asked is not None and tag in (t.strip() for t in asked.split(",")):
        del headers["content-length"]
        if "content-type" in headers:
            del headers["content-type"]
        await send({"type": "http.response.start", "status": 304, "headers": headers.raw})
        await send({"type": "http.response.body", "body": b""})
        return
    await send({**start, "headers": headers.raw})
    await send({"type": "http.response.body", "body": body})
