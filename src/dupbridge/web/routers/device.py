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
from dupbridge.app.club_night import entry_check as club_check
from dupbridge.app.club_night import floor as club_floor
from dupbridge.app.club_night import kind_views, visibility
from dupbridge.app.club_night import rulings as club_rulings
from dupbridge.app.club_night import table_guide as club_guide
from dupbridge.app.club_night import table_names as club_names
from dupbridge.app.club_night import views as club_views
from dupbridge.app.club_night.limits import (
    MAX_NUMBER,
    NAME_LENGTH,
    check_number,
    read_whole,
)
from dupbridge.app.errors import AppError, BadInput
from dupbridge.core.messages import msg
from dupbridge.core.seats import Side
from dupbridge.i18n.table_notation import device_notation, result_text, score_text
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
    guide = club_guide.guide_of(store, state, number)
    now = guide.now
    seen = visibility.sight_of(state, visibility.at_table(number)).state  # its own results
    lines = {(line.round, line.table, line.board): line
             for line in club_views.results_of(seen).lines}
    boards = []
    encounter = now.encounter
    if encounter is not None:
        for b in encounter.boards:
            found = lines.get((encounter.round, number, b))
            text = _line(pages, request, found, language) if found else (
                pages.message(request, msg("waiting for the Director"))
                if b in now.recorded else "")
            boards.append({"number": b, "text": text})
    data = {"event": event_id, "table": number, "generation": scope["generation"],
            "name": state.config.name,
            "round": None if encounter is None else encounter.round,
            "ns": "" if encounter is None else views.pair_list(encounter.ns),
            "ew": "" if encounter is None else views.pair_list(encounter.ew),
            "teams": None if encounter is None else kind_views.teams_at(state, encounter),
            "individual": state.config.kind == "individual", "kind": state.config.kind,
            "boards": boards,
            # Every ruling and claim at this table (any round), each opened in full.
            "rulings": [{"board": r.board, "kind": r.kind,
                         "href": f"/device/rulings/{r.board}" if r.kind == "ruling"
                         else f"/device/claims/{r.round}/{r.board}"}
                        for r in sorted({(r.round, r.board, r.kind): r for r in
                                         club_rulings.rulings_of(state, table=number)
                                         }.values(), key=lambda r: (r.round, r.board))],
            "claims": [] if encounter is None else club_claims.claimed_boards_of(
                state, encounter.round, number),
            "waiting_start": guide.waiting_for_start,
            "players": [] if encounter is None else [
                {"pair": p, "name": state.name_of(p),
                 "key": "ns" if p in encounter.ns else "ew",
                 "side": pages.message(request, msg("North-South") if p in encounter.ns
                                       else msg("East-West"))}
                for p in encounter.contestants if p not in state.movement.phantoms],
            "unnamed": club_names.unnamed_at(state, number),
            "clock": _clock(pages, request, guide.clock, state.config.timezone),
            "guide": _guide(pages, request, guide.guide, language),
            "waiting": [{"kind": w.kind, "board": w.board,
                         "text": pages.message(request, w.text),
                         "attended": w.attended is not None} for w in guide.waiting],
            "travellers": [{"board": board, "rows": [
                {"ns": views.pair_list(line.ns), "ew": views.pair_list(line.ew),
                 "text": _line(pages, request, line, language),
                 "score": "" if line.score is None else score_text(line.score, language),
                 "mine": line.table == number}
                for line in rows]} for board, rows in guide.travellers]}
    gettext = _texts(pages, request)
    return pages.render(request, "device_table.html", device=data,
                        seats=views.seats(language), texts=gettext,
                        notation=device_notation(language))


def _line(pages: Pages, request: Request, line: club_views.Line, language: str) -> str:
    """A result as the players write it (``4♠X S +1 ♥R``), or an adjusted score's code."""
    if line.adjusted:
        return line.adjusted
    if line.contract == "PASS" or not line.contract:
        return pages.message(request, msg("Passed out"))
    return result_text(line.contract, line.declarer, line.tricks, line.lead, language)


def _clock(pages: Pages, request: Request, clock: club_floor.RoundClock | None,
           zone: str) -> dict[str, Any] | None:
    """The round the Director has started, and its clock (``ends``: for the page's script
    to count down)."""
    if clock is None:
        return None
    ends = clock.ends
    text = clock.text(pages.clock.now(), zone)
    return {"round": clock.round, "text": pages.message(request, text),
            # Milliseconds left by the server's clock when the page was drawn: the phone
            # counts down from there, whatever its own clock says.
            "left": "" if ends is None or clock.ended else max(0, int(
                (ends - pages.clock.now()).total_seconds() * 1000)),
            "late": clock.ended is not None or clock.over_time(pages.clock.now())}


def _guide(pages: Pages, request: Request, guide: club_guide.RoundGuide | None,
           language: str) -> dict[str, Any] | None:
    """Where each pair goes and where the boards come from, in the reader's words."""
    if guide is None:
        return None

    def pair(move: club_guide.PairMove) -> str:
        if move.sits_out or move.table is None:
            return pages.message(request, msg("Pair {pair} sits out this round.",
                                              pair=move.pair))
        side = msg("North-South") if move.side is Side.NS else msg("East-West")
        return pages.message(request, msg("Pair {pair}: table {table}, {side}.",
                                          pair=move.pair, table=move.table, side=side))

    def boards(found: club_guide.BoardsFrom) -> str:
        listed = ", ".join(str(b) for b in found.boards)
        one = len(found.boards) == 1  # "estuche 2", not "estuches 2"
        if found.from_table is None:
            said = (msg("Board {boards}: from the stand.", boards=listed) if one
                    else msg("Boards {boards}: from the stand.", boards=listed))
        elif one:
            said = msg("Board {boards} from table {table}.", boards=listed,
                       table=found.from_table)
        else:
            said = msg("Boards {boards} from table {table}.", boards=listed,
                       table=found.from_table)
        return pages.message(request, said)

    notes = [pair(m) for m in guide.leaving] + [pair(m) for m in guide.coming]
    if guide.sits_out:
        notes.append(pages.message(request, msg("This table sits out this round.")))
    if guide.shared_with:
        notes.append(pages.message(request, msg(
            "Boards shared with table {tables} (relay).",
            tables=", ".join(str(t) for t in guide.shared_with))))
    return {"round": guide.round, "title": pages.message(request, msg(
        "Round {round}: where each pair goes", round=guide.round)),
        "notes": notes, "boards": [boards(b) for b in guide.boards]}


def _leads(request: Request) -> club_check.LeadQuestions:
    """The leads each table has had checked, counted by this application (per process)."""
    state = request.app.state
    found = getattr(state, "device_leads", None)
    if not isinstance(found, club_check.LeadQuestions):
        found = club_check.LeadQuestions()
        state.device_leads = found
    return found


class Partial(BaseModel):
    """What North has entered so far, for the checks made as he enters it."""

    round: Number
    board: Number
    contract: Word = ""
    declarer: Word = ""
    lead: Word = ""
    tricks: StrictInt | Word | None = None


@router.post("/check")
def check(request: Request, item: Partial, pages: PagesDep,
          scope: DeviceScope) -> JSONResponse:
    """The reason for each field of the result being entered that cannot be right, in the
    reader's language, and North-South's score once it is whole (``entry_check``)."""
    event_id, number = str(scope["event"]), int(scope["table"])
    language = pages.language(request)
    passed = item.contract.strip().lower() == "pass"
    try:
        tricks = _tricks(item.tricks)
    except BadInput as error:
        return JSONResponse({"fields": {"tricks": pages.message(request, error.message)},
                             "score": None})
    state = club.state_of(pages.store, event_id)
    found = club_check.check_partial(state, club_check.PartialResult(
        item.round, number, item.board, "PASS" if passed else item.contract,
        item.declarer, item.lead, tricks), language, _leads(request))
    return JSONResponse({"fields": {field: pages.message(request, reason)
                                    for field, reason in found.problems.items()},
                         "score": found.ns_score})


@router.post("/results")
def submit(request: Request, item: Submission, pages: PagesDep,
           scope: DeviceScope) -> JSONResponse:
    """One result for this table, in its current round or one it has played
    (``club_delivery``); a known id with the same result is a retry, answered as such. A
    result that cannot be recorded is refused with the reason and given to the Director
    (``handed``: the phone may let it go, the console lists it)."""
    event_id, number = str(scope["event"]), int(scope["table"])
    passed = item.contract.strip().upper() in ("PASS", "P", "")
    language = pages.language(request)
    try:
        tricks = _tricks(item.tricks)
    except BadInput as error:  # not a number of tricks: no result to keep, the phone keeps it
        return _answer(pages, request, 422, "refused", error.message)
    try:
        given = club.ResultInput(item.round, number, item.board,
                                 "PASS" if passed else club_check.typed_contract(
                                     item.contract, language),
                                 None if passed else (item.declarer or None),
                                 None if passed else tricks,
                                 None if passed else (club_check.typed_lead(
                                     item.lead, language) or None),
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


@router.post("/names", response_model=None)
def names(request: Request, pages: PagesDep, scope: DeviceScope,
          ns: Annotated[str, Form(max_length=NAME_LENGTH)] = "",
          ew: Annotated[str, Form(max_length=NAME_LENGTH)] = "") -> Response:
    """The players' names of the North-South and East-West pairs at this table, entered
    when they sit down; the table's page again, or the reason in the reader's language."""
    try:
        club_names.name_sides_at_table(pages.store, pages.clock, str(scope["event"]),
                                       int(scope["table"]), ns=ns, ew=ew)
    except AppError as error:
        raise HTTPException(422, pages.message(request, error.message)) from None
    return pages.redirect("/device/table")


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
        "score": pages.message(request, msg("Score: {score}", score="{score}")),
        "needBoard": pages.message(request, msg("Choose the board.")),
        "needContract": pages.message(request, msg("Choose the level and the suit.")),
        "needDeclarer": pages.message(request, msg("Choose the declarer.")),
        "needSuit": pages.message(request, msg("Choose the suit of the lead first.")),
        "needRank": pages.message(request, msg("Choose the card of the lead.")),
        "needTricks": pages.message(request, msg("Choose the tricks.")),
        "modeAbsolute": pages.message(request, msg("Tricks as a number (9, 10…)")),
        "modeRelative": pages.message(request, msg("Tricks as =, +1, −1")),
        "left": pages.message(request, msg("{minutes} min left", minutes="{minutes}")),
        "timeUp": pages.message(request, msg("time is up")),
    }


def _table_of(pages: Pages, code: str) -> tuple[str, int, int] | None:
    """The event, table and generation a code opens (codes of a past generation open
    nothing), from the codes each event had at its journal's position."""
    return pages.device_codes.table_of(pages.store, code)
