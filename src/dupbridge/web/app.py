"""The application factory: configuration, sessions, language, CSRF and the pages' routers.

Stateless between requests: everything a page shows comes from the app layer's store,
sessions are signed cookies, and the secret and the Director's password hash come in the
configuration, so several worker processes (or machines) can serve one database."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from anyio import to_thread
from fastapi import Depends, FastAPI, HTTPException, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from dupbridge.adapters.sql import SqlStore, open_store
from dupbridge.app.club_night.ports import Clock, SystemClock
from dupbridge.core.messages import msg
from dupbridge.lawbook.installed import current_books
from dupbridge.lawbook.model import LawBook
from dupbridge.web import language as i18n
from dupbridge.web import lawlinks
from dupbridge.web.security import RateLimit, Signer, new_secret, new_session_id

HERE = Path(__file__).parent
SESSION_COOKIE = "dupbridge_session"


@dataclass(slots=True)
class WebConfig:
    """What a server process needs: the database URL, the secret signing its cookies and
    codes (the same in every worker), the Director's argon2 password hash, and the clock
    the app layer's deadlines run on (a test sets its own). ``lawbooks`` gives the
    imported law books the law pages read (the installed ones by default)."""

    database: str = "sqlite:///dupbridge.db"
    secret: str = field(default_factory=new_secret)
    director_hash: str = ""
    clock: Clock = field(default_factory=SystemClock)
    login_limit: RateLimit = field(default_factory=RateLimit)
    threads: int = 40
    lawbooks: Callable[[], Sequence[LawBook]] = current_books


class Pages:
    """Rendering shared by the routers: the template with the reader's language, the
    session and its CSRF token."""

    def __init__(self, config: WebConfig) -> None:
        self.config = config
        self.clock = config.clock
        self.signer = Signer(config.secret)
        self.templates = Jinja2Templates(directory=str(HERE / "templates"))
        lawlinks.install(self.templates.env)
        self._store: SqlStore | None = None

    @property
    def store(self) -> SqlStore:
        """The database, opened (and migrated) on first use."""
        if self._store is None:
            self._store = open_store(self.config.database)
        return self._store

    def session(self, request: Request) -> dict[str, Any]:
        found = self.signer.loads(request.cookies.get(SESSION_COOKIE))
        return found if found is not None else {}

    def language(self, request: Request) -> str:
        return i18n.choose_language(request.query_params.get("lang"),
                                    request.cookies.get(i18n.COOKIE),
                                    request.headers.get("accept-language"))

    def render(self, request: Request, name: str, status_code: int = 200,
               **context: Any) -> HTMLResponse:
        language = self.language(request)
        session = request.state.session
        response = self.templates.TemplateResponse(request, name, {
            "_": i18n.gettext_for(language), "lang": language,
            "languages": i18n.language_names(), "session": session,
            "csrf": self.signer.csrf_token(session.get("sid", "")),
            "path": request.url.path, **context}, status_code=status_code)
        if request.query_params.get("lang") == language:
            response.set_cookie(i18n.COOKIE, language, max_age=365 * 86400, samesite="lax")
        return response

    def message(self, request: Request, text: str) -> str:
        return i18n.text(text, self.language(request))

    def start_session(self, response: Response, values: dict[str, Any]) -> None:
        """A new session (new id, so a token seen before the login is worth nothing)."""
        self.set_session(response, {"sid": new_session_id(), **values})

    def set_session(self, response: Response, values: dict[str, Any]) -> None:
        response.set_cookie(SESSION_COOKIE, self.signer.dumps(values), httponly=True,
                            samesite="lax")

    def redirect(self, url: str) -> RedirectResponse:
        return RedirectResponse(url, status_code=303)


def create_app(config: WebConfig | None = None) -> FastAPI:
    from dupbridge.web import (
        routes_claims,
        routes_device,
        routes_director,
        routes_laws,
        routes_public,
        routes_rulings,
    )

    chosen = config or WebConfig()
    pages = Pages(chosen)

    async def csrf_guard(request: Request) -> None:
        """Every post carries its session's token (a form field, or the X-CSRF-Token
        header the table device's script sends); another site cannot read it."""
        if request.method != "POST":
            return
        sid = request.state.session.get("sid", "")
        token = request.headers.get("x-csrf-token")
        if token is None and request.headers.get("content-type", "").startswith(
                ("application/x-www-form-urlencoded", "multipart/form-data")):
            value = (await request.form()).get("csrf")
            token = value if isinstance(value, str) else None
        if not pages.signer.csrf_valid(sid, token):
            raise HTTPException(403, pages.message(request, msg(
                "This form has expired or did not come from this site; reload the page.")))

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # Few request threads: the handlers are short and mostly Python (the GIL), so
        # forty threads taking turns only lengthen the slowest answers.
        to_thread.current_default_thread_limiter().total_tokens = chosen.threads
        yield

    app = FastAPI(title="dupbridge", docs_url=None, redoc_url=None, openapi_url=None,
                  dependencies=[Depends(csrf_guard)], lifespan=lifespan)
    app.state.pages = pages
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    @app.middleware("http")
    async def session(request: Request,
                      call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        """Every visitor has a signed session (anonymous until a login or a device code),
        so that even the login form has a CSRF token to check."""
        request.state.session = pages.session(request)
        fresh = "sid" not in request.state.session
        if fresh:
            request.state.session = {"sid": new_session_id()}
        response = await call_next(request)
        if fresh and SESSION_COOKIE not in response.headers.get("set-cookie", ""):
            pages.set_session(response, request.state.session)
        return response

    @app.exception_handler(HTTPException)
    async def refused(request: Request, error: HTTPException) -> Response:
        """A refusal as a page for a person, as JSON for the device's script."""
        if "text/html" not in request.headers.get("accept", ""):
            return JSONResponse({"detail": error.detail}, status_code=error.status_code)
        return pages.render(request, "error.html", status_code=error.status_code,
                            message=str(error.detail))

    app.include_router(routes_public.router(pages))
    app.include_router(routes_director.router(pages))
    app.include_router(routes_device.router(pages))
    app.include_router(routes_claims.router(pages))
    app.include_router(routes_laws.router(pages))
    app.include_router(routes_rulings.router(pages))
    app.include_router(routes_rulings.device_router(pages))
    return app
