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
from dupbridge.web import language as i18n
from dupbridge.web.config import WebConfig
from dupbridge.web.security import Signer, new_session_id
from dupbridge.web.templating import environment

HERE = Path(__file__).parent
SESSION_COOKIE = "dupbridge_session"


class Pages:
    """Rendering shared by the routers: the template with the reader's language, the
    session and its CSRF token."""

    def __init__(self, config: WebConfig) -> None:
        self.config = config
        self.clock = config.clock
        self.signer = Signer(config.secret)
        self.templates = Jinja2Templates(env=environment())
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
