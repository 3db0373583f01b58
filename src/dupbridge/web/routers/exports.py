"""The Director's downloads and emails at the console: the boards for a dealing machine,
the hand record, the end-of-session zip (USEBIO, PBN with ScoreTable, the static site) and
the results with each pair's personal score card by email (SMTP from the environment)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from dupbridge.adapters.smtp import mailer_from_environment
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.hand_record import HandRecordProgress, stored_hand_record
from dupbridge.app.errors import AppError, BadInput, NotFound
from dupbridge.app.publication.hand_record import HandRecord
from dupbridge.app.publication.mail import MailError, letters_for, read_addresses
from dupbridge.core.messages import msg
from dupbridge.web import exports, hand_records, printouts
from dupbridge.web.deps import PagesDep, require_director
from dupbridge.web.language import gettext_for
from dupbridge.web.pages import Pages
from dupbridge.web.routers.director import console

router = APIRouter(prefix="/director/events/{event_id}",
                   dependencies=[Depends(require_director)])


def _attachment(name: str, data: bytes, media: str) -> Response:
    return Response(data, media_type=media,
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


def _refused(pages: Pages, request: Request, error: AppError) -> HTTPException:
    status = 404 if isinstance(error, NotFound) else 422
    return HTTPException(status, pages.message(request, error.message))


@router.get("/download/boards.{machine}")
def boards(request: Request, event_id: str, machine: str, pages: PagesDep) -> Response:
    try:
        name, data = exports.machine_file(pages.store, event_id, machine)
    except AppError as error:
        raise _refused(pages, request, error) from None
    return _attachment(f"{event_id}-{name}", data, "application/octet-stream")


def _record(pages: Pages, request: Request, event_id: str) -> HandRecord | None:
    """The kept hand record (the Director's: before publication too); None when no board
    was dealt by the app; 409 while it is still being analysed."""
    try:
        state = club.state_of(pages.store, event_id)
    except NotFound as error:
        raise HTTPException(404, pages.message(request, error.message)) from None
    found = stored_hand_record(state, hand_records.records_of(pages), director=True)
    if isinstance(found, HandRecordProgress):
        hand_records.start_analysis(pages, event_id)
        raise HTTPException(409, pages.message(request, msg(
            "Computing the double-dummy tables: {done} of {total} boards done.",
            done=found.done, total=found.total)))
    return found


@router.get("/download/handrecord.{kind}")
def hand_record(request: Request, event_id: str, kind: str, pages: PagesDep) -> Response:
    if kind not in ("pbn", "html"):
        raise HTTPException(404, pages.message(request, msg(
            "a hand record is written as .pbn or .html, not {name}", name=f"handrecord.{kind}")))
    record = _record(pages, request, event_id)
    if record is None:
        raise HTTPException(404, pages.message(request, msg(
            "the boards of this event were not dealt by the app: no hand record")))
    data = exports.hand_record_file(record, kind, pages.language(request))
    return _attachment(f"{event_id}-handrecord.{kind}", data,
                       "text/html; charset=utf-8" if kind == "html" else
                       "application/octet-stream")


@router.get("/download/session.zip")
def session_zip(request: Request, event_id: str, pages: PagesDep) -> Response:
    record = _record(pages, request, event_id)
    try:
        data = exports.session_zip(pages.store, event_id, record, pages.language(request))
    except AppError as error:
        raise _refused(pages, request, error) from None
    return _attachment(f"{event_id}.zip", data, "application/zip")


@router.post("/email", response_class=HTMLResponse)
def email(request: Request, event_id: str, pages: PagesDep,
          addresses: Annotated[str, Form(max_length=40_000)] = "") -> HTMLResponse:
    """Each pair with addresses gets the results and its own score card."""
    mailer = mailer_from_environment()
    try:
        # The addresses are read first: a mistake in them is the Director's to fix (422)
        # whether or not a mail server is set up.
        state = club.state_of(pages.store, event_id)
        chosen = read_addresses(addresses, sorted(state.movement.contestants))
        if not chosen:
            raise BadInput(msg("no address given: one line a pair, its number then its "
                               "players' addresses"))
        if mailer is None:
            raise MailError(msg("no mail server: set DUPBRIDGE_SMTP_HOST (and its port, "
                                "user and password) where the server runs"))
        language = pages.language(request)
        say = gettext_for(language)
        view = club.event_view(pages.store, event_id)
        results = printouts.results(state, say)
        cards = {card["pair"]: card for card in printouts.score_cards(state, language)}
        subject = pages.message(request, msg("{event}: results", event=view.name))
        link = f"{request.base_url}events/{event_id}"
        bodies = {pair: (_text(results, card, view.name, link),
                         _html(pages, language, subject, view.name, results, card, link))
                  for pair, card in cards.items()}
        sent = mailer.send(letters_for(chosen, subject, bodies))
    except AppError as error:
        return console(pages, request, event_id, error=pages.message(request, error.message),
                       notice="", status_code=502 if isinstance(error, MailError) else 422)
    return console(pages, request, event_id, error="", notice=pages.message(request, msg(
        "{count} emails sent: the results and each pair's score card.", count=sent)))


def _text(results: dict[str, Any], card: dict[str, Any], event: str, link: str) -> str:
    lines = [event, ""]
    for group in results["groups"]:
        if group["title"]:
            lines.append(group["title"])
        lines += [f"{r['place']:>4}  {r['pair']:>3}  {r['percentage']:>6}  {r['name']}"
                  for r in group["rows"]]
        lines.append("")
    lines.append(f"{card['pair']} {card['name']}".strip())
    lines += [f"{r['round']:>3} {r['board']:>3} {r['direction']} {r['opponents']:>5}  "
              f"{r['text']:<14} {r['score']!s:>6} {r['points']:>6}" for r in card["rows"]]
    return "\n".join([*lines, "", link, ""])


def _html(pages: Pages, language: str, subject: str, event: str, results: dict[str, Any],
          card: dict[str, Any], link: str) -> str:
    template = pages.templates.env.get_template("mail_results.html")
    return template.render(_=gettext_for(language), lang=language, subject=subject,
                           event=event, results=results, card=card, link=link)

