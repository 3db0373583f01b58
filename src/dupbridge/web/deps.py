"""The dependencies every router declares, written once: the application's ``Pages``, and
the guards of the three roles of ``security`` (Director, table device, public) with the
CSRF check of every form post.

* Director: her logged-in session, else 403 (``require_director``, on a router or route).
* Table device: its session's event, table and code generation, still in force, else 403
  (``DeviceScope``, a parameter of the route: the route reads which table it is).
* Public: no guard; the pages only read.

FastAPI resolves a route's dependencies in order: the application's (``csrf_guard``)
first, then the router's, then the route's, so a forged post is refused before its role
is even looked at."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, HTTPException, Request

from dupbridge.app.club_night import floor as club_floor
from dupbridge.core.messages import msg
from dupbridge.web.pages import Pages


async def pages_of(request: Request) -> Pages:
    """The rendering, store and configuration of the application serving ``request``
    (``async``: it blocks on nothing, so FastAPI need not lend it a thread)."""
    pages: Pages = request.app.state.pages
    return pages


PagesDep = Annotated[Pages, Depends(pages_of)]


async def require_director(request: Request, pages: PagesDep) -> None:
    """The dependency of every Director's page: her logged-in session, or 403."""
    if request.state.session.get("role") != "director":
        raise HTTPException(403, pages.message(request, msg(
            "Only the Director may open this page; log in first.")))


def device_scope(request: Request, pages: PagesDep) -> dict[str, Any]:
    """The device's scope: its event, table and code generation, still in force."""
    session: dict[str, Any] = request.state.session
    if session.get("role") != "device":
        raise HTTPException(403, pages.message(request, msg(
            "This page is for a table device; join with the table's code.")))
    event_id = str(session["event"])
    if club_floor.device_generation(pages.store, event_id) != session.get("generation"):
        raise HTTPException(403, pages.message(request, msg(
            "This device's code is no longer valid; ask the Director for the new one.")))
    return session


DeviceScope = Annotated[dict[str, Any], Depends(device_scope)]


async def csrf_guard(request: Request, pages: PagesDep) -> None:
    """Every post carries its session's token (a form field, or the X-CSRF-Token header
    the table device's script sends); another site cannot read it."""
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
