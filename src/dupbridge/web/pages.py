"""Rendering shared by every router: a template with the reader's language, the session
and its CSRF token; the session cookie; the store the pages read.

Routers receive the ``Pages`` of their application as a dependency (``deps.PagesDep``);
nothing here knows a router, so they import it without a circle."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates

from dupbridge.adapters.sql import SqlStore, open_store
from dupbridge.adapters.sql.store import create_engine_for
from dupbridge.adapters.sql.web_store import WebStore
from dupbridge.web import language as i18n
from dupbridge.web.config import WebConfig
from dupbridge.web.device_codes import DeviceCodes
from dupbridge.web.security import Signer, new_session_id
from dupbridge.web.sessions import Sessions
from dupbridge.web.templating import environment

HERE = Path(__file__).parent
SESSION_COOKIE = "dupbridge_session"


class Pages:
    """Rendering shared by the routers: the template with the reader's language, the
    session and its CSRF token."""

    def __init__(self, config: WebConfig) -> None:
        self.config = config
        self.clock = config.clock
        self.templates = Jinja2Templates(env=environment())
        self._store: SqlStore | None = None
        web = WebStore(self.store.engine,
                       light=create_engine_for(config.database, flush=False))
        # The configured secret, else the one kept with the database (made once): a
        # restart keeps every device code and every session.
        self.signer = Signer(config.secret or web.secret())
        self.sessions = Sessions(web, config)
        self.device_codes = DeviceCodes(self.signer)

    @property
    def store(self) -> SqlStore:
        """The database, opened (and migrated) on first use."""
        if self._store is None:
            self._store = open_store(self.config.database)
        return self._store

    def session(self, request: Request) -> dict[str, Any]:
        """The request's session: its signed cookie, if a logged-in one is still kept on
        the server (not logged out, not expired); else none."""
        found = self.signer.loads(request.cookies.get(SESSION_COOKIE))
        if found is None or not self.sessions.alive(found):
            return {}
        return found

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
            response.set_cookie(i18n.COOKIE, language, max_age=365 * 86400, samesite="lax",
                                secure=secure(request))
        return response

    def message(self, request: Request, text: str) -> str:
        return i18n.text(text, self.language(request))

    def start_session(self, request: Request, response: Response, values: dict[str, Any]
                      ) -> None:
        """A new session (new id, so a token seen before the login is worth nothing); a
        logged-in one is kept on the server until it expires or is logged out."""
        sid = new_session_id()
        role = values.get("role")
        lifetime = self.sessions.open(sid, str(role)) if role else None
        self.set_session(request, response, {"sid": sid, **values}, lifetime)

    def end_session(self, request: Request, response: Response) -> None:
        """Log out: the session is revoked on the server (its cookie, wherever copied, is
        refused from now on) and an anonymous one replaces it."""
        sid = request.state.session.get("sid")
        if sid:
            self.sessions.revoke(str(sid))
        self.start_session(request, response, {})

    def set_session(self, request: Request, response: Response, values: dict[str, Any],
                    lifetime: float | None = None) -> None:
        response.set_cookie(SESSION_COOKIE, self.signer.dumps(values), httponly=True,
                            samesite="lax", secure=secure(request),
                            max_age=None if lifetime is None else int(lifetime))

    def redirect(self, url: str) -> RedirectResponse:
        return RedirectResponse(url, status_code=303)


def secure(request: Request) -> bool:
    """Served over HTTPS (uvicorn's own TLS, or a trusted proxy's X-Forwarded-Proto): the
    cookies are then sent back over HTTPS only."""
    return request.url.scheme == "https"


def client_address(request: Request) -> str:
    """The client's address (a trusted proxy's X-Forwarded-For already applied by the
    application's proxy middleware; anyone else's ignored)."""
    return request.client.host if request.client else "?"
