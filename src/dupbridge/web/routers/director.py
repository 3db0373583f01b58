"""The Director's console: events, results arriving table by table, conflicts and
disputes, corrections within the periods of Laws 79C and 92B, late pairs, adjusted scores,
procedural penalties, device codes and publication. Every write goes through a use case of
``dupbridge.app.club_night.commands`` (or ``club_floor``), which keeps who, when and why."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, File, Form, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, Response

from dupbridge.adapters.smtp import mailer_from_environment
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import delivery as club_delivery
from dupbridge.app.club_night import entry_check, kind_views, late_arrival, room_control
from dupbridge.app.club_night import floor as club_floor
from dupbridge.app.club_night import rulings as club_rulings
from dupbridge.app.club_night import views as club_views
from dupbridge.app.club_night.event_kinds import next_swiss_round
from dupbridge.app.club_night.late_correction import correct_after_round
from dupbridge.app.club_night.limits import (
    ID_LENGTH,
    MAX_NUMBER,
    NAME_LENGTH,
    TEXT_LENGTH,
    read_amount,
    read_whole,
)
from dupbridge.app.club_night.local_time import day_and_time, zone_of
from dupbridge.app.club_night.new_event_form import (
    profile_names,
    read_new_event,
    read_pair_names,
)
from dupbridge.app.errors import AppError, BadInput, NotFound, ResultRefused
from dupbridge.app.publication.dealing_files import MACHINE_FORMATS
from dupbridge.core.messages import Msg, msg
from dupbridge.web import hand_records, views
from dupbridge.web.deps import PagesDep, require_director
from dupbridge.web.names import profile_title, scoring_title
from dupbridge.web.pages import Pages

WHO = "Director"
# The values of the console's forms, bounded (``limits``): a number of the movement, an
# entry's id, a reason; words of a result are short. A name, a number of minutes and a
# list are bounded here only grossly: the use case checks them and says why.
Number = Annotated[int, Form(ge=1, le=MAX_NUMBER)]
Id = Annotated[str, Form(max_length=ID_LENGTH)]
Why = Annotated[str, Form(max_length=TEXT_LENGTH)]
Word = Annotated[str, Form(max_length=40)]
Name = Annotated[str, Form(max_length=NAME_LENGTH * 2)]


router = APIRouter(prefix="/director", dependencies=[Depends(require_director)])


def index(pages: Pages, request: Request, error: str = "", status: int = 200,
          form: dict[str, str] | None = None) -> HTMLResponse:
    """The events and the new-event form (``form``: the values sent back after a
    refusal, so that nothing typed is lost)."""
    return pages.render(request, "director_index.html", status_code=status,
                        events=[{"id": e.id, "name": e.name, "created": day_and_time(
                            e.created_at, zone_of(e.config))}
                                for e in club.list_events(pages.store)],
                        profiles=[(name, pages.message(request, profile_title(name)))
                                  for name in profile_names(pages.config.profiles)],
                        error=error, form=form or {})


@router.get("", response_class=HTMLResponse)
def events(request: Request, pages: PagesDep) -> HTMLResponse:
    return index(pages, request)


Field = Annotated[str, Form(max_length=40)]


@router.post("/events", response_model=None)
def create(request: Request, pages: PagesDep, name: Annotated[str, Form(
               max_length=NAME_LENGTH * 2)] = "", profile: Why = "wbf-2017",
           scoring: Field = "matchpoints", movement: Field = "mitchell", size: Field = "",
           boards_per_round: Field = "", rounds: Field = "", even: Field = "skip",
           arrow_switches: Field = "none", phantoms: Why = "", deal: Field = "",
           timezone: Field = "UTC",
           names: Annotated[str, Form(max_length=NAME_LENGTH * MAX_NUMBER)] = "",
           kind: Field = "pairs", swiss_rounds: Field = "", sections: Field = "1",
           handicaps: Annotated[str, Form(max_length=20 * MAX_NUMBER)] = "",
           handicap_unit: Field = "percent", movement_name: Field = "",
           movement_file: Annotated[UploadFile | None, File()] = None,
           vp_file: Annotated[UploadFile | None, File()] = None, bye_vp: Field = "",
           ) -> Response:
    """Every field as typed, read by the app (``new_event_form``): on a refusal the form
    comes back with its values and the reason in the reader's language. An individual's
    or a cut Howell's movement comes as a file (a published movement: Bridge_pal, KoPS,
    rows), the movement of a file holding several named or found by tables and rounds."""
    form = {"name": name, "profile": profile, "scoring": scoring, "movement": movement,
            "size": size, "boards_per_round": boards_per_round, "rounds": rounds,
            "even": even, "arrow_switches": arrow_switches, "phantoms": phantoms,
            "deal": deal, "names": names, "timezone": timezone, "kind": kind,
            "swiss_rounds": swiss_rounds, "sections": sections, "handicaps": handicaps,
            "handicap_unit": handicap_unit, "movement_name": movement_name,
            "bye_vp": bye_vp}
    try:
        upload = read_upload(movement_file)
        new = read_new_event(form, pages.config.profiles, upload,
                             read_upload(vp_file, msg("a VP scale file")))
        view = club.create_event(pages.store, pages.clock, new, who=WHO)
    except AppError as error:
        return index(pages, request, pages.message(request, error.message), 422,
                     form | {"sent": "1"})
    if new.deal:  # the hand record's tables computed now, in the background
        hand_records.start_analysis(pages, view.id)
    return pages.redirect(f"/director/events/{view.id}")


MOVEMENT_FILE_BYTES = 256 * 1024  # a published movement is a few kilobytes


def read_upload(file: UploadFile | None, what: Msg | None = None
                ) -> tuple[str, str] | None:
    """The movement file (or ``what``: a VP scale file) sent with the form, as its name
    and text (None when none was chosen); a file too large or not text is refused in one
    line."""
    if file is None or not file.filename:
        return None
    data = file.file.read(MOVEMENT_FILE_BYTES + 1)
    if len(data) > MOVEMENT_FILE_BYTES:
        if what is not None:
            raise BadInput(msg("{file}: {what} is at most {size} KB", file=file.filename[:60],
                               what=what, size=MOVEMENT_FILE_BYTES // 1024))
        raise BadInput(msg("{file}: a movement file is at most {size} KB",
                           file=file.filename[:60], size=MOVEMENT_FILE_BYTES // 1024))
    try:
        return file.filename[:120], data.decode("utf-8-sig")
    except UnicodeDecodeError:
        if what is not None:
            raise BadInput(msg("{file}: {what} is text (UTF-8)", file=file.filename[:60],
                               what=what)) from None
        raise BadInput(msg("{file}: a movement file is text (UTF-8)",
                           file=file.filename[:60])) from None


def console(pages: Pages, request: Request, event_id: str, **extra: Any) -> HTMLResponse:
    """The console of the event, or 404."""
    try:
        data = _console(pages, request, event_id)
    except NotFound as error:
        raise HTTPException(404, pages.message(request, error.message)) from None
    progress = hand_records.progress_of(pages, event_id)
    data["hand_record"] = pages.message(request, msg(
        "Hand record: {done} of {total} boards analysed.", done=progress.done,
        total=progress.total)) if progress.total else ""
    data["machines"] = MACHINE_FORMATS
    data["mail"] = mailer_from_environment() is not None
    device_url = f"{request.base_url}device"
    qr = {table: views.qr_svg(f"{device_url}?code={code}") for table, code in data["codes"]}
    return pages.render(request, "director_event.html", console=data, qr=qr,
                        seats=views.seats(pages.language(request)),
                        device_url=device_url, **extra)


@router.get("/events/{event_id}", response_class=HTMLResponse)
def event(request: Request, event_id: str, pages: PagesDep, done: str = "") -> HTMLResponse:
    """The console; ``done`` names the action just done, confirmed at the top."""
    said = room_control.done_message(done[:40])
    return console(pages, request, event_id, error="",
                   notice="" if said is None else pages.message(request, said))


@router.get("/events/{event_id}/live", response_class=HTMLResponse)
def live(request: Request, event_id: str, pages: PagesDep) -> HTMLResponse:
    try:
        data = _console(pages, request, event_id)
    except NotFound as error:
        raise HTTPException(404, pages.message(request, error.message)) from None
    return pages.render(request, "director_live.html", console=data)


def act(pages: Pages, request: Request, event_id: str, action: Callable[[], object],
        done: str = "") -> Response:
    """Run a use case; on refusal the console again with the reason, in the reader's
    language (nothing was recorded); once done, the console saying so (``done``: the
    action's key in ``room_control.DONE``)."""
    try:
        action()
    except ValueError as error:  # an AppError, or a number of the form (Fraction, int)
        reason = error.message if isinstance(error, AppError) else str(error)
        return console(pages, request, event_id, error=pages.message(request, reason),
                       notice="", status_code=422)
    return pages.redirect(f"/director/events/{event_id}"
                          + (f"?done={done}" if done else ""))


@router.post("/events/{event_id}/resolve", response_model=None)
def resolve(request: Request, event_id: str, pages: PagesDep,
            conflict: Id, chosen: Id) -> Response:
    store, clock = pages.store, pages.clock

    def run() -> object:
        pair = next((c for c in club.results(store, event_id).conflicts
                     if c[1].id == conflict), None)
        if pair is None:
            raise ResultRefused(msg("no conflict with the entry {id} to settle",
                                    id=conflict))
        which = "first" if pair[0].id == chosen else "second"
        return club.resolve_conflict(store, clock, event_id, conflict, which, who=WHO,
                                     why=msg("conflicting results settled (79B2)"))
    return act(pages, request, event_id, run, "resolve")


@router.post("/events/{event_id}/rule", response_model=None)
def rule(request: Request, event_id: str, pages: PagesDep,
         dispute: Id, tricks: Word = "") -> Response:
    """79B2: the disputed result as entered, or with the tricks the Director establishes
    (``tricks``), in one step."""
    store, clock = pages.store, pages.clock
    return act(pages, request, event_id, lambda: room_control.decide_dispute(
        store, clock, event_id, dispute, who=WHO,
        tricks=read_whole("tricks", tricks, 0, 13) if tricks.strip() else None), "rule")


@router.post("/events/{event_id}/correct", response_model=None)
def correct(request: Request, event_id: str, pages: PagesDep, round: Number,
            table: Number, board: Number, contract: Word, why: Why,
            declarer: Word = "", lead: Word = "", tricks: Word = "",
            after_round: Word = "", convinced: Word = "") -> Response:
    """A correction (79C); called after the end of the round (``after_round``), 2007 79B2 /
    2017 79B3: both sides change only if the Director is clearly convinced (``convinced``,
    unchecked by default as the law says), else a split score."""
    store, clock = pages.store, pages.clock
    language = pages.language(request)

    def run() -> object:
        # The contract and lead in the Director's letters or in English (4PX, 3SA, ♥R).
        given = club.ResultInput(
            round, table, board, entry_check.typed_contract(contract, language) or None,
            declarer or None,
            read_whole(msg("Tricks"), tricks, 0, 13) if tricks.strip() else None,
            entry_check.typed_lead(lead, language) or None)
        if after_round:
            return correct_after_round(store, clock, event_id, given,
                                       convinced=True if convinced else None, who=WHO,
                                       why=why)
        return club.correct_result(store, clock, event_id, given, who=WHO, why=why)
    return act(pages, request, event_id, run, "correct")


@router.post("/events/{event_id}/adjust", response_model=None)
def adjust(request: Request, event_id: str, pages: PagesDep, round: Number,
           table: Number, board: Number, score: Word, why: Why) -> Response:
    store, clock = pages.store, pages.clock
    # An assigned result in the Director's letters (4♠ O 10) read inside the action: a
    # suit letter that reads two ways is refused on the console like any other mistake.
    return act(pages, request, event_id, lambda: club.adjust_score(
        store, clock, event_id, round=round, table=table, board=board,
        score=views.assigned_input(score, pages.language(request)), who=WHO, why=why),
        "adjust")


@router.post("/events/{event_id}/penalty", response_model=None)
def penalty(request: Request, event_id: str, pages: PagesDep, pair: Number,
            amount: Word, why: Why, clause: Word = "90A") -> Response:
    store, clock = pages.store, pages.clock
    return act(pages, request, event_id, lambda: club.penalise(
        store, clock, event_id, pair=pair, amount=read_amount(amount), clause=clause,
        who=WHO, why=why), "penalty")


@router.post("/events/{event_id}/late-pair", response_model=None)
def late(request: Request, event_id: str, pages: PagesDep, late: Number,
         phantom: Number, from_round: Number, name: Name = "") -> Response:
    store, clock = pages.store, pages.clock
    return act(pages, request, event_id, lambda: club.add_late_pair(
        store, clock, event_id, late=late, phantom=phantom, from_round=from_round,
        name=name, who=WHO), "late-pair")


def _round_given(text: str) -> int | None:
    return read_whole(msg("From round"), text) if text.strip() else None


@router.post("/events/{event_id}/sit-out-table", response_model=None)
def sit_out_table(request: Request, event_id: str, pages: PagesDep, name: Name = "",
                  from_round: Word = "") -> Response:
    """A late pair turns the sit-out into a table (``late_arrival``)."""
    store, clock = pages.store, pages.clock
    return act(pages, request, event_id, lambda: late_arrival.turn_sit_out_into_table(
        store, clock, event_id, name=name, from_round=_round_given(from_round), who=WHO),
        "sit-out-table")


@router.post("/events/{event_id}/add-table", response_model=None)
def add_table(request: Request, event_id: str, pages: PagesDep, first: Name = "",
              second: Name = "", from_round: Word = "") -> Response:
    """Two late pairs make a table where the movement has two free places."""
    store, clock = pages.store, pages.clock
    return act(pages, request, event_id, lambda: late_arrival.add_table(
        store, clock, event_id, names=(first, second), from_round=_round_given(from_round),
        who=WHO), "table-added")


@router.post("/events/{event_id}/withdraw", response_model=None)
def withdraw(request: Request, event_id: str, pages: PagesDep, pair: Number,
             from_round: Number, why: Why = "") -> Response:
    """A pair leaves from a round on; a phantom takes its seat (as ``dupbridge event
    withdraw`` does)."""
    store, clock = pages.store, pages.clock
    return act(pages, request, event_id, lambda: room_control.withdraw(
        store, clock, event_id, pair=pair, from_round=from_round, who=WHO, why=why),
        "withdraw")


@router.post("/events/{event_id}/publish", response_model=None)
def publish(request: Request, event_id: str, pages: PagesDep) -> Response:
    store, clock = pages.store, pages.clock
    response = act(pages, request, event_id, lambda: club.make_official(
        store, clock, event_id, who=WHO), "publish")
    hand_records.start_analysis(pages, event_id)  # if not done since the boards were dealt
    return response


@router.post("/events/{event_id}/extend", response_model=None)
def extend(request: Request, event_id: str, pages: PagesDep,
           minutes: Annotated[int, Form()]) -> Response:
    store, clock = pages.store, pages.clock
    return act(pages, request, event_id, lambda: club.extend_periods(
        store, clock, event_id, minutes=minutes, who=WHO, why=msg("extended by the Director")),
        "extend")


@router.post("/events/{event_id}/codes", response_model=None)
def codes(request: Request, event_id: str, pages: PagesDep) -> Response:
    store, clock = pages.store, pages.clock
    return act(pages, request, event_id, lambda: club_floor.rotate_device_codes(
        store, clock, event_id, who=WHO), "codes")


@router.post("/events/{event_id}/calls/{call_id}/attended", response_model=None)
def attended(request: Request, event_id: str, call_id: str, pages: PagesDep) -> Response:
    """Law 9B1: the Director has come to the table that called; its phone shows it."""
    store, clock = pages.store, pages.clock
    return act(pages, request, event_id, lambda: club_floor.attend_call(
        store, clock, event_id, call_id, who=WHO), "attended")


@router.post("/events/{event_id}/round/start", response_model=None)
def start_round(request: Request, event_id: str, pages: PagesDep, round: Number,
                minutes: Word = "") -> Response:
    """The Director starts a round, with a clock when he gives its minutes; every phone
    follows."""
    store, clock = pages.store, pages.clock
    return act(pages, request, event_id, lambda: club_floor.start_round(
        store, clock, event_id, round=round, who=WHO,
        minutes=read_whole("minutes", minutes) if minutes.strip() else None), "round-start")


@router.post("/events/{event_id}/round/end", response_model=None)
def end_round(request: Request, event_id: str, pages: PagesDep) -> Response:
    """The Director calls the end of the round: the phones show where each pair goes."""
    store, clock = pages.store, pages.clock
    return act(pages, request, event_id, lambda: club_floor.end_round(
        store, clock, event_id, who=WHO), "round-end")


@router.post("/events/{event_id}/names", response_model=None)
def rename(request: Request, event_id: str, pages: PagesDep,
           names: Annotated[str, Form(max_length=NAME_LENGTH * MAX_NUMBER)] = "") -> Response:
    """The players' names of any pair, one line each (``3 Ana & Luis``), as entered at
    the tables or corrected by the Director."""
    store, clock = pages.store, pages.clock
    return act(pages, request, event_id, lambda: club.name_pairs(
        store, clock, event_id, read_pair_names(names), who=WHO), "names")


@router.post("/events/{event_id}/ranking-visibility", response_model=None)
def visibility(request: Request, event_id: str, pages: PagesDep,
               hide_from: Word = "") -> Response:
    store, clock = pages.store, pages.clock
    return act(pages, request, event_id, lambda: club_floor.hide_ranking(
        store, clock, event_id, who=WHO, from_round=read_whole("hide_from", hide_from)
        if hide_from.strip() else None), "ranking-visibility")


@router.post("/events/{event_id}/release", response_model=None)
def release(request: Request, event_id: str, pages: PagesDep,
            release: Word = "board") -> Response:
    """When the players and the public see a board's results (``visibility``)."""
    store, clock = pages.store, pages.clock
    return act(pages, request, event_id, lambda: club_floor.choose_release(
        store, clock, event_id, release=release.strip(), who=WHO), "release")


@router.post("/events/{event_id}/next-round", response_model=None)
def pair_next_round(request: Request, event_id: str, pages: PagesDep) -> Response:
    """A Swiss: the next round paired from the standings once the last is complete (no
    repeat meeting while a pairing without one exists); the phones follow."""
    store, clock = pages.store, pages.clock
    return act(pages, request, event_id, lambda: next_swiss_round(
        store, clock, event_id, who=WHO), "next-round")


def _round_clock(pages: Pages, request: Request, clock: club_floor.RoundClock | None,
                 zone: str) -> dict[str, Any] | None:
    """The round in play on the console: started when, ends when (on the club's clock:
    ``zone``), late or over."""
    if clock is None:
        return None
    now = pages.clock.now()
    text = clock.text(now, zone)
    return {"round": clock.round, "text": pages.message(request, text),
            "late": clock.over_time(now), "ended": clock.ended is not None}


def _next_round(state: Any, clock: club_floor.RoundClock | None) -> int:
    """The round the start button proposes: the one after the round in play."""
    rounds = max(1, state.movement.rounds)
    return 1 if clock is None else min(rounds, clock.round + (1 if clock.ended else 0) or 1)


def _console(pages: Pages, request: Request, event_id: str) -> dict[str, Any]:
    language = pages.language(request)
    store = pages.store
    state = club.state_of(store, event_id)  # the event read once for the whole console
    view = club_views.event_view_of(state)
    found = club_views.results_of(state)
    generation = club_floor.device_generation(store, event_id)
    recorded = {(line.round, line.table, line.board) for line in found.lines}
    rounds = []
    for number in range(1, view.rounds + 1):
        cells = []
        for e in state.movement.in_round(number):
            cells.append({"table": e.table, "teams": kind_views.teams_at(state, e),
                          "ns": views.pair_list(e.ns),
                          "ew": views.pair_list(e.ew), "boards": e.boards,
                          "sit_out": state.movement.sit_out(e),
                          "recorded": sum((number, e.table, b) in recorded for b in e.boards)})
        rounds.append({"number": number, "cells": cells})

    def line(item: club.Line) -> dict[str, Any]:
        return {"id": item.id, "round": item.round, "table": item.table, "board": item.board,
                "ns": views.pair_list(item.ns), "ew": views.pair_list(item.ew),
                "text": views.line_text(item, language)}

    now = pages.clock.now()
    zone = state.config.timezone
    return {
        "id": view.id, "name": view.name, "edition": view.edition,
        "profile": pages.message(request, profile_title(view.profile)),
        "scoring": pages.message(request, scoring_title(view.scoring)),
        "commitment": view.commitment,
        "tables": range(1, view.tables + 1), "rounds": rounds,
        "codes": [(t, pages.signer.device_code(view.id, t, generation))
                  for t in range(1, view.tables + 1)],
        "phantoms": view.phantoms,
        "playing": [p for p in state.movement.contestants if p not in state.movement.phantoms],
        "next_pair": max(state.movement.contestants, default=0) + 1,
        "arrival": late_arrival.arrival(store, event_id),
        "conflicts": [(line(a), line(b)) for a, b in found.conflicts],
        "disputes": [line(d) for d in found.disputes],
        "results": [line(r) for r in found.lines],
        # The reasons the console itself wrote (a conflict settled...) are read back in
        # the reader's language; what the Director typed stays as typed.
        "trail": [f"{views.when(a.when, zone)} {a.who}: "
                  f"{pages.message(request, Msg(a.why, {}))} "
                  f"({'' if a.before is None else views.line_text(a.before, language)} → "
                  f"{views.line_text(a.after, language)})" for a in found.trail],
        "unapplied": [pages.message(request, u.reason) for u in found.unapplied],
        "undelivered": [{"round": u.round, "table": u.table, "board": u.board,
                         "text": views.sent_text(u.result),
                         "reason": pages.message(request, u.reason), "at": views.when(u.at, zone)}
                        for u in club_delivery.undelivered(store, event_id)],
        "calls": [{"round": c.round, "table": c.table, "board": c.board,
                   "at": views.when(c.at, zone), "id": c.id,
                   "attended": views.when(c.attended, zone)}
                  for c in club_floor.director_calls(store, event_id)],
        "names": "\n".join(f"{p} {state.name_of(p)}" for p in (
            kind_views.team_numbers(state) if kind_views.is_teams(state) else
            state.movement.contestants) if p not in state.movement.phantoms),
        "round_clock": _round_clock(pages, request, club_floor.round_clock(store, event_id),
                                    zone),
        "next_round": _next_round(state, club_floor.round_clock(store, event_id)),
        "rulings": [{"table": r.table, "board": r.board, "final": r.final}
                    for r in club_rulings.rulings_of(state, kind="ruling")],
        "claims": [{"round": r.round, "table": r.table, "board": r.board, "final": r.final}
                   for r in club_rulings.rulings_of(state, kind="claim")],
        "official_at": views.when(view.official_at, zone),
        "correction_ends": views.when(view.correction_ends, zone),
        "appeal_ends": views.when(view.appeal_ends, zone),
        "correction_open": view.correction_ends is not None and now <= view.correction_ends,
        "hide_from": club_floor.ranking_hidden_from(store, event_id),
        "release": state.release,
        "kind": state.config.kind, "teams": kind_views.is_teams(state),
        "swiss": kind_views.swiss_progress_of(state),
    }
