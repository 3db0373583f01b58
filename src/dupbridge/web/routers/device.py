"""The table device (phone-sized, like a Bridgemate): it joins its table with the code the
Director gave, sees only that table's current round, and sends each result North entered
and East-West confirmed, under the id the page generated (a retry is answered, never
recorded twice). A device whose code generation is past is refused everywhere."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field, StrictBool, StrictInt

from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import delivery as club_delivery
from dupbridge.app.club_night import disputed_claims as club_claims
from dupbridge.app.club_night import floor as club_floor
from dupbridge.app.club_night import rulings as club_rulings
from dupbridge.app.club_night import views as club_views
from dupbridge.app.club_night import visibility
from dupbridge.app.club_night.limits import MAX_NUMBER, check_number, read_whole
from dupbridge.app.errors import AppError, BadInput
from dupbridge.core.messages import msg
from dupbridge.web import views
from dupbridge.web.deps import DeviceScope, PagesDep
from dupbridge.web.pages import Pages, client_address

Number = Annotated[StrictInt, Field(ge=1, le=MAX_NUMBER)]
Word = Annotated[str, Field(max_length=20)]


class Submission(BaseModel):
    """One board's result as the page queued it: the id the page generated (letters,
    digits and ``_.:-``, so that no store refuses it), numbers as JSON numbers (``true``
    is not a round), ``tricks`` a number or its digits ("" when passed out)."""

    id: str = Field(pattern=r"^[A-Za-z0-9_.:-]{8,64}$")
    round: Number
    board: Number
    contract: Word
    declarer: Word = ""
    lead: Word = ""
    tricks: StrictInt | Word | None = None
    agreed: StrictBool = True


def _tricks(given: int | str | None) -> int | None:
    """Declarer's tricks from 0 to 13 (Law 77), or None when none are given."""
    if given is None or given == "":
        return None
    if isinstance(given, int):
        return check_number("tricks", given, 0, 13)
    return read_whole("tricks", given, 0, 13)


router = APIRouter(prefix="/device")


@router.get("", response_class=HTMLResponse)
def join_form(request: Request, pages: PagesDep, code: str = "") -> HTMLResponse:
    """The join form, filled in when the phone came from the table's QR code (joining
    is still a tap: a link alone changes nothing)."""
    return pages.render(request, "device_join.html", error="", code=code[:16])


@router.post("/join", response_model=None)
def join(request: Request, pages: PagesDep,
         code: Annotated[str, Form(max_length=64)]) -> Response:
    who = client_address(request)
    if not pages.sessions.attempt("device", who):
        return pages.render(request, "device_join.html", status_code=429,
                            error=pages.message(request, msg(
                                "Too many wrong codes; wait a minute and try again.")))
    found = _table_of(pages, code.strip().upper())
    if found is None:
        return pages.render(request, "device_join.html", status_code=401,
                            error=pages.message(request, msg(
                                "Unknown or expired code.")))
    pages.sessions.succeeded("device", who)
    event_id, table, generation = found
    response = pages.redirect("/device/table")
    pages.start_session(request, response, {"role": "device", "event": event_id,
                                            "table": table, "generation": generation})
    return response


@router.get("/table", response_class=HTMLResponse)
def table(request: Request, pages: PagesDep, scope: DeviceScope) -> HTMLResponse:
    store = pages.store
    language = pages.language(request)
    event_id, number = str(scope["event"]), int(scope["table"])
    state = club.state_of(store, event_id)  # read once for the whole page
    now = club_floor.current_round(state, number)
    seen = visibility.sight_of(state, visibility.at_table(number)).state  # its own results
    lines = {(line.round, line.table, line.board): line
             for line in club_views.results_of(seen).lines}
    boards = []
    encounter = now.encounter
    if encounter is not None:
        for b in encounter.boards:
            found = lines.get((encounter.round, number, b))
            text = views.line_text(found, language) if found else (
                pages.message(request, msg("waiting for the Director"))
                if b in now.recorded else "")
            boards.append({"number": b, "text": text})
    data = {"event": event_id, "table": number, "generation": scope["generation"],
            "name": state.config.name,
            "round": None if encounter is None else encounter.round,
            "ns": "" if encounter is None else views.pair_list(encounter.ns),
            "ew": "" if encounter is None else views.pair_list(encounter.ew),
            "boards": boards,
            "rulings": sorted({(r.board) for r in club_rulings.rulings_of(
                state, table=number, kind="ruling")}),
            "claims": [] if encounter is None else club_claims.claimed_boards_of(
                state, encounter.round, number)}
    gettext = _texts(pages, request)
    return pages.render(request, "device_table.html", device=data,
                        seats=views.seats(language), texts=gettext)


@router.post("/results")
def submit(request: Request, item: Submission, pages: PagesDep,
           scope: DeviceScope) -> JSONResponse:
    """One result for this table, in its current round or one it has played
    (``club_delivery``); a known id with the same result is a retry, answered as such. A
    result that cannot be recorded is refused with the reason and given to the Director
    (``handed``: the phone may let it go, the console lists it)."""
    event_id, number = str(scope["event"]), int(scope["table"])
    passed = item.contract.strip().upper() in ("PASS", "P", "")
    try:
        tricks = _tricks(item.tricks)
    except BadInput as error:  # not a number of tricks: no result to keep, the phone keeps it
        return _answer(pages, request, 422, "refused", error.message)
    try:
        given = club.ResultInput(item.round, number, item.board,
                                 "PASS" if passed else item.contract,
                                 None if passed else (item.declarer or None),
                                 None if passed else tricks,
                                 None if passed else (item.lead.strip().upper() or None),
                                 agreed=item.agreed)
        recorded = club_delivery.enter_table_result(pages.store, pages.clock, event_id,
                                                    number, given, entry_id=item.id)
    except club_floor.OutOfScope as error:
        return _hand_over(pages, request, scope, item, 403, error.message)
    except club_delivery.Published as error:
        return _hand_over(pages, request, scope, item, 409, error.message)
    except AppError as error:
        return _hand_over(pages, request, scope, item, 422, error.message)
    return _answer(pages, request, 200, recorded.status, _STATUS[recorded.status])


def _hand_over(pages: Pages, request: Request, scope: dict[str, Any], item: Submission,
               code: int, reason: str) -> JSONResponse:
    """Refuse the result and put it on the Director's console with the reason; the phone
    keeps showing it, and nothing the table entered is lost."""
    try:
        club_delivery.hand_to_director(pages.store, pages.clock, str(scope["event"]),
                                       int(scope["table"]), item.model_dump(), reason,
                                       entry_id=item.id)
    except AppError as error:  # the database cannot keep it now: the phone keeps it
        return _answer(pages, request, 503, "waiting", error.message)
    return JSONResponse({"status": "refused", "handed": True,
                         "message": pages.message(request, reason)}, status_code=code)


@router.post("/call", response_class=HTMLResponse)
def call(request: Request, pages: PagesDep, scope: DeviceScope,
         board: Annotated[str, Form(max_length=20)] = "") -> str:
    """Law 9B1: the table calls the Director, on a board of its round when it says
    which (her console then opens the ruling on that board at this table)."""
    event_id, number = str(scope["event"]), int(scope["table"])
    try:
        said = read_whole("board", board) if board.strip() else None
    except AppError as error:
        raise HTTPException(422, pages.message(request, error.message)) from None
    store = pages.store
    now = club_floor.current_round(club.state_of(store, event_id), number)
    boards = now.encounter.boards if now.encounter else ()
    club_floor.call_director(store, pages.clock, event_id,
                             round=now.encounter.round if now.encounter else 0,
                             table=number, who=f"table {number} device",
                             board=said if said in boards else None)
    return pages.message(request, msg("The Director has been called."))


_STATUS = {"recorded": msg("recorded"), "duplicate": msg("recorded"),
           "retry": msg("already recorded"),
           "conflict": msg("differs from the result already recorded: the Director decides"),
           "dispute": msg("disputed: the Director decides")}


def _answer(pages: Pages, request: Request, code: int, status: str, message: str
            ) -> JSONResponse:
    return JSONResponse({"status": status, "message": pages.message(request, message)},
                        status_code=code)


def _texts(pages: Pages, request: Request) -> dict[str, str]:
    """The few words the page's script shows, in the reader's language."""
    return {
        "waiting": pages.message(request, msg("{count} result(s) waiting to be sent",
                                              count="{count}")),
        "synced": pages.message(request, msg("Every result is sent.")),
        "queued": pages.message(request, msg("waiting to be sent")),
        "board": pages.message(request, msg("Board {board}", board="{board}")),
        "passed": pages.message(request, msg("Passed out")),
        "refused": pages.message(request, msg("refused")),
        "handed": pages.message(request, msg("not recorded: the Director has it")),
        "kept": pages.message(request, msg("kept on this device; it will be sent again")),
    }


def _table_of(pages: Pages, code: str) -> tuple[str, int, int] | None:
    """The event, table and generation a code opens (codes of a past generation open
    nothing), from the codes each event had at its journal's position."""
    return pages.device_codes.table_of(pages.store, code)
