"""Pages anyone may read, and the Director's login."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from dupbridge.core.messages import msg
from dupbridge.web.app import Pages
from dupbridge.web.security import check_password


def router(pages: Pages) -> APIRouter:
    routes = APIRouter()

    @routes.get("/", response_class=HTMLResponse)
    def home(request: Request) -> HTMLResponse:
        return pages.render(request, "home.html")

    @routes.get("/login", response_class=HTMLResponse)
    def login_form(request: Request) -> HTMLResponse:
        return pages.render(request, "login.html", error="")

    @routes.post("/login", response_model=None)
    def login(request: Request, password: Annotated[str, Form()] = ""
              ) -> HTMLResponse | RedirectResponse:
        """The Director's password against its argon2 hash; after a few failures from one
        address, no more tries for a minute (a right password included)."""
        who = request.client.host if request.client else "?"
        limit = pages.config.login_limit
        if not limit.allowed(who):
            return pages.render(request, "login.html", status_code=429, error=pages.message(
                request, msg("Too many failed logins; wait a minute and try again.")))
        if not pages.config.director_hash or not check_password(pages.config.director_hash,
                                                                password):
            limit.failed(who)
            return pages.render(request, "login.html", status_code=401, error=pages.message(
                request, msg("Wrong password.")))
        limit.succeeded(who)
        response = pages.redirect("/director")
        pages.start_session(response, {"role": "director"})
        return response

    @routes.post("/logout")
    def logout(request: Request) -> RedirectResponse:
        response = pages.redirect("/")
        pages.start_session(response, {})
        return response

    return routes
