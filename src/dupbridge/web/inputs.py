"""What the web app accepts from a request, before any route reads it, and how it says no.

* ``BodyLimit``: no request body above ``MAX_BODY`` bytes is read (an ASGI middleware, so
  that it refuses on the declared Content-Length and stops a body sent in chunks as soon
  as it has gone past the limit): 413, in the reader's language.
* ``input_guard``: no path, query or form value may carry what no store keeps (a NUL, a
  lone surrogate: ``limits.unstorable``) nor run longer than ``MAX_FIELD`` characters (a
  form's ruling document excepted: the body's own limit bounds it): 422.
* ``refusal``: FastAPI's own refusals of a value (a number that is not one, out of its
  range, a missing field) as one line naming the field, in the reader's language.

Each route declares its values with their types and bounds (``limits``); these are the
rules every route shares."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any

from fastapi import HTTPException, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from dupbridge.app.club_night.limits import unstorable
from dupbridge.core.messages import Msg, msg
from dupbridge.web.language import choose_language, text
from dupbridge.web.pages import Pages

MAX_BODY = 1024 * 1024  # bytes: a ruling document is a few kilobytes, a form a few hundred
MAX_FIELD = 20_000  # characters of one path, query or form value
LONG_FIELDS = frozenset({"document"})  # a ruling document: bounded by MAX_BODY alone

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def _too_large(limit: int) -> Msg:
    return msg("The request is larger than {size} kilobytes; nothing was read.",
               size=limit // 1024)


class BodyLimit:
    """Refuses a request whose body is larger than ``limit`` bytes, with 413: at once when
    its Content-Length says so; when it is sent in chunks, as soon as the chunks read go
    past it (the 413 is sent then, and the application reads the end of the request:
    whatever it answers after is dropped)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {key.decode("latin-1").lower(): value.decode("latin-1")
                   for key, value in scope.get("headers", [])}
        declared = headers.get("content-length", "").strip()
        if declared and (not declared.isascii() or not declared.isdigit()
                         or int(declared) > self.limit):
            await self._refuse(scope, headers, send)
            return
        received = 0
        started = refused = False

        async def counted() -> Message:
            nonlocal received, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit and not started:
                    refused = True
                    await self._refuse(scope, headers, send)
                    return {"type": "http.disconnect"}
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if refused:
                return  # the 413 is the answer
            started = started or message["type"] == "http.response.start"
            await send(message)

        await self.app(scope, counted, watched)

    async def _refuse(self, scope: Scope, headers: dict[str, str], send: Send) -> None:
        query = dict(part.partition("=")[::2] for part in
                     scope.get("query_string", b"").decode("latin-1").split("&"))
        cookies = dict(part.strip().partition("=")[::2]
                       for part in headers.get("cookie", "").split(";"))
        language = choose_language(query.get("lang"), cookies.get("lang"),
                                   headers.get("accept-language"))
        reason = text(_too_large(self.limit), language)
        body = json.dumps({"status": "refused", "message": reason, "detail": reason}
                          ).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


def _problem(value: str, name: str) -> Msg | None:
    problem = unstorable(value)
    if problem is None and len(value) > MAX_FIELD and name not in LONG_FIELDS:
        problem = msg("at most {limit} characters, not {count}", limit=MAX_FIELD,
                      count=len(value))
    return problem


async def input_guard(request: Request) -> None:
    """Every value of the request storable and of a sane length, else 422 naming it."""
    values: list[tuple[str, str]] = [*request.path_params.items(),
                                     *request.query_params.multi_items()]
    if request.method == "POST" and request.headers.get("content-type", "").startswith(
            ("application/x-www-form-urlencoded", "multipart/form-data")):
        values += [(key, value) for key, value in (await request.form()).multi_items()
                   if isinstance(value, str)]
    for name, value in values:
        problem = _problem(value, name) or _problem(name, name)
        if problem is not None:
            pages: Pages = request.app.state.pages
            raise HTTPException(422, pages.message(request, msg(
                "{field}: {problem}", field=name[:40], problem=problem)))


# FastAPI's details in English, as the reader reads them.
_DETAILS = {"There was an error parsing the body": msg("The request's body could not be read."),
            "Not Found": msg("There is no such page."),
            "Method Not Allowed": msg("This page does not take that request.")}


def detail_text(pages: Pages, request: Request, detail: object) -> str:
    return pages.message(request, _DETAILS.get(str(detail), str(detail)))


def _field(location: Sequence[object]) -> str:
    named = [str(part) for part in location if part not in ("body", "query", "path", "form")]
    return ".".join(named)[:40] or "body"


def _reason(error: dict[str, Any]) -> Msg:
    """One of FastAPI's (pydantic's) refusals of a value, as a message."""
    kind = str(error.get("type", ""))
    context = error.get("ctx") or {}
    field = _field(error.get("loc", ()))
    if kind == "missing":
        return msg("{field}: missing", field=field)
    if kind == "json_invalid":
        return msg("The request's body could not be read.")
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        bound = context.get("ge", context.get("gt", context.get("le", context.get("lt"))))
        return msg("{field}: out of range ({bound} is a limit)", field=field,
                   bound=str(bound))
    if kind in ("string_too_long", "too_long"):
        return msg("{field}: at most {limit} characters, not {count}", field=field,
                   limit=context.get("max_length", "?"),
                   count=len(error.get("input") or ""))
    if kind.startswith(("int_", "float_", "decimal_")):
        return msg("{field}: a whole number is needed", field=field)
    if kind.startswith("bool"):
        return msg("{field}: yes or no is needed", field=field)
    return msg("{field}: not a valid value", field=field)


def refusal(pages: Pages, request: Request, status: int, message: str) -> Response:
    """A refusal as a page for a person, as JSON for the device's script."""
    if "text/html" not in request.headers.get("accept", ""):
        return JSONResponse({"status": "refused", "message": message, "detail": message},
                            status_code=status)
    return pages.render(request, "error.html", status_code=status, message=message)


async def invalid(request: Request, error: Exception) -> Response:
    """A value FastAPI refused (``RequestValidationError``): 422, the first reason."""
    pages: Pages = request.app.state.pages
    errors = error.errors() if isinstance(error, RequestValidationError) else []
    reason = _reason(dict(errors[0])) if errors else msg("{field}: not a valid value",
                                                         field="body")
    return refusal(pages, request, 422, pages.message(request, reason))
