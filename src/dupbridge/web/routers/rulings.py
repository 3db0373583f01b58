"""The ruling screen (phone-sized, htmx): the Director rules on a board at a table from the
console or from a table's call. The board's real hands, dealer and vulnerability and the
event's profile are there; she taps the calls and the cards (or types a line of the case
grammar, or gives only a revoke's facts), answers the questions (each with its default and
clause), reads the options with who chooses and what each entails (Law 10C), records the
choice, and records the ruling with its clauses and their text, review items and adjusted
score. Every step is saved on the board and table (``app.club_rulings``), so the page can be
left and reopened, from any worker.

The same screen opens a ruling session document on its own (``/director/rulings/document``:
a file of ``dupbridge rule --save``, a case's JSON): the page carries the document, nothing
is stored.

A table device sees the rulings of its own table only, and only what a player at the table
may see (``table.view``: no hidden hand)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from dupbridge.app.club_night import rulings as club_rulings
from dupbridge.app.club_night.entry_check import contract_word
from dupbridge.app.club_night.limits import read_whole
from dupbridge.app.club_night.rulings import Place
from dupbridge.app.club_night.state import state_of
from dupbridge.app.errors import AppError
from dupbridge.app.ruling_session import flow as rule_flow
from dupbridge.app.ruling_session.answers import InputError, read_contract, read_faced, read_late
from dupbridge.app.ruling_session.document import RulingSession, SessionError
from dupbridge.app.ruling_session.facts import PlaySummary
from dupbridge.app.ruling_session.given_score import GivenScoreError, read_given
from dupbridge.app.ruling_session.texts import echo_line
from dupbridge.core.calls import Call
from dupbridge.core.contract import Contract
from dupbridge.core.errors import ActionRejected, ParseError
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat
from dupbridge.i18n.catalogues import render
from dupbridge.i18n.table_notation import contract_text
from dupbridge.i18n.words import parse_seat, seat_letter, seat_word
from dupbridge.lawbook.installed import installed_books
from dupbridge.web import ruling_views
from dupbridge.web.deps import DeviceScope, PagesDep, require_director
from dupbridge.web.pages import Pages

WHO = "Director"
# The club's use cases report AppErrors; the steps below drive the table engine themselves
# (``rule_flow``), whose refusals are the engine's and the answers' own.
Refused = (AppError, SessionError, ActionRejected, InputError, ParseError, GivenScoreError,
           ValueError, KeyError)
Form_ = Mapping[str, str]
Step = Callable[[RulingSession, Form_, str], str | Msg | None]


# What each tap or form does to the ruling session (the same on a stored ruling and on a
# document); a step may say why it did nothing.


def _call(session: RulingSession, form: Form_, _language: str) -> Msg | None:
    """A tapped call by the seat chosen (an irregular one too: out of rotation,
    insufficient...)."""
    line = f"{Seat.parse(form['seat']).letter} {Call.parse(form['call'])}"
    return rule_flow.apply_line(session.table, line)


def _card(session: RulingSession, form: Form_, _language: str) -> Msg | None:
    line = f"play {Seat.parse(form['seat']).letter} {form['card']}"
    return rule_flow.apply_line(session.table, line)


def _line(session: RulingSession, form: Form_, language: str) -> Msg | None:
    """A line of the case grammar in the Director's words (``O 2T``, ``juega E SR``),
    recorded once it was read back to the Director (``confirm``: ``typed``) with no
    ambiguous word left."""
    line = rule_flow.typed_line(form["line"], language)
    if isinstance(line, Msg):
        return line
    if not isinstance(line, str) or not form.get("confirm"):
        return msg("error: the line is recorded once it is read back and confirmed")
    return rule_flow.apply_line(session.table, line, language)


def typed(form: Form_, language: str) -> dict[str, Any] | Msg:
    """A typed line before anything is recorded: refused with its reason, the question of
    an ambiguous suit letter (each reading the whole line, the rest kept), or the line read
    back in the Director's words with its suit symbols, to record or leave."""
    checked = rule_flow.typed_line(form.get("line", ""), language)
    if isinstance(checked, Msg):
        return checked
    if isinstance(checked, rule_flow.Reading):
        return {"question": render(checked.question, language),
                "choices": [{"line": line, "echo": echo} for line, echo in checked.choices]}
    return {"line": form.get("line", ""), "echo": echo_line(checked, language)}


def _score(session: RulingSession, form: Form_, language: str) -> None:
    """The adjusted score the Director gives each side (Law 12C); empty: none given."""
    text = form.get("score", "")
    if session.given is not None and " ".join(text.split()) == session.given.text:
        return  # the score given, as the record form shows it (fr 3C is clubs there)
    session.given = None if not text.strip() else read_given(
        text, session.board, session.regulations.edition, language, session.regulations)


def _answer(session: RulingSession, form: Form_, language: str) -> None:
    pending = session.table.pending
    asked = None if pending is None else next(
        (q for q in pending.questions if q.id == form["question"]), None)
    if asked is None:
        raise InputError(msg("no question {id} is pending", id=form["question"]))
    session.table.answer(asked.id, rule_flow.read_answer(asked, form["value"], language))


def _choose(session: RulingSession, form: Form_, _language: str) -> None:
    session.table.choose(form["option"])


def _revoke(session: RulingSession, form: Form_, language: str) -> None:
    """Law 64 from the facts the Director learns at the end of the hand."""
    session.summary = rule_flow.revoke_summary(
        _contract(session, form.get("contract", ""), language),
        parse_seat(form["seat"], language),
        _number(form["trick"], 1, 12), parse_seat(form["winner"], language),
        _number(form["won_later"], 0, 12), _number(form["tricks"], 0, 13),
        read_faced(form.get("faced", "no"), language),
        read_late(form.get("late", "in-time"), language))


def _result(session: RulingSession, form: Form_, language: str) -> None:
    """Declarer's tricks as played, when the play itself is not entered."""
    session.summary = PlaySummary(_contract(session, form.get("contract", ""), language),
                                  _number(form["tricks"], 0, 13))


def _undo(session: RulingSession, _form: Form_, _language: str) -> Msg | None:
    """The last step taken back: the score given, the summary, else the table's last
    event (as "back" at the terminal)."""
    if not session.undo():
        return msg("nothing to undo")
    return None


def _load(session: RulingSession, form: Form_, _language: str) -> None:
    """A ruling session document, its events replayed (on the event's board when it is
    kept on one: ``save_ruling`` checks it)."""
    loaded = RulingSession.loads(form["document"])
    session.table, session.summary = loaded.table, loaded.summary


STEPS: dict[str, Step] = {"call": _call, "card": _card, "line": _line, "answer": _answer,
                          "choose": _choose, "revoke": _revoke, "result": _result,
                          "score": _score, "undo": _undo, "load": _load}


def _number(text: str, low: int, high: int) -> int:
    if not text.strip().isascii() or not text.strip().isdigit() or len(text) > 6 \
            or not low <= int(text) <= high:
        raise InputError(msg("give a number from {low} to {high}", low=low, high=high))
    return int(text)


def _contract(session: RulingSession, text: str, language: str) -> Contract:
    """The contract the auction reached, else the one the Director gives (``4♠ S``,
    ``3SA O`` in Spanish, ``4S S``)."""
    contract = session.table.state.contract
    if text.strip() or contract is None or contract.declarer is None:
        return _typed_contract(text, language)
    return contract


def _typed_contract(text: str, language: str) -> Contract:
    """A contract and its declarer as the Director writes them in ``language`` or in
    English letters; ``InputError`` in her language with an example in her notation."""
    try:
        return read_contract(text)  # English letters, in any of the engine's forms
    except (ParseError, ValueError):
        pass
    words = text.split()
    if len(words) == 2:
        try:
            contract = Contract.parse(contract_word(words[0], language))
        except (ParseError, ValueError):
            contract = None
        seat = seat_word(words[1], language)
        if contract is not None and seat is not None:
            return replace(contract, declarer=seat)
    raise InputError(msg("not a contract and its declarer: {text} (write them as {example})",
                         text=text.strip()[:20], example=f"{contract_text('4S', language)} "
                         f"{seat_letter(Seat.SOUTH, language)}"))


def _reason(error: Exception) -> str | Msg:
    if isinstance(error, AppError):
        return error.message
    if isinstance(error, KeyError):
        return msg("the form is missing {field}", field=str(error))
    return rule_flow.error_message(error, str(error))


async def _form(request: Request) -> dict[str, str]:
    return {key: value for key, value in (await request.form()).items()
            if isinstance(value, str)}


router = APIRouter(prefix="/director", dependencies=[Depends(require_director)])


def place(pages: Pages, request: Request, event_id: str, table: int, board: int) -> Place:
    """The board at the table in the event, or 404."""
    try:
        return club_rulings.place_of(state_of(pages.store, event_id), table, board)
    except AppError as error:
        raise HTTPException(404, pages.message(request, error.message)) from None


def show(pages: Pages, request: Request, data: dict[str, Any], error: str | Msg = "",
         status: int = 200, typed_line: dict[str, Any] | None = None,
         notes: Sequence[Msg] = ()) -> HTMLResponse:
    """The whole page, or (htmx) the screen alone, with the reason of a refusal, a typed
    line waiting to be confirmed, and what the step just recorded broke (said at once)."""
    partial = request.headers.get("hx-request") == "true"
    return pages.render(request, "ruling_body.html" if partial else "ruling.html",
                        status_code=200 if partial else status, ruling=data,
                        error=pages.message(request, error) if error else "",
                        typed=typed_line,
                        notes=[pages.message(request, note) for note in notes])


def stored(pages: Pages, request: Request, event_id: str, where: Place,
           error: str | Msg = "", status: int = 200, typed_line: dict[str, Any] | None = None,
           notes: Sequence[Msg] = ()) -> HTMLResponse:
    screen = ruling_views.director_screen(pages.store, event_id, where,
                                          pages.language(request), installed_books())
    return show(pages, request, screen, error, status, typed_line, notes)


@router.get("/events/{event_id}/rulings", response_model=None)
def pick(request: Request, event_id: str, table: int, board: int, pages: PagesDep
         ) -> Response:
    """The console's form: the ruling on that board at that table."""
    place(pages, request, event_id, table, board)
    return pages.redirect(f"/director/events/{event_id}/rulings/{table}/{board}")


@router.get("/events/{event_id}/rulings/{table}/{board}", response_class=HTMLResponse)
def ruling(request: Request, event_id: str, table: int, board: int, pages: PagesDep
           ) -> HTMLResponse:
    return stored(pages, request, event_id, place(pages, request, event_id, table, board))


@router.post("/events/{event_id}/rulings/{table}/{board}/{action}", response_model=None)
async def act(request: Request, event_id: str, table: int, board: int, action: str,
              pages: PagesDep) -> Response:
    """One step on the stored ruling, saved at once (a recorded ruling stays
    recorded: a change is an amendment, refused after the correction period, 79C);
    ``record`` records it with its adjusted score, if any (Law 12)."""
    where = place(pages, request, event_id, table, board)
    store, clock = pages.store, pages.clock
    form = await _form(request)
    step = STEPS.get(action)
    if step is None and action not in ("record", "appeal"):
        raise HTTPException(404, pages.message(request, msg("no such step: {action}",
                                                            action=action)))
    language = pages.language(request)
    if action == "line" and not form.get("confirm"):  # read back first, nothing recorded
        asked = typed(form, language)
        if isinstance(asked, Msg):  # said at the top, and beside the line typed
            return stored(pages, request, event_id, where, asked, 422,
                          typed_line={"error": pages.message(request, asked),
                                      "line": form.get("line", "")})
        return stored(pages, request, event_id, where, typed_line=asked)
    notes: list[Msg] = []

    def run() -> str | Msg | None:
        if action == "appeal":  # Law 92: a pair appeals the ruling (92B, 92D)
            club_rulings.appeal_ruling(
                store, clock, event_id, where, pair=read_whole("pair", form["pair"]),
                partner_consents=bool(form.get("consent")), who=WHO,
                why=form.get("why", ""))
            return None
        session = club_rulings.open_ruling(store, event_id, where)
        before = session.table.state
        if action == "record" and form.get("score", "").strip():
            _score(session, form, language)
        said = None if step is None else step(session, form, language)
        if said is not None:
            return said
        notes.extend(rule_flow.breach_lines(before, session.table.state))
        latest = club_rulings.current(state_of(store, event_id), where)
        score: str | None
        if action == "record":
            final, score, why = True, None, form.get("why", "")
        elif latest is not None:
            final, score, why = latest.final, latest.score, latest.why
        else:
            final, score, why = False, None, ""
        club_rulings.save_ruling(store, clock, event_id, where, session, final=final,
                                 score=score, who=WHO, why=why)
        return None

    try:
        said = await _in_thread(run)
    except Refused as error:
        said = _reason(error)
    if said is not None:
        return stored(pages, request, event_id, where, said, 422)
    if request.headers.get("hx-request") == "true":
        return stored(pages, request, event_id, where, notes=notes)
    return pages.redirect(f"/director/events/{event_id}/rulings/{table}/{board}")


@router.post("/rulings/document", response_class=HTMLResponse)
def document(request: Request, pages: PagesDep, document: Annotated[str, Form()]
             ) -> HTMLResponse:
    """A ruling session document opened on the screen, kept by the page alone."""
    return on_document(pages, request, document, "load", {"document": document})


@router.post("/rulings/document/{action}", response_class=HTMLResponse)
async def document_step(request: Request, action: str, pages: PagesDep) -> HTMLResponse:
    form = await _form(request)
    return on_document(pages, request, form.get("document", ""), action, form)


def on_document(pages: Pages, request: Request, text: str, action: str, form: Form_
                ) -> HTMLResponse:
    language = pages.language(request)
    step = STEPS.get(action)
    if step is None:
        raise HTTPException(404, pages.message(request, msg("no such step: {action}",
                                                            action=action)))
    try:
        session = RulingSession.loads(text)
    except SessionError as error:
        raise HTTPException(422, pages.message(request, msg(
            "not a ruling session document: {error}", error=error.args[0] if error.args
            and isinstance(error.args[0], Msg) else str(error)))) from None
    said: str | Msg | None = None
    asked: dict[str, Any] | None = None
    before = session.table.state
    if action == "line" and not form.get("confirm"):  # read back first, nothing recorded
        checked = typed(form, language)
        said, asked = ((checked, {"error": pages.message(request, checked),
                                  "line": form.get("line", "")})
                       if isinstance(checked, Msg) else (None, checked))
    else:
        try:
            said = None if action == "load" else step(session, form, language)
        except Refused as error:
            said = _reason(error)
    notes = [] if said else rule_flow.breach_lines(before, session.table.state)
    data = ruling_views.document_screen(session, language, installed_books())
    return show(pages, request, data, said or "", 422 if said else 200, asked, notes)


async def _in_thread(run: Callable[[], str | Msg | None]) -> str | Msg | None:
    """The store's blocking work off the event loop, as FastAPI does for plain routes."""
    from starlette.concurrency import run_in_threadpool

    return await run_in_threadpool(run)


device_router = APIRouter(prefix="/device/rulings")


@device_router.get("/{board}", response_class=HTMLResponse)
def seen(request: Request, board: int, pages: PagesDep, scope: DeviceScope) -> HTMLResponse:
    """A table device reads the rulings of its own table (its session says which table:
    no address opens another's), as the four players may see them."""
    event_id, table = str(scope["event"]), int(scope["table"])
    store = pages.store
    state = state_of(store, event_id)
    try:
        where = club_rulings.place_of(state, table, board)
    except AppError as error:
        raise HTTPException(404, pages.message(request, error.message)) from None
    if club_rulings.current(state, where) is None:
        raise HTTPException(404, pages.message(request, msg(
            "round {round}, table {table}, board {board}: no ruling yet",
            round=where.round, table=table, board=board)))
    data = ruling_views.seat_screen(store, event_id, where, None,
                                    pages.language(request), installed_books())
    return pages.render(request, "device_ruling.html", ruling=data)
