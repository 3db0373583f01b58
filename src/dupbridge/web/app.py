"""The application factory: configuration, sessions, language, CSRF and the pages' routers.

Stateless between requests: everything a page shows comes from the app layer's store,
sessions are signed cookies kept on the server too, login counts and the secret are in the
database (or the secret in the configuration), so several worker processes (or machines)
can serve one database, and a restart keeps every session and device code.

Every answer carries the security headers (``HEADERS``): a Content-Security-Policy with
no inline script (the pages' scripts are static files), no framing, no MIME sniffing, and
no full address sent to other sites.

FastAPI's "bigger applications" layout: the routers (``web.routers``) are module-level
``APIRouter``s that take what they need as dependencies (``web.deps``); this module
includes them and nothing imports it back."""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

from anyio import to_thread
from fastapi import Depends, FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from dupbridge.web.config import WebConfig
from dupbridge.web.deps import csrf_guard
from dupbridge.web.etag import ETags, positions_of
from dupbridge.web.inputs import BodyLimit, detail_text, input_guard, invalid, refusal
from dupbridge.web.live import LiveRankings
from dupbridge.web.pages import HERE, SESSION_COOKIE, Pages
from dupbridge.web.priority import Priority
from dupbridge.web.routers import (
    claims,
    device,
    director,
    exports,
    laws,
    printouts,
    public,
    rulings,
)
from dupbridge.web.security import new_session_id
from dupbridge.web.sessions import LOGGED_IN

__all__ = ["HEADERS", "WebConfig", "create_app"]

HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; "
                               "style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                               "object-src 'none'; base-uri 'self'; form-action 'self'; "
                               "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}


# FastAPI's own OpenTelemetry hooks (newer releases) look for a configured provider on
# every request; a club's server configures none, and a full room polls hundreds of times
# a second.
_NO_TELEMETRY: dict[str, Any] = {"telemetry": {
    "tracing": False, "metrics": False, "logs": False, "operation_spans": False,
}} if "telemetry" in inspect.signature(FastAPI).parameters else {}


class SessionLayer:
    """Every visitor has a signed session (anonymous until a login or a device code), so
    that even the login form has a CSRF token to check; every answer carries the security
    headers. Pure ASGI: it runs for every request, polls included."""

    def __init__(self, app: ASGIApp, pages: Pages) -> None:
        self.app = app
        self.pages = pages

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        pages = self.pages
        request = Request(scope)
        found: dict[str, Any] = pages.signer.loads(request.cookies.get(SESSION_COOKIE)) or {}
        if found.get("role") in LOGGED_IN:  # kept on the server: is it still?
            found = await to_thread.run_sync(pages.session, request)
        fresh = "sid" not in found
        request.state.session = {"sid": new_session_id()} if fresh else found

        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if fresh and SESSION_COOKIE not in "".join(headers.getlist("set-cookie")):
                    made = Response()
                    pages.set_session(request, made, request.state.session)
                    headers.append("set-cookie", made.headers["set-cookie"])
                for name, value in HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, headed)


def create_app(config: WebConfig | None = None) -> FastAPI:
    chosen = config or WebConfig()
    pages = Pages(chosen)
    # Opened (and migrated) here, once, rather than by the first requests at the same time.
    _ = pages.store

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # Few request threads: the handlers are short and mostly Python (the GIL), so
        # forty threads taking turns only lengthen the slowest answers.
        to_thread.current_default_thread_limiter().total_tokens = chosen.threads
        yield

    app = FastAPI(title="dupbridge", docs_url=None, redoc_url=None, openapi_url=None,
                  dependencies=[Depends(csrf_guard), Depends(input_guard)],
                  lifespan=lifespan, **_NO_TELEMETRY)
    app.state.pages = pages
    # One adjudicator per application: a claim's key is only unique within its database.
    app.state.adjudications = claims.Adjudications()
    # The public ranking pushed to spectators (one watcher per event with spectators).
    app.state.live = LiveRankings(partial(public.ranking_fragment, pages),
                                  positions_of(pages).get)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    app.add_middleware(SessionLayer, pages=pages)
    # Results, then joins, then other posts, then pages, when a room asks at once.
    app.add_middleware(Priority, slots=chosen.slots)

    @app.exception_handler(HTTPException)
    async def refused(request: Request, error: HTTPException) -> Response:
        """A refusal as a page for a person, as JSON for the device's script (Starlette's
        own too: a body it could not read, a page that is not there)."""
        return refusal(pages, request, error.status_code,
                       detail_text(pages, request, error.detail))

    # A value a route's declared type or bounds refuse: one line naming it, translated.
    app.add_exception_handler(RequestValidationError, invalid)

    # Outside the session's: a poller whose page has not changed costs one query.
    app.add_middleware(ETags, pages=pages, headers=HEADERS)
    # Around every page and check: no body above the limit is read, not even by the CSRF
    # check.
    app.add_middleware(BodyLimit)
    app.include_router(public.router)
    app.include_router(director.router)
    app.include_router(printouts.router)
    app.include_router(exports.router)
    app.include_router(device.router)
    app.include_router(claims.router)
    app.include_router(laws.router)
    app.include_router(rulings.router)
    app.include_router(rulings.device_router)
    # Outermost: the client's address and scheme as a trusted proxy forwarded them (and
    # as the connection says for anyone else), before any page reads them.
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=chosen.forwarded_allow_ips)
    return app
