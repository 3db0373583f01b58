"""A disputed claim on the Director's console (Laws 68-71), and as a table's device may see
it. Routing and rendering only: the claim, its adjudication and the award are
``dupbridge.app.club_night.disputed_claims``.

The adjudication (a search over the claimer's normal lines and a double-dummy solve) runs
in a thread of its own, never on the server's event loop nor holding a request: the page
asks for it, and polls (htmx) until it is there. It is keyed by the claim's document, so
any worker process answers a poll (one that has not seen the claim computes it)."""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, TimeoutError
from threading import Lock
from typing import Annotated

from fastapi import APIRouter, Depends, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from dupbridge.analysis.claims import ClaimAdjudication
from dupbridge.app.club_night import claim_screen
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import disputed_claims as club_claims
from dupbridge.app.club_night import rulings as club_rulings
from dupbridge.app.club_night.disputed_claims import ClaimEntry
from dupbridge.app.errors import AppError, BadInput, NotFound
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import msg
from dupbridge.i18n.table_notation import contract_text
from dupbridge.web import views
from dupbridge.web.deps import DeviceScope, PagesDep, require_director
from dupbridge.web.lawlinks import clause_url
from dupbridge.web.pages import Pages

WHO = "Director"
FIRST_WAIT = 1.0  # seconds a request waits for a quick adjudication before polling


class Adjudications:
    """Adjudications computed off the request threads, one at a time (the search is
    Python: two at once would only share the interpreter), the latest few kept."""

    def __init__(self, kept: int = 64) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="claim")
        self._jobs: OrderedDict[str, Future[ClaimAdjudication]] = OrderedDict()
        self._kept = kept
        self._lock = Lock()

    def start(self, key: str, case: club_claims.ClaimCase) -> Future[ClaimAdjudication]:
        with self._lock:
            job = self._jobs.pop(key, None)
            if job is None or (job.done() and job.exception() is not None):
                job = self._pool.submit(club_claims.adjudicate_case, case)
            self._jobs[key] = job
            while len(self._jobs) > self._kept:
                self._jobs.popitem(last=False)
            return job


async def adjudications_of(request: Request) -> Adjudications:
    """The adjudications of the application serving ``request`` (``create_app`` makes
    one per application)."""
    jobs: Adjudications = request.app.state.adjudications
    return jobs


Jobs = Annotated[Adjudications, Depends(adjudications_of)]
router = APIRouter()
base = "/director/events/{event_id}/claims/{round}/{table}/{board}"


def entry_of(pages: Pages, request: Request, event_id: str, round: int, table: int,
             board: int) -> ClaimEntry:
    """The claim as last saved, or a new one in the reader's language; 404 when there is
    no such event."""
    saved = _saved(pages, request, event_id, round, table, board)
    return saved or ClaimEntry(round, table, board, language=pages.language(request))


def opened(pages: Pages, request: Request, event_id: str, round: int, table: int,
           board: int) -> ClaimEntry:
    """The claim as last saved; 404 when none was opened there."""
    saved = _saved(pages, request, event_id, round, table, board)
    if saved is None:
        raise HTTPException(404, pages.message(request, msg(
            "No claim is open on this board at this table.")))
    return saved


def _saved(pages: Pages, request: Request, event_id: str, round: int, table: int,
           board: int) -> ClaimEntry | None:
    try:
        return club_claims.saved_claim(pages.store, event_id, round, table, board)
    except NotFound as problem:
        raise HTTPException(404, pages.message(request, problem.message)) from None


def page(pages: Pages, request: Request, event_id: str, entry: ClaimEntry, *,
         error: str = "", notice: str = "", status_code: int = 200) -> HTMLResponse:
    try:
        state = club.state_of(pages.store, event_id)  # read once for the whole page
    except NotFound as problem:
        raise HTTPException(404, pages.message(request, problem.message)) from None
    saved = club_claims.saved_claim_of(state, entry.round, entry.table, entry.board)
    url = base.format(event_id=event_id, round=entry.round, table=entry.table,
                      board=entry.board)
    return pages.render(request, "claim.html", status_code=status_code, claim={
        "event": event_id, "name": state.config.name, "url": url,
        "saved": saved is not None, "entry": entry,
        "contract": club_claims.contract_shown(entry, pages.language(request)),
        "example": contract_text("4S", pages.language(request)),
        "finished": club_claims.board_finished_of(state, entry.round, entry.table,
                                                  entry.board)},
        seats=views.seats(pages.language(request)), error=error, notice=notice)


@router.get(base, response_class=HTMLResponse, dependencies=[Depends(require_director)])
def claim(request: Request, event_id: str, round: int, table: int, board: int,
          pages: PagesDep, awarded: str = "") -> HTMLResponse:
    entry = entry_of(pages, request, event_id, round, table, board)
    notice = pages.message(request, msg("The award is recorded as the result.")) \
        if awarded else ""
    return page(pages, request, event_id, entry, notice=notice)


@router.get("/director/events/{event_id}/claims", dependencies=[Depends(require_director)])
def open_claim(request: Request, event_id: str, table: int, board: int, pages: PagesDep,
               round: int | None = None) -> Response:
    """The claim on the board at the table (the round the movement gives when none is
    named), as the ruling screen opens one."""
    try:
        place = club_rulings.place_of(club.state_of(pages.store, event_id), table, board,
                                      round)
    except AppError as problem:
        raise HTTPException(404, pages.message(request, problem.message)) from None
    return pages.redirect(base.format(event_id=event_id, round=place.round,
                                      table=table, board=board))


@router.post(base, response_model=None, dependencies=[Depends(require_director)])
def set_up(request: Request, event_id: str, round: int, table: int, board: int,
           pages: PagesDep, contract: Annotated[str, Form()] = "",
           declarer: Annotated[str, Form()] = "", played: Annotated[str, Form()] = "",
           claimer: Annotated[str, Form()] = "",
           claimed: Annotated[str, Form()] = "", statement: Annotated[str, Form()] = "",
           note: Annotated[str, Form()] = "", hands: Annotated[str, Form()] = "",
           leader: Annotated[str, Form()] = "", trick: Annotated[str, Form()] = "",
           won: Annotated[str, Form()] = "") -> Response:
    """A new version of the claim (its answers start again from the defaults: they
    were answers about another position or statement)."""
    numbers = {"claimed": claimed.strip(), "won": won.strip()}
    entry = ClaimEntry(round, table, board, contract.strip(), declarer.strip(),
                       played.strip(), claimer.strip(),
                       _tricks(numbers["claimed"]),
                       statement.strip(), note.strip(), {}, pages.language(request),
                       hands.strip(), leader.strip(), trick.strip(),
                       _tricks(numbers["won"]))
    wrong = next((text for text in numbers.values() if text and _tricks(text) is None),
                 None)
    if wrong is not None:
        return page(pages, request, event_id, entry, status_code=422, error=pages.message(
            request, msg("round {round}, table {table}, board {board}: {text} is not "
                         "a number of tricks", round=round, table=table, board=board,
                         text=wrong)))
    try:
        club_claims.save_claim(pages.store, pages.clock, event_id, entry, who=WHO)
    except AppError as problem:
        return page(pages, request, event_id, entry, status_code=422,
                    error=pages.message(request, problem.message))
    return pages.redirect(base.format(event_id=event_id, round=round, table=table,
                                      board=board))


def adjudication(pages: Pages, jobs: Adjudications, request: Request, event_id: str,
                 entry: ClaimEntry, status_code: int = 200, error: str = "") -> HTMLResponse:
    store = pages.store
    url = base.format(event_id=event_id, round=entry.round, table=entry.table,
                      board=entry.board)
    try:
        case = club_claims.open_claim(store, event_id, entry)
    except AppError as problem:
        return pages.render(request, "claim_pending.html", status_code=422, url=url,
                            error=pages.message(request, problem.message), polling=False)
    job = jobs.start(_key(event_id, entry), case)
    try:
        found = job.result(timeout=FIRST_WAIT)
    except TimeoutError:
        return pages.render(request, "claim_pending.html", url=url, error="",
                            polling=True)
    except AppError as problem:
        return pages.render(request, "claim_pending.html", status_code=422, url=url,
                            error=pages.message(request, problem.message), polling=False)
    screen = claim_screen.claim_screen(case, found, pages.language(request))
    finished = club_claims.board_finished(store, event_id, entry.round, entry.table,
                                          entry.board)
    return pages.render(request, "claim_result.html", status_code=status_code,
                        screen=screen, url=url, error=error, finished=finished,
                        law_url=_law_url(pages.language(request)))


@router.get(base + "/adjudication", response_class=HTMLResponse,
            dependencies=[Depends(require_director)])
def adjudicated(request: Request, event_id: str, round: int, table: int,
                board: int, pages: PagesDep, jobs: Jobs) -> HTMLResponse:
    saved = opened(pages, request, event_id, round, table, board)
    return adjudication(pages, jobs, request, event_id, saved)


@router.get(base + "/adjudication.json", dependencies=[Depends(require_director)])
def adjudicated_json(request: Request, event_id: str, round: int, table: int,
                     board: int, pages: PagesDep, jobs: Jobs) -> JSONResponse:
    """The screen model as JSON (a platform's own page, a test): 202 while it is
    being computed, 422 with the reason if the claim cannot be adjudicated."""
    store = pages.store
    saved = opened(pages, request, event_id, round, table, board)
    try:
        case = club_claims.open_claim(store, event_id, saved)
        found = jobs.start(_key(event_id, saved), case).result(timeout=FIRST_WAIT)
    except TimeoutError:
        return JSONResponse({"status": "computing"}, status_code=202)
    except AppError as problem:
        return JSONResponse({"status": "refused", "detail": pages.message(
            request, problem.message)}, status_code=422)
    screen = claim_screen.claim_screen(case, found, pages.language(request))
    return JSONResponse({"status": "adjudicated", "finished": club_claims.board_finished(
        store, event_id, round, table, board), **screen})


@router.post(base + "/answer", response_class=HTMLResponse,
             dependencies=[Depends(require_director)])
def answer(request: Request, event_id: str, round: int, table: int, board: int,
           pages: PagesDep, jobs: Jobs, question: Annotated[str, Form()],
           value: Annotated[str, Form()]) -> HTMLResponse:
    """One answer changed: the claim's new version, adjudicated again."""
    saved = opened(pages, request, event_id, round, table, board)
    try:
        case = club_claims.answer_claim(pages.store, pages.clock, event_id, saved, question,
                                        value, who=WHO)
    except AppError as problem:
        return adjudication(pages, jobs, request, event_id, saved, 422,
                            pages.message(request, problem.message))
    return adjudication(pages, jobs, request, event_id, case.entry)


@router.post(base + "/award", response_model=None, dependencies=[Depends(require_director)])
def award(request: Request, event_id: str, round: int, table: int, board: int,
          pages: PagesDep, tricks: Annotated[str, Form()], why: Annotated[str, Form()] = ""
          ) -> Response:
    saved = opened(pages, request, event_id, round, table, board)
    try:
        if _tricks(tricks.strip()) is None:
            raise BadInput(msg("tricks awarded: a number, not {text}", text=tricks[:20]))
        club_claims.award_claim(pages.store, pages.clock, event_id, saved, int(tricks),
                                who=WHO, why=why)
    except AppError as problem:
        return page(pages, request, event_id, saved, status_code=422,
                    error=pages.message(request, problem.message))
    return pages.redirect(base.format(event_id=event_id, round=round, table=table,
                                      board=board) + "?awarded=1")


# The table's device: the claim as the players at that table may see it.


@router.get("/device/claims/{round}/{board}", response_class=HTMLResponse)
def table_claim(request: Request, round: int, board: int, pages: PagesDep, jobs: Jobs,
                scope: DeviceScope) -> HTMLResponse:
    """Only this device's table; before the board is finished there, no card a
    player at the table could not see (``claim_screen.table_view``)."""
    event_id, number = str(scope["event"]), int(scope["table"])
    store = pages.store
    saved = opened(pages, request, event_id, round, number, board)
    case = club_claims.open_claim(store, event_id, saved)
    found = jobs.start(_key(event_id, saved), case).result()
    finished = club_claims.board_finished(store, event_id, round, number, board)
    screen = claim_screen.table_view(
        claim_screen.claim_screen(case, found, pages.language(request)), finished)
    return pages.render(request, "device_claim.html", screen=screen)


def _tricks(text: str) -> int | None:
    """A number written in ASCII digits (``²`` is a digit to ``str.isdigit``, not a
    number), short enough to be a number of tricks (the claim's checks say if it is
    one); else None."""
    if text.isascii() and text.isdigit() and len(text) <= 3:
        return int(text)
    return None


def _key(event_id: str, entry: ClaimEntry) -> str:
    """An adjudication's key: the claim's document (the same claim, the same answer)."""
    return json.dumps([event_id, entry.to_json()], sort_keys=True)


def _law_url(language: str) -> Callable[[str, str], str]:
    """The law book's page of a clause the screen cites (edition and clause as text)."""
    def url(edition: str, clause: str) -> str:
        return clause_url(LawRef(Edition.parse(edition), clause), language)
    return url
