"""The Director's printouts of an event, for A4 or Letter paper (``?paper=a4|letter``):
table cards, guide cards, the movement sheet, personal score cards, travellers, the hand
record (four boards a page) and the results for the notice board. Each is a page of its
own, laid out by print CSS (one sheet a page) and linked from the console."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse
from markupsafe import Markup

from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import views as club_views
from dupbridge.app.club_night.hand_record import HandRecordProgress, stored_hand_record
from dupbridge.app.errors import NotFound
from dupbridge.app.publication.hand_record_page import BOARDS_STYLE, hand_record_boards
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Side
from dupbridge.web import hand_records, printouts, views
from dupbridge.web.deps import PagesDep, require_director
from dupbridge.web.language import gettext_for

router = APIRouter(prefix="/director/events/{event_id}/print",
                   dependencies=[Depends(require_director)])

TITLES: dict[str, Msg] = {
    "tables": msg("Table cards"), "guides": msg("Guide cards"),
    "movement": msg("Movement sheet"), "scorecards": msg("Personal score cards"),
    "travellers": msg("Travellers"), "handrecord": msg("Hand record"),
    "results": msg("Results"),
}


@router.get("/{kind}", response_class=HTMLResponse)
def printout(request: Request, event_id: str, kind: str, pages: PagesDep,
             paper: str = "a4") -> HTMLResponse:
    if kind not in TITLES:
        raise HTTPException(404, pages.message(request, msg(
            "no printout called {name}", name=kind)))
    if paper.lower() not in printouts.PAPERS:
        raise HTTPException(422, pages.message(request, msg(
            "the paper is A4 or Letter, not {paper}", paper=paper)))
    try:
        state = club.state_of(pages.store, event_id)
    except NotFound as error:
        raise HTTPException(404, pages.message(request, error.message)) from None
    language = pages.language(request)
    say = gettext_for(language)
    sheets: Any
    status = 200
    if kind == "tables":
        sheets = printouts.table_cards(state)
    elif kind == "guides":
        sheets = printouts.guide_cards(state, language)
    elif kind == "movement":
        sheets = printouts.movement_sheet(state)
    elif kind == "scorecards":
        sheets = printouts.score_cards(state, language)
    elif kind == "travellers":
        sheets = printouts.travellers(state, language)
    elif kind == "results":
        sheets = printouts.results(state, say)
    else:
        sheets, status = _hand_record(pages, request, event_id, state)
    view = club_views.event_view_of(state)
    return pages.render(
        request, f"print_{kind}.html", status_code=status, sheets=sheets,
        event={"id": event_id, "name": view.name},
        title=pages.message(request, TITLES[kind]),
        paper=printouts.PAPERS[paper.lower()], paper_key=paper.lower(),
        ns=printouts.side_letters(Side.NS, language),
        ew=printouts.side_letters(Side.EW, language),
        official_at=views.when(view.official_at, state.config.timezone))


def _hand_record(pages: Any, request: Request, event_id: str, state: Any
                 ) -> tuple[dict[str, Any], int]:
    found = stored_hand_record(state, hand_records.records_of(pages), director=True)
    if found is None:
        raise HTTPException(404, pages.message(request, msg(
            "the boards of this event were not dealt by the app: no hand record")))
    if isinstance(found, HandRecordProgress):
        hand_records.start_analysis(pages, event_id)
        return {"progress": pages.message(request, msg(
            "Computing the double-dummy tables: {done} of {total} boards done.",
            done=found.done, total=found.total))}, 202
    return {"progress": "", "style": Markup(BOARDS_STYLE),
            "boards": Markup(hand_record_boards(found, pages.language(request)))}, 200
